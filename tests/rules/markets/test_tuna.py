"""Tuna (fish-markets.md §10; turn-and-scoring.md §2 "4 Tuna barrels")."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import act, game, give, refused


def test_sell_a_15_and_a_25() -> None:
    t = act(
        give(game(), "Aiko", fish=Fish(tuna=(15, 25))),
        "visit",
        player="Aiko",
        market="tuna",
        entry="ap",
        sell={"tuna": [15, 25]},
    )
    assert t.player("Aiko").yen == 6000 and t.bag.count("tuna:25") == 2


def test_four_barrels_one_auction_one_back_bonus_200() -> None:
    t = give(game(), "Aiko", at_sea={"tuna": 4})
    board = t.board_barrels["tuna"]
    t = act(t, "fishing", player="Aiko", unloaded={"tuna": 4}, drawn=["tuna:20"], auction_id="a3")
    assert t.player("Aiko").yen == 2200 and t.board_barrels["tuna"] == board + 4
    assert list(t.auctions) == ["a3.1"] and t.auctions["a3.1"].lot[0].value == 20
    assert t.bag.count("tuna:20") == 0


def test_the_drawn_token_is_needed_and_must_be_in_the_bag() -> None:
    t = give(game(), "Aiko", at_sea={"tuna": 3})
    refused(t, "fishing", "draw_needed", player="Aiko", unloaded={"tuna": 3})
    refused(t, "fishing", "drawn_wrong", player="Aiko", unloaded={"tuna": 3}, drawn=["tuna:30"])


def test_tuna_barrels_are_not_placed_for_sale() -> None:
    t = give(game(), "Aiko", at_sea={"tuna": 1})
    error = refused(
        t,
        "fishing",
        "not_for_sale_fish",
        player="Aiko",
        unloaded={"tuna": 1},
        for_sale=[{"fish": "tuna", "price": 500}],
    )
    assert (
        error.message == "Tuna barrels are not placed for sale: they go to their docking auction."
    )
