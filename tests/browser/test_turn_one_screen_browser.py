"""Issue #20's smaller points in Chromium, against the real server: a licence count typed
past its limit is refused on the spot with the reason, and the preview then shows what
Confirm records; "End my turn" with AP left asks first, and a dismissed question ends
nothing; ticking a market on the New game page chooses the markets by hand and the tick
stays."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import LIVE
from test_turn_browser import Api

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["government", "bank", "ships"],
}


def licences(api: Api, market: str) -> int:
    me = next(p for p in api.state()["players"] if p["name"] == A)
    return int({x["market"]: x["count"] for x in me["licenses"]}.get(market, 0))


def open_phone(make: Any, api: Api, name: str) -> Any:
    page = make()
    page.goto(f"{api.url}/join/{api.tokens[name]}")
    page.wait_for_selector("#turn-guide")
    return page


def test_a_count_past_its_limit_is_refused_on_the_spot_and_the_preview_is_confirm(
    live_server: Any, phone: Any
) -> None:
    api = Api(live_server.url, SETUP)
    api.act(type="next_turn")
    page = open_phone(phone, api, A)
    page.click("#turn-guide .turn-choice:has-text('Markets')")
    page.click(".turn-tile:has-text('Mackerel')")
    field = page.locator("#f-licenses")
    field.wait_for()
    before = licences(api, "mackerel")
    field.fill("2")  # the typing: max 1
    why = page.locator("#f-licenses-why")
    why.wait_for(state="visible")
    assert why.inner_text() == "No more than 1 here."
    assert field.input_value() == "1"
    assert field.get_attribute("aria-invalid") == "true"
    page.wait_for_function(
        "() => /licence/i.test(document.getElementById('turn-preview').innerText)"
    )
    preview = page.locator("#turn-preview").inner_text()
    assert "at most" not in preview  # no refusal: the preview is of 1 licence
    # The + beyond the limit says the same; the value stays.
    page.click("button[aria-controls='f-licenses'][data-step='1']")
    assert field.input_value() == "1" and why.is_visible()
    page.click(".turn-confirm")
    page.wait_for_function(
        "() => !document.getElementById('turn-visit')", timeout=10_000
    )  # the guide came back: recorded
    assert licences(api, "mackerel") == before + 1


def test_ending_my_turn_with_ap_left_asks_first(live_server: Any, phone: Any) -> None:
    api = Api(live_server.url, SETUP)
    api.act(type="next_turn")
    page = open_phone(phone, api, A)
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page.click("#btn-next-turn")
    page.wait_for_timeout(500)
    assert asked == ["Aiko has 2 AP left — end the turn anyway?"]
    assert api.state()["turn"]["current"] == A
    page.remove_listener("dialog", dismiss)
    page.once("dialog", lambda d: d.accept())
    page.click("#btn-next-turn")
    page.wait_for_function("() => document.getElementById('turn-controls').hidden", timeout=10_000)
    assert api.state()["turn"]["current"] == B


def test_ticking_a_market_on_the_new_game_page_keeps_it(live_server: Any, phone: Any) -> None:
    page = phone()
    page.goto(f"{live_server.url}/games/new")
    page.fill("input[name=player] >> nth=0", A)
    page.fill("input[name=player] >> nth=1", B)
    page.wait_for_selector("#markets input[name=fish_market]")
    manual = page.locator("#markets input[name=manual]")
    assert not manual.is_checked()
    off = page.locator("#markets input[name=fish_market]:not(:checked)").first
    market = off.get_attribute("value")
    # The preview's answer to the form with the tick (after its 200 ms delay), swapped
    # in: htmx's settle of a request whose form data holds the ticked market.
    page.evaluate(
        """m => { window.__ticked = 0; document.body.addEventListener('htmx:afterSettle', e => {
            const c = e.detail.requestConfig;
            if (c && c.path.endsWith('/games/preview') && c.formData
                && c.formData.getAll('fish_market').includes(m)) window.__ticked += 1; }); }""",
        market,
    )
    off.check()
    page.wait_for_function("() => window.__ticked > 0", timeout=LIVE)
    assert page.locator("#markets input[name=manual]").is_checked()
    ticked = page.locator(f"#markets input[name=fish_market][value={market}]")
    assert ticked.is_checked(), re.sub(r"\s+", " ", page.locator("#markets").inner_text())


def test_the_table_screens_next_turn_stops_asking_once_the_ap_are_spent(
    live_server: Any, phone: Any
) -> None:
    api = Api(live_server.url, SETUP)
    api.act(type="gain_fish", player=A, fish="eel", count=2)
    api.act(type="next_turn")
    table = phone()
    table.goto(f"{api.url}/join/{api.host}")
    button = table.locator("#btn-next-turn")
    button.wait_for()
    assert button.get_attribute("hx-confirm") == "Aiko has 2 AP left — end the turn anyway?"
    for _ in range(2):  # the stream brings each change to the open page
        api.act(type="visit", player=A, market="eel", entry="ap", sell={"eel": 1})
    table.wait_for_function(
        "() => !document.getElementById('btn-next-turn').hasAttribute('hx-confirm')",
        timeout=10_000,
    )
    asked: list[str] = []
    table.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    button.click()
    # Taken at once; then Bo's turn, with 2 AP, asks again.
    table.wait_for_function(
        "() => (document.getElementById('btn-next-turn').getAttribute('hx-confirm') || '')"
        ".startsWith('Bo has 2 AP left')",
        timeout=10_000,
    )
    assert asked == [] and api.state()["turn"]["current"] == B
