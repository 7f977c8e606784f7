"""The event log and its fold: the one place where recorded events become the table.

Pure (standard library and the rules core): the door uses it to try an action before it is
written, the store to bring a cached game up to date with rows another process wrote, and
the tests to replay a log without a database.

A :class:`GameState` is immutable: its events are a tuple, so a state handed to a
renderer (and keyed in a cache by its version) can never grow an entry under it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from .engine import Game
from .games import game_of
from .rules.setup import GameConfig
from .rules.table import Table

#: A game's setup. Typed as the board game's, whose code reads it everywhere; a card
#: game's is a ``companion.cardgame.Config`` (``companion.games.is_cards`` tells them
#: apart, and the card game's modules cast). Likewise ``GameState.table`` holds a
#: ``companion.cardgame.State`` for a card game.
Config = GameConfig

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


def step(table: Table, event: Event, config: Config | None = None) -> Table:
    """The table after one event (IllegalAction when the rules refuse it), by the rules
    of ``config``'s game (the board game's when none is given)."""
    if not event.active:
        return table
    new: Table = game_of(config).apply(table, {**event.data, "type": event.type})
    return new


def fold(config: Config, events: Iterable[Event]) -> Table:
    """The table: the events that are not undone, applied in order to the set-up table."""
    game = game_of(config)
    table: Table = game.setup(config)
    for e in events:
        if e.active:
            table = game.apply(table, {**e.data, "type": e.type})
    return table


#: How many of the newest entries keep the table they were recorded on (issue #20: a
#: history line tells what the entry did, amounts included, from the table before it).
BEFORES_KEPT = 32


def _fold_with_befores(
    config: Config, rows: tuple[Event, ...]
) -> tuple[Table, tuple[tuple[int, Table], ...]]:
    """:func:`fold`, keeping the table each of the newest entries was recorded on. An
    entry undone since was recorded on a table its own undo has not changed: the entries
    before it that were still active then (not undone, or undone only after it)."""
    game = game_of(config)
    table: Table = game.setup(config)
    start = max(0, len(rows) - BEFORES_KEPT)
    at_start = table
    befores: list[tuple[int, Table]] = []
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


def _table_then(game: Any, table: Table, rows: tuple[Event, ...], seq: int) -> Table | None:
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


@dataclass(frozen=True)
class GameState:
    """One game's log and its fold at one version."""

    id: str
    config: Config
    rules_version: str
    table: Table
    version: int = 0
    events: tuple[Event, ...] = ()
    #: The table each of the newest entries was recorded on, by seq (see BEFORES_KEPT).
    befores: tuple[tuple[int, Table], ...] = field(default=(), compare=False, repr=False)

    @property
    def game(self) -> Game:
        """The game this is (the engine's ``Game``: what the door asks of it)."""
        return game_of(self.config)

    @classmethod
    def load(
        cls, game_id: str, config: Config, rules_version: str, events: Iterable[Event]
    ) -> GameState:
        rows = tuple(events)
        table, befores = _fold_with_befores(config, rows)
        return cls(
            game_id, config, rules_version, table, rows[-1].seq if rows else 0, rows, befores
        )

    def before(self, seq: int) -> Table | None:
        """The table entry ``seq`` was recorded on, for the newest entries (else None)."""
        for s, table in reversed(self.befores):
            if s == seq:
                return table
        return None

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
        befores = self.befores
        if not event.meta:
            befores = (befores + ((event.seq, self.table),))[-BEFORES_KEPT:]
        return replace(
            self,
            table=step(self.table, event, self.config),
            version=event.seq,
            events=self.events + (event,),
            befores=befores,
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
        entry = game_of(state.config).history
        entries = [e for e in active if entry(e.type)]
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
