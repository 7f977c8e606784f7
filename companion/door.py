"""The one door for every change: identity → permission → version → rules → append → notify.

The JSON API and the htmx forms both come through here, so a refusal reads the same
everywhere and nothing is ever half-written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from . import cardgame
from .engine import IllegalAction, Message, Opened, all_in, is_clause, render, reveal, seal
from .eventlog import Config, Event, GameState, redoable, undo_targets
from .gamefile import BadEntry, Entry, replay
from .games import CARDS, game_of, is_cards
from .i18n import current_lang, finished
from .identity import Identity
from .live import Hub
from .rules import draws
from .rules.draws import group_of
from .rules.moves import MOVES, SUPPLY, may_record
from .store import Store, now


class Refused(Exception):
    """A request the door turns away; ``status`` is the HTTP status to answer with."""

    def __init__(
        self,
        status: int,
        message: str | Message,
        field: str | None = None,
        *,
        clause: bool = False,
    ) -> None:
        #: The sentence as a code with values, rendered in the language of the request
        #: that reads it (``message``); a plain string is a sentence already worded (in
        #: the request's language, by the caller).
        self.said = message if isinstance(message, Message) else None
        self._text = message if isinstance(message, str) else ""
        super().__init__(self._text or (render(self.said) if self.said is not None else ""))
        self.status = status
        self.field = field
        #: A rules clause ("must be …"): the sentence names its field first.
        self.clause = clause

    @property
    def message(self) -> str:
        """The one finished sentence, in the language of the request being answered."""
        if self.said is None:
            return self._text
        lang = current_lang()
        return finished(render(self.said, lang), self.field if self.clause else None, lang)

    def to_json(self) -> dict[str, str]:
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        return body


class Door:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    # -- identity ---------------------------------------------------------------------------
    def identify(self, game_id: str, token: str | None) -> Identity:
        if not self.store.game_exists(game_id):
            raise Refused(404, Message("door.no_game"))
        if not token:
            raise Refused(401, Message("door.sign_in"))
        info = self.store.token_info(token)
        if info is None:
            raise Refused(401, Message("door.link_invalid"))
        if info["game_id"] != game_id:
            raise Refused(403, Message("door.other_game"))
        return Identity(game_id, info["role"], info["seat"], token)

    def actor_name(self, state: GameState, who: Identity) -> str:
        return "host" if who.is_host else state.config.players[who.seat or 0]

    # -- changes ------------------------------------------------------------------------------
    def create_game(self, config: Config | cardgame.Config) -> tuple[str, str, list[str]]:
        """A new game from a checked setup: its id, the host token, one token per seat."""
        return self.store.create_game(config)

    def import_game(self, config: Config, entries: Sequence[Entry]) -> tuple[str, str, list[str]]:
        """A new game from another server's file: every entry replayed through the rules
        first (a refusal names the first that does not replay, and nothing is created),
        then the game and its whole log written at once, with new tokens."""
        try:
            events = replay(config, entries)
        except BadEntry as exc:
            raise Refused(400, exc.message, exc.field) from None
        return self.store.create_game(config, events)

    def _append(
        self,
        state: GameState,
        who: Identity | None,
        type_: str,
        data: dict[str, Any],
        actor: str,
        correction: bool = False,
        grp: str | None = None,
    ) -> GameState:
        """Rules, then append (inside a write); a refusal writes nothing."""
        event = state.next_event(type_, data, actor, now(), correction, grp)
        try:
            return self.store.append(state, event)
        except IllegalAction as exc:
            raise refusal(exc, state, who) from None

    def act(
        self,
        game_id: str,
        token: str | None,
        kind: str,
        data: dict[str, Any],
        expected: int | None = None,
        correction: bool = False,
    ) -> Event:
        """Record one bookkeeping action (its arguments parsed at the edge); returns the
        new event (its seq is the version)."""
        who = self.identify(game_id, token)
        if self.store.game_key(game_id) == CARDS:
            return self._act_cards(who, kind, data, expected, correction)
        move = MOVES.get(kind)
        if move is None:
            raise Refused(400, Message("door.no_action", {"name": repr(kind)[:40]}), "type")
        if move.internal:
            raise Refused(
                400,
                Message("door.auction_internal"),
                "type",
            )
        with self.store.write():
            state = self.store.state(game_id)
            self._permit(state, who, kind, data)
            self._check_version(state, expected)
            last = state.events[-1] if state.events else None
            correction = correction or (last is not None and last.type == "undo")
            data, grp = _server_inputs(state, kind, data)
            state = self._append(
                state, who, kind, data, self.actor_name(state, who), correction=correction, grp=grp
            )
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    # -- the card game (companion.cardgame) ----------------------------------------------------
    def _act_cards(
        self,
        who: Identity,
        kind: str,
        data: dict[str, Any],
        expected: int | None,
        correction: bool,
    ) -> Event:
        """One card-game action (take_card, discard_card, speciality): the game's own
        permission first (403), then the version, then its rules (400)."""
        move = cardgame.MOVES.get(kind)
        if move is None:
            raise Refused(400, Message("cards.no_such_move", {"kind": str(kind)[:30]}), "type")
        if move.who == "bidder":
            raise Refused(400, Message("cards.bid_endpoint"), "type")
        if move.who == "server":
            raise Refused(400, Message("cards.only_server"), "type")
        game_id = who.game_id
        with self.store.write():
            state = self.store.state(game_id)
            try:
                why = cardgame.why_not(
                    card_table(state),
                    kind,
                    {**data, "type": kind},
                    None if who.is_host else who.seat,
                )
            except IllegalAction as exc:  # a name that is nobody at this table
                raise refusal(exc, state, who) from None
            if why is not None:
                raise Refused(403, why)
            self._check_version(state, expected)
            last = state.events[-1] if state.events else None
            correction = correction or (last is not None and last.type == "undo")
            state = self._append(
                state, who, kind, data, self.actor_name(state, who), correction=correction
            )
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def card_bid(self, game_id: str, token: str | None, fingers: Any) -> tuple[Event, str, bool]:
        """Seal (or change) a seat's WA-SA-BI bid: the fingers go to the sealed-bids table
        (with a receipt for the bidder), the log records only that the seat has bid. When
        both seats have bid, the reveal is appended in the same write, in one undo group
        with the round's bids. Returns the last event, the receipt, and whether this seat
        had already bid this round (a changed bid)."""
        who = self.identify(game_id, token)
        if who.is_host or who.seat is None:
            raise Refused(403, Message("cards.only_own_bid"))
        if self.store.game_key(game_id) != CARDS:
            raise Refused(404, Message("cards.no_finger_bids"), "fingers")
        seat = who.seat
        if (
            not isinstance(fingers, int)
            or isinstance(fingers, bool)
            or fingers not in cardgame.catalogue.FINGERS
        ):
            raise Refused(400, Message("cards.fingers"), "fingers")
        with self.store.write():
            state = self.store.state(game_id)
            table = card_table(state)
            changed = seat in table.bid_by
            name = table.players[seat]
            key = f"r{table.rounds + 1}"
            state = self._append(state, who, "bid", {"player": name}, name, grp=key)
            code = self._seal(game_id, who, seat, key, fingers)
            if all_in(card_table(state).bid_by, range(len(table.players))):
                opened = self._opened(state, key, range(len(table.players)))
                data: dict[str, Any] = {
                    "fingers": {table.players[s]: v for s, v in opened.values.items()},
                    "receipts": opened.receipts,
                }
                state = self._append(state, None, "reveal", data, name, grp=key)
        self.hub.notify(game_id, state.version)
        return state.events[-1], code, changed

    def sealed_fingers(self, state: GameState, seat: int | None) -> dict[int, int]:
        """The viewer's own sealed bid of the current round, seat → fingers (nobody
        else's: a view built from it carries no other seat's amount)."""
        table = card_table(state)
        if seat is None or seat not in table.bid_by:
            return {}
        own = self.store.own_bids(state.id, seat).get(f"r{table.rounds + 1}")
        return {} if own is None else {seat: own[0]}

    @staticmethod
    def _permit(state: GameState, who: Identity, kind: str, data: dict[str, Any]) -> None:
        """Permission, asked of the move before anything else is looked at, so a refusal
        can say nothing about another player's holdings."""
        try:
            allowed = may_record(state.table, kind, data, None if who.is_host else who.seat)
        except IllegalAction as exc:  # a name that is nobody at this table
            raise refusal(exc, state, who) from None
        if allowed:
            return
        move = MOVES[kind]
        if move.who == "host":
            raise Refused(403, Message("door.host_only"))
        if move.who == "current":
            raise Refused(403, Message("door.current_only"))
        if any(data.get(key) == SUPPLY for key in move.owners):
            raise Refused(403, Message("door.supply_host"))
        raise Refused(
            403,
            Message("door.own_only"),
        )

    def undo(
        self,
        game_id: str,
        token: str | None,
        to_seq: int | None = None,
        expected: int | None = None,
    ) -> Event:
        """Undo the last action not yet undone (an auction as a whole), or with ``to_seq``
        every action from that entry on. Undone entries stay in the history."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.undo_host"))
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            targets = undo_targets(state, to_seq)
            if targets is None:
                raise Refused(400, Message("door.undo_entry"), "to_seq")
            if not targets:
                raise Refused(400, Message("door.nothing_to_undo"))
            state = self._append(
                state, who, "undo", {"targets": targets}, self.actor_name(state, who)
            )
            event = state.events[-1]
            self.store.mark_undone(state, targets, event.seq)
        self.hub.notify(game_id, event.seq)
        return event

    def redo(self, game_id: str, token: str | None, expected: int | None = None) -> Event:
        """Redo the most recent undo, as long as no new action was recorded since."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.redo_host"))
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            undo = redoable(state)
            if undo is None:
                raise Refused(400, Message("door.nothing_to_redo"))
            targets = list(undo.data["targets"])
            state = self._append(
                state,
                who,
                "redo",
                {"targets": targets, "undo": undo.seq},
                self.actor_name(state, who),
            )
            event = state.events[-1]
            self.store.mark_undone(state, targets, None)
        self.hub.notify(game_id, event.seq)
        return event

    # -- sealed bids ---------------------------------------------------------------------------
    def open_auction(
        self, game_id: str, token: str | None, body: Any, expected: int | None = None
    ) -> Event:
        """Open a sealed-bid auction; bag draws are made here (seeded by the game's seed and
        the entry number, recorded in the log) unless the table drew by hand."""
        who = self.identify(game_id, token)
        self._board_only(game_id)
        if not isinstance(body, dict):
            raise Refused(400, Message("door.auction_shape"))
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            seq = state.version + 1
            aid = f"a{seq}"
            rng = draws.rng(state.config.seed, seq)
            data: dict[str, Any] = {"id": aid, "kind": body.get("kind"), "owner": body.get("owner")}
            if not who.is_host and data["owner"] != state.config.players[who.seat or 0]:
                # The owner pays the fee and sells the lot: their own holdings.
                raise Refused(
                    403,
                    Message("door.auction_own"),
                )
            try:
                data.update(draws.auction_inputs(state.table, body, rng))
            except IllegalAction as exc:
                raise refusal(exc, state, who) from None
            state = self._append(
                state, who, "auction_open", data, self.actor_name(state, who), grp=aid
            )
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def bid(
        self,
        game_id: str,
        token: str | None,
        auction_id: str,
        amount: Any,
    ) -> tuple[Event, str, int]:
        """Seal (or change) the token's own bid. The answer goes to the bidder alone; when
        the last eligible seat has sealed, the reveal happens in the same transaction."""
        who = self.identify(game_id, token)
        self._board_only(game_id)
        if who.is_host or who.seat is None:
            raise Refused(403, Message("door.bid_player"))
        seat = who.seat
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise Refused(400, Message("door.bid_whole"), "amount")
        if amount < 0:
            raise Refused(400, Message("door.bid_negative"), "amount")
        if amount % 100:
            raise Refused(400, Message("door.bid_step"), "amount")
        with self.store.write():
            state = self.store.state(game_id)
            auction = state.table.auctions.get(auction_id)
            if auction is None:
                raise Refused(404, Message("door.no_auction"))
            if auction.status != "open":
                raise Refused(409, Message("door.bids_revealed"), "amount")
            if seat not in auction.eligible:
                raise Refused(403, Message("door.not_bidder"))
            have = state.table.players[seat].yen
            if amount > have:
                raise Refused(400, Message("door.bid_over", {"have": have}), "amount")
            code = self._seal(game_id, who, seat, auction_id, amount)
            name = state.config.players[seat]
            data = {"auction": auction_id, "player": name}
            state = self._append(state, who, "bid_sealed", data, name, grp=group_of(auction_id))
            if not state.table.auctions[auction_id].missing:
                state = self._reveal(state, auction_id, name)
        self.hub.notify(game_id, state.version)
        return state.events[-1], code, amount

    def reveal(self, game_id: str, token: str | None, auction_id: str) -> Event:
        """Reveal now; a missing bid counts as ¥0. Host or the auction's owner."""
        who = self.identify(game_id, token)
        self._board_only(game_id)
        with self.store.write():
            state = self.store.state(game_id)
            auction = self._owned_auction(state, who, auction_id, "door.to_reveal")
            if auction.status != "open":
                raise Refused(409, Message("door.revealed_already"))
            state = self._reveal(state, auction_id, self.actor_name(state, who))
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def choose(self, game_id: str, token: str | None, auction_id: str, winner: str | None) -> Event:
        """The owner settles a tie (or, at Barter, accepts one offer or declines all)."""
        who = self.identify(game_id, token)
        self._board_only(game_id)
        with self.store.write():
            state = self.store.state(game_id)
            auction = self._owned_auction(state, who, auction_id, "door.to_settle")
            if auction.status != "revealed":
                raise Refused(409, Message("door.nothing_to_choose"))
            data = {
                "auction": auction_id,
                "winner": winner or None,
                "chooser": self.actor_name(state, who),
            }
            if auction.kind == "overseas" and winner:
                data.update(
                    draws.settle_draws(
                        state.table, auction, draws.rng(state.config.seed, state.version + 1)
                    )
                )
            state = self._append(
                state,
                who,
                "auction_choose",
                data,
                self.actor_name(state, who),
                grp=group_of(auction_id),
            )
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def _owned_auction(self, state: GameState, who: Identity, auction_id: str, what: str) -> Any:
        auction = state.table.auctions.get(auction_id)
        if auction is None:
            raise Refused(404, Message("door.no_auction"))
        if not who.is_host and who.seat != auction.owner:
            raise Refused(403, Message("door.owner_or_host", {"what": Message(what)}))
        return auction

    def _reveal(self, state: GameState, auction_id: str, actor: str) -> GameState:
        """Append the reveal (inside a write): every bid and its receipt at once."""
        auction = state.table.auctions[auction_id]
        opened = self._opened(state, auction_id, auction.eligible)
        bids = {str(s): v for s, v in opened.values.items()}
        data: dict[str, Any] = {"auction": auction_id, "bids": bids, "receipts": opened.receipts}
        if auction.kind == "overseas":
            data.update(
                draws.settle_draws(
                    state.table, auction, draws.rng(state.config.seed, state.version + 1)
                )
            )
        return self._append(state, None, "auction_reveal", data, actor, grp=group_of(auction_id))

    # -- the one sealed-secret mechanism (companion/engine/sealed.py) -------------------------
    def _seal(self, game_id: str, who: Identity, seat: int, key: str, value: int) -> str:
        """Keep ``seat``'s sealed ``value`` under ``key`` apart from the log (it
        replaces the one the seat sealed before), sealed with its link; inside a write.
        Returns the receipt, for the sealing seat alone."""
        sealed = seal(key, seat, value)
        self.store.put_bid(
            game_id, key, sealed.seat, sealed.value, sealed.nonce, sealed.receipt, who.token
        )
        return sealed.receipt

    def _opened(self, state: GameState, key: str, seats: Iterable[int]) -> Opened:
        """Every sealed value under ``key`` of the expected ``seats``, with the receipts
        the log publishes; inside a write, for a reveal only."""
        return reveal(self.store.bids(state.id, key), seats)

    def reissue(self, game_id: str, token: str | None, seat: int) -> str:
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.reissue_host"))
        state = self.store.state(game_id)
        if not 0 <= seat < len(state.config.players):
            raise Refused(400, Message("door.no_seat"), "seat")
        new = self.store.reissue_seat(game_id, seat)
        # The old link's streams re-check their token on waking and close.
        self.hub.kick(game_id)
        return new

    def reissue_host(self, game_id: str, token: str | None) -> str:
        """The table screen's link issued anew: every device signed in with the old one
        (another browser, a link left in a history) is signed out; only the host may."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.reissue_own_host"))
        new = self.store.reissue_host(game_id)
        self.hub.kick(game_id)  # the old link's streams close on waking
        return new

    def join(self, token: str, holds_it: bool) -> Identity:
        """A device opens a join link. A seat's link signs in one device only: once a phone
        has joined, the link no longer works on another (the table screen issues a new one,
        which signs the old phone out). ``holds_it``: this device already signed in with it."""
        info = self.store.token_info(token)
        if info is None:
            raise Refused(
                401,
                Message("door.join_invalid"),
            )
        who = Identity(info["game_id"], info["role"], info["seat"], token)
        if who.is_host or holds_it:
            return who
        if not self.store.mark_joined(token):
            raise Refused(
                409,
                Message("door.joined_already"),
            )
        self.hub.kick(who.game_id)
        return who

    def _board_only(self, game_id: str) -> None:
        if self.store.game_key(game_id) == CARDS:
            raise Refused(404, Message("cards.no_auctions"))

    @staticmethod
    def _check_version(state: GameState, expected: int | None) -> None:
        if expected is not None and expected != state.version:
            raise Refused(
                409,
                Message("door.stale", {"version": state.version, "expected": expected}),
            )


def refusal(exc: IllegalAction, state: GameState, who: Identity | None) -> Refused:
    """A rules refusal as a 400. With closed money, a refusal that would name a player's
    Yen reads so only to that player; everyone else gets its public wording."""
    message = exc.message
    said = exc.code_message
    seat = who.seat if who is not None else None
    if (
        exc.public_message
        and not is_cards(state.config)
        and state.config.money == "closed"
        and seat != exc.private_to
    ):
        message = exc.public_message
        said = exc.public_code_message
    return _rule_refused(message, said, exc.field)


def refusal_of(exc: IllegalAction) -> Refused:
    """A rules refusal outside a game's state (a setup, a deck): as :func:`refusal`, with
    no secret to keep."""
    return _rule_refused(exc.message, exc.code_message, exc.field)


def _rule_refused(message: str, said: Message | None, field: str | None) -> Refused:
    if said is not None:
        # Worded in the asker's language when it is read; a clause names its field.
        clause = bool(field) and is_clause(message)
        return Refused(400, Message("door.rule", {"said": said}), field, clause=clause)
    return Refused(400, _sentence(message, field), field)


def card_table(state: GameState) -> cardgame.State:
    """A card game's folded table (``GameState.table`` is typed as the board game's)."""
    return cast(cardgame.State, state.table)


def _server_inputs(
    state: GameState, kind: str, data: dict[str, Any]
) -> tuple[dict[str, Any], str | None]:
    """What the server adds to a move before the rules see it (the preview's too)."""
    drawn = game_of(state.config).draws(state.table, state.config, kind, data, state.version + 1)
    return drawn.args, drawn.group


def _sentence(message: str, field: str | None = None) -> str:
    """Rules messages are clauses; the door answers in sentences ("Amount must be …")."""
    if field and is_clause(message):
        message = f"{field.split('.')[-1].replace('_', ' ')} {message}"
    message = message[0].upper() + message[1:] if message else message
    return message if message.endswith((".", "!", "?")) else message + "."
