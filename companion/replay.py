"""The table as it was after any entry of the log (issue #22, item 4: the report page's
replay). Pure: the log and its fold, nothing of Flask.

The table after entry ``n`` is the fold of the entries up to ``n`` with the undone marks
they had *then*: an entry undone later was on the table at ``n``, and an entry an undo
before ``n`` took back was not (unless a redo before ``n`` brought it back). So each
undo and redo up to ``n`` is read again, in order, rather than the marks as they stand.

>>> from companion.rules.setup import make_config
>>> from companion.eventlog import Event
>>> from companion.games import GAMES
>>> config = make_config(["Aiko", "Bo"], seed=1)
>>> log = (Event(1, "next_turn", {}, "host", "t", undone_by=2),
...        Event(2, "undo", {"targets": [1]}, "host", "t"))
>>> state = GameState.load("g", config, "1", log, game=GAMES.of(config))
>>> state_at(state, 1).table.turn.number, state_at(state, 2).table.turn.number
(1, 0)
"""

from __future__ import annotations

from dataclasses import replace

from .eventlog import GameState


def state_at(state: GameState, n: int) -> GameState:
    """The game as it stood right after entry ``n`` (0: as set up), its log the entries
    up to ``n`` with the undone marks they had then."""
    events = [e for e in state.events if e.seq <= n]
    marks: dict[int, int | None] = {}
    for e in events:
        targets = e.data.get("targets")
        if not isinstance(targets, list):
            continue
        if e.type == "undo":
            marks.update({t: e.seq for t in targets if isinstance(t, int)})
        elif e.type == "redo":
            marks.update({t: None for t in targets if isinstance(t, int)})
    rows = tuple(replace(e, undone_by=marks.get(e.seq)) for e in events)
    return GameState.load(state.id, state.config, state.rules_version, rows, game=state.game)
