"""The fleet and the ports (turn-and-scoring.md §3, external-markets.md §2, setup.md §5):
what boats can carry, where they can dock, and how that bounds a Fishing action."""

from __future__ import annotations

from companion.rules.fleet import arrangement, carries, fits_ports, port_places
from companion.rules.table import initial_table

from ..guided_support import act, game, give, refused
from .support import table


def test_the_ports_hold_one_ship_then_one_more_then_two_ships_or_a_barge() -> None:
    assert [port_places(n) for n in (0, 1, 2)] == [(1, 0), (2, 0), (4, 1)]
    assert fits_ports(["one_slot"], 0) and not fits_ports(["one_slot", "one_slot"], 0)
    assert fits_ports(["one_slot", "two_slot"], 1)
    assert not fits_ports(["barge"], 1)  # only port "2" takes a barge
    assert fits_ports(["one_slot", "two_slot", "barge"], 2)
    assert not fits_ports(["one_slot", "two_slot", "three_slot", "barge"], 2)
    assert fits_ports(["one_slot", "two_slot", "three_slot", "four_slot"], 2)
    assert not fits_ports(["barge", "small_barge"], 2)


def test_a_ship_carries_one_kind_the_blue_ship_two_a_barge_any_mix() -> None:
    assert carries(["two_slot"], {"eel": 2})
    assert not carries(["two_slot"], {"eel": 1, "squid": 1})
    assert carries(["blue"], {"eel": 2, "squid": 2})
    assert not carries(["blue"], {"eel": 2, "squid": 1, "tuna": 1})
    assert carries(["barge"], {"eel": 2, "squid": 1, "tuna": 2, "mackerel": 1})
    assert not carries(["barge"], {"eel": 7})
    assert carries(["one_slot", "two_slot"], {"eel": 1, "squid": 2})
    assert not carries(["one_slot", "two_slot"], {"eel": 1, "squid": 1, "tuna": 1})


def test_no_boat_carries_more_than_one_salmon() -> None:
    """Salmon board: "Barrels = 1 per boat" (ships, the Blue ship and barges alike)."""
    assert carries(["four_slot"], {"salmon": 1})
    assert not carries(["four_slot"], {"salmon": 2})
    assert not carries(["barge"], {"salmon": 2})
    assert carries(["barge"], {"salmon": 1, "eel": 5})
    assert carries(["one_slot", "two_slot", "barge"], {"salmon": 3})
    assert carries(["blue"], {"salmon": 1, "eel": 3})


def test_an_arrangement_docks_the_boats_carrying_nothing() -> None:
    # Two ships and one open port: one of them must be at sea with a barrel.
    assert not arrangement(["one_slot", "two_slot"], 0, {})
    assert arrangement(["one_slot", "two_slot"], 0, {"eel": 1})
    # The boat to be sold must be one of those docked.
    assert arrangement(["one_slot", "two_slot"], 0, {"eel": 2}, docked={0})
    assert not arrangement(["one_slot", "two_slot"], 0, {"eel": 2}, docked={1})
    # A boat bought needs a free place at once.
    assert not arrangement(["one_slot"], 0, {}, arriving=["two_slot"])
    assert arrangement(["one_slot"], 0, {"eel": 1}, arriving=["two_slot"])
    assert not arrangement(["one_slot"], 1, {}, arriving=["barge"])
    assert arrangement(["one_slot"], 2, {}, arriving=["barge"])


def test_the_setup_fleet_is_one_one_slot_ship_and_no_port_opened() -> None:
    t = initial_table(game(start=False).config)
    for p in t.players:
        assert [b.kind for b in p.boats] == ["one_slot"] and p.ports == 0


def test_a_one_slot_ship_catches_one_barrel() -> None:
    t = table()
    t2 = act(t, "fishing", player="Aiko", caught={"mackerel": 1})
    assert t2.player("Aiko").at_sea == {"mackerel": 1}
    e = refused(t2, "fishing", "fleet_full", player="Aiko", caught={"mackerel": 1})
    assert "cannot carry 2 barrels" in e.message


def test_two_kinds_need_two_ships_and_salmon_one_per_boat() -> None:
    t = give(
        table(boats=("one_slot", "four_slot"), ports=1),
        "Aiko",
        licenses={"mackerel": 1, "salmon": 2},
    )
    refused(t, "fishing", "fleet_full", player="Aiko", caught={"salmon": 2, "mackerel": 1})
    t2 = act(t, "fishing", player="Aiko", caught={"salmon": 2})
    assert t2.player("Aiko").at_sea == {"salmon": 2}
    refused(t2, "fishing", "fleet_full", player="Aiko", caught={"mackerel": 1})


def test_docking_needs_a_free_port_place() -> None:
    """A boat bought while the other was at sea fills the only port; the first cannot dock
    until a port is opened."""
    t = give(table(boats=("one_slot", "two_slot")), "Aiko", at_sea={"mackerel": 1})
    e = refused(
        t,
        "fishing",
        "fleet_no_port",
        player="Aiko",
        unloaded={"mackerel": 1},
        for_sale=[{"fish": "mackerel", "price": 100}],
    )
    assert "open a port first" in e.message
    t = act(t, "open_port", player="Aiko")
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"mackerel": 1},
        for_sale=[{"fish": "mackerel", "price": 100}],
    )
    assert t.player("Aiko").at_sea == {}
