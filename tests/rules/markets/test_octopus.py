"""Octopus and Takoyaki (fish-markets.md §5)."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused, rows


def test_trade_two_octopus_for_six_takoyaki_for_sale() -> None:
    t = give(game(), "Aiko", fish=Fish(octopus=2))
    t = act(
        t,
        "visit",
        player="Aiko",
        market="octopus",
        entry="yen",
        trade=2,
        takoyaki_prices=[300, 300, 400, 400, 500, 0],
    )
    p = t.player("Aiko")
    assert p.fish.octopus == 0 and p.fish.takoyaki == 0 and p.yen == 1800
    assert [f for f, _ in rows(t, "Aiko")[0]] == ["takoyaki"] * 6
    assert t.board_tokens["takoyaki"] == 6 and t.board_tokens["octopus"] == 8
    assert MARKETS["octopus"].resources(p.fish, t.values, 0) == 0  # for sale: 0 R


def test_trade_is_limited_by_takoyaki_left_on_the_board() -> None:
    t = give(game(), "Aiko", fish=Fish(octopus=1))
    t = replace(t, board_tokens={**t.board_tokens, "takoyaki": 2})
    t2 = act(
        t, "visit", player="Aiko", market="octopus", entry="ap", trade=1, takoyaki_prices=[300, 300]
    )
    assert len(rows(t2, "Aiko")[0]) == 2
    refused(
        t,
        "visit",
        "takoyaki_count",
        player="Aiko",
        market="octopus",
        entry="ap",
        trade=1,
        takoyaki_prices=[300, 300, 300],
    )


def test_b_buys_a_takoyaki_listed_at_300() -> None:
    t = give(game(), "Bo", upper=[("takoyaki", 300)])
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "takoyaki", "row": "upper", "price": 300}],
    )
    assert t.player("Aiko").yen == 1700 and t.player("Bo").yen == 2300
    assert t.player("Aiko").fish.takoyaki == 1
    assert MARKETS["octopus"].resources(t.player("Aiko").fish, t.values, 0) == 5
    assert t.board_tokens["takoyaki"] == 12  # no market involved


def test_enter_paying_one_takoyaki_it_goes_back_and_payouts_follow() -> None:
    t = give(game(), "Aiko", fish=Fish(takoyaki=1, octopus=1), licenses={"octopus": 1})
    t = act(
        t,
        "visit",
        player="Aiko",
        market="octopus",
        entry={"token": {"fish": "takoyaki"}},
        trade=1,
        takoyaki_prices=[100] * 3,
    )
    assert t.player("Aiko").fish.takoyaki == 0 and t.player("Aiko").yen == 2100
    assert t.board_tokens["takoyaki"] == 12 - 3 + 1 and t.turn.ap_left == 2


def test_enter_with_a_takoyaki_from_your_own_harbor() -> None:
    t = give(game(), "Aiko", upper=[("takoyaki", 500)])
    t = act(
        t,
        "visit",
        player="Aiko",
        market="octopus",
        entry={"token": {"fish": "takoyaki", "from": "harbor", "price": 500}},
        licenses=1,
    )
    assert rows(t, "Aiko") == ([], []) and t.board_tokens["takoyaki"] == 13
    assert t.player("Aiko").yen == 1700


def test_two_ap_entry_and_takoyaki_never_degrade() -> None:
    t = act(
        give(game(), "Aiko", upper=[("takoyaki", 200)], lower=[("takoyaki", 100)]),
        "visit",
        player="Aiko",
        market="octopus",
        entry="ap",
        licenses=1,
    )
    assert t.turn.ap_left == 0
    for _ in range(4):
        t = act(t, "next_turn")
    assert rows(t, "Aiko") == ([("takoyaki", 200)], [("takoyaki", 100)])


def test_octopus_cannot_sell() -> None:
    refused(
        give(game(), "Aiko", fish=Fish(octopus=1)),
        "visit",
        "cannot_sell",
        player="Aiko",
        market="octopus",
        entry="ap",
        sell={"octopus": 1},
    )
