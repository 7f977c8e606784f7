"""Influence's Buyer tokens (external-markets.md §13, AMB-50, AMB-57; rules/buyer.py):
given to another player on your turn, they open a purchase from the Harbors right after
that player's next turn, with no AP; the token then goes back to Influence and play
resumes to the left of the player it was given to."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.guided import preview_lines
from companion.rules.moves import apply
from companion.rules.table import Table

from ..guided_support import give, refused, rows, yen
from .exp_support import exp_table
from .support import visit

A, B, C, D = "Aiko", "Bo", "Chiyo", "Daichi"


def act(t: Table, kind: str, **args: Any) -> Table:
    return apply(t, {"type": kind, **args})


def nxt(t: Table, times: int = 1) -> Table:
    for _ in range(times):
        t = act(t, "next_turn")
    return t


def bought_token() -> Table:
    """Aiko, on her first turn, has bought a Buyer token (¥200)."""
    return visit(exp_table(), "influence", buyer_tokens=1)


def test_the_worked_example() -> None:
    """§13: A pays ¥200 for a Buyer token; on her turn gives it to C; after C's next turn A
    buys B's Eel barrel listed ¥400 (A −¥400, B +¥400, A +1 Eel token); the token goes
    back to the board; the player left of C plays next."""
    t = bought_token()
    assert t.player(A).yen == 1800 and t.stock["influence.buyer_token"] == 1
    t = act(t, "assign_buyer", player=A, to=C)
    assert t.player(A).items == {} and t.player(A).spaces_used == 1  # left her License space
    assert t.turn.buyers == ((0, 2),)
    t = nxt(t)  # Bo's turn
    assert t.turn.current == 1 and t.turn.buying is None
    t = nxt(t)  # Chiyo's turn
    assert t.turn.current == 2 and t.turn.buying is None
    t = give(t, B, upper=[("eel", 400)])
    t = nxt(t)  # Chiyo's turn ends: Aiko's Buyer purchase opens, no turn yet
    assert t.turn.buying == (0, 2) and t.turn.phase == "buyer" and t.turn.ap_left is None
    assert t.turn.current == 2 and t.turn.buyers == ()
    eel_tokens = t.player(A).fish.eel
    lines = preview_lines(
        t,
        {
            "type": "purchase",
            "player": A,
            "buyer": True,
            "barrels": [{"from": B, "fish": "eel", "row": "upper", "price": 400}],
        },
    )
    assert "Aiko → Bo: ¥400 (purchase)" in lines
    assert lines[-2:] == ["Aiko's Buyer token goes back to Influence", "Daichi's turn starts"]
    before = yen(t)
    t = act(
        t,
        "purchase",
        player=A,
        buyer=True,
        barrels=[{"from": B, "fish": "eel", "row": "upper", "price": 400}],
    )
    after = yen(t)
    assert after[A] - before[A] == -400 and after[B] - before[B] == 400
    assert t.player(A).fish.eel == eel_tokens + 1 and rows(t, B) == ([], [])
    assert t.stock["influence.buyer_token"] == 2
    # The player left of Chiyo plays next, with a whole turn.
    assert t.turn.current == 3 and t.turn.buying is None and t.turn.ap_left == 2
    assert t.turn.phase in ("start", "actions")


def test_buying_nothing_or_next_turn_returns_the_token_unused() -> None:
    t = nxt(act(bought_token(), "assign_buyer", player=A, to=B), 2)
    assert t.turn.buying == (0, 1)
    passed = act(t, "purchase", player=A, buyer=True, barrels=[])
    assert passed.stock["influence.buyer_token"] == 2 and passed.turn.current == 2
    assert yen(passed) == yen(t)
    assert preview_lines(t, {"type": "purchase", "player": A, "buyer": True, "barrels": []})[0] == (
        "Aiko buys nothing with the Buyer token"
    )
    skipped = nxt(t)
    assert skipped.stock["influence.buyer_token"] == 2 and skipped.turn.current == 2
    assert skipped.turn.buying is None and skipped.turn.ap_left == 2


def test_a_crashed_influence_still_takes_the_token_back() -> None:
    """§18: Influence Crashed stays open; Buyer tokens return after use."""
    t = visit(exp_table(), "influence", buyer_tokens=2, expansion_tokens=["fish", "fish"])
    assert t.stock["influence.buyer_token"] == 0
    assert t.stock["influence.expansion_token"] == 0  # no token left: the crash condition
    t = act(t, "assign_buyer", player=A, to=B)
    t = act(t, "assign_buyer", player=A, to=B)
    t = nxt(t, 2)
    assert t.turn.buying == (0, 1)
    t = act(t, "purchase", player=A, buyer=True, barrels=[])
    # Two tokens given to Bo: the second purchase opens at once, in the order given.
    assert t.turn.buying == (0, 1) and t.stock["influence.buyer_token"] == 1
    t = act(t, "purchase", player=A, buyer=True, barrels=[])
    assert t.turn.buying is None and t.stock["influence.buyer_token"] == 2
    assert t.turn.current == 2


def test_refusals_change_nothing() -> None:
    t = bought_token()
    refused(t, "assign_buyer", "buyer.not_self", player=A, to=A)
    refused(
        act(t, "assign_buyer", player=A, to=B), "assign_buyer", "buyer.none_held", player=A, to=C
    )
    refused(t, "assign_buyer", "not_your_turn", player=B, to=C)
    refused(t, "assign_buyer", "bk.no_player", player=A, to="Nobody")
    # No purchase open: a Buyer purchase is refused.
    refused(t, "purchase", "buyer.no_purchase", player=A, buyer=True, barrels=[])
    t = give(nxt(act(t, "assign_buyer", player=A, to=B), 2), C, upper=[("eel", 300)])
    # Between the turns: nobody else acts, and the buyer never buys from herself.
    refused(t, "purchase", "buyer.not_theirs", player=C, buyer=True, barrels=[])
    refused(t, "open_port", "buyer.between_turns", player=B)
    refused(
        t,
        "purchase",
        "buyer.between_turns",
        player=C,
        barrels=[{"from": A, "fish": "eel", "row": "upper", "price": 300}],
    )
    refused(
        give(t, A, upper=[("eel", 200)]),
        "purchase",
        "own_barrel",
        player=A,
        buyer=True,
        barrels=[{"from": A, "fish": "eel", "row": "upper", "price": 200}],
    )
    refused(
        give(t, A, yen=100),
        "purchase",
        "short_of_yen",
        player=A,
        buyer=True,
        barrels=[{"from": C, "fish": "eel", "row": "upper", "price": 300}],
    )
    # A plain purchase still needs a barrel.
    refused(nxt(bought_token(), 0), "purchase", "nothing_to_buy", player=A, barrels=[])


def test_a_token_given_at_the_end_of_the_game() -> None:
    """AMB-50: the buyer still buys after the last turn of the player it was given to,
    before scoring; a token given to a player who gets no further turn goes back unused."""
    t = act(bought_token(), "assign_buyer", player=A, to=B)
    # The end was triggered by Aiko's turn: Bo, Chiyo and Daichi each play once more.
    t = replace(t, turn=replace(t.turn, triggered_by=0, final_turns=(1, 2, 3)))
    t = nxt(t, 2)  # Bo's final turn ends
    assert t.turn.buying == (0, 1) and not t.turn.finished
    t = act(t, "purchase", player=A, buyer=True, barrels=[])
    assert t.turn.current == 2 and t.turn.final_turns == (3,)
    # Given to someone whose turns are over: back at the end, unused.
    late = replace(t, turn=replace(t.turn, buyers=((2, 1),)))
    late = replace(late, stock={**late.stock, "influence.buyer_token": 1})
    done = nxt(late, 2)
    assert done.turn.finished and done.turn.buyers == ()
    assert done.stock["influence.buyer_token"] == 2


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["next", "assign", "pass"]), max_size=25))
def test_buyer_tokens_are_never_lost_or_made(steps: list[str]) -> None:
    """Held + given + in use + on the board = 2, whatever the turns do; a purchase is open
    only between turns."""
    t = visit(exp_table(), "influence", buyer_tokens=2)
    for step in steps:
        seat = t.turn.current
        name = t.players[seat].name
        if step == "assign" and t.turn.buying is None and t.players[seat].items.get("buyer_token"):
            t = act(t, "assign_buyer", player=name, to=t.players[(seat + 2) % 4].name)
        elif step == "pass" and t.turn.buying is not None:
            t = act(t, "purchase", player=t.players[t.turn.buying[0]].name, buyer=True, barrels=[])
        else:
            t = nxt(t)
        held = sum(p.items.get("buyer_token", 0) for p in t.players)
        total = held + len(t.turn.buyers) + (t.turn.buying is not None)
        assert total + t.stock["influence.buyer_token"] == 2
        assert (t.turn.buying is None) == (t.turn.ap_left is not None)
