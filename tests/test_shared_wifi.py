"""Trust on a shared Wi-Fi (issue #17, items 3, 5, 7, 8, 11, 12, 13): what the server
refuses when strangers share the table's network, each tested where it happens: the seed
kept off every page, the host's link after an import, joins from another site, the Host
header (DNS rebinding), the folded games kept in memory, the cost of an import, and one
body limit for a game file."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from support import start_server
from test_trust import Links

from companion.games import GAMES
from companion.rules.errors import IllegalAction
from companion.rules.setup import make_config
from companion.store import GAMES_KEPT, Store
from companion.web.export import IMPORT_LIMIT
from companion.web.gamefile_schemas import MAX_EVENTS

PLAYERS = ["Aiko", "Bo", "Chiyo"]
TIMEOUT = 30


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- 3. the game's seed -------------------------------------------------------------------------

NEW_GAME = {"player": ["Aiko", "Bo", "Chiyo", "", "", ""], "money": "open"}


def drawn_on_page(html: str) -> str:
    found = re.search(r'name="seed" value="([^"]*)"', html)
    assert found, "the New game page draws its markets with a seed"
    return found.group(1)


def pages_of(client: Any, start: str) -> dict[str, str]:
    """``start`` and every page, fragment and file it offers by GET (a join link is not
    followed: opening it is joining; a live stream is read as its first render)."""
    page = client.get(start)
    assert page.status_code == 200, start
    links = Links()
    links.feed(page.get_data(as_text=True))
    bodies = {start: page.get_data(as_text=True)}
    for url in sorted(links.get):
        path = re.sub(r"^https?://[^/]+", "", url)
        if path.startswith("/join/") or not path.startswith("/"):
            continue
        r = client.get(path, buffered=False)
        body = b""
        for chunk in r.response:  # a stream: its first message is enough
            body += chunk
            if "/stream" in path and len(body) > 2000:
                break
        r.close()
        bodies[path] = body.decode("utf-8", "replace")
    return bodies


def test_the_seed_of_a_running_game_is_on_no_page(client: Any) -> None:
    """The New game page draws the markets with a short seed of its own; the game then
    gets a 128-bit seed that no page, fragment or JSON of the running game shows."""
    html = client.post("/games/preview", data=NEW_GAME).get_data(as_text=True)
    shown = drawn_on_page(html)
    created = client.post("/games", data={**NEW_GAME, "seed": shown})
    assert created.status_code == 303
    gid = created.headers["Location"].split("/")[2]
    state = client.application.extensions["companion.store"].state(gid)
    seed = state.config.seed
    assert str(seed) != shown and str(seed) not in html
    assert 64 < seed.bit_length() <= 128
    # The markets are those the page showed for its seed.
    for market in state.config.fish_markets + state.config.external_markets:
        assert f'value="{market}" checked' in html
    bodies = pages_of(client, f"/games/{gid}/table")  # the table screen, by its cookie
    seat = client.application.test_client()
    tokens = client.application.extensions["companion.store"].seat_tokens(gid)
    assert seat.get(f"/join/{tokens[0]}").status_code == 303
    bodies.update({f"seat {k}": v for k, v in pages_of(seat, f"/games/{gid}/seat").items()})
    host = auth(client.application.extensions["companion.store"].host_token(gid))
    for path in ("snapshot", "events", "export.csv"):
        r = client.get(f"/api/games/{gid}/{path}", headers=host)
        assert r.status_code == 200, path
        bodies[path] = r.get_data(as_text=True)
    for path in ("export.json", "report", "snapshot.json"):
        r = client.get(f"/games/{gid}/{path}")
        assert r.status_code == 200, path
        bodies[path] = r.get_data(as_text=True)
    assert json.loads(bodies["export.json"])["setup"]["seed"] is None
    assert len(bodies) > 8
    for path, body in bodies.items():
        assert str(seed) not in body, path
    # Once the game has ended the table screen's file may hold it, as before.
    client.post(f"/api/games/{gid}/actions", json={"type": "end_game"}, headers=host)
    ended = client.get(f"/games/{gid}/export.json")
    assert json.loads(ended.data)["setup"]["seed"] == seed
    # … and that file, its 128-bit seed included, imports on another server.
    r = client.post("/api/games/import", data=ended.data, content_type="application/json")
    assert r.status_code == 201 and r.get_json()["seed"] == seed


def test_re_roll_still_draws_other_markets(client: Any) -> None:
    first = client.post("/games/preview", data=NEW_GAME).get_data(as_text=True)
    seeds = {drawn_on_page(first)}
    for _ in range(3):
        r = client.post("/games/preview", data={**NEW_GAME, "seed": "1", "reroll": "1"})
        html = r.get_data(as_text=True)
        seeds.add(drawn_on_page(html))
        assert 'name="fish_market"' in html and " checked" in html
    assert len(seeds) > 1 and "1" not in seeds


def test_seeds_are_128_bits_and_old_short_seeds_still_play(tmp_path: Path) -> None:
    assert max(make_config(["Aiko", "Bo"]).seed.bit_length() for _ in range(8)) > 120
    assert make_config(["Aiko", "Bo"], seed=2**128 - 1).seed == 2**128 - 1
    with pytest.raises(IllegalAction):
        make_config(["Aiko", "Bo"], seed=2**128)
    # A game created with a short seed (as every game before) opens and replays.
    path = tmp_path / "old.sqlite3"
    store = Store(path, GAMES)
    gid = store.create_game(make_config(["Aiko", "Bo", "Chiyo"], seed=7))[0]
    store.close()
    store = Store(path, GAMES)
    try:
        assert store.state(gid).config.seed == 7
    finally:
        store.close()


# -- 11. the folded games kept in memory ----------------------------------------------------


def test_the_store_keeps_only_the_games_used_last(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3", GAMES)
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


def test_the_server_forgets_the_views_of_games_nobody_uses(client: Any) -> None:
    """Each opened game left its fold and its newest view behind for good (issue #17:
    +45 MB for 1,200 games); now both are kept for the games used last only."""
    import gc

    from companion import view_public
    from companion.eventlog import GameState

    def alive(kind: type) -> int:
        gc.collect()
        return sum(1 for o in gc.get_objects() if isinstance(o, kind))

    games = 2 * view_public.NEWEST_KEPT + 40
    for _ in range(games):
        made = new_game(client)
        r = client.get(f"/api/games/{made['id']}", headers=auth(made["host_token"]))
        assert r.status_code == 200
    assert len(view_public._newest) == view_public.NEWEST_KEPT
    assert alive(GameState) <= GAMES_KEPT + 8
    assert alive(view_public._Shared) <= view_public.NEWEST_KEPT + 2 * GAMES_KEPT < games


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


def test_allow_host_takes_names_and_the_served_names_are_what_was_printed() -> None:
    from companion.cli import allowed_hosts, build_parser

    args = build_parser().parse_args(
        ["serve", "--allow-host", "Table.Local", "--allow-host", "[fe80::2]:5000"]
    )
    assert args.allow_host == ["Table.Local", "[fe80::2]:5000"]
    names = allowed_hosts("192.168.1.20", "0.0.0.0", args.allow_host)
    assert {"192.168.1.20", "table.local", "fe80::2", "localhost", "127.0.0.1", "::1"} <= names
    assert "0.0.0.0" not in names
    for bad in ("http://table.local/", "a b", ""):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["serve", "--allow-host", bad])


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


def chromium_path() -> str:
    path = (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return path


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The session's Chromium (tests/conftest.py): one sync Playwright per process."""
    return browser


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


# -- 5. the host's link after an import -------------------------------------------------------


def game_file(client: Any) -> dict[str, Any]:
    """A short game's file as its host exports it."""
    game = new_game(client)
    pay = {"type": "pay", "from": "supply", "to": "Aiko", "amount": 100}
    r = client.post(f"/api/games/{game['id']}/actions", json=pay, headers=auth(game["host_token"]))
    assert r.status_code == 201
    r = client.get(f"/api/games/{game['id']}/export", headers=auth(game["host_token"]))
    assert r.status_code == 200
    return dict(r.get_json())


def test_the_import_page_signs_in_by_its_own_answer_with_no_token_in_it(client: Any) -> None:
    doc = game_file(client)
    page = client.application.test_client()  # the browser of the import page
    r = page.post("/games/import", json=doc, headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 201
    answer = r.get_json()
    gid = answer["id"]
    assert answer == {"id": gid, "table_url": f"/games/{gid}/table"}
    cookie = page.get_cookie(f"tc_host_{gid}")
    assert cookie is not None and cookie.http_only
    assert cookie.value not in r.get_data(as_text=True)
    assert page.get(answer["table_url"]).status_code == 200  # the table screen, signed in
    # A refused file is answered in the page's sentence, and signs nothing in.
    r = page.post("/games/import", json={**doc, "format": "x"})
    assert r.status_code == 400 and "format" in r.get_json()["error"]


def test_the_host_reissues_the_host_link_and_the_old_one_stops_working(client: Any) -> None:
    game = new_game(client)
    gid, old = game["id"], game["host_token"]
    other = client.application.test_client()  # a browser that kept the old host link
    assert other.get(f"/join/{old}").status_code == 303
    assert other.get(f"/games/{gid}/table").status_code == 200
    # A seat cannot.
    seat = game["seats"][0]["token"]
    r = client.post(f"/api/games/{gid}/host/reissue", headers=auth(seat))
    assert r.status_code == 403 and r.get_json()["error"] == (
        "Only the table screen can issue a new link for the table screen."
    )
    # The table device re-issues from its page: it keeps the table screen, by cookie.
    assert client.get(f"/join/{old}").status_code == 303
    r = client.post(f"/games/{gid}/host/reissue", headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}/table")
    new = client.get_cookie(f"tc_host_{gid}").value
    assert new != old and new not in r.headers["Location"]
    assert client.get(f"/games/{gid}/table").status_code == 200
    assert other.get(f"/games/{gid}/table").status_code == 401  # signed out
    assert client.get(f"/join/{old}").status_code == 401
    assert client.get(f"/api/games/{gid}/snapshot", headers=auth(old)).status_code == 401
    # And through the API, for a script that holds the host token.
    r = client.post(f"/api/games/{gid}/host/reissue", headers=auth(new))
    assert r.status_code == 200
    newer = r.get_json()["host_token"]
    assert r.get_json()["join_url"].endswith(f"/join/{newer}")
    assert client.get(f"/api/games/{gid}/snapshot", headers=auth(new)).status_code == 401
    assert client.get(f"/api/games/{gid}/snapshot", headers=auth(newer)).status_code == 200
    # The seats' links are untouched.
    assert client.get(f"/api/games/{gid}/events", headers=auth(seat)).status_code == 200


@pytest.mark.browser
@pytest.mark.server
def test_an_import_leaves_no_host_link_in_the_browsers_history(
    live_server: Any, tmp_path: Path, browser: Any
) -> None:
    """The browser's own history (its profile's History database, as the address bar
    suggests from it) and every address the page navigated to: no join link, no token."""
    path = chromium_path()
    base = live_server.url
    made = requests.post(f"{base}/api/games", json={"players": PLAYERS}, timeout=TIMEOUT).json()
    host = auth(made["host_token"])
    pay = {"type": "pay", "from": "supply", "to": "Bo", "amount": 200}
    url = f"{base}/api/games/{made['id']}/actions"
    assert requests.post(url, json=pay, headers=host, timeout=TIMEOUT).status_code == 201
    file = tmp_path / "game.json"
    url = f"{base}/api/games/{made['id']}/export"
    file.write_bytes(requests.get(url, headers=host, timeout=TIMEOUT).content)
    profile = tmp_path / "profile"
    # A profile of its own, on the session's Playwright (one sync Playwright per process).
    ctx = browser.browser_type.launch_persistent_context(
        str(profile),
        executable_path=path,
        headless=True,
        args=["--no-sandbox", "--disable-gpu"],
    )
    try:
        page = ctx.new_page()
        went: list[str] = []
        page.on("request", lambda r: went.append(r.url) if r.is_navigation_request() else None)
        page.goto(f"{base}/games/import")
        page.set_input_files("#import-file", str(file))
        with page.expect_navigation(url=re.compile(r"/games/[^/]+/table$"), timeout=TIMEOUT * 1000):
            page.click("#import-form button[type=submit]")
        gid = page.url.rsplit("/", 2)[-2]
        assert gid != made["id"]
        cookie = {c["name"]: c["value"] for c in ctx.cookies(base)}[f"tc_host_{gid}"]
        assert page.locator(".topbar").inner_text()  # the table screen, signed in
        assert went and all("/join/" not in u and cookie not in u for u in went), went
        # A file over the one limit is refused by the page in its sentence, never sent.
        big = tmp_path / "big.json"
        big.write_text(" " * (2 * 1024 * 1024 + 1), encoding="utf-8")
        page.goto(f"{base}/games/import")
        page.set_input_files("#import-file", str(big))
        page.click("#import-form button[type=submit]")
        alert = page.locator("#import-error .error")
        alert.wait_for(timeout=TIMEOUT * 1000)
        assert alert.inner_text() == "A game file is at most 2 MiB; this one is larger."
    finally:
        ctx.close()
    db = sqlite3.connect(profile / "Default" / "History")
    try:
        visited = [row[0] for row in db.execute("SELECT url FROM urls")]
    finally:
        db.close()
    assert f"{base}/games/{gid}/table" in visited  # the History database is kept
    assert all("/join/" not in u and cookie not in u for u in visited), visited


# -- 12. the cost of an import ----------------------------------------------------------------


def crafted(doc: dict[str, Any], pays: int, pairs: int) -> dict[str, Any]:
    """``doc``'s setup with ``pays`` payments, then ``pairs`` undo/redo pairs of the last:
    each undo and redo folds the whole log anew."""
    at = doc["events"][0]["at"]
    events: list[dict[str, Any]] = []

    def entry(type_: str, data: dict[str, Any]) -> None:
        events.append(
            {"seq": len(events) + 1, "type": type_, "data": data, "actor": "host", "at": at}
        )
        events[-1]["undone_by"] = None

    for _ in range(pays):
        entry("pay", {"from": "supply", "to": "Aiko", "amount": 100})
    for _ in range(pairs):
        entry("undo", {"targets": [pays]})
        entry("redo", {"targets": [pays], "undo": len(events)})
    return {**doc, "events": events}


def test_an_import_that_would_refold_for_seconds_is_refused_at_once(client: Any) -> None:
    doc = game_file(client)
    costly = crafted(doc, 400, 150)  # ~165,000 entries refolded: seconds of CPU before
    assert len(json.dumps(costly)) < 64 * 1024 * 16  # well under the byte limit
    started = time.perf_counter()
    r = client.post("/api/games/import", json=costly)
    took = time.perf_counter() - started
    assert r.status_code == 400
    body = r.get_json()
    assert body["error"].startswith("The game file has more undos and redos than this server")
    assert body["field"].startswith("events[")
    assert took < 1.5, took
    # A real game's few undos still import.
    assert client.post("/api/games/import", json=crafted(doc, 400, 5)).status_code == 201


def test_a_file_of_more_entries_than_a_game_records_is_refused_before_it_is_read(
    client: Any,
) -> None:
    doc = game_file(client)
    many = crafted(doc, MAX_EVENTS + 1, 0)
    started = time.perf_counter()
    r = client.post("/api/games/import", json=many)
    assert r.status_code == 400 and r.get_json() == {
        "error": f"A game file holds at most {MAX_EVENTS:,} entries.",
        "field": "events",
    }
    assert time.perf_counter() - started < 1.5


def test_imports_run_one_at_a_time(client: Any) -> None:
    from companion.web import export

    doc = game_file(client)
    assert export._IMPORTING.acquire(blocking=False)  # an import under way
    try:
        r = client.post("/api/games/import", json=doc)
        assert r.status_code == 503 and r.get_json()["error"] == (
            "This server is reading another game file; try again in a moment."
        )
        r = client.post("/games/import", json=doc, headers={"Accept-Language": "ja"})
        assert r.status_code == 503 and "別のゲームファイル" in r.get_json()["error"]
    finally:
        export._IMPORTING.release()
    assert client.post("/api/games/import", json=doc).status_code == 201


def test_the_csv_export_makes_a_versions_story_once(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import companion.story
    from companion.web import stories

    made: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        return companion.story.story(*args, **kwargs)

    # The report page and the CSV export read one cache (web/stories.py), which makes
    # each version's story with story.story.
    monkeypatch.setattr(stories, "story", counted)
    game = new_game(client)
    url = f"/api/games/{game['id']}/export.csv"
    first = client.get(url, headers=auth(game["host_token"]))
    again = client.get(url, headers=auth(game["host_token"]))
    assert first.status_code == again.status_code == 200 and first.data == again.data
    assert len(made) == 1


# -- 13. one limit for a game file -------------------------------------------------------------


@pytest.mark.server
def test_one_body_limit_for_a_game_file_answered_in_a_sentence(tmp_path: Path) -> None:
    """The page promises 2 MiB; waitress took 128 KiB and answered in its own words."""
    server = start_server(tmp_path / "limit.sqlite3")
    try:
        base = server.url
        doc = {"format": "tsukiji-game/1", "game": "tokyo_tsukiji_market", "pad": "x" * 300_000}
        r = requests.post(f"{base}/api/games/import", json=doc, timeout=TIMEOUT)
        assert r.status_code == 400 and r.json()["field"] in ("setup", "pad")  # the app read it
        r = requests.post(f"{base}/games/import", json=doc, timeout=TIMEOUT)
        assert r.status_code == 400 and "error" in r.json()
        # Any other request over the app's 64 KiB is refused in the app's sentence.
        r = requests.post(f"{base}/api/games", json=doc, timeout=TIMEOUT)
        assert r.status_code == 413
        assert r.json()["error"] == "The request is too large: this app takes at most 64 KiB."
        # The import page promises what the server takes.
        assert "At most 2 MiB." in requests.get(f"{base}/games/import", timeout=TIMEOUT).text
        huge = b"{" + b" " * (IMPORT_LIMIT - 2) + b"}"
        r = requests.post(
            f"{base}/api/games/import",
            data=huge,
            headers={"Content-Type": "application/json"},
            timeout=TIMEOUT,
        )
        assert r.status_code == 400 and r.json()["error"]  # read whole, refused in a sentence
    finally:
        server.stop()


def test_the_table_screen_offers_a_new_table_screen_link(client: Any) -> None:
    game = new_game(client)
    gid = game["id"]
    assert client.get(f"/join/{game['host_token']}").status_code == 303
    page = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert f'hx-post="/games/{gid}/host/reissue"' in page
    assert "Sign out every other device that shows this table screen?" in page
    ja = client.get(f"/games/{gid}/table", headers={"Accept-Language": "ja"})
    assert "テーブル画面の新しいリンク" in ja.get_data(as_text=True)
    seat = client.application.test_client()
    assert seat.get(seat_link(game, 0)).status_code == 303
    assert "/host/reissue" not in seat.get(f"/games/{gid}/seat").get_data(as_text=True)
    # The button's request: htmx follows HX-Redirect to the table screen, signed in anew.
    r = client.post(
        f"/games/{gid}/host/reissue",
        headers={"HX-Request": "true", "Sec-Fetch-Site": "same-origin"},
    )
    assert r.headers["HX-Redirect"] == f"/games/{gid}/table"
    assert client.get_cookie(f"tc_host_{gid}").value != game["host_token"]
