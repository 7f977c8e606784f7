"""Issue #22 in a real Chromium against the real server: this server's league after
three finished games with a merged name (its chart drawn from the table's numbers); the
report page's scrubber, dragged and stepped, shows the table as it was after that entry
of the log (each player's Yen as the table screen's view said it then); at the end of the
game a phone offers "Log this play in BG Stats", whose JSON is the final score."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

import pytest
import requests
from axe import assert_no_horizontal_scroll, assert_no_violations
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "money": "open",
    "seed": 11,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "auction"],
}
BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def played(url: str) -> tuple[dict[str, Any], dict[int, dict[str, int]]]:
    """Payments turn by turn, then the end: the game, and each player's Yen after every
    entry as the table screen's view said it then."""
    game = requests.post(f"{url}/api/games", json=SETUP, timeout=LIVE).json()
    gid, host = game["id"], game["host_token"]
    yen: dict[int, dict[str, int]] = {}

    def keep() -> None:
        view = requests.get(f"{url}/api/games/{gid}", headers=auth(host), timeout=LIVE).json()
        yen[view["seq"]] = {p["name"]: p["yen"] for p in view["players"]}

    def act(body: dict[str, Any]) -> None:
        r = requests.post(
            f"{url}/api/games/{gid}/actions", json=body, headers=auth(host), timeout=LIVE
        )
        assert r.status_code == 201, r.json()
        keep()

    keep()
    act({"type": "next_turn"})
    for n, (name, amount) in enumerate(((A, 300), (B, 700), (C, 1100), (A, 200))):
        act({"type": "pay", "from": "supply", "to": name, "amount": amount})
        if n == 1:
            act({"type": "next_turn"})
    act({"type": "end_game"})
    return game, yen


def row_yen(page: Any) -> dict[str, str]:
    return {
        name: page.locator(f'#replay-frame tr[data-player="{name}"] td[data-yen]').inner_text()
        for name in (A, B, C)
    }


def at(page: Any, n: int) -> None:
    page.wait_for_selector(f'#replay-step[data-n="{n}"]', timeout=LIVE)


def test_the_scrubber_shows_the_table_at_each_entry_and_the_phone_logs_the_play(
    browser: Any, module_server: Any
) -> None:
    # One server for this module's tests that read nothing it keeps across games (the
    # league's test has its own: tests/conftest.py ``module_server``).
    url = module_server.url
    game, yen = played(url)
    last = max(yen)
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/join/{game['host_token']}")
        page.goto(f"{url}/games/{game['id']}/report")
        at(page, last)
        # Drag the thumb all the way to the left: the table as set up.
        scrubber = page.locator("#replay-range")
        scrubber.scroll_into_view_if_needed()
        box = scrubber.bounding_box()
        assert box is not None
        y = box["y"] + box["height"] / 2
        page.mouse.move(box["x"] + box["width"] - 2, y)
        page.mouse.down()
        page.mouse.move(box["x"] + box["width"] / 2, y, steps=5)
        page.mouse.move(box["x"] - 20, y, steps=5)
        page.mouse.up()
        at(page, 0)
        assert row_yen(page) == {n: f"¥{v:,}" for n, v in yen[0].items()}
        # Step forward entry by entry, with the keyboard and with the Forward button.
        for n in range(1, 4):
            scrubber.press("ArrowRight")
            at(page, n)
            assert row_yen(page) == {k: f"¥{v:,}" for k, v in yen[n].items()}, n
        for n in range(4, last + 1):
            page.get_by_role("button", name="Forward ▶").click()
            at(page, n)
            assert row_yen(page) == {k: f"¥{v:,}" for k, v in yen[n].items()}, n
            assert page.locator("#replay-line").inner_text()
        page.get_by_role("button", name="◀ Back").click()
        at(page, last - 1)
        assert scrubber.input_value() == str(last - 1)
        assert errors == []
    finally:
        ctx.close()

    # At the end, a phone offers the play for BG Stats: its JSON is the final score.
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = ctx.new_page()
    try:
        seat = next(s["token"] for s in game["seats"] if s["name"] == B)
        phone.goto(f"{url}/join/{seat}")
        phone.goto(f"{url}/games/{game['id']}/seat")
        link = phone.get_by_role("link", name="Log this play in BG Stats")
        assert link.is_visible()
        href = link.get_attribute("href") or ""
        assert href.startswith(BGSTATS)
        play = json.loads(unquote(href[len(BGSTATS) :]))
        view = requests.get(
            f"{url}/api/games/{game['id']}", headers=auth(game["host_token"]), timeout=LIVE
        ).json()
        score = view["score"]
        assert [(p["name"], p["score"], p["rank"]) for p in play["players"]] == [
            (p["name"], p["final_yen"], p["rank"]) for p in score["players"]
        ]
        assert [p["name"] for p in play["players"] if p["winner"]] == score["winners"]
        assert (
            phone.locator("textarea[readonly]").input_value().splitlines()[-1] == (play["comments"])
        )
    finally:
        ctx.close()


def finished(url: str, names: list[str], winner: str, amount: int) -> None:
    game = requests.post(f"{url}/api/games", json={**SETUP, "players": names}, timeout=LIVE).json()
    for body in (
        {"type": "next_turn"},
        {"type": "pay", "from": "supply", "to": winner, "amount": amount},
        {"type": "end_game"},
    ):
        r = requests.post(
            f"{url}/api/games/{game['id']}/actions",
            json=body,
            headers=auth(game["host_token"]),
            timeout=LIVE,
        )
        assert r.status_code == 201, r.json()


def test_the_league_after_three_games_with_a_merged_name(browser: Any, live_server: Any) -> None:
    url = live_server.url
    finished(url, [A, B, C], B, 3000)
    finished(url, [A, "bo", C], A, 2000)
    finished(url, ["Bob", A, C], "Bob", 1000)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/")
        page.get_by_role("link", name="This server's league").click()
        page.wait_for_selector("#league")
        assert page.locator("#league tbody tr").count() == 4  # Bo and bo are one; Bob not yet
        page.locator("select[name=merge]").select_option("Bob")
        page.locator("select[name=into]").select_option("Bo")
        page.get_by_role("button", name="Merge").click()
        page.wait_for_selector("[data-merged]")
        bo = page.locator('#league tr[data-player="bo"]')
        assert bo.locator("td[data-played]").inner_text() == "3"
        assert bo.locator("td[data-wins]").inner_text() == "2"
        page.wait_for_function(
            "() => window.Chart && window.Chart.getChart(document.querySelector("
            "'canvas[data-chart=league]'))",
            timeout=LIVE,
        )
        bars = page.evaluate(
            "() => { const c = window.Chart.getChart(document.querySelector("
            "'canvas[data-chart=league]')); return [c.data.labels, c.data.datasets[0].data]; }"
        )
        shown = {
            r.locator("th").inner_text().split(" (")[0]: r.locator("td[data-average]").inner_text()
            for r in page.locator("#league tbody tr").all()
        }
        assert {n: f"¥{v:,}" for n, v in zip(*bars, strict=True)} == shown
        assert errors == []
        assert_no_horizontal_scroll(page)
        assert_no_violations(page)
    finally:
        ctx.close()


#: The browser's speech synthesis replaced by one that records what it is asked to say.
STUB_SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ''; };
Object.defineProperty(window, 'speechSynthesis', {configurable: true, value: {
  speak(u) { window.__spoken.push([u.text, u.lang]); }, cancel() {} }});
"""


def said(page: Any, text: str, lang: str) -> None:
    page.wait_for_function(
        "([t, l]) => window.__spoken.some(s => s[0] === t && s[1] === l)",
        arg=[text, lang],
        timeout=LIVE,
    )


def test_the_table_screen_speaks_the_big_moments_once_opted_in(
    browser: Any, module_server: Any
) -> None:
    # One server for this module's tests that read nothing it keeps across games (the
    # league's test has its own: tests/conftest.py ``module_server``).
    url = module_server.url
    game = requests.post(f"{url}/api/games", json=SETUP, timeout=LIVE).json()
    gid, host = game["id"], game["host_token"]
    seat = {s["name"]: s["token"] for s in game["seats"]}
    screens = []
    for locale in ("en-US", "ja-JP"):  # two table screens (one device's streams are bounded)
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
        ctx.add_init_script(STUB_SPEECH)
        page = ctx.new_page()
        page.goto(f"{url}/join/{host}")
        page.goto(f"{url}/games/{gid}/table")
        page.wait_for_selector("#live")
        screens.append((ctx, page))
    (_, en), (_, ja) = screens
    try:
        for p in (en, ja):
            p.locator("#speak-toggle").click()
            assert p.locator("#speak-toggle").get_attribute("aria-pressed") == "true"

        def act(token: str, body: dict[str, Any]) -> None:
            r = requests.post(
                f"{url}/api/games/{gid}/actions", json=body, headers=auth(token), timeout=LIVE
            )
            assert r.status_code == 201, r.json()

        act(host, {"type": "next_turn"})
        said(en, "Turn 1: Aiko's turn.", "en")
        said(ja, "第1手番：Aikoの手番です。", "ja")
        act(seat[A], {"type": "take_license", "player": A, "market": "tuna"})
        r = requests.post(
            f"{url}/api/games/{gid}/auctions",
            json={"kind": "tuna", "owner": A},
            headers=auth(host),
            timeout=LIVE,
        )
        aid = r.json()["auction_id"]
        said(en, "Aiko opens an auction: Tuna auction.", "en")
        for name, amount in ((A, 300), (B, 700), (C, 500)):
            requests.post(
                f"{url}/api/games/{gid}/auctions/{aid}/bids",
                json={"amount": amount},
                headers=auth(seat[name]),
                timeout=LIVE,
            )
        en.wait_for_function(
            "() => window.__spoken.some(s => s[0].includes('Bo') && s[0].includes('700'))",
            timeout=LIVE,
        )
        # The English screen opts out again: the end is said on the Japanese one only.
        en.locator("#speak-toggle").click()
        assert en.locator("#speak-toggle").get_attribute("aria-pressed") == "false"
        act(host, {"type": "end_game"})
        ja.wait_for_function(
            "() => window.__spoken.some(s => s[0].startsWith('ゲーム終了。勝者は'))", timeout=LIVE
        )
        en.wait_for_selector("#final-score:not([hidden])", timeout=LIVE)
        spoken = [s[0] for s in en.evaluate("window.__spoken")]
        assert len(spoken) == len(set(spoken)) == 3  # each moment once, and not the end
        assert not any(s.startswith("The game is over.") for s in spoken)
        ja_spoken = [s[0] for s in ja.evaluate("window.__spoken")]
        assert len(ja_spoken) == len(set(ja_spoken)) == 4
    finally:
        for ctx, _ in screens:
            ctx.close()
