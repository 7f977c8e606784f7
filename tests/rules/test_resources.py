"""Resource values of fish tokens: the test-case tables of shared/rules/fish-markets.md and
turn-and-scoring.md §7."""

from __future__ import annotations

import pytest

from companion.rules.fish import Fish, MarketValues
from companion.rules.resources import (
    clamp_track,
    fugu_resources,
    nori_value,
    red_snapper_value,
    resources_by_fish,
    salmon_in_game,
    table_resources,
    total_resources,
)


def by_fish(fish: Fish, values: MarketValues | None = None, salmon: int | None = None) -> dict:
    """Resources per fish for a player alone at the table (S = their own Salmon)."""
    values = values or MarketValues()
    if salmon is None:
        salmon = salmon_in_game([fish])
    return resources_by_fish(fish, values, salmon)


# --- Eel / Swordfish -------------------------------------------------------------------


def test_eel_value_7_two_tokens_is_14() -> None:
    assert by_fish(Fish(eel=2), MarketValues(eel=7)) == {"eel": 14}


@pytest.mark.parametrize("track", [1, 6, 13])
def test_eel_is_track_value_per_token(track: int) -> None:
    assert by_fish(Fish(eel=3), MarketValues(eel=track)) == {"eel": 3 * track}


@pytest.mark.parametrize("track", [1, 6, 13])
def test_swordfish_is_track_value_per_token(track: int) -> None:
    assert by_fish(Fish(swordfish=2), MarketValues(swordfish=track)) == {"swordfish": 2 * track}


def test_swordfish_default_track_is_6() -> None:
    assert by_fish(Fish(swordfish=1)) == {"swordfish": 6}


def test_eel_and_swordfish_do_not_share_a_track() -> None:
    values = MarketValues(eel=2, swordfish=9)
    assert by_fish(Fish(eel=1, swordfish=1), values) == {"eel": 2, "swordfish": 9}


@pytest.mark.parametrize(
    ("moved", "expected"), [(15, 13), (14, 13), (13, 13), (7, 7), (1, 1), (0, 1), (-1, 1)]
)
def test_track_clamps_at_1_and_13(moved: int, expected: int) -> None:
    # AMB-09: V_eel 3, sell 2 → 3 − 4 → 1; V_sw 12, +2 → 13.
    assert clamp_track(moved) == expected


# --- Fugu -----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "expected"), [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16), (7, 49)])
def test_fugu_is_n_squared_in_total(n: int, expected: int) -> None:
    assert fugu_resources(n) == expected


def test_hold_3_fugu_is_9() -> None:
    assert by_fish(Fish(fugu=3)) == {"fugu": 9}


def test_hold_4_fugu_is_16_not_4_times_4_each() -> None:
    # Fugu is n² for the player's whole holding, not n² per token.
    assert by_fish(Fish(fugu=4)) == {"fugu": 16}


def test_fugu_hold_5_sell_2_leaves_9() -> None:
    assert by_fish(Fish(fugu=5).with_count("fugu", -2)) == {"fugu": 9}


# --- Red Snapper ----------------------------------------------------------------------

RED_SNAPPER_TABLE = {
    18: 6,
    17: 6,
    16: 6,
    15: 5,
    14: 5,
    13: 5,
    12: 4,
    11: 4,
    10: 4,
    9: 3,
    8: 3,
    7: 3,
    6: 2,
    5: 2,
    4: 2,
    3: 1,
    2: 1,
    1: 1,
    0: 2,
}


@pytest.mark.parametrize(("remaining", "expected"), sorted(RED_SNAPPER_TABLE.items()))
def test_red_snapper_table(remaining: int, expected: int) -> None:
    assert red_snapper_value(remaining) == expected


def test_red_snapper_table_covers_every_remaining_count() -> None:
    assert sorted(RED_SNAPPER_TABLE) == list(range(19))


def test_red_snapper_overfished_with_7_left_is_2_not_3() -> None:
    assert red_snapper_value(7) == 3
    assert red_snapper_value(7, overfished=True) == 2


@pytest.mark.parametrize("remaining", [18, 12, 1, 0])
def test_red_snapper_overfished_is_flat_2(remaining: int) -> None:
    assert red_snapper_value(remaining, overfished=True) == 2


def test_red_snapper_12_remaining_hold_2_is_8() -> None:
    assert by_fish(Fish(red_snapper=2), MarketValues(red_snapper_remaining=12)) == {
        "red_snapper": 8
    }


def test_red_snapper_start_of_game_is_6() -> None:
    assert by_fish(Fish(red_snapper=1)) == {"red_snapper": 6}


def test_red_snapper_zero_remaining_counts_as_overfished() -> None:
    # AMB-10: even if the overfished list forgot to mark it.
    assert by_fish(Fish(red_snapper=3), MarketValues(red_snapper_remaining=0)) == {"red_snapper": 6}


def test_red_snapper_overfished_market_in_values() -> None:
    values = MarketValues(red_snapper_remaining=7, overfished=frozenset({"red_snapper"}))
    assert by_fish(Fish(red_snapper=3), values) == {"red_snapper": 6}


def test_other_overfished_markets_do_not_change_values() -> None:
    # Overfishing changes no value except Red Snapper (§7).
    fish = Fish(eel=1, tuna=(20,), octopus=1, takoyaki=1, mackerel=2, fugu=2)
    healthy = by_fish(fish, MarketValues(eel=5))
    everything = frozenset({"eel", "tuna", "octopus", "mackerel", "fugu"})
    assert by_fish(fish, MarketValues(eel=5, overfished=everything)) == healthy


@pytest.mark.parametrize("remaining", [-1, 19])
def test_red_snapper_remaining_out_of_range(remaining: int) -> None:
    with pytest.raises(ValueError):
        red_snapper_value(remaining)


# --- Salmon ---------------------------------------------------------------------------


def test_salmon_fresh_is_all_salmon_owned() -> None:
    a = Fish(salmon_fresh=1)
    b = Fish(salmon_fresh=1, salmon_degraded=1)
    assert salmon_in_game([a, b]) == 3
    assert table_resources([a, b], MarketValues()) == [3, 7]
    assert resources_by_fish(b, MarketValues(), 3) == {"salmon": 7}


def test_salmon_snapshot_example() -> None:
    aiko = Fish(salmon_fresh=1, salmon_degraded=2)
    bo = Fish(salmon_fresh=1, mackerel=5)
    assert salmon_in_game([aiko, bo]) == 4
    assert resources_by_fish(aiko, MarketValues(), 4) == {"salmon": 12}
    assert resources_by_fish(bo, MarketValues(), 4) == {"mackerel": 5, "salmon": 4}


def test_only_one_salmon_in_the_game_fresh_is_1() -> None:
    assert table_resources([Fish(salmon_fresh=1), Fish()], MarketValues()) == [1, 0]


def test_degraded_salmon_is_4_whatever_s() -> None:
    assert resources_by_fish(Fish(salmon_degraded=2), MarketValues(), 9) == {"salmon": 8}


def test_salmon_of_other_players_raise_my_fresh_salmon() -> None:
    mine = Fish(salmon_fresh=2)
    assert table_resources([mine, Fish()], MarketValues())[0] == 4
    assert table_resources([mine, Fish(salmon_degraded=3)], MarketValues())[0] == 10


# --- Nori -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("other", "expected"), [(0, 0), (9, 0), (10, 1), (38, 3), (130, 13), (139, 13)]
)
def test_nori_value_is_a_tenth_rounded_down(other: int, expected: int) -> None:
    assert nori_value(other) == expected


def test_nori_with_38_other_resources_is_3() -> None:
    fish = Fish(tuna=(15, 15), mackerel=8, nori=1)  # 38 R besides the Nori
    assert by_fish(fish) == {"mackerel": 8, "tuna": 30, "nori": 3}


def test_two_nori_at_38_are_6() -> None:
    fish = Fish(tuna=(15, 15), mackerel=8, nori=2)
    assert by_fish(fish)["nori"] == 6
    assert total_resources(fish, MarketValues(), 0) == 44


def test_nori_does_not_count_other_nori() -> None:
    # 9 Nori with 10 other Resources: each worth 1, not more (no recursion, AMB-45).
    assert by_fish(Fish(mackerel=10, nori=9))["nori"] == 9


def test_nori_counts_owned_takoyaki_and_fugu_squared() -> None:
    # AMB-45: Takoyaki owned 5 each, Fugu as n² in total, Squid 0.
    fish = Fish(takoyaki=4, fugu=4, squid=5, nori=1)  # 20 + 16 + 0 = 36
    assert by_fish(fish)["nori"] == 3


def test_nori_snapshot_example_130_is_13() -> None:
    aiko = Fish(
        mackerel=3,
        eel=2,
        fugu=2,
        octopus=1,
        takoyaki=3,
        red_snapper=2,
        salmon_fresh=1,
        salmon_degraded=2,
        spider_crab=(4, 8),
        squid=1,
        tuna=(15, 25),
        clam=1,
        oyster=1,
        himono=1,
        horse_mackerel=2,
        nori=1,
        sardine=2,
        swordfish=1,
    )
    values = MarketValues(eel=7, swordfish=6, red_snapper_remaining=12)
    result = resources_by_fish(aiko, values, 4)
    assert sum(v for k, v in result.items() if k != "nori") == 130
    assert result["nori"] == 13
    assert sum(result.values()) == 143


def test_nori_alone_is_worth_nothing() -> None:
    assert by_fish(Fish(nori=3)) == {"nori": 0}


# --- Printed and flat values ----------------------------------------------------------


def test_spider_crab_printed_values() -> None:
    assert by_fish(Fish(spider_crab=(4, 6, 8))) == {"spider_crab": 18}
    assert by_fish(Fish(spider_crab=(8, 8))) == {"spider_crab": 16}


def test_tuna_printed_values() -> None:
    assert by_fish(Fish(tuna=(15, 20, 25))) == {"tuna": 60}
    assert by_fish(Fish(tuna=(15, 25))) == {"tuna": 40}


@pytest.mark.parametrize(
    ("key", "per_token"),
    [
        ("mackerel", 1),
        ("horse_mackerel", 1),
        ("sardine", 1),
        ("octopus", 3),
        ("takoyaki", 5),
        ("squid", 0),
        ("clam", 3),
        ("oyster", 1),
        ("himono", 5),
    ],
)
def test_flat_values(key: str, per_token: int) -> None:
    assert by_fish(Fish().with_count(key, 3)) == {key: 3 * per_token}


# --- Shape of the result --------------------------------------------------------------


def test_only_held_keys_in_snapshot_order() -> None:
    fish = Fish(swordfish=1, mackerel=2, squid=1, tuna=(15,))
    result = by_fish(fish)
    assert list(result) == ["mackerel", "squid", "tuna", "swordfish"]
    assert result["squid"] == 0  # held, so listed, though worth nothing


def test_no_tokens_no_resources() -> None:
    assert by_fish(Fish()) == {}
    assert total_resources(Fish(), MarketValues(), 0) == 0


def test_total_is_sum_of_by_fish() -> None:
    fish = Fish(eel=2, fugu=3, octopus=1, salmon_fresh=1, nori=1)
    values = MarketValues(eel=4)
    assert total_resources(fish, values, 1) == sum(resources_by_fish(fish, values, 1).values())
    assert total_resources(fish, values, 1) == 8 + 9 + 3 + 1 + 2


def test_fish_count_and_token_count() -> None:
    fish = Fish(salmon_fresh=1, salmon_degraded=2, tuna=(15, 25), spider_crab=(4,), eel=2)
    assert fish.count("salmon") == 3
    assert fish.count("tuna") == 2
    assert fish.count("spider_crab") == 1
    assert fish.count("eel") == 2
    assert fish.token_count() == 8
    with pytest.raises(KeyError):
        fish.count("whale")
