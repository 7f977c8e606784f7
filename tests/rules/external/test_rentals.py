"""Rentals (external-markets.md §9, AMB-29, AMB-30): ¥200 per item, no AP; each item takes
a License space; 2 uses each."""

from __future__ import annotations

from companion.rules.entry import cart_uses_left
from companion.rules.moves import apply

from ..guided_support import act, give, turn_of
from .support import lines, refuse_visit, table, visit


def test_a_freezer_and_a_cart_cost_400_and_two_spaces() -> None:
    t = table()
    t = visit(t, "rentals", entry="free", freezers=1, carts=1)
    p = t.player("Aiko")
    assert p.yen == 1600 and p.items == {"freezer": 1, "cart": 1} and p.spaces_used == 3
    assert t.turn.ap_left == 2
    assert (t.stock["rentals.freezer"], t.stock["rentals.cart"]) == (1, 1)


def test_not_once_per_turn() -> None:
    t = visit(table(), "rentals", entry="free", carts=1)
    t = visit(t, "rentals", entry="free", carts=1)
    assert t.player("Aiko").items == {"cart": 2} and t.stock["rentals.cart"] == 0
    refuse_visit(t, "rentals", "ext.rentals_left", entry="free", carts=1)


def test_spaces_yen_and_the_entry_are_checked() -> None:
    full = give(table(), "Aiko", licenses={"mackerel": 1, "eel": 2})
    refuse_visit(full, "rentals", "spaces_free", entry="free", freezers=1, carts=1)
    refuse_visit(give(table(), "Aiko", yen=100), "rentals", "short_of_yen", entry="free", carts=1)
    refuse_visit(table(), "rentals", "entry_not_printed", entry="ap", carts=1)
    refuse_visit(table(), "rentals", "ext.no_interaction", entry="free")


def test_a_cart_pays_an_ap_entry_and_returns_after_two_uses() -> None:
    t = visit(table(), "rentals", entry="free", carts=1)
    t = give(t, "Aiko", licenses={"mackerel": 1})
    t = apply(
        t, {"type": "visit", "player": "Aiko", "market": "mackerel", "entry": "cart", "licenses": 1}
    )
    assert t.turn.ap_left == 2 and t.player("Aiko").flipped == {"cart": 1}
    t = visit(turn_of(t, "Aiko"), "bank", entry="cart", loans=1)  # 1 AP of the 2 from the Cart
    assert t.turn.ap_left == 1 and "cart" not in t.player("Aiko").items
    assert t.stock["rentals.cart"] == 2
    assert lines(table(), "rentals", entry="free", carts=1)[0] == "Aiko → the supply: ¥200 (rental)"
    assert act is not None


def test_every_rental_starts_on_its_2_side() -> None:
    """ "Place one with the '2' side face up when you rent it": a Cart or Freezer given back
    early (``return_item``) after one use leaves nothing flipped behind, so the next one
    rented has both uses (#19)."""
    t = visit(table(), "rentals", entry="free", carts=1, freezers=1)
    t = give(t, "Aiko", licenses={"mackerel": 1})
    t = apply(
        t, {"type": "visit", "player": "Aiko", "market": "mackerel", "entry": "cart", "licenses": 1}
    )
    t = give(t, "Aiko", licenses={})
    t = give(t, "Aiko", yen=2000)
    aiko = t.player("Aiko")
    assert aiko.flipped == {"cart": 1} and aiko.items == {"cart": 1, "freezer": 1}
    for item in ("cart", "freezer"):
        t = apply(t, {"type": "return_item", "player": "Aiko", "item": item})
    assert t.player("Aiko").items == {} and t.player("Aiko").flipped == {}
    t = visit(t, "rentals", entry="free", carts=1)
    assert cart_uses_left(t.player("Aiko")) == 2
    t = visit(t, "bank", entry="cart", loans=1)  # the first use flips it: it stays
    assert t.player("Aiko").items == {"cart": 1} and t.player("Aiko").flipped == {"cart": 1}


def test_the_used_one_goes_back_first() -> None:
    """Of two Carts, one used once, the one given back early is the used one: the Cart kept
    still has both uses."""
    t = visit(table(), "rentals", entry="free", carts=2)
    t = visit(t, "bank", entry="cart", loans=1)
    assert t.player("Aiko").flipped == {"cart": 1}
    t = apply(t, {"type": "return_item", "player": "Aiko", "item": "cart"})
    assert t.player("Aiko").items == {"cart": 1} and t.player("Aiko").flipped == {}
    assert t.stock["rentals.cart"] == 1
