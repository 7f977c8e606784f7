"""Squid (fish-markets.md §9; AMB-18, AMB-19)."""

from __future__ import annotations

from companion.rules.fish import Fish
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused


def test_sell_three_for_1800_resources_unchanged() -> None:
    t = act(
        give(game(), "Aiko", fish=Fish(squid=3)),
        "visit",
        player="Aiko",
        market="squid",
        entry="ap",
        sell={"squid": 3},
    )
    assert t.player("Aiko").yen == 3800 and t.turn.ap_left == 0
    assert MARKETS["squid"].resources(Fish(squid=3), t.values, 0) == 0


def test_enter_with_any_fish_token_back_to_its_market() -> None:
    t = give(game(), "Aiko", fish=Fish(tuna=(20,), squid=1))
    bag = t.bag.count("tuna:20")
    t = act(
        t,
        "visit",
        player="Aiko",
        market="squid",
        entry={"token": {"fish": "tuna", "value": 20}},
        sell={"squid": 1},
    )
    assert t.bag.count("tuna:20") == bag + 1 and t.turn.ap_left == 2
    assert t.player("Aiko").yen == 2600


def test_one_ap_is_not_enough() -> None:
    t = act(give(game(), "Aiko", at_sea={"eel": 0}), "fishing", player="Aiko")
    refused(
        give(t, "Aiko", fish=Fish(squid=1)),
        "visit",
        "not_enough_ap",
        player="Aiko",
        market="squid",
        entry="ap",
        sell={"squid": 1},
    )
