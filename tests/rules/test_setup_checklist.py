"""The setup checklist against shared/rules/setup.md §1, step by step (issue #8): the
Expansion's Blue ship and barge choice (step 4), what goes back in the box or, with the
known market order variant, is laid out (step 6, §8), the players' holdings (step 7), the
supply (step 8) and what is agreed before play."""

from __future__ import annotations

from companion.rules.checklist import checklist, render_checklist
from companion.rules.setup import make_config

BASE = dict(
    fish_markets=["mackerel", "eel", "fugu", "squid", "salmon"],
    external_markets=["ships", "bank", "rentals"],
    seed=1,
)


def boards(config) -> dict[str, list[str]]:
    return {item["board"]: item["lines"] for item in render_checklist(checklist(config))}


def test_the_expansion_adds_the_optional_blue_ship_and_the_barge_choice() -> None:
    base = boards(make_config(["Aiko", "Bo", "Chiyo"], **BASE))
    assert base["Ships"] == [
        "set aside 3 one-slot ships for the players",
        "1 one-slot, 3 two-slot, 2 three-slot, 1 four-slot ships",
        "the six-slot barge",
    ]
    expansion = boards(make_config(["Aiko", "Bo", "Chiyo"], expansion=True, **BASE))
    assert expansion["Ships"][2:] == [
        "the six-slot barge or the two four-slot barges (the other goes back in the box)",
        "if you like, the Blue four-slot ship as well, beside the four-slot ship",
    ]


def test_the_checklist_follows_the_setup_steps_in_order() -> None:
    config = make_config(["Aiko", "Bo", "Chiyo"], start_player=1, money="closed", **BASE)
    assert [item["board"] for item in render_checklist(checklist(config))] == [
        "Mackerel",
        "Eel",
        "Fugu",
        "Squid",
        "Salmon",
        "Ships",
        "Bank",
        "Rentals",
        "Back in the box",
        "Each player",
        "The supply",
        "Before play",
    ]
    items = boards(config)
    # No Spider Crab, Tuna nor Clams & Oysters: no bag on the table (step 6).
    assert items["Back in the box"] == [
        "every board not in play, with its pieces",
        "the Auction bag",
    ]
    assert items["Each player"] == [
        "¥2,000",
        "a Mackerel licence",
        "a one-slot ship in the leftmost port",
        "a Harbor board, its small Port Covering (1) over the middle port and the large one "
        "(2) over the rightmost port",
    ]
    assert items["The supply"] == ["all the other Yen"]
    assert items["Before play"] == [
        "Bo plays first; play goes clockwise",
        "closed money: every player keeps their Yen hidden",
    ]
    assert items["Salmon"] == ["3 licences", "4 barrels", "10 tokens"]


def test_the_bag_stays_when_a_bag_fish_is_in_play() -> None:
    config = make_config(
        ["Aiko", "Bo", "Chiyo"],
        **{**BASE, "fish_markets": ["mackerel", "eel", "fugu", "squid", "tuna"]},
    )
    items = boards(config)
    assert items["Back in the box"] == ["every board not in play, with its pieces"]
    assert items["Auction bag"] == ["3× Tuna 15, 1× Tuna 20, 1× Tuna 25"]


def test_uncounted_clams_and_oysters_still_go_into_the_bag() -> None:
    fish = ["mackerel", "clams_oysters", "eel", "fugu", "squid"]
    unknown = boards(
        make_config(["Aiko", "Bo", "Chiyo"], expansion=True, **{**BASE, "fish_markets": fish})
    )
    assert unknown["Clams & Oysters"] == [
        "licences as printed on the board",
        "barrels as printed on the board",
        "every Clam and Oyster token into the Auction bag",
    ]
    assert unknown["Auction bag"] == ["every Clam and Oyster token (the app does not count them)"]
    counted = boards(
        make_config(
            ["Aiko", "Bo", "Chiyo"],
            expansion=True,
            board_numbers={"clams_oysters": {"clams": 6, "oysters": 4}},
            **{**BASE, "fish_markets": fish},
        )
    )
    assert counted["Auction bag"] == ["6× Clam, 4× Oyster"]


def test_the_known_market_order_lays_out_the_unused_boards_instead() -> None:
    config = make_config(["Aiko", "Bo", "Chiyo"], variants=["known_order", "crash"], **BASE)
    items = boards(config)
    assert "Back in the box" not in items
    assert items["Known market order"] == [
        "shuffle the fish boards not in play and lay them out face up in a row, in that order",
        "do the same with the external boards, in a second row",
        "the Auction bag goes back in the box",
    ]
    assert items["Crash tokens"] == ["12 crash tokens beside the supply"]


def test_horse_mackerel_from_the_start_gives_no_licence_and_sets_none_aside() -> None:
    config = make_config(
        ["Aiko", "Bo", "Chiyo"],
        expansion=True,
        **{**BASE, "fish_markets": ["horse_mackerel", "mackerel", "eel", "fugu", "squid"]},
    )
    items = boards(config)
    assert "no licence (Horse Mackerel is in play)" in items["Each player"]
    assert not any("set aside" in line for line in items["Mackerel"])


def test_the_checklist_is_messages_rendered_in_either_language() -> None:
    """setup.py words the checklist as codes; a Japanese table reads it in the rulebook's
    Japanese (円 after the amount), an English one in English, from the same items. The
    lines of one board alone (a board entering mid-game) are the same messages."""
    from companion.rules.checklist import board_lines
    from companion.rules.messages import Message, render

    config = make_config(["Aiko", "Bo", "Chiyo"], **BASE)
    items = checklist(config)
    assert all(isinstance(line, Message) for item in items for line in item["lines"])
    ja = {i["ja"]: i["lines"] for i in render_checklist(items, "ja")}
    assert ja["各プレイヤー"][0] == "2,000円"
    assert ja["ウナギ"] == [render(m, "ja") for m in board_lines(config, "eel")]
    en = {i["board"]: i["lines"] for i in render_checklist(items, "en")}
    assert en["Each player"][0] == "¥2,000"
    assert board_lines(config, "ships") == items[5]["lines"]
    assert not any(
        line.isascii() for lines in ja.values() for line in lines if line not in ("2,000円",)
    ), ja
