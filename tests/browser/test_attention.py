"""An auction nobody can miss, and a turn nobody misses (issue #16), in headless Chromium.

Three phones scrolled away from the top, the table screen opens an auction: each phone
that owes a bid brings its bid sheet into view, vibrates, says so in the tab's title
and to a screen reader; the reveal comes into view on every phone (the active player's
as a message, her guide staying in view, #20); the next turn's
player gets their guide in view the same way.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


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
        if name == "Aiko":
            # Her turn goes on (#20): her guide's head (End my turn) stays in view, and
            # the result comes as the message at the bottom.
            page.wait_for_function(
                "() => /Bids revealed/.test(document.getElementById('flash').innerText)",
                timeout=LIVE,
            )
            assert page.evaluate(IN_VIEW, "btn-next-turn"), name
        else:
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


def test_a_visit_being_filled_in_survives_an_auction_opened_by_the_table(
    live_server: Any, phone: Any
) -> None:
    """The turn guide is sent again only when the turn, its phase or its AP move: an
    auction opened (and settled) by the table leaves Aiko's half-filled Eel sale alone."""
    base = live_server.url
    game = requests.post(
        f"{base}/api/games",
        json={
            "players": PLAYERS,
            "seed": 5,
            "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        timeout=10,
    ).json()
    gid, host = game["id"], game["host_token"]
    tokens = {s["name"]: s["token"] for s in game["seats"]}
    api(
        base,
        f"/api/games/{gid}/actions",
        host,
        {"type": "gain_fish", "player": "Aiko", "fish": "eel", "count": 3},
    )
    api(base, f"/api/games/{gid}/actions", host, {"type": "next_turn"})
    aiko = phone()
    aiko.goto(f"{base}/join/{tokens['Aiko']}")
    aiko.wait_for_function("window.tsukijiLive && window.tsukijiLive.streamUp()")
    guide = aiko.locator("#turn-guide")
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Eel")).click()
    more = guide.get_by_role("button", name="Sell Eel: more")
    more.click()
    more.click()
    field = aiko.locator("#" + (more.get_attribute("aria-controls") or ""))
    aiko.wait_for_function(
        "() => document.querySelector('#turn-preview').textContent.includes('Eel')"
    )
    typed = field.input_value()
    assert typed == "2"
    lot = {"kind": "spider_crab", "owner": "Bo"}
    opened = api(base, f"/api/games/{gid}/auctions", host, lot)
    aiko.wait_for_function(
        "() => document.getElementById('live-state').dataset.auction !== ''", timeout=LIVE
    )
    # Bo outbids the others: the auction settles (a tie would wait for Bo's choice, and
    # until then Aiko's guide says the auction comes first, her visit kept out of sight).
    for name in PLAYERS:
        api(
            base,
            f"/api/games/{gid}/auctions/{opened['auction_id']}/bids",
            tokens[name],
            {"amount": 100 if name == "Bo" else 0},
        )
    aiko.wait_for_function(
        "() => document.getElementById('live-state').dataset.held === ''", timeout=LIVE
    )
    assert guide.get_by_role("button", name="Sell Eel: more").count() == 1
    assert field.input_value() == typed
