"""Used Ships (external-markets.md §2, §11, AMB-32): sell ¥200 per slot (barge ¥400), buy
¥300 per slot (barge ¥600); the board starts empty; never once the end is triggered."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.external_catalogue import BOATS, used_buy_price, used_sell_price

from ..guided_support import turn_of
from .support import kinds, refuse_visit, table, visit


def test_the_boat_price_table() -> None:
    assert {k: (used_sell_price(k), used_buy_price(k)) for k in BOATS} == {
        "one_slot": (200, 300),
        "two_slot": (400, 600),
        "three_slot": (600, 900),
        "four_slot": (800, 1200),
        "blue": (800, 1200),
        "barge": (400, 600),
        "small_barge": (400, 600),
    }


def test_sell_a_three_slot_ship_then_buy_it_back_and_sell_a_barge() -> None:
    t = table(boats=("one_slot", "three_slot", "barge"), ports=2)
    assert "used_ships.three_slot" not in t.stock  # starts empty
    refuse_visit(t, "used_ships", "ext.board_has", buy=["three_slot"])
    t = visit(t, "used_ships", sell_boats=["three_slot"])
    assert t.player("Aiko").yen == 2600 and t.stock["used_ships.three_slot"] == 1
    t = visit(t, "used_ships", buy=["three_slot"])
    assert t.player("Aiko").yen == 1700 and t.stock["used_ships.three_slot"] == 0
    t = visit(turn_of(t, "Aiko"), "used_ships", sell_boats=["barge"])
    assert t.player("Aiko").yen == 2100 and kinds(t) == ["one_slot", "three_slot"]


def test_not_once_the_end_is_triggered() -> None:
    t = table(boats=("one_slot", "two_slot"), ports=1)
    ended = replace(t, turn=replace(t.turn, triggered_by=0, final_turns=(1, 2, 3)))
    msg = refuse_visit(ended, "used_ships", "ext.used_ships_final", sell_boats=["two_slot"])
    assert msg == "Used Ships cannot be used once the end of the game is triggered."
