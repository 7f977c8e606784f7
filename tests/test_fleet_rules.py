"""The fleet, boat by boat (issue #19; shared/spec/flows.md, "The fleet, boat by boat"):
the rulebook's own examples, and every wrong acceptance and refusal the issue lists (each
failed on the counted fleet, TC-07 as it was)."""

from __future__ import annotations

import pytest
from fleet_support import act, boat, fishing, placed_game, refused, where, with_fleet

from companion.rules.errors import IllegalAction
from companion.rules.fleet import settle
from companion.rules.guided import preview_lines
from companion.rules.messages import render
from companion.rules.table import Boat, Table


def test_every_boat_has_an_id_and_a_place_from_the_setup() -> None:
    t = placed_game()
    for p in t.players:
        assert [(b.id, b.kind, b.where, b.cargo) for b in p.boats] == [
            ("b1", "one_slot", "leftmost", ())
        ]


# -- the rulebook's examples -------------------------------------------------------------------


def test_naomis_two_ships() -> None:
    """The book's example: her Two-slot ship at sea catches a Mackerel barrel with her one
    Mackerel License while her One-slot ship undocks; in her second Fishing action the
    Two-slot ship docks (the barrel for sale at ¥300, upper row) and the One-slot ship then
    catches with the same License."""
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "leftmost"),
        boat("two_slot", "b2", "sea"),
        licenses={"mackerel": 1},
    )
    t = fishing(
        t, {"boat": "b2", "do": "catch", "fish": "mackerel"}, {"boat": "b1", "do": "undock"}
    )
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("sea", ("mackerel",))}
    assert t.turn.ap_left == 1
    yen = t.player("Aiko").yen
    t = fishing(
        t,
        {"boat": "b2", "do": "dock"},
        {"boat": "b1", "do": "catch", "fish": "mackerel"},
        for_sale=[{"fish": "mackerel", "price": 300}],
    )
    a = t.player("Aiko")
    assert where(t, "Aiko") == {"b1": ("sea", ("mackerel",)), "b2": ("leftmost", ())}
    assert [(x.fish, x.price) for x in a.upper] == [("mackerel", 300)]
    assert a.at_sea == {"mackerel": 1}
    assert a.yen == yen  # one barrel unloaded: no docking bonus
    assert t.turn.ap_left == 0


def test_at_least_two_mackerel_licenses_for_a_second_ship() -> None:
    """ "You have 1 Ship at sea with a Mackerel Barrel on it. In order to Catch a Mackerel
    Barrel with a second (currently empty) Ship while that first Ship remains at sea, you
    must hold at least 2 Mackerel Licenses." 1 License is enough for the first ship."""
    t = placed_game()
    fleet = (boat("two_slot", "b1", "sea", "mackerel"), boat("one_slot", "b2", "sea"))
    one = with_fleet(t, "Aiko", *fleet, licenses={"mackerel": 1})
    err = refused(
        one,
        "fishing",
        "fleet.empty_ship",
        player="Aiko",
        boats=[{"boat": "b2", "do": "catch", "fish": "mackerel"}],
    )
    assert err.message == (
        "Aiko's empty One-slot ship b2 cannot Catch Mackerel: they hold 1 Mackerel License "
        "and 1 ship at sea already holds Mackerel (you need more Licenses than that)."
    )
    assert err.code_message is not None
    assert "1スロット漁船（船2）" in render(err.code_message, "ja")
    t1 = fishing(one, {"boat": "b1", "do": "catch", "fish": "mackerel"})
    assert where(t1, "Aiko")["b1"] == ("sea", ("mackerel", "mackerel"))
    two = with_fleet(t, "Aiko", *fleet, licenses={"mackerel": 2})
    t2 = fishing(two, {"boat": "b2", "do": "catch", "fish": "mackerel"})
    assert where(t2, "Aiko")["b2"] == ("sea", ("mackerel",))


def test_ships_three_slot_for_1500_sold_back_for_200() -> None:
    """The Ships example: a Three-slot Ship costs ¥1,500; sold back for ¥200. It goes into
    the port place the One-slot ship at sea left free (boats at sea do not matter)."""
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("one_slot", "b1", "sea"), yen=2000)
    t = act(t, "visit", player="Aiko", market="ships", entry="ap", buy=["three_slot"])
    a = t.player("Aiko")
    assert a.yen == 500
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("leftmost", ())}
    assert a.boats[1].kind == "three_slot"
    t = act(t, "visit", player="Aiko", market="ships", entry="ap", sell_boats=["three_slot"])
    assert t.player("Aiko").yen == 700
    assert where(t, "Aiko") == {"b1": ("sea", ())}


# -- the wrong acceptances (each accepted by the counted fleet) ------------------------


def test_one_ship_never_catches_two_barrels_in_one_action() -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea"), licenses={"spider_crab": 2})
    refused(t, "fishing", "fleet.counted_catch", player="Aiko", caught={"spider_crab": 2})
    refused(
        t,
        "fishing",
        "fleet.one_barrel",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": "spider_crab", "count": 2}],
    )
    # One barrel is what one ship catches; the other licence waits for another ship.
    t = act(t, "fishing", player="Aiko", caught={"spider_crab": 1})
    assert where(t, "Aiko") == {"b1": ("sea", ("spider_crab",))}


def test_an_empty_ship_cannot_catch_fugu_with_the_only_fugu_license_at_sea() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "sea", "fugu"),
        boat("two_slot", "b2", "sea"),
        licenses={"fugu": 1},
    )
    refused(t, "fishing", "fleet.counted_catch", player="Aiko", caught={"fugu": 1})
    refused(
        t,
        "fishing",
        "fleet.empty_ship",
        player="Aiko",
        boats=[{"boat": "b2", "do": "catch", "fish": "fugu"}],
    )


def test_half_a_boats_load_is_never_unloaded() -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea", "spider_crab", "spider_crab"))
    refused(t, "fishing", "fleet.counted_unload", player="Aiko", unloaded={"spider_crab": 1})
    # Docking unloads all of it: one Spider Crab auction.
    t = act(t, "fishing", player="Aiko", unloaded={"spider_crab": 2}, drawn=sorted(t.bag))
    assert where(t, "Aiko") == {"b1": ("leftmost", ())}
    assert [a.kind for a in t.auctions.values()] == ["spider_crab"]


def test_a_loaded_ship_catches_only_its_own_fish() -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea", "eel"), licenses={"eel": 1, "squid": 1})
    err = refused(
        t,
        "fishing",
        "fleet.other_fish",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": "squid"}],
    )
    assert err.message.startswith("Aiko's Two-slot ship b1 holds Eel")


def test_each_licence_catches_once_per_action() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("two_slot", "b1", "sea", "eel"),
        boat("one_slot", "b2", "sea"),
        licenses={"eel": 2},
    )
    # Two licences, one ship at sea holding Eel: the empty ship may catch Eel, and the
    # loaded one too — but that is the two licences used; nothing more this action.
    t2 = fishing(
        t,
        {"boat": "b1", "do": "catch", "fish": "eel"},
        {"boat": "b2", "do": "catch", "fish": "eel"},
    )
    assert where(t2, "Aiko") == {"b1": ("sea", ("eel", "eel")), "b2": ("sea", ("eel",))}
    one = with_fleet(
        t,
        "Aiko",
        boat("three_slot", "b1", "sea", "eel"),
        boat("one_slot", "b2", "sea"),
        licenses={"eel": 1},
    )
    refused(
        one,
        "fishing",
        "fleet.licences_used",
        player="Aiko",
        boats=[
            {"boat": "b1", "do": "catch", "fish": "eel"},
            {"boat": "b1", "do": "catch", "fish": "eel"},
        ][:1]
        + [{"boat": "b2", "do": "catch", "fish": "eel"}],
    )


def test_a_boat_does_one_activity_and_catches_only_at_sea() -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("one_slot", "b1", "leftmost"), licenses={"mackerel": 1})
    err = refused(
        t,
        "fishing",
        "fleet.catch_in_port",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": "mackerel"}],
    )
    assert "the leftmost port" in err.message
    refused(
        t,
        "fishing",
        "fleet.one_activity",
        player="Aiko",
        boats=[{"boat": "b1", "do": "undock"}, {"boat": "b1", "do": "catch", "fish": "mackerel"}],
    )
    refused(
        t, "fishing", "fleet.no_such_boat", player="Aiko", boats=[{"boat": "b9", "do": "undock"}]
    )
    # The counted shape cannot undock: a catch with every boat in port is refused.
    refused(t, "fishing", "fleet.counted_catch", player="Aiko", caught={"mackerel": 1})


def test_at_most_one_salmon_per_boat_and_no_catch_by_a_barge() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("three_slot", "b1", "sea", "salmon"),
        boat("barge", "b2", "sea"),
        ports=2,
        licenses={"salmon": 2},
    )
    refused(
        t,
        "fishing",
        "fleet.one_salmon",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": "salmon"}],
    )
    refused(
        t,
        "fishing",
        "fleet.barge_catch",
        player="Aiko",
        boats=[{"boat": "b2", "do": "catch", "fish": "salmon"}],
    )


# -- the wrong refusals (each refused by the counted fleet) -----------------------------


def test_docking_into_the_place_an_undocked_empty_ship_left() -> None:
    t = placed_game()
    t = with_fleet(
        t, "Aiko", boat("one_slot", "b1", "sea"), boat("two_slot", "b2", "sea", "eel", "eel")
    )
    yen = t.player("Aiko").yen
    t = fishing(
        t,
        {"boat": "b2", "do": "dock", "at": "leftmost"},
        for_sale=[{"fish": "eel", "price": 300}, {"fish": "eel", "price": 400}],
    )
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("leftmost", ())}
    assert t.player("Aiko").yen == yen + 100  # 2 barrels unloaded: the docking bonus


def test_the_counted_unload_docks_the_boat_carrying_exactly_that() -> None:
    t = placed_game()
    t = with_fleet(
        t, "Aiko", boat("one_slot", "b1", "sea"), boat("two_slot", "b2", "sea", "eel", "eel")
    )
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"eel": 2},
        for_sale=[{"fish": "eel", "price": 300}, {"fish": "eel", "price": 300}],
    )
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("leftmost", ())}


def test_a_place_taken_or_closed_is_refused_with_the_boat_named() -> None:
    t = placed_game()
    t = with_fleet(
        t, "Aiko", boat("one_slot", "b1", "leftmost"), boat("two_slot", "b2", "sea", "eel")
    )
    err = refused(
        t,
        "fishing",
        "fleet.no_place",
        player="Aiko",
        boats=[{"boat": "b2", "do": "dock"}],
        for_sale=[{"fish": "eel", "price": 300}],
    )
    assert "Two-slot ship b2" in err.message
    refused(
        t,
        "fishing",
        "fleet.place_taken",
        player="Aiko",
        boats=[{"boat": "b2", "do": "dock", "at": "1"}],
        for_sale=[{"fish": "eel", "price": 300}],
    )
    # Undock the first, dock the second into its place, in one action.
    t = fishing(
        t,
        {"boat": "b1", "do": "undock"},
        {"boat": "b2", "do": "dock"},
        for_sale=[{"fish": "eel", "price": 300}],
    )
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("leftmost", ())}


def test_buying_a_boat_while_an_empty_ship_is_at_sea() -> None:
    t = placed_game(external=["ships", "used_ships", "bank"])
    t = with_fleet(t, "Aiko", boat("one_slot", "b1", "sea"))
    t = act(t, "visit", player="Aiko", market="ships", entry="ap", buy=["two_slot"])
    assert where(t, "Aiko") == {"b1": ("sea", ()), "b2": ("leftmost", ())}


def test_a_boat_sells_only_from_a_port_place() -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea"), boat("one_slot", "b2", "leftmost"))
    err = refused(
        t,
        "visit",
        "fleet.not_in_port",
        player="Aiko",
        market="ships",
        entry="ap",
        sell_boats=["two_slot"],
    )
    assert "Two-slot ship b1 is at sea" in err.message


EXP_FISH = ["mackerel", "eel", "fugu", "spider_crab", "tuna", "squid"]


def overseas_game() -> Table:
    return placed_game(
        fish=EXP_FISH,
        external=["ships", "overseas", "boat_rentals", "used_ships"],
        expansion=True,
        board_numbers={"boat_rentals": {"entry_ap": 1}},
    )


def test_a_boat_at_overseas_is_not_in_a_port() -> None:
    t = overseas_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "overseas"), yen=2000)
    # A purchase goes into the leftmost place, free while b1 lies at Overseas.
    t2 = act(t, "visit", player="Aiko", market="ships", entry="ap", buy=["one_slot"])
    assert where(t2, "Aiko")["b2"] == ("leftmost", ())
    # b1 cannot be sold from Overseas.
    refused(
        t,
        "visit",
        "fleet.not_in_port",
        player="Aiko",
        market="ships",
        entry="ap",
        sell_boats=["two_slot"],
    )
    # A later Fishing action undocks it, back to sea, no fee.
    yen = t.player("Aiko").yen
    t3 = fishing(t, {"boat": "b1", "do": "undock"})
    assert where(t3, "Aiko") == {"b1": ("sea", ())}
    assert t3.player("Aiko").yen == yen


def test_overseas_docking_is_part_of_the_one_fishing_action() -> None:
    """TC-06 as the book has it: no AP besides the Fishing action's 1, ¥100 per group, one
    Overseas auction per group (the second opens when the first settles)."""
    t = overseas_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "sea", "eel"),
        boat("two_slot", "b2", "sea", "squid", "squid"),
        boat("one_slot", "b3", "sea", "fugu"),
        ports=1,
        yen=1000,
    )
    t = fishing(
        t,
        {"boat": "b1", "do": "dock", "at": "overseas"},
        {"boat": "b2", "do": "dock", "at": "overseas", "group": 2},
        {"boat": "b3", "do": "dock"},
        for_sale=[{"fish": "fugu", "price": 500}],
        drawn=[],
        auction_id="a9",
    )
    a = t.player("Aiko")
    assert t.turn.ap_left == 1
    assert a.yen == 1000 - 200  # two groups, ¥100 each; 1 barrel at home: no bonus
    assert where(t, "Aiko") == {
        "b1": ("overseas", ()),
        "b2": ("overseas", ()),
        "b3": ("leftmost", ()),
    }
    assert a.at_sea == {}
    open_ = [x for x in t.auctions.values() if x.status != "settled"]
    assert [x.kind for x in open_] == ["overseas"]
    assert [q.kind for q in t.queued_auctions] == ["overseas"]
    assert dict(t.queued_auctions[0].barrels) == {"squid": 2}


def test_a_rented_boat_goes_back_when_it_docks() -> None:
    t = overseas_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "leftmost"),
        boat("three_slot", "b2", "sea", "eel", "eel", rented="ships"),
        ports=1,
    )
    stock = dict(t.stock)
    t = fishing(
        t,
        {"boat": "b2", "do": "dock"},
        for_sale=[{"fish": "eel", "price": 300}, {"fish": "eel", "price": 300}],
    )
    assert where(t, "Aiko") == {"b1": ("leftmost", ())}
    assert t.stock["ships.three_slot"] == stock["ships.three_slot"] + 1
    assert t.stock["boat_rentals.token"] == stock["boat_rentals.token"] + 1


def test_a_rented_boat_in_port_goes_back_with_a_boat_at_overseas() -> None:
    t = overseas_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "overseas"),
        boat("two_slot", "b2", "leftmost", rented="ships"),
    )
    t = act(t, "return_rental", player="Aiko", boat="two_slot")
    assert where(t, "Aiko") == {"b1": ("overseas", ())}


# -- free moves: transfer to the barge, discard at the start of the turn ------------------------


def test_transfer_to_the_barge_is_free_and_within_the_rules() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("two_slot", "b1", "sea", "eel", "eel"),
        boat("barge", "b2", "sea", "salmon"),
        boat("one_slot", "b3", "sea", "salmon", rented="ships"),
        ports=2,
    )
    t2 = act(t, "transfer", player="Aiko", **{"from": "b1"}, to="b2", fish="eel", count=2)
    assert where(t2, "Aiko")["b1"] == ("sea", ())
    assert where(t2, "Aiko")["b2"] == ("sea", ("salmon", "eel", "eel"))
    assert t2.turn.ap_left == t.turn.ap_left
    assert t2.player("Aiko").at_sea == t.player("Aiko").at_sea
    refused(
        t,
        "transfer",
        "fleet.transfer_rented",
        player="Aiko",
        **{"from": "b3"},
        to="b2",
        fish="salmon",
    )
    refused(
        t2,
        "transfer",
        "fleet.transfer_from_barge",
        player="Aiko",
        **{"from": "b2"},
        to="b1",
        fish="eel",
    )
    refused(
        t,
        "transfer",
        "fleet.transfer_to_ship",
        player="Aiko",
        **{"from": "b1"},
        to="b3",
        fish="eel",
    )


def test_discard_only_before_the_first_action() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("two_slot", "b1", "sea", "eel", "eel"),
        boat("one_slot", "b2", "leftmost"),
    )
    board = t.board_barrels["eel"]
    assert board is not None
    t2 = act(t, "discard", player="Aiko", boat="b1", fish="eel", count=1)
    assert where(t2, "Aiko")["b1"] == ("sea", ("eel",))
    assert t2.board_barrels["eel"] == board + 1
    assert t2.player("Aiko").at_sea == {"eel": 1}
    t3 = fishing(t2, {"boat": "b2", "do": "undock"})
    refused(t3, "discard", "discard_too_late", player="Aiko", boat="b1", fish="eel")


def test_a_counted_discard_on_several_boats_must_say_which() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("two_slot", "b1", "sea", "eel", "eel"),
        boat("one_slot", "b2", "sea", "eel"),
    )
    refused(t, "start_turn", "fleet.discard_which", player="Aiko", discarded={"eel": 1})
    t2 = act(t, "start_turn", player="Aiko", discarded={"eel": 3})
    assert where(t2, "Aiko") == {"b1": ("sea", ()), "b2": ("sea", ())}


# -- previews and the history name the boats --------------------------------------------------


def test_the_preview_names_each_boat_and_every_yen() -> None:
    t = placed_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "leftmost"),
        boat("two_slot", "b2", "sea", "eel", "eel"),
        ports=1,
    )
    lines = preview_lines(
        t,
        {
            "type": "fishing",
            "player": "Aiko",
            "boats": [{"boat": "b1", "do": "undock"}, {"boat": "b2", "do": "dock", "at": "1"}],
            "for_sale": [{"fish": "eel", "price": 300}, {"fish": "eel", "price": 500}],
        },
    )
    assert "Aiko's One-slot ship b1 undocks from the leftmost port and goes to sea" in lines
    assert "Aiko's Two-slot ship b2 docks at port “1” and unloads 2 barrels" in lines
    assert any("¥100" in x and "docking bonus" in x.lower() for x in lines), lines
    ja = preview_lines(
        t,
        {"type": "fishing", "player": "Aiko", "boats": [{"boat": "b1", "do": "undock"}]},
        "ja",
    )
    assert "Aikoの1スロット漁船（船1）が一番左の停泊所から出港する" in ja


# -- counted games: the fixed arrangement --------------------------------------------------------


def test_a_counted_game_places_its_boats_by_the_fixed_arrangement() -> None:
    t = placed_game(fleet=1)
    assert t.config.fleet == 1
    t = t.with_player(
        0,
        boats=(Boat("one_slot"), Boat("two_slot", id="b2"), Boat("three_slot", id="b3")),
        boats_came=3,
        ports=2,
        licenses={"eel": 2},
    )
    # The counted shape as before: a docked ship may catch, two barrels on the fleet.
    t = act(t, "fishing", player="Aiko", caught={"eel": 2})
    p = t.player("Aiko")
    assert p.at_sea == {"eel": 2}
    assert [(b.id, b.where, b.cargo) for b in p.boats] == [
        ("b1", "leftmost", ()),
        ("b2", "sea", ("eel", "eel")),
        ("b3", "1", ()),
    ]
    assert settle(p) == p


def test_a_counted_games_first_action_boat_by_boat_places_it_for_good() -> None:
    t = placed_game(fleet=1)
    t = act(t, "fishing", player="Aiko", boats=[{"boat": "b1", "do": "undock"}])
    assert t.config.fleet == 2
    assert where(t, "Aiko") == {"b1": ("sea", ())}
    t = act(t, "next_turn")
    assert where(t, "Aiko") == {"b1": ("sea", ())}


@pytest.mark.parametrize("shape", [{"caught": {"eel": 1}}, {"unloaded": {"eel": 1}}])
def test_both_shapes_at_once_are_refused(shape: dict[str, dict[str, int]]) -> None:
    t = placed_game()
    refused(
        t,
        "fishing",
        "fleet.both_shapes",
        player="Aiko",
        boats=[{"boat": "b1", "do": "undock"}],
        **shape,
    )


@pytest.mark.parametrize(
    "boats",
    [
        [{"boat": "b1", "do": "catch", "fish": [{"a": 1}]}],
        [{"boat": "b1", "do": "catch", "fish": "eel", "licence": {"x": 1}}],
        [{"boat": {"x": 1}, "do": "undock"}],
        [{"boat": "b1", "do": {"x": 1}}],
        [{"boat": "b1", "do": "dock", "at": {"x": 1}}],
        [{"boat": "b1", "do": "dock", "at": "overseas", "group": {"a": 1}}],
        [{"boat": "b1", "do": "catch", "fish": "eel", "count": "x"}],
        [{"boat": "b1", "do": "catch", "fish": ["eel", "eel"]}],
        "b1",
        [1],
    ],
)
def test_anything_malformed_is_a_refusal_never_a_crash(boats: object) -> None:
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea"), licenses={"eel": 1})
    with pytest.raises(IllegalAction):
        act(t, "fishing", player="Aiko", boats=boats)


def test_a_fishing_action_that_names_no_boat_only_spends_its_ap() -> None:
    """The book allows a Fishing action only to change prices; the counted shape with
    nothing counted is that too (it names no boat: none moves)."""
    t = placed_game()
    t = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea"), boat("one_slot", "b2", "leftmost"))
    for action in ({}, {"boats": []}):
        t2 = act(t, "fishing", player="Aiko", **action)
        assert where(t2, "Aiko") == where(t, "Aiko")
        assert t2.turn.ap_left == t.turn.ap_left - 1


def test_the_history_line_names_what_each_boat_did() -> None:
    """Not an empty "Bo went fishing": each boat and its activity, in both languages."""
    from companion.rules.moves import describe

    a = {
        "type": "fishing",
        "player": "Bo",
        "boats": [
            {"boat": "b1", "do": "undock"},
            {"boat": "b2", "do": "catch", "fish": "eel"},
            {"boat": "b3", "do": "dock", "at": "1"},
        ],
    }
    assert (
        render(describe(a)) == "Bo went fishing: b1 undocks, b2 catches Eel, b3 docks at port “1”"
    )
    assert render(describe(a), "ja") == (
        "Boが「漁業」アクションを行いました：船1が出港、船2がウナギを漁獲、船3が「1」の停泊所に入港"
    )


HIMONO_NUMBERS = {
    "himono": {"barrels": 6, "licenses": 3, "tokens": 8},
    "horse_mackerel": {"barrels": 8, "licenses": 4, "tokens": 12},
}


def expansion_game() -> Table:
    return placed_game(
        fish=["mackerel", "eel", "himono", "horse_mackerel", "squid"],
        expansion=True,
        board_numbers=HIMONO_NUMBERS,
    )


def test_a_horse_mackerel_licence_takes_two_mackerel_on_the_same_ship() -> None:
    """[JA] アジ: 1 Horse Mackerel barrel, or 1–2 Mackerel barrels on the same ship."""
    t = with_fleet(
        expansion_game(), "Aiko", boat("three_slot", "b1", "sea"), licenses={"horse_mackerel": 1}
    )
    t2 = fishing(t, {"boat": "b1", "do": "catch", "fish": "mackerel", "count": 2})
    assert where(t2, "Aiko") == {"b1": ("sea", ("mackerel", "mackerel"))}
    refused(
        t,
        "fishing",
        "fleet.one_barrel",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": "horse_mackerel", "count": 2}],
    )


def test_a_himono_catch_docks_onto_the_licence_not_for_sale() -> None:
    t = with_fleet(expansion_game(), "Aiko", boat("two_slot", "b1", "sea"), licenses={"himono": 1})
    t = fishing(t, {"boat": "b1", "do": "catch", "fish": "mackerel", "licence": "himono"})
    a = t.player("Aiko")
    assert a.at_sea == {"mackerel": 1} and a.himono_at_sea == {"mackerel": 1}
    t = fishing(t, {"boat": "b1", "do": "dock"})
    a = t.player("Aiko")
    assert where(t, "Aiko") == {"b1": ("leftmost", ())}
    assert a.at_sea == {} and a.himono_at_sea == {} and a.upper == ()
    assert [(x.fish, x.barrel) for lic in a.himono for x in lic.items] == [("mackerel", True)]


def test_the_blue_ship_takes_two_fish_one_licence_each() -> None:
    t = placed_game(fish=["mackerel", "eel", "squid", "octopus"], expansion=True)
    t = with_fleet(t, "Aiko", boat("blue", "b1", "sea"), licenses={"eel": 1, "squid": 1})
    t2 = fishing(t, {"boat": "b1", "do": "catch", "fish": ["eel", "squid"]})
    assert where(t2, "Aiko") == {"b1": ("sea", ("eel", "squid"))}
    one = with_fleet(t, "Aiko", boat("two_slot", "b1", "sea"), licenses={"eel": 1, "squid": 1})
    refused(
        one,
        "fishing",
        "fleet.catch_two",
        player="Aiko",
        boats=[{"boat": "b1", "do": "catch", "fish": ["eel", "squid"]}],
    )


def test_the_history_says_a_boat_docked_at_overseas() -> None:
    """The story line of a Fishing action that docks at Overseas names the boats and their
    barrels, in both languages (it was "Aiko went fishing: −¥100", the ¥100 group fee
    alone)."""
    from companion.rules import history

    t = overseas_game()
    t = with_fleet(
        t,
        "Aiko",
        boat("one_slot", "b1", "sea", "eel"),
        boat("two_slot", "b2", "sea", "squid", "squid"),
        ports=1,
        yen=1000,
    )
    action = {
        "player": "Aiko",
        "boats": [
            {"boat": "b1", "do": "dock", "at": "overseas"},
            {"boat": "b2", "do": "dock", "at": "overseas"},
        ],
        "drawn": [],
        "auction_id": "a9",
    }
    line = history.story("fishing", action, t, lambda name: True)
    assert line is not None
    assert render(line, "en") == (
        "Aiko went fishing: the One-slot ship docked at the Overseas market with 1 barrel, "
        "the Two-slot ship docked at the Overseas market with 2 barrels, −¥100"
    )
    assert render(line, "ja") == (
        "Aikoが「漁業」アクションを行いました：1スロット漁船が樽1個を積んで「海外」市場に入港、"
        "2スロット漁船が樽2個を積んで「海外」市場に入港、−100円"
    )
