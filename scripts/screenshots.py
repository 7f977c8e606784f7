#!/usr/bin/env python
"""Screenshots of the turn guide on a phone, for the README (issue #8).

    python scripts/screenshots.py [--out docs/screenshots]

Starts the real server (``python -m companion serve``, as tests/support.py does, on a free
port and a temporary database), sets a 3-player game up through the JSON API, plays to
Aiko's second turn (3 Tuna barrels at sea, Bo's Mackerel barrel for sale) and drives
Aiko's phone — Debian's Chromium through Playwright, headless, 390×844 portrait — to
save:

- ``turn-start.png``: "Your turn — 2 AP" and its three choices;
- ``turn-markets.png``: the market grid with what each costs to enter now;
- ``turn-visit.png``: a visit to Eel selling 2 Eel, with the preview (licence payouts);
- ``turn-purchasing.png``: Bo's Harbor, a barrel picked, the preview;
- ``turn-fishing.png``: unloading the 3 Tuna barrels, the preview opening a Tuna auction.

Only 127.0.0.1 is contacted; every wait is bounded. Playwright and Chromium are the ones
the browser tests use (``apt-get install chromium``; ``pip install playwright``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support import start_server  # noqa: E402  (tests/ on the path above)

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}
#: Bounded waits (ms): a generous upper bound, never a measurement.
WAIT = 15_000


class Api:
    def __init__(self, url: str) -> None:
        r = requests.post(f"{url}/api/games", json=SETUP, timeout=10)
        r.raise_for_status()
        body = r.json()
        self.url, self.id, self.host = url, body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}

    def act(self, **action: Any) -> None:
        r = requests.post(
            f"{self.url}/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
            timeout=10,
        )
        if r.status_code != 201:
            raise RuntimeError(f"{action['type']} refused: {r.json()}")


def play_to_the_turn(api: Api) -> None:
    """Aiko's second turn: 3 Eel tokens, 3 Tuna barrels at sea; Bo and Chiyo hold Eel
    licences; Bo has a Mackerel barrel for sale at ¥200."""
    api.act(type="gain_fish", player=A, fish="eel", count=3)
    api.act(type="take_license", player=B, market="eel", count=1, pay=False)
    api.act(type="take_license", player=C, market="eel", count=2, pay=False)
    api.act(type="take_license", player=A, market="tuna", count=3, pay=False)
    api.act(type="next_turn")
    api.act(type="fishing", player=A, caught={"tuna": 3})
    api.act(type="next_turn")
    api.act(type="fishing", player=B, caught={"mackerel": 1})
    api.act(
        type="fishing",
        player=B,
        unloaded={"mackerel": 1},
        for_sale=[{"fish": "mackerel", "price": 200}],
    )
    api.act(type="next_turn")
    api.act(type="next_turn")


def shoot(out: Path) -> list[Path]:
    from playwright.sync_api import expect, sync_playwright

    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "screens.sqlite3")
        try:
            api = Api(server.url)
            play_to_the_turn(api)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                ctx = browser.new_context(
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                    has_touch=True,
                )
                page = ctx.new_page()
                page.set_default_timeout(WAIT)
                # The "Recorded: …" notice floats over the page for a few seconds: keep it
                # out of the pictures.
                page.add_init_script(
                    "document.addEventListener('DOMContentLoaded', () => {"
                    " const s = document.createElement('style');"
                    " s.textContent = '#flash { visibility: hidden !important; }';"
                    " document.head.append(s); });"
                )
                page.goto(f"{api.url}/join/{api.tokens[A]}")
                guide = page.locator("#turn-guide")
                expect(guide).to_contain_text("Your turn — 2 AP")

                def save(name: str, element: bool = True) -> None:
                    path = out / name
                    page.wait_for_timeout(300)  # let a swap settle before the picture
                    if element:
                        guide.screenshot(path=str(path), animations="disabled")
                    else:
                        page.evaluate(
                            "document.getElementById('turn-guide').scrollIntoView({block: 'start'})"
                        )
                        page.screenshot(path=str(path), animations="disabled")
                    saved.append(path)

                save("turn-start.png", element=False)
                guide.get_by_role("button", name="Markets").click()
                expect(guide.locator(".turn-tiles")).to_be_visible()
                save("turn-markets.png")

                guide.get_by_role("button", name="Eel", exact=False).first.click()
                more = guide.get_by_role("button", name="Sell Eel: more")
                more.click()
                more.click()
                expect(guide.locator("#turn-preview")).to_contain_text("Aiko sells 2 Eel")
                save("turn-visit.png")
                guide.get_by_role("button", name="Confirm").click()
                expect(guide).to_contain_text("Your turn — 1 AP")

                guide.get_by_role("button", name="Purchasing").click()
                guide.locator(".turn-chip").first.click()
                expect(guide.locator("#turn-preview")).to_contain_text("In all you pay")
                save("turn-purchasing.png")

                guide.get_by_role("button", name="Fishing").click()
                more = guide.get_by_role("button", name="Tuna barrels unloaded: more")
                for _ in range(3):
                    more.click()
                expect(guide.locator("#turn-preview")).to_contain_text("Tuna auction 1 of 1")
                save("turn-fishing.png")
                browser.close()
        finally:
            server.stop()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for path in shoot(args.out):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
