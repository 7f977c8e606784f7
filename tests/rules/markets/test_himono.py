"""Himono (fish-markets.md §12; turn-and-scoring.md §1 step 5, §2, §3; AMB-15, AMB-41,
AMB-42). Its entry cost is NOT IN SOURCE (AMB-40): without one entered, a visit is refused.

Catching under a Himono licence (``caught_himono``), the 2-at-sea limit and the face-down
licence, docking onto the licences (overflow back to the market), loading a licence
(``load_himono``), the start-of-turn conversion (``start_turn`` ``himono_prices``; phase
"start" waits for it), a licence given up, and the refusals — each of which changes
nothing."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.guided import preview, preview_lines
from companion.rules.markets import MARKETS
from companion.rules.moves import apply
from companion.rules.resources import table_resources
from companion.rules.table import Table

from ..guided_support import act, game, give, refused, rows, turn_of, yen

FISH = ["mackerel", "himono", "horse_mackerel", "sardine", "eel", "squid", "tuna"]
ENTRY = {"himono": {"entry_ap": 1}}


def table() -> Table:
    return game(FISH, entry=ENTRY)


def licence(t: Table, name: str) -> list[dict[str, object]]:
    return t.player(name).himono_json()


def items(t: Table, name: str) -> list[list[tuple[object, object]]]:
    out = []
    for lic in licence(t, name):
        listed = lic["items"]
        assert isinstance(listed, list)
        out.append([(x["fish"], x["barrel"]) for x in listed])
    return out


# -- the rulebook's test cases ---------------------------------------------------------------


def test_a_mackerel_token_and_a_sardine_barrel_become_a_himono_barrel_and_b_buys_it() -> None:
    """§12: "Start of turn, licence holds 1 Mackerel token + 1 Sardine barrel → both
    returned to their markets; +1 Himono barrel for sale at a price you choose. (The
    Mackerel token stopped counting as yours when it was loaded onto the licence.)" and
    "B buys that Himono barrel at ¥600 → B −¥600, A +¥600; B +5 R"."""
    t = game(FISH)
    t = give(t, "Bo", licenses={"himono": 1}, fish=Fish(mackerel=1), upper=[("sardine", 200)])
    # The Sardine barrel on his Harbor and his Mackerel token came from their markets.
    t = replace(
        t,
        board_barrels={**t.board_barrels, "sardine": 5},
        board_tokens={**t.board_tokens, "mackerel": 29},
    )
    t = act(t, "next_turn")  # Bo: nothing to choose, the Sardine moves down
    assert t.turn.phase == "actions" and rows(t, "Bo") == ([], [("sardine", 200)])
    t = act(
        t,
        "load_himono",
        player="Bo",
        tokens={"mackerel": 1},
        barrels=[{"fish": "sardine", "row": "lower", "price": 200}],
    )
    assert items(t, "Bo") == [[("mackerel", False), ("sardine", True)]]
    assert t.player("Bo").fish.mackerel == 0 and rows(t, "Bo") == ([], [])
    assert table_resources([p.fish for p in t.players], t.values)[1] == 0
    assert t.turn.ap_left == 2  # free, not an action
    for _ in range(4):
        t = act(t, "next_turn")
    assert t.turn.current == 1 and t.turn.phase == "start"
    t = act(t, "start_turn", player="Bo", himono_prices=[600])
    assert t.turn.phase == "actions" and items(t, "Bo") == [[]]
    assert rows(t, "Bo") == ([("himono", 600)], [])
    assert t.board_tokens["mackerel"] == 30 and t.board_barrels["sardine"] == 6
    assert t.board_barrels["himono"] == 5
    t = act(t, "next_turn")
    t = act(
        t,
        "purchase",
        player="Chiyo",
        barrels=[{"from": "Bo", "fish": "himono", "row": "upper", "price": 600}],
    )
    assert (yen(t)["Chiyo"], yen(t)["Bo"]) == (1400, 2600)
    assert t.player("Chiyo").fish.himono == 1
    assert MARKETS["himono"].resources(t.player("Chiyo").fish, t.values, 0) == 5
    assert t.board_barrels["himono"] == 6 and t.board_tokens["himono"] == 7


def test_a_licence_with_one_item_given_up_sends_it_back_uncompensated() -> None:
    """§12: "Licence with 1 item is returned to its market → the item goes back
    uncompensated"."""
    t = give(game(FISH), "Aiko", licenses={"himono": 1}, himono=[([("sardine", False)], 0)])
    t = replace(
        t,
        board_tokens={**t.board_tokens, "sardine": 9},
        board_licenses={**t.board_licenses, "himono": 2},
    )
    t = act(t, "return_license", player="Aiko", market="himono")
    assert t.board_tokens["sardine"] == 10 and t.player("Aiko").himono == ()
    assert t.board_licenses["himono"] == 3 and yen(t)["Aiko"] == 2000
    assert t.player("Aiko").fish.sardine == 0


def test_the_emptiest_licence_is_the_one_given_up() -> None:
    t = give(
        game(FISH),
        "Aiko",
        licenses={"himono": 2},
        himono=[([("mackerel", True)], 0), ([("sardine", True), ("sardine", False)], 1)],
    )
    mackerel = t.board_barrels["mackerel"]
    t = act(t, "return_license", player="Aiko", market="himono")
    assert items(t, "Aiko") == [[("sardine", True), ("sardine", False)]]
    assert t.board_barrels["mackerel"] == mackerel + 1


def test_barrels_caught_under_a_licence_given_up_still_dock_and_overflow_back() -> None:
    t = give(
        game(FISH),
        "Aiko",
        licenses={"himono": 1},
        at_sea={"sardine": 1},
        himono_at_sea={"sardine": 1},
        himono=[([], 1)],
    )
    t = act(t, "return_license", player="Aiko", market="himono")
    assert t.player("Aiko").himono == () and t.player("Aiko").himono_at_sea == {"sardine": 1}
    board = t.board_barrels["sardine"]
    t = act(t, "fishing", player="Aiko", unloaded={"sardine": 1})
    assert t.board_barrels["sardine"] == board + 1 and t.player("Aiko").at_sea == {}
    assert t.board_tokens["sardine"] == 10  # AMB-41: no Sardine tokens either


def test_himono_barrels_never_degrade() -> None:
    t = give(game(FISH), "Bo", upper=[("himono", 600)], lower=[("himono", 500)])
    t = act(t, "next_turn")
    assert rows(t, "Bo") == ([("himono", 600)], [("himono", 500)])


def test_the_entry_is_not_in_the_sources() -> None:
    refused(
        game(FISH), "visit", "entry_unknown", player="Aiko", market="himono", entry="ap", licenses=1
    )


def test_licence_400_at_most_one_per_entry() -> None:
    t = table()
    t2 = act(t, "visit", player="Aiko", market="himono", entry="ap", licenses=1)
    assert t2.player("Aiko").yen == 1600 and licence(t2, "Aiko") == [
        {"items": [], "at_sea": 0, "face_down": False}
    ]
    refused(
        t, "visit", "licences_per_visit", player="Aiko", market="himono", entry="ap", licenses=2
    )


def test_a_face_down_licence_still_earns_100_when_himono_is_entered() -> None:
    """AMB-41: a face-down (red ✕) licence is still a licence."""
    t = give(
        table(),
        "Bo",
        licenses={"himono": 1},
        at_sea={"mackerel": 2},
        himono_at_sea={"mackerel": 2},
        himono=[([], 2)],
    )
    assert licence(t, "Bo")[0]["face_down"] is True
    t = act(t, "visit", player="Aiko", market="himono", entry="ap", licenses=1)
    assert yen(t)["Bo"] == 2100


# -- catching ----------------------------------------------------------------------------------


def test_a_himono_licence_catches_mackerel_horse_mackerel_or_sardine() -> None:
    t = give(table(), "Aiko", licenses={"himono": 3})
    t = act(
        t,
        "fishing",
        player="Aiko",
        caught_himono={"mackerel": 1, "horse_mackerel": 1, "sardine": 1},
    )
    p = t.player("Aiko")
    assert p.at_sea == p.himono_at_sea == {"mackerel": 1, "horse_mackerel": 1, "sardine": 1}
    assert (
        t.board_barrels["mackerel"],
        t.board_barrels["horse_mackerel"],
        t.board_barrels["sardine"],
    ) == (14, 7, 5)
    assert [lic["at_sea"] for lic in licence(t, "Aiko")] == [1, 1, 1]


def test_two_barrels_at_sea_turn_the_licence_face_down() -> None:
    """§12: at most 2 barrels caught with the same Himono licence at sea; at 2 the licence
    is flipped face down until one is unloaded or discarded."""
    t = give(table(), "Aiko", licenses={"himono": 1})
    t = act(t, "fishing", player="Aiko", caught_himono={"mackerel": 1})
    lines = preview_lines(t, {"type": "fishing", "player": "Aiko", "caught_himono": {"sardine": 1}})
    assert "Aiko's Himono licence goes face down: 2 barrels it caught are at sea" in lines
    t = act(t, "fishing", player="Aiko", caught_himono={"sardine": 1})
    assert licence(t, "Aiko") == [{"items": [], "at_sea": 2, "face_down": True}]
    t = turn_of(t, "Aiko")
    error = refused(
        t, "fishing", "himono_catch_licences", player="Aiko", caught_himono={"mackerel": 1}
    )
    assert error.message.startswith("Aiko has 0 face-up Himono licences of 1")
    # Unloading one of them (before catching, in the same action) turns it face up.
    action = {
        "type": "fishing",
        "player": "Aiko",
        "unloaded": {"sardine": 1},
        "caught_himono": {"horse_mackerel": 1},
    }
    lines = preview_lines(t, action)
    assert lines.index("Aiko's Himono licence turns face up") < lines.index(
        "Aiko catches 1 Horse Mackerel barrel with Himono licences (1 at sea)"
    )
    t = apply(t, action)
    assert licence(t, "Aiko") == [
        {"items": [{"fish": "sardine", "barrel": True}], "at_sea": 2, "face_down": True}
    ]
    assert t.player("Aiko").himono_at_sea == {"mackerel": 1, "horse_mackerel": 1}


def test_each_licence_catches_once_per_fishing_action() -> None:
    t = give(table(), "Aiko", licenses={"himono": 1, "mackerel": 1})
    refused(t, "fishing", "himono_catch_licences", player="Aiko", caught_himono={"mackerel": 2})
    t = act(t, "fishing", player="Aiko", caught={"mackerel": 1}, caught_himono={"mackerel": 1})
    assert t.player("Aiko").at_sea == {"mackerel": 2}
    assert t.player("Aiko").himono_at_sea == {"mackerel": 1}


def test_a_face_up_licence_with_fewest_at_sea_catches_first() -> None:
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 2},
        at_sea={"mackerel": 1},
        himono_at_sea={"mackerel": 1},
        himono=[([], 1)],
    )
    t = act(t, "fishing", player="Aiko", caught_himono={"sardine": 1})
    assert [lic["at_sea"] for lic in licence(t, "Aiko")] == [1, 1]


def test_catch_refusals_change_nothing() -> None:
    t = table()
    refused(t, "fishing", "himono_no_licence", player="Aiko", caught_himono={"mackerel": 1})
    t = give(t, "Aiko", licenses={"himono": 2})
    refused(t, "fishing", "himono_catch_wrong", player="Aiko", caught_himono={"eel": 1})
    refused(t, "fishing", "catch_no_licence", player="Aiko", caught={"himono": 1})
    refused(t, "fishing", "catch_no_licence", player="Aiko", caught={"mackerel": 1})
    error = refused(
        t, "fishing", "himono_barrel_not_yet", player="Aiko", caught_himono={"himono": 1}
    )
    assert error.message.endswith("Mackerel, Horse Mackerel, Sardine still is.")
    refused(t, "fishing", "market_not_in_play", player="Aiko", caught_himono={"swordfish": 1})
    refused(t, "fishing", "bad_count", player="Aiko", caught_himono={"mackerel": -1})
    empty = replace(t, board_barrels={**t.board_barrels, "sardine": 1})
    refused(
        empty,
        "fishing",
        "himono_catch_licences",
        player="Aiko",
        caught_himono={"sardine": 1, "mackerel": 1, "horse_mackerel": 1},
    )


def test_a_himono_barrel_only_when_none_of_the_three_is_available() -> None:
    """§12: a Himono barrel can be caught only when none of Mackerel, Horse Mackerel and
    Sardine is available (not in play or Overfished) — here Horse Mackerel's last barrel is
    caught first in the same action, which Overfishes it (+¥200 per token held)."""
    fish = ["horse_mackerel", "himono", "eel", "squid", "tuna"]
    t = give(game(fish), "Aiko", licenses={"himono": 2}, fish=Fish(horse_mackerel=2))
    refused(t, "fishing", "himono_barrel_not_yet", player="Aiko", caught_himono={"himono": 1})
    t = replace(t, board_barrels={**t.board_barrels, "horse_mackerel": 1})
    t = act(t, "fishing", player="Aiko", caught_himono={"horse_mackerel": 1, "himono": 1})
    assert "horse_mackerel" in t.values.overfished and yen(t)["Aiko"] == 2400
    assert t.player("Aiko").himono_at_sea == {"horse_mackerel": 1, "himono": 1}
    assert t.board_barrels["himono"] == 5
    # Docked, a Himono barrel caught under the licence goes onto it too ([JA] §12).
    t = act(t, "fishing", player="Aiko", unloaded={"himono": 1})
    assert items(t, "Aiko") == [[("himono", True)], []]
    refused(t, "fishing", "ap_spent", player="Aiko", unloaded={"horse_mackerel": 1})


# -- docking -----------------------------------------------------------------------------------


def test_docked_barrels_go_onto_the_licence_and_count_for_the_docking_bonus() -> None:
    """§12 and AMB-15: not placed for sale, onto the licence; still unloaded at your ports,
    so 3 barrels pay ¥100."""
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 1, "mackerel": 2},
        at_sea={"mackerel": 3},
        himono_at_sea={"mackerel": 1},
        himono=[([], 1)],
    )
    action = {
        "type": "fishing",
        "player": "Aiko",
        "unloaded": {"mackerel": 3},
        "for_sale": [{"fish": "mackerel", "price": 100}, {"fish": "mackerel", "price": 200}],
    }
    lines = preview_lines(t, action)
    assert "Aiko puts a Mackerel barrel on a Himono licence (1 of 2)" in lines
    t = apply(t, action)
    assert yen(t)["Aiko"] == 2100 and rows(t, "Aiko")[0] == [("mackerel", 100), ("mackerel", 200)]
    assert licence(t, "Aiko") == [
        {"items": [{"fish": "mackerel", "barrel": True}], "at_sea": 0, "face_down": False}
    ]
    assert t.player("Aiko").at_sea == {} and t.player("Aiko").himono_at_sea == {}


def test_docked_sardines_on_the_licence_give_no_sardine_tokens_and_overflow_goes_back() -> None:
    """AMB-41: no Sardine tokens for barrels going onto a Himono licence; a licence with 1
    item takes 1 more, the other returns to the Sardine market."""
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 1},
        at_sea={"sardine": 2},
        himono_at_sea={"sardine": 2},
        himono=[([("mackerel", False)], 2)],
    )
    board, tokens = t.board_barrels["sardine"], t.board_tokens["sardine"]
    t = act(t, "fishing", player="Aiko", unloaded={"sardine": 2})
    assert items(t, "Aiko") == [[("mackerel", False), ("sardine", True)]]
    assert t.board_barrels["sardine"] == board + 1
    assert t.board_tokens["sardine"] == tokens and t.canned_sardines == 0
    assert t.player("Aiko").fish.sardine == 0 and yen(t)["Aiko"] == 2100


def test_docked_barrels_fill_the_fullest_licence_first() -> None:
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 2},
        at_sea={"mackerel": 1},
        himono_at_sea={"mackerel": 1},
        himono=[([("sardine", False)], 1)],
    )
    t = act(t, "fishing", player="Aiko", unloaded={"mackerel": 1})
    assert items(t, "Aiko") == [[("sardine", False), ("mackerel", True)], []]


def test_docking_refusals_say_where_the_barrels_go() -> None:
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 1},
        at_sea={"mackerel": 2},
        himono_at_sea={"mackerel": 1},
        himono=[([], 1)],
    )
    error = refused(
        t,
        "fishing",
        "himono_not_for_sale",
        player="Aiko",
        unloaded={"mackerel": 2},
        for_sale=[{"fish": "mackerel", "price": 100}] * 2,
    )
    assert "never for sale" in error.message
    error = refused(t, "fishing", "not_placed_himono", player="Aiko", unloaded={"mackerel": 2})
    assert "only 1 of those at sea were caught with a Himono licence" in error.message
    refused(t, "fishing", "unload_more_than_at_sea", player="Aiko", unloaded={"mackerel": 3})


# -- loading a licence -------------------------------------------------------------------------


def test_loading_is_free_and_works_after_the_last_ap() -> None:
    t = give(
        table(),
        "Aiko",
        licenses={"himono": 1},
        fish=Fish(horse_mackerel=1),
        upper=[("mackerel", 100)],
        at_sea={"eel": 2},
    )
    t = act(t, "fishing", player="Aiko")
    t = act(t, "fishing", player="Aiko")
    assert t.turn.ap_left == 0
    lines = preview_lines(
        t,
        {
            "type": "load_himono",
            "player": "Aiko",
            "tokens": {"horse_mackerel": 1},
            "barrels": [{"fish": "mackerel", "row": "upper", "price": 100}],
        },
    )
    assert lines == [
        "Aiko puts a Horse Mackerel token on a Himono licence (1 of 2)",
        "Mackerel at ¥100 leaves Aiko's upper row",
        "Aiko puts a Mackerel barrel on a Himono licence (2 of 2)",
    ]
    t = act(
        t,
        "load_himono",
        player="Aiko",
        tokens={"horse_mackerel": 1},
        barrels=[{"fish": "mackerel", "row": "upper", "price": 100}],
    )
    assert items(t, "Aiko") == [[("horse_mackerel", False), ("mackerel", True)]]
    assert yen(t)["Aiko"] == 2000


def test_loading_refusals_change_nothing() -> None:
    t = give(table(), "Aiko", fish=Fish(mackerel=2, eel=1), upper=[("sardine", 100)])
    refused(t, "load_himono", "himono_no_licence", player="Aiko", tokens={"mackerel": 1})
    t = give(t, "Aiko", licenses={"himono": 1}, himono=[([("sardine", False)], 0)])
    refused(t, "load_himono", "himono_no_room", player="Aiko", tokens={"mackerel": 2})
    refused(t, "load_himono", "himono_load_wrong", player="Aiko", tokens={"eel": 1})
    refused(
        t,
        "load_himono",
        "himono_load_wrong",
        player="Aiko",
        barrels=[{"fish": "eel", "row": "upper", "price": 100}],
    )
    refused(t, "load_himono", "not_held", player="Aiko", tokens={"sardine": 1})
    refused(
        t,
        "load_himono",
        "not_for_sale",
        player="Aiko",
        barrels=[{"fish": "sardine", "row": "lower", "price": 100}],
    )
    refused(t, "load_himono", "himono_nothing", player="Aiko")
    refused(t, "load_himono", "bad_field", player="Aiko", tokens={"mackerel": 1}, price=1)
    refused(t, "load_himono", "not_your_turn", player="Bo", tokens={"mackerel": 1})


# -- the start of a turn -----------------------------------------------------------------------


def full_bo(t: Table, licences: int = 1) -> Table:
    full = [([("mackerel", False), ("sardine", False)], 0)] * licences
    return give(t, "Bo", licenses={"himono": licences}, himono=full, upper=[("eel", 300)])


def test_phase_start_waits_for_the_himono_price_and_actions_are_refused() -> None:
    t = act(full_bo(table()), "next_turn")
    assert t.turn.phase == "start" and rows(t, "Bo") == ([("eel", 300)], [])
    error = refused(t, "fishing", "himono_price_needed", player="Bo")
    assert "answer start_turn with their prices (himono_prices)" in error.message
    refused(t, "visit", "himono_price_needed", player="Bo", market="eel", entry="ap", licenses=1)
    refused(t, "start_turn", "himono_prices_count", player="Bo")
    refused(t, "start_turn", "himono_prices_count", player="Bo", himono_prices=[500, 600])
    refused(t, "start_turn", "bad_price", player="Bo", himono_prices=[550])
    refused(t, "start_turn", "no_freezer", player="Bo", freezer=True, himono_prices=[500])
    action = {"type": "start_turn", "player": "Bo", "himono_prices": [500]}
    assert preview_lines(t, action) == [
        "Bo's upper row moves down (1 barrel)",
        "A Mackerel token goes back from Bo's Himono licence to its market",
        "A Sardine token goes back from Bo's Himono licence to its market",
        "Bo's Himono licence: 2 items back, a Himono barrel for sale",
        "Himono barrels on the board: 6 → 5",
        "Bo puts Himono for sale at ¥500 (upper row)",
    ]
    t = apply(t, action)
    assert rows(t, "Bo") == ([("himono", 500)], [("eel", 300)]) and t.turn.phase == "actions"
    assert t.board_tokens["mackerel"] == 31 and t.board_tokens["sardine"] == 11


def test_a_freezer_skips_the_degradation_not_the_conversion() -> None:
    t = give(full_bo(table()), "Bo", items={"freezer": 1})
    t = act(t, "next_turn")
    t = act(t, "start_turn", player="Bo", freezer=True, himono_prices=[0])
    assert rows(t, "Bo") == ([("eel", 300), ("himono", 0)], [])


def test_next_turn_in_phase_start_leaves_the_items_on_the_licence() -> None:
    t = act(act(full_bo(table()), "next_turn"), "next_turn")
    assert t.turn.current == 2
    assert items(t, "Bo") == [[("mackerel", False), ("sardine", False)]]
    assert rows(t, "Bo") == ([], [("eel", 300)])


def test_no_himono_barrel_left_the_items_wait_amb_42() -> None:
    """AMB-42: no Himono barrel available, the conversion is skipped and nothing waits for a
    price; with 2 full licences and 1 barrel left, one converts (Overfishing Himono) and the
    other waits."""
    t = full_bo(table())
    none = replace(
        t,
        board_barrels={**t.board_barrels, "himono": 0},
        values=replace(t.values, overfished=frozenset({"himono"})),
    )
    none = act(none, "next_turn")
    assert none.turn.phase == "actions" and len(items(none, "Bo")[0]) == 2
    t = full_bo(table(), licences=2)
    t = act(replace(t, board_barrels={**t.board_barrels, "himono": 1}), "next_turn")
    refused(t, "start_turn", "himono_prices_count", player="Bo", himono_prices=[100, 100])
    lines = preview_lines(t, {"type": "start_turn", "player": "Bo", "himono_prices": [100]})
    assert "Bo's full Himono licence waits: no Himono barrel is left (AMB-42)" in lines
    assert "Himono is Overfished" in lines
    t = act(t, "start_turn", player="Bo", himono_prices=[100])
    assert "himono" in t.values.overfished and rows(t, "Bo")[0] == [("himono", 100)]
    assert sorted(map(len, items(t, "Bo"))) == [0, 2]


def test_the_preview_is_the_conversion() -> None:
    t = act(full_bo(table()), "next_turn")
    action = {"type": "start_turn", "player": "Bo", "himono_prices": [700]}
    codes = [m.code for m in preview(t, action)]
    assert (
        codes.index("mv.himono_token_back")
        < codes.index("mv.himono")
        < codes.index("mv.harbor_add")
    )
    assert apply(t, action).player("Bo").upper[-1].price == 700
