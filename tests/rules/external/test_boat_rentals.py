"""Boat Rentals (external-markets.md §16, AMB-54): ¥100 per slot, a token and a
free port place per boat, not the Blue ship; back to its board after its voyage."""

from __future__ import annotations

from ..guided_support import act, give, refused
from .exp_support import exp_table
from .support import kinds, refuse_visit, visit


def test_rent_a_three_slot_ship_and_return_it_after_its_voyage() -> None:
    """§16 test case: rent a Three-slot ship from the Ships board → −¥300; after it docks
    and unloads, it goes back to the Ships board and the token back to Boat Rentals."""
    t = exp_table(ports=1, boats=("one_slot",))
    ships, tokens = t.stock["ships.three_slot"], t.stock["boat_rentals.token"]
    t = visit(t, "boat_rentals", entry="yen", rent=[{"boat": "three_slot", "from": "ships"}])
    assert t.player("Aiko").yen == 2000 - 100 - 300
    assert kinds(t) == ["one_slot", "three_slot"] and t.player("Aiko").boats[1].rented == "ships"
    assert t.stock["ships.three_slot"] == ships - 1 and t.stock["boat_rentals.token"] == tokens - 1
    assert t.player("Aiko").spaces_used == 1  # the token takes no License space
    # A rented boat is not the player's to sell.
    refuse_visit(t, "ships", "ext.boat_rented", sell_boats=["three_slot"])
    # At sea with 3 Mackerel (the one-slot ship cannot carry them) it cannot go back yet.
    at_sea = give(t, "Aiko", at_sea={"mackerel": 3})
    refused(at_sea, "return_rental", "ext.boat_at_sea", player="Aiko", boat="three_slot")
    t = act(t, "return_rental", player="Aiko", boat="three_slot")
    assert kinds(t) == ["one_slot"]
    assert t.stock["ships.three_slot"] == ships and t.stock["boat_rentals.token"] == tokens


def test_from_used_ships_but_never_the_blue_ship() -> None:
    t = exp_table(ports=2, boats=("one_slot", "two_slot"), variants=("blue_ship",))
    t = visit(t, "used_ships", sell_boats=["two_slot"])
    t = visit(t, "boat_rentals", entry="yen", rent=[{"boat": "two_slot", "from": "used_ships"}])
    assert t.stock["used_ships.two_slot"] == 0
    refuse_visit(t, "boat_rentals", "ext.not_rentable", entry="yen", rent=[{"boat": "blue"}])
    refuse_visit(
        t,
        "boat_rentals",
        "ext.board_has",
        entry="yen",
        rent=[{"boat": "four_slot", "from": "used_ships"}],
    )


def test_a_port_place_and_a_token_are_needed() -> None:
    t = exp_table(boats=("one_slot",))
    refuse_visit(t, "boat_rentals", "ext.no_port_place", entry="yen", rent=[{"boat": "two_slot"}])
    none_left = t.__class__(**{**t.__dict__, "stock": {**t.stock, "boat_rentals.token": 0}})
    refuse_visit(
        none_left,
        "boat_rentals",
        "ext.rental_tokens_left",
        entry="yen",
        rent=[{"boat": "two_slot"}],
    )


def test_the_entry_is_what_the_host_entered() -> None:
    t = exp_table(boats=("one_slot",), ports=1, numbers={})
    refuse_visit(t, "boat_rentals", "entry_unknown", entry="yen", rent=[{"boat": "two_slot"}])
