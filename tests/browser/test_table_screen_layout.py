"""Issue #20: the table screen is the table. At 1280×800 and 1920×1080, with 4 and with 6
players, each with and without an auction open, in English and in Japanese (wider, taller
text), every player's card (its fleet and Harbor included), the markets, whose turn it is,
the last entry, History and Undo are on the screen at once, with no scrolling either way
and no box scrolling inside, the type still readable across the table; the host's
corrections are behind one control and come into view when it is opened."""

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
FISH = ["mackerel", "eel", "squid", "octopus", "fugu", "tuna"]

INSIDE = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return {sel, top: r.top, left: r.left, bottom: r.bottom, right: r.right,
          w: innerWidth, h: innerHeight};
})"""


def game(
    base: str,
    n: int,
    auction: bool = False,
    settled: bool = False,
    heavy: bool = False,
    tied: bool = False,
) -> tuple[str, str]:
    """A game of ``n`` whose players hold a few licences and tokens and a fleet (#19: two
    ships each, one at sea with a barrel aboard; Aiko's docked again, its barrel for sale
    on her Harbor), on Aiko's second turn after a Bank visit; with ``auction``, Aiko then
    visits the Auction market (in the last external market's place) and its auction is
    open, every other player still to bid; with ``settled``, it is revealed (nobody bid: a
    tie at ¥0) and Aiko makes Bo the winner: the settled auction stays on the table screen
    until the next entry; with ``tied``, it is revealed and the tie is still to settle (Aiko's
    choice between every other player, the auction beside the turn). With ``heavy``, Bo
    holds more than a card was laid out for (six kinds of tokens, four licences, a share)."""
    body = requests.post(
        f"{base}/api/games",
        json={
            "players": NAMES[:n],
            "seed": 11,
            "fish_markets": FISH[: 4 + (n >= 4) + (n >= 5)],
            # With an auction: the Auction market in the last external market's place.
            "external_markets": ["ships", "bank", "government", "rentals", "trading"][
                : 2 + (n >= 4) + (n >= 5) + (not auction)
            ]
            + ["auction"] * auction,
        },
        timeout=10,
    ).json()
    gid, host = body["id"], body["host_token"]

    def act(**a: Any) -> None:
        r = requests.post(
            f"{base}/api/games/{gid}/actions",
            json=a,
            headers={"Authorization": f"Bearer {host}"},
            timeout=10,
        )
        assert r.status_code == 201, r.text

    for i, name in enumerate(NAMES[:n]):
        act(type="gain_fish", player=name, fish="mackerel", count=3)
        act(type="gain_fish", player=name, fish="squid", count=1)
        act(type="take_license", player=name, market=FISH[1 + i % 3], count=1, pay=False)
    if heavy:
        for fish, count in (("eel", 2), ("octopus", 1), ("fugu", 1), ("takoyaki", 2)):
            act(type="gain_fish", player="Bo", fish=fish, count=count)
        for market in ("octopus", "fugu"):
            act(type="take_license", player="Bo", market=market, count=1, pay=False)
        act(type="buy_share", player="Bo", count=1)
    for i, name in enumerate(NAMES[:n]):
        act(type="next_turn")
        act(type="fishing", player=name, boats=[{"boat": "b1", "do": "undock"}])
        # A second ship into the port the first left, of a kind the Ships board still has.
        for kind in ("two_slot", "three_slot", "one_slot"):
            took = requests.post(
                f"{base}/api/games/{gid}/actions",
                json={"type": "take_boat", "player": name, "boat": kind},
                headers={"Authorization": f"Bearer {host}"},
                timeout=10,
            )
            if took.status_code == 201:
                break
        assert took.status_code == 201, took.text
        act(
            type="fishing",
            player=name,
            boats=[
                {"boat": "b1", "do": "catch", "fish": FISH[1 + i % 3]},
                {"boat": "b2", "do": "undock"},
            ],
        )
    act(type="next_turn")
    act(
        type="fishing",
        player="Aiko",
        boats=[{"boat": "b1", "do": "dock"}],
        for_sale=[{"fish": FISH[1], "price": 300}],
    )
    act(type="visit", player="Aiko", market="bank", entry="yen", loans=1)
    if auction:
        act(
            type="visit",
            player="Aiko",
            market="auction",
            entry="ap",
            lot=["mackerel", "mackerel", "squid"],
        )
    if settled or tied:
        auth = {"Authorization": f"Bearer {host}"}
        aid = requests.get(f"{base}/api/games/{gid}", headers=auth, timeout=10).json()["auction"][
            "id"
        ]
        steps = (("reveal", {}), ("choose", {"winner": "Bo"}))
        for step, body in steps[: 1 + settled]:
            r = requests.post(
                f"{base}/api/games/{gid}/auctions/{aid}/{step}", json=body, headers=auth, timeout=10
            )
            assert r.status_code < 300, r.text
    return gid, host


#: What each language's screen says of the turn and of the last entry.
SAYS = {
    "en": {
        "turn": "Aiko’s turn",
        "bank": "Aiko visited Bank: took 1 loan",
        "auction": "put up",
        "settled": "Bo wins",
        "tied": "a tie between Bo, Chiyo, Daichi, Emi, Fumio",
    },
    "ja": {
        "turn": "Aikoの手番",
        "bank": "Aikoが「銀行」市場を訪れました：ローンを1枚受ける",
        "auction": "Aikoが「競り」市場を訪れました",
        "settled": "Boが0円で落札",
        "tied": "Bo、Chiyo、Daichi、Emi、Fumioが同額",
    },
}


def check_view(
    page: Any,
    n: int,
    auction: bool,
    lang: str,
    size: tuple[int, int],
    settled: bool = False,
    tied: bool = False,
) -> None:
    """One table screen: everything on it at once, nothing scrolling, readable."""
    page.wait_for_selector("#players .player", timeout=LIVE)
    assert page.locator("#players .player").count() == n
    # Nothing scrolls: the page is the screen's size.
    scroll = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight,"
        " innerWidth, innerHeight]"
    )
    assert scroll[0] <= scroll[2] and scroll[1] <= scroll[3], scroll
    # Every player's card, whose turn, the last entry, the markets, History and Undo, and
    # the one control for the corrections: each box wholly inside the screen.
    for sel in (
        "#players .player",
        "#turn",
        "#last-action",
        "#markets-board",
        "#history",
        "#btn-undo",
        "#btn-next-turn",
        "#table-tools > summary",
        *(
            ("#auction", "#auction .bid-status", "#auction .button")
            if auction and not (settled or tied)
            else ()
        ),
        *(("#auction", "#auction .result", "#auction .bids tr") if settled else ()),
        # A tie to settle: the owner's choices, the notice and every bid (#auction beside
        # the turn; across the width under it, the history's newest line was below the
        # screen with six players, in both languages).
        *(("#auction .notice", "#auction .choices .button", "#auction .bids tr") if tied else ()),
    ):
        boxes = page.evaluate(INSIDE, sel)
        assert boxes, sel
        for b in boxes:
            assert b["top"] >= 0 and b["left"] >= 0, (sel, b)
            assert b["bottom"] <= b["h"] + 0.5 and b["right"] <= b["w"] + 0.5, (sel, b)
    # Nothing of a card, of the markets, of the auction or of the turn's head is hidden in
    # a box that scrolls (#20: with fleets, the lower part of a card used to scroll inside
    # it; with an auction open at 1280×800 and six players, every card did).
    inner = page.evaluate(
        """() => [...document.querySelectorAll(
              '#players .player, #markets-board, #turn, #last-action, #auction:not([hidden])')]
            .map(e => [e.id, e.scrollHeight, e.clientHeight, e.scrollWidth, e.clientWidth])"""
    )
    assert len(inner) == n + 3 + auction, inner
    for box_id, sh, ch, sw, cw in inner:
        assert sh <= ch and sw <= cw, (box_id, sh, ch, sw, cw)
    # Each card shows its fleet and every boat, and Aiko's Harbor: wholly on the screen.
    for sel in ("#players .fleet [data-boat]", "#players .harbor .chip", "#markets-board tr"):
        boxes = page.evaluate(INSIDE, sel)
        assert boxes, sel
        for b in boxes:
            assert b["top"] >= 0 and b["bottom"] <= b["h"] + 0.5, (sel, b)
    assert page.locator("#players .fleet [data-boat]").count() == 2 * n
    # The history's newest line is on the screen whole, and it is the last action.
    newest = page.evaluate(INSIDE, "#log li:first-child .text")[0]
    assert newest["top"] >= 0 and newest["bottom"] <= newest["h"] + 0.5, newest
    last = page.locator("#last-action").inner_text()
    said = "settled" if settled else "tied" if tied else "auction" if auction else "bank"
    assert SAYS[lang][said] in last, last
    assert SAYS[lang]["bank"] in page.locator("#log").inner_text()
    assert page.locator("#log li:first-child .text").inner_text() in last
    # The cards do not overlap (side by side, in rows).
    cards = page.evaluate(INSIDE, "#players .player")
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            apart = (
                a["right"] <= b["left"] + 0.5
                or b["right"] <= a["left"] + 0.5
                or a["bottom"] <= b["top"] + 0.5
                or b["bottom"] <= a["top"] + 0.5
            )
            assert apart, (a, b)
    assert SAYS[lang]["turn"] in page.locator("#turn").inner_text()
    # Names and Yen are large enough to read across the table, and what a card holds is
    # never set below 14 px (a card holding more makes its type smaller, down to a floor).
    px = page.evaluate(
        """() => [...document.querySelectorAll(
              '#players .yen.big, #players .card-head h3, #players .chips li, #players .chip,'
              + ' #players .numbers.fish tr, #markets-board .markets-table td')]
            .map(e => [e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)])"""
    )
    for what, size_px in px:
        least = 26 if "yen" in what else 14
        assert size_px >= least, (what, size_px)


@pytest.mark.parametrize(
    ("n", "auction", "settled", "heavy", "tied"),
    [
        (4, False, False, False, False),
        (4, True, False, False, False),
        (6, False, False, False, False),
        (6, True, False, False, False),
        (6, True, False, False, True),
        (6, True, True, False, False),
        (6, False, False, True, False),
    ],
    ids=[
        "4-no-auction",
        "4-auction-open",
        "6-no-auction",
        "6-auction-open",
        "6-auction-tied",
        "6-auction-settled",
        "6-a-full-card",
    ],
)
def test_the_whole_table_fits_the_screen(
    live_server: Any, browser: Any, n: int, auction: bool, settled: bool, heavy: bool, tied: bool
) -> None:
    base = live_server.url
    gid, host = game(base, n, auction, settled, heavy, tied)
    for lang, locale in (("en", "en-US"), ("ja", "ja-JP")):
        # One browser (context) per language; the page is loaded anew at each size (the
        # window sized first, then the page opened in it, as the table screen is).
        ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale=locale)
        try:
            page = ctx.new_page()
            for size in ((1280, 800), (1920, 1080)):
                page.set_viewport_size({"width": size[0], "height": size[1]})
                page.goto(f"{base}/join/{host}")
                try:
                    check_view(page, n, auction, lang, size, settled, tied)
                except AssertionError as e:
                    case = f"{n} players, auction {auction}, settled {settled}, tied {tied}, "
                    case += f"{lang}, {size}"
                    raise AssertionError(f"{case}: {e}") from e
                if lang == "en" and not (settled or tied):
                    corrections(page, size)
        finally:
            ctx.close()


def corrections(page: Any, size: tuple[int, int]) -> None:
    """The corrections: hidden behind one control, in view once it is opened."""
    pay = page.locator("#actions summary", has_text="Pay Yen")
    assert not pay.is_visible()
    page.locator("#table-tools > summary").click()
    pay.wait_for(state="visible", timeout=LIVE)
    box = pay.bounding_box()
    assert box is not None and box["y"] + box["height"] <= size[1], box
    page.locator("#table-tools > summary").click()
    assert not pay.is_visible()
