"""A phone whose live stream is down keeps its page current by asking for it (issue #23's
fallback, static/live.js): an action's answer asks at once, and an ask that comes while
another is out is asked again, so the page never settles on an answer older than the
action. In headless Chromium against the real server, the page's timers on Playwright's
clock (held: nothing but the asks themselves may bring the page up to date)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
import requests
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server: this module makes its own game and writes nothing
    the server keeps across games."""
    return browser_server


START = 1_800_000_000_000  # the page's clock, in ms


def ends_with(part: str) -> Any:
    return lambda url: urlsplit(url).path.endswith(part)


def test_an_ask_while_one_is_out_is_asked_again(live_server: Any, phone: Any) -> None:
    base = live_server.url
    game = requests.post(
        f"{base}/api/games", json={"players": ["Aiko", "Bo"], "money": "open"}, timeout=10
    ).json()
    gid, host = game["id"], game["host_token"]
    page = phone()
    page.clock.install(time=START)
    page.clock.pause_at(START + 1000)  # no timer of the page fires unless a test runs it
    # No stream slot for this phone: it falls back to asking for #live.
    page.route(
        ends_with("/stream"),
        lambda route: route.fulfill(
            status=503, body="retry: 15000\n\n", headers={"Retry-After": "15"}
        ),
    )
    held: list[Any] = []
    asks = []

    def first_ask_late(route: Any) -> None:
        asks.append(route.request.url)
        if len(asks) > 1:
            route.continue_()
        else:  # the first ask reaches the server now; its answer is held back
            held.append((route, route.fetch()))

    page.route(ends_with("/live"), first_ask_late)
    page.goto(game["seats"][0]["join_url"])
    while not held:
        page.wait_for_timeout(50)
    paid = requests.post(
        f"{base}/api/games/{gid}/actions",
        json={"type": "pay", "from": "supply", "to": "Aiko", "amount": 1000},
        headers={"Authorization": f"Bearer {host}"},
        timeout=10,
    )
    assert paid.status_code == 201, paid.text
    seq = paid.json()["seq"]
    # An action's answer asks for #live (HX-Trigger: live-poll) while the first ask is out.
    page.evaluate("document.body.dispatchEvent(new Event('live-poll'))")
    route, answer = held.pop()
    assert f'data-version="{seq}"' not in answer.text()  # the first answer is older
    route.fulfill(response=answer)
    from playwright.sync_api import expect

    expect(page.locator("#live-state")).to_have_attribute("data-version", str(seq), timeout=LIVE)
    assert len(asks) == 2
