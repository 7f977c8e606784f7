"""The event log and its fold, for any game: recorded events become the table.

An event is one row of the log (who, when, what); the table is the fold of the events
that are not undone over the game's set-up table; undo and redo are events of the log
itself. Which entries one undo reverts is asked of the game (``Game.history``).

>>> log = (Event(1, "pay", {}, "host", "t", undone_by=2),
...        Event(2, "undo", {"targets": [1]}, "host", "t"))
>>> [e.active for e in log], redoable(log).seq, undo_targets(log, lambda kind: True)
([False, False], 2, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .game import Game

#: Event types that change the log itself rather than the table.
META_TYPES = frozenset({"undo", "redo"})


@dataclass(frozen=True)
class Event:
    seq: int
    type: str
    data: dict[str, Any]
    actor: str
    created_at: str
    undone_by: int | None = None
    correction: bool = False
    grp: str | None = None

    @property
    def meta(self) -> bool:
        return self.type in META_TYPES

    @property
    def active(self) -> bool:
        """A table-changing event that is not undone."""
        return not self.meta and self.undone_by is None


def step(game: Game, table: Any, event: Event) -> Any:
    """The table after one event (IllegalAction when the rules refuse it)."""
    if not event.active:
        return table
    return game.apply(table, {**event.data, "type": event.type})


def fold(game: Game, config: Any, events: Iterable[Event]) -> Any:
    """The table: the events that are not undone, applied in order to the set-up table."""
    table = game.setup(config)
    for e in events:
        if e.active:
            table = game.apply(table, {**e.data, "type": e.type})
    return table


def fold_with_befores(
    game: Game, config: Any, rows: tuple[Event, ...], kept: int
) -> tuple[Any, tuple[tuple[int, Any], ...]]:
    """:func:`fold`, keeping the table each of the ``kept`` newest entries was recorded
    on. An entry undone since was recorded on a table its own undo has not changed: the
    entries before it that were still active then (not undone, or undone only after it)."""
    table = game.setup(config)
    start = max(0, len(rows) - kept)
    at_start = table
    befores: list[tuple[int, Any]] = []
    for i, e in enumerate(rows):
        if i == start:
            at_start = table
        if i >= start and not e.meta:
            if e.active:
                befores.append((e.seq, table))
            else:
                then = _table_then(game, at_start, rows[start:i], e.seq)
                if then is not None:
                    befores.append((e.seq, then))
        if e.active:
            table = game.apply(table, {**e.data, "type": e.type})
    return table, tuple(befores)


def _table_then(game: Game, table: Any, rows: tuple[Event, ...], seq: int) -> Any | None:
    """The table an undone entry ``seq`` was recorded on, from the table before ``rows``
    (None when the rules refuse a step: then its line says what its arguments say)."""
    for x in rows:
        if x.meta or (x.undone_by is not None and x.undone_by < seq):
            continue
        try:
            table = game.apply(table, {**x.data, "type": x.type})
        except Exception:  # noqa: BLE001 — any refusal: the line does without the table
            return None
    return table


def undo_targets(
    events: Sequence[Event], history: Callable[[str], bool], to_seq: int | None = None
) -> list[int] | None:
    """The entries one undo reverts: the last active one (a guided action or an auction as
    a whole), or with ``to_seq`` every active entry from it on. None when ``to_seq`` is
    not an active entry; [] when there is nothing to undo. ``history``: whether a move
    kind is an entry by itself (the game's)."""
    active = [e for e in events if e.active]
    if not active:
        return []
    if to_seq is None:
        entries = [e for e in active if history(e.type)]
        if not entries:
            return [e.seq for e in active]
        last = entries[-1]
        # With the entry go the moves after it that are no entries by themselves (a card
        # game's bids of the next round): they depend on the entry, and fold without it
        # would refuse them. The board game's moves are all entries.
        return [e.seq for e in active if e.seq >= last.seq or (last.grp and e.grp == last.grp)]
    first = next((e for e in active if e.seq == to_seq), None)
    if first is None:
        return None
    return [e.seq for e in active if e.seq >= to_seq or (first.grp and e.grp == first.grp)]


def redoable(events: Sequence[Event]) -> Event | None:
    """The undo a redo would reverse: the latest undo whose entries are all still undone,
    with no action recorded after it."""
    for e in reversed(events):
        if not e.meta:
            return None
        if e.type == "undo":
            targets = set(e.data["targets"])
            if all(x.undone_by is not None for x in events if x.seq in targets):
                return e
    return None
