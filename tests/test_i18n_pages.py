"""Every page in the device's language (shared/spec/report.md, "Language"): with
``Accept-Language: ja`` the wrapped English sentences are gone and their Japanese is there,
``<html lang="ja">``; the switch's cookie brings English back whatever the browser says."""

from __future__ import annotations

import re
from typing import Any

import pytest

PLAYERS = ["Aiko", "Bo", "Chiyo"]
JA = {"Accept-Language": "ja-JP,ja;q=0.9"}

#: Per page: English sentences of the wrapped set, and their Japanese.
PAGES: dict[str, tuple[list[str], list[str]]] = {
    "home": (
        ["Track a game", "Score a finished game", "New game"],
        ["ゲームを記録する", "終わったゲームの得点を計算", "新しいゲーム"],
    ),
    "new": (
        ["Names in seat order", "Start the game", "Closed: Yen stays private"],
        ["ゲームを始める", "非公開：所持金は本人だけが見る", "席1"],
    ),
    "calculator": (
        ["Scoring calculator", "Markets at the end", "Add player", "Fish tokens"],
        ["得点計算", "ゲーム終了時の市場", "魚トークン", "ウナギの価値トラック"],
    ),
    "table": (
        ["Join on your phone", "Setup checklist", "Market values", "Pay Yen", "History"],
        ["スマートフォンで参加", "準備チェックリスト", "市場の価値", "お金を支払う", "履歴"],
    ),
    "seat": (
        ["Record payment", "No fish tokens yet.", "Licences and License spaces"],
        ["支払いを記録", "資源", "免許スペース", "円"],
    ),
}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def game(client: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": PLAYERS, "money": "open", "seed": 7})
    assert r.status_code == 201
    g: dict[str, Any] = r.get_json()
    host = auth(g["host_token"])
    # Mid-game: the first turn started and a payment recorded.
    for body in (
        {"type": "next_turn"},
        {"type": "pay", "from": "supply", "to": "Bo", "amount": 1200},
    ):
        assert (
            client.post(f"/api/games/{g['id']}/actions", json=body, headers=host).status_code == 201
        )
    return g


def page(client: Any, game: dict[str, Any], name: str, headers: dict[str, str]) -> str:
    gid = game["id"]
    url, extra = {
        "home": ("/", {}),
        "new": ("/games/new", {}),
        "calculator": ("/calculator/", {}),
        "table": (f"/games/{gid}/table", auth(game["host_token"])),
        "seat": (f"/games/{gid}/seat", auth(game["seats"][1]["token"])),
    }[name]
    r = client.get(url, headers={**headers, **extra})
    assert r.status_code == 200, (name, r.status_code)
    return str(r.get_data(as_text=True))


def visible(html: str) -> str:
    """The page's text, without scripts, styles, comments and tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>|<!--.*?-->", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("name", list(PAGES))
def test_japanese_browser_reads_japanese(client: Any, game: dict[str, Any], name: str) -> None:
    html = page(client, game, name, JA)
    assert '<html lang="ja">' in html
    text = visible(html)
    english, japanese = PAGES[name]
    for sentence in english:
        assert sentence not in text, (name, sentence)
    for sentence in japanese:
        assert sentence in text, (name, sentence)


@pytest.mark.parametrize("name", list(PAGES))
def test_english_by_default_and_by_the_switch(client: Any, game: dict[str, Any], name: str) -> None:
    english, japanese = PAGES[name]
    for headers in ({}, JA):
        if headers:
            # The switch (a same-origin form post) remembers English over Accept-Language.
            r = client.post(
                "/lang",
                data={"lang": "en", "next": "/"},
                headers={**JA, "Origin": "http://localhost"},
            )
            assert r.status_code == 303
        html = page(client, game, name, headers)
        assert '<html lang="en">' in html
        text = visible(html)
        for sentence in english:
            assert sentence in text, (name, sentence)
        for sentence in japanese:
            if sentence not in ("円",):
                assert sentence not in text, (name, sentence)


def test_same_version_for_a_japanese_then_an_english_reader(
    client: Any, game: dict[str, Any]
) -> None:
    ja = visible(page(client, game, "seat", JA))
    en = visible(page(client, game, "seat", {}))
    # Bo's 2,000 at the start and the 1,200 paid to Bo.
    assert "¥3,200" in en and "3,200円" not in en
    assert "3,200円" in ja and "¥3,200" not in ja
    # the licence price in the form (its panel, fetched when opened: #16)
    url = f"/games/{game['id']}/forms/licences?as=seat"
    r = client.get(url, headers={**JA, **auth(game["seats"][1]["token"])})
    assert "サバ — 100円" in visible(r.get_data(as_text=True))


def test_the_flash_after_a_form_is_japanese(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    client.get(f"/join/{game['seats'][0]['token']}", headers=JA)  # the seat's cookie
    seen = client.get(f"/games/{gid}/seat", headers=JA).get_data(as_text=True)
    version = re.search(r'name="expected_seq" value="(\d+)"', seen)
    data = {"as": "seat", "type": "pay", "from": "Aiko", "to": "supply", "amount": "100"}
    if version:
        data["expected_seq"] = version.group(1)
    r = client.post(
        f"/games/{gid}/act",
        data=data,
        headers={**JA, "HX-Request": "true", "Origin": "http://localhost"},
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    assert "記録しました：" in r.get_data(as_text=True)


HX = {"HX-Request": "true"}


def test_the_turn_guide_in_japanese(client: Any, game: dict[str, Any]) -> None:
    """The active player's phone (Aiko's, the first turn) reads its turn in the rulebook's
    words: 「漁業」 / 「購入」 / 市場, the markets' costs and a visit's preview."""
    gid = game["id"]
    assert client.get(f"/join/{game['seats'][0]['token']}", headers=JA).status_code == 303
    seat = visible(client.get(f"/games/{gid}/seat", headers=JA).get_data(as_text=True))
    assert "あなたの手番" in seat and "アクションポイント2点" in seat
    for word in ("「漁業」", "「購入」", "市場"):
        assert word in seat, word
    assert "Your turn" not in seat and "Purchasing" not in seat
    grid = visible(client.get(f"/games/{gid}/turn/markets", headers={**JA, **HX}).get_data(True))
    assert "サバ" in grid and "アクションポイント" in grid and "AP" not in grid
    panel = visible(
        client.get(f"/games/{gid}/turn/markets/mackerel", headers={**JA, **HX}).get_data(True)
    )
    assert "入場コストの支払い方" in panel and "確定" in panel
    form = {"type": "visit", "player": "Aiko", "market": "mackerel", "entry": "ap"}
    preview = visible(
        client.post(
            f"/games/{gid}/turn/preview",
            data={**form, "licenses": "1"},
            headers={**JA, **HX, "Origin": "http://localhost"},
        ).get_data(True)
    )
    assert "次のことが起こります" in preview and "サバ" in preview, preview
    assert "This will happen" not in preview
    # The same phone with an English browser reads English again (the guide renders per
    # request, in its language).
    english = visible(client.get(f"/games/{gid}/turn").get_data(as_text=True))
    assert "Your turn" in english and "Purchasing" in english and "あなたの手番" not in english


def test_the_fish_named_on_the_forms_are_the_catalogues(client: Any) -> None:
    """The Market values panel's tracks, the auction's Spider Crab and Tuna lots and the
    Red Snapper's value are named by the catalogue's ``name.<fish>`` (the name the rest of
    the app gives that fish), not an English word written in the template."""
    body = {
        "players": PLAYERS,
        "money": "open",
        "expansion": True,
        "variants": ["more_markets"],
        "fish_markets": ["eel", "swordfish", "red_snapper", "spider_crab", "tuna", "mackerel"],
        "external_markets": ["ships", "auction", "barter", "bank"],
        "seed": 3,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    gid, host = r.get_json()["id"], auth(r.get_json()["host_token"])

    def read(path: str, lang: dict[str, str]) -> str:
        r = client.get(f"/games/{gid}/{path}", headers={**host, **lang})
        assert r.status_code == 200, path
        return visible(r.get_data(as_text=True))

    values, auction = read("forms/values?as=host", JA), read("forms/auction?as=host", JA)
    assert "ウナギの価値マーカーは" in values and "メカジキの価値マーカーは" in values
    assert "タカアシガニ 4" in auction and "マグロ 15" in auction
    for english in ("Eel", "Swordfish", "Spider Crab", "Tuna"):
        assert english not in values + auction, english
    snapper = (
        r'<span class="eyebrow">(.+?)</span><strong class="large-type" data-value="red_snapper"'
    )
    table = client.get(f"/games/{gid}/table", headers={**host, **JA}).get_data(as_text=True)
    assert re.findall(snapper, table) == ["マダイ"]
    # English reads the same entries' English.
    values, auction = read("forms/values?as=host", {}), read("forms/auction?as=host", {})
    assert "The Eel marker is on" in values and "The Swordfish marker is on" in values
    assert "Spider Crab 4" in auction and "Tuna 15" in auction
    table = client.get(f"/games/{gid}/table", headers=host).get_data(as_text=True)
    assert re.findall(snapper, table) == ["Red Snapper"]


def test_a_cross_site_request_is_refused_in_japanese(client: Any, game: dict[str, Any]) -> None:
    """The refusal is the web layer's ``lazy_gettext``: extracted, so translated."""
    form = {"type": "pay", "from": "Bo", "to": "Aiko", "amount": 500}
    url = f"/api/games/{game['id']}/actions"
    ja = client.post(url, json=form, headers={**JA, "Origin": "http://evil.example"})
    assert ja.status_code == 403
    assert ja.get_json()["error"] == (
        "このリクエストは別のサイトから送られたため受け付けませんでした。"
        "このアプリのページから操作してください。"
    )
    en = client.post(url, json=form, headers={"Origin": "http://evil.example"})
    assert en.status_code == 403 and "another site" in en.get_json()["error"]


def test_tokyo_jutaku_in_japanese(client: Any) -> None:
    setup = visible(client.get("/jutaku/", headers=JA).get_data(as_text=True))
    assert "買い物をするのは誰ですか？" in setup and "0円" in setup
    assert "Who is shopping?" not in setup
    r = client.post(
        "/jutaku/",
        data={"action": "start", "name": ["Aiko", "Bo"]},
        headers={**JA, "Origin": "http://localhost"},
    )
    assert r.status_code == 303
    html = client.get(r.headers["Location"], headers=JA).get_data(as_text=True)
    text = visible(html)
    for japanese in (
        "ショッピングセンターを出るプレイヤー",
        "マグロを購入する",
        "赤ドリンク",
        "配当金",
    ):
        assert japanese in text, japanese
    for english in ("Someone leaves the store", "Buy a Tuna", "red drink", "Each item pays"):
        assert english not in text, english


def test_the_report_page_in_japanese(client: Any, game: dict[str, Any]) -> None:
    gid = game["id"]
    host = auth(game["host_token"])
    ja = visible(client.get(f"/games/{gid}/report?as=host", headers={**JA, **host}).get_data(True))
    for japanese in ("ゲームの経過", "ゲームを持ち帰る", "ゲームファイル（JSON）"):
        assert japanese in ja, japanese
    assert "The game's story" not in ja and "Take the game with you" not in ja
    en = visible(client.get(f"/games/{gid}/report?as=host", headers=host).get_data(True))
    assert "Take the game with you" in en and "ゲームの経過" not in en


# -- Tsukiji Market, the card game --------------------------------------------------------------

CARD_GAME = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}


@pytest.fixture
def card_game(client: Any) -> dict[str, Any]:
    """A card game after one WA-SA-BI (Aiko 3, Bo 1: the Barrel 2 notches toward Bo) and
    Aiko's card from the Scale (a red 3 with a Barrel): Bo's turn to take from the Scale
    or the next bid."""
    r = client.post("/api/games", json=CARD_GAME)
    assert r.status_code == 201
    g: dict[str, Any] = r.get_json()
    gid, (a, b) = g["id"], (s["token"] for s in g["seats"])
    for token, fingers in ((a, 3), (b, 1)):
        r = client.post(f"/api/games/{gid}/bids", json={"fingers": fingers}, headers=auth(token))
        assert r.status_code == 201, r.get_json()
    card = {"colour": "red", "points": 3, "wasabi": False, "knife": False, "barrel": True}
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"type": "take_card", "player": "Aiko", **card},
        headers=auth(g["host_token"]),
    )
    assert r.status_code == 201, r.get_json()
    return g


def card_pages(client: Any, g: dict[str, Any], headers: dict[str, str]) -> dict[str, str]:
    gid = g["id"]
    out = {}
    for name, url, token in (
        ("table", f"/games/{gid}/table", g["host_token"]),
        ("seat", f"/games/{gid}/seat", g["seats"][1]["token"]),
    ):
        r = client.get(url, headers={**headers, **auth(token)})
        assert r.status_code == 200, (name, r.status_code)
        out[name] = r.get_data(as_text=True)
    return out


#: What both card pages say, in each language (the seat is Bo's phone).
CARD_WORDS = {
    "en": ["The Scale", "Barrel:", "1 notch toward Bo", "Scores", "Quick Knives: 0", "Deck"],
    "ja": [
        "天秤",
        "樽：",
        "Boのほうへ1目盛り",
        "得点",
        "クイックナイフ：0枚",
        "山札",
        "ワ・サ・ビ",
    ],
}


def test_the_card_game_pages_in_japanese(client: Any, card_game: dict[str, Any]) -> None:
    pages = card_pages(client, card_game, JA)
    for name, html in pages.items():
        assert '<html lang="ja">' in html, name
        text = visible(html)
        for japanese in CARD_WORDS["ja"]:
            assert japanese in text, (name, japanese)
        for english in CARD_WORDS["en"]:
            assert english not in text, (name, english)
        assert "Aikoが入札に勝ちました" in text and "夜の面" in text  # the last reveal
        assert re.search(r"Bo：\s*2 ", text) and "赤：3" in text and "樽：2" in text  # the scores
    table, seat = (visible(pages[k]) for k in ("table", "seat"))
    assert "Boの手札" in seat and "Bo's hand" not in seat
    # The history's lines and notes are the cards.* codes' Japanese, the colour too.
    assert "ワ・サ・ビ：Aikoは3本、Boは1本" in table
    assert "Aikoが赤の3点を取りました（樽）" in table
    assert "樽がAikoのほうへ1目盛り動きます" in table  # a note of the same entry
    assert "履歴" in table and "History" not in table and "WA-SA-BI" not in table


def test_the_card_game_pages_in_english(client: Any, card_game: dict[str, Any]) -> None:
    pages = card_pages(client, card_game, {})
    for name, html in pages.items():
        assert '<html lang="en">' in html, name
        text = visible(html)
        for english in CARD_WORDS["en"]:
            assert english in text, (name, english)
        for japanese in CARD_WORDS["ja"]:
            assert japanese not in text, (name, japanese)
    assert "Bo's hand" in visible(pages["seat"]) and "Bo: 2 " in visible(pages["seat"])
    assert "WA-SA-BI: Aiko 3, Bo 1" in visible(pages["table"])
    assert "Aiko took a red 3 (Barrel)" in visible(pages["table"])


def test_the_card_game_new_page_in_japanese(client: Any) -> None:
    ja = visible(client.get("/games/new/cards", headers=JA).get_data(as_text=True))
    for japanese in ("天秤の面", "1人目のプレイヤー（樽の左端）", "ゲームを始める"):
        assert japanese in ja, japanese
    assert "Side of the Scale" not in ja and "Start the game" not in ja
    en = visible(client.get("/games/new/cards").get_data(as_text=True))
    assert "Side of the Scale" in en and "天秤" not in en
