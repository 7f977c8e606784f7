"""The report page in a real Chromium against the real server (issue #11): its charts
render (Chart.js draws every one, from the page's own data) with no console error, on a
phone and on the table screen, in the dark and the light theme; axe-core finds nothing,
with the numbers open too; nothing scrolls sideways. And the phone stays awake: the
Screen Wake Lock where the browser has it, the one-line hint where it has not."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import requests
from axe import assert_no_horizontal_scroll, assert_no_violations
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "money": "open",
    "seed": 11,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "auction"],
}

#: Every canvas of the page with the chart Chart.js drew on it: (chart id, datasets,
#: points), or null where none was drawn.
CHARTS = """() => [...document.querySelectorAll('canvas[data-chart]')].map(c => {
  const chart = window.Chart && window.Chart.getChart(c);
  return chart ? [c.dataset.chart, chart.data.datasets.length,
                  chart.data.datasets.reduce((n, d) => n + d.data.length, 0),
                  c.width > 0 && c.height > 0] : null;
})"""

#: Each chart's y-axis ticks: (value, label) as Chart.js drew them.
Y_TICKS = """() => Object.fromEntries([...document.querySelectorAll('canvas[data-chart]')].map(
  c => [c.dataset.chart, window.Chart.getChart(c).scales.y.ticks.map(t => [t.value, t.label])]))"""


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def played(url: str) -> dict[str, Any]:
    """Three turns with a Tuna auction, through the real server's JSON API, then the end."""
    game = requests.post(f"{url}/api/games", json=SETUP, timeout=LIVE).json()
    gid, host = game["id"], game["host_token"]
    seat = {s["name"]: s["token"] for s in game["seats"]}

    def act(token: str, body: dict[str, Any]) -> None:
        r = requests.post(
            f"{url}/api/games/{gid}/actions", json=body, headers=auth(token), timeout=LIVE
        )
        assert r.status_code == 201, r.json()

    act(host, {"type": "next_turn"})
    act(seat[A], {"type": "take_license", "player": A, "market": "tuna"})
    r = requests.post(
        f"{url}/api/games/{gid}/auctions",
        json={"kind": "tuna", "owner": A},
        headers=auth(host),
        timeout=LIVE,
    )
    aid = r.json()["auction_id"]
    for name, amount in ((A, 300), (B, 700), (C, 500)):
        r = requests.post(
            f"{url}/api/games/{gid}/auctions/{aid}/bids",
            json={"amount": amount},
            headers=auth(seat[name]),
            timeout=LIVE,
        )
        assert r.status_code == 201, r.json()
    act(host, {"type": "next_turn"})
    act(host, {"type": "pay", "from": "supply", "to": B, "amount": 1100})
    act(host, {"type": "next_turn"})
    act(host, {"type": "end_game"})
    return game


def open_report(browser: Any, url: str, game: dict[str, Any], width: int, theme: str) -> Any:
    ctx = browser.new_context(
        viewport={"width": width, "height": 900},
        color_scheme=theme,
        is_mobile=width < 600,
        has_touch=width < 600,
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{url}/join/{game['host_token']}")
    page.goto(f"{url}/games/{game['id']}/report")
    page.wait_for_function(
        "() => document.querySelectorAll('canvas[data-chart]').length > 0 && "
        "[...document.querySelectorAll('canvas[data-chart]')].every(c => window.Chart && "
        "window.Chart.getChart(c))",
        timeout=LIVE,
    )
    return ctx, page, errors


@pytest.mark.parametrize(("width", "theme"), [(390, "dark"), (390, "light"), (1280, "dark")])
def test_the_report_pages_charts_render_with_no_console_error(
    browser: Any, live_server: Any, width: int, theme: str
) -> None:
    game = played(live_server.url)
    ctx, page, errors = open_report(browser, live_server.url, game, width, theme)
    try:
        charts = page.evaluate(CHARTS)
        assert [c[0] for c in charts] == ["score", "yen", "resources", "markets", "auctions"]
        by_id = {c[0]: c[1:] for c in charts}
        assert by_id["yen"][0] == 3 and by_id["yen"][1] == 3 * 4  # 3 players, 4 points
        assert by_id["score"][0] == 6  # the six steps of the final scoring
        assert by_id["auctions"] == [1, 1, True]  # Bo won the one auction
        assert all(c[3] for c in charts)  # every canvas has a size
        # Resources and a value track are counts: an axis of whole numbers from 0, never
        # "-0.2" or "0.9400000000000001" (a flat line had Chart.js draw one around it).
        ticks = page.evaluate(Y_TICKS)
        for chart in ("resources", "markets"):
            values = [v for v, _label in ticks[chart]]
            assert min(values) >= 0 and all(float(v).is_integer() for v in values), ticks[chart]
            assert all("." not in str(label) for _v, label in ticks[chart]), ticks[chart]
        assert errors == []
        assert_no_horizontal_scroll(page)
        assert_no_violations(page)
        # The numbers, one tap away: the Yen table opens and reads the same Yen.
        page.locator("#chart-yen summary").click()
        table = page.locator("#chart-yen table")
        assert table.is_visible()
        assert "¥2,000" in table.inner_text()
        assert_no_violations(page)
        assert_no_horizontal_scroll(page)
        assert errors == []
    finally:
        ctx.close()


#: Chromium's wake lock replaced by one that records its requests (headless Chromium may
#: refuse the real one), or removed, as on a plain-HTTP LAN address.
RECORD_WAKE_LOCK = """
window.__wake = [];
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {
  request: async (type) => { window.__wake.push(type);
    return {released: false, addEventListener() {}, release: async () => {}}; }}});
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock; delete navigator.wakeLock;"


@pytest.mark.parametrize("has_lock", [True, False])
def test_the_phone_stays_awake_or_says_how(browser: Any, live_server: Any, has_lock: bool) -> None:
    game = played(live_server.url)
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, color_scheme="dark"
    )
    ctx.add_init_script(RECORD_WAKE_LOCK if has_lock else NO_WAKE_LOCK)
    page = ctx.new_page()
    try:
        page.goto(f"{live_server.url}/join/{game['seats'][1]['token']}")
        assert page.evaluate("document.body.className") == "page-seat"
        hint = page.locator("#wake-hint")
        if has_lock:
            page.wait_for_function("() => window.__wake.length === 1", timeout=LIVE)
            assert page.evaluate("window.__wake") == ["screen"]
            assert hint.count() == 0
            return
        assert hint.is_visible()
        assert hint.inner_text().startswith("Keep this screen on")
        assert_no_violations(page, "#wake-hint")
        page.get_by_role("button", name="OK").click()
        assert hint.count() == 0
        page.reload()
        assert page.locator("#wake-hint").count() == 0  # dismissed for good on this phone
    finally:
        ctx.close()


def test_the_table_screen_links_the_charts_and_loads_no_chart_library(
    browser: Any, live_server: Any
) -> None:
    """Issue #16: the table screen's charts were 69 px wide; it links the report page,
    where they are drawn at a size a person reads, and loads no Chart.js itself."""
    url = live_server.url
    game = requests.post(f"{url}/api/games", json=SETUP, timeout=LIVE).json()
    gid, host = game["id"], game["host_token"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    page = ctx.new_page()
    loaded: list[str] = []
    page.on("request", lambda r: loaded.append(r.url))
    try:
        page.goto(f"{url}/join/{host}")
        # The report is one tap away in the table screen's top bar (#20).
        page.wait_for_selector("#report-link")
        assert not any("chart" in u for u in loaded), loaded
        assert page.locator("canvas").count() == 0
        page.locator("#report-link").click()
        page.wait_for_url(f"{url}/games/{gid}/report*")
        page.wait_for_function(
            "() => [...document.querySelectorAll('canvas[data-chart]')].some("
            "c => window.Chart && window.Chart.getChart(c) && c.clientWidth >= 280)",
            timeout=LIVE,
        )
    finally:
        ctx.close()


def test_a_game_file_imported_from_the_page_opens_its_table_screen(
    browser: Any, live_server: Any, tmp_path: Any
) -> None:
    url = live_server.url
    game = played(url)
    r = requests.get(
        f"{url}/api/games/{game['id']}/export", headers=auth(game["host_token"]), timeout=LIVE
    )
    good = tmp_path / "game.json"
    good.write_bytes(r.content)
    doc = r.json()
    doc["events"][1]["seq"] = 9
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/games/import")
        assert_no_violations(page)
        page.set_input_files("#import-file", str(bad))
        page.get_by_role("button", name="Import the game").click()
        alert = page.locator("#import-error .error")
        alert.wait_for(timeout=LIVE)
        assert "events[1]" in alert.inner_text()
        assert_no_violations(page)
        page.set_input_files("#import-file", str(good))
        with page.expect_navigation(url=re.compile(r"/games/[^/]+/table$"), timeout=LIVE):
            page.get_by_role("button", name="Import the game").click()
        new_id = page.url.rsplit("/", 2)[-2]
        assert new_id != game["id"]
        assert "table screen" in page.locator(".topbar").inner_text().lower()
        assert errors == []
    finally:
        ctx.close()
