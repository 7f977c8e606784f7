#!/usr/bin/env python
"""Table play benchmark (issue #20): a fixed scripted 4-player game played through the
pages, as a table would, counting what it costs the players.

    python bench/table_play.py [--out DIR] [--json FILE]

The real server (``python -m companion serve`` on a free port of 127.0.0.1, a fresh
database, as tests/support.py starts it); Debian's Chromium through Playwright, headless:
four phones (390×844, mobile, touch) and the table screen (1280×800). The game is created
through the JSON API (the New game page is not what is measured) with its markets fixed:
Mackerel, Eel, Squid, Tuna, Octopus; Ships, Bank, Government, Auction; open money. Before
the first turn the table's bookkeeping gives Chiyo 2 Squid and Daichi 1 Octopus and 3
Mackerel (the tokens their scripted visits use); everything after is tapped on the pages.

The table steps, the same every run (one step = one player's whole turn, ending with
their "End my turn", or one thing done at the table screen):

 1. table: Start first turn
 2. Aiko: Markets → Bank, 1 loan (entry: the cheapest, ¥100); Fishing: undock her ship
 3. Bo: Markets → Eel, 1 licence; Fishing: undock his ship
 4. Chiyo: Markets → Government, 2 Squid on the right place; ends with AP left (asked)
 5. Daichi: Markets → Auction, a lot of 1 Octopus and 3 Mackerel → the Auction market
    opens; Aiko, Bo and Chiyo key in and seal bids on their phones (counted apart, under
    "bids"); the reveal settles it
 6. Aiko: Fishing: her ship catches Mackerel; ends with AP left
 7. Bo: Fishing: his ship catches Eel; Markets → Bank, 1 loan
 8. table: Undo twice (the turn change after Bo's turn, then Bo's Bank visit); Bo plays
    his second action again (Markets → Bank, 1 loan) and ends his turn
 9. Chiyo: switches her phone to 日本語, then Markets → Bank, 1 loan (in Japanese)
10. Daichi: Fishing: undock his ship; ends with AP left
11. Aiko: Fishing: her ship docks, its barrel for sale at the price it offers
12. Bo: Purchasing: Aiko's barrel (if one is for sale)

How the script taps (the shortest path the page shows a player, the same game every
run): a market's tile on the guide's Markets grid when the guide shows it (else the
Markets choice first); a stepper's − or + only as many times as it takes from the value
the page filled in (one loan at the Bank); a boat's choice only when the page has not made
it (a lone boat's only move); and for a turn's last action "Confirm and end my turn" when
the page offers it (the action spends the last AP), else Confirm and then End my turn.

What is counted, per step and device:

- **taps**: every click or tap on the page, a dialog's answer included ("end the turn
  anyway?");
- **keys**: keystrokes typed into a field (the scripted game types none: every amount is a
  stepper, a chip or a default);
- **out of view**: a target that was not wholly on the screen at the moment it had to be
  tapped (the player would have had to scroll to find it): before each tap the target's
  box is compared with the viewport;
- **off the first screen**: at the start of each turn (and again on Chiyo's phone right
  after its switch to 日本語), before the first tap, the guide's targets (End my turn, the
  four choices, every tile of the Markets grid) that are not wholly on the screen: the
  whole of a turn's path should need no scroll, in either language;
- **reloads**: navigations of a page after it first loaded (a language switch is a
  navigation the player asked for: counted apart);
- the table screen, after every step: how many players' cards are wholly on the screen.

Targets (bench/README.md, "Table play (#20)"): ≤ 5 taps per turn (median, bids aside),
0 targets out of view on the active player's path (nor off a turn's first screen, in
English and in Japanese), 0 reloads, every player visible on the table screen at 1280×800.

Only 127.0.0.1 is contacted; every wait is bounded (a step that does not happen is
reported as failed with the page's message, and the run goes on).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from support import start_server  # noqa: E402  (tests/ on the path above)

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]
SETUP = {
    "players": NAMES,
    "seed": 20,
    "money": "open",
    "fish_markets": ["mackerel", "eel", "squid", "tuna", "octopus"],
    "external_markets": ["ships", "bank", "government", "auction"],
}
#: A bounded wait (ms) for one page to answer or update: an upper bound, not a measure.
WAIT = 10_000
#: The beat a player takes to read a preview before tapping Confirm (ms): the page brings
#: the Confirm into view once the player's taps have paused (static/game.js TAP_PAUSE_MS,
#: 600 ms: it never moves between two taps), which a script would outrun.
READ_MS = 800

#: The target's box against the viewport, at the moment it is to be tapped.
IN_VIEW = """el => { const r = el.getBoundingClientRect();
  const bar = document.querySelector('.topbar');
  const top = bar && !bar.contains(el) && getComputedStyle(bar).position === 'sticky'
    ? bar.getBoundingClientRect().bottom : 0;
  if (!(r.width > 0 && r.top >= top && r.left >= 0 && r.bottom <= innerHeight
        && r.right <= innerWidth)) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit) || hit.contains(el)); }"""


WHERE = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [Math.round(r.top), Math.round(r.bottom), innerHeight, scrollY,
          hit ? hit.tagName + '#' + hit.id + '.' + hit.className : null]; }"""


@dataclass
class Count:
    taps: int = 0
    keys: int = 0
    out_of_view: int = 0
    #: The turn's first screen: the guide's targets (End my turn, the four choices, every
    #: tile of the Markets grid) not wholly on the screen when the turn starts.
    first_off: int = 0
    misses: list[str] = field(default_factory=list)

    def add(self, other: Count) -> None:
        self.taps += other.taps
        self.keys += other.keys
        self.out_of_view += other.out_of_view
        self.first_off += other.first_off
        self.misses += other.misses


class Device:
    """One page (a phone or the table screen) and what it cost, step by step."""

    def __init__(self, browser: Any, name: str, url: str, phone: bool) -> None:
        if phone:
            self.ctx = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
            )
        else:
            self.ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        self.name = name
        self.page = self.ctx.new_page()
        self.count = Count()
        self.bids = Count()
        self.reloads = 0
        self.switches = 0
        self.loaded = False
        self.bidding = False
        #: Every tap, in order ("Bo: the bank tile"), for the JSON's per-step list.
        self.tapped: list[str] = []
        self.page.on("dialog", self._dialog)
        self.page.on("framenavigated", self._navigated)
        self.page.goto(url)
        self.page.wait_for_selector("#live-state", state="attached", timeout=WAIT)
        self.loaded = True

    def _bucket(self) -> Count:
        return self.bids if self.bidding else self.count

    def _dialog(self, dialog: Any) -> None:
        self._bucket().taps += 1  # the player answers "OK"
        self.tapped.append(f"{self.name}: OK ({dialog.message[:40]})")
        dialog.accept()

    def _navigated(self, frame: Any) -> None:
        if self.loaded and frame == self.page.main_frame:
            if self.switching:
                self.switches += 1
            else:
                self.reloads += 1

    switching = False

    def tap(self, selector: str, what: str, has_text: str | None = None) -> bool:
        """Tap one target: counted, and counted out of view when it was not wholly on the
        screen right then (Playwright scrolls it in, as the player would have to)."""
        loc = (
            self.page.locator(selector, has_text=has_text)
            if has_text
            else self.page.locator(selector)
        )
        loc = loc.first
        try:
            loc.wait_for(state="visible", timeout=WAIT)
        except Exception:  # noqa: BLE001 — reported: the target never came
            self._bucket().misses.append(f"{self.name}: no {what}")
            return False
        bucket = self._bucket()
        if not loc.evaluate(IN_VIEW):
            bucket.out_of_view += 1
            bucket.misses.append(f"{self.name}: {what} out of view")
            if os.environ.get("TABLE_PLAY_DEBUG"):
                print("   ", what, loc.evaluate(WHERE))
        bucket.taps += 1
        self.tapped.append(f"{self.name}: {what}")
        loc.click()
        return True

    def first_screen(self) -> None:
        """At the start of a turn, before the first tap: how many of the guide's targets
        (End my turn, the choices, the Markets grid's tiles) are not wholly on the screen
        as the page shows it (the player would scroll to see the whole of their turn)."""
        self.page.wait_for_selector("#turn-guide .turn-choices", timeout=WAIT)
        targets = "#btn-next-turn, #turn-guide .turn-choice, #turn-panel .turn-tile"
        off = self.page.evaluate(
            "sel => [...document.querySelectorAll(sel)].filter(e => !(" + IN_VIEW + ")(e))"
            ".map(e => e.innerText.split('\\n')[0])",
            targets,
        )
        self.count.first_off += len(off)
        self.count.misses += [f"{self.name}: {t} off the turn's first screen" for t in off]

    def guide_key(self) -> str:
        return str(self.page.evaluate("() => document.getElementById('turn-key')?.value || ''"))

    def flash(self) -> str:
        return str(self.page.evaluate("() => document.getElementById('flash')?.innerText || ''"))

    def my_turn(self) -> bool:
        return bool(
            self.page.evaluate("() => !!document.querySelector('#live-state')?.dataset.myTurn")
        )


class Table:
    def __init__(self, browser: Any, base: str) -> None:
        r = requests.post(f"{base}/api/games", json=SETUP, timeout=10)
        r.raise_for_status()
        body = r.json()
        self.base, self.id, self.host = base, body["id"], body["host_token"]
        for name, fish, n in (
            ("Chiyo", "squid", 2),
            ("Daichi", "octopus", 1),
            ("Daichi", "mackerel", 3),
        ):
            self.api(type="gain_fish", player=name, fish=fish, count=n)
        self.screen = Device(browser, "table", f"{base}/join/{self.host}", phone=False)
        self.phones = {
            s["name"]: Device(browser, s["name"], s["join_url"], phone=True) for s in body["seats"]
        }
        self.steps: list[dict[str, Any]] = []

    def api(self, **action: Any) -> None:
        r = requests.post(
            f"{self.base}/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
            timeout=10,
        )
        r.raise_for_status()

    def devices(self) -> list[Device]:
        return [self.screen, *self.phones.values()]

    def events(self) -> dict[str, Any]:
        r = requests.get(
            f"{self.base}/api/games/{self.id}/events",
            headers={"Authorization": f"Bearer {self.host}"},
            timeout=10,
        )
        r.raise_for_status()
        return dict(r.json())

    def history(self) -> str:
        """The newest line of the step that is not the turn change itself."""
        rows = [e for e in self.events()["events"] if e["type"] != "next_turn"]
        return str(rows[0]["text"]) if rows else ""

    def up_to_date(self, d: Device) -> None:
        """A player reads the screen before tapping: wait (bounded) until this page has
        seen the table's newest entry."""
        seq = int(self.events()["seq"])
        d.page.wait_for_function(
            "n => Number(document.getElementById('seen-version')?.value || 0) >= n",
            arg=seq,
            timeout=WAIT,
        )

    # -- one step --------------------------------------------------------------------------
    def step(self, label: str, who: str, play: Any) -> None:
        before = {
            d.name: (
                Count(**{**vars(d.count), "misses": []}),
                Count(**{**vars(d.bids), "misses": []}),
                d.reloads,
                d.switches,
                len(d.count.misses),
                len(d.bids.misses),
                len(d.tapped),
            )
            for d in self.devices()
        }
        started = time.monotonic()
        error = ""
        try:
            play()
        except Exception as e:  # noqa: BLE001 — the step is reported as failed, the run goes on
            error = f"{type(e).__name__}: {str(e).splitlines()[0][:160]}"
        self.settle()
        row: dict[str, Any] = {
            "step": label,
            "who": who,
            "error": error,
            "seconds": round(time.monotonic() - started, 1),
        }
        taps = keys = out = first_off = bid_taps = bid_keys = reloads = switches = 0
        misses: list[str] = []
        tapped: list[str] = []
        for d in self.devices():
            c0, b0, r0, s0, m0, mb0, t0 = before[d.name]
            tapped += d.tapped[t0:]
            taps += d.count.taps - c0.taps
            keys += d.count.keys - c0.keys
            out += d.count.out_of_view - c0.out_of_view
            first_off += d.count.first_off - c0.first_off
            bid_taps += d.bids.taps - b0.taps
            bid_keys += d.bids.keys - b0.keys
            reloads += d.reloads - r0
            switches += d.switches - s0
            misses += d.count.misses[m0:] + d.bids.misses[mb0:]
        row.update(
            taps=taps,
            keys=keys,
            out_of_view=out,
            first_off=first_off,
            bid_taps=bid_taps,
            bid_keys=bid_keys,
            reloads=reloads,
            switches=switches,
            misses=misses,
            tapped=tapped,
            players_on_table=self.players_in_view(),
            last=self.history(),
        )
        self.steps.append(row)
        print(
            f"{label:<58} taps {taps:>2}  out {out}  first {first_off}  bids {bid_taps:>2}"
            f"  reloads {reloads}"
            f"  table {row['players_on_table']}/4  {error or row['last'][:70]}",
            flush=True,
        )

    def settle(self) -> None:
        """Let every page take the last change (the stream's update), bounded."""
        for d in self.devices():
            try:
                d.page.wait_for_load_state("load", timeout=WAIT)
            except Exception:  # noqa: BLE001
                pass
        self.screen.page.wait_for_timeout(600)

    def players_in_view(self) -> int:
        return int(
            self.screen.page.evaluate(
                "sel => [...document.querySelectorAll(sel)].filter(" + IN_VIEW + ").length",
                "#players .player",
            )
        )

    # -- what a player does ------------------------------------------------------------------
    def choice(self, d: Device, n: int, what: str) -> None:
        """The guide's n-th choice (0 Fishing, 1 Purchasing, 2 Markets, 3 Free moves): by
        place, so the same script plays in either language."""
        d.tap(f"#turn-guide .turn-choice >> nth={n}", what)

    def market(self, d: Device, market: str) -> None:
        """A market's tile: on the guide's Markets grid when it is shown (the guide opens
        on it), else after a tap on the Markets choice."""
        tile = f'#turn-panel .turn-tile:is([hx-get$="/{market}"], [hx-get*="market={market}"])'
        if not d.page.locator(tile).is_visible():
            self.choice(d, 2, "Markets")
        d.tap(tile, f"the {market} tile")

    def amount(self, d: Device, field_id: str, wanted: int) -> None:
        """A stepper set to ``wanted``: its − or + tapped as many times as it takes from the
        value the page filled in (none when the page already offers it)."""
        field = d.page.locator(f"#{field_id}")
        field.wait_for(state="visible", timeout=WAIT)
        have = int(field.input_value() or 0)
        sign = 1 if wanted > have else -1
        for _ in range(abs(wanted - have)):
            d.tap(
                f'button.tstep-btn[data-step="{sign}"][aria-controls="{field_id}"]',
                f"{'+' if sign > 0 else '−'} ({field_id})",
            )

    def confirm(self, d: Device, then_end: bool = False) -> None:
        """Confirm, then wait until the guide came back (a new #turn-guide: the Confirm's
        answer) or the page says why not. ``then_end``: the script's turn ends after this
        action; the player taps "Confirm and end my turn" when the page offers it."""
        d.page.wait_for_function(
            "() => { const p = document.getElementById('turn-preview');"
            " return p && !/on its way|まもなく/.test(p.innerText)"
            " && !p.closest('form').classList.contains('htmx-request'); }",
            timeout=WAIT,
        )
        self.up_to_date(d)
        d.page.wait_for_timeout(READ_MS)  # the player reads the preview
        d.page.evaluate("() => { document.getElementById('turn-guide').dataset.old = '1'; }")
        if then_end and d.page.locator(".turn-confirm-end").is_visible():
            d.tap(".turn-confirm-end", "Confirm and end my turn")
        else:
            d.tap(".turn-confirm", "Confirm")
        try:
            d.page.wait_for_function(
                "() => { const g = document.getElementById('turn-guide');"
                " return (g && !g.dataset.old) || !!document.querySelector('#flash .error'); }",
                timeout=WAIT,
            )
        except Exception as e:
            raise RuntimeError(f"{d.name}: Confirm was not answered") from e
        if d.page.evaluate("() => !!document.querySelector('#flash .error')"):
            raise RuntimeError(f"{d.name}: Confirm refused: {d.flash()[:140]}")

    def fishing(self, d: Device, do: str, then_end: bool = False) -> None:
        """Fishing with every boat that offers ``do`` ("Undock", "Catch", "Dock"), the
        prices of a barrel put for sale as the form offers them; a boat's choice the page
        has already made (a lone boat's only move) is not tapped again."""
        self.choice(d, 0, "Fishing")
        d.page.wait_for_selector("#turn-panel form", timeout=WAIT)
        boats = d.page.locator("#turn-panel fieldset.fleet-choice")
        doing = 0
        for i in range(boats.count()):
            # One tap a boat: its first choice that says ``do`` ("Catch Eel", not every
            # catch it offers), unless the page has chosen it already.
            option = boats.nth(i).locator("label", has_text=do).first
            if option.count() == 0:
                continue
            doing += 1
            if not option.locator("input").is_checked():
                d.tap(
                    f'#turn-panel fieldset.fleet-choice >> nth={i} >> label:has-text("{do}")',
                    f"{do} (boat {i + 1})",
                )
        if doing == 0:
            raise RuntimeError(f"{d.name}: no boat can {do}")
        self.confirm(d, then_end)

    def purchase(self, d: Device, then_end: bool = False) -> None:
        self.choice(d, 1, "Purchasing")
        d.page.wait_for_selector("#turn-panel form", timeout=WAIT)
        if d.page.locator("#turn-panel label.turn-chip").count() == 0:
            raise RuntimeError(f"{d.name}: nothing for sale on the other Harbors")
        d.tap("#turn-panel label.turn-chip", "a barrel for sale")
        self.confirm(d, then_end)

    def end_turn(self, d: Device, nxt: Device | None) -> None:
        """End my turn, unless "Confirm and end my turn" already ended it."""
        d.page.wait_for_function(
            "() => !document.querySelector('#turn-guide')?.dataset.old", timeout=WAIT
        )
        if d.my_turn():
            d.tap("#btn-next-turn", "End my turn")
        if nxt is not None:
            nxt.page.wait_for_function(
                "() => !!document.querySelector('#live-state')?.dataset.myTurn", timeout=WAIT
            )

    def bid(self, d: Device, hundreds: list[int]) -> None:
        d.bidding = True
        try:
            for v in hundreds:
                d.tap(f'#bid-sheet [data-add="{v}"]', f"+{v}")
            d.tap("#bid-sheet .seal", "Seal bid")
            d.page.wait_for_selector("#bid-sheet .my-bid, #auction", timeout=WAIT)
        finally:
            d.bidding = False


def play(out: Path | None) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="table-play-"))
    server = start_server(tmp / "bench.sqlite3")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            t = Table(browser, server.url)
            A, B, C, D = (t.phones[n] for n in NAMES)

            def start() -> None:
                t.screen.tap("#btn-next-turn", "Start first turn")
                A.page.wait_for_function(
                    "() => !!document.querySelector('#live-state')?.dataset.myTurn", timeout=WAIT
                )

            def aiko_1() -> None:
                A.first_screen()
                t.market(A, "bank")
                t.amount(A, "f-loans", 1)
                t.confirm(A)
                t.fishing(A, "Undock", then_end=True)
                t.end_turn(A, B)

            def bo_1() -> None:
                B.first_screen()
                t.market(B, "eel")
                t.amount(B, "f-licenses", 1)
                t.confirm(B)
                t.fishing(B, "Undock", then_end=True)
                t.end_turn(B, C)

            def chiyo_1() -> None:
                C.first_screen()
                t.market(C, "government")
                t.amount(C, "f-right-squid", 2)
                t.confirm(C, then_end=True)
                t.end_turn(C, D)

            def daichi_1() -> None:
                D.first_screen()
                t.market(D, "auction")
                t.amount(D, "f-lot-octopus", 1)
                t.amount(D, "f-lot-mackerel", 3)
                t.confirm(D, then_end=True)
                t.bid(A, [100, 100])
                t.bid(B, [500])
                t.bid(C, [100, 500])
                t.screen.page.wait_for_function(
                    "() => /settled|revealed/"
                    ".test(document.querySelector('#live-state')?.dataset.reveal || '')",
                    timeout=WAIT,
                )
                t.end_turn(D, A)

            def aiko_2() -> None:
                A.first_screen()
                t.fishing(A, "Catch", then_end=True)
                t.end_turn(A, B)

            def bo_2() -> None:
                B.first_screen()
                t.fishing(B, "Catch")
                t.market(B, "bank")
                t.amount(B, "f-loans", 1)
                t.confirm(B, then_end=True)
                t.end_turn(B, C)

            def undo() -> None:
                t.screen.tap("#btn-undo", "Undo (the turn change)")
                B.page.wait_for_function(
                    "() => !!document.querySelector('#live-state')?.dataset.myTurn", timeout=WAIT
                )
                t.screen.tap("#btn-undo", "Undo (Bo's Bank visit)")
                t.screen.page.wait_for_timeout(800)

            def bo_again() -> None:
                B.first_screen()
                t.market(B, "bank")
                t.amount(B, "f-loans", 1)
                t.confirm(B, then_end=True)
                t.end_turn(B, C)

            def chiyo_2() -> None:
                C.switching = True
                C.tap('.lang-switch button[value="ja"]', "日本語")
                C.page.wait_for_selector("#turn-guide .turn-choices", timeout=WAIT)
                C.switching = False
                C.first_screen()  # in Japanese now
                t.market(C, "bank")
                t.amount(C, "f-loans", 1)
                t.confirm(C, then_end=True)
                t.end_turn(C, D)

            def daichi_2() -> None:
                D.first_screen()
                t.fishing(D, "Undock", then_end=True)
                t.end_turn(D, A)

            def aiko_3() -> None:
                A.first_screen()
                t.fishing(A, "Dock", then_end=True)
                t.end_turn(A, B)

            def bo_3() -> None:
                B.first_screen()
                t.purchase(B, then_end=True)
                t.end_turn(B, C)

            for label, who, fn in (
                ("1 table: Start first turn", "table", start),
                ("2 Aiko: Bank (1 loan); Fishing: undock", "Aiko", aiko_1),
                ("3 Bo: Eel (1 licence); Fishing: undock", "Bo", bo_1),
                ("4 Chiyo: Government (2 Squid), AP left", "Chiyo", chiyo_1),
                ("5 Daichi: Auction (a lot of 4); 3 bids", "Daichi", daichi_1),
                ("6 Aiko: Fishing: catch, AP left", "Aiko", aiko_2),
                ("7 Bo: Fishing: catch; Bank (1 loan)", "Bo", bo_2),
                ("8 table: Undo ×2 (turn change, Bo's Bank)", "table", undo),
                ("8b Bo: Bank again (1 loan)", "Bo", bo_again),
                ("9 Chiyo: 日本語, then Bank (1 loan)", "Chiyo", chiyo_2),
                ("10 Daichi: Fishing: undock, AP left", "Daichi", daichi_2),
                ("11 Aiko: Fishing: dock, barrel for sale", "Aiko", aiko_3),
                ("12 Bo: Purchasing Aiko's barrel", "Bo", bo_3),
            ):
                t.step(label, who, fn)
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
                t.screen.page.screenshot(path=str(out / "table-play-table.png"))
                B.page.screenshot(path=str(out / "table-play-bo.png"))
            browser.close()
            return t.steps
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def report(steps: list[dict[str, Any]]) -> None:
    print()
    print(
        "| step | taps | keys | out of view | off the first screen | bid taps | reloads"
        " | players on the table screen | the history's newest line |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for s in steps:
        last = s["error"] or s["last"]
        print(
            f"| {s['step']} | {s['taps']} | {s['keys']} | {s['out_of_view']} | {s['first_off']} |"
            f" {s['bid_taps']} |"
            f" {s['reloads']} | {s['players_on_table']} of 4 | {last} |"
        )
    turns = [s for s in steps if s["who"] != "table" and not s["error"]]
    if turns:
        print()
        print(
            f"Taps per turn (bids aside), median of {len(turns)} turns played:"
            f" {statistics.median(s['taps'] for s in turns)}"
        )
    print(
        f"Targets out of view: {sum(s['out_of_view'] for s in steps)};"
        f" off a turn's first screen: {sum(s['first_off'] for s in steps)};"
        f" reloads: {sum(s['reloads'] for s in steps)};"
        f" language switches: {sum(s['switches'] for s in steps)};"
        f" fewest players on the table screen: {min(s['players_on_table'] for s in steps)} of 4;"
        f" failed steps: {sum(1 for s in steps if s['error'])}"
    )
    for s in steps:
        for m in s["misses"]:
            print(f"  - {s['step']}: {m}")
        if s["error"]:
            print(f"  - {s['step']}: FAILED {s['error']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="save the last table screen and Bo's phone here")
    parser.add_argument("--json", type=Path, help="write the steps as JSON here")
    args = parser.parse_args(argv)
    steps = play(args.out)
    report(steps)
    if args.json:
        args.json.write_text(json.dumps(steps, indent=1, ensure_ascii=False))
    return 0 if not any(s["error"] for s in steps) else 1


if __name__ == "__main__":
    sys.exit(main())
