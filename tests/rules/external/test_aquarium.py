"""Aquarium (external-markets.md §4): 2 AP; 13 places by fish with their prices; full
places refuse; the tokens stay."""

from __future__ import annotations

from companion.rules.external_catalogue import AQUARIUM_PLACES
from companion.rules.fish import Fish

from ..guided_support import give, turn_of
from .support import refuse_visit, table, visit


def test_the_places() -> None:
    assert sum(n for n, _ in AQUARIUM_PLACES.values()) == 13
    assert sum(n * yen for n, yen in AQUARIUM_PLACES.values()) == 7900


def test_two_mackerel_and_a_tuna_into_an_empty_aquarium_pay_2600() -> None:
    t = give(table(), "Aiko", fish=Fish(mackerel=2, tuna=(15,)))
    t = visit(t, "aquarium", tokens=["mackerel", "mackerel", "tuna:15"])
    assert t.player("Aiko").yen == 4600 and t.turn.ap_left == 0
    assert t.places == {"aquarium.mackerel": ("mackerel",) * 2, "aquarium.tuna": ("tuna:15",)}


def test_a_mackerel_place_holding_3_takes_one_more() -> None:
    t = give(table(), "Aiko", fish=Fish(mackerel=5))
    t = visit(t, "aquarium", tokens=["mackerel"] * 3)
    msg = refuse_visit(turn_of(t, "Aiko"), "aquarium", "ext.place_room", tokens=["mackerel"] * 2)
    assert msg == "There is room for 1 more token on the Aquarium's Mackerel place."
    t = visit(turn_of(t, "Aiko"), "aquarium", tokens=["mackerel"])
    assert len(t.places["aquarium.mackerel"]) == 4


def test_no_place_for_red_snapper_or_spider_crab() -> None:
    t = give(table(), "Aiko", fish=Fish(red_snapper=1, spider_crab=(4,)))
    refuse_visit(t, "aquarium", "ext.no_place", tokens=["red_snapper"])
    refuse_visit(t, "aquarium", "ext.no_place", tokens=["spider_crab:4"])
    refuse_visit(t, "aquarium", "ext.no_interaction")
