"""Overseas through ``visit`` (external-markets.md §12, auctions.md §5 and case 9,
AMB-49, TC-06): ¥100 and the Fishing action's AP; the lot's conversions before bidding;
the winner pays the docking player."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.messages import render
from companion.rules.moves import apply

from ..guided_support import give
from .exp_support import exp_table
from .support import lines, refuse_visit, visit

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


def settle_at_0(t: object, auction: str = "a9.1") -> object:
    """Every bid ¥0: all tied, the owner picks herself."""
    t = apply(t, {"type": "auction_reveal", "auction": auction, "bids": {}})
    return apply(t, {"type": "auction_choose", "auction": auction, "winner": "Aiko"})


def test_a_lot_whose_fish_has_no_token_left_still_settles() -> None:
    """#19: 2 Eel barrels with 1 Eel token left on the board: the winner takes that one and
    nothing for the other barrel (the Eel market, then without tokens, is Overfished and
    its barrels go to the box); the auction settles and play goes on."""
    t = overseas_table()
    t = replace(t, board_tokens={**t.board_tokens, "eel": 1})
    t = visit(t, "overseas", entry="yen", barrels={"eel": 2, "mackerel": 1}, auction_id="a9")
    auction = t.auctions["a9.1"]
    assert dict(auction.barrels) == {"eel": 1, "mackerel": 1}
    [note] = auction.notes
    assert (
        render(note)
        == "No token is left for 1 Eel barrel: the winner takes none for these barrels."
    )
    assert (
        render(note, "ja")
        == "ウナギ樽1個の分のトークンは残っていないため、勝者はその分のトークンを受け取りません。"
    )
    assert t.values.eel == 5  # the marker still moves per Eel barrel in the lot (AMB-49)
    t = settle_at_0(t)
    assert t.auctions["a9.1"].status == "settled"
    assert t.player("Aiko").fish == Fish(eel=1, mackerel=1)
    assert "eel" in t.values.overfished and t.board_tokens["eel"] == 0
    assert t.board_barrels["eel"] == 0  # the Eel barrels are in the box
    apply(t, {"type": "next_turn"})  # nothing is stuck


def test_an_overfished_fish_gives_nothing_and_its_conversions_too() -> None:
    """Eel Overfished with no token left, the Spider Crab bag empty and no Swordfish token
    on its board: those barrels give no token (barrels to the box), the rest of the lot is
    auctioned as usual."""
    t = overseas_table()
    t = apply(t, {"type": "mark_overfished", "market": "eel"})
    t = replace(
        t,
        board_tokens={**t.board_tokens, "eel": 0, "swordfish": 0},
        bag=tuple(c for c in t.bag if not c.startswith("spider_crab")),
        turn=replace(t.turn, ap_left=2),
    )
    at_sea = {"eel": 2, "mackerel": 1, "swordfish": 2, "spider_crab": 2, "tuna": 3}
    t = give(t, "Aiko", yen=100, at_sea=at_sea)
    bag = ["tuna:20", "tuna:15"]
    t = visit(t, "overseas", entry="yen", barrels=at_sea, drawn=bag, auction_id="a9")
    auction = t.auctions["a9.1"]
    assert [x.code for x in auction.lot] == ["tuna:20"]
    assert dict(auction.barrels) == {"mackerel": 1}
    t = apply(t, {"type": "auction_reveal", "auction": "a9.1", "bids": {"1": 300}})
    assert t.auctions["a9.1"].status == "settled"
    assert t.player("Bo").fish == Fish(mackerel=1, tuna=(20,))
    assert t.values.swordfish == 6  # no Swordfish token in the lot: no adjustment


def test_the_preview_says_which_barrels_give_nothing() -> None:
    t = overseas_table()
    t = replace(t, board_tokens={**t.board_tokens, "eel": 0})
    got = lines(t, "overseas", entry="yen", barrels={"eel": 2, "mackerel": 1})
    assert "no Eel token is left for 2 barrels of the lot: the winner takes none for them" in got


def test_clams_and_oysters_nobody_counted_are_refused_up_front() -> None:
    """The winner draws a clam or oyster per barrel: from a bag whose counts the host never
    entered the app cannot, so the visit is refused instead of opening a lot that could
    never settle."""
    t = exp_table(
        external=("ships", "overseas", "bank", "rentals"),
        fish=("mackerel", "eel", "clams_oysters", "squid", "octopus"),
        numbers={},
        boats=("one_slot", "two_slot"),
        ports=2,
    )
    t = give(t, "Aiko", at_sea={"clams_oysters": 1})
    refuse_visit(t, "overseas", "au.co_unknown", entry="yen", barrels={"clams_oysters": 1})
