"""The event log and its fold (companion/engine/log.py) with a game's state: the one
place where recorded events become the table.

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

from .engine import Game, log
from .engine.log import META_TYPES as META_TYPES
from .engine.log import Event as Event
from .games import game_of
from .rules.setup import GameConfig
from .rules.table import Table

#: A game's setup. Typed as the board game's, whose code reads it everywhere; a card
#: game's is a ``companion.cardgame.Config`` (``companion.games.is_cards`` tells them
#: apart, and the card game's modules cast). Likewise ``GameState.table`` holds a
#: ``companion.cardgame.State`` for a card game.
Config = GameConfig


def step(table: Table, event: Event, config: Config | None = None) -> Table:
    """The table after one event (IllegalAction when the rules refuse it), by the rules
    of ``config``'s game (the board game's when none is given)."""
    new: Table = log.step(game_of(config), table, event)
    return new


def fold(config: Config, events: Iterable[Event]) -> Table:
    """The table: the events that are not undone, applied in order to the set-up table."""
    table: Table = log.fold(game_of(config), config, events)
    return table


#: How many of the newest entries keep the table they were recorded on (issue #20: a
#: history line tells what the entry did, amounts included, from the table before it).
BEFORES_KEPT = 32


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
        table, befores = log.fold_with_befores(game_of(config), config, rows, BEFORES_KEPT)
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
    """The entries one undo reverts (:func:`companion.engine.log.undo_targets`)."""
    return log.undo_targets(state.events, state.game.history, to_seq)


def redoable(state: GameState) -> Event | None:
    """The undo a redo would reverse (:func:`companion.engine.log.redoable`)."""
    return log.redoable(state.events)
