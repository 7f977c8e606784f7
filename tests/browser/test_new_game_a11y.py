"""The New game page for everyone: axe-core finds nothing on it, on a 360 px phone at
normal and at 200 % text, in the dark and the light theme; nothing scrolls sideways,
market names wrap between words (never a Japanese name one character a line), and no
checkbox is hidden under anything."""

from __future__ import annotations

from typing import Any

import pytest
from axe import assert_no_horizontal_scroll, assert_no_violations, in_each_theme, larger_text
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


#: Each word of a market's name laid out on one line: a word split over two lines gives
#: two rectangles. Japanese names are one word (they hold no spaces).
SPLIT_WORDS = """() => {
  const split = [];
  for (const name of document.querySelectorAll('#preview .market-name')) {
    const en = name.firstChild;
    const words = [...en.textContent.matchAll(/\\S+/g)];
    const ja = name.querySelector('.ja').firstChild;
    const pieces = words.map(m => [en, m.index, m.index + m[0].length])
      .concat([[ja, 0, ja.textContent.length]]);
    for (const [node, start, end] of pieces) {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      if (range.getClientRects().length > 1) split.push(range.toString());
    }
  }
  return split;
}"""

#: Every checkbox and radio of the form that, scrolled to the middle of the window, is
#: not the element found at its own centre (something is drawn over it).
COVERED = """() => {
  const covered = [];
  for (const box of document.querySelectorAll('#new-game input[type=checkbox], ' +
                                              '#new-game input[type=radio]')) {
    box.scrollIntoView({block: 'center'});
    const r = box.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit !== box && !(hit && hit.contains(box) && hit.tagName === 'LABEL' &&
                         hit === box.closest('label'))) {
      covered.push(`${box.name}=${box.value}: ${hit ? hit.tagName + '.' + hit.className
                                                    : 'nothing'}`);
    }
  }
  return covered;
}"""


def open_new_game(browser, live_server, color_scheme: str = "dark", width: int = 360):
    """The New game page on a 360 × 800 phone (or a wider screen), three players, the
    Expansion on (so every market and the board numbers are shown) and the checklist
    open."""
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=color_scheme)
    page = ctx.new_page()
    page.goto(live_server.url + "/games/new")
    for i, name in enumerate(["Aiko", "Bo", "Chiyo"]):
        page.locator('input[name="player"]').nth(i).fill(name)
    with page.expect_response(lambda r: r.url.endswith("/games/preview"), timeout=LIVE):
        page.get_by_role("checkbox", name="With the Expansion").check()
    expect(page.locator('#preview input[value="nori"]')).to_be_attached()
    page.locator("#checklist summary").click()
    return ctx, page


def test_the_new_game_page_has_no_axe_violation_on_a_phone(browser, live_server):
    """In both themes (axe.py ``in_each_theme``: the one page switched in place)."""

    def checks(page) -> None:
        assert_no_violations(page)
        assert_no_horizontal_scroll(page)
        assert page.evaluate(SPLIT_WORDS) == []

    ctx, page = open_new_game(browser, live_server)
    try:
        in_each_theme(page, checks)
    finally:
        ctx.close()


@pytest.mark.parametrize("width", [768, 1280])
def test_market_names_wrap_between_words_on_wider_screens(browser, live_server, width):
    """Several columns of markets: each is still wide enough for its longest word."""
    ctx, page = open_new_game(browser, live_server, width=width)
    try:
        assert page.evaluate(SPLIT_WORDS) == []
        assert_no_horizontal_scroll(page)
        assert page.evaluate(COVERED) == []
    finally:
        ctx.close()


def test_the_new_game_page_at_200_percent_text(browser, live_server):
    from playwright.sync_api import expect

    ctx, page = open_new_game(browser, live_server)
    try:
        larger_text(page, 200)
        assert page.evaluate("getComputedStyle(document.body).fontSize") == "34px"
        assert_no_violations(page)
        assert_no_horizontal_scroll(page)
        assert page.evaluate(SPLIT_WORDS) == []
        assert page.evaluate(COVERED) == []

        # Choosing by hand, a wrong count shows the refusal and keeps the boxes: still
        # nothing for axe, nothing sideways, nothing covered.
        with page.expect_response(lambda r: r.url.endswith("/games/preview"), timeout=LIVE):
            page.get_by_role("checkbox", name="Choose markets by hand").check()
        checked = page.locator('#preview input[name="fish_market"]:checked').last
        with page.expect_response(lambda r: r.url.endswith("/games/preview"), timeout=LIVE):
            checked.uncheck()
        expect(page.locator("#preview .error")).to_contain_text("fish")
        assert_no_violations(page)
        assert_no_horizontal_scroll(page)
        assert page.evaluate(COVERED) == []
    finally:
        ctx.close()


def test_the_new_game_page_zoomed_to_200_percent_never_scrolls_sideways(browser, live_server):
    """Zoomed (everything twice as large, so the page is 180 CSS px wide), names may break
    inside a long word, but nothing reaches past the window."""
    ctx, page = open_new_game(browser, live_server)
    try:
        page.evaluate("document.documentElement.style.zoom = '2'")
        assert_no_horizontal_scroll(page)
        assert page.evaluate(COVERED) == []
        assert_no_violations(page)
    finally:
        ctx.close()
