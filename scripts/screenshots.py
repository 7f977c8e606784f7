#!/usr/bin/env python
"""Screenshots for the README's tour: the turn guide on a phone (issue #8), the card game
and the Tokyo Jutaku calculator (issue #10).

    python scripts/screenshots.py [--out docs/screenshots] [--only turn|cards|report] [--lang ja]

Starts the real server (``python -m companion serve``, as tests/support.py does, on a free
port and a temporary database), sets a 3-player game up through the JSON API, plays to
Aiko's fourth turn (3 Tuna barrels at sea, Bo's Mackerel barrel for sale) and drives
Aiko's phone — Debian's Chromium through Playwright, headless, 390×844 portrait — to
save:

- ``turn-start.png``: "Your turn — 2 AP" with End my turn in its head, its choices and
  the market grid it opens on (#20: a market is one tap);
- ``turn-markets.png``: the market grid with what each costs to enter now;
- ``turn-visit.png``: a visit to Eel selling 2 Eel, with the preview (licence payouts);
- ``turn-purchasing.png``: Bo's Harbor, a barrel picked, the preview;
- ``turn-fishing.png``: docking the ship with the 3 Tuna barrels, the preview opening a
  Tuna auction (her last AP: "Confirm and end my turn" is offered only when no auction
  opens, so here Confirm alone);
- ``table.png``: the table screen (1280×800) during that turn: every player's card, the
  markets, whose turn it is, the last entry, History and Undo at once (issue #20).

Then Tsukiji Market, the card game, with the host's 18 cards defined on the server (the
table screen at 1280×900, the phones as above):

- ``cards-fingers.png``: a phone's four finger buttons for the WA-SA-BI bid;
- ``cards-pick.png``: the winner's phone after the reveal, each card that can be on the
  Scale one tap;
- ``cards-table.png``: the table screen after a few rounds (the Scale, the scores, the
  history);
- ``jutaku.png``: the Tokyo Jutaku exit calculator on a phone, one exit's payout.

Only 127.0.0.1 is contacted; every wait is bounded. Playwright and Chromium are the ones
the browser tests use (``apt-get install chromium``; ``pip install playwright``).
"""

from __future__ import annotations

import argparse
import os
import re
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
#: A phone, as every picture of one is taken: 390×844 portrait, touch, at twice its pixels.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


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
    """Aiko's fourth turn: 3 Eel tokens, 3 Tuna barrels at sea on her Three-slot ship;
    Bo and Chiyo hold Eel licences; Bo has a Mackerel barrel for sale at ¥200. Boats are
    placed (issue #19): a ship leaves port in one Fishing action, catches one barrel in
    each of the next, and docks to unload."""
    api.act(type="gain_fish", player=A, fish="eel", count=3)
    api.act(type="take_license", player=B, market="eel", count=1, pay=False)
    api.act(type="take_license", player=C, market="eel", count=2, pay=False)
    api.act(type="take_license", player=A, market="tuna", count=3, pay=False)
    # Everyone starts with a one-slot ship (setup.md §4): Aiko's three barrels need a
    # three-slot one (b2), swapped in as a correction.
    api.act(type="return_boat", player=A, boat="one_slot")
    api.act(type="take_boat", player=A, boat="three_slot", pay=False)
    tuna = [{"boat": "b2", "do": "catch", "fish": "tuna"}]
    api.act(type="next_turn")  # Aiko
    api.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    api.act(type="next_turn")  # Bo
    api.act(type="fishing", player=B, boats=[{"boat": "b1", "do": "undock"}])
    api.act(type="next_turn")  # Chiyo
    api.act(type="next_turn")  # Aiko
    api.act(type="fishing", player=A, boats=tuna)
    api.act(type="fishing", player=A, boats=tuna)
    api.act(type="next_turn")  # Bo
    api.act(type="fishing", player=B, boats=[{"boat": "b1", "do": "catch", "fish": "mackerel"}])
    api.act(type="next_turn")  # Chiyo
    api.act(type="next_turn")  # Aiko
    api.act(type="fishing", player=A, boats=tuna)
    api.act(type="next_turn")  # Bo
    api.act(
        type="fishing",
        player=B,
        boats=[{"boat": "b1", "do": "dock", "at": "leftmost"}],
        for_sale=[{"fish": "mackerel", "price": 200}],
    )
    api.act(type="next_turn")  # Chiyo
    api.act(type="next_turn")  # Aiko


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
                ctx = browser.new_context(**PHONE)
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
                expect(guide.locator(".turn-tiles").first).to_be_visible()
                save("turn-markets.png")

                guide.get_by_role("button", name="Eel", exact=False).first.click()
                more = guide.get_by_role("button", name="Sell Eel: more")
                more.click()
                more.click()
                expect(guide.locator("#turn-preview")).to_contain_text("Aiko sells 2 Eel")
                save("turn-visit.png")
                guide.get_by_role("button", name="Confirm", exact=True).click()
                expect(guide).to_contain_text("Your turn — 1 AP")

                guide.get_by_role("button", name="Purchasing").click()
                guide.locator(".turn-chip").first.click()
                expect(guide.locator("#turn-preview")).to_contain_text("In all you pay")
                save("turn-purchasing.png")

                # The table screen during Aiko's turn, her Eel visit its last entry.
                table = browser.new_context(viewport={"width": 1280, "height": 800})
                screen = table.new_page()
                screen.set_default_timeout(WAIT)
                screen.goto(f"{api.url}/join/{api.host}")
                expect(screen.locator("#last-action")).to_contain_text("Aiko visited Eel")
                screen.wait_for_timeout(300)
                screen.screenshot(path=str(out / "table.png"), animations="disabled")
                saved.append(out / "table.png")
                table.close()

                guide.get_by_role("button", name="Fishing").click()
                guide.locator('fieldset[data-boat="b2"]').get_by_role(
                    "radio", name=re.compile("Dock \\(the leftmost port")
                ).check()
                expect(guide.locator("#turn-preview")).to_contain_text("Tuna auction 1 of 1")
                save("turn-fishing.png")
                browser.close()
        finally:
            server.stop()
    return saved


#: The card game's deck for the pictures: card 1 green 3 or yellow 4 with a Quick Knife,
#: then a mix of colours, points and effects.
CARD_DECK: list[Any] = [
    [
        {"colour": "green", "points": 3},
        {"colour": "yellow", "points": 4, "knife": True},
    ],
    {"colour": "red", "points": 2, "wasabi": True},
    {"colour": "blue", "points": 5, "icon": "steal"},
    {"colour": "red", "points": 3, "barrel": True},
    {"colour": "purple", "points": 1, "icon": "draw"},
    {"colour": "blue", "points": 2, "wasabi": True},
    *[
        {"colour": c, "points": p}
        for c, p in [("red", 4), ("green", 2), ("yellow", 1), ("purple", 3), ("orange", 6)]
    ],
    *[{"colour": "orange", "points": 2, "knife": True}] * 3,
    {"colour": "green", "points": 1, "icon": "discard"},
    {"colour": "yellow", "points": 2, "wasabi": True},
    {"colour": "blue", "points": 1},
    {"colour": "red", "points": 1},
]


def shoot_cards(out: Path) -> list[Path]:
    """The card game's phones and table screen, and the Jutaku calculator."""
    from playwright.sync_api import expect, sync_playwright

    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "cards.sqlite3")
        try:
            url = server.url
            body = {"game": "tsukiji_market", "players": [A, B], "notches": 3}
            r = requests.post(f"{url}/api/games", json={**body, "cards": CARD_DECK}, timeout=10)
            r.raise_for_status()
            game = r.json()
            gid, host = game["id"], game["host_token"]
            tokens = {s["name"]: s["token"] for s in game["seats"]}

            def snap(page: Any, name: str) -> None:
                page.wait_for_timeout(300)  # let a swap settle before the picture
                page.screenshot(path=str(out / name), animations="disabled")
                saved.append(out / name)

            def bids(a: int, b: int) -> None:
                for name, n in ((A, a), (B, b)):
                    requests.post(
                        f"{url}/api/games/{gid}/bids",
                        json={"fingers": n},
                        headers={"Authorization": f"Bearer {tokens[name]}"},
                        timeout=10,
                    ).raise_for_status()

            def take(player: str, card: int, half: int = 0) -> None:
                requests.post(
                    f"{url}/api/games/{gid}/actions",
                    json={"type": "take_card", "player": player, "card": card, "half": half},
                    headers={"Authorization": f"Bearer {host}"},
                    timeout=10,
                ).raise_for_status()

            bids(3, 1)
            take(A, 2)
            bids(1, 2)
            take(B, 4)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                phone = PHONE
                aiko = browser.new_context(**phone).new_page()
                aiko.set_default_timeout(WAIT)
                aiko.goto(f"{url}/join/{tokens[A]}")
                expect(aiko.locator(".cards-fingers")).to_be_visible()
                snap(aiko, "cards-fingers.png")

                bo = browser.new_context(**phone).new_page()
                bo.set_default_timeout(WAIT)
                bo.goto(f"{url}/join/{tokens[B]}")
                aiko.locator(".cards-fingers").get_by_role("button", name="4").click()
                bo.locator(".cards-fingers").get_by_role("button", name="2").click()
                expect(aiko.locator("button.card-pick").first).to_be_visible()
                aiko.evaluate(
                    "document.getElementById('round-h').scrollIntoView({block: 'start'});"
                    " window.scrollBy(0, -120)"
                )
                snap(aiko, "cards-pick.png")
                aiko.get_by_role("button", name="No. 1 yellow 4 · Knife").click()
                expect(aiko.locator("button.card-pick")).to_have_count(0)

                table = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                table.set_default_timeout(WAIT)
                table.context.add_cookies([{"name": f"tc_host_{gid}", "value": host, "url": url}])
                table.goto(f"{url}/games/{gid}/table")
                expect(table.locator("#history")).to_contain_text("yellow 4")
                snap(table, "cards-table.png")

                jutaku = browser.new_context(**phone).new_page()
                jutaku.set_default_timeout(WAIT)
                jutaku.goto(f"{url}/jutaku/")
                for i, name in enumerate((A, B, C)):
                    jutaku.locator(f"#name-{i}").fill(name)
                jutaku.get_by_role("button", name="Start the game").tap()
                jutaku.wait_for_url("**/jutaku/?g=*")
                jutaku.locator("#exit").get_by_label(A, exact=True).check()
                for field, times in (("shirt_trousers", 2), ("red", 1), ("salmon", 1)):
                    plus = jutaku.locator(
                        f'#exit [data-field="carried.{field}"] button[data-step="1"]'
                    )
                    for _ in range(times):
                        plus.tap()
                jutaku.get_by_role("button", name="Cash this exit").tap()
                jutaku.wait_for_url("**#payout")
                jutaku.evaluate(
                    "document.getElementById('payout').scrollIntoView({block: 'start'});"
                    " window.scrollBy(0, -120)"
                )
                snap(jutaku, "jutaku.png")
                browser.close()
        finally:
            server.stop()
    return saved


#: A Japanese device: its language and its time zone (the history's times).
JAPANESE = {
    "locale": "ja-JP",
    "timezone_id": "Asia/Tokyo",
    "extra_http_headers": {"Accept-Language": "ja"},
}


def shoot_japanese(out: Path) -> list[Path]:
    """The README's 日本語 tour (issue #21): the same game on Japanese devices.

    - ``ja-turn.png``: the turn guide on Aiko's phone, 「あなたの手番 — アクションポイント2点」;
    - ``ja-markets.png``: its market grid, what each market costs to enter now;
    - ``ja-auction.png``: Bo's phone bidding in a Tuna auction Aiko opened;
    - ``ja-table.png``: the table screen (1280×900) during the auction;
    - ``ja-rules.png``: the Eel rules card, with its app's readings;
    - ``ja-report.png``: the report page (ゲームの経過) after the game ended.
    """
    from playwright.sync_api import expect, sync_playwright

    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "ja.sqlite3")
        try:
            api = Api(server.url)
            # Aiko's first turn: Eel tokens to sell, Bo and Chiyo holding Eel licences, a
            # payment in the history.
            api.act(type="gain_fish", player=A, fish="eel", count=3)
            api.act(type="take_license", player=B, market="eel", count=1, pay=False)
            api.act(type="take_license", player=C, market="eel", count=2, pay=False)
            api.act(type="next_turn")
            api.act(type="pay", **{"from": "supply", "to": B, "amount": 300})
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                phone: dict[str, Any] = {**PHONE, **JAPANESE}

                def snap(page: Any, name: str, locator: Any = None) -> None:
                    page.wait_for_timeout(300)  # let a swap settle before the picture
                    target = locator if locator is not None else page
                    target.screenshot(path=str(out / name), animations="disabled")
                    saved.append(out / name)

                aiko = browser.new_context(**phone).new_page()
                aiko.set_default_timeout(WAIT)
                aiko.add_init_script(
                    "document.addEventListener('DOMContentLoaded', () => {"
                    " const s = document.createElement('style');"
                    " s.textContent = '#flash { visibility: hidden !important; }';"
                    " document.head.append(s); });"
                )
                aiko.goto(f"{api.url}/join/{api.tokens[A]}")
                guide = aiko.locator("#turn-guide")
                expect(guide).to_contain_text("あなたの手番")
                aiko.evaluate(
                    "document.getElementById('turn-guide').scrollIntoView({block: 'start'})"
                )
                snap(aiko, "ja-turn.png")
                guide.get_by_role("button", name="市場", exact=True).click()
                expect(guide.locator(".turn-tiles").first).to_be_visible()
                snap(aiko, "ja-markets.png", guide)

                r = requests.post(
                    f"{api.url}/api/games/{api.id}/auctions",
                    json={"kind": "tuna", "owner": A, "drawn": "tuna:20"},
                    headers={"Authorization": f"Bearer {api.host}"},
                    timeout=10,
                )
                r.raise_for_status()
                bo = browser.new_context(**phone).new_page()
                bo.set_default_timeout(WAIT)
                bo.goto(f"{api.url}/join/{api.tokens[B]}")
                bid = bo.locator("#auction, .auction").first
                expect(bid).to_contain_text("マグロの競り")
                bid.scroll_into_view_if_needed()
                bo.evaluate("window.scrollBy(0, -80)")
                snap(bo, "ja-auction.png")

                table = browser.new_context(
                    viewport={"width": 1280, "height": 900}, **JAPANESE
                ).new_page()
                table.set_default_timeout(WAIT)
                table.context.add_cookies(
                    [{"name": f"tc_host_{api.id}", "value": api.host, "url": api.url}]
                )
                table.goto(f"{api.url}/games/{api.id}/table")
                expect(table.locator("body")).to_contain_text("マグロの競り")
                snap(table, "ja-table.png")

                rules = browser.new_context(**phone).new_page()
                rules.set_default_timeout(WAIT)
                rules.goto(f"{api.url}/rules/eel")
                expect(rules.locator("h1")).to_have_text("ウナギ")
                snap(rules, "ja-rules.png")

                for seat in (B, C):
                    requests.post(
                        f"{api.url}/api/games/{api.id}/auctions/{r.json()['auction_id']}/bids",
                        json={"amount": 300 if seat == B else 200},
                        headers={"Authorization": f"Bearer {api.tokens[seat]}"},
                        timeout=10,
                    ).raise_for_status()
                requests.post(
                    f"{api.url}/api/games/{api.id}/auctions/{r.json()['auction_id']}/reveal",
                    headers={"Authorization": f"Bearer {api.host}"},
                    timeout=10,
                )  # when a bid is still missing (answered 400 once all have bid)
                api.act(type="end_game")
                report = browser.new_context(
                    viewport={"width": 1024, "height": 1100}, **JAPANESE
                ).new_page()
                report.set_default_timeout(WAIT)
                report.context.add_cookies(
                    [{"name": f"tc_host_{api.id}", "value": api.host, "url": api.url}]
                )
                report.goto(f"{api.url}/games/{api.id}/report")
                expect(report.locator("h1")).to_contain_text("ゲームの経過")
                report.wait_for_timeout(800)  # the charts draw once
                snap(report, "ja-report.png")
                browser.close()
        finally:
            server.stop()
    return saved


def shoot_report(out: Path) -> list[Path]:
    """Beyond the scoresheet (issue #22), on a finished 3-player game: a phone's "Log this
    play in BG Stats" with the play's text (``report-play.png``), the report page's replay
    scrubber stepped back to an earlier entry (``report-replay.png``) and this server's
    league (``league.png``)."""
    from playwright.sync_api import expect, sync_playwright

    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp) / "report.sqlite3")
        try:
            api = Api(server.url)
            api.act(type="next_turn")
            for n, (name, amount) in enumerate(((A, 300), (B, 700), (C, 1100), (A, 200))):
                api.act(type="pay", **{"from": "supply", "to": name, "amount": amount})
                if n == 1:
                    api.act(type="next_turn")
            api.act(type="end_game")
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                phone = browser.new_context(**PHONE)
                page = phone.new_page()
                page.set_default_timeout(WAIT)
                page.goto(f"{api.url}/join/{api.tokens[B]}")
                link = page.get_by_role("link", name="Log this play in BG Stats")
                expect(link).to_be_visible()
                card = link.locator("xpath=ancestor::section[1]")
                card.scroll_into_view_if_needed()
                path = out / "report-play.png"
                card.screenshot(path=str(path))
                saved.append(path)
                phone.close()

                screen = browser.new_context(viewport={"width": 1280, "height": 900})
                page = screen.new_page()
                page.set_default_timeout(WAIT)
                page.goto(f"{api.url}/join/{api.host}")
                page.goto(f"{api.url}/games/{api.id}/report")
                scrubber = page.locator("#replay-range")
                scrubber.scroll_into_view_if_needed()
                last = int(scrubber.get_attribute("max") or "0")
                for _ in range(3):
                    scrubber.press("ArrowLeft")
                page.wait_for_selector(f'#replay-step[data-n="{last - 3}"]')
                section = scrubber.locator("xpath=ancestor::section[1]")
                path = out / "report-replay.png"
                section.screenshot(path=str(path))
                saved.append(path)
                page.goto(f"{api.url}/league")
                path = out / "league.png"
                page.screenshot(path=str(path), full_page=True)
                saved.append(path)
                browser.close()
        finally:
            server.stop()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument(
        "--only",
        choices=("turn", "cards", "report"),
        help="only the turn guide's, the card game's or the report's (#22)",
    )
    parser.add_argument(
        "--lang", choices=("en", "ja"), default="en", help="ja: the 日本語 tour (ja-*.png)"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.lang == "ja":
        paths = shoot_japanese(args.out)
    else:
        paths = [] if args.only in ("cards", "report") else shoot(args.out)
        paths += [] if args.only in ("turn", "report") else shoot_cards(args.out)
        paths += [] if args.only in ("turn", "cards") else shoot_report(args.out)
    for path in paths:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
