"""Every field a rules refusal names is named for people, in the device's language (issue
#11): a clause of the rules ("must be a multiple of ¥100") gets the field's human label in
front of it ("The amount …", 「金額は…」), never its technical name (「amountは…」).

The field names are read from the rules core itself: the field argument of every
``IllegalAction(...)`` and ``refuse(...)``, and the constant strings given to the rules'
own helpers where they take a field (a parameter called ``field``, ``field_name`` or, in
the argument readers of moves.py, ``key``); a path (``players[1].fish.eel``,
``f"{where}.yen"``) counts by its last named part."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from test_i18n_pages import JA, auth

from companion.rules.messages import render
from companion.web import schemas

RULES = Path(__file__).resolve().parents[1] / "companion" / "rules"
#: Parameters that take a field name.
FIELD_PARAMS = {"field", "field_name"}
#: Functions of the rules whose ``key`` parameter is the field they refuse.
KEY_HELPERS = {"_int", "_yen", "_count", "_flag", "_party", "_counted", "count", "boat_list"}
_NAME = re.compile(r"[a-z][a-z_]*")


def _callee(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _names(node: ast.expr) -> set[str]:
    """The field names a field argument can be: a constant path's last part, or each
    constant named part of an f-string (``f"{where}.yen"`` → ``yen``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        last = node.value.split(".")[-1].split("[")[0]
        return {last} if _NAME.fullmatch(last) else set()
    if isinstance(node, ast.JoinedStr):
        found = set()
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                found |= {p for p in re.split(r"[.\[\]]", part.value) if _NAME.fullmatch(p)}
        return found
    return set()


def rules_field_names() -> set[str]:
    trees = [ast.parse(p.read_text(encoding="utf-8")) for p in sorted(RULES.rglob("*.py"))]
    # Where each function of the rules takes its field: positional index and keyword.
    takes: dict[str, set[int | str]] = {"IllegalAction": {1, "field"}, "refuse": {1}}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                params = [a.arg for a in node.args.posonlyargs + node.args.args]
                if params and params[0] in ("self", "cls"):
                    params = params[1:]
                wanted = FIELD_PARAMS | ({"key"} if node.name in KEY_HELPERS else set())
                for i, p in enumerate(params):
                    if p in wanted:
                        takes.setdefault(node.name, set()).update({i, p})
                for kw in node.args.kwonlyargs:
                    if kw.arg in wanted:
                        takes.setdefault(node.name, set()).add(kw.arg)
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _callee(node) not in takes:
                continue
            where = takes[_callee(node)]
            for i, arg in enumerate(node.args):
                if i in where:
                    names |= _names(arg)
            for kw in node.keywords:
                if kw.arg in where:
                    names |= _names(kw.value)
    return names


FIELDS = sorted(rules_field_names())


def test_the_scan_finds_the_rules_fields() -> None:
    # The argument readers (key), the ledger's refuse, IllegalAction itself, a path.
    assert {"amount", "count", "pay", "from", "to", "market", "players", "yen"} <= set(FIELDS)


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_the_rules_name_has_a_label_in_both_languages(name: str) -> None:
    label = schemas.label_of(name)
    en, ja = render(label, "en"), render(label, "ja")
    assert en and ja and en != ja, (name, en, ja)
    assert name not in (en, ja) and f'"{name}"' not in en.replace(f'("{name}")', "")
    # Japanese reads as Japanese: not the English label, not the technical name alone.
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), (name, ja)
    assert en[:1].isupper(), en


def test_a_path_is_named_by_its_last_known_part() -> None:
    assert render(schemas.label_of("players[2].fish"), "ja") == "魚"
    assert render(schemas.label_of("lot[3]"), "en") == "The lot"
    # A board number names the board and the figure as the New game page shows them.
    assert render(schemas.label_of("board_numbers.nori.tokens"), "en") == (
        "The Nori board’s “Tokens”"
    )
    assert render(schemas.label_of("board_numbers.nori.tokens"), "ja") == "海苔ボードの「トークン」"


# -- one refusal of each language, through the real app ----------------------------------------


@pytest.fixture
def game(client: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": ["Aiko", "Bo", "Chiyo"], "seed": 7})
    assert r.status_code == 201
    g: dict[str, Any] = r.get_json()
    host = auth(g["host_token"])
    assert client.post(f"/api/games/{g['id']}/actions", json={"type": "next_turn"}, headers=host)
    return g


def test_a_rules_clause_names_its_field_for_people_in_each_language(
    client: Any, game: dict[str, Any]
) -> None:
    """¥150 passes the edge (a whole number of Yen) and the rules refuse it: not in ¥100
    steps. The sentence names the amount as people say it, in each device's language."""
    body = {"type": "pay", "from": "Aiko", "to": "Bo", "amount": 150}
    url = f"/api/games/{game['id']}/actions"
    host = auth(game["host_token"])
    en = client.post(url, json=body, headers=host)
    ja = client.post(url, json=body, headers={**host, **JA})
    assert en.status_code == ja.status_code == 400
    assert en.get_json() == {"error": "The amount must be a multiple of ¥100.", "field": "amount"}
    assert ja.get_json() == {"error": "金額は100円単位でなければなりません。", "field": "amount"}


def test_a_board_number_refusal_names_its_board_in_each_language(client: Any) -> None:
    body = {"players": ["Aiko", "Bo"], "board_numbers": {"nori": {"tokens": 150}}}
    en = client.post("/api/games", json=body)
    ja = client.post("/api/games", json=body, headers=JA)
    assert en.status_code == ja.status_code == 400
    assert en.get_json()["error"] == ("The Nori board’s “Tokens” must be a whole number 0 to 99.")
    assert (
        ja.get_json()["error"]
        == "海苔ボードの「トークン」は0から99までの整数でなければなりません。"
    )


def test_the_new_game_page_says_a_refused_setting_in_one_sentence(client: Any) -> None:
    """The page's own refusal: the board named, a capital and one full stop (「。」 alone)."""
    form = {
        "player": ["Aiko", "Bo"],
        "board_players": "2",
        "board.nori.tokens": "150",
        "manual": "on",
        "fish_market": ["mackerel", "nori", "eel", "squid"],
        "external_market": ["ships", "bank"],
    }
    alert = re.compile(r'class="error" role="alert">(.*?)</p>')
    en = alert.findall(client.post("/games/preview", data=form).get_data(as_text=True))
    ja = alert.findall(client.post("/games/preview", data=form, headers=JA).get_data(as_text=True))
    assert en == ["The Nori board’s “Tokens” must be a whole number 0 to 99."]
    assert ja == ["海苔ボードの「トークン」は0から99までの整数でなければなりません。"]
    seed = {"player": ["Aiko", "Bo"], "seed": "-1"}
    ja = alert.findall(client.post("/games/preview", data=seed, headers=JA).get_data(as_text=True))
    assert len(ja) == 1 and ja[0].startswith("シードは") and ja[0].endswith("ません。"), ja
