"""Invariants of resources, scoring, the end trigger and snapshots, checked with hypothesis."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.catalogue import FISH_KEYS, FISH_MARKETS, MARKET_OF_TOKEN
from companion.rules.endgame import check_end, triggers
from companion.rules.fish import Fish, MarketValues
from companion.rules.resources import (
    red_snapper_value,
    resources_by_fish,
    salmon_in_game,
    table_resources,
)
from companion.rules.scoring import Player, Report, overfishing_step, resource_awards, score
from companion.rules.snapshot import make_snapshot, parse_snapshot

# Modest example counts and no deadline (no timing thresholds). Whole tables cost ~10 ms
# each to generate, so their properties run fewer examples.
FAST = settings(max_examples=200, deadline=None)
TABLES = settings(max_examples=100, deadline=None)

NAMES = ("Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumio")

small = st.integers(min_value=1, max_value=6)
COUNT_FIELDS = (
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "takoyaki",
    "red_snapper",
    "salmon_fresh",
    "salmon_degraded",
    "squid",
    "clam",
    "oyster",
    "himono",
    "horse_mackerel",
    "nori",
    "sardine",
    "swordfish",
)
# A few kinds of fish per player (as at a real table), any of the 18 fields possible.
fish_st = st.builds(
    lambda counts, crabs, tuna: Fish(**counts, spider_crab=crabs, tuna=tuna),
    st.dictionaries(st.sampled_from(COUNT_FIELDS), small, max_size=8),
    st.lists(st.sampled_from((4, 6, 8)), max_size=3).map(tuple),
    st.lists(st.sampled_from((15, 20, 25)), max_size=2).map(tuple),
)
values_st = st.builds(
    MarketValues,
    eel=st.integers(1, 13),
    swordfish=st.integers(1, 13),
    red_snapper_remaining=st.integers(0, 18),
    overfished=st.frozensets(st.sampled_from(sorted(FISH_MARKETS))),
    external=st.frozensets(st.sampled_from(("bank", "overfishing", "ships", "aquarium"))),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Player], MarketValues]:
    """A scorable table: 2–6 players; loans and shares only with the Bank in play."""
    values = draw(values_st)
    bank = "bank" in values.external
    n = draw(st.integers(2, 6))
    players = [
        Player(
            name=NAMES[i],
            yen=draw(st.integers(-3000, 30000)),
            fish=draw(fish_st),
            loans=draw(st.integers(0, 3)) if bank else 0,
            shares=draw(st.integers(0, 2)) if bank else 0,
        )
        for i in range(n)
    ]
    return players, values


def per_name(report: Report) -> dict[str, tuple[object, ...]]:
    return {
        p.name: (p.by_fish, p.resources, p.steps, p.final_yen, p.rank, report.end_trigger[p.name])
        for p in report.players
    }


@TABLES
@given(tables(), st.data())
def test_player_order_changes_only_the_listing(
    table: tuple[list[Player], MarketValues], data: st.DataObject
) -> None:
    players, values = table
    shuffled = data.draw(st.permutations(players))
    a, b = score(players, values), score(shuffled, values)
    assert per_name(a) == per_name(b)
    assert [p.name for p in b.players] == [p.name for p in shuffled]
    assert set(a.winners) == set(b.winners)
    assert list(b.winners) == [p.name for p in shuffled if p.name in b.winners]
    assert a.supply_delta == b.supply_delta


@TABLES
@given(tables())
def test_fish_yen_is_100_per_resource(table: tuple[list[Player], MarketValues]) -> None:
    players, values = table
    report = score(players, values)
    expected = table_resources([p.fish for p in players], values)
    for p, resources in zip(report.players, expected, strict=True):
        assert p.resources == resources == sum(p.by_fish.values())
        assert p.steps["fish_yen"] == 100 * resources


@TABLES
@given(tables())
def test_final_yen_is_start_plus_steps(table: tuple[list[Player], MarketValues]) -> None:
    players, values = table
    report = score(players, values)
    for player, p in zip(players, report.players, strict=True):
        assert p.steps["start_yen"] == player.yen
        assert p.final_yen == player.yen + sum(v for k, v in p.steps.items() if k != "start_yen")


@TABLES
@given(tables())
def test_loans_interest_and_supply(table: tuple[list[Player], MarketValues]) -> None:
    players, values = table
    report = score(players, values)
    total_loans = sum(p.loans for p in players)
    owners = [p.name for p in players if p.shares > 0]
    assert sum(p.steps["loan_repayment"] for p in report.players) == -1000 * total_loans
    interest = 500 * total_loans
    # Per owner, rounded up to ¥100 (Fraction-free: compare with multiples of 100).
    each = 0
    if interest and owners:
        each = next(x for x in range(0, interest + 100, 100) if x * len(owners) >= interest)
    for p in report.players:
        assert p.steps["interest_received"] == (each if p.name in owners else 0)
    paid = each * len(owners)
    if interest and owners:
        assert interest <= paid < interest + 100 * len(owners)
    assert report.supply_delta == sum(p.final_yen - p.steps["start_yen"] for p in report.players)
    assert report.supply_delta == sum(
        v for p in report.players for k, v in p.steps.items() if k != "start_yen"
    )


@TABLES
@given(tables())
def test_ranks_and_winners_follow_final_yen(table: tuple[list[Player], MarketValues]) -> None:
    players, values = table
    report = score(players, values)
    rows = report.players
    best = max(p.final_yen for p in rows)
    assert list(report.winners) == [p.name for p in rows if p.final_yen == best]
    for p in rows:
        assert p.rank == 1 + sum(1 for q in rows if q.final_yen > p.final_yen)
        assert (p.rank == 1) == (p.final_yen == best)
        for q in rows:
            if p.final_yen > q.final_yen:
                assert p.rank < q.rank
            elif p.final_yen == q.final_yen:
                assert p.rank == q.rank


@FAST
@given(st.integers(2, 6), st.integers(0, 500))
def test_all_equal_resources_award_200_each(players: int, resources: int) -> None:
    assert resource_awards([resources] * players) == [200] * players


@FAST
@given(st.lists(st.integers(0, 200), min_size=2, max_size=6))
def test_award_rules(resources: list[int]) -> None:
    awards = resource_awards(resources)
    high, low = max(resources), min(resources)
    n_high, n_low = resources.count(high), resources.count(low)
    for r, award in zip(resources, awards, strict=True):
        expected = 0
        if r == high:
            expected += 1000 if n_high == 1 else 500
        if r == low:
            expected -= 500 if n_low == 1 else 300
        assert award == expected


@FAST
@given(fish_st, values_st, st.integers(0, 40))
def test_nori_is_a_tenth_of_the_other_fish(
    fish: Fish, values: MarketValues, salmon_elsewhere: int
) -> None:
    salmon = salmon_in_game([fish]) + salmon_elsewhere
    result = resources_by_fish(fish, values, salmon)
    others = sum(v for k, v in result.items() if k != "nori")
    if fish.nori:
        per_token = result["nori"] // fish.nori
        assert result["nori"] == per_token * fish.nori
        assert 10 * per_token <= others < 10 * (per_token + 1)
    else:
        assert "nori" not in result


@FAST
@given(fish_st, values_st)
def test_resources_listed_exactly_for_held_fish(fish: Fish, values: MarketValues) -> None:
    result = resources_by_fish(fish, values, salmon_in_game([fish]))
    assert list(result) == [k for k in FISH_KEYS if fish.count(k) > 0]
    assert all(v >= 0 for v in result.values())


@FAST
@given(fish_st, st.frozensets(st.sampled_from(sorted(FISH_MARKETS))))
def test_overfishing_counts_every_token_once(fish: Fish, overfished: frozenset[str]) -> None:
    bad = sum(fish.count(k) for k in FISH_KEYS if MARKET_OF_TOKEN[k] in overfished)
    assert overfishing_step(fish, overfished) == 100 * (fish.token_count() - 2 * bad)


@FAST
@given(st.integers(1, 18))
def test_red_snapper_value_is_ceil_of_a_third(remaining: int) -> None:
    assert red_snapper_value(remaining) == -(-remaining // 3)
    assert red_snapper_value(remaining, overfished=True) == 2


@FAST
@given(
    st.lists(st.tuples(st.integers(-2000, 20000), st.integers(0, 150)), min_size=1, max_size=5),
    st.integers(-2000, 20000),
    st.integers(0, 150),
    st.integers(1, 1000),
    st.integers(1, 100),
    st.data(),
)
def test_outright_lowest_in_both_never_triggers(
    others: list[tuple[int, int]],
    my_yen: int,
    my_resources: int,
    yen_gap: int,
    resources_gap: int,
    data: st.DataObject,
) -> None:
    # Place the player strictly below everyone in both Yen and Resources.
    low_yen = min(y for y, _ in others) - yen_gap
    low_res = min(r for _, r in others) - resources_gap
    seat = data.draw(st.integers(0, len(others)))
    yen = [y for y, _ in others]
    res = [r for _, r in others]
    yen.insert(seat, low_yen)
    res.insert(seat, low_res)
    check = check_end(yen, res, seat)
    assert check.lowest_yen and check.lowest_resources
    assert not check.triggered


@FAST
@given(st.integers(2, 6), st.integers(5000, 100000), st.integers(-50, 300))
def test_all_equal_table_with_5000_triggers_for_everyone(
    players: int, yen: int, resources: int
) -> None:
    assert all(triggers([yen] * players, [resources] * players, i) for i in range(players))


@FAST
@given(
    st.lists(st.tuples(st.integers(-2000, 12000), st.integers(0, 120)), min_size=2, max_size=6),
    st.data(),
)
def test_trigger_matches_the_rulebook_predicate(
    table: list[tuple[int, int]], data: st.DataObject
) -> None:
    yen = [y for y, _ in table]
    res = [r for _, r in table]
    p = data.draw(st.integers(0, len(table) - 1))
    lowest_r = all(res[p] < r for i, r in enumerate(res) if i != p)
    lowest_y = all(yen[p] < y for i, y in enumerate(yen) if i != p)
    expected = (yen[p] >= 5000 and not lowest_r) or (res[p] >= 50 and not lowest_y)
    assert triggers(yen, res, p) is expected


@TABLES
@given(tables())
def test_snapshot_round_trip_gives_the_same_report(
    table: tuple[list[Player], MarketValues],
) -> None:
    players, values = table
    made = make_snapshot(players, values)
    text = json.dumps(made)  # a snapshot is plain JSON
    parsed_players, parsed_values = parse_snapshot(json.loads(text))
    assert score(parsed_players, parsed_values) == score(players, values)
    assert make_snapshot(parsed_players, parsed_values) == made
