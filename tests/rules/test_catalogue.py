"""The market catalogue against shared/rules/setup.md, fish-markets.md, external-markets.md
and the market ids of shared/spec/api.md; plus the doctest examples of the rules core."""

from __future__ import annotations

import doctest
import importlib
from math import ceil

import pytest

from companion.rules.catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_MARKETS,
    EXTRA_EXTERNAL_MARKETS,
    EXTRA_FISH_MARKETS,
    FISH_KEYS,
    FISH_MARKETS,
    MARKET_OF_TOKEN,
    RED_SNAPPER_GRID,
    RED_SNAPPER_TOKENS,
    SPIDER_CRAB_TOKENS,
    SPIDER_CRAB_VALUES,
    TOKEN_NAMES,
    TUNA_TOKENS,
    TUNA_VALUES,
    mackerel_licenses,
    per_p,
    sardine_license_price,
)
from companion.rules.external_catalogue import ships_on_market
from companion.rules.fish import FISH_FIELDS, Fish
from companion.rules.resources import red_snapper_value

# shared/spec/api.md, "Market ids".
API_BASE_FISH = {
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "red_snapper",
    "salmon",
    "spider_crab",
    "squid",
    "tuna",
}
API_EXPANSION_FISH = {"clams_oysters", "himono", "horse_mackerel", "nori", "sardine", "swordfish"}
API_BASE_EXTERNAL = {
    "ships",
    "aquarium",
    "auction",
    "bank",
    "barter",
    "government",
    "rentals",
    "trading",
    "used_ships",
}
API_EXPANSION_EXTERNAL = {
    "overseas",
    "influence",
    "new_aquarium",
    "overfishing",
    "boat_rentals",
    "sushi",
}


def test_market_ids_match_the_api_spec() -> None:
    assert set(BASE_FISH) == API_BASE_FISH
    assert set(EXPANSION_FISH) == API_EXPANSION_FISH
    assert set(BASE_EXTERNAL) == API_BASE_EXTERNAL
    assert set(EXPANSION_EXTERNAL) == API_EXPANSION_EXTERNAL
    assert len(FISH_MARKETS) == len(EXTERNAL_MARKETS) == 15
    for markets in (FISH_MARKETS, EXTERNAL_MARKETS):
        assert all(key == m.id for key, m in markets.items())


def test_fish_keys_follow_the_snapshot_spec(example_snapshot: dict) -> None:
    # Aiko's fish in snapshot.md holds every key, in the spec's order.
    assert FISH_KEYS == tuple(example_snapshot["players"][0]["fish"])
    assert len(set(FISH_KEYS)) == 17


def test_every_token_key_belongs_to_one_market() -> None:
    assert set(MARKET_OF_TOKEN) == set(FISH_KEYS)
    assert set(TOKEN_NAMES) == set(FISH_KEYS)
    assert MARKET_OF_TOKEN["takoyaki"] == "octopus"  # AMB-38
    assert MARKET_OF_TOKEN["clam"] == MARKET_OF_TOKEN["oyster"] == "clams_oysters"
    for key in FISH_KEYS:
        if key not in ("takoyaki", "clam", "oyster"):
            assert MARKET_OF_TOKEN[key] == key
    assert set(MARKET_OF_TOKEN.values()) == set(FISH_MARKETS)


def test_fish_holds_every_key() -> None:
    fish = Fish()
    assert all(fish.count(key) == 0 for key in FISH_KEYS)
    assert "salmon_fresh" in FISH_FIELDS and "salmon_degraded" in FISH_FIELDS


# setup.md §3.3: barrels / tokens / licences on the board, P = 2..6.
STOCK = {
    "mackerel": [(12, 30, 2), (15, 30, 3), (15, 30, 4), (15, 30, 3), (15, 30, 2)],
    "eel": [(4, 13, 2), (6, 13, 3), (8, 13, 4), (8, 13, 4), (8, 13, 4)],
    "fugu": [(3, 7, 1)] * 5,
    "octopus": [(4, 4, 2), (6, 6, 3), (6, 6, 3), (6, 6, 3), (6, 6, 3)],
    "red_snapper": [(6, 18, 2), (9, 18, 3), (9, 18, 3), (9, 18, 3), (9, 18, 3)],
    "salmon": [(4, 10, 2), (4, 10, 3), (4, 10, 4), (4, 10, 4), (4, 10, 4)],
    "spider_crab": [(5, 10, 2), (5, 10, 3), (5, 10, 3), (5, 10, 3), (5, 10, 3)],
    "squid": [(4, 8, 2), (6, 8, 3), (7, 8, 4), (7, 8, 4), (7, 8, 4)],
    "tuna": [(6, 5, 2), (6, 5, 3), (6, 5, 3), (6, 5, 3), (6, 5, 3)],
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("market", sorted(STOCK))
def test_base_stock_by_player_count(market: str, players: int) -> None:
    m = FISH_MARKETS[market]
    stock = (per_p(m.barrels, players), per_p(m.tokens, players), per_p(m.licenses, players))
    assert stock == STOCK[market][players - 2]


@pytest.mark.parametrize(
    ("players", "normal", "no_set_aside"), [(2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 3, 5), (6, 2, 6)]
)
def test_mackerel_licences(players: int, normal: int, no_set_aside: int) -> None:
    assert mackerel_licenses(players) == normal
    assert mackerel_licenses(players, set_aside=False) == no_set_aside


def test_expansion_numbers_not_in_source_are_none() -> None:
    for market in ("clams_oysters", "himono", "horse_mackerel", "nori", "swordfish"):
        m = FISH_MARKETS[market]
        assert per_p(m.barrels, 4) is None and per_p(m.licenses, 4) is None
    assert per_p(FISH_MARKETS["sardine"].licenses, 3) == 2


@pytest.mark.parametrize("players", [0, 1, 7])
def test_per_p_refuses_impossible_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        per_p(FISH_MARKETS["eel"].barrels, players)


def test_bag_tokens() -> None:
    assert sorted(SPIDER_CRAB_TOKENS) == [4, 4, 4, 4, 6, 6, 6, 6, 8, 8]
    assert sorted(TUNA_TOKENS) == [15, 15, 15, 20, 25]
    assert SPIDER_CRAB_VALUES == {4, 6, 8}
    assert TUNA_VALUES == {15, 20, 25}
    bag = {m.id for m in FISH_MARKETS.values() if m.tokens_in_bag}
    assert bag == {"spider_crab", "tuna", "clams_oysters"}


def test_red_snapper_grid_matches_the_value_formula() -> None:
    # fish-markets.md §6: taking in column order reveals exactly ceil(remaining / 3),
    # and the 18th token (0 remaining: Overfished) shows the flat 2.
    assert RED_SNAPPER_GRID == (6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 2)
    assert RED_SNAPPER_TOKENS == 18
    for taken, revealed in enumerate(RED_SNAPPER_GRID, start=1):
        remaining = RED_SNAPPER_TOKENS - taken
        assert red_snapper_value(remaining) == revealed
        if remaining:
            assert revealed == ceil(remaining / 3)


@pytest.mark.parametrize(
    ("market", "price", "per_visit"),
    [
        ("eel", 500, None),
        ("fugu", 0, 1),
        ("mackerel", 100, 1),
        ("octopus", 300, None),
        ("red_snapper", 300, None),
        ("salmon", 400, None),
        ("spider_crab", 800, None),
        ("squid", 300, None),
        ("tuna", 1000, None),
        ("clams_oysters", 500, None),
        ("himono", 400, 1),
        ("horse_mackerel", 200, None),
        ("nori", 0, 1),
        ("sardine", 500, None),
        ("swordfish", 600, None),
    ],
)
def test_licence_prices(market: str, price: int, per_visit: int | None) -> None:
    m = FISH_MARKETS[market]
    assert (m.license_price, m.licenses_per_visit) == (price, per_visit)


def test_sardine_licence_price() -> None:
    assert sardine_license_price(2) == 500
    assert sardine_license_price(1) == 300
    assert sardine_license_price(2) + sardine_license_price(1) == 800


def test_licence_payout_and_holding_limits() -> None:
    assert not FISH_MARKETS["horse_mackerel"].pays_license_holders
    assert all(m.pays_license_holders for m in FISH_MARKETS.values() if m.id != "horse_mackerel")
    assert FISH_MARKETS["nori"].max_licenses_per_player == 1


@pytest.mark.parametrize(
    ("market", "options"),
    [
        ("eel", {("ap", 1)}),
        ("fugu", {("ap", 1)}),
        ("mackerel", {("ap", 1)}),
        ("octopus", {("yen", 200), ("ap", 2), ("token", 1)}),
        ("red_snapper", {("ap", 1)}),
        ("salmon", {("yen", 400)}),
        ("spider_crab", {("ap", 1)}),
        ("squid", {("ap", 2), ("token", 1)}),
        ("tuna", {("ap", 1)}),
        ("clams_oysters", {("barrel", 1)}),
        ("horse_mackerel", {("free", 0)}),
        ("nori", {("free", 0)}),
        ("himono", set()),
        ("sardine", set()),
        ("swordfish", set()),
    ],
)
def test_fish_market_entry(market: str, options: set[tuple[str, int]]) -> None:
    assert {(o.kind, o.amount) for o in FISH_MARKETS[market].entry} == options


@pytest.mark.parametrize(
    ("market", "options"),
    [
        ("ships", {("ap", 1)}),
        ("aquarium", {("ap", 2)}),
        ("auction", {("ap", 1)}),
        ("bank", {("ap", 2), ("yen", 100)}),
        ("barter", {("ap", 1)}),
        ("government", {("free", 0)}),
        ("trading", {("ap", 1)}),
        ("used_ships", {("ap", 1)}),
        ("overseas", {("yen", 100)}),
        ("overfishing", set()),
    ],
)
def test_external_market_entry(market: str, options: set[tuple[str, int]]) -> None:
    assert {(o.kind, o.amount) for o in EXTERNAL_MARKETS[market].entry} == options


def test_crash_sides() -> None:
    sides = {m.id: m.crash_side for m in EXTERNAL_MARKETS.values()}
    assert {k for k, v in sides.items() if v == "crashed"} == {"ships", "trading", "influence"}
    assert {k for k, v in sides.items() if v == "closed"} == {
        "aquarium",
        "bank",
        "government",
        "rentals",
        "new_aquarium",
        "boat_rentals",
        "sushi",
    }
    assert {k for k, v in sides.items() if v is None} == {
        "auction",
        "barter",
        "used_ships",
        "overseas",
        "overfishing",
    }


def test_external_stock_and_player_limits() -> None:
    assert EXTERNAL_MARKETS["bank"].stock == {"loans": 3, "shares": 2}
    assert EXTERNAL_MARKETS["rentals"].stock == {"freezers": 2, "carts": 2}
    assert EXTERNAL_MARKETS["influence"].stock == {"buyer_tokens": 2, "expansion_tokens": 2}
    assert EXTERNAL_MARKETS["boat_rentals"].stock == {"rental_tokens": 6}
    assert EXTERNAL_MARKETS["auction"].min_players == 3
    assert all(m.min_players == 2 for m in EXTERNAL_MARKETS.values() if m.id != "auction")


def test_extra_markets_by_player_count() -> None:
    assert EXTRA_FISH_MARKETS == (3, 4, 4, 5, 5)
    assert EXTRA_EXTERNAL_MARKETS == (2, 2, 3, 3, 4)


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, (1, 2, 1, 1, 1)),
        (3, (1, 3, 2, 1, 1)),
        (4, (1, 4, 3, 1, 1)),
        (5, (1, 4, 3, 1, 1)),
        (6, (0, 4, 3, 1, 1)),
    ],
)
def test_ships_on_market(players: int, expected: tuple[int, ...]) -> None:
    ships = ships_on_market(players)
    assert (
        ships["one_slot"],
        ships["two_slot"],
        ships["three_slot"],
        ships["four_slot"],
        ships["barge"],
    ) == expected


@pytest.mark.parametrize(
    "module", ["catalogue", "external_catalogue", "endgame", "resources", "scoring"]
)
def test_docstring_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"companion.rules.{module}"))
    assert result.attempted > 0
    assert result.failed == 0
