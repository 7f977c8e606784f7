"""Government (external-markets.md §8): free once per turn; left place 3 tokens × ¥300,
right place 10 × ¥200, whatever the tokens' Resources; the tokens stay on the board (they
never go back to their fish market)."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import give, turn_of
from .support import lines, refuse_visit, table, visit


def test_three_squid_left_and_two_mackerel_right_pay_1300() -> None:
    """§8 test case: 3 Squid to the left (empty) and 2 Mackerel to the right → +¥1,300."""
    t = give(table(), "Aiko", fish=Fish(squid=3, mackerel=2))
    board = dict(t.board_tokens)
    t = visit(t, "government", entry="free", left=["squid"] * 3, right=["mackerel"] * 2)
    assert t.player("Aiko").yen == 3300 and t.player("Aiko").fish == Fish()
    assert t.places["government.left"] == ("squid",) * 3
    assert t.places["government.right"] == ("mackerel",) * 2
    # The tokens stay on the Government board: the fish markets' stock is untouched.
    assert t.board_tokens == board
    assert t.turn.ap_left == 2


def test_value_is_ignored_and_any_token_goes() -> None:
    t = give(table(), "Aiko", fish=Fish(tuna=(25,), takoyaki=1, salmon_degraded=1))
    t = visit(t, "government", entry="free", left=["tuna:25", "takoyaki", "salmon:degraded"])
    assert t.player("Aiko").yen == 2900


def test_a_fourth_token_on_the_left_is_refused() -> None:
    t = give(table(), "Aiko", fish=Fish(squid=4))
    msg = refuse_visit(t, "government", "ext.place_room", entry="free", left=["squid"] * 4)
    assert msg == "There is room for 3 more tokens on the Government's left place."
    t = visit(t, "government", entry="free", left=["squid"] * 3)
    refuse_visit(turn_of(t, "Aiko"), "government", "ext.place_room", entry="free", left=["squid"])


def test_once_per_turn_and_never_when_full() -> None:
    t = give(table(), "Aiko", fish=Fish(squid=14))
    t = visit(t, "government", entry="free", right=["squid"])
    refuse_visit(t, "government", "free_once", entry="free", right=["squid"])
    full = visit(
        turn_of(t, "Aiko"), "government", entry="free", left=["squid"] * 3, right=["squid"] * 9
    )
    assert full.player("Aiko").yen == 2000 + 200 + 900 + 1800
    refuse_visit(turn_of(full, "Aiko"), "government", "ext.government_full", entry="free")


def test_refusals_change_nothing() -> None:
    t = give(table(), "Aiko", fish=Fish(squid=1))
    refuse_visit(t, "government", "not_held", entry="free", left=["eel"])
    refuse_visit(t, "government", "ext.token_code", entry="free", left=["whale"])
    refuse_visit(t, "government", "ext.token_value", entry="free", left=["tuna:99"])
    refuse_visit(t, "government", "entry_not_printed", entry="ap", left=["squid"])
    refuse_visit(t, "government", "ext.no_interaction", entry="free")
    assert lines(t, "government", entry="free", right=["squid"])[-1] == (
        "the supply → Aiko: ¥200 (Government)"
    )
