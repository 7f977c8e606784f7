"""The page holds still under a tapping thumb (static/game.js ``confirmInView``).

A preview answers each tap on the turn guide, and when its Confirm is below the screen
the page moves up to show it. On a slow network a preview comes back between two taps;
had the page moved then, the second tap would land on whatever slid under it (a stepper's
+ pressed twice sold one, not two: a flaky failure of test_turn_browser.py under load).
The page moves once the taps have paused. The page's clock is Playwright's, so the pause
is the page's own timer run forward, not a race against the machine's speed.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import LIVE
from test_turn_browser import A, Api, B, C

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): the
    test makes its own board game through the API and reads nothing else the server keeps."""
    return browser_server


#: The Confirm's box: wholly on the screen.
CONFIRM_IN_VIEW = """() => { const c = document.querySelector('#turn-guide .turn-confirm');
  const r = c.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"""


def test_a_preview_between_two_taps_leaves_the_page_still_until_the_taps_pause(
    live_server: Any, phone: Any
) -> None:
    from playwright.sync_api import expect

    api = Api(live_server.url)
    api.act(type="gain_fish", player=A, fish="eel", count=3)
    api.act(type="take_license", player=B, market="eel", count=1, pay=False)
    api.act(type="take_license", player=C, market="eel", count=2, pay=False)
    api.act(type="next_turn")  # Aiko's turn (Chiyo starts this game)
    page = phone()
    page.clock.install()  # the page's timers are Playwright's: they run as time flows
    page.goto(f"{api.url}/join/{api.tokens[A]}")
    guide = page.locator("#turn-guide")
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Eel")).click()
    more = guide.get_by_role("button", name="Sell Eel: more")
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("A visit must do something", timeout=LIVE)  # the load's
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling')")
    # From here the page's time moves only when the test runs it forward.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    before = page.evaluate("scrollY")

    more.click()
    expect(preview).to_contain_text("Aiko sells 1 Eel for ¥", timeout=LIVE)
    page.clock.run_for(100)  # the preview settles, its frame is drawn: 0.1 s after the tap
    # The page holds still, though its Confirm is below the screen now (the preview grew).
    assert page.evaluate("scrollY") == before, "the page moved under the thumb"
    assert not page.evaluate(CONFIRM_IN_VIEW)

    more.click()  # the second tap lands on the + it aimed at
    expect(preview).to_contain_text("Aiko sells 2 Eel for ¥", timeout=LIVE)
    page.clock.run_for(100)
    assert page.evaluate("scrollY") == before

    page.clock.run_for(1000)  # the taps have paused: the Confirm comes into view
    assert page.evaluate("scrollY") > before
    assert page.evaluate(CONFIRM_IN_VIEW)
