"""Red Snapper (fish-markets.md §6; AMB-10)."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.catalogue import RED_SNAPPER_GRID
from companion.rules.fish import Fish, MarketValues
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give

RS = MARKETS["red_snapper"]


def test_twelve_remaining_two_held_is_eight() -> None:
    assert RS.resources(Fish(red_snapper=2), MarketValues(red_snapper_remaining=12), 0) == 8


def test_zero_remaining_is_overfished_two_each() -> None:
    assert RS.resources(Fish(red_snapper=3), MarketValues(red_snapper_remaining=0), 0) == 6


def test_overfished_by_barrels_with_seven_left_is_two_each() -> None:
    values = MarketValues(red_snapper_remaining=7, overfished=frozenset({"red_snapper"}))
    assert RS.resources(Fish(red_snapper=1), values, 0) == 2


def test_start_of_game_is_six() -> None:
    assert RS.resources(Fish(red_snapper=1), MarketValues(), 0) == 6


def test_buying_barrels_takes_the_next_grid_tokens() -> None:
    t = give(game(), "Bo", upper=[("red_snapper", 100)] * 3)
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "red_snapper", "row": "upper", "price": 100}] * 3,
    )
    assert t.values.red_snapper_remaining == 15 and t.player("Aiko").fish.red_snapper == 3
    assert RED_SNAPPER_GRID[:3] == (6, 6, 5)
    assert RS.resources(t.player("Aiko").fish, t.values, 0) == 15


def test_the_last_grid_token_overfishes_red_snapper() -> None:
    t = give(game(), "Bo", upper=[("red_snapper", 0)])
    t = replace(t, values=replace(t.values, red_snapper_remaining=1))
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "red_snapper", "row": "upper", "price": 0}],
    )
    assert "red_snapper" in t.values.overfished and t.board_barrels["red_snapper"] == 0
