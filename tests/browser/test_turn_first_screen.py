"""Issue #20: the active player's path needs no scroll, in English and in Japanese (whose
costs are longer words). On a phone at 390×844, at the start of my turn, the guide's head
(End my turn and my AP), its four choices and every tile of the Markets grid (the game of
bench/table_play.py: five fish markets, four external; and six players' six fish markets
and five external) are wholly on the first screen, the page not scrolled; a cost never
breaks inside a word to get there."""

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


NAMES = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumio"]
SETUPS = {
    4: {
        "players": NAMES[:4],
        "seed": 20,
        "money": "open",
        "fish_markets": ["mackerel", "eel", "squid", "tuna", "octopus"],
        "external_markets": ["ships", "bank", "government", "auction"],
    },
    6: {
        "players": NAMES,
        "seed": 20,
        "money": "open",
        "fish_markets": ["mackerel", "eel", "squid", "tuna", "octopus", "fugu"],
        "external_markets": ["ships", "bank", "government", "auction", "rentals"],
    },
}

BOXES = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.innerText.split('\\n')[0], top: r.top, bottom: r.bottom, left: r.left,
          right: r.right, h: innerHeight, w: innerWidth};
})"""


@pytest.mark.parametrize("n", [4, 6])
@pytest.mark.parametrize("locale", ["en-US", "ja-JP"])
def test_the_whole_turn_is_on_the_first_screen(
    live_server: Any, phone: Any, locale: str, n: int
) -> None:
    base = live_server.url
    setup = SETUPS[n]
    body = requests.post(f"{base}/api/games", json=setup, timeout=10).json()
    requests.post(
        f"{base}/api/games/{body['id']}/actions",
        json={"type": "next_turn"},
        headers={"Authorization": f"Bearer {body['host_token']}"},
        timeout=10,
    ).raise_for_status()
    aiko = phone(locale=locale)
    aiko.goto(body["seats"][0]["join_url"])
    aiko.wait_for_selector("#turn-panel .turn-tile", timeout=LIVE)
    assert aiko.evaluate("document.documentElement.lang") == locale[:2]
    assert aiko.evaluate("scrollY") == 0
    tiles = aiko.evaluate(BOXES, "#turn-panel .turn-tile")
    assert len(tiles) == len(setup["fish_markets"]) + len(setup["external_markets"]), tiles
    targets = [
        *aiko.evaluate(BOXES, "#btn-next-turn, #turn-guide-title, #turn-guide .turn-choice"),
        *tiles,
        *aiko.evaluate(BOXES, "#turn-panel .rules-link"),
    ]
    off = [
        t
        for t in targets
        if not (t["top"] >= 0 and t["bottom"] <= t["h"] and t["left"] >= 0 and t["right"] <= t["w"])
    ]
    assert not off, off
    # Each tile says what entering costs, whole (アクションポイント1点, never split
    # inside its katakana); End my turn and the AP are in the guide's head.
    assert all(t["text"] for t in tiles), tiles
    head = aiko.locator("#turn-guide .turn-head").inner_text()
    assert ("アクションポイント2点" if locale == "ja-JP" else "2 AP") in head, head
