"""A section a player opened on their phone stays open when a live update redraws it."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from playwright.sync_api import expect


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


def test_opened_sections_survive_live_updates(live_server, phone):
    base = live_server.url
    game = requests.post(f"{base}/api/games", json={"players": ["Aiko", "Bo"]}, timeout=10).json()
    host = {"Authorization": f"Bearer {game['host_token']}"}
    page = phone()
    page.goto(f"{base}/join/{game['seats'][0]['token']}")
    page.evaluate("window.__marker = 1")
    table = page.locator("details[data-keep='phone-table']")
    history = page.locator("details[data-keep='phone-history']")
    table.locator("summary").click()
    expect(table).to_have_attribute("open", "")

    with requests.Session() as s:
        r = s.post(
            f"{base}/api/games/{game['id']}/actions",
            headers=host,
            timeout=10,
            json={"type": "pay", "from": "supply", "to": "Aiko", "amount": 500},
        )
        assert r.status_code == 201
    # The update arrived (Aiko's Yen changed) and the opened section is still open,
    # the closed one still closed.
    expect(page.locator("#my-yen")).to_have_text("¥2,500", timeout=10_000)
    expect(table).to_have_attribute("open", "")
    expect(history).not_to_have_attribute("open", "")
    assert page.evaluate("window.__marker") == 1
