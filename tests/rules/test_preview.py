"""The preview of a guided action: the movements in order, as Message codes with values,
from the same computation as the move (rules/guided.py)."""

from __future__ import annotations

import json

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish
from companion.rules.guided import preview, preview_lines
from companion.rules.messages import render
from companion.rules.moves import describe

from .guided_support import act, game, give


def test_start_turn_preview() -> None:
    t = give(game(), "Bo", lower=[("fugu", 300), ("eel", 100)], upper=[("squid", 200)])
    t = act(t, "next_turn")
    assert preview_lines(t, {"type": "start_turn", "player": "Bo", "buy_fugu": 1}) == [
        "Fugu at ¥300 leaves Bo's lower row",
        "Bo → the supply: ¥300 (degraded Fugu)",
        "Fugu barrels on the board: 3 → 4",
        "Bo takes 1 Fugu token from its market",
        "Bo's Eel at ¥100 leaves the lower row (degraded)",
        "Eel barrels on the board: 8 → 9",
        "Bo's upper row moves down (1 barrel)",
    ]


def test_movements_are_json_codes_with_values() -> None:
    t = give(game(), "Aiko", fish=Fish(squid=2))
    moves = preview(
        t,
        {
            "type": "visit",
            "player": "Aiko",
            "market": "squid",
            "entry": {"token": {"fish": "squid"}},
            "sell": {"squid": 1},
        },
    )
    data = json.loads(json.dumps([m.to_json() for m in moves]))
    assert data[0] == {
        "code": "mv.token_out",
        "values": {"player": "Aiko", "count": 1, "fish": "squid", "where": "market"},
    }
    assert {
        "code": "mv.yen",
        "values": {"payer": "supply", "payee": "Aiko", "amount": 600, "reason": "sale"},
    } in data


def test_a_refused_action_has_no_preview() -> None:
    with pytest.raises(IllegalAction):
        preview(game(), {"type": "visit", "player": "Aiko", "market": "eel", "entry": "ap"})
    with pytest.raises(IllegalAction):
        preview(game(), {"type": "pay"})


def test_history_lines_hide_prices_with_closed_money() -> None:
    a = {
        "type": "purchase",
        "player": "Bo",
        "barrels": [{"from": "Aiko", "fish": "eel", "row": "upper", "price": 300}],
    }
    assert render(describe(a)) == "Bo bought Aiko's Eel at ¥300"
    assert render(describe(a, show_yen=False)) == "Bo bought Aiko's Eel"
    assert render(
        describe({"type": "visit", "player": "Aiko", "market": "eel", "licenses": 1})
    ) == ("Aiko visited Eel: 1 licence")
    assert (
        render(
            describe(
                {"type": "fishing", "player": "Aiko", "unloaded": {"eel": 2}, "for_sale": [{}, {}]}
            )
        )
        == "Aiko went fishing: unloaded 2 barrels, 2 for sale"
    )


def test_history_lines_are_messages_the_edge_renders_in_either_language() -> None:
    """The rules core words a history line as a code with values, never as English: the
    same line reads in Japanese for a Japanese phone (Yen as 300円), and an entry the
    rules cannot word is its type in both."""
    a = {
        "type": "purchase",
        "player": "Bo",
        "barrels": [{"from": "Aiko", "fish": "eel", "row": "upper", "price": 300}],
    }
    line = describe(a)
    assert line.code == "history.purchase"
    assert render(line, "ja") == "Boが購入しました：Aikoのウナギ（300円）"
    assert "300" not in render(describe(a, show_yen=False), "ja")
    assert render(describe({"type": "next_turn"}), "ja") == "次の手番"
    odd = describe({"type": "no_such_move"})
    assert render(odd, "en") == render(odd, "ja") == "no_such_move"
    broken = describe({"type": "pay", "from": "Bo", "to": "Aiko", "amount": "lots"})
    assert broken.code == "history.raw"
