"""The rules-card pages (companion/web/rulecards.py) on the real server: every market's
card in English and Japanese, a game's card with that game's numbers for anyone signed in
to it (and no one else), the ⓘ links beside the market names on the table screen and a
phone, and a 404 sentence for a market that does not exist."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest
import requests

from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS
from companion.rules.checklist import checklist
from companion.rules.messages import render
from companion.rules.rulecards import card, market_ids
from companion.rules.setup import make_config

pytestmark = pytest.mark.server

JA = {"Accept-Language": "ja-JP,ja;q=0.9"}


@pytest.fixture
def live_server(module_server):
    """One server for this module: each test makes its own games and reads nothing the
    server keeps across games (tests/conftest.py ``module_server``)."""
    return module_server


def text(page: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))).strip()


def get(url: str, **headers: str) -> requests.Response:
    return requests.get(url, headers=headers, timeout=30, allow_redirects=False)


def test_every_market_has_its_card_in_english_and_japanese(live_server: Any) -> None:
    index = get(f"{live_server.url}/rules/")
    assert index.status_code == 200
    for m in market_ids():
        assert f'href="/rules/{m}"' in index.text, m
    index_ja = text(get(f"{live_server.url}/rules/", **JA).text)
    assert "ルールカード" in index_ja and "拡張の魚市場" in index_ja
    for m in market_ids():
        c = card(m)
        for lang, headers in (("en", {}), ("ja", JA)):
            r = get(f"{live_server.url}/rules/{m}", **headers)
            assert r.status_code == 200, (m, lang)
            assert f'<html lang="{lang}">' in r.text
            page = text(r.text)
            for line in c.lines():
                assert render(line.message, lang) in page, (m, lang, line.message.code)
            name = FISH_MARKETS[m].ja if m in FISH_MARKETS else EXTERNAL_MARKETS[m].ja
            if lang == "ja":
                assert name in page and "¥" not in page


def test_an_unknown_market_is_a_404_sentence(live_server: Any) -> None:
    r = get(f"{live_server.url}/rules/whale")
    assert r.status_code == 404
    assert "There is no market called “whale”; the rules cards list every market." in text(r.text)
    r = get(f"{live_server.url}/rules/whale", **JA)
    assert r.status_code == 404 and "「whale」という市場はありません。" in text(r.text)


def new_game(base: str) -> dict[str, Any]:
    body = {
        "players": ["Aiko", "Bo", "Chiyo"],
        "seed": 4,
        "expansion": True,
        "fish_markets": ["mackerel", "swordfish", "eel", "squid", "tuna"],
        "external_markets": ["ships", "sushi", "bank"],
        "board_numbers": {"swordfish": {"entry_ap": 1, "barrels": 5}},
    }
    r = requests.post(f"{base}/api/games", json=body, timeout=30)
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_games_card_shows_its_numbers_to_the_game_only(live_server: Any) -> None:
    g = new_game(live_server.url)
    url = f"{live_server.url}/games/{g['id']}/rules/swordfish"
    assert get(url).status_code == 401  # nobody signed in
    for token in (g["host_token"], g["seats"][1]["token"]):
        r = get(url, Authorization=f"Bearer {token}")
        assert r.status_code == 200
        page = text(r.text)
        assert "This game: 3 players" in page
        assert "Barrels: 5, copied from the board when this game was set up." in page
        assert "entered at setup" in page
    ja = text(get(url, Authorization=f"Bearer {g['host_token']}", **JA).text)
    assert "樽：5個（このゲームの準備時にボードから入力）。" in ja
    eel = text(get(f"{url[:-9]}eel", Authorization=f"Bearer {g['host_token']}").text)
    assert "Barrels: 6 (for 3 players)." in eel
    other = new_game(live_server.url)
    r = get(url, Authorization=f"Bearer {other['host_token']}")
    assert r.status_code == 403
    r = get(f"{url[:-9]}whale", Authorization=f"Bearer {g['host_token']}")
    assert r.status_code == 404


def links(page: str) -> list[tuple[str, str]]:
    return re.findall(r'<a class="rules-link" href="([^"]+)"[^>]*aria-label="([^"]+)"', page)


def test_the_table_screen_and_the_phone_link_every_market_to_its_card(live_server: Any) -> None:
    g = new_game(live_server.url)
    base, gid = live_server.url, g["id"]
    markets = ["mackerel", "swordfish", "eel", "squid", "tuna", "ships", "sushi", "bank"]
    table = get(f"{base}/games/{gid}/table", Authorization=f"Bearer {g['host_token']}").text
    found = links(table)
    for m in markets:
        # The board's chips (relative: this game's card) and the setup checklist.
        assert (f"rules/{m}", f"Rules card: {render(card(m).title)}") in found, m
        assert (f"/games/{gid}/rules/{m}", f"Rules card: {render(card(m).title)}") in found, m
    # A relative link from the table screen is that game's card.
    r = get(f"{base}/games/{gid}/rules/eel", Authorization=f"Bearer {g['host_token']}")
    assert r.status_code == 200
    seat = g["seats"][0]["token"]
    phone = get(f"{base}/games/{gid}/seat", Authorization=f"Bearer {seat}").text
    assert {h for h, _ in links(phone)} >= {f"rules/{m}" for m in markets}
    ja = get(f"{base}/games/{gid}/seat", Authorization=f"Bearer {seat}", **JA).text
    assert ("rules/eel", "ルールカード：ウナギ") in links(ja)
    # The active player's turn guide: the Markets tiles.
    requests.post(
        f"{base}/api/games/{gid}/actions",
        json={"type": "next_turn"},
        headers={"Authorization": f"Bearer {g['host_token']}"},
        timeout=30,
    )
    tiles = get(f"{base}/games/{gid}/turn/markets", Authorization=f"Bearer {seat}").text
    assert {h for h, _ in links(tiles)} == {f"/games/{gid}/rules/{m}" for m in markets}
    # Each market's own panel (fish and external alike): the ⓘ in its heading.
    for m in markets:
        panel = get(f"{base}/games/{gid}/turn/markets/{m}", Authorization=f"Bearer {seat}").text
        heading = re.search(r'<h3 class="turn-sub">(.*?)</h3>', panel, re.S)
        assert heading, (m, panel[:300])
        assert links(heading.group(1)) == [
            (f"/games/{gid}/rules/{m}", f"Rules card: {render(card(m).title)}")
        ], m


def test_the_checklist_items_carry_their_market() -> None:
    """The checklist links a board's card by the market its item names, not by its name."""
    config = make_config(
        ["Aiko", "Bo"],
        fish_markets=["mackerel", "eel", "squid", "fugu"],
        external_markets=["ships", "bank", "rentals"],
        variants=["crash"],
        seed=1,
    )
    items = checklist(config)
    boards = [i["market"] for i in items if i["kind"] in ("fish", "external")]
    assert boards == ["mackerel", "eel", "squid", "fugu", "ships", "bank", "rentals"]
    others = [i for i in items if i["kind"] not in ("fish", "external")]
    assert others and all(i["market"] is None for i in others)


def test_the_new_game_page_and_the_calculator_link_to_the_cards(live_server: Any) -> None:
    s = requests.Session()
    s.get(f"{live_server.url}/games/new", timeout=30)
    r = s.post(
        f"{live_server.url}/games/preview",
        data={"player": ["Aiko", "Bo"], "seed": "2"},
        headers={"HX-Request": "true", "Origin": live_server.url, "Sec-Fetch-Site": "same-origin"},
        timeout=30,
    )
    assert r.status_code == 200, r.text
    hrefs = {h for h, _ in links(r.text)}
    assert {f"/rules/{m}" for m in FISH_MARKETS if not FISH_MARKETS[m].expansion} <= hrefs
    assert "/rules/government" in hrefs
    calc = get(f"{live_server.url}/calculator/").text
    assert "/rules/red_snapper" in {h for h, _ in links(calc)}


def test_each_game_and_language_gets_its_own_card(client: Any) -> None:
    """Two games on one server that differ only in a board number, or in their players,
    each read their own numbers on a market's card, in each language, in any order."""

    def game(players: list[str], barrels: int) -> tuple[str, str]:
        body = {
            "players": players,
            "seed": 4,
            "expansion": True,
            # Five fish markets for three players, four for two.
            "fish_markets": ["mackerel", "swordfish", "eel", "squid", "tuna"][: len(players) + 2],
            "external_markets": ["ships", "sushi", "bank"],
            "board_numbers": {"swordfish": {"entry_ap": 1, "barrels": barrels}},
        }
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.get_json()
        data = r.get_json()
        return data["id"], data["host_token"]

    games = [
        (game(["Aiko", "Bo", "Chiyo"], 5), 3, 5),
        (game(["Aiko", "Bo", "Chiyo"], 7), 3, 7),
        (game(["Aiko", "Bo"], 5), 2, 5),
    ]
    for _ in range(2):  # the second time from what the first made
        for (gid, token), players, barrels in games:
            auth = {"Authorization": f"Bearer {token}"}
            page = text(client.get(f"/games/{gid}/rules/swordfish", headers=auth).get_data(True))
            assert f"This game: {players} players" in page
            assert f"Barrels: {barrels}, copied from the board when this game was set up." in page
            ja = client.get(f"/games/{gid}/rules/swordfish", headers={**auth, **JA})
            said = f"樽：{barrels}個（このゲームの準備時にボードから入力）。"
            assert said in text(ja.get_data(True))
