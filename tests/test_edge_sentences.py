"""Every refusal of the door and the web edge through one door for sentences (issue #11):
``Refused``, ``IllegalAction`` and the API's ``error`` are given a message code with named
values (companion/translations' catalogues, English and Japanese), never English built
in place, so a Japanese phone reads every refusal in Japanese. The scan below finds the
next English literal; the tests after it read real refusals in both languages."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

# A sentence built in place is what the rules core's own scan calls one (a literal, an
# f-string, a concatenation, a join/format/title/upper call): the same test of a node.
from rules.test_one_door_for_sentences import _is_english, _name
from test_i18n_pages import JA, auth

ROOT = Path(__file__).resolve().parents[1] / "companion"
#: The edge modules: the door, the live hub, the game file, the web layer.
EDGE = sorted(
    [ROOT / "door.py", ROOT / "live.py", ROOT / "gamefile.py", ROOT / "report_text.py"]
    + list((ROOT / "web").glob("*.py"))
)
#: Calls whose sentence argument is scanned, and which argument that is.
SENTENCE_ARG = {"Refused": 1, "IllegalAction": 0, "error": 0, "BadEntry": None, "answer": 1}
#: (file, line text) left as they are, with why: none yet. (The card game's own refusals,
#: web/cards.py, are worded with gettext, which the scan accepts.)
ALLOWED: frozenset[tuple[str, str]] = frozenset()


def english_refusals(source: str) -> list[tuple[int, str]]:
    found = []
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        where = SENTENCE_ARG.get(_name(node.func), None)
        if where is None or len(node.args) <= where:
            continue
        given = [node.args[where]] + [k.value for k in node.keywords if k.arg == "message"]
        if any(_is_english(arg) for arg in given):
            found.append((node.lineno, lines[node.lineno - 1].strip()))
    return found


def test_the_scan_finds_english() -> None:
    assert english_refusals('raise Refused(400, "There is no such seat.")\n')
    assert english_refusals('raise Refused(409, f"The table is at {v}.", "x")\n')
    assert english_refusals('raise IllegalAction("must be " + "a number", "x")\n')
    assert english_refusals('return error("Send a body.", 400)\n')
    assert not english_refusals('raise Refused(400, Message("door.no_seat"), "seat")\n')
    assert not english_refusals('raise Refused(400, gettext("A bid is…"), "fingers")\n')


@pytest.mark.parametrize("path", EDGE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_edge_refusal_is_given_english(path: Path) -> None:
    name = str(path.relative_to(ROOT))
    found = [
        (line, text)
        for line, text in english_refusals(path.read_text(encoding="utf-8"))
        if (name, text) not in ALLOWED
    ]
    assert not found, f"{name}: English refusals (give them a message code): {found}"


# -- real refusals, in both languages --------------------------------------------------------


@pytest.fixture
def game(client: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": ["Aiko", "Bo", "Chiyo"], "seed": 7})
    assert r.status_code == 201
    g: dict[str, Any] = r.get_json()
    return g


def _post(client: Any, g: dict[str, Any], body: Any, lang: dict[str, str], who: int | None):
    token = g["host_token"] if who is None else g["seats"][who]["token"]
    return client.post(f"/api/games/{g['id']}/actions", json=body, headers={**lang, **auth(token)})


def test_refusals_of_the_door_in_japanese(client: Any, game: dict[str, Any]) -> None:
    # Permission: Bo records Aiko's Yen.
    body = {"type": "pay", "from": "Aiko", "to": "Bo", "amount": 100}
    ja = _post(client, game, body, JA, 1)
    en = _post(client, game, body, {}, 1)
    assert ja.status_code == en.status_code == 403
    assert ja.get_json()["error"] == (
        "記録できるのは自分の所持金とトークンの変化だけです。そのプレイヤーか"
        "テーブル画面に記録してもらってください。"
    )
    assert en.get_json()["error"].startswith("You can record changes to your own Yen")
    # Version: the table moved on.
    stale = _post(client, game, {"type": "next_turn", "expected_seq": 5}, JA, None)
    assert stale.status_code == 409
    assert stale.get_json()["error"] == (
        "見ている間に卓が変わりました（いまは記録0、あなたが見たのは記録5）。"
        "確かめてからもう一度どうぞ。"
    )
    # Identity: a token from nowhere.
    r = client.get(f"/api/games/{game['id']}", headers={**JA, **auth("nope")})
    assert r.status_code == 401 and "リンクはもう使えません" in r.get_json()["error"]
    # Nothing to undo.
    r = client.post(f"/api/games/{game['id']}/undo", headers={**JA, **auth(game["host_token"])})
    assert r.get_json()["error"] == "取り消すものはありません。"


def test_refusals_of_the_edge_and_the_rules_in_japanese(client: Any, game: dict[str, Any]) -> None:
    _post(client, game, {"type": "next_turn"}, {}, None)
    # A field's value (pydantic, schemas.py's wording).
    r = _post(client, game, {"type": "pay", "from": "Aiko", "to": "Bo", "amount": 0}, JA, 0)
    assert r.status_code == 400 and r.get_json()["error"] == "金額は0円より多くなければなりません。"
    r = _post(client, game, {"type": "pay", "from": "Aiko", "to": "Bo", "amount": "x"}, JA, 0)
    assert r.get_json()["error"] == "金額は300のような円の整数でなければなりません。", r.get_json()
    en = _post(client, game, {"type": "pay", "from": "Aiko", "to": "Bo", "amount": "x"}, {}, 0)
    assert en.get_json()["error"] == "The amount must be a whole number of Yen, such as 300."
    # An unknown field, an unknown action.
    r = _post(client, game, {"type": "pay", "from": "Aiko", "to": "Bo", "amonut": 5}, JA, 0)
    assert r.get_json()["error"].startswith('「pay」の操作に"amonut"という項目はありません')
    r = _post(client, game, {"type": "steal"}, JA, None)
    assert r.get_json()["error"] == "'steal'という操作はありません。"
    # The rules: more Yen than Aiko holds, in the rulebook's words with 円.
    r = _post(client, game, {"type": "pay", "from": "Aiko", "to": "Bo", "amount": 9000}, JA, 0)
    text = r.get_json()["error"]
    assert r.status_code == 400 and "2,000円" in text and text.endswith("。"), text
    assert "¥" not in text
    # Not JSON at all.
    r = client.post(
        f"/api/games/{game['id']}/actions",
        data="{",
        headers={**JA, **auth(game["host_token"]), "Content-Type": "application/json"},
    )
    assert r.get_json()["error"] == "リクエストの本文が正しいJSONではありません。"
