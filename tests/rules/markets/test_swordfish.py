"""Swordfish (fish-markets.md §16; auctions.md §4; AMB-46, AMB-47). Entry cost NOT IN SOURCE:
these tables enter 1 AP as a host would (AMB-40)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.auctions import swordfish_after_auction
from companion.rules.fish import Fish

from ..guided_support import act, game, give, refused

FISH = ["mackerel", "swordfish", "eel", "squid", "tuna"]


def sw(value: int = 6) -> object:
    t = game(FISH, entry={"swordfish": {"entry_ap": 1}})
    return replace(t, values=replace(t.values, swordfish=value))


@pytest.mark.parametrize(
    ("value", "bid", "after"), [(6, 700, 8), (6, 500, 4), (6, 600, 6), (6, 0, 4), (12, 1500, 13)]
)
def test_marker_after_an_auction(value: int, bid: int, after: int) -> None:
    assert swordfish_after_auction(value, bid) == after


def test_sell_two_at_eight_in_one_visit() -> None:
    t = give(sw(8), "Aiko", fish=Fish(swordfish=2))
    board = t.board_tokens["swordfish"]
    t = act(t, "visit", player="Aiko", market="swordfish", entry="ap", sell={"swordfish": 2})
    assert t.player("Aiko").yen == 3800 and t.values.swordfish == 6
    assert t.board_tokens["swordfish"] == board  # to the box


def test_a_second_sale_in_the_same_visit_has_no_second_bonus() -> None:
    t = give(sw(8), "Aiko", fish=Fish(swordfish=3))
    t = act(t, "visit", player="Aiko", market="swordfish", entry="ap", sell={"swordfish": [2, 1]})
    assert t.player("Aiko").yen == 2000 + 1600 + 200 + 600 and t.values.swordfish == 5


def test_two_barrels_unloaded_open_an_auction_and_the_marker_moves() -> None:
    t = give(sw(6), "Aiko", at_sea={"swordfish": 2})
    t = act(t, "fishing", player="Aiko", unloaded={"swordfish": 2}, auction_id="a1")
    assert t.auctions["a1.1"].kind == "swordfish" and t.board_tokens["swordfish"] == 5
    t = act(t, "auction_reveal", auction="a1.1", bids={"1": 800})
    assert t.player("Bo").fish.swordfish == 1 and t.values.swordfish == 8
    assert t.player("Aiko").yen == 2000 + 100 + 800


def test_entry_not_in_the_sources_without_a_number() -> None:
    refused(
        game(FISH),
        "visit",
        "entry_unknown",
        player="Aiko",
        market="swordfish",
        entry="ap",
        licenses=1,
    )
