"""Nori (fish-markets.md §14; AMB-37, AMB-39, AMB-44, AMB-45)."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish, MarketValues
from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused

FISH = ["mackerel", "nori", "eel", "squid", "tuna"]
NORI = MARKETS["nori"]


def test_values() -> None:
    v = MarketValues()
    thirty_eight = Fish(tuna=(15, 20), mackerel=3)
    assert NORI.resources(replace(thirty_eight, nori=1), v, 0) == 3
    assert NORI.resources(replace(thirty_eight, nori=2), v, 0) == 6
    assert NORI.resources(Fish(tuna=(25, 25, 25, 25, 15, 15), nori=1), v, 0) == 13


def test_overfished_a_with_three_nori_and_200_pays_all_she_has() -> None:
    t = game(FISH)
    t = give(t, "Aiko", fish=Fish(nori=3), yen=200, licenses={"nori": 1})
    t = replace(t, board_barrels={**t.board_barrels, "nori": 1})
    t = act(t, "fishing", player="Aiko", caught={"nori": 1})
    assert "nori" in t.values.overfished and t.player("Aiko").yen == 0


def test_entry_free_only_to_take_the_free_licence() -> None:
    t = act(game(FISH), "visit", player="Aiko", market="nori", entry="free", licenses=1)
    assert t.player("Aiko").yen == 2000 and t.player("Aiko").licenses["nori"] == 1
    t = replace(t, turn=replace(t.turn, free_entries=frozenset()))
    refused(t, "visit", "nori_licence_held", player="Aiko", market="nori", entry="free", licenses=1)
    refused(game(FISH), "visit", "no_interaction", player="Aiko", market="nori", entry="free")
    refused(
        game(FISH),
        "visit",
        "licences_per_visit",
        player="Aiko",
        market="nori",
        entry="free",
        licenses=2,
    )
