"""Trust on a shared Wi-Fi (issue #17, items 3, 5, 7, 8, 11, 12, 13): what the server
refuses when strangers share the table's network, each tested where it happens: the seed
kept off every page, the host's link after an import, joins from another site, the Host
header (DNS rebinding), the folded games kept in memory, the cost of an import, and one
body limit for a game file."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
import requests
from support import start_server

from companion.rules.setup import make_config
from companion.store import GAMES_KEPT, Store

PLAYERS = ["Aiko", "Bo", "Chiyo"]
TIMEOUT = 30


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- 11. the folded games kept in memory ----------------------------------------------------


def test_the_store_keeps_only_the_games_used_last(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    try:
        ids = [store.create_game(make_config(["Aiko", "Bo"]))[0] for _ in range(GAMES_KEPT + 20)]
        for game_id in ids:
            store.state(game_id)
        kept = list(store._games)
        assert len(kept) == GAMES_KEPT
        assert kept == ids[-GAMES_KEPT:]  # the least recently used went first
        # A game used again moves to the end; a forgotten one is folded again from its log.
        store.state(ids[-GAMES_KEPT])
        assert next(reversed(store._games)) == ids[-GAMES_KEPT]
        first = store.state(ids[0])
        assert first.id == ids[0] and first.config.players == ("Aiko", "Bo")
        assert len(store._games) == GAMES_KEPT and ids[0] in store._games
        assert ids[-GAMES_KEPT + 1] not in store._games
    finally:
        store.close()


# -- 8. DNS rebinding: the Host header --------------------------------------------------------


def test_the_app_answers_only_to_loopback_names_unless_told_more(client: Any) -> None:
    assert client.get("/").status_code == 200  # the test client says "localhost"
    assert client.get("/", headers={"Host": "127.0.0.1:5000"}).status_code == 200
    assert client.get("/", headers={"Host": "[::1]:5000"}).status_code == 200
    r = client.get("/", headers={"Host": "rebound.example"})
    assert r.status_code == 400
    assert r.get_data(as_text=True) == (
        "This server answers only to the addresses it printed when it started, so open "
        "the address shown on the table's screen."
    )
    r = client.post(
        "/api/games", json={"players": PLAYERS}, headers={"Host": "rebound.example:5000"}
    )
    assert r.status_code == 400 and "addresses it printed" in r.get_json()["error"]
    ja = client.get("/", headers={"Host": "rebound.example", "Accept-Language": "ja"})
    assert ja.status_code == 400 and "起動時に表示したアドレス" in ja.get_data(as_text=True)


@pytest.mark.server
def test_the_server_refuses_a_forged_host_header(tmp_path: Path) -> None:
    """A page of another name rebound to the server's address: every request it sends
    names that other host, and is refused before anything is read or written."""
    server = start_server(tmp_path / "host.sqlite3", extra=["--allow-host", "Table.Local"])
    try:
        base = server.url
        forged = {"Host": f"rebound.example:{server.port}"}
        r = requests.get(f"{base}/", headers=forged, timeout=TIMEOUT)
        assert r.status_code == 400 and "addresses it printed" in r.text
        r = requests.post(
            f"{base}/api/games", json={"players": PLAYERS}, headers=forged, timeout=TIMEOUT
        )
        assert r.status_code == 400 and "addresses it printed" in r.json()["error"]
        # The rebound page is same-origin to the browser: Fetch Metadata cannot tell.
        as_page = {**forged, "Sec-Fetch-Site": "same-origin", "Origin": "http://rebound.example"}
        r = requests.post(f"{base}/games/new/cards/deck", data={}, headers=as_page, timeout=TIMEOUT)
        assert r.status_code == 400 and "addresses it printed" in r.text
        for host in (f"127.0.0.1:{server.port}", f"localhost:{server.port}", "table.local"):
            r = requests.get(f"{base}/", headers={"Host": host}, timeout=TIMEOUT)
            assert r.status_code == 200, host
        made = requests.post(f"{base}/api/games", json={"players": PLAYERS}, timeout=TIMEOUT)
        assert made.status_code == 201
    finally:
        server.stop()


# -- 7. joining from another site (login CSRF) ----------------------------------------------


def new_game(client: Any, **settings: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": PLAYERS, **settings})
    assert r.status_code == 201
    return dict(r.get_json())


def seat_link(game: dict[str, Any], seat: int) -> str:
    return f"/join/{game['seats'][seat]['token']}"


def test_a_join_from_another_site_is_refused_and_changes_nothing(client: Any) -> None:
    game = new_game(client)
    gid = game["id"]
    assert client.get(seat_link(game, 0), headers={"Sec-Fetch-Site": "none"}).status_code == 303
    cookie = f"tc_seat_{gid}"
    mine = client.get_cookie(cookie)
    assert mine is not None and mine.value == game["seats"][0]["token"]
    # Another site sends this phone to Bo's fresh link: refused, in a sentence.
    r = client.get(seat_link(game, 1), headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert "opened from another site" in r.get_data(as_text=True)
    assert client.get_cookie(cookie).value == game["seats"][0]["token"]  # still Aiko's
    ja = client.get(
        seat_link(game, 1), headers={"Sec-Fetch-Site": "cross-site", "Accept-Language": "ja"}
    )
    assert ja.status_code == 403 and "別のサイトから開かれた" in ja.get_data(as_text=True)
    # Bo's link was not used up: Bo's own phone still joins with it (a scanned code).
    bo = client.application.test_client()
    assert bo.get(seat_link(game, 1), headers={"Sec-Fetch-Site": "none"}).status_code == 303
    # The host link from another site is refused as well.
    r = client.get(f"/join/{game['host_token']}", headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and client.get_cookie(f"tc_host_{gid}") is None


@pytest.mark.parametrize("site", ["none", "same-origin", "same-site", None])
def test_a_join_from_a_scan_or_this_app_still_signs_in(client: Any, site: str | None) -> None:
    game = new_game(client)
    headers = {"Sec-Fetch-Site": site} if site else {}
    r = client.get(seat_link(game, 2), headers=headers)
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game['id']}/seat")


# -- a real browser ---------------------------------------------------------------------------


@pytest.fixture
def chromium() -> Any:
    """Debian's Chromium through Playwright, as tests/browser/conftest.py launches it."""
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser
        browser.close()


@pytest.mark.browser
@pytest.mark.server
def test_a_page_of_another_site_cannot_swap_a_phones_seat(live_server: Any, chromium: Any) -> None:
    base = live_server.url
    made = requests.post(f"{base}/api/games", json={"players": PLAYERS}, timeout=TIMEOUT).json()
    gid = made["id"]
    ctx = chromium.new_context()
    try:
        page = ctx.new_page()
        page.goto(f"{base}/join/{made['seats'][0]['token']}")  # Aiko scans her code
        assert page.url == f"{base}/games/{gid}/seat"
        # A page of another site (served here by the browser's own router) links to Bo's
        # fresh join link; Aiko taps it.
        evil = "http://rebound.example/"
        bo = f"{base}/join/{made['seats'][1]['token']}"
        ctx.route(
            evil,
            lambda route: route.fulfill(
                content_type="text/html", body=f'<a id="go" href="{bo}">Free sushi</a>'
            ),
        )
        page.goto(evil)
        page.click("#go")
        page.wait_for_url(bo)
        assert "opened from another site" in page.inner_text("body")
        cookies = {c["name"]: c["value"] for c in ctx.cookies(base)}
        assert cookies[f"tc_seat_{gid}"] == made["seats"][0]["token"]  # still Aiko's seat
        page.goto(f"{base}/games/{gid}/seat")
        assert "Aiko" in page.inner_text("body")
    finally:
        ctx.close()
    # Bo's link is still fresh for Bo's own phone.
    r = requests.get(bo, allow_redirects=False, timeout=TIMEOUT)
    assert r.status_code == 303
