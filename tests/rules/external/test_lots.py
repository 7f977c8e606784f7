"""Auction and Barter through ``visit`` (external-markets.md §5, §7, auctions.md): the lot
leaves the seller, the Auction's fee goes to the supply, and the sealed-bid auction opens
in the visit's undo group."""

from __future__ import annotations

from companion.rules.fish import Fish
from companion.rules.moves import apply

from ..guided_support import give
from .support import lines, refuse_visit, table, visit


def test_an_auction_lot_of_7_resources_pays_a_300_fee() -> None:
    """§5: lot = 1 Octopus + 4 Mackerel (7 R); bids B ¥400, C ¥600 → fee ¥300; C −¥600;
    seller +¥600 +¥600 −¥300 = +¥900."""
    t = give(table(), "Aiko", fish=Fish(octopus=1, mackerel=4))
    lot = ["octopus", "mackerel", "mackerel", "mackerel", "mackerel"]
    assert lines(t, "auction", lot=lot, auction_id="a7")[-2:] == [
        "Aiko → the supply: ¥300 (Auction fee)",
        "The Auction opens for sealed bids",
    ]
    t = visit(t, "auction", lot=lot, auction_id="a7")
    auction = t.auctions["a7.1"]
    assert auction.status == "open" and auction.fee == 300 and t.player("Aiko").yen == 1700
    assert t.player("Aiko").fish == Fish()
    t = apply(t, {"type": "auction_reveal", "auction": "a7.1", "bids": {"1": 400, "2": 600}})
    assert t.player("Aiko").yen == 1700 + 1200 and t.player("Chiyo").yen == 1400
    assert t.player("Chiyo").fish == Fish(octopus=1, mackerel=4)


def test_a_barter_offer_is_accepted_or_declined() -> None:
    """§7: offers B ¥300, C ¥500; the seller may accept B → B −¥300, seller +¥300."""
    t = give(table(), "Aiko", fish=Fish(eel=2))
    t = visit(t, "barter", lot=["eel", "eel"], auction_id="a3")
    t = apply(t, {"type": "auction_reveal", "auction": "a3.1", "bids": {"1": 300, "2": 500}})
    t = apply(t, {"type": "auction_choose", "auction": "a3.1", "winner": "Bo"})
    assert t.player("Aiko").yen == 2300 and t.player("Bo").fish == Fish(eel=2)


def test_refusals_change_nothing() -> None:
    t = give(table(), "Aiko", fish=Fish(squid=3, eel=1))
    refuse_visit(t, "auction", "ext.lot_worth", lot=["squid", "squid"])  # AMB-25
    refuse_visit(t, "auction", "not_held", lot=["eel", "eel"])
    refuse_visit(t, "barter", "ext.no_interaction")
