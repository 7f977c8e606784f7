"""The sentences made in Python in the device's language (issue #11): history lines, the
recorded flash, the setup checklist and the refusals of the door and the web edge. A
Japanese phone and an English table screen read the same game at the same version, each in
its own language, from one server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_i18n_pages import JA, auth, visible

PLAYERS = ["Aiko", "Bo", "Chiyo"]
EN = {"Accept-Language": "en"}
HX = {"HX-Request": "true", "Origin": "http://localhost"}


@pytest.fixture
def game(client: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": PLAYERS, "money": "open", "seed": 7})
    assert r.status_code == 201
    g: dict[str, Any] = r.get_json()
    host = auth(g["host_token"])
    for body in (
        {"type": "next_turn"},
        {"type": "pay", "from": "supply", "to": "Bo", "amount": 1200},
        {"type": "take_license", "player": "Aiko", "market": "mackerel", "count": 1},
    ):
        r = client.post(f"/api/games/{g['id']}/actions", json=body, headers=host)
        assert r.status_code == 201, r.get_json()
    return g


def test_history_lines_in_each_readers_language(client: Any, game: dict[str, Any]) -> None:
    """The phone in Japanese and the table screen in English at the same version: each
    reads the history in its own language (the lines are kept per language, so whichever
    reads first decides nothing for the other)."""
    gid = game["id"]
    seat = auth(game["seats"][1]["token"])
    host = auth(game["host_token"])
    for first in ("ja", "en"):  # either order, on a fresh render each time
        if first == "en":
            client.post(
                f"/api/games/{gid}/actions",
                json={"type": "pay", "from": "Bo", "to": "supply", "amount": 100},
                headers=host,
            )
        pages = {}
        for lang in (first, "ja" if first == "en" else "en"):
            headers = JA if lang == "ja" else EN
            url = f"/games/{gid}/seat" if lang == "ja" else f"/games/{gid}/table"
            who = seat if lang == "ja" else host
            pages[lang] = visible(client.get(url, headers={**headers, **who}).get_data(True))
        ja, en = pages["ja"], pages["en"]
        assert "共通サプライがBoに1,200円を支払いました" in ja, ja
        assert "次の手番" in ja and "Next turn" not in ja
        assert "The supply paid Bo ¥1,200" in en and "支払いました" not in en
        assert "Next turn" in en
    assert "Boが共通サプライに100円を支払いました" in ja


def test_the_history_api_speaks_the_asker_language(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    host = auth(game["host_token"])
    ja = client.get(f"/api/games/{gid}/events", headers={**JA, **host}).get_json()["events"]
    en = client.get(f"/api/games/{gid}/events", headers={**EN, **host}).get_json()["events"]
    assert [e["seq"] for e in ja] == [e["seq"] for e in en]
    texts = {e["type"]: (j["text"], e["text"]) for j, e in zip(ja, en, strict=True)}
    assert texts["next_turn"] == ("次の手番", "Next turn")
    assert texts["take_license"][0] == "Aikoがサバの漁業免許を1枚取りました", texts
    assert texts["take_license"][1] == "Aiko took 1 Mackerel licence"


def test_undo_and_redo_lines_in_japanese(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    host = auth(game["host_token"])
    assert client.post(f"/api/games/{gid}/undo", headers=host).status_code == 200
    assert client.post(f"/api/games/{gid}/redo", headers=host).status_code == 200
    ja = client.get(f"/api/games/{gid}/events", headers={**JA, **host}).get_json()["events"]
    lines = [e["text"] for e in ja]
    assert "取り消し：Aikoがサバの漁業免許を1枚取りました" in lines, lines
    assert "1件をやり直し" in lines, lines


def test_the_recorded_flash_is_japanese_after_its_prefix(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    client.get(f"/join/{game['seats'][0]['token']}", headers=JA)  # the seat's cookie
    seen = client.get(f"/games/{gid}/seat", headers=JA).get_data(as_text=True)
    version = re.search(r'name="expected_seq" value="(\d+)"', seen)
    assert version is not None
    data = {
        "as": "seat",
        "type": "pay",
        "from": "Aiko",
        "to": "supply",
        "amount": "100",
        "expected_seq": version.group(1),
    }
    r = client.post(f"/games/{gid}/act", data=data, headers={**JA, **HX})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert "記録しました：Aikoが共通サプライに100円を支払いました" in visible(r.get_data(True))


def test_the_setup_checklist_in_japanese(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    host = auth(game["host_token"])
    ja = visible(client.get(f"/games/{gid}/table", headers={**JA, **host}).get_data(True))
    assert "2,000円" in ja and "一番左の停泊所に1スロット漁船1隻" in ja, ja
    assert "a one-slot ship in the leftmost port" not in ja
    en = visible(client.get(f"/games/{gid}/table", headers={**EN, **host}).get_data(True))
    assert "a one-slot ship in the leftmost port" in en
    api = client.get(f"/api/games/{gid}", headers={**JA, **host}).get_json()["checklist"]
    each = next(item for item in api if item["kind"] == "player")
    assert each["lines"][0] == "2,000円" and each["board"] == "各プレイヤー"


def test_the_report_bag_and_actor_in_japanese(client: Any) -> None:
    """The report's Yen as 3,200円 (not ¥3,200円), the Auction bag's tokens and the
    history's "host" in Japanese."""
    setup = {
        "players": PLAYERS,
        "seed": 5,
        "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
        "external_markets": ["ships", "bank", "rentals"],
    }
    g = client.post("/api/games", json=setup).get_json()
    host = auth(g["host_token"])
    for body in (
        {"type": "next_turn"},
        {"type": "pay", "from": "supply", "to": "Bo", "amount": 1200},
    ):
        assert (
            client.post(f"/api/games/{g['id']}/actions", json=body, headers=host).status_code == 201
        )
    report = visible(
        client.get(f"/games/{g['id']}/report?as=host", headers={**JA, **host}).get_data(True)
    )
    assert "3,200円" in report and "¥" not in report, report
    html = client.get(f"/games/{g['id']}/table", headers={**JA, **host}).get_data(True)
    bag = re.search(r"競り袋</span>(.*?)</p>", html, re.S)
    assert bag is not None and "「15」のマグロ×" in bag.group(1) and "Tuna" not in bag.group(1)
    assert "テーブル画面 ·" in visible(html)


def test_a_jutaku_page_refusal_in_japanese(client: Any) -> None:
    r = client.get("/jutaku/?g=not-a-game", headers=JA)
    assert r.status_code == 400
    text = visible(r.get_data(as_text=True))
    assert "このゲームのアドレスが壊れているため読み込めません" in text, text
    english = visible(client.get("/jutaku/?g=not-a-game").get_data(as_text=True))
    assert "このゲームのアドレス" not in english
