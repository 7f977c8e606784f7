"""The end-of-game trigger (turn-and-scoring.md §4): cases 1–7 and the fields of EndCheck."""

from __future__ import annotations

import pytest

from companion.rules.endgame import check_end, outright_lowest, triggers
from companion.rules.fish import Fish, MarketValues
from companion.rules.resources import table_resources


def test_case_1_tied_lowest_resources_triggers_by_yen() -> None:
    check = check_end([5200, 0, 0], [10, 10, 20], 0)
    assert check.triggered
    assert check.reason == "yen"
    assert not check.lowest_resources
    assert check.yen_short == 0
    assert check.resources_short == 40
    assert not check.reveals_yen


def test_case_2_outright_lowest_resources_blocks_yen() -> None:
    check = check_end([5200, 0, 0], [8, 10, 20], 0)
    assert not check.triggered
    assert check.reason is None
    assert check.lowest_resources
    assert check.yen_short == 0
    assert check.resources_short == 42


def test_case_3_tied_lowest_yen_triggers_by_resources() -> None:
    check = check_end([1000, 1000, 4000], [52, 0, 0], 0)
    assert check.triggered
    assert check.reason == "resources"
    assert not check.lowest_yen
    assert check.resources_short == 0
    assert check.yen_short == 4000
    assert check.reveals_yen


def test_case_4_two_players_outright_lowest_yen_blocks_resources() -> None:
    check = check_end([900, 3000], [50, 0], 0)
    assert not check.triggered
    assert check.reason is None
    assert check.lowest_yen
    assert check.resources_short == 0
    assert check.yen_short == 4100
    assert check.reveals_yen  # 50 R: everyone shows their Yen for the check


def test_case_5_two_players_equal_yen_triggers() -> None:
    yen, resources = [2000, 2000], [60, 10]
    check = check_end(yen, resources, 0)
    assert check.triggered
    assert check.reason == "resources"
    assert not check.lowest_yen
    assert not triggers(yen, resources, 1)


def test_case_6_snapshot_example_nobody_triggers(example_snapshot: dict) -> None:
    yen = [p["yen"] for p in example_snapshot["players"]]
    holdings = [
        Fish(
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
        ),
        Fish(mackerel=5, salmon_fresh=1),
    ]
    resources = table_resources(
        holdings,
        MarketValues(eel=7, swordfish=6, red_snapper_remaining=12, overfished=frozenset({"tuna"})),
    )
    assert (yen, resources) == ([4200, 6100], [143, 9])

    aiko = check_end(yen, resources, 0)
    assert not aiko.triggered
    assert aiko.resources_short == 0 and aiko.lowest_yen
    assert not aiko.lowest_resources

    bo = check_end(yen, resources, 1)
    assert not bo.triggered
    assert bo.yen_short == 0 and bo.lowest_resources
    assert not bo.lowest_yen


def test_case_7_exactly_5000_is_inclusive() -> None:
    check = check_end([5000, 0], [0, 0], 0)
    assert check.triggered
    assert check.reason == "yen"
    assert check.yen_short == 0


def test_just_below_thresholds_does_not_trigger() -> None:
    check = check_end([4999, 0], [49, 0], 0)
    assert not check.triggered
    assert check.yen_short == 1
    assert check.resources_short == 1


def test_exactly_50_resources_is_inclusive() -> None:
    assert check_end([0, 0], [50, 0], 0).triggered


def test_both_conditions_report_yen_first() -> None:
    check = check_end([6000, 100], [60, 0], 0)
    assert check.triggered
    assert check.reason == "yen"


def test_yen_condition_fails_but_resources_condition_holds() -> None:
    # Outright lowest R blocks the Yen condition only; 50 R with Yen not lowest still ends it.
    # (Impossible to be outright lowest R with ≥ 50 R unless everyone else has more.)
    check = check_end([6000, 100, 7000], [50, 60, 70], 0)
    assert check.lowest_resources
    assert check.triggered
    assert check.reason == "resources"


def test_outright_lowest_in_both_never_triggers() -> None:
    check = check_end([9000, 9100, 9200], [70, 80, 90], 0)
    assert check.lowest_resources and check.lowest_yen
    assert not check.triggered


def test_check_is_for_the_given_player_only() -> None:
    yen, resources = [5200, 0, 0], [10, 10, 20]
    assert [triggers(yen, resources, i) for i in range(3)] == [True, False, False]
    assert [check_end(yen, resources, i).player for i in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(
    ("values", "index", "expected"),
    [
        ([10, 10, 20], 0, False),
        ([8, 10, 20], 0, True),
        ([8, 10, 20], 2, False),
        ([5, 5], 0, False),
        ([4, 5], 0, True),
        ([5, 4], 0, False),
        ([-200, 0, 0], 0, True),
    ],
)
def test_outright_lowest(values: list[int], index: int, expected: bool) -> None:
    assert outright_lowest(values, index) is expected


@pytest.mark.parametrize(("yen", "resources"), [([5000], [60]), ([5000, 1], [60]), ([], [])])
def test_check_end_needs_two_players_with_both_figures(
    yen: list[int], resources: list[int]
) -> None:
    with pytest.raises(ValueError):
        check_end(yen, resources, 0)


def test_explain_names_the_outcome() -> None:
    assert "game ends" in check_end([5000, 0], [0, 0], 0).explain("Aiko")
    assert "game ends" in check_end([1000, 1000], [50, 0], 0).explain("Aiko")
    blocked = check_end([900, 3000], [50, 0], 0).explain("Aiko")
    assert blocked.startswith("Aiko") and "play goes on" in blocked
    far = check_end([1200, 3000], [20, 0], 0).explain("Bo")
    assert "¥3,800" in far and "30 Resources" in far and "play goes on" in far
