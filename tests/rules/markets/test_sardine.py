"""Sardine (fish-markets.md §15; AMB-22). The entry cost is NOT IN SOURCE: these tables
enter 1 AP as a host would (AMB-40)."""

from __future__ import annotations

from dataclasses import replace

from ..guided_support import act, game, give, refused, rows

FISH = ["mackerel", "sardine", "eel", "squid", "tuna"]


def sardine(supply: int | None = None) -> object:
    t = game(FISH, entry={"sardine": {"entry_ap": 1}})
    if supply is not None:
        t = replace(t, board_tokens={**t.board_tokens, "sardine": supply})
    return t


def test_supply_5_dock_2() -> None:
    t = give(sardine(5), "Aiko", at_sea={"sardine": 2})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"sardine": 2},
        for_sale=[{"fish": "sardine", "price": 100}] * 2,
    )
    assert rows(t, "Aiko")[0] == [("sardine", 100)] * 2
    assert t.player("Aiko").fish.sardine == 2 and t.canned_sardines == 2
    assert t.board_tokens["sardine"] == 1 and t.player("Aiko").yen == 2100


def test_supply_3_dock_2() -> None:
    t = give(sardine(3), "Aiko", at_sea={"sardine": 2})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"sardine": 2},
        for_sale=[{"fish": "sardine", "price": 100}] * 2,
    )
    assert t.player("Aiko").fish.sardine == 2 and t.canned_sardines == 1
    assert t.board_tokens["sardine"] == 0


def test_both_licences_800_one_licence_300() -> None:
    t = act(sardine(), "visit", player="Aiko", market="sardine", entry="ap", licenses=2)
    assert t.player("Aiko").yen == 1200 and t.board_licenses["sardine"] == 0
    one = replace(sardine(), board_licenses={**sardine().board_licenses, "sardine": 1})
    t = act(one, "visit", player="Aiko", market="sardine", entry="ap", licenses=1)
    assert t.player("Aiko").yen == 1700


def test_buy_three_canned_sardines() -> None:
    t = replace(sardine(), canned_sardines=4)
    t = act(t, "visit", player="Aiko", market="sardine", entry="ap", cans=3)
    assert t.player("Aiko").yen == 1700 and t.player("Aiko").fish.sardine == 3
    assert t.canned_sardines == 1
    refused(
        replace(sardine(), canned_sardines=2),
        "visit",
        "cans_left",
        player="Aiko",
        market="sardine",
        entry="ap",
        cans=3,
    )


def test_not_while_holding_a_sardine_licence() -> None:
    t = give(sardine(), "Aiko", licenses={"sardine": 1})
    refused(
        t, "visit", "sardine_licence_held", player="Aiko", market="sardine", entry="ap", licenses=1
    )


def test_overfished_only_when_supply_and_canned_space_are_empty() -> None:
    t = give(sardine(1), "Aiko", at_sea={"sardine": 1})
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"sardine": 1},
        for_sale=[{"fish": "sardine", "price": 0}],
    )
    assert t.board_tokens["sardine"] == 0 and "sardine" in t.values.overfished
    t = give(sardine(1), "Aiko", at_sea={"sardine": 1})
    t = replace(t, canned_sardines=1)
    t = act(
        t,
        "fishing",
        player="Aiko",
        unloaded={"sardine": 1},
        for_sale=[{"fish": "sardine", "price": 0}],
    )
    assert "sardine" not in t.values.overfished


def test_a_bought_barrel_takes_from_the_canned_space_when_the_supply_is_empty() -> None:
    t = give(replace(sardine(0), canned_sardines=2), "Bo", upper=[("sardine", 100)])
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[{"from": "Bo", "fish": "sardine", "row": "upper", "price": 100}],
    )
    assert t.canned_sardines == 1 and t.player("Aiko").fish.sardine == 1
