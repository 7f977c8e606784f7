"""Spider Crab (fish-markets.md §8; auctions.md)."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import act, game, give


def test_sell_a_6_and_an_8() -> None:
    t = give(game(), "Aiko", fish=Fish(spider_crab=(6, 8)))
    bag = len(t.bag)
    t = act(
        t, "visit", player="Aiko", market="spider_crab", entry="ap", sell={"spider_crab": [6, 8]}
    )
    assert t.player("Aiko").yen == 4200 and len(t.bag) == bag + 2
    assert t.bag.count("spider_crab:8") == 3


def test_two_plus_one_barrels_one_auction_one_returned_bonus_100() -> None:
    """Ship 1 docks 2, ship 2 docks 1 in one Fishing action: 1 auction, 1 barrel back
    uncompensated, docking bonus ¥100 (3 unloaded, AMB-15)."""
    t = give(game(), "Aiko", at_sea={"spider_crab": 3})
    board = t.board_barrels["spider_crab"]
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"spider_crab": 3},
        drawn=["spider_crab:6"],
        auction_id="a9",
    )
    assert t.player("Aiko").yen == 2100
    assert t.board_barrels["spider_crab"] == board + 3
    assert list(t.auctions) == ["a9.1"] and t.auctions["a9.1"].kind == "spider_crab"
    assert t.auctions["a9.1"].lot[0].value == 6 and "spider_crab:6" in t.bag
    assert t.bag.count("spider_crab:6") == 3 and t.queued_auctions == ()
