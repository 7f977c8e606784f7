"""A whole game as one file (shared/spec/report.md, "Export" and "Import").

Export: the event log with its setup, rules version and seed, written for one viewer. What
the viewer may not see is left out, as the history leaves it out: with closed money, until
the game ends, the amounts of payments and purchases they are no party to (``null``), and
the seed (it foretells the Auction bag's next draws). Sealed bids are never in the log:
the store keeps them apart until the reveal, whose entry carries every amount at once.

Import: an untrusted file, its shape checked at the edge (companion/web/gamefile_schemas.py),
then replayed here entry by entry through the rules, in the order it was recorded: each
action applied to the table it was recorded against (its undone mark comes later), each
undo and redo checked against what an undo or redo there could do, each reveal's amounts
against the receipts the bidders were shown. The first entry that does not replay is
named (``events[17]``) and nothing is created.

Pure: the rules core, the event log and the per-viewer rule of companion.views; no Flask.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .eventlog import Event, GameState, redoable, undo_targets
from .games import GAMES
from .i18n import current_lang, finished
from .identity import Identity
from .report_text import say, sentence
from .rules import RULES_VERSION
from .rules.auctions import receipt
from .rules.errors import IllegalAction, is_clause
from .rules.messages import render
from .rules.moves import MOVES, may_record
from .rules.setup import GameConfig
from .rules.table import initial_table

FORMAT = "tsukiji-game/1"
GAME = "tokyo_tsukiji_market"
HOST = "host"


# -- export ------------------------------------------------------------------------------------


def hides_money(state: GameState) -> bool:
    """Whether some Yen are secret in this game now: closed money before the end."""
    return state.config.money == "closed" and not state.table.turn.finished


def _pay(data: dict[str, Any], me: str | None) -> dict[str, Any]:
    if me is not None and me in (data.get("from"), data.get("to")):
        return data
    return {**data, "amount": None}


def _purchase(data: dict[str, Any], me: str | None) -> dict[str, Any]:
    barrels = data.get("barrels")
    if not isinstance(barrels, list) or (me is not None and data.get("player") == me):
        return data  # the buyer paid every price
    kept = [
        b
        if not isinstance(b, dict) or (me is not None and b.get("from") == me)
        else {**b, "price": None}
        for b in barrels
    ]
    return {**data, "barrels": kept}


#: What a viewer who is no party to a move that moves Yen between players may not read of
#: it, per move. Every such move must be here (checked at import), so a new one cannot
#: leak its amounts by being forgotten.
REDACT: dict[str, Callable[[dict[str, Any], str | None], dict[str, Any]]] = {
    "pay": _pay,
    "purchase": _purchase,
}
assert {k for k, m in MOVES.items() if m.moves_yen} <= set(REDACT)


def export_document(
    state: GameState, viewer: Identity | None, *, with_seed: bool
) -> dict[str, Any]:
    """The ``tsukiji-game/1`` document of a game for one viewer (None: nobody's seat).
    ``with_seed``: the viewer may read the seed (the host who created the game, or anyone
    once it has ended)."""
    hide = hides_money(state)
    names = state.config.players
    me = names[viewer.seat] if viewer is not None and viewer.seat is not None else None
    setup = state.config.to_json()
    if not with_seed:
        setup["seed"] = None
    events = []
    for e in state.events:
        data = dict(e.data)
        if hide and e.type in REDACT:
            data = REDACT[e.type](data, me)
        events.append(
            {
                "seq": e.seq,
                "type": e.type,
                "data": data,
                "actor": e.actor,
                "at": e.created_at,
                "undone_by": e.undone_by,
            }
        )
    return {
        "format": FORMAT,
        "game": GAME,
        "rules_version": state.rules_version,
        "setup": setup,
        "events": events,
    }


# -- import ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One entry of a game file, its shape already checked (the edge's models)."""

    seq: int
    type: str
    data: dict[str, Any]
    actor: str
    at: str
    undone_by: int | None


class BadEntry(Exception):
    """The first entry of a file that does not replay: its index and one sentence."""

    def __init__(self, index: int, code: str, **values: Any) -> None:
        self.index = index
        self.field = f"events[{index}]"
        if values.get("actor") == "host":  # the table screen's entries are recorded as "host"
            values["actor"] = say("file.table_screen")
        self.message = say(code, field=self.field, **values)
        super().__init__(self.message)


def group_of(auction_id: object) -> str | None:
    """The undo group an auction's entries share (as the door gives it)."""
    return str(auction_id).split(".", 1)[0] if auction_id is not None else None


def _group(type_: str, data: Mapping[str, Any]) -> str | None:
    """The undo group the door gave an entry: a Fishing action's auctions share it."""
    if type_ == "fishing":
        return str(data.get("auction_id"))
    if type_ == "auction_open":
        return group_of(data.get("id"))
    if type_ in ("bid_sealed", "auction_reveal", "auction_choose"):
        return group_of(data.get("auction"))
    return None


def _checked_time(index: int, at: str) -> None:
    try:
        datetime.fromisoformat(at)
    except ValueError:
        raise BadEntry(index, "file.at") from None


def _seat_of(config: GameConfig, index: int, actor: str) -> int | None:
    if actor == HOST:
        return None
    if actor not in config.players:
        raise BadEntry(index, "file.actor", actor=actor)
    return config.players.index(actor)


def _check_auction_entry(state: GameState, index: int, entry: Entry, seat: int | None) -> None:
    """What the door alone decides about an auction's entries, asked again: who opened,
    sealed, chose; the auction's id; a reveal's amounts against the receipts."""
    data = entry.data
    names = state.config.players
    if entry.type == "auction_open":
        want = f"a{entry.seq}"
        if data.get("id") != want:
            raise BadEntry(index, "file.auction_id", got=data.get("id"), want=want)
        if seat is not None and data.get("owner") != names[seat]:
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)
        return
    auction = state.table.auctions.get(str(data.get("auction")))
    if auction is None:
        return  # the rules say there is no such auction
    if entry.type == "bid_sealed":
        if entry.actor != data.get("player"):
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)
    elif entry.type == "auction_reveal":
        if seat is not None and seat != auction.owner and seat not in auction.eligible:
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)
        bids: dict[str, int] = data.get("bids", {})
        rows: list[list[Any]] = data.get("receipts", [])
        sealed = {str(s) for s in auction.sealed}
        if set(bids) != sealed or {str(r[0]) for r in rows} != sealed or len(rows) != len(sealed):
            raise BadEntry(index, "file.reveal_bids")
        for s, nonce, code in rows:
            if receipt(auction.id, int(s), bids[str(s)], str(nonce)) != code:
                raise BadEntry(index, "file.receipt")
    elif entry.type == "auction_choose":
        if seat is not None and seat != auction.owner:
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)
        if data.get("chooser") != entry.actor:
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)


def _undo(state: GameState, index: int, event: Event) -> GameState:
    targets = sorted(event.data["targets"])
    allowed = (undo_targets(state), undo_targets(state, targets[0]))
    if not any(a and sorted(a) == targets for a in allowed):
        raise BadEntry(index, "file.undo")
    return state.after(event).with_undone(targets, event.seq)


def _redo(state: GameState, index: int, event: Event) -> GameState:
    undo = redoable(state)
    targets = sorted(event.data["targets"])
    if undo is None or undo.seq != event.data["undo"] or sorted(undo.data["targets"]) != targets:
        raise BadEntry(index, "file.redo")
    return state.after(event).with_undone(targets, None)


def _apply(state: GameState, index: int, entry: Entry, event: Event) -> GameState:
    move = MOVES.get(entry.type)
    if move is None:
        raise BadEntry(index, "file.entry_type", kind=entry.type)
    seat = _seat_of(state.config, index, entry.actor)
    try:
        if move.internal:
            _check_auction_entry(state, index, entry, seat)
        elif not may_record(state.table, entry.type, entry.data, seat):
            raise BadEntry(index, "file.not_allowed", actor=entry.actor)
        if entry.type == "fishing" and entry.data.get("auction_id") != f"a{entry.seq}":
            raise BadEntry(
                index, "file.auction_id", got=entry.data.get("auction_id"), want=f"a{entry.seq}"
            )
        return state.after(event)
    except IllegalAction as exc:
        raise BadEntry(index, "file.refused", reason=rules_reason(exc)) from None
    except BadEntry:
        raise
    except Exception:  # noqa: BLE001 - untrusted data the rules could not read at all
        # The shapes were checked at the edge, so this is a combination the rules never
        # meet in a recorded game; whatever it raised, the answer is "does not replay".
        raise BadEntry(index, "file.broken") from None


def rules_reason(exc: IllegalAction) -> str:
    """A rules refusal as the end of the file's sentence, in the asker's language: a
    clause such as "must be …" gets the name of its field, as the door words it."""
    message = exc.message
    clause = bool(exc.field) and is_clause(exc.code_message or message)
    if exc.code_message is not None:
        lang = current_lang()
        return finished(render(exc.code_message, lang), exc.field if clause else None, lang)
    if clause and exc.field:
        message = f"{exc.field.split('.')[-1].replace('_', ' ')} {message}"
    return sentence(message)


#: Undos and redos fold the log anew; a file of thousands of them over a long log would
#: keep the server busy for minutes. This bounds the entries folded for them, counted
#: before anything is replayed: a long game of a thousand entries with fifty undos and
#: redos folds some tens of thousands, at ~26 µs each (a second at most; issue #17 saw
#: 400,000 take 6.6–28 s).
MAX_REFOLD = 50_000


def refold_bound(entries: Sequence[Entry]) -> None:
    """Refuse a file whose undos and redos would fold more than ``MAX_REFOLD`` entries
    (each folds the entries before it anew), naming the first over the bound, before any
    entry is replayed: a refusal then costs a count, not the work it refuses."""
    refolded = 0
    for index, entry in enumerate(entries):
        if entry.type in ("undo", "redo"):
            refolded += index
            if refolded > MAX_REFOLD:
                raise BadEntry(index, "file.too_long")


def replay(config: GameConfig, entries: Sequence[Entry]) -> tuple[Event, ...]:
    """The events of a game file, checked by replaying each through the rules in the order
    it was recorded; :class:`BadEntry` names the first that does not replay. The undo
    groups and correction marks are the door's, derived as it derives them."""
    refold_bound(entries)
    state = GameState("import", config, RULES_VERSION, initial_table(config), game=GAMES.of(config))
    for index, entry in enumerate(entries):
        if entry.seq != index + 1:
            raise BadEntry(index, "file.seq", expected=index + 1, got=entry.seq)
        _checked_time(index, entry.at)
        _seat_of(config, index, entry.actor)
        last = state.events[-1] if state.events else None
        move = MOVES.get(entry.type)
        correction = (
            move is not None and not move.internal and last is not None and last.type == "undo"
        )
        event = Event(
            entry.seq,
            entry.type,
            entry.data,
            entry.actor,
            entry.at,
            None,
            correction,
            _group(entry.type, entry.data),
        )
        if entry.type in ("undo", "redo"):
            state = (_undo if entry.type == "undo" else _redo)(state, index, event)
        else:
            state = _apply(state, index, entry, event)
    for index, (event, entry) in enumerate(zip(state.events, entries, strict=True)):
        if event.undone_by != entry.undone_by:
            nobody = say("file.nobody")
            raise BadEntry(
                index,
                "file.undone",
                got=nobody if entry.undone_by is None else entry.undone_by,
                want=nobody if event.undone_by is None else event.undone_by,
            )
    for auction in state.table.auctions.values():
        if auction.status == "open" and auction.sealed:
            first = next(
                i
                for i, e in enumerate(state.events)
                if e.active and e.type == "bid_sealed" and e.data.get("auction") == auction.id
            )
            raise BadEntry(first, "file.sealed_open")
    return state.events


def same_setup(config: GameConfig, setup: Mapping[str, Any]) -> str | None:
    """The first key of a file's setup that the checked config does not read back as
    (None: it reads back exactly; a seed left out is drawn anew)."""
    written = config.to_json()
    for key, value in setup.items():
        if key == "seed" and value is None:
            continue
        if written.get(key) != value:
            return key
    return None
