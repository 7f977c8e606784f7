"""An auction nobody can miss, and a turn nobody misses (issue #16), in headless Chromium.

Three phones scrolled away from the top, the table screen opens an auction: each phone
that owes a bid brings its bid sheet into view, vibrates, says so in the tab's title
and to a screen reader; the reveal comes into view on every phone; the next turn's
player gets their guide in view the same way.
"""

from __future__ import annotations

from typing import Any

import pytest
import requests
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]

PLAYERS = ["Aiko", "Bo", "Chiyo"]

#: navigator.vibrate recorded (headless Chromium has no motor to run).
RECORD_VIBRATE = """
window.__buzz = 0;
Object.defineProperty(navigator, "vibrate", { value: () => { window.__buzz += 1; return true; } });
"""

IN_VIEW = """
(id) => {
  const el = document.getElementById(id);
  if (!el || el.hidden) return false;
  const r = el.getBoundingClientRect();
  return r.top >= -1 && r.top < window.innerHeight;
}
"""


def api(base: str, path: str, token: str, body: Any) -> Any:
    r = requests.post(
        base + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert r.status_code in (200, 201), r.text
    return r.json()


def test_an_auction_a_reveal_and_a_turn_come_into_view(
    live_server: Any, screen: Any, phone: Any
) -> None:
    base = live_server.url
    r = requests.post(
        f"{base}/api/games",
        json={
            "players": PLAYERS,
            "money": "open",
            "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        timeout=10,
    )
    game = r.json()
    gid, host = game["id"], game["host_token"]
    table = screen()
    table.goto(f"{base}/join/{host}")
    phones: dict[str, Any] = {}
    for seat in game["seats"]:
        page = phone()
        page.add_init_script(RECORD_VIBRATE)
        page.goto(seat["join_url"])
        page.wait_for_function("window.tsukijiLive && window.tsukijiLive.streamUp()")
        phones[seat["name"]] = page
    api(base, f"/api/games/{gid}/actions", host, {"type": "next_turn"})
    titles = {name: "" for name in phones}
    for name, page in phones.items():
        page.wait_for_function(
            "() => document.getElementById('live-state').dataset.version === '1'"
        )
        titles[name] = page.title().removeprefix("● Your turn — ")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert not page.evaluate(IN_VIEW, "bid-sheet")

    opened = api(
        base,
        f"/api/games/{gid}/auctions",
        host,
        {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
    )
    aid = opened["auction_id"]
    for name, page in phones.items():
        page.wait_for_function(
            "() => document.getElementById('live-state').dataset.bid !== ''", timeout=LIVE
        )
        page.wait_for_function(IN_VIEW, arg="bid-sheet", timeout=LIVE)
        assert page.title() == f"● Your bid is needed — {titles[name]}", name
        assert page.locator("#attention").inner_text() == "Your bid is needed"
        assert page.evaluate("window.__buzz") >= 1, name
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")

    for i, name in enumerate(PLAYERS):
        token = next(s["token"] for s in game["seats"] if s["name"] == name)
        api(base, f"/api/games/{gid}/auctions/{aid}/bids", token, {"amount": 100 * (i + 1)})
    for name, page in phones.items():
        page.wait_for_function(
            "() => /revealed|settled/.test(document.getElementById('auction').dataset.status)",
            timeout=LIVE,
        )
        page.wait_for_function(IN_VIEW, arg="auction", timeout=LIVE)
        assert not page.title().startswith("● Your bid"), name

    # Aiko ends her turn: Bo's phone, scrolled away, brings his turn into view.
    bo = phones["Bo"]
    bo.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    buzzed = bo.evaluate("window.__buzz")
    api(base, f"/api/games/{gid}/actions", host, {"type": "next_turn"})
    bo.wait_for_function(IN_VIEW, arg="turn-guide-wrap", timeout=LIVE)
    assert bo.title() == f"● Your turn — {titles['Bo']}"
    assert bo.evaluate("window.__buzz") > buzzed
    assert bo.locator("#turn-guide-title").inner_text().startswith("Your turn")
    assert not phones["Aiko"].title().startswith("●")
