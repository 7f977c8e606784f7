"""The board game's auctions during a turn, played as a table would (exploratory QA,
third round), against the real server in headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import LIVE
from test_qa_board_browser import Game, join

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """One server for these tests: each makes its own games and writes nothing the server
    keeps across games (tests/browser/conftest.py ``browser_server``)."""
    return browser_server


FIVE = {
    "players": ["Aiko", "Bo", "Chiyo", "Dai", "Emi"],
    "money": "open",
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid", "salmon"],
    "external_markets": ["ships", "bank", "auction", "barter"],
}
#: Every element the page scrolls into view (static/live.js ``show``), by its id.
RECORD_SCROLLS = """
window.__scrolls = [];
const into = Element.prototype.scrollIntoView;
Element.prototype.scrollIntoView = function (...a) {
  window.__scrolls.push(this.id); return into.apply(this, a); };
"""
#: Whether each of the guide's parts shows.
GUIDE_SHOWS = """() => Object.fromEntries(
  ['.turn-held', '.turn-held-barter', '.turn-choices', '#turn-guide #btn-next-turn',
   '#turn-panel'].map(
    (q) => [q, !!document.querySelector(q)?.checkVisibility()]))"""
HELD = {".turn-held": True, ".turn-held-barter": False, ".turn-choices": False}
HELD |= {"#turn-guide #btn-next-turn": False, "#turn-panel": False}
BARTER = {**HELD, ".turn-held": False, ".turn-held-barter": True}
FREE = {**{k: not v for k, v in HELD.items()}, ".turn-held-barter": False}
#: Each choice button: whether its middle is the button itself (nothing lies over it).
UNCOVERED = """() => [...document.querySelectorAll('#auction .choices .button')].map((b) => {
  const r = b.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.bottom <= innerHeight && !!at && b.contains(at); })"""
#: Where each choice button's text moves to a new line (its characters' offsets).
BREAKS = """() => [...document.querySelectorAll('#auction .choices .button')].map((b) => {
  const text = [...b.childNodes].find((n) => n.nodeType === 3 && n.data.trim());
  const range = document.createRange(); const at = []; let top = null;
  for (let i = 0; i < text.data.length; i++) {
    range.setStart(text, i); range.setEnd(text, i + 1);
    const t = range.getClientRects()[0]?.top;
    if (t === undefined) continue;
    if (top !== null && t > top + 2) at.push(text.data.slice(0, i).trim());
    top = t;
  }
  return at; })"""


def test_an_unsettled_auction_holds_the_turn_guide_and_its_choices_are_in_view(
    live_server: Any, phone: Any, screen: Any
) -> None:
    """Aiko (a 360x740 phone) puts two Mackerel up at the Auction market; Bo, Chiyo, Dai
    and Emi all bid ¥0. Until she settles the tie, the rules refuse every other action of
    her turn: her guide offered them all the same (the Markets grid, a primary "End my
    turn"), each tap a refusal. Now it says the auction comes first while the bids are
    sealed and while the tie waits, and is back as it was once she has chosen.
    At the reveal her phone was scrolled to the guide, then to the auction (two jumps),
    and the reveal's message at the bottom lay over her last choice for four seconds: now
    the auction alone comes into view, every choice uncovered. On the Japanese table
    screen a choice broke mid-phrase ("Boを落札者に / する")."""
    from playwright.sync_api import expect

    game = Game(live_server.url, FIVE)
    game.act(type="gain_fish", player="Aiko", fish="mackerel", count=3)
    game.act(type="next_turn")
    table = screen(1280, 800, locale="ja")
    table.goto(f"{game.url}/join/{game.host}?lang=ja")
    table.wait_for_selector("#live")
    aiko = join(lambda: _small(phone), game, "Aiko")
    assert aiko.evaluate(GUIDE_SHOWS) == FREE

    game.act(type="visit", player="Aiko", market="auction", entry="ap", lot=["mackerel"] * 2)
    expect(aiko.locator("#auction")).to_have_attribute("data-status", "open", timeout=LIVE)
    expect(aiko.locator(".turn-held")).to_have_text(
        "The auction takes place first: your turn goes on once it is settled."
    )
    assert aiko.evaluate(GUIDE_SHOWS) == HELD
    auction = aiko.locator("#auction").bounding_box()
    guide = aiko.locator("#turn-guide").bounding_box()
    assert auction and guide and auction["y"] < guide["y"]  # its Reveal first

    aid = game.state()["auction"]["id"]
    aiko.evaluate("window.scrollTo(0, document.body.scrollHeight); window.__scrolls = []")
    for name in ("Bo", "Chiyo", "Dai", "Emi"):
        game.bid(aid, name, 0)
    choices = aiko.locator("#auction .choices .button")
    expect(choices).to_have_count(4, timeout=LIVE)
    assert aiko.evaluate("window.__scrolls") == ["auction"]
    assert aiko.evaluate(UNCOVERED) == [True] * 4
    assert aiko.evaluate(GUIDE_SHOWS) == HELD

    expect(table.locator("#auction .choices .button")).to_have_count(4, timeout=LIVE)
    texts = table.locator("#auction .choices .button").all_inner_texts()
    for text, breaks in zip(texts, table.evaluate(BREAKS), strict=True):
        name = text.split("を")[0]
        assert breaks in ([], [f"{name}を"]), (text, breaks)  # a phrase whole on its line

    choices.last.click()
    expect(aiko.locator("#auction")).to_have_attribute("data-status", "settled", timeout=LIVE)
    assert aiko.evaluate(GUIDE_SHOWS) == FREE

    # A Barter is no auction: its owner accepts an offer or declines them all.
    game.act(type="gain_fish", player="Aiko", fish="mackerel", count=1)
    game.act(type="visit", player="Aiko", market="barter", entry="ap", lot=["mackerel"])
    expect(aiko.locator(".turn-held-barter")).to_have_text(
        "The offers for your Barter lot come first: your turn goes on once you accept one"
        " or decline them all."
    )
    assert aiko.evaluate(GUIDE_SHOWS) == BARTER


def _small(phone: Any) -> Any:
    page = phone()
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(RECORD_SCROLLS)
    return page
