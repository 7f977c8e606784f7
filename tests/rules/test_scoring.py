"""Final scoring (turn-and-scoring.md §6): award/penalty, Overfishing market, loans and
interest, fish to Yen, ranks and winners, with worked examples 1–4."""

from __future__ import annotations

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish, MarketValues
from companion.rules.scoring import (
    STEP_NAMES,
    Player,
    interest_per_owner,
    loan_repayment,
    overfishing_step,
    ranks,
    resource_awards,
    score,
)

BANK = MarketValues(external=frozenset({"bank"}))
AIKO_FISH = Fish(
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
BO_FISH = Fish(mackerel=5, salmon_fresh=1)


def mackerel(r: int) -> Fish:
    """Tokens worth exactly ``r`` Resources."""
    return Fish(mackerel=r)


def steps_of(report, name: str) -> dict[str, int]:
    return next(p.steps for p in report.players if p.name == name)


# --- Step 1: award / penalty ----------------------------------------------------------


@pytest.mark.parametrize(
    ("resources", "expected"),
    [
        ([30, 30, 12, 20], [500, 500, -500, 0]),  # worked example 1
        ([143, 9], [1000, -500]),  # worked example 2
        ([10, 10, 10], [200, 200, 200]),  # worked example 3, AMB-07
        ([7, 7], [200, 200]),  # 2 players equal
        ([0, 0, 0, 0, 0, 0], [200] * 6),
        ([5, 5, 9], [-300, -300, 1000]),
        ([9, 3, 3, 9], [500, -300, -300, 500]),
        ([1, 2, 3, 4], [-500, 0, 0, 1000]),
        ([0, 40], [-500, 1000]),
    ],
)
def test_resource_awards(resources: list[int], expected: list[int]) -> None:
    assert resource_awards(resources) == expected


# --- Step 2: Overfishing external market ----------------------------------------------


def test_overfishing_step_snapshot_example() -> None:
    # Aiko holds 30 tokens, 2 of them Tuna (Overfished): +2,800 − 200.
    assert AIKO_FISH.token_count() == 30
    assert overfishing_step(AIKO_FISH, frozenset({"tuna"})) == 2600
    assert overfishing_step(BO_FISH, frozenset({"tuna"})) == 600


def test_overfishing_counts_takoyaki_as_octopus_market() -> None:
    # AMB-38: Octopus Overfished makes 1 Octopus + 3 Takoyaki count −¥100 each:
    # 26 healthy tokens − 4 Octopus-market tokens.
    assert overfishing_step(AIKO_FISH, frozenset({"octopus"})) == 2600 - 400
    assert overfishing_step(AIKO_FISH, frozenset({"octopus", "tuna"})) == 2400 - 600
    assert overfishing_step(Fish(takoyaki=3), frozenset({"octopus"})) == -300
    assert overfishing_step(Fish(takoyaki=3), frozenset()) == 300


def test_overfishing_counts_squid_though_worth_nothing() -> None:
    assert overfishing_step(Fish(squid=3), frozenset()) == 300
    assert overfishing_step(Fish(squid=3), frozenset({"squid"})) == -300


def test_overfishing_counts_tokens_not_resources() -> None:
    assert overfishing_step(Fish(tuna=(25,), fugu=3), frozenset()) == 400


def test_overfishing_clams_and_oysters_share_one_market() -> None:
    fish = Fish(clam=2, oyster=1, mackerel=1)
    assert overfishing_step(fish, frozenset({"clams_oysters"})) == -300 + 100


def test_overfishing_step_is_zero_without_the_market() -> None:
    values = MarketValues(overfished=frozenset({"tuna"}))
    report = score([Player("A", 0, Fish(tuna=(15,))), Player("B", 0, Fish(mackerel=4))], values)
    assert [p.steps["overfishing"] for p in report.players] == [0, 0]


def test_overfishing_step_applies_with_the_market() -> None:
    values = MarketValues(overfished=frozenset({"tuna"}), external=frozenset({"overfishing"}))
    report = score([Player("A", 0, Fish(tuna=(15,))), Player("B", 0, Fish(mackerel=4))], values)
    assert [p.steps["overfishing"] for p in report.players] == [-100, 400]


# --- Step 3: loans and interest -------------------------------------------------------


@pytest.mark.parametrize(
    ("loans", "owners", "each"),
    [
        (0, 0, 0),
        (0, 1, 0),
        (0, 2, 0),
        (1, 0, 0),
        (1, 1, 500),
        (1, 2, 300),
        (2, 0, 0),
        (2, 1, 1000),
        (2, 2, 500),
        (3, 0, 0),
        (3, 1, 1500),
        (3, 2, 800),
    ],
)
def test_interest_table(loans: int, owners: int, each: int) -> None:
    assert interest_per_owner(loans, owners) == each


@pytest.mark.parametrize(("loans", "extra"), [(1, 100), (2, 0), (3, 100)])
def test_interest_extra_from_supply_with_two_owners(loans: int, extra: int) -> None:
    assert 2 * interest_per_owner(loans, 2) - 500 * loans == extra


def test_interest_rounding_is_exact_for_large_counts() -> None:
    # ceil(500 × L / k / 100) × 100 in integers: float division would lose ¥100s here.
    loans = 10**16 + 1
    assert interest_per_owner(loans, 1) == 500 * loans
    assert interest_per_owner(loans, 2) == 250 * (loans - 1) + 300
    assert interest_per_owner(loans, 3) % 100 == 0
    assert 0 <= 3 * interest_per_owner(loans, 3) - 500 * loans < 300


@pytest.mark.parametrize(("loans", "expected"), [(0, 0), (1, -1000), (2, -2000), (3, -3000)])
def test_loan_repayment(loans: int, expected: int) -> None:
    assert loan_repayment(loans) == expected


def test_interest_goes_to_the_supply_without_share_owners() -> None:
    report = score([Player("A", 2000, mackerel(5), loans=2), Player("B", 2000, mackerel(5))], BANK)
    assert [p.steps["loan_repayment"] for p in report.players] == [-2000, 0]
    assert [p.steps["interest_received"] for p in report.players] == [0, 0]
    # Award +200 each, fish +500 each, loans −2,000 to the supply.
    assert report.supply_delta == 2 * 200 + 2 * 500 - 2000


def test_share_owners_get_nothing_without_loans() -> None:
    report = score(
        [Player("A", 0, mackerel(1), shares=1), Player("B", 0, mackerel(2), shares=1)], BANK
    )
    assert [p.steps["interest_received"] for p in report.players] == [0, 0]


def test_interest_is_per_owner_not_per_share() -> None:
    # AMB-34: A owns 2 shares, B 1 share: 3 loans → ¥1,500 split in 2 → ¥800 each.
    report = score(
        [
            Player("A", 0, Fish(), shares=2),
            Player("B", 0, Fish(), shares=1),
            Player("C", 0, Fish(), loans=3),
        ],
        BANK,
    )
    assert [p.steps["interest_received"] for p in report.players] == [800, 800, 0]


# --- Worked examples ------------------------------------------------------------------


def test_worked_example_1_four_players_with_bank() -> None:
    report = score(
        [
            Player("A", 4000, mackerel(30), loans=2),
            Player("B", 3500, mackerel(30), loans=1),
            Player("C", 2000, mackerel(12), shares=1),
            Player("D", 2500, mackerel(20), shares=1),
        ],
        BANK,
    )
    rows = {p.name: p for p in report.players}
    assert [rows[n].steps["resource_award"] for n in "ABCD"] == [500, 500, -500, 0]
    assert [
        rows[n].steps["loan_repayment"] + rows[n].steps["interest_received"] for n in "ABCD"
    ] == [-2000, -1000, 800, 800]
    assert [rows[n].steps["fish_yen"] for n in "ABCD"] == [3000, 3000, 1200, 2000]
    assert [rows[n].final_yen for n in "ABCD"] == [5500, 6000, 3500, 5300]
    assert [rows[n].rank for n in "ABCD"] == [2, 1, 4, 3]
    assert report.winners == ("B",)
    assert report.supply_delta == 1500 + 2500 + 1500 + 2800


def test_worked_example_2_snapshot() -> None:
    values = MarketValues(
        eel=7,
        swordfish=6,
        red_snapper_remaining=12,
        overfished=frozenset({"tuna"}),
        external=frozenset({"bank", "overfishing"}),
    )
    report = score(
        [Player("Aiko", 4200, AIKO_FISH, loans=1), Player("Bo", 6100, BO_FISH, shares=1)], values
    )
    aiko, bo = report.players
    assert aiko.steps == {
        "start_yen": 4200,
        "resource_award": 1000,
        "overfishing": 2600,
        "loan_repayment": -1000,
        "interest_received": 0,
        "fish_yen": 14300,
    }
    assert bo.steps == {
        "start_yen": 6100,
        "resource_award": -500,
        "overfishing": 600,
        "loan_repayment": 0,
        "interest_received": 500,
        "fish_yen": 900,
    }
    assert (aiko.final_yen, bo.final_yen) == (21100, 7600)
    assert (aiko.rank, bo.rank) == (1, 2)
    assert (aiko.resources, bo.resources) == (143, 9)
    assert report.winners == ("Aiko",)
    assert report.end_trigger == {"Aiko": False, "Bo": False}


def test_worked_example_3_all_tied_no_bank() -> None:
    report = score(
        [
            Player("A", 1000, mackerel(10)),
            Player("B", 2000, mackerel(10)),
            Player("C", 3000, mackerel(10)),
        ],
        MarketValues(),
    )
    assert [p.steps["resource_award"] for p in report.players] == [200, 200, 200]
    assert [p.steps["fish_yen"] for p in report.players] == [1000, 1000, 1000]
    assert [p.final_yen for p in report.players] == [2200, 3200, 4200]
    assert [p.rank for p in report.players] == [3, 2, 1]
    assert report.winners == ("C",)


def test_worked_example_4_negative_yen() -> None:
    report = score(
        [Player("A", 300, Fish(), loans=1), Player("B", 1000, mackerel(5), shares=1)], BANK
    )
    a, b = report.players
    assert a.steps == {
        "start_yen": 300,
        "resource_award": -500,
        "overfishing": 0,
        "loan_repayment": -1000,
        "interest_received": 0,
        "fish_yen": 0,
    }
    assert a.final_yen == -1200
    assert b.steps["interest_received"] == 500  # the sole share owner is paid in full
    assert b.final_yen == 1000 + 1000 + 500 + 500
    assert (a.rank, b.rank) == (2, 1)


def test_negative_start_yen_is_scored() -> None:
    report = score([Player("A", -700, mackerel(2)), Player("B", 0, mackerel(1))], MarketValues())
    assert report.players[0].final_yen == -700 + 1000 + 200


# --- Ranks and winners ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("finals", "expected"),
    [
        ([5500, 6000, 3500, 5300], [2, 1, 4, 3]),
        ([7, 7, 3], [1, 1, 3]),
        ([3, 7, 7], [3, 1, 1]),
        ([5, 5, 5], [1, 1, 1]),
        ([9, 5, 5, 1], [1, 2, 2, 4]),
        ([-1200, 3000], [2, 1]),
    ],
)
def test_ranks(finals: list[int], expected: list[int]) -> None:
    assert ranks(finals) == expected


def test_ranks_1_1_3_and_every_tied_winner_in_input_order() -> None:
    report = score(
        [
            Player("Chiyo", 3000, mackerel(5)),
            Player("Aiko", 1000, mackerel(5)),
            Player("Bo", 3000, mackerel(5)),
        ],
        MarketValues(),
    )
    assert [p.rank for p in report.players] == [1, 3, 1]
    assert report.winners == ("Chiyo", "Bo")


def test_everyone_tied_everyone_wins() -> None:
    report = score([Player("A", 100, Fish()), Player("B", 100, Fish())], MarketValues())
    assert [p.rank for p in report.players] == [1, 1]
    assert report.winners == ("A", "B")


# --- End trigger in the report --------------------------------------------------------


def test_end_trigger_uses_yen_before_scoring() -> None:
    # A: ¥5,200 and tied lowest R → triggers; B: ¥100 (scoring would lift B over ¥5,000).
    report = score(
        [
            Player("A", 5200, mackerel(10)),
            Player("B", 100, mackerel(10)),
            Player("C", 4900, Fish(tuna=(25, 25))),
        ],
        MarketValues(),
    )
    assert report.end_trigger == {"A": True, "B": False, "C": True}


# --- Refusals and report shape --------------------------------------------------------


def test_score_needs_two_players() -> None:
    with pytest.raises(IllegalAction) as info:
        score([Player("A", 0, Fish())], MarketValues())
    assert info.value.field == "players"


@pytest.mark.parametrize(
    ("loans", "shares", "field"), [(1, 0, "players[1].loans"), (0, 1, "players[1].shares")]
)
def test_loans_and_shares_need_the_bank(loans: int, shares: int, field: str) -> None:
    with pytest.raises(IllegalAction) as info:
        score(
            [Player("A", 0, Fish()), Player("B", 0, Fish(), loans=loans, shares=shares)],
            MarketValues(external=frozenset({"overfishing"})),
        )
    assert info.value.field == field


def test_steps_are_in_rulebook_order_and_sum_to_final() -> None:
    report = score(
        [Player("A", 4200, AIKO_FISH, loans=1), Player("B", 6100, BO_FISH, shares=1)],
        MarketValues(eel=7, red_snapper_remaining=12, external=frozenset({"bank", "overfishing"})),
    )
    for p in report.players:
        assert tuple(p.steps) == STEP_NAMES
        assert p.final_yen == sum(p.steps.values())


def test_report_to_json_shape() -> None:
    report = score([Player("A", 0, mackerel(2)), Player("B", 0, Fish())], MarketValues())
    data = report.to_json()
    assert list(data) == ["format", "players", "winners", "end_trigger"]
    assert data["format"] == "tsukiji-score/1"
    assert data["players"][0] == {
        "name": "A",
        "resources": {"by_fish": {"mackerel": 2}, "total": 2},
        "steps": {
            "start_yen": 0,
            "resource_award": 1000,
            "overfishing": 0,
            "loan_repayment": 0,
            "interest_received": 0,
            "fish_yen": 200,
        },
        "final_yen": 1200,
        "rank": 1,
    }
    assert list(data["players"][0]) == ["name", "resources", "steps", "final_yen", "rank"]
    assert data["players"][1]["resources"] == {"by_fish": {}, "total": 0}
    assert data["winners"] == ["A"]
    assert data["end_trigger"] == {"A": False, "B": False}
