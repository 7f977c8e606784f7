"""A real Chromium reads the live stream compressed (issue #7), against the real server.

Chromium asks for gzip on its EventSource request; the server answers the stream gzip-
encoded, flushed after every event, and each update still reaches the page at once: a
payment, a seal, the reveal, on two phones and the table screen.
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


def api(base: str, path: str, token: str, body: dict[str, Any]) -> Any:
    r = requests.post(
        base + path, json=body, headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    assert r.status_code in (200, 201), (r.status_code, r.text)
    return r.json()


def record_streams(page) -> list[dict[str, Any]]:
    """The live-stream responses ``page`` receives, with the headers of each (its request
    as Chromium sent it, and the answer)."""
    seen: list[dict[str, Any]] = []

    def on_response(response) -> None:
        if "/stream" in response.url:
            seen.append(
                {
                    "url": response.url,
                    "asked": response.request.all_headers().get("accept-encoding", ""),
                    "headers": response.all_headers(),
                }
            )

    page.on("response", on_response)
    return seen


def test_chromium_gets_the_live_stream_gzipped_and_every_update_arrives(live_server, phone, screen):
    from playwright.sync_api import expect

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
    assert r.status_code == 201, r.text
    game = r.json()
    host = game["host_token"]

    pages, streams = {}, {}
    for seat in game["seats"][:2]:
        page = phone()
        streams[seat["name"]] = record_streams(page)
        page.goto(seat["join_url"])
        expect(page.locator("#live .me h1")).to_have_text(seat["name"])
        pages[seat["name"]] = page
    table = screen()
    streams["table"] = record_streams(table)
    table.goto(f"{base}/join/{host}")
    expect(table.locator("#live #turn")).to_be_visible()

    aiko, bo = pages["Aiko"], pages["Bo"]
    # A payment recorded elsewhere reaches both phones and the table screen.
    api(
        base,
        f"/api/games/{game['id']}/actions",
        host,
        {"type": "pay", "from": "supply", "to": "Bo", "amount": 700},
    )
    expect(bo.locator("#my-yen")).to_have_text("¥2,700", timeout=LIVE)
    expect(aiko.locator('#live [data-yen="Bo"]')).to_have_text("¥2,700", timeout=LIVE)
    expect(table.locator('#live [data-yen="Bo"]')).to_have_text("¥2,700", timeout=LIVE)
    # ... through a gzip-encoded stream, which Chromium asked for.
    for name, seen in streams.items():
        assert seen, f"{name}: no stream response"
        got = seen[-1]
        assert "gzip" in got["asked"], (name, got)
        assert got["headers"].get("content-encoding") == "gzip", (name, got)
        assert got["headers"].get("content-type", "").startswith("text/event-stream"), got

    # An auction: a seal shows on the other phone, the reveal everywhere.
    a = api(
        base,
        f"/api/games/{game['id']}/auctions",
        host,
        {"kind": "tuna", "owner": "Chiyo", "drawn": "tuna:20"},
    )
    aid = a["auction_id"]
    expect(aiko.locator(f"#bid-form-{aid}")).to_be_visible(timeout=LIVE)
    bids = f"/api/games/{game['id']}/auctions/{aid}/bids"
    tokens = {s["name"]: s["token"] for s in game["seats"]}
    api(base, bids, tokens["Bo"], {"amount": 500})
    expect(aiko.locator("#auction .bid-status .badge.good")).to_have_text(["✓ Bo"], timeout=LIVE)
    api(base, bids, tokens["Aiko"], {"amount": 300})
    api(base, bids, tokens["Chiyo"], {"amount": 200})  # the last seal reveals the bids
    for page in (aiko, bo, table):
        expect(page.locator(f'#auction[data-auction="{aid}"]')).to_have_attribute(
            "data-status", re.compile("revealed|settled"), timeout=LIVE
        )
        expect(page.locator('#auction tr[data-bidder="Bo"] .amount')).to_have_text("¥500")
