"""Per-viewer views of a game: the only thing templates, JSON and the live stream see.

Whatever is secret for a viewer (another player's Yen with closed money; later, sealed
bids) is left out here, so no page, fragment, JSON body or stream event can carry it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from . import catalogues
from .engine import Seen
from .eventlog import Event, GameState, redoable
from .i18n import current_lang
from .identity import Identity
from .rules import crash, entering
from .rules.arrivals import notes_at
from .rules.auctions import receipt, settlement
from .rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, RED_SNAPPER_GRID, TOKEN_NAMES
from .rules.checklist import board_setup, render_checklist
from .rules.endgame import check_end
from .rules.history import story
from .rules.messages import Message, render
from .rules.moves import MOVES, describe
from .rules.resources import red_snapper_value, resources_by_fish, salmon_in_game
from .rules.setup import COLOR_HEX
from .rules.table import SPACE_ITEMS, Table


def yen_visible(table: Table, viewer: Identity | None, seat: int) -> bool:
    """Open money, the end of the game, or your own Yen."""
    if table.config.money == "open" or table.turn.finished:
        return True
    return viewer is not None and viewer.seat == seat


def _ja(key: str) -> str:
    """The Japanese name of an id (a token, a space item, an auction's kind), written
    beside its English ``name`` in the JSON (as markets carry ``ja``) so that a Japanese
    phone reads no English name (issue #21)."""
    return catalogues.name(key, "ja") or key


def _fish_rows(table: Table, seat: int, salmon: int) -> list[dict[str, Any]]:
    fish = table.players[seat].fish
    values = resources_by_fish(fish, table.values, salmon)
    rows = []
    for key in fish.held():
        detail = ""
        if key == "salmon":
            detail = render(
                Message(
                    "view.salmon_detail",
                    {"fresh": fish.salmon_fresh, "degraded": fish.salmon_degraded},
                ),
                current_lang(),
            )
        elif key in ("spider_crab", "tuna"):
            detail = " + ".join(str(v) for v in getattr(fish, key))
        rows.append(
            {
                "key": key,
                "name": TOKEN_NAMES[key],
                "ja": _ja(key),
                "count": fish.count(key),
                "detail": detail,
                "resources": values[key],
            }
        )
    return rows


#: History entries in a view; the whole log is at /api/games/<id>/events.
HISTORY_IN_VIEW = 25
PHONE_HISTORY = 10


def history_rows(
    state: GameState, viewer: Identity | None, limit: int | None = HISTORY_IN_VIEW
) -> list[dict[str, Any]]:
    """The newest entries first; reading a view costs the same however long the log is.
    With open money every viewer reads the same lines, so they are made once per state
    (a state never changes) and each line once per entry; with closed money once per
    viewer."""
    return [dict(row) for row in history_lines(state, viewer, limit)]


def history_lines(
    state: GameState, viewer: Identity | None, limit: int | None = HISTORY_IN_VIEW
) -> list[dict[str, Any]]:
    """:func:`history_rows` without the copies: the very lines kept for the state (one
    object per entry and kind of viewer, the same from one state to the next while the
    entry is unchanged). Read them, never change them."""
    table = state.table
    names = table.config.players
    me = names[viewer.seat] if viewer is not None and viewer.seat is not None else None
    private = me if table.config.money == "closed" and not table.turn.finished else None
    # A shorter list is the start of the longer one: a phone's 10 come from the 25.
    made = HISTORY_IN_VIEW if limit is not None and limit <= HISTORY_IN_VIEW else limit
    # The lines are in the request's language (a Japanese phone reads Japanese lines, the
    # English table screen English ones): the language is part of every key they are
    # kept by.
    lang = current_lang()
    key = (made, private, lang)
    cache: dict[Any, list[dict[str, Any]]] = state.__dict__.setdefault("_history_rows", {})
    if key not in cache:
        cache[key] = _history_rows(state, private, made, lang)
    return cache[key][:limit]


def _history_rows(
    state: GameState, private: str | None, limit: int | None, lang: str
) -> list[dict[str, Any]]:
    """``private``: the viewer whose own Yen the lines may show (closed money, during
    play); None when every line shows its amounts. ``lang``: the lines' language."""
    events = state.events if limit is None else state.events[-limit:]
    rows = []
    for e in reversed(events):
        if limit is None:  # the whole log, read rarely: its lines are not kept
            rows.append(_history_row(state, e, private, lang))
            continue
        # An entry never changes (one marked undone is a new Event), and neither does what
        # it says to one viewer while the amounts it moves stay as secret as they are: a
        # line is made once and kept, so a new state describes only its new entries. (An
        # undone end of the game makes the amounts secret again: the key says whether
        # they are.)
        secret = state.config.money == "closed" and not state.table.turn.finished
        row = _LINES.get(e, (private, secret, lang))
        if row is None:
            row = _LINES.put(e, (private, secret, lang), _history_row(state, e, private, lang))
        rows.append(row)
    return rows


class _Lines:
    """History lines by entry (the Event object itself: it is kept with its line, so its
    ``id`` cannot be reused while the line is) and by what the line may show; bounded,
    oldest made dropped first (a view shows only the newest entries)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lines: OrderedDict[tuple[int, Any], tuple[Event, dict[str, Any]]] = OrderedDict()

    def get(self, e: Event, key: Any) -> dict[str, Any] | None:
        found = self._lines.get((id(e), key))
        return found[1] if found is not None and found[0] is e else None

    def put(self, e: Event, key: Any, row: dict[str, Any]) -> dict[str, Any]:
        self._lines[(id(e), key)] = (e, row)
        while len(self._lines) > self.size:
            try:
                self._lines.popitem(last=False)
            except KeyError:  # another thread emptied it first
                break
        return row


#: Enough for the newest entries of a few dozen games, each seen by every kind of viewer.
_LINES = _Lines(4096)


def _history_row(state: GameState, e: Event, private: str | None, lang: str) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "type": e.type,
        "text": render(history_message(state, e, private), lang),
        "actor": e.actor,
        "at": e.created_at,
        "undone": e.undone_by is not None,
        "correction": e.correction,
        "meta": e.meta,
    }


def _aftermath(state: GameState, e: Event) -> list[Message]:
    """What the table did by itself after this entry: markets that entered, crashes
    (rules/arrivals.py), found by the entry's index among the active ones."""
    table = state.table
    if not (table.arrivals or table.crashes) or not e.active:
        return []
    cache: dict[int, int] = state.__dict__.setdefault("_action_index", {})
    if not cache:
        n = 0
        for x in state.events:
            if x.active:
                cache[x.seq] = n
                n += 1
    at = cache.get(e.seq)
    return [] if at is None else notes_at(table, at)


def history_message(state: GameState, e: Event, private: str | None) -> Message:
    """An entry's history line as a message (rendered in the viewer's language by
    :func:`history_lines`); ``private`` as for :func:`_history_rows`."""
    table = state.table
    targets = e.data.get("targets", [])
    if e.type == "undo" and isinstance(targets, list) and targets:
        if len(targets) == 1:
            undone = state.events[targets[0] - 1]
            line = describe_event(undone, table, private, state.before(undone.seq))
            return Message("history.undo", {"line": line})
        return Message("history.undo_back", {"seq": min(targets), "count": len(targets)})
    if e.type == "redo" and isinstance(targets, list):
        return Message("history.redo", {"count": len(targets)})
    line = describe_event(e, table, private, state.before(e.seq))
    notes = _aftermath(state, e)
    if notes:
        return Message("history.aftermath", {"line": line, "notes": _unrepeated(line, notes)})
    return line


def _unrepeated(line: Message, notes: list[Message]) -> list[Message]:
    """An arrival told right after what said why, without saying it again (issue #21):
    "Nori is Overfished. Squid enters the game in its place", not "… in place of the
    Overfished Nori"; "Bank crashes: …. Government enters the game in its place", not
    "… in place of the crashed Bank"."""
    instead = Message("arrive.cause_instead", {})
    told = None  # what the line said: any arrival for that cause says "in its place"
    if line.code == "history.overfished":
        told = Message("arrive.cause_overfished", {"market": line.values.get("market")})
    crashed = None  # what the note just before said: only the next arrival
    out: list[Message] = []
    for n in notes:
        if n.values.get("cause") in (told, crashed) and n.values.get("cause") is not None:
            n = Message(n.code, {**n.values, "cause": instead})
        crashed = None
        if n.code in ("crash.crashed_now", "crash.closed_now"):
            crashed = Message("arrive.cause_crash", {"market": n.values.get("market")})
        out.append(n)
    return out


def describe_event(e: Event, table: Table, me: str | None, before: Table | None = None) -> Message:
    """An entry's line for the viewer named ``me`` (the table screen: None). With closed
    money a payment's amount shows to its two parties alone, one from or to the supply
    included: an amount from the supply tells what the player now holds. (Only the table
    screen records Yen from the supply: issue #17.) With ``before``, the table the entry
    was recorded on, a guided action or an auction tells its story (rules/history.py):
    its amounts and items, only the viewer's own Yen with closed money."""
    action = {**e.data, "type": e.type}
    secret = table.config.money == "closed" and not table.turn.finished
    if before is not None:
        told = story(e.type, action, before, lambda name: not secret or name == me)
        if told is not None:
            return told
    show = True
    if secret and MOVES.get(e.type, MOVES["pay"]).moves_yen:
        show = me is not None and me in (e.data.get("from"), e.data.get("to"))
    return describe(action, show_yen=show)


def auction_view(
    auction: Any, table: Table, viewer: Identity | None, own: tuple[int, str] | None = None
) -> dict[str, Any]:
    """One auction as a viewer may see it: before the reveal, who has bid and never how
    much (only the viewer's own bid, from ``own``)."""
    return _auction_for(_auction_public(auction, table), auction, viewer, own)


#: What a viewer's identity adds to an auction's public view (:func:`_auction_for`).
AUCTION_OWN_KEYS = ("i_am_owner", "can_bid", "can_reveal", "can_choose", "my_bid")


def _auction_for(
    public: dict[str, Any], auction: Any, viewer: Identity | None, own: tuple[int, str] | None
) -> dict[str, Any]:
    """The public view of an auction with what this viewer may do in it (and, before the
    reveal, their own sealed bid: ``own``, never anyone else's)."""
    seat = viewer.seat if viewer is not None else None
    host = viewer is not None and viewer.is_host
    view = dict(public)
    view["i_am_owner"] = seat == auction.owner
    view["can_bid"] = auction.status == "open" and seat in auction.eligible
    view["can_reveal"] = auction.status == "open" and (host or seat == auction.owner)
    view["can_choose"] = auction.status == "revealed" and (host or seat == auction.owner)
    if own is not None and seat is not None and seat in auction.eligible:
        view["my_bid"] = {"amount": own[0], "receipt": own[1]}
    return view


def _auction_public(auction: Any, table: Table) -> dict[str, Any]:
    """What everyone may see of one auction: before the reveal, who has bid and never how
    much; after it, every bid with its receipt checked."""
    names = table.config.players
    view: dict[str, Any] = {
        "id": auction.id,
        "kind": auction.kind,
        "kind_name": catalogues.name(f"auction.{auction.kind}") or auction.kind,
        "kind_ja": _ja(f"auction.{auction.kind}"),
        "owner": names[auction.owner],
        "status": auction.status,
        "lot": [t.label() for t in auction.lot],
        "lot_ja": [render(t.message(), "ja") for t in auction.lot],
        "lot_codes": [t.code for t in auction.lot],  # the lot named in any language
        "barrels": [{"market": m, "count": n} for m, n in auction.barrels],
        "fee": auction.fee,
        # Sentences: a space between them in English, none after 「。」 in Japanese.
        "note": ("" if current_lang() == "ja" else " ").join(
            render(m, current_lang()) for m in auction.notes
        ),
        "eligible": [names[s] for s in auction.eligible],
        "sealed": [names[s] for s in auction.eligible if s in auction.sealed],
        "missing": [names[s] for s in auction.missing] if auction.status == "open" else [],
    }
    if auction.status != "open":
        receipts = {s: (n, r) for s, n, r in auction.receipts}
        rows = []
        for s, amount in auction.bids:
            nonce, code = receipts.get(s, ("", ""))
            void = s in auction.void
            rows.append(
                {
                    "name": names[s],
                    "amount": amount,
                    "void": void,
                    "receipt": code,
                    "nonce": nonce,
                    "sealed": bool(code),
                    # Checked against the sealed amount (a void bid was sealed, then exceeded
                    # the bidder's Yen, so its receipt is for the original amount).
                    "verified": bool(code)
                    and (void or receipt(auction.id, s, amount, nonce) == code),
                }
            )
        view["bids"] = rows
        view["highest"] = auction.highest
        view["tied"] = [names[s] for s in auction.tied] if auction.status == "revealed" else []
        view["choices"] = (
            [names[s] for s in auction.eligible] if auction.kind == "barter" else view["tied"]
        )
    if auction.status == "settled":
        view["winner"] = None if auction.winner is None else names[auction.winner]
        view["declined"] = auction.declined
        view["result"] = _auction_result(auction, table)
    return view


def _auction_result(auction: Any, table: Table) -> str:
    """The settled auction's result in the request's language."""
    lang = current_lang()
    names = table.config.players
    if auction.winner is None:
        return render(Message("view.auction_declined"), lang)
    w = names[auction.winner]
    amount = auction.bid_of(auction.winner) or 0
    delta, supply = settlement(auction.kind, auction.owner, auction.winner, amount, len(names))
    won = render(Message("view.auction_won", {"winner": w, "amount": amount}), lang)
    moves = [
        Message(
            "view.auction_gain" if d > 0 else "view.auction_loss",
            {"player": names[s], "amount": abs(d)},
        )
        for s, d in enumerate(delta)
        if d
    ]
    if not moves:
        return won
    if supply:
        code = "view.auction_supply_gain" if supply > 0 else "view.auction_supply_loss"
        moved = Message(
            "view.auction_moves_supply",
            {"moves": moves, "supply": Message(code, {"amount": abs(supply)})},
        )
    else:
        moved = Message("view.auction_moves", {"moves": moves})
    return render(Message("view.auction_result", {"won": won, "moved": moved}), lang)


@dataclass(frozen=True)
class _Shared:
    """What every view of one state starts from, made once per state (and set of connected
    devices). ``view`` is the public view: what anyone at the table may see. The other
    fields hold what only some viewers may see, each handed out by :func:`game_view` to
    the viewer it belongs to, and never put into the public view."""

    view: dict[str, Any]
    #: Every player's Yen and shortfall to the end (a viewer gets their own).
    yen: tuple[int, ...]
    yen_short: tuple[int | None, ...]
    #: The newest five auctions with their public views.
    auctions: tuple[tuple[Any, dict[str, Any]], ...]
    #: For the table screen.
    can_undo: bool
    can_redo: bool
    version: int = 0
    #: What each player's public entry was made from (see :func:`_same_player`).
    player_inputs: tuple[tuple[Any, ...], ...] = ()


#: Each game's newest shared view (per language). The next state's public view takes from it every
#: player entry made from the same inputs (the same objects, so whatever a page builds
#: from an entry is found again at once): a change rebuilds only what it changed. Kept
#: for the games used last only, as the store keeps their folds (store.GAMES_KEPT, in two
#: languages): one entry for every game ever opened grew the server game after game
#: (issue #17). A game forgotten here only builds its next view whole.
NEWEST_KEPT = 2 * 64
_newest: OrderedDict[tuple[str, str], _Shared] = OrderedDict()
_newest_lock = threading.Lock()


def _same_player(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """Whether two player entries were made from the same inputs: the same (immutable)
    player, and equal market values, Salmon value, Resources, visibility, end check,
    turn and connection."""
    return old[0] is new[0] and old[1:] == new[1:]


def public_view(state: GameState, connected: set[str] | None = None) -> dict[str, Any]:
    """What anyone at the table may see of a game: the view of nobody in particular
    (``game_view(state, None, connected)``), made once per state and shared by every
    viewer's view of it. Read it, never change it."""
    return _shared(state, connected).view


def _shared(state: GameState, connected: set[str] | None) -> _Shared:
    devices = frozenset(connected or ())
    # A state never changes: what is made from it is kept on it (as its history lines),
    # once per language (its history lines, end check and auction result are sentences).
    key = (devices, current_lang())
    cache: dict[tuple[frozenset[str], str], _Shared] = state.__dict__.setdefault(
        "_shared_views", {}
    )
    found = cache.get(key)
    if found is None:
        found = cache.setdefault(key, _make_shared(state, devices))
    return found


def game_view(
    state: GameState,
    viewer: Identity | None,
    connected: set[str] | None = None,
    own_bids: dict[str, tuple[int, str]] | None = None,
) -> dict[str, Any]:
    """Everything one viewer may see of a game, as plain data. ``own_bids`` are the
    viewer's own sealed bids (auction id → amount, receipt), and nobody else's.

    The public view of the state (made once, :func:`public_view`) with what this viewer
    adds: their own Yen with closed money, their own sealed bids, what they may do in an
    auction, their history lines, their if-ended-now figures. Parts that do not differ
    between viewers are shared between their views: read a view, never change it below
    its top level."""
    shared = _shared(state, connected)
    table = state.table
    cfg = table.config
    turn = table.turn
    view = dict(shared.view)
    seat = viewer.seat if viewer is not None else None

    if seat is not None:
        players = list(view["players"])
        mine = dict(players[seat], is_me=True)
        if mine["yen"] is None:  # closed money: their own Yen, to them alone
            mine["yen"] = shared.yen[seat]
            mine["end"] = dict(mine["end"], yen_short=shared.yen_short[seat])
        players[seat] = mine
        view["players"] = players
        last = turn.last_check
        if last is not None and last.player == seat:
            check = dict(view["turn"]["check"])
            check["text"] = _check_text(
                last,
                cfg.players[last.player],
                table,
                viewer,
                [cfg.players[s] for s in turn.final_turns],
            )
            view["turn"] = dict(view["turn"], check=check)

    own_bids = own_bids or {}
    auctions = [_auction_for(pub, a, viewer, own_bids.get(a.id)) for a, pub in shared.auctions]
    view["auction"] = next((a for a in auctions if a["status"] != "settled"), None)
    view["auctions"] = auctions
    if viewer is None:
        view["history"] = [dict(row) for row in view["history"]]
    else:
        view["viewer"] = {
            "role": viewer.role,
            "seat": viewer.seat,
            "name": "host" if viewer.seat is None else cfg.players[viewer.seat],
        }
        # A phone shows the 10 newest entries, the table screen and the API 25.
        view["history"] = history_rows(
            state, viewer, HISTORY_IN_VIEW if viewer.is_host else PHONE_HISTORY
        )
    if viewer is not None and viewer.is_host:
        view["can_undo"] = shared.can_undo
        view["can_redo"] = shared.can_redo
    if seat is not None and not turn.finished:
        mine_score = table.score().players[seat]
        view["if_ended_now"] = {
            "steps": dict(mine_score.steps),
            "final_yen": mine_score.final_yen,
            "rank": mine_score.rank if cfg.money == "open" else None,
        }
    return view


def board_view(state: GameState, viewer: Identity | None, seen: Seen) -> dict[str, Any]:
    """The board game's ``Game.view``: :func:`game_view` with the devices connected and
    the viewer's own sealed bids, read only while an auction is open (a page shows a bid
    of its own only on an open auction's bid sheet)."""
    seat = viewer.seat if viewer is not None else None
    table: Table = state.table
    bidding = seat is not None and any(a.status == "open" for a in table.auctions.values())
    own = dict(seen.own_sealed()) if bidding else {}
    return game_view(state, viewer, set(seen.connected), own)


def _make_shared(state: GameState, connected: frozenset[str]) -> _Shared:
    """The public view of a state (every player's Yen left out where money is closed, no
    sealed bid, no viewer's rights), and beside it what only some viewers may see."""
    table = state.table
    cfg = table.config
    resources = table.resources()
    salmon = salmon_in_game([p.fish for p in table.players])
    yens = [p.yen for p in table.players]
    turn = table.turn

    # One per game and language: an entry's Salmon line is worded in the language.
    newest_key = (state.id, current_lang())
    before = _newest.get(newest_key)
    players: list[dict[str, Any]] = []
    shorts: list[int | None] = []
    inputs: list[tuple[Any, ...]] = []
    for i, p in enumerate(table.players):
        visible = yen_visible(table, None, i)
        check = check_end(yens, resources, i)
        shorts.append(check.yen_short)
        is_current = turn.number > 0 and not turn.finished and turn.current == i
        made_from = (
            p,
            table.values,
            salmon,
            resources[i],
            visible,
            check,
            is_current,
            str(i) in connected,
        )
        inputs.append(made_from)
        if (
            before is not None
            and i < len(before.player_inputs)
            and _same_player(before.player_inputs[i], made_from)
        ):
            players.append(before.view["players"][i])
            continue
        players.append(
            {
                "seat": i,
                "name": p.name,
                "color": p.color,
                "color_hex": COLOR_HEX[p.color],
                "yen": p.yen if visible else None,
                "licenses": [
                    {"market": m, "name": FISH_MARKETS[m].en, "ja": FISH_MARKETS[m].ja, "count": n}
                    for m, n in sorted(p.licenses.items())
                ],
                "space_items": [
                    {"item": k, "name": SPACE_ITEMS[k], "ja": _ja(k), "count": n}
                    for k, n in sorted(p.items.items())
                ],
                "spaces_used": p.spaces_used,
                "loans": p.loans,
                "shares": p.shares,
                "fish": _fish_rows(table, i, salmon),
                "resources": resources[i],
                "nori_value": (
                    resources[i] - resources_by_fish(p.fish, table.values, salmon).get("nori", 0)
                )
                // 10,
                "harbor": p.harbor_json(),
                "at_sea": dict(p.at_sea),
                # The fleet and the ports opened (docs/actions.md, "External markets").
                "boats": [b.to_json() for b in p.boats],
                "ports": p.ports,
                "connected": str(i) in connected,
                "is_me": False,
                "is_current": is_current,
                "end": {
                    "resources_short": check.resources_short,
                    "yen_short": check.yen_short if visible else None,
                    "lowest_resources": check.lowest_resources,
                    "lowest_yen": check.lowest_yen if cfg.money == "open" else None,
                },
            }
        )

    values = table.values
    remaining = values.red_snapper_remaining
    markets = {
        "fish": [
            {
                "id": m,
                "name": FISH_MARKETS[m].en,
                "ja": FISH_MARKETS[m].ja,
                "overfished": m in values.overfished,
                "licenses_left": table.board_licenses.get(m),
                "tokens_left": (table.board_tokens.get(m) if m != "red_snapper" else remaining),
                "barrels_left": table.board_barrels.get(m),
            }
            for m in cfg.fish_markets
        ],
        "external": [
            {
                "id": m,
                "name": EXTERNAL_MARKETS[m].en,
                "ja": EXTERNAL_MARKETS[m].ja,
                # Crash variant: "crashed", "closed", or None (rules/crash.py).
                "crash": table.crash_side(m),
            }
            for m in cfg.external_markets
        ],
        **_entering_view(table),
        "eel": values.eel if "eel" in cfg.fish_markets else None,
        "swordfish": values.swordfish if "swordfish" in cfg.fish_markets else None,
        "red_snapper": (
            {
                "remaining": remaining,
                "value": red_snapper_value(remaining, "red_snapper" in values.overfished),
                "next_printed": RED_SNAPPER_GRID[len(RED_SNAPPER_GRID) - remaining]
                if remaining
                else None,
            }
            if "red_snapper" in cfg.fish_markets
            else None
        ),
        "salmon_fresh_value": salmon if "salmon" in cfg.fish_markets else None,
        "bag": _bag_counts(table.bag),
        "stock": dict(table.stock),
        # Tokens on the external boards' places, which stay there.
        "places": {k: list(v) for k, v in table.places.items() if v},
    }

    last = turn.last_check
    turn_view: dict[str, Any] = {
        "number": turn.number,
        "current": cfg.players[turn.current],
        "current_seat": turn.current,
        "started": turn.number > 0,
        "triggered_by": None if turn.triggered_by is None else cfg.players[turn.triggered_by],
        "final_turns": [cfg.players[s] for s in turn.final_turns],
        "finished": turn.finished,
        # Influence's Buyer tokens (rules/buyer.py): the purchase open between two turns,
        # and the tokens given and still waiting.
        "buyer": None
        if turn.buying is None
        else {"buyer": cfg.players[turn.buying[0]], "after": cfg.players[turn.buying[1]]},
        "buyers": [{"buyer": cfg.players[b], "to": cfg.players[to]} for b, to in turn.buyers],
        "check": None
        if last is None
        else {
            "player": cfg.players[last.player],
            "triggered": last.triggered,
            "reason": last.reason,
            "text": _check_text(
                last,
                cfg.players[last.player],
                table,
                None,
                [cfg.players[s] for s in turn.final_turns],
            ),
        },
        "revealed_yen": (
            None
            if turn.revealed_yen is None
            else {cfg.players[i]: y for i, y in enumerate(turn.revealed_yen)}
        ),
    }

    # The newest five: an open auction is always the newest (one at a time), and a long
    # game's old auctions do not make every view slower.
    auctions = tuple((a, _auction_public(a, table)) for a in list(table.auctions.values())[-5:])
    public_auctions = [_auction_for(pub, a, None, None) for a, pub in auctions]
    view: dict[str, Any] = {
        "id": state.id,
        "auction": next((a for a in public_auctions if a["status"] != "settled"), None),
        "auctions": public_auctions,
        "seq": state.version,
        # The active player's action points and whether start-of-turn choices are waiting
        # (shared/spec/flows.md); None before the first turn and after the end.
        "ap_left": turn.ap_left if turn.number > 0 and not turn.finished else None,
        "phase": turn.phase if turn.number > 0 and not turn.finished else None,
        "rules_version": state.rules_version,
        "money": cfg.money,
        "expansion": cfg.expansion,
        "variants": list(cfg.variants),
        "viewer": None,
        "players": players,
        "markets": markets,
        "turn": turn_view,
        "history": history_lines(state, None, HISTORY_IN_VIEW),
        "history_total": len(state.events),
        "host_connected": "host" in connected,
    }
    if turn.finished:
        view["score"] = table.score().to_json()
    shared = _Shared(
        view=view,
        yen=tuple(yens),
        yen_short=tuple(shorts),
        auctions=auctions,
        can_undo=any(not e.meta and e.undone_by is None for e in reversed(state.events)),
        can_redo=redoable(state) is not None,
        version=state.version,
        player_inputs=tuple(inputs),
    )
    if before is None or before.version <= state.version:
        with _newest_lock:
            _newest[newest_key] = shared
            _newest.move_to_end(newest_key)
            while len(_newest) > NEWEST_KEPT:
                _newest.popitem(last=False)
    return shared


def _entering_view(table: Table) -> dict[str, Any]:
    """Markets entered during the game, the known-order queues and the crash tokens
    (docs/actions.md, "Markets entering during the game"): public, no Yen; its sentences
    in the request's language."""
    cfg = table.config
    lang = current_lang()

    def name(m: str) -> str:
        return FISH_MARKETS[m].en if m in FISH_MARKETS else EXTERNAL_MARKETS[m].en

    def ja(m: str | None) -> str | None:
        return None if m is None else (FISH_MARKETS.get(m) or EXTERNAL_MARKETS[m]).ja

    return {
        "arrivals": [
            {
                "market": a.market,
                "name": name(a.market) if a.market else None,
                "ja": ja(a.market),
                "kind": a.kind,
                "cause": a.cause,
                "trigger": a.trigger,
                "text": render(entering.arrival_message(a), lang),
            }
            for a in table.arrivals
        ],
        "just_entered": [
            {
                "market": a.market,
                "name": name(a.market),
                "ja": ja(a.market),
                "kind": a.kind,
                "text": render(entering.arrival_message(a), lang),
                "setup": render_checklist([board_setup(cfg, a.market)], lang)[0],
            }
            for a in entering.just_entered(table)
            if a.market is not None
        ],
        "known_order": (
            {
                k: [{"id": m, "name": name(m), "ja": ja(m)} for m in entering.known_order(cfg, k)]
                for k in entering.KINDS
            }
            if "known_order" in cfg.variants
            else None
        ),
        "crash": (
            {
                "tokens_left": crash.tokens_left(table),
                "crashed": [
                    {"market": c.market, "name": name(c.market), "ja": ja(c.market), "side": c.side}
                    for c in table.crashes
                ],
            }
            if crash.on(table)
            else None
        ),
    }


def _check_text(
    check: Any, name: str, table: Table, viewer: Identity | None, still: list[str]
) -> str:
    """The start-of-turn announcement in the request's language; with closed money, Yen
    figures only where public. A trigger does not end the game at once: the final round
    follows (``still``: who still plays, in order)."""
    lang = current_lang()
    if check.triggered:
        why = Message(
            "view.end_why_yen" if check.reason == "yen" else "view.end_why_resources",
            check.message(name).values,
        )
        if still:
            return render(
                Message("view.end_final_round", {"why": why, "still": still, "count": len(still)}),
                lang,
            )
        return render(Message("view.end_triggered", {"why": why}), lang)
    if (
        table.config.money == "closed"
        and not yen_visible(table, viewer, check.player)
        and check.reason is None
        and check.yen_short
    ):
        return render(Message("view.end_goes_on", {"player": name}), lang)
    return render(check.message(name), lang)


def _bag_counts(bag: tuple[str, ...]) -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    for code in bag:
        counts[code] = counts.get(code, 0) + 1
    rows = []
    for code, n in sorted(counts.items()):
        fish, _, value = code.partition(":")
        rows.append(
            {
                "code": code,
                "fish": fish,
                "name": TOKEN_NAMES.get(fish, fish),
                "ja": _ja(fish),
                "value": int(value) if value else None,
                "count": n,
            }
        )
    return rows
