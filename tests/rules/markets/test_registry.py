"""The market registry: one module per fish market, each reading its numbers from the
catalogue; the markets' Resource rules add up to the scoring's total."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.catalogue import FISH_MARKETS
from companion.rules.fish import Fish, MarketValues
from companion.rules.markets import MARKETS, market_of_item
from companion.rules.resources import total_resources


def test_one_market_object_per_fish_market() -> None:
    assert list(MARKETS) == list(FISH_MARKETS)
    for market_id, m in MARKETS.items():
        assert m.id == market_id and m.data is FISH_MARKETS[market_id]
        assert type(m).__module__ == f"companion.rules.markets.{market_id}"


def test_harbor_items_find_their_market() -> None:
    assert market_of_item("takoyaki").id == "octopus"
    assert market_of_item("clams_oysters").id == "clams_oysters"


def test_docking_auction_markets_do_not_place_for_sale() -> None:
    assert {m for m, x in MARKETS.items() if not x.for_sale} == {"spider_crab", "tuna", "swordfish"}


@settings(max_examples=150, deadline=None)
@given(
    st.builds(
        Fish,
        mackerel=st.integers(0, 5),
        eel=st.integers(0, 5),
        fugu=st.integers(0, 5),
        octopus=st.integers(0, 3),
        takoyaki=st.integers(0, 3),
        red_snapper=st.integers(0, 4),
        salmon_fresh=st.integers(0, 3),
        salmon_degraded=st.integers(0, 3),
        spider_crab=st.lists(st.sampled_from((4, 6, 8)), max_size=3).map(tuple),
        tuna=st.lists(st.sampled_from((15, 20, 25)), max_size=2).map(tuple),
        clam=st.integers(0, 3),
        oyster=st.integers(0, 3),
        himono=st.integers(0, 3),
        horse_mackerel=st.integers(0, 3),
        nori=st.integers(0, 3),
        sardine=st.integers(0, 3),
        swordfish=st.integers(0, 3),
    ),
    st.integers(1, 13),
    st.integers(1, 13),
    st.integers(0, 18),
    st.integers(0, 20),
)
def test_the_markets_resources_add_up_to_the_total(
    fish: Fish, eel: int, sw: int, remaining: int, salmon: int
) -> None:
    values = MarketValues(eel=eel, swordfish=sw, red_snapper_remaining=remaining)
    total = sum(m.resources(fish, values, salmon) for m in MARKETS.values())
    assert total == total_resources(fish, values, salmon)
