"""Clams & Oysters (fish-markets.md §11; AMB-48). Board numbers as the host enters them."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import act, game, give, refused, rows

FISH = ["mackerel", "clams_oysters", "eel", "squid", "tuna"]


def co() -> object:
    return game(FISH)


def test_b_buys_a_barrel_and_draws_an_oyster() -> None:
    t = give(co(), "Aiko", upper=[("clams_oysters", 300)])
    t = act(t, "next_turn")
    t = act(
        t,
        "purchase",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "clams_oysters", "row": "upper", "price": 300}],
        draws=["oyster"],
    )
    assert (t.player("Bo").yen, t.player("Aiko").yen) == (1900, 2300)
    assert t.player("Bo").fish.oyster == 1 and t.bag.count("oyster") == 5
    assert t.board_barrels["clams_oysters"] == 7


def test_same_drawing_a_clam() -> None:
    t = give(co(), "Aiko", upper=[("clams_oysters", 300)])
    t = act(t, "next_turn")
    t = act(
        t,
        "purchase",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "clams_oysters", "row": "upper", "price": 300}],
        draws=["clam"],
    )
    assert (t.player("Bo").yen, t.player("Aiko").yen) == (1700, 2300)
    assert t.player("Bo").fish.clam == 1


def test_sell_two_sets() -> None:
    t = give(co(), "Aiko", fish=Fish(clam=2, oyster=2), upper=[("clams_oysters", 0)])
    t = act(
        t,
        "visit",
        player="Aiko",
        market="clams_oysters",
        entry={"barrel": {"fish": "clams_oysters", "row": "upper", "price": 0}},
        sell={"clam": 2, "oyster": 2},
    )
    assert t.player("Aiko").yen == 3600 and t.bag.count("clam") == 8
    assert t.bag.count("oyster") == 8 and rows(t, "Aiko") == ([], [])
    assert t.turn.ap_left == 2  # the barrel paid the entry


def test_two_clams_and_one_oyster_make_one_set() -> None:
    t = give(co(), "Aiko", fish=Fish(clam=2, oyster=1), upper=[("clams_oysters", 0)])
    t = act(
        t,
        "visit",
        player="Aiko",
        market="clams_oysters",
        entry={"barrel": {"fish": "clams_oysters", "row": "upper", "price": 0}},
        sell={"clam": 2, "oyster": 1},
    )
    assert t.player("Aiko").yen == 2800 and t.player("Aiko").fish.clam == 1


def test_the_entry_is_a_barrel_from_your_harbor_only() -> None:
    t = give(co(), "Aiko", fish=Fish(clam=1, oyster=1), upper=[("eel", 0)])
    refused(
        t,
        "visit",
        "entry_not_printed",
        player="Aiko",
        market="clams_oysters",
        entry="ap",
        sell={"clam": 1, "oyster": 1},
    )
    refused(
        t,
        "visit",
        "entry_barrel_wrong",
        player="Aiko",
        market="clams_oysters",
        entry={"barrel": {"fish": "eel", "row": "upper", "price": 0}},
        sell={"clam": 1, "oyster": 1},
    )


def test_a_purchase_needs_its_draw() -> None:
    t = give(co(), "Aiko", upper=[("clams_oysters", 300)])
    t = act(t, "next_turn")
    refused(
        t,
        "purchase",
        "co_draw_needed",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "clams_oysters", "row": "upper", "price": 300}],
    )
