"""Issue #20: my turn comes first. On my phone, when it is my turn, the turn guide is the
first thing on the screen, "End my turn" right after it; after a Confirm the guide's next
step is in view again, wherever the page was scrolled. On another player's phone the
order is as before (my own card first)."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from browser_support import LIVE

pytestmark = pytest.mark.slow


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]

BOX = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, h: innerHeight, y: scrollY}; }"""


def in_view(page: Any, sel: str) -> bool:
    b = page.evaluate(BOX, sel)
    return bool(b["top"] >= 0 and b["bottom"] <= b["h"])


def test_the_guide_comes_first_and_stays_in_view_after_confirm(
    live_server: Any, phone: Any
) -> None:
    base = live_server.url
    body = requests.post(
        f"{base}/api/games",
        json={
            "players": NAMES,
            "seed": 3,
            "fish_markets": ["mackerel", "eel", "squid", "tuna", "octopus"],
            "external_markets": ["ships", "bank", "government", "auction"],
        },
        timeout=10,
    ).json()
    requests.post(
        f"{base}/api/games/{body['id']}/actions",
        json={"type": "next_turn"},
        headers={"Authorization": f"Bearer {body['host_token']}"},
        timeout=10,
    ).raise_for_status()
    aiko = phone()
    aiko.goto(body["seats"][0]["join_url"])
    aiko.wait_for_selector("#turn-guide .turn-choices", timeout=LIVE)
    # First on the screen: the guide's head and its choices, then End my turn, then my card.
    guide = aiko.evaluate(BOX, "#turn-guide")
    assert guide["y"] == 0 and guide["top"] < 120, guide
    assert in_view(aiko, "#turn-guide .turn-choices"), aiko.evaluate(
        BOX, "#turn-guide .turn-choices"
    )
    assert in_view(aiko, "#btn-next-turn")
    order = aiko.evaluate(
        "() => ['#turn-guide', '#btn-next-turn', '#me']"
        ".map(s => document.querySelector(s).getBoundingClientRect().top)"
    )
    assert order == sorted(order), order

    # A Bank visit: its panel comes into view, Confirm, and the guide's next step is back.
    # The guide opens on the Markets grid (#20), and one loan is filled in at the Bank.
    aiko.locator("#turn-panel button", has_text="Bank").first.click()
    aiko.locator("#turn-panel button", has_text="+").first.wait_for(timeout=LIVE)
    assert aiko.locator("#f-loans").input_value() == "1"
    confirm = aiko.locator(".turn-confirm")
    confirm.scroll_into_view_if_needed()
    assert aiko.evaluate("scrollY") > 0  # the Confirm was below the first screen
    confirm.click()
    aiko.locator("#turn-guide .turn-choices").wait_for(timeout=LIVE)
    aiko.wait_for_function(
        "() => { const r = document.querySelector('#turn-guide .turn-choices')"
        ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }",
        timeout=LIVE,
    )
    assert in_view(aiko, "#turn-guide-title")
    aiko.wait_for_function(
        "() => document.querySelector('#history').textContent.includes('took 1 loan')",
        timeout=LIVE,
    )

    # Bo's phone, not his turn: his own card comes before the guide.
    bo = phone()
    bo.goto(body["seats"][1]["join_url"])
    bo.wait_for_selector("#turn-guide", timeout=LIVE)
    tops = bo.evaluate(
        "() => ['#me', '#turn-guide']"
        ".map(s => document.querySelector(s).getBoundingClientRect().top)"
    )
    assert tops[0] < tops[1], tops
