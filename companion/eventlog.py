"""The event log and its fold: the one place where recorded events become the table.

Pure (standard library and the rules core): the door uses it to try an action before it is
written, the store to bring a cached game up to date with rows another process wrote, and
the tests to replay a log without a database.

A :class:`GameState` is immutable: its events are a tuple, so a state handed to a
renderer (and keyed in a cache by its version) can never grow an entry under it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from .rules.moves import apply
from .rules.setup import GameConfig
from .rules.table import Table, initial_table

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


def step(table: Table, event: Event) -> Table:
    """The table after one event (IllegalAction when the rules refuse it)."""
    if not event.active:
        return table
    return apply(table, {**event.data, "type": event.type})


def fold(config: GameConfig, events: Iterable[Event]) -> Table:
    """The table: the events that are not undone, applied in order to the set-up table."""
    table = initial_table(config)
    for e in events:
        table = step(table, e)
    return table


@dataclass(frozen=True)
class GameState:
    """One game's log and its fold at one version."""

    id: str
    config: GameConfig
    rules_version: str
    table: Table
    version: int = 0
    events: tuple[Event, ...] = ()

    @classmethod
    def load(
        cls, game_id: str, config: GameConfig, rules_version: str, events: Iterable[Event]
    ) -> GameState:
        rows = tuple(events)
        return cls(
            game_id, config, rules_version, fold(config, rows), rows[-1].seq if rows else 0, rows
        )

    def next_event(
        self,
        type_: str,
        data: dict[str, Any],
        actor: str,
        created_at: str,
        correction: bool = False,
        grp: str | None = None,
    ) -> Event:
        return Event(self.version + 1, type_, data, actor, created_at, None, correction, grp)

    def after(self, event: Event) -> GameState:
        """This state with one new event appended (IllegalAction if the rules refuse it)."""
        return replace(
            self, table=step(self.table, event), version=event.seq, events=self.events + (event,)
        )

    def extended(self, events: Iterable[Event]) -> GameState:
        """Rows appended elsewhere (another process): an undo or redo changes earlier rows,
        so the whole log is folded anew; otherwise only the new events are applied."""
        state = self
        for e in events:
            if e.meta:
                raise ValueError("an undo or redo needs the whole log re-read")
            state = state.after(e)
        return state

    def with_undone(self, seqs: Iterable[int], by: int | None) -> GameState:
        """Mark events undone by ``by`` (or, for a redo, not undone) and fold anew."""
        wanted = set(seqs)
        events = tuple(replace(e, undone_by=by) if e.seq in wanted else e for e in self.events)
        return replace(self, events=events, table=fold(self.config, events))


def undo_targets(state: GameState, to_seq: int | None = None) -> list[int] | None:
    """The entries one undo reverts: the last active one (a guided action or an auction as
    a whole), or with ``to_seq`` every active entry from it on. None when ``to_seq`` is
    not an active entry; [] when there is nothing to undo."""
    active = [e for e in state.events if e.active]
    if not active:
        return []
    if to_seq is None:
        last = active[-1]
        return [e.seq for e in active if e.seq == last.seq or (last.grp and e.grp == last.grp)]
    first = next((e for e in active if e.seq == to_seq), None)
    if first is None:
        return None
    return [e.seq for e in active if e.seq >= to_seq or (first.grp and e.grp == first.grp)]


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
