"""New Aquarium (external-markets.md §14, AMB-40): entry by a barrel for sale on your
Harbor (back to its market); places and prices entered by the host; the Clams & Oysters
place holds one of each."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import give
from .exp_support import exp_table
from .support import refuse_visit, visit

BARREL = {"barrel": {"fish": "eel", "row": "upper", "price": 300}}


def test_entry_by_a_harbor_barrel_then_tokens_into_places() -> None:
    t = give(exp_table(), "Aiko", fish=Fish(red_snapper=3), upper=[("eel", 300)])
    eel = t.board_barrels["eel"]
    t2 = visit(t, "new_aquarium", entry=BARREL, tokens=["red_snapper", "red_snapper"])
    assert t2.player("Aiko").yen == 2800 and t2.player("Aiko").upper == ()
    assert t2.board_barrels["eel"] == eel + 1
    refuse_visit(
        give(t2, "Aiko", upper=[("eel", 300)]),
        "new_aquarium",
        "ext.place_room",
        entry=BARREL,
        tokens=["red_snapper"],
    )


def test_places_not_entered_are_refused_and_tuna_goes_to_the_aquarium() -> None:
    t = give(exp_table(), "Aiko", fish=Fish(tuna=(15,)), upper=[("eel", 300)])
    refuse_visit(t, "new_aquarium", "ext.no_place", entry=BARREL, tokens=["tuna:15"])
    refuse_visit(t, "new_aquarium", "entry_not_printed", entry="ap", tokens=["tuna:15"])
