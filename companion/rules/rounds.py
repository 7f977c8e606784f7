"""Turn order (turn-and-scoring.md §4–§5): the next turn with its start-of-turn end check,
the Buyer purchase between two turns (rules/buyer.py), the final round, the end of the
game. Below both the bookkeeping moves (rules/moves.py) and the Purchasing action, whose
Buyer purchase resumes play (rules/purchase.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import buyer
from .args import NoArgs
from .endgame import RESOURCE_THRESHOLD, check_end
from .errors import IllegalAction
from .ledger import Run
from .messages import Message
from .table import Table
from .turn import begin_turn, end_turn

Args = Mapping[str, Any]


def _start_turn(t: Table, seat: int) -> Table:
    """A player's turn starts: the end check comes first (AMB-05) while not triggered, then
    their 2 AP and the start of turn (rules/turn.py: degradation at once, or phase "start"
    while a Freezer or a degraded Fugu waits for their choice)."""
    turn = replace(
        t.turn, current=seat, number=t.turn.number + 1, last_check=None, revealed_yen=None
    )
    if turn.triggered_by is None:
        yen = [p.yen for p in t.players]
        check = check_end(yen, t.resources(), seat)
        reveal = (
            tuple(yen)
            if t.config.money == "closed" and t.resources()[seat] >= RESOURCE_THRESHOLD
            else None
        )
        turn = replace(turn, last_check=check, revealed_yen=reveal)
        if check.triggered:
            n = len(t.players)
            turn = replace(
                turn, triggered_by=seat, final_turns=tuple((seat + k) % n for k in range(1, n))
            )
    return begin_turn(replace(t, turn=turn))


def next_turn(t: Table, a: NoArgs) -> Table:
    """End the current turn and start the next player's, running the start-of-turn end
    check; after the trigger every other player has exactly one more turn, then the game
    ends (turn-and-scoring.md §4–§5). Accepted with AP left (the table may have played
    something it did not record): the turn's unspent AP are kept on the table; an open
    start-of-turn choice counts as declined (the degradation happens)."""
    turn = t.turn
    if turn.finished:
        raise IllegalAction(Message("bk.game_over", {}), "type")
    if turn.number == 0:
        return _start_turn(t, turn.current)
    if turn.buying is not None:
        # The Buyer purchase between two turns ends unused (rules/buyer.py).
        run = Run(t)
        buyer.close(run)
        return after_turn(run.t)
    return after_turn(end_turn(t))


def after_turn(t: Table) -> Table:
    """The turn of ``t.turn.current`` has ended: a Buyer token given to that player opens
    its purchase first (rules/buyer.py); then the next player's turn starts — in the final
    round the next of ``final_turns``, or the game ends."""
    waiting = buyer.due(t)
    if waiting is not None:
        return buyer.open_purchase(t, waiting)
    turn = t.turn
    if turn.triggered_by is not None:
        if not turn.final_turns:
            return buyer.return_unused(
                replace(t, turn=replace(turn, finished=True, last_check=None))
            )
        nxt, rest = turn.final_turns[0], turn.final_turns[1:]
        t = _start_turn(replace(t, turn=replace(turn, final_turns=rest)), nxt)
        return t
    return _start_turn(t, (turn.current + 1) % len(t.players))


def end_game(t: Table, a: NoArgs) -> Table:
    """End the game now and go to final scoring (for tables that did not track turns)."""
    if t.turn.finished:
        raise IllegalAction(Message("bk.game_over_already", {}), "type")
    return buyer.return_unused(replace(t, turn=replace(t.turn, finished=True, last_check=None)))


def describe_next_turn(a: Args, show: bool) -> Message:
    return Message("history.next_turn", {})
