"""Ships (external-markets.md §2–§3): buy boats into a free port place, sell docked boats
for 10 % of the list price rounded up (AMB-31), the Blue ship with its trade-in (AMB-52)."""

from __future__ import annotations

from companion.rules.external_catalogue import BOATS, ships_buy_price, ships_sell_price
from companion.rules.table import Boat

from ..guided_support import give, turn_of
from .support import kinds, lines, refuse_visit, table, visit


def test_the_boat_price_table() -> None:
    """§2, the Ships columns."""
    assert {k: (ships_buy_price(k), ships_sell_price(k)) for k in BOATS} == {
        "one_slot": (500, 100),
        "two_slot": (1000, 100),
        "three_slot": (1500, 200),
        "four_slot": (2000, 200),
        "blue": (2000, 200),
        "barge": (1000, 100),
        "small_barge": (1000, 100),
    }


def test_buy_a_three_slot_ship_and_sell_it_back() -> None:
    """[EN] example: buy a Three-slot ship → −¥1,500; sell it back → +¥200."""
    t = table(ports=1)
    assert lines(t, "ships", buy=["three_slot"]) == [
        "Aiko spends 1 AP (1 left)",
        "Aiko → the supply: ¥1,500 (boat)",
        "Aiko's new Three-slot ship from Ships docks in a port",
    ]
    t = visit(t, "ships", buy=["three_slot"])
    assert t.player("Aiko").yen == 500 and kinds(t) == ["one_slot", "three_slot"]
    assert t.stock["ships.three_slot"] == 2
    t = visit(t, "ships", sell_boats=["three_slot"])
    assert t.player("Aiko").yen == 700 and kinds(t) == ["one_slot"]
    assert t.stock["ships.three_slot"] == 3


def test_selling_a_two_slot_ship_or_the_barge_pays_100() -> None:
    t = table(boats=("one_slot", "two_slot", "barge"), ports=2)
    t = visit(t, "ships", sell_boats=["two_slot", "barge"])
    assert t.player("Aiko").yen == 2200
    assert t.stock["ships.two_slot"] == 5 and t.stock["ships.barge"] == 2


def test_a_sale_pays_for_a_purchase_and_frees_its_port_place() -> None:
    t = give(table(boats=("one_slot",)), "Aiko", yen=400)
    t = visit(t, "ships", sell_boats=["one_slot"], buy=["one_slot"])
    assert t.player("Aiko").yen == 0 and kinds(t) == ["one_slot"]


def test_a_boat_needs_a_free_port_place() -> None:
    t = table()
    msg = refuse_visit(t, "ships", "ext.no_port_place", buy=["two_slot"])
    assert msg.startswith("Aiko has no free port place for the Two-slot ship")
    # A ship at sea leaves its port free (boats at sea do not matter).
    t2 = give(t, "Aiko", at_sea={"eel": 1})
    assert kinds(visit(t2, "ships", buy=["two_slot"])) == ["one_slot", "two_slot"]
    # Only port "2" takes a barge.
    refuse_visit(table(ports=1), "ships", "ext.no_port_place", buy=["barge"])
    assert kinds(visit(table(ports=2), "ships", buy=["barge"])) == ["one_slot", "barge"]


def test_only_a_docked_boat_of_your_own_is_sold() -> None:
    t = give(table(), "Aiko", at_sea={"eel": 1})
    refuse_visit(t, "ships", "ext.boat_at_sea", sell_boats=["one_slot"])
    refuse_visit(table(), "ships", "ext.boat_not_owned", sell_boats=["barge"])
    rented = table().with_player(0, boats=(Boat("one_slot"), Boat("two_slot", "ships")), ports=1)
    refuse_visit(rented, "ships", "ext.boat_rented", sell_boats=["two_slot"])


def test_the_board_holds_what_it_holds() -> None:
    """setup.md §4, P = 4: one Four-slot ship; a second is not there."""
    t = table(ports=2)
    t = visit(give(t, "Aiko", yen=5000), "ships", buy=["four_slot"])
    assert t.stock["ships.four_slot"] == 0
    refuse_visit(turn_of(t, "Aiko"), "ships", "ext.board_has", buy=["four_slot"])


def test_refusals_change_nothing() -> None:
    t = table(ports=1)
    refuse_visit(give(t, "Aiko", yen=900), "ships", "short_of_yen", buy=["two_slot"])
    refuse_visit(t, "ships", "ext.no_interaction")
    refuse_visit(t, "ships", "ext.boat_kind", buy=["canoe"])
    refuse_visit(t, "ships", "bad_field", buy=["two_slot"], loans=1)
    refuse_visit(t, "ships", "entry_not_printed", entry="yen", buy=["two_slot"])
    refuse_visit(t, "ships", "ext.trade_in_alone", buy=["two_slot"], trade_in="one_slot")


def test_the_blue_ship_costs_2000_and_a_trade_in() -> None:
    """§3 (exp.): ¥2,000 plus trading in one of your ships, which goes to Used Ships when
    it is in play; port space is checked after the trade-in leaves (AMB-52)."""
    from companion.rules.moves import apply
    from companion.rules.setup import make_config
    from companion.rules.table import initial_table

    cfg = make_config(
        ["Aiko", "Bo"],
        expansion=True,
        variants=["more_markets", "blue_ship"],
        fish_markets=["mackerel", "eel", "squid", "tuna"],
        external_markets=["ships", "used_ships", "bank"],
        seed=3,
    )
    t = apply(initial_table(cfg), {"type": "next_turn"})
    assert t.stock["ships.blue"] == 1
    refuse_visit(t, "ships", "ext.trade_in_needed", buy=["blue"])
    refuse_visit(t, "ships", "ext.trade_in_ship", buy=["blue"], trade_in="barge")
    # The only port holds the one-slot ship: traded in, it makes room for the Blue ship.
    t = visit(t, "ships", buy=["blue"], trade_in="one_slot")
    assert kinds(t) == ["blue"] and t.player("Aiko").yen == 0
    assert t.stock["used_ships.one_slot"] == 1 and t.stock["ships.blue"] == 0
    # It sells like a four-slot ship.
    t = visit(t, "ships", sell_boats=["blue"])
    assert t.player("Aiko").yen == 200 and t.stock["ships.blue"] == 1


def test_without_used_ships_the_trade_in_goes_to_the_ships_board() -> None:
    from companion.rules.moves import apply
    from companion.rules.setup import make_config
    from companion.rules.table import initial_table

    cfg = make_config(
        ["Aiko", "Bo"],
        expansion=True,
        variants=["more_markets", "blue_ship", "small_barges"],
        fish_markets=["mackerel", "eel", "squid", "tuna"],
        external_markets=["ships", "bank", "rentals"],
        seed=3,
    )
    t = apply(initial_table(cfg), {"type": "next_turn"})
    assert t.stock["ships.barge"] == 0 and t.stock["ships.small_barge"] == 2
    before = t.stock["ships.one_slot"]
    t = visit(t, "ships", buy=["blue"], trade_in="one_slot")
    assert t.stock["ships.one_slot"] == before + 1
