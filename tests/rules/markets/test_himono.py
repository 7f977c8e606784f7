"""Himono (fish-markets.md §12). Its entry cost is NOT IN SOURCE (AMB-40): without one
entered, a visit is refused. Loading a licence and the start-of-turn conversion are not
guided yet."""

from __future__ import annotations

from companion.rules.markets import MARKETS

from ..guided_support import act, game, give, refused, rows

FISH = ["mackerel", "himono", "eel", "squid", "tuna"]


def test_b_buys_a_himono_barrel_at_600() -> None:
    t = give(game(FISH), "Aiko", upper=[("himono", 600)])
    t = act(t, "next_turn")
    t = act(t, "purchase", player="Bo",
            barrels=[{"from": "Aiko", "fish": "himono", "row": "upper", "price": 600}])
    assert (t.player("Bo").yen, t.player("Aiko").yen) == (1400, 2600)
    assert MARKETS["himono"].resources(t.player("Bo").fish, t.values, 0) == 5
    assert t.board_barrels["himono"] == 7


def test_himono_barrels_never_degrade() -> None:
    t = give(game(FISH), "Bo", upper=[("himono", 600)], lower=[("himono", 500)])
    t = act(t, "next_turn")
    assert rows(t, "Bo") == ([("himono", 600)], [("himono", 500)])


def test_the_entry_is_not_in_the_sources() -> None:
    refused(game(FISH), "visit", "entry_unknown", player="Aiko", market="himono",
            entry="ap", licenses=1)


def test_licence_400_at_most_one_per_entry() -> None:
    t = game(FISH, entry={"himono": {"entry_ap": 1}})
    t2 = act(t, "visit", player="Aiko", market="himono", entry="ap", licenses=1)
    assert t2.player("Aiko").yen == 1600
    refused(t, "visit", "licences_per_visit", player="Aiko", market="himono", entry="ap",
            licenses=2)
