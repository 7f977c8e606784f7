"""Overseas through ``visit`` (external-markets.md §12, auctions.md §5 and case 9,
AMB-49, TC-06): ¥100 and the Fishing action's AP; the lot's conversions before bidding;
the winner pays the docking player."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.moves import apply

from ..guided_support import give
from .exp_support import exp_table
from .support import refuse_visit, visit

SWORDFISH = {"swordfish": {"barrels": 6, "licenses": 3, "tokens": 6}}


def overseas_table() -> object:
    t = exp_table(
        external=("ships", "overseas", "bank", "rentals"),
        fish=("mackerel", "eel", "tuna", "spider_crab", "swordfish", "squid"),
        numbers=SWORDFISH,
        boats=("one_slot", "two_slot", "barge"),
        ports=2,
    )
    t = replace(t, values=replace(t.values, eel=3))
    at_sea = {"eel": 2, "mackerel": 1, "tuna": 3, "swordfish": 2, "spider_crab": 1}
    board = {m: (n or 0) - at_sea.get(m, 0) for m, n in t.board_barrels.items()}
    t = replace(t, board_barrels=board)
    return give(t, "Aiko", yen=0 + 100, at_sea=at_sea)


def test_the_worked_example() -> None:
    """auctions.md case 9: A pays ¥100, docks [Eel, Eel], [Mackerel] and a barge with
    [Tuna ×3, Swordfish ×2, Spider Crab ×1]; V_eel 3 → 5; 3 Tuna → a Tuna 20; 2 Swordfish →
    a Swordfish token; the Spider Crab back. B wins at ¥1,500: B −¥1,500, A +¥1,500;
    1,500 > 600 → V_sw 8. No docking bonus."""
    t = overseas_table()
    barrels = {"eel": 2, "mackerel": 1, "tuna": 3, "swordfish": 2, "spider_crab": 1}
    bag = ["spider_crab:4", "tuna:20", "tuna:15", "tuna:25"]
    t = visit(t, "overseas", entry="yen", barrels=barrels, drawn=bag, auction_id="a9")
    assert t.player("Aiko").yen == 0 and t.player("Aiko").at_sea == {}
    assert t.turn.ap_left == 1 and t.values.eel == 5
    auction = t.auctions["a9.1"]
    assert [x.code for x in auction.lot] == ["tuna:20", "swordfish"]
    assert dict(auction.barrels) == {"eel": 2, "mackerel": 1}
    t = apply(t, {"type": "auction_reveal", "auction": "a9.1", "bids": {"1": 1500, "2": 1200}})
    assert t.player("Aiko").yen == 1500 and t.player("Bo").yen == 500
    assert t.player("Bo").fish == Fish(eel=2, mackerel=1, tuna=(20,), swordfish=1)
    assert t.values.swordfish == 8


def test_refusals_change_nothing() -> None:
    t = overseas_table()
    refuse_visit(t, "overseas", "entry_not_printed", entry="ap", barrels={"eel": 1})
    refuse_visit(t, "overseas", "unload_more_than_at_sea", entry="yen", barrels={"eel": 3})
    refuse_visit(t, "overseas", "ext.overseas_barrels", entry="yen", barrels={"eel": 0})
    refuse_visit(
        give(t, "Aiko", yen=0), "overseas", "short_of_yen", entry="yen", barrels={"eel": 1}
    )
