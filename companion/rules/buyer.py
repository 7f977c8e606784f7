"""Influence's Buyer tokens (external-markets.md §13, AMB-50, AMB-57), Expansion.

A Buyer token bought at Influence takes a License space while held (the ``influence``
visit). Then:

- ``assign_buyer`` ``{"type": "assign_buyer", "player", "to"}``: free, at any time on your
  own turn (not an action): the token goes beside another player's Harbor (so it leaves
  your License space).
- Right after that player's next turn ends, ``next_turn`` opens the Buyer purchase (phase
  ``"buyer"``, between the two turns): the buyer makes one ``purchase`` with ``"buyer":
  true``, from the Harbors of any players but their own, under every Purchasing rule
  but without AP (rules/purchase.py). ``"barrels": []`` buys nothing; ``next_turn`` in
  the phase also ends it unused.
- Either way the token goes back to Influence (Crashed or not: it stays open), and play
  resumes with the player to the left of the one it was given to (AMB-57) — the turn
  that comes next anyway — after any other Buyer purchase due then, in the order given.
- A token given to a player who gets no further turn goes back unused when the game ends
  (AMB-50); one given to a player whose next turn is their last opens its purchase after
  it, before scoring.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .args import Name
from .ledger import Run, refuse
from .markets.external.pieces import move_stock, stock_left
from .messages import Message
from .table import Table
from .turn import active_seat

Args = Mapping[str, Any]

ITEM = "buyer_token"
STOCK = "influence.buyer_token"
BUYER_PHASE = "buyer"


@dataclass(frozen=True, kw_only=True)
class AssignBuyer:
    """``assign_buyer``'s arguments (refused in its words: a field it does not take)."""

    refused_as: ClassVar[str] = "kind.assign_buyer"
    player: Name
    to: Name


def assign_run(t: Table, a: AssignBuyer) -> Run:
    """``{"type": "assign_buyer", "player", "to"}``: the active player gives a Buyer token
    they hold to another player."""
    seat = active_seat(t, a.player)
    p = t.players[seat]
    to = t.index(a.to, "to")
    if not p.items.get(ITEM):
        raise refuse("buyer.none_held", "player", player=p.name)
    if to == seat:
        raise refuse("buyer.not_self", "to", player=p.name)
    run = Run(t)
    items = dict(p.items)
    items[ITEM] -= 1
    if not items[ITEM]:
        del items[ITEM]
    run.set_player(seat, items=items)
    turn = run.t.turn
    run.t = replace(run.t, turn=replace(turn, buyers=(*turn.buyers, (seat, to))))
    run.note("mv.buyer_assigned", player=p.name, to=t.players[to].name)
    return run


def due(t: Table) -> tuple[int, int] | None:
    """The first Buyer token given to the player whose turn just ended, if any."""
    return next((b for b in t.turn.buyers if b[1] == t.turn.current), None)


def open_purchase(t: Table, buyer: tuple[int, int]) -> Table:
    """The Buyer purchase of ``buyer`` opens (the token is no longer waiting)."""
    rest = list(t.turn.buyers)
    rest.remove(buyer)
    return replace(
        t,
        turn=replace(t.turn, buyers=tuple(rest), buying=buyer, phase=BUYER_PHASE, ap_left=None),
    )


def buyer_seat(t: Table, player: str) -> int:
    """The seat making the open Buyer purchase, refusing anyone else or no open one."""
    seat = t.index(player)
    open_now = t.turn.buying
    if t.turn.finished:
        raise refuse("game_over", "type")
    if open_now is None:
        raise refuse("buyer.no_purchase", "buyer", player=t.players[seat].name)
    if open_now[0] != seat:
        raise refuse(
            "buyer.not_theirs",
            "player",
            player=t.players[seat].name,
            buyer=t.players[open_now[0]].name,
        )
    return seat


def close(run: Run) -> None:
    """The open Buyer purchase ends: its token back to Influence."""
    open_now = run.t.turn.buying
    if open_now is None:
        return
    run.t = replace(run.t, turn=replace(run.t.turn, buying=None, phase=None))
    move_stock(run, STOCK, 1)
    run.note("mv.buyer_back", player=run.name(open_now[0]))


def return_unused(t: Table) -> Table:
    """At the end of the game, tokens still waiting go back to Influence unused (AMB-50)."""
    waiting = len(t.turn.buyers) + (t.turn.buying is not None)
    if not waiting:
        return t
    return replace(
        t,
        turn=replace(t.turn, buyers=(), buying=None),
        stock={**t.stock, STOCK: stock_left(t, STOCK) + waiting},
    )


def describe_assign(a: Args, show: bool) -> Message:
    return Message("history.assign_buyer", {"player": a.get("player"), "to": a.get("to")})
