"""The one door for every change: identity → permission → version → rules → append → notify.

The JSON API and the htmx forms both come through here, so a refusal reads the same
everywhere and nothing is ever half-written.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass
from typing import Any

from .live import Hub
from .rules import auctions as auction_rules
from .rules.errors import IllegalAction
from .rules.moves import MOVES, apply
from .rules.table import Table
from .store import Event, GameState, Store

#: Largest action body accepted (a note and a few fields fit many times over).
MAX_ACTION_BYTES = 4096


class Refused(Exception):
    """A request the door turns away; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field

    def to_json(self) -> dict[str, str]:
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        return body


@dataclass(frozen=True)
class Identity:
    game_id: str
    role: str  # "host" or "seat"
    seat: int | None = None

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def viewer(self) -> str:
        """Key for presence and per-viewer rendering: "host" or the seat number."""
        return "host" if self.is_host else str(self.seat)


class Door:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    # -- identity ---------------------------------------------------------------------------
    def identify(self, game_id: str, token: str | None) -> Identity:
        if not self.store.game_exists(game_id):
            raise Refused(404, "There is no game with that code on this server.")
        if not token:
            raise Refused(401, "Sign in first: scan your seat's QR code on the table screen.")
        info = self.store.token_info(token)
        if info is None:
            raise Refused(401, "This link is no longer valid; scan your seat's QR code again.")
        if info["game_id"] != game_id:
            raise Refused(403, "That sign-in belongs to another game.")
        return Identity(game_id, info["role"], info["seat"])

    def actor_name(self, state: GameState, who: Identity) -> str:
        return "host" if who.is_host else state.config.players[who.seat or 0]

    # -- changes ------------------------------------------------------------------------------
    def act(self, game_id: str, token: str | None, action: Any,
            expected: int | None = None) -> Event:
        """Record one bookkeeping action; returns the new event (its seq is the version)."""
        who = self.identify(game_id, token)
        if not isinstance(action, dict):
            raise Refused(400, "An action is a JSON object with a \"type\".")
        if len(json.dumps(action)) > MAX_ACTION_BYTES:
            raise Refused(400, "That action is too large.")
        kind = action.get("type")
        if not isinstance(kind, str) or kind not in MOVES:  # a list or dict is unhashable
            raise Refused(400, f"There is no action called {kind!r}.", "type")
        if MOVES[kind].internal:
            raise Refused(400, "Auctions are opened, bid on and settled through the auction "
                               "pages and endpoints.", "type")
        data = {k: v for k, v in action.items()
                if k not in ("type", "expected_seq", "correction")}
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            table = _rules(state, who, str(kind), data)
            last = state.events[-1] if state.events else None
            correction = bool(action.get("correction")) or (
                last is not None and last.type == "undo")
            event = self.store.append(state, str(kind), data, self.actor_name(state, who),
                                      table, correction=correction)
        self.hub.notify(game_id, event.seq)
        return event

    def undo(self, game_id: str, token: str | None, to_seq: int | None = None,
             expected: int | None = None) -> Event:
        """Undo the last action not yet undone (an auction as a whole), or with ``to_seq``
        every action from that entry on. Undone entries stay in the history."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can undo.")
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            active = [e for e in state.events if not e.meta and e.undone_by is None]
            if not active:
                raise Refused(400, "There is nothing to undo.")
            if to_seq is None:
                last = active[-1]
                targets = [e.seq for e in active
                           if e.seq == last.seq or (last.grp and e.grp == last.grp)]
            else:
                if not any(e.seq == to_seq for e in active):
                    raise Refused(400, "That entry is not in the history, or is undone "
                                       "already.", "seq")
                first = next(e for e in active if e.seq == to_seq)
                targets = [e.seq for e in active if e.seq >= to_seq
                           or (first.grp and e.grp == first.grp)]
            data = {"targets": targets}
            event = self.store.append(state, "undo", data, self.actor_name(state, who),
                                      state.table)
            self.store.mark_undone(state, targets, event.seq)
        self.hub.notify(game_id, event.seq)
        return event

    def redo(self, game_id: str, token: str | None, expected: int | None = None) -> Event:
        """Redo the most recent undo, as long as no new action was recorded since."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can redo.")
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            undo = redoable(state)
            if undo is None:
                raise Refused(400, "There is nothing to redo.")
            targets = list(undo.data["targets"])
            event = self.store.append(state, "redo", {"targets": targets, "undo": undo.seq},
                                      self.actor_name(state, who), state.table)
            self.store.mark_undone(state, targets, None)
        self.hub.notify(game_id, event.seq)
        return event

    # -- sealed bids ---------------------------------------------------------------------------
    def open_auction(self, game_id: str, token: str | None, body: Any,
                     expected: int | None = None) -> Event:
        """Open a sealed-bid auction; bag draws are made here (seeded by the game's seed and
        the entry number, recorded in the log) unless the table drew by hand."""
        who = self.identify(game_id, token)
        if not isinstance(body, dict):
            raise Refused(400, "An auction is a JSON object with a \"kind\" and an "
                               "\"owner\".")
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            seq = state.version + 1
            aid = f"a{seq}"
            rng = random.Random(f"{state.config.seed}:{seq}")
            data: dict[str, Any] = {"id": aid, "kind": body.get("kind"),
                                    "owner": body.get("owner")}
            try:
                data.update(_auction_inputs(state, body, rng))
            except IllegalAction as exc:
                raise refusal(exc, state, who) from None
            table = _rules(state, who, "auction_open", data)
            event = self.store.append(state, "auction_open", data,
                                      self.actor_name(state, who), table, grp=aid)
        self.hub.notify(game_id, event.seq)
        return event

    def bid(self, game_id: str, token: str | None, auction_id: str, amount: Any,
            ) -> tuple[Event, str, int]:
        """Seal (or change) the token's own bid. The answer goes to the bidder alone; when
        the last eligible seat has sealed, the reveal happens in the same transaction."""
        who = self.identify(game_id, token)
        if who.is_host or who.seat is None:
            raise Refused(403, "Only a player can bid, from their own phone.")
        seat = who.seat
        if isinstance(amount, str) and amount.strip().isdigit():
            amount = int(amount)
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise Refused(400, "A bid is a whole number of Yen.", "amount")
        if amount < 0:
            raise Refused(400, "A bid cannot be negative; ¥0 is allowed.", "amount")
        if amount % 100:
            raise Refused(400, "A bid must be a multiple of ¥100.", "amount")
        with self.store.write():
            state = self.store.state(game_id)
            auction = state.table.auctions.get(auction_id)
            if auction is None:
                raise Refused(404, "There is no such auction in this game.")
            if auction.status != "open":
                raise Refused(409, "The bids are revealed; no bid can change now.", "amount")
            if seat not in auction.eligible:
                raise Refused(403, "You do not bid in this auction.")
            have = state.table.players[seat].yen
            if amount > have:
                raise Refused(400, f"You have only ¥{have:,}; a bid cannot be more.",
                              "amount")
            nonce = secrets.token_hex(8)
            code = auction_rules.receipt(auction_id, seat, amount, nonce)
            self.store.put_bid(game_id, auction_id, seat, amount, nonce, code)
            name = state.config.players[seat]
            data = {"auction": auction_id, "player": name}
            table = apply(state.table, {**data, "type": "bid_sealed"})
            event = self.store.append(state, "bid_sealed", data, name, table, grp=auction_id)
            if not table.auctions[auction_id].missing:
                event = self._reveal(state, auction_id, name)
        self.hub.notify(game_id, event.seq)
        return event, code, amount

    def reveal(self, game_id: str, token: str | None, auction_id: str) -> Event:
        """Reveal now; a missing bid counts as ¥0. Host or the auction's owner."""
        who = self.identify(game_id, token)
        with self.store.write():
            state = self.store.state(game_id)
            auction = self._owned_auction(state, who, auction_id, "reveal the bids")
            if auction.status != "open":
                raise Refused(409, "The bids are revealed already.")
            event = self._reveal(state, auction_id, self.actor_name(state, who))
        self.hub.notify(game_id, event.seq)
        return event

    def choose(self, game_id: str, token: str | None, auction_id: str,
               winner: str | None) -> Event:
        """The owner settles a tie (or, at Barter, accepts one offer or declines all)."""
        who = self.identify(game_id, token)
        with self.store.write():
            state = self.store.state(game_id)
            auction = self._owned_auction(state, who, auction_id, "settle this auction")
            if auction.status != "revealed":
                raise Refused(409, "There is nothing to choose in this auction now.")
            data = {"auction": auction_id, "winner": winner or None,
                    "chooser": self.actor_name(state, who)}
            if auction.kind == "overseas" and winner:
                data.update(_settle_draws(state, auction, random.Random(
                    f"{state.config.seed}:{state.version + 1}")))
            table = _rules(state, who, "auction_choose", data)
            event = self.store.append(state, "auction_choose", data,
                                      self.actor_name(state, who), table, grp=auction_id)
        self.hub.notify(game_id, event.seq)
        return event

    def _owned_auction(self, state: GameState, who: Identity, auction_id: str,
                       what: str) -> Any:
        auction = state.table.auctions.get(auction_id)
        if auction is None:
            raise Refused(404, "There is no such auction in this game.")
        if not who.is_host and who.seat != auction.owner:
            raise Refused(403, f"Only the table screen or the auction's owner can {what}.")
        return auction

    def _reveal(self, state: GameState, auction_id: str, actor: str) -> Event:
        """Append the reveal (inside a write): every bid and its receipt at once."""
        sealed = self.store.bids(state.id, auction_id)
        auction = state.table.auctions[auction_id]
        bids = {str(s): sealed[s][0] for s in auction.eligible if s in sealed}
        receipts = [[s, sealed[s][1], sealed[s][2]] for s in auction.eligible if s in sealed]
        data: dict[str, Any] = {"auction": auction_id, "bids": bids, "receipts": receipts}
        if auction.kind == "overseas":
            data.update(_settle_draws(state, auction, random.Random(
                f"{state.config.seed}:{state.version + 1}")))
        probe = _rules(state, None, "auction_reveal", data)
        return self.store.append(state, "auction_reveal", data, actor, probe, grp=auction_id)

    def reissue(self, game_id: str, token: str | None, seat: int) -> str:
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can issue new join links.")
        state = self.store.state(game_id)
        if not 0 <= seat < len(state.config.players):
            raise Refused(400, "There is no such seat.", "seat")
        new = self.store.reissue_seat(game_id, seat)
        self.hub.notify(game_id, state.version)
        return new

    @staticmethod
    def _check_version(state: GameState, expected: int | None) -> None:
        if expected is not None and expected != state.version:
            raise Refused(409, f"The table changed since you looked (it is at entry "
                               f"{state.version}, you saw {expected}); check it and try "
                               "again.")


def refusal(exc: IllegalAction, state: GameState, who: Identity | None) -> Refused:
    """A rules refusal as a 400. With closed money, a refusal that would name a player's
    Yen reads so only to that player; everyone else gets its public wording."""
    message = exc.message
    seat = who.seat if who is not None else None
    if exc.public_message and state.config.money == "closed" and seat != exc.private_to:
        message = exc.public_message
    return Refused(400, _sentence(message, exc.field), exc.field)


def _rules(state: GameState, who: Identity | None, kind: str,
           data: dict[str, Any]) -> Table:
    """The table after one action, or the refusal; nothing is written here."""
    try:
        return apply(state.table, {**data, "type": kind})
    except IllegalAction as exc:
        raise refusal(exc, state, who) from None


def redoable(state: GameState) -> Event | None:
    """The undo a redo would reverse: the latest undo whose entries are all still undone,
    with no action recorded after it."""
    for e in reversed(state.events):
        if not e.meta:
            return None
        if e.type == "undo":
            targets = set(e.data["targets"])
            if all(x.undone_by is not None for x in state.events if x.seq in targets):
                return e
    return None


def _sentence(message: str, field: str | None = None) -> str:
    """Rules messages are clauses; the door answers in sentences ("Amount must be …")."""
    if field and message.startswith(("must ", "is ")):
        message = f"{field.split('.')[-1].replace('_', ' ')} {message}"
    message = message[0].upper() + message[1:] if message else message
    return message if message.endswith((".", "!", "?")) else message + "."


def _draw(bag: list[str], fish: str, rng: random.Random) -> str:
    """A uniform draw among the bag's tokens of one fish (AMB-28); removes it from ``bag``."""
    choices = sorted(c for c in bag if c.split(":")[0] in fish.split("|"))
    if not choices:
        raise IllegalAction(f"the Auction bag has no {fish.replace('_', ' ')} token left",
                            "drawn")
    pick = rng.choice(choices)
    bag.remove(pick)
    return pick


def _auction_inputs(state: GameState, body: dict[str, Any],
                    rng: random.Random) -> dict[str, Any]:
    """The lot of a new auction: drawn tokens (at random unless the table says which),
    the seller's lot, or the Overseas barrels."""
    kind = body.get("kind")
    bag = list(state.table.bag)
    out: dict[str, Any] = {}
    if kind in ("spider_crab", "tuna"):
        drawn = body.get("drawn")
        out["drawn"] = str(drawn) if drawn else _draw(bag, str(kind), rng)
        out["draw"] = "by hand" if drawn else "random"
    elif kind == "swordfish":
        out["drawn"] = "swordfish"
    elif kind in ("auction_market", "barter"):
        out["lot"] = body.get("lot")
    elif kind == "overseas":
        barrels = body.get("barrels")
        out["barrels"] = barrels
        if (isinstance(barrels, dict) and barrels.get("clams_oysters")
                and not any(c in ("clam", "oyster") for c in bag)
                and not state.config.board_numbers.get("clams_oysters")):
            # The winner would draw from a bag whose clams and oysters nobody counted.
            raise IllegalAction("the Clams & Oysters token counts of this game are not known, "
                                "so the app cannot draw them; record this Overseas lot by "
                                "hand", "barrels")
        if isinstance(barrels, dict):
            hand = body.get("drawn") or []
            if not isinstance(hand, list):
                raise IllegalAction("list the tokens drawn by hand, e.g. [\"tuna:20\"]",
                                    "drawn")
            hand = list(hand)
            drawn: list[str] = []
            for fish, per in auction_rules.OVERSEAS_CONVERSIONS.items():
                n = barrels.get(fish, 0)
                n = n // per if isinstance(n, int) else 0
                for _ in range(n):
                    if fish == "swordfish":
                        drawn.append("swordfish")
                    else:
                        by_hand = [h for h in hand if str(h).startswith(fish)]
                        if by_hand:
                            hand.remove(by_hand[0])
                            drawn.append(str(by_hand[0]))
                        else:
                            drawn.append(_draw(bag, fish, rng))
            out["drawn"] = drawn
    return out


def _settle_draws(state: GameState, auction: Any, rng: random.Random) -> dict[str, Any]:
    """Clam/oyster draws for the Clams & Oysters barrels of an Overseas lot."""
    n = dict(auction.barrels).get("clams_oysters", 0)
    if not n:
        return {}
    bag = list(state.table.bag)
    return {"draws": [_draw(bag, "clam|oyster", rng) for _ in range(n)]}
