"""Eel (fish-markets.md §2; turn-and-scoring.md §2, "A enters Eel")."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish, MarketValues
from companion.rules.guided import preview_lines
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused, yen


def eel_at(value: int) -> object:
    t = game()
    return replace(t, values=replace(t.values, eel=value))


def test_sell_two_at_six_the_en_example() -> None:
    t = give(eel_at(6), "Aiko", fish=Fish(eel=2))
    t = act(t, "visit", player="Aiko", market="eel", entry="ap", sell={"eel": 2})
    assert t.player("Aiko").yen == 3200 and t.values.eel == 2
    assert t.player("Aiko").fish.eel == 0 and t.board_tokens["eel"] == 15
    assert t.turn.ap_left == 1


def test_sell_two_at_three_clamps_at_one() -> None:
    t = give(eel_at(3), "Aiko", fish=Fish(eel=2))
    t = act(t, "visit", player="Aiko", market="eel", entry="ap", sell={"eel": 2})
    assert t.player("Aiko").yen == 2600 and t.values.eel == 1


def test_three_barrels_placed_for_sale_move_the_track_three() -> None:
    t = give(eel_at(1), "Aiko", at_sea={"eel": 3})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"eel": 3},
        for_sale=[{"fish": "eel", "price": 300}] * 3,
    )
    assert t.values.eel == 4


def test_the_track_stops_at_thirteen() -> None:
    t = give(eel_at(12), "Aiko", at_sea={"eel": 3})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"eel": 3},
        for_sale=[{"fish": "eel", "price": 300}] * 3,
    )
    assert t.values.eel == 13


def test_caught_barrels_do_not_move_the_track() -> None:
    t = give(eel_at(1), "Aiko", licenses={"eel": 2})
    t = act(t, "fishing", player="Aiko", caught={"eel": 2})
    assert t.values.eel == 1 and t.player("Aiko").at_sea == {"eel": 2}


def test_value_seven_two_eel_is_fourteen_resources() -> None:
    assert MARKETS["eel"].resources(Fish(eel=2), MarketValues(eel=7), 0) == 14


def test_entering_pays_every_holder_the_visitor_too() -> None:
    """turn-and-scoring.md §2: A enters Eel; A holds 1 Eel licence, B 2, C none →
    A +¥100, B +¥200."""
    t = give(game(), "Aiko", licenses={"mackerel": 1, "eel": 1}, fish=Fish(eel=1))
    t = give(t, "Bo", licenses={"mackerel": 1, "eel": 2})
    t = act(t, "visit", player="Aiko", market="eel", entry="ap", sell={"eel": 1})
    assert yen(t) == {"Aiko": 2000 + 100 + 100, "Bo": 2200, "Chiyo": 2000, "Daichi": 2000}


def test_licences_cost_500_each_without_a_per_visit_limit() -> None:
    t = act(game(), "visit", player="Aiko", market="eel", entry="ap", licenses=2)
    assert t.player("Aiko").yen == 1000 and t.player("Aiko").licenses["eel"] == 2
    assert t.board_licenses["eel"] == 2


def test_the_preview_lists_the_movements_in_order() -> None:
    t = give(eel_at(6), "Aiko", fish=Fish(eel=2), licenses={"mackerel": 1, "eel": 1})
    t = give(t, "Bo", licenses={"eel": 1})
    lines = preview_lines(
        t,
        {
            "type": "visit",
            "player": "Aiko",
            "market": "eel",
            "entry": "ap",
            "sell": {"eel": 2},
            "licenses": 1,
        },
    )
    assert lines == [
        "Aiko spends 1 AP (1 left)",
        "the supply → Aiko: ¥100 (licences)",
        "the supply → Bo: ¥100 (licences)",
        "Aiko returns 2 Eel tokens to its market",
        "Aiko sells 2 Eel for ¥1,200",
        "the supply → Aiko: ¥1,200 (sale)",
        "Eel value 6 → 2",
        "Aiko → the supply: ¥500 (licence)",
        "Aiko takes 1 Eel licence (3 left on the board)",
    ]


def test_refusals_change_nothing() -> None:
    t = give(game(), "Aiko", fish=Fish(eel=1))
    refused(t, "visit", "entry_not_printed", player="Aiko", market="eel", entry="yen", licenses=1)
    refused(t, "visit", "no_interaction", player="Aiko", market="eel", entry="ap")
    refused(t, "visit", "not_held", player="Aiko", market="eel", entry="ap", sell={"eel": 2})
    one_left = replace(t, board_licenses={**t.board_licenses, "eel": 1})
    refused(one_left, "visit", "licences_left", player="Aiko", market="eel", entry="ap", licenses=2)
    full = give(t, "Aiko", licenses={"mackerel": 1, "eel": 2})
    refused(full, "visit", "spaces_free", player="Aiko", market="eel", entry="ap", licenses=2)
    refused(t, "visit", "bad_count", player="Aiko", market="eel", entry="ap", licenses=5)
    refused(
        t, "visit", "sell_wrong_fish", player="Aiko", market="eel", entry="ap", sell={"tuna": [20]}
    )
    refused(
        give(t, "Aiko", yen=400),
        "visit",
        "short_of_yen",
        player="Aiko",
        market="eel",
        entry="ap",
        licenses=1,
    )
    refused(t, "visit", "not_your_turn", player="Bo", market="eel", entry="ap", licenses=1)
    refused(t, "visit", "bad_field", player="Aiko", market="eel", entry="ap", cans=1)
