"""The event log and its fold (companion/engine/log.py) with a game's state: the one
place where recorded events become the table.

Pure (the standard library and the engine; the game is given, never imported): the door
uses it to try an action before it is written, the store to bring a cached game up to
date with rows another process wrote, and the tests to replay a log without a database.

A :class:`GameState` is immutable: its events are a tuple, so a state handed to a
renderer (and keyed in a cache by its version) can never grow an entry under it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Generic

from typing_extensions import TypeVar

from .engine import Game, log
from .engine.log import META_TYPES as META_TYPES
from .engine.log import Event as Event

#: A game's setup and its table, as its own modules type them: a shared part holds them
#: as ``Any`` (a bare ``GameState``); a game's edge may name its own
#: (``GameState[GameConfig, Table]``) or cast, as the card game's modules do.
Config = TypeVar("Config", default=Any)
Table = TypeVar("Table", default=Any)


#: How many of the newest entries keep the table they were recorded on (issue #20: a
#: history line tells what the entry did, amounts included, from the table before it).
BEFORES_KEPT = 32


@dataclass(frozen=True)
class GameState(Generic[Config, Table]):
    """One game's log and its fold at one version, by the rules of ``game`` (which the
    store, given the games by the app, looked up)."""

    id: str
    config: Config
    rules_version: str
    table: Table
    version: int = 0
    events: tuple[Event, ...] = ()
    #: The table each of the newest entries was recorded on, by seq (see BEFORES_KEPT).
    befores: tuple[tuple[int, Table], ...] = field(default=(), compare=False, repr=False)
    #: The game this is (the engine's ``Game``: what the fold and the door ask of it).
    game: Game = field(kw_only=True, compare=False, repr=False)

    @classmethod
    def load(
        cls,
        game_id: str,
        config: Config,
        rules_version: str,
        events: Iterable[Event],
        *,
        game: Game,
    ) -> GameState[Config, Table]:
        rows = tuple(events)
        table, befores = log.fold_with_befores(game, config, rows, BEFORES_KEPT)
        return cls(
            game_id,
            config,
            rules_version,
            table,
            rows[-1].seq if rows else 0,
            rows,
            befores,
            game=game,
        )

    def before(self, seq: int) -> Table | None:
        """The table entry ``seq`` was recorded on, for the newest entries (else None)."""
        return next((table for s, table in reversed(self.befores) if s == seq), None)

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

    def after(self, event: Event) -> GameState[Config, Table]:
        """This state with one new event appended (IllegalAction if the rules refuse it)."""
        befores = self.befores
        if not event.meta:
            befores = (befores + ((event.seq, self.table),))[-BEFORES_KEPT:]
        return replace(
            self,
            table=log.step(self.game, self.table, event),
            version=event.seq,
            events=self.events + (event,),
            befores=befores,
        )

    def extended(self, events: Iterable[Event]) -> GameState[Config, Table]:
        """Rows appended elsewhere (another process): an undo or redo changes earlier rows,
        so the whole log is folded anew; otherwise only the new events are applied."""
        state = self
        for e in events:
            if e.meta:
                raise ValueError("an undo or redo needs the whole log re-read")
            state = state.after(e)
        return state

    def with_undone(self, seqs: Iterable[int], by: int | None) -> GameState[Config, Table]:
        """Mark events undone by ``by`` (or, for a redo, not undone) and fold anew."""
        wanted = set(seqs)
        events = tuple(replace(e, undone_by=by) if e.seq in wanted else e for e in self.events)
        return replace(self, events=events, table=log.fold(self.game, self.config, events))


def undo_targets(state: GameState, to_seq: int | None = None) -> list[int] | None:
    """The entries one undo reverts (:func:`companion.engine.log.undo_targets`)."""
    return log.undo_targets(state.events, state.game.history, to_seq)


def redoable(state: GameState) -> Event | None:
    """The undo a redo would reverse (:func:`companion.engine.log.redoable`)."""
    return log.redoable(state.events)
