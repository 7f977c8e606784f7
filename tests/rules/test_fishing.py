"""The Fishing action (turn-and-scoring.md §2–§3, flows.md "Fishing action"): catching
against licences, unloading out of what was at sea, the docking bonus (AMB-15), barrels for
sale, the docking auctions in order (Spider Crab, Tuna, Swordfish), Overfishing by the last
barrel, and the refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.fishing import can_catch, triggered_auctions
from companion.rules.guided import preview, preview_lines
from companion.rules.moves import apply

from .guided_support import act, game, give, refused, rows

ALL = ["mackerel", "eel", "spider_crab", "tuna", "swordfish", "squid", "salmon"]


def test_two_mackerel_and_one_eel_in_one_action_pay_100_and_move_the_eel_track() -> None:
    """§2: ship 1 docks with 2 Mackerel barrels, ship 2 with 1 Eel barrel: U = 3 → +¥100;
    V_eel +1."""
    t = give(game(), "Aiko", at_sea={"mackerel": 2, "eel": 1})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"mackerel": 2, "eel": 1},
        for_sale=[
            {"fish": "mackerel", "price": 100},
            {"fish": "mackerel", "price": 200},
            {"fish": "eel", "price": 300},
        ],
    )
    assert t.player("Aiko").yen == 2100 and t.values.eel == 2
    assert rows(t, "Aiko")[0] == [("mackerel", 100), ("mackerel", 200), ("eel", 300)]
    assert t.player("Aiko").at_sea == {} and t.turn.ap_left == 1


def test_two_fishing_actions_each_unloading_one_pay_nothing() -> None:
    """§2: the count is per Fishing action."""
    t = give(game(), "Aiko", at_sea={"mackerel": 2})
    for _ in range(2):
        t = act(
            t,
            "fishing",
            player="Aiko",
            unloaded={"mackerel": 1},
            for_sale=[{"fish": "mackerel", "price": 100}],
        )
    assert t.player("Aiko").yen == 2000 and t.turn.ap_left == 0


def test_four_tuna_barrels() -> None:
    """§2: one Fishing action unloads 4 Tuna barrels: +¥200, 1 Tuna auction, 1 barrel back."""
    t = give(game(), "Aiko", at_sea={"tuna": 4})
    t = act(t, "fishing", player="Aiko", unloaded={"tuna": 4}, drawn=["tuna:15"])
    assert t.player("Aiko").yen == 2200 and len(t.auctions) == 1
    assert t.board_barrels["tuna"] == 10


def test_catching_lowers_the_board_and_needs_licences() -> None:
    t = give(game(), "Aiko", licenses={"mackerel": 1, "eel": 2})
    board = t.board_barrels["eel"]
    t2 = act(t, "fishing", player="Aiko", caught={"eel": 2, "mackerel": 1})
    assert t2.board_barrels["eel"] == board - 2 and t2.player("Aiko").at_sea == {
        "eel": 2,
        "mackerel": 1,
    }
    error = refused(t, "fishing", "catch_no_licence", player="Aiko", caught={"eel": 3})
    assert "at most 2 Eel barrels" in error.message
    refused(t, "fishing", "catch_no_licence", player="Aiko", caught={"squid": 1})


def test_the_last_barrel_overfishes_and_its_barrels_go_to_the_box() -> None:
    t = give(game(), "Aiko", licenses={"eel": 2}, at_sea={"eel": 1})
    t = replace(t, board_barrels={**t.board_barrels, "eel": 2})
    t = act(t, "fishing", player="Aiko", caught={"eel": 2})
    assert "eel" in t.values.overfished and t.board_barrels["eel"] == 0
    refused(t, "fishing", "catch_overfished", player="Aiko", caught={"eel": 1})
    t = act(
        t, "fishing", player="Aiko", unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 100}]
    )
    for _ in range(4):
        t = act(t, "next_turn")  # Aiko's Eel degrades twice: to the box
    for _ in range(4):
        t = act(t, "next_turn")
    assert t.board_barrels["eel"] == 0 and rows(t, "Aiko") == ([], [])


def test_a_boat_that_catches_does_not_dock_in_the_same_action() -> None:
    t = give(game(), "Aiko", licenses={"eel": 1})
    refused(
        t,
        "fishing",
        "unload_more_than_at_sea",
        player="Aiko",
        caught={"eel": 1},
        unloaded={"eel": 1},
        for_sale=[{"fish": "eel", "price": 100}],
    )


def test_every_unloaded_barrel_must_be_placed_and_the_sentence_says_where() -> None:
    t = give(game(), "Aiko", at_sea={"eel": 2})
    error = refused(
        t,
        "fishing",
        "not_placed",
        player="Aiko",
        unloaded={"eel": 2},
        for_sale=[{"fish": "eel", "price": 100}],
    )
    assert error.message == (
        "Aiko unloads 2 Eel barrels and places 1: every unloaded Eel "
        "barrel goes for sale on the upper row of the Harbor board "
        "(for_sale)."
    )
    refused(
        t,
        "fishing",
        "for_sale_not_unloaded",
        player="Aiko",
        unloaded={"eel": 1},
        for_sale=[{"fish": "eel", "price": 100}] * 2,
    )
    refused(
        t,
        "fishing",
        "bad_price",
        player="Aiko",
        unloaded={"eel": 1},
        for_sale=[{"fish": "eel", "price": 150}],
    )
    refused(t, "fishing", "market_not_in_play", player="Aiko", unloaded={"nori": 1})
    refused(t, "fishing", "bad_field", player="Aiko", unloaded={"eel": 1}, cans=1)


def test_docking_auctions_run_in_order_each_opening_when_the_one_before_settles() -> None:
    t = game(ALL, entry={"swordfish": {"entry_ap": 1}})
    t = give(t, "Aiko", at_sea={"spider_crab": 2, "tuna": 3, "swordfish": 2})
    before = t
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"spider_crab": 2, "tuna": 3, "swordfish": 2},
        drawn=["tuna:25", "spider_crab:8"],
        auction_id="a5",
    )
    assert t.player("Aiko").yen == 2300  # 7 barrels: ¥100 × 3
    assert triggered_auctions(before, t) == ["a5.1", "a5.2", "a5.3"]
    assert list(t.auctions) == ["a5.1"] and t.auctions["a5.1"].kind == "spider_crab"
    assert [q.kind for q in t.queued_auctions] == ["tuna", "swordfish"]
    assert t.bag.count("tuna:25") == 1  # Tuna draws its token only when it opens
    with pytest.raises(IllegalAction):
        apply(t, {"type": "next_turn"})
    t = act(t, "auction_reveal", auction="a5.1", bids={"1": 1900})  # Bo wins, ¥1,900
    assert t.player("Bo").yen == 100 and t.player("Aiko").yen == 4200
    assert t.auctions["a5.2"].kind == "tuna" and t.bag.count("tuna:25") == 0
    # The Tuna auction's bid limits see that settlement: Bo's bid above ¥100 is void.
    t = act(t, "auction_reveal", auction="a5.2", bids={"1": 500, "2": 300})
    assert t.auctions["a5.2"].void == (1,) and t.player("Chiyo").fish.tuna == (25,)
    assert t.auctions["a5.3"].kind == "swordfish" and t.queued_auctions == ()
    t = act(t, "auction_reveal", auction="a5.3", bids={"0": 600})
    assert t.player("Aiko").fish.swordfish == 1 and t.player("Aiko").yen == 4200 + 300 - 600
    t = act(t, "next_turn")
    assert t.turn.current == 1


def test_auction_fish_barrels_after_overfishing_go_to_the_box_and_still_auction() -> None:
    """AMB-20."""
    t = give(game(), "Aiko", at_sea={"spider_crab": 2})
    t = replace(
        t,
        values=replace(t.values, overfished=frozenset({"spider_crab"})),
        board_barrels={**t.board_barrels, "spider_crab": 0},
    )
    t = act(t, "fishing", player="Aiko", unloaded={"spider_crab": 2}, drawn=["spider_crab:4"])
    assert t.board_barrels["spider_crab"] == 0 and len(t.auctions) == 1


def test_no_auction_without_a_token_to_sell() -> None:
    t = give(game(), "Aiko", at_sea={"tuna": 3})
    t = replace(t, bag=tuple(c for c in t.bag if not c.startswith("tuna")))
    t = act(t, "fishing", player="Aiko", unloaded={"tuna": 3})
    assert t.auctions == {} and t.player("Aiko").yen == 2100


def test_prices_can_change_during_a_fishing_action() -> None:
    t = give(game(), "Aiko", upper=[("eel", 300)], lower=[("squid", 100)])
    t = act(
        t,
        "fishing",
        player="Aiko",
        reprice=[{"row": "lower", "fish": "squid", "price": 100, "to": 0}],
    )
    assert rows(t, "Aiko") == ([("eel", 300)], [("squid", 0)])
    refused(
        t,
        "fishing",
        "not_for_sale",
        player="Aiko",
        reprice=[{"row": "upper", "fish": "squid", "price": 100, "to": 0}],
    )


def test_the_preview_is_the_move() -> None:
    t = give(game(), "Aiko", at_sea={"eel": 2, "tuna": 3}, licenses={"mackerel": 1})
    action = {
        "type": "fishing",
        "player": "Aiko",
        "unloaded": {"eel": 2, "tuna": 3},
        "caught": {"mackerel": 1},
        "drawn": ["tuna:20"],
        "for_sale": [{"fish": "eel", "price": 400}, {"fish": "eel", "price": 500}],
    }
    lines = preview_lines(t, action)
    assert lines[:3] == [
        "Aiko spends 1 AP (1 left)",
        "Aiko unloads 2 Eel barrels",
        "Aiko unloads 3 Tuna barrels",
    ]
    assert "the supply → Aiko: ¥200 (docking bonus)" in lines
    assert (
        "Eel value 1 → 3" in lines
        and "Tuna auction 1 of 1: a Tuna token, drawn as it opens" in lines
    )
    assert not any("20" in line for line in lines if "Tuna" in line)  # the draw is unseen
    yen_moves = [m.values["amount"] for m in preview(t, action) if m.code == "mv.yen"]
    after = apply(t, action)
    assert sum(yen_moves) == after.player("Aiko").yen - t.player("Aiko").yen


def test_can_catch() -> None:
    assert can_catch({}, [])
    assert not can_catch({"eel": 1}, [])
    assert can_catch(
        {"eel": 2, "mackerel": 2}, [({"eel": 1}, 2), ({"horse_mackerel": 1, "mackerel": 2}, 1)]
    )
