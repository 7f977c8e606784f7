"""Fugu (fish-markets.md §3)."""

from __future__ import annotations

from companion.rules.fish import Fish, MarketValues
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused


def test_sell_four_at_once() -> None:
    t = act(
        give(game(), "Aiko", fish=Fish(fugu=4)),
        "visit",
        player="Aiko",
        market="fugu",
        entry="ap",
        sell={"fugu": 4},
    )
    assert t.player("Aiko").yen == 3600 and t.board_tokens["fugu"] == 11


def test_hold_five_sell_two_the_rest_worth_nine() -> None:
    t = act(
        give(game(), "Aiko", fish=Fish(fugu=5)),
        "visit",
        player="Aiko",
        market="fugu",
        entry="ap",
        sell={"fugu": 2},
    )
    assert t.player("Aiko").yen == 2400
    assert MARKETS["fugu"].resources(t.player("Aiko").fish, t.values, 0) == 9


def test_hold_three_is_nine_resources() -> None:
    assert MARKETS["fugu"].resources(Fish(fugu=3), MarketValues(), 0) == 9


def test_the_free_licence_and_its_return_on_unloading_a_fugu_barrel() -> None:
    t = act(game(), "visit", player="Aiko", market="fugu", entry="ap", licenses=1)
    assert t.player("Aiko").yen == 2000 and t.board_licenses["fugu"] == 0
    t = act(t, "fishing", player="Aiko", caught={"fugu": 1})
    assert t.player("Aiko").licenses.get("fugu") == 1 and t.board_barrels["fugu"] == 2
    t = act(t, "next_turn")
    for _ in range(3):
        t = act(t, "next_turn")
    t = act(
        t, "fishing", player="Aiko", unloaded={"fugu": 1}, for_sale=[{"fish": "fugu", "price": 300}]
    )
    assert "fugu" not in t.player("Aiko").licenses and t.board_licenses["fugu"] == 1


def test_self_buy_of_a_degraded_fugu_at_300() -> None:
    t = give(game(), "Bo", lower=[("fugu", 300)])
    t = act(t, "next_turn")
    t = act(t, "start_turn", player="Bo", buy_fugu=1)
    assert t.player("Bo").yen == 1700 and t.player("Bo").fish.fugu == 1
    assert t.board_barrels["fugu"] == 4  # 3 printed + this one back


def test_only_one_licence_exists() -> None:
    t = act(game(), "visit", player="Aiko", market="fugu", entry="ap", licenses=1)
    t = act(t, "next_turn")
    refused(t, "visit", "licences_left", player="Bo", market="fugu", entry="ap", licenses=1)
    refused(t, "visit", "licences_per_visit", player="Bo", market="fugu", entry="ap", licenses=2)
