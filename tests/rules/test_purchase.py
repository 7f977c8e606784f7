"""The Purchasing action (fish-markets.md §0, turn-and-scoring.md §2, flows.md): barrels,
Takoyaki and Himono from other players' Harbors at their listed prices, the barrel back to
its market (the box if Overfished), the token by that fish's rule; refusals."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.guided import preview_lines

from .guided_support import act, game, give, refused, rows, yen

FISH_HM = ["mackerel", "horse_mackerel", "eel", "squid", "tuna", "clams_oysters"]


def test_the_buyer_pays_each_owner_and_takes_a_token_per_barrel() -> None:
    t = give(game(), "Bo", upper=[("eel", 300), ("eel", 400)], lower=[("squid", 100)])
    t = give(t, "Chiyo", lower=[("eel", 200)])
    eel = t.board_barrels["eel"]
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[
            {"from": "Bo", "fish": "eel", "row": "upper", "price": 400},
            {"from": "Chiyo", "fish": "eel", "row": "lower", "price": 200},
            {"from": "Bo", "fish": "squid", "row": "lower", "price": 100},
        ],
    )
    assert yen(t) == {"Aiko": 1300, "Bo": 2500, "Chiyo": 2200, "Daichi": 2000}
    assert t.player("Aiko").fish.eel == 2 and t.player("Aiko").fish.squid == 1
    assert rows(t, "Bo") == ([("eel", 300)], []) and rows(t, "Chiyo") == ([], [])
    assert t.board_barrels["eel"] == eel + 2 and t.board_tokens["eel"] == 11
    assert t.turn.ap_left == 1


def test_a_barrel_of_an_overfished_market_goes_to_the_box() -> None:
    t = give(game(), "Bo", upper=[("eel", 300)])
    t = replace(
        t,
        values=replace(t.values, overfished=frozenset({"eel"})),
        board_barrels={**t.board_barrels, "eel": 0},
    )
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "eel", "row": "upper", "price": 300}],
    )
    assert t.board_barrels["eel"] == 0 and t.player("Aiko").fish.eel == 1


def test_an_oyster_pays_for_the_next_purchase_in_the_same_action() -> None:
    t = give(game(FISH_HM), "Bo", upper=[("clams_oysters", 200), ("eel", 200)])
    t = give(t, "Aiko", yen=200)
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[
            {"from": "Bo", "fish": "clams_oysters", "row": "upper", "price": 200},
            {"from": "Bo", "fish": "eel", "row": "upper", "price": 200},
        ],
        draws=["oyster"],
    )
    assert t.player("Aiko").yen == 0 and t.player("Bo").yen == 2400


def test_horse_mackerel_overfished_by_a_purchase_pays_after_it() -> None:
    """§13: if it happens during a Purchasing action, finish that action first."""
    t = give(game(FISH_HM), "Bo", upper=[("horse_mackerel", 100), ("eel", 200)])
    t = replace(t, board_tokens={**t.board_tokens, "horse_mackerel": 1})
    poor = give(t, "Aiko", yen=100)
    refused(
        poor,
        "purchase",
        "short_of_yen",
        player="Aiko",
        barrels=[
            {"from": "Bo", "fish": "horse_mackerel", "row": "upper", "price": 100},
            {"from": "Bo", "fish": "eel", "row": "upper", "price": 200},
        ],
    )
    t = act(
        poor,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "horse_mackerel", "row": "upper", "price": 100}],
    )
    assert "horse_mackerel" in t.values.overfished and t.player("Aiko").yen == 200


def test_refusals_change_nothing() -> None:
    t = give(game(), "Bo", upper=[("eel", 300)])
    t = give(t, "Aiko", upper=[("eel", 100)])
    refused(
        t,
        "purchase",
        "own_barrel",
        player="Aiko",
        barrels=[{"from": "Aiko", "fish": "eel", "row": "upper", "price": 100}],
    )
    refused(
        t,
        "purchase",
        "not_for_sale",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "eel", "row": "upper", "price": 200}],
    )
    refused(
        t,
        "purchase",
        "not_for_sale",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "eel", "row": "lower", "price": 300}],
    )
    refused(t, "purchase", "nothing_to_buy", player="Aiko", barrels=[])
    refused(
        t,
        "purchase",
        "not_your_turn",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "eel", "row": "upper", "price": 100}],
    )
    error = refused(
        give(t, "Aiko", yen=200),
        "purchase",
        "short_of_yen",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "eel", "row": "upper", "price": 300}],
    )
    assert error.public_message == "Aiko cannot pay ¥300 for Bo's Eel barrel."
    refused(
        t,
        "purchase",
        "not_for_sale",
        player="Aiko",
        barrels=[
            {"from": "Bo", "fish": "eel", "row": "upper", "price": 300},
            {"from": "Bo", "fish": "eel", "row": "upper", "price": 300},
        ],
    )


def test_the_preview() -> None:
    t = give(game(), "Bo", upper=[("salmon", 500)])
    assert preview_lines(
        t,
        {
            "type": "purchase",
            "player": "Aiko",
            "barrels": [{"from": "Bo", "fish": "salmon", "row": "upper", "price": 500}],
        },
    ) == [
        "Aiko spends 1 AP (1 left)",
        "Salmon at ¥500 leaves Bo's upper row",
        "Aiko → Bo: ¥500 (purchase)",
        "Salmon barrels on the board: 4 → 5",
        "Aiko takes 1 Salmon token from its market",
    ]


def test_owned_tokens_count_but_items_for_sale_do_not() -> None:
    t = give(game(), "Bo", upper=[("takoyaki", 300)], fish=Fish())
    assert t.resources()[1] == 0
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "takoyaki", "row": "upper", "price": 300}],
    )
    assert t.resources()[0] == 5
