"""Every page for everyone (issue #8, "Accessibility" and the table screen's tour at
1280 × 800), in real headless Chromium against the real server, with games made through
the API:

- axe-core finds nothing on the home page, the calculator, the New game page, the table
  screen (fresh, mid-game with an open auction, after the final scoring) and a phone's
  seat page (mid-game with the bid sheet open, and the final scores), in the dark and the
  light theme;
- no opacity dims the free License spaces, and every control's border stands out 3:1
  against what it sits on;
- at 200 % text on a 360 px phone no page scrolls sideways, the bid keypad's labels fit
  their keys, and the figures (the balance, "if it ended now", the calculator's bar) stay
  inside the window;
- Japanese text carries ``lang="ja"``;
- at 1280 × 800 the table screen shows its join codes above the fold, keeps the state in
  view while a form is used, shows chips and badges at 18 px or more, lines the bid and
  final-score tables' headers up with their numbers, and drops the "Last auction" card
  after the next action;
- the Eel track form moves the marker from where it is now and follows live updates.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests
from axe import assert_no_horizontal_scroll, assert_no_violations, in_each_theme, larger_text
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
#: Tuna for a docking auction, Eel for its track, the Bank for loans; the Expansion's
#: Swordfish for its track.
FISH = ["mackerel", "eel", "tuna", "salmon", "swordfish"]
EXTERNAL = ["ships", "bank", "auction", "barter"]


# ---- games made through the API -------------------------------------------------------------


class Game:
    """A game on the live server, driven through its JSON API."""

    def __init__(self, base: str, players: list[str] = PLAYERS, **options: Any) -> None:
        body = {"players": players, "money": "open", "seed": 8, **options}
        r = requests.post(f"{base}/api/games", json=body, timeout=10)
        assert r.status_code == 201, r.text
        data = r.json()
        self.base = base
        self.id = data["id"]
        self.host = data["host_token"]
        self.seats = {s["name"]: s for s in data["seats"]}

    def call(self, path: str, body: dict[str, Any] | None, token: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token or self.host}"}
        r = requests.post(
            f"{self.base}/api/games/{self.id}{path}", json=body, headers=headers, timeout=10
        )
        assert r.status_code in (200, 201), (path, body, r.status_code, r.text)
        return r.json()

    def act(self, body: dict[str, Any]) -> Any:
        return self.call("/actions", body)

    def bid(self, aid: str, name: str, amount: int) -> Any:
        return self.call(f"/auctions/{aid}/bids", {"amount": amount}, self.seats[name]["token"])

    @property
    def table_url(self) -> str:
        return f"{self.base}/join/{self.host}"


def mid_game(base: str, **options: Any) -> Game:
    """Into the second turn: a barrel for sale on Aiko's Harbor, licences, tokens, the Eel
    track moved, a loan; Bo to play."""
    g = Game(
        base,
        fish_markets=FISH,
        external_markets=EXTERNAL,
        expansion=True,
        **options,
    )
    g.act({"type": "next_turn"})
    # #19: the ship undocks before it catches, and docks on Aiko's next turn.
    g.act({"type": "fishing", "player": "Aiko", "boats": [{"boat": "b1", "do": "undock"}]})
    g.act({"type": "fishing", "player": "Aiko", "caught": {"mackerel": 1}})
    for _ in PLAYERS:
        g.act({"type": "next_turn"})
    g.act(
        {
            "type": "fishing",
            "player": "Aiko",
            "unloaded": {"mackerel": 1},
            "for_sale": [{"fish": "mackerel", "price": 100}],
        }
    )
    g.act({"type": "take_license", "player": "Aiko", "market": "eel", "pay": True})
    g.act({"type": "gain_fish", "player": "Aiko", "fish": "eel", "count": 3})
    g.act({"type": "set_track", "track": "eel", "value": 7})
    g.act({"type": "gain_fish", "player": "Bo", "fish": "salmon", "count": 2})
    g.act({"type": "gain_fish", "player": "Bo", "fish": "tuna", "value": 20})
    g.act({"type": "take_loan", "player": "Chiyo"})
    g.act({"type": "pay", "from": "Bo", "to": "Aiko", "amount": 400, "note": "rent"})
    g.act({"type": "next_turn"})
    return g


def open_tuna(g: Game, owner: str = "Bo") -> str:
    return str(g.call("/auctions", {"kind": "tuna", "owner": owner})["auction_id"])


def tied_tuna(g: Game) -> str:
    """A Tuna auction revealed with a tie: the bids table with its header row."""
    aid = open_tuna(g)
    g.bid(aid, "Aiko", 300)
    g.bid(aid, "Bo", 300)
    g.bid(aid, "Chiyo", 100)
    g.bid(aid, "Daichi", 0)
    return aid


def page_for(browser, url: str, theme: str = "dark", width: int = 360, height: int = 800):
    ctx = browser.new_context(
        viewport={"width": width, "height": height}, color_scheme=theme, has_touch=width < 600
    )
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_load_state("load")
    return ctx, page


# ---- checks done in the page --------------------------------------------------------------

#: The free License spaces' own opacity and that of every ancestor (a dimmed chip's text
#: contrast is the opacity's business, which the theme's colours no longer control).
FREE_OPACITY = """() => [...document.querySelectorAll('.chips.spaces li.empty')].flatMap(li => {
  const out = [];
  for (let el = li; el; el = el.parentElement) {
    const o = getComputedStyle(el).opacity;
    if (o !== '1') out.push(`${el.tagName}.${el.className}: opacity ${o}`);
  }
  return out;
})"""

#: Each visible, enabled control whose border is less than 3:1 against the colour it sits
#: on (the first opaque background of its ancestors).
WEAK_BORDERS = """() => {
  const parse = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const under = el => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c.length === 3 || c[3] > 0) return c;
    }
    return parse(getComputedStyle(document.documentElement).backgroundColor || 'rgb(255,255,255)');
  };
  const weak = [];
  const controls = document.querySelectorAll(
    '.button:not([disabled]), input:not([type=hidden]):not([type=checkbox]):not([type=radio]),' +
    ' select, textarea, .check');
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest('[hidden]')) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || parseFloat(s.borderTopWidth) === 0) continue;
    const border = parse(s.borderTopColor);
    const bg = under(el);
    const own = parse(s.backgroundColor);
    // A control filled with a colour of its own (3:1 against what it sits on) needs no
    // border to be seen.
    const filled = (own.length === 3 || own[3] === 1) && ratio(own, bg) >= 3;
    const value = ratio(border, bg);
    if (!filled && value < 3) {
      const label = (el.textContent || el.name || '').trim().slice(0, 20);
      weak.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className} ` +
                `"${label}": ${value.toFixed(2)}:1`);
    }
  }
  return weak;
}"""

#: Every text run holding Japanese characters whose language is not Japanese.
JAPANESE_WITHOUT_LANG = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!/[\\u3040-\\u30ff\\u3400-\\u9fff]/.test(node.textContent)) continue;
    const owner = node.parentElement.closest('[lang]');
    const lang = owner ? owner.getAttribute('lang') : '';
    if (!lang.startsWith('ja')) out.push(node.textContent.trim().slice(0, 30));
  }
  return out;
}"""

#: The keypad's keys whose label is wider than the key (cut off) or that overlap another.
KEYPAD_PROBLEMS = """() => {
  const keys = [...document.querySelectorAll('.keypad .button')];
  const out = [];
  const rects = keys.map(k => k.getBoundingClientRect());
  keys.forEach((k, i) => {
    const range = document.createRange();
    range.selectNodeContents(k);
    const text = range.getBoundingClientRect();
    const r = rects[i];
    const label = k.textContent.trim();
    if (k.scrollWidth > k.clientWidth + 0.5 || text.left < r.left - 0.5 ||
        text.right > r.right + 0.5)
      out.push(`"${label}" is cut off (${Math.round(text.width)} px in ${Math.round(r.width)} px)`);
    rects.forEach((o, j) => {
      if (j > i && r.left < o.right - 0.5 && o.left < r.right - 0.5 &&
          r.top < o.bottom - 0.5 && o.top < r.bottom - 0.5)
        out.push(`"${label}" overlaps "${keys[j].textContent.trim()}"`);
    });
  });
  return out;
}"""

#: Each of the named elements reaching past the window's edges (or cut by its box).
OUTSIDE = """(selectors) => selectors.flatMap(sel =>
  [...document.querySelectorAll(sel)].flatMap(el => {
    const r = el.getBoundingClientRect();
    if (!r.width) return [];
    const out = [];
    if (r.left < -0.5 || r.right > innerWidth + 0.5)
      out.push(`${sel} reaches ${Math.round(r.left)}–${Math.round(r.right)}`);
    if (el.scrollWidth > el.clientWidth + 1)
      out.push(`${sel} is cut: ${el.scrollWidth} px in ${el.clientWidth} px`);
    return out;
  }))"""

#: For a table: each column's header and its cells, as [header text, the cells' alignment,
#: the header's text edge on that side, the cells' text edges on that side].
COLUMNS = """(sel) => {
  const table = document.querySelector(sel);
  const box = node => { const r = document.createRange(); r.selectNodeContents(node);
                        return r.getBoundingClientRect(); };
  const head = [...table.tHead.rows[0].cells];
  return head.map((th, i) => {
    const cells = [...table.tBodies[0].rows, ...(table.tFoot ? table.tFoot.rows : [])]
      .map(row => row.cells[i]).filter(Boolean);
    const align = getComputedStyle(cells[0]).textAlign;
    const side = ['right', 'end'].includes(align) ? 'right' : 'left';
    return [th.textContent.trim(), side, box(th)[side], cells.map(c => box(c)[side])];
  });
}"""


def assert_page_checks(page) -> None:
    """axe, the free spaces undimmed, the control borders, Japanese marked as such."""
    assert_no_violations(page)
    assert page.evaluate(FREE_OPACITY) == []
    assert page.evaluate(WEAK_BORDERS) == []
    assert page.evaluate(JAPANESE_WITHOUT_LANG) == []


def open_every_details(page) -> None:
    """Every section opened, so axe and the width checks see what a player can open."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    # A closed panel's forms come when it opens (#16): wait until every one has arrived.
    page.wait_for_function(
        "[...document.querySelectorAll('details[data-panel-src]')]"
        ".every(d => d.dataset.panel === 'loaded')"
    )


# ---- axe, contrast and lang on every page -------------------------------------------------


def test_static_pages_pass_axe(browser, live_server):
    """Home (with a game to go back to), the calculator with a report, the New game page,
    the rules cards' list and two cards (issue #11); each in both themes."""
    Game(live_server.url, PLAYERS[:2])
    paths = ("/", "/calculator/", "/games/new", "/rules/", "/rules/eel", "/rules/sushi")
    # One tab opens each page in turn (no page here reads another's cookies or storage).
    ctx, page = page_for(browser, live_server.url + paths[0])
    try:
        for path in paths:
            if path != paths[0]:
                page.goto(live_server.url + path)
                page.wait_for_load_state("load")
            if path == "/calculator/":
                page.fill('[name="players[0].yen"]', "3000")
                page.locator("#report").wait_for(timeout=LIVE)
            open_every_details(page)
            in_each_theme(page, assert_page_checks)
    finally:
        ctx.close()


def test_game_pages_pass_axe_fresh_mid_game_in_an_auction_and_at_the_end(browser, live_server):
    """Each page at each state in both themes (:func:`in_each_theme`)."""
    from playwright.sync_api import expect

    # A fresh game: the table screen with its join codes.
    fresh = Game(
        live_server.url, PLAYERS, fish_markets=FISH, external_markets=EXTERNAL, expansion=True
    )
    ctx, table = page_for(browser, fresh.table_url, width=1280, height=800)
    try:
        expect(table.locator("#seats .qr")).to_have_count(4)
        in_each_theme(table, assert_page_checks)
    finally:
        ctx.close()

    g = mid_game(live_server.url)
    aid = open_tuna(g)
    g.bid(aid, "Aiko", 300)
    pages = []
    try:
        ctx, table = page_for(browser, g.table_url, width=1280, height=800)
        pages.append(ctx)
        ctx, aiko = page_for(browser, g.seats["Aiko"]["join_url"])
        pages.append(ctx)
        ctx, chiyo = page_for(browser, g.seats["Chiyo"]["join_url"])
        pages.append(ctx)
        expect(table.locator("#auction")).to_have_attribute("data-status", "open")
        expect(chiyo.locator("#bid-sheet .keypad")).to_be_visible()
        expect(aiko.locator("#bid-sheet .my-bid")).to_be_visible()
        for page in (table, aiko, chiyo):
            open_every_details(page)
            in_each_theme(page, assert_page_checks)

        # The rest bid: a tie, then the owner's choice; then the game ends.
        g.bid(aid, "Bo", 300)
        g.bid(aid, "Chiyo", 0)
        g.bid(aid, "Daichi", 0)
        expect(table.locator("#auction")).to_have_attribute("data-status", "revealed", timeout=LIVE)
        expect(aiko.locator("#auction table.bids")).to_be_visible(timeout=LIVE)
        for page in (table, aiko):
            in_each_theme(page, assert_page_checks)
        g.call(f"/auctions/{aid}/choose", {"winner": "Aiko"})
        g.act({"type": "end_game"})
        for page in (table, aiko, chiyo):
            expect(page.locator("#final-score")).to_be_visible(timeout=LIVE)
            in_each_theme(page, assert_page_checks)
    finally:
        for ctx in pages:
            ctx.close()


# ---- 200 % text on a 360 px phone ----------------------------------------------------------


#: Text running past the window's right edge (an element's box may fit while a word too
#: long for it spills out); text for screen readers only is clipped and never seen.
TEXT_OUTSIDE = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.visually-hidden')) continue; // clipped to 1 px
    const range = document.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width && (r.right > innerWidth + 0.5 || r.left < -0.5))
      out.push(`${node.parentElement.tagName.toLowerCase()}.${node.parentElement.className}` +
               ` "${node.textContent.trim().slice(0, 30)}" reaches ${Math.round(r.right)} px`);
  }
  return out;
}"""


def no_sideways_scroll(page) -> None:
    """Nothing scrolls sideways, and no text runs past the window."""
    texts = page.evaluate(TEXT_OUTSIDE)
    assert texts == [], texts
    assert_no_horizontal_scroll(page)


def at_200_percent(page, figures: tuple[str, ...] = ()) -> None:
    larger_text(page, 200)
    open_every_details(page)
    no_sideways_scroll(page)
    assert page.evaluate(OUTSIDE, list(figures)) == []


def test_phone_pages_at_200_percent_text_never_scroll_sideways(browser, live_server):
    from playwright.sync_api import expect

    Game(live_server.url, PLAYERS[:2])
    ctx, page = page_for(browser, live_server.url + "/")
    try:
        at_200_percent(page, (".home .button",))
    finally:
        ctx.close()

    ctx, page = page_for(browser, live_server.url + "/calculator/")
    try:
        page.fill('[name="players[0].yen"]', "3000")
        page.fill('[name="players[0].name"]', "Aiko-Tsukiji-Champion")
        expect(page.locator("#summary .summary-winner")).to_be_visible(timeout=LIVE)
        at_200_percent(page, ("#summary", "#summary > *", ".report .final"))
        assert_no_violations(page)
    finally:
        ctx.close()

    g = mid_game(live_server.url)
    aid = open_tuna(g)
    ctx, chiyo = page_for(browser, g.seats["Chiyo"]["join_url"])
    try:
        expect(chiyo.locator("#bid-sheet .keypad")).to_be_visible()
        at_200_percent(chiyo, ("#my-yen", "#my-head", "#ie-sum", "#ie-table", "#bid-sheet"))
        assert chiyo.evaluate(KEYPAD_PROBLEMS) == []
        assert_no_violations(chiyo)

        for name in ("Aiko", "Bo", "Daichi"):
            g.bid(aid, name, 0)
        g.bid(aid, "Chiyo", 100)
        g.act({"type": "end_game"})
        expect(chiyo.locator("#final-score")).to_be_visible(timeout=LIVE)
        open_every_details(chiyo)
        no_sideways_scroll(chiyo)
        assert chiyo.evaluate(OUTSIDE, ["#final-score .score-card"]) == []
        assert_no_violations(chiyo)
    finally:
        ctx.close()


# ---- the table screen at 1280 × 800 -------------------------------------------------------


@pytest.mark.parametrize("players", [PLAYERS, [*PLAYERS, "Emi", "Fumi"]])
def test_fresh_table_screen_shows_every_join_code_above_the_fold(browser, live_server, players):
    from playwright.sync_api import expect

    g = Game(live_server.url, players)
    ctx, table = page_for(browser, g.table_url, "dark", 1280, 800)
    try:
        codes = table.locator("#seats .qr")
        expect(codes).to_have_count(len(players))
        boxes = codes.evaluate_all("els => els.map(e => e.getBoundingClientRect().bottom)")
        assert max(boxes) <= 800, boxes
        assert table.evaluate("scrollY") == 0
        # The table screen says what it is in its one main heading.
        expect(table.locator("h1")).to_have_count(1)
        expect(table.locator("h1")).to_contain_text("Table")

        # The first turn starts (live, no reload): the codes make way for the game, closed
        # at the end of the table's live part, and the turn is at the top of the screen.
        table.get_by_role("button", name="Start first turn").click()
        expect(table.locator("#turn")).to_contain_text("Aiko’s turn", timeout=LIVE)
        join = table.locator("#live > details.join:last-child")
        expect(join).to_have_count(1)
        expect(join).not_to_have_attribute("open", "")
        box = table.locator("#turn").bounding_box()
        assert box and box["y"] < 100, box
    finally:
        ctx.close()


def test_table_screen_chips_and_badges_are_readable_across_the_table(browser, live_server):
    g = mid_game(live_server.url)
    aid = open_tuna(g)
    g.bid(aid, "Aiko", 100)
    ctx, table = page_for(browser, g.table_url, "dark", 1280, 800)
    try:
        sizes = table.evaluate(
            """() => [...document.querySelectorAll('.chips > li, .chip, .badge')]
                 .filter(el => el.getBoundingClientRect().width > 0)
                 .map(el => [el.textContent.trim().slice(0, 20),
                             parseFloat(getComputedStyle(el).fontSize)])"""
        )
        kinds = {text for text, _ in sizes}
        # License spaces, a Harbor's barrel, the auction's bidders, the external markets.
        assert {"free", "Eel", "Mackerel ¥100", "✓ Aiko", "Bo"} <= kinds, kinds
        assert any(t.startswith("Bank") for t in kinds), kinds
        small = [(t, s) for t, s in sizes if s < 18]
        assert small == [], small
        # The fish markets are rows of figures on the table screen (#20), as large.
        rows = table.evaluate(
            """() => [...document.querySelectorAll('#markets-board .markets-table tbody tr')]
                 .filter(el => el.getBoundingClientRect().width > 0)
                 .map(el => [el.textContent.trim().slice(0, 20),
                             parseFloat(getComputedStyle(el).fontSize)])"""
        )
        assert any(t.startswith("Tuna") for t, _ in rows), rows
        assert [(t, s) for t, s in rows if s < 18] == [], rows
    finally:
        ctx.close()


def assert_columns_line_up(page, selector: str) -> None:
    """Each header's text ends where its column's figures end (right-aligned figures) or
    starts where its column's texts start (left-aligned names)."""
    columns = page.evaluate(COLUMNS, selector)
    assert len(columns) >= 3
    for head, side, edge, cells in columns:
        assert cells, head
        assert all(abs(c - cells[0]) < 1 for c in cells), (selector, head, side, cells)
        assert abs(edge - cells[0]) < 1, (
            f"{selector}: {head!r} {side} edge at {edge}, its column's at {cells[0]}"
        )


def test_bid_and_final_score_tables_line_their_headers_up_with_the_numbers(browser, live_server):
    from playwright.sync_api import expect

    g = mid_game(live_server.url)
    aid = tied_tuna(g)
    ctx, table = page_for(browser, g.table_url, "dark", 1280, 800)
    try:
        expect(table.locator("#auction")).to_have_attribute("data-status", "revealed")
        assert_columns_line_up(table, "#auction table.bids")

        g.call(f"/auctions/{aid}/choose", {"winner": "Bo"})
        g.act({"type": "end_game"})
        expect(table.locator("#final-score .score-table table")).to_be_visible(timeout=LIVE)
        assert_columns_line_up(table, "#final-score .score-table table")
        corner = table.locator("#final-score .score-table thead th").first
        assert corner.inner_text().strip(), "the corner header is empty"
    finally:
        ctx.close()


def test_last_auction_goes_at_the_next_action_and_never_pushes_the_players_down(
    browser, live_server
):
    from playwright.sync_api import expect

    g = mid_game(live_server.url)
    aid = open_tuna(g)
    ctx, table = page_for(browser, g.table_url, "dark", 1280, 800)
    try:
        top_before = table.locator("#players").evaluate("e => e.getBoundingClientRect().top")
        for name, amount in zip(PLAYERS, [100, 400, 0, 0], strict=True):
            g.bid(aid, name, amount)
        auction = table.locator("#auction")
        expect(auction).to_have_attribute("data-status", "settled", timeout=LIVE)
        expect(auction).to_contain_text("Last auction")
        g.act({"type": "pay", "from": "supply", "to": "Chiyo", "amount": 100})
        expect(auction).to_be_hidden(timeout=LIVE)
        top_after = table.locator("#players").evaluate("e => e.getBoundingClientRect().top")
        assert top_after <= top_before
    finally:
        ctx.close()


def test_using_a_form_keeps_the_state_in_view(browser, live_server):
    """At 1280 × 800 the forms sit beside the state: recording a payment from the table
    screen scrolls nothing, and the turn and the players stay on screen."""
    from playwright.sync_api import expect

    g = mid_game(live_server.url)
    ctx, table = page_for(browser, g.table_url, "dark", 1280, 800)
    try:
        table.locator("#table-tools > summary").click()  # the corrections' one control (#20)
        table.locator("#actions summary", has_text="Pay Yen").click()
        pay = table.locator("#form-pay")
        pay.locator('select[name="to"]').select_option("Daichi")
        pay.locator('input[name="amount"]').fill("300")
        pay.get_by_role("button", name="Record payment").click()
        expect(table.locator('#live [data-yen="Daichi"]')).to_have_text("¥2,300", timeout=LIVE)
        assert table.evaluate("scrollY") == 0
        for sel in ("#turn", "#players", "#form-pay button[type=submit]"):
            box = table.locator(sel).bounding_box()
            assert box and box["y"] >= 0 and box["y"] < 800, (sel, box)
    finally:
        ctx.close()


# ---- the Eel track form ---------------------------------------------------------------------


@pytest.mark.parametrize("who", ["table", "phone"])
def test_eel_track_form_moves_from_where_the_marker_is_and_follows_live_updates(
    browser, live_server, who
):
    from playwright.sync_api import expect

    g = mid_game(live_server.url)  # Eel on 7
    url = g.table_url if who == "table" else g.seats["Bo"]["join_url"]
    ctx, page = page_for(browser, url, "dark", 1280 if who == "table" else 390, 800)
    try:
        if who == "table":
            page.locator("#table-tools > summary").click()  # the corrections' one control
        page.locator("#actions summary", has_text="Market values").click()
        form = page.locator("#form-track-eel")
        now = page.locator('[data-track-now="eel"]')
        expect(now).to_have_text("7")
        # Someone else moves it: the form shows where it is now.
        g.act({"type": "set_track", "track": "eel", "value": 9})
        expect(page.locator('#live [data-value="eel"]')).to_have_text("9", timeout=LIVE)
        expect(now).to_have_text("9", timeout=LIVE)
        expect(page.locator("#form-track input[name=value]")).to_have_value("9")
        # +1 from there: 10, everywhere.
        form.get_by_role("button", name="Eel +1 space", exact=True).click()
        expect(page.locator('#live [data-value="eel"]')).to_have_text("10", timeout=LIVE)
        expect(now).to_have_text("10")
        # "to N" puts it on a space, whatever it showed before.
        field = page.locator("#form-track input[name=value]")
        field.fill("4")
        page.locator("#form-track").get_by_role("button", name="Put the Eel marker there").click()
        expect(page.locator('#live [data-value="eel"]')).to_have_text("4", timeout=LIVE)
        expect(now).to_have_text("4")
    finally:
        ctx.close()


# ---- the phone defects the tour found -------------------------------------------------------

#: Every <summary> whose disclosure marker is missing (a collapsed section would look like
#: an empty card).
NO_MARKER = """() => [...document.querySelectorAll('details > summary')]
  .filter(s => s.getBoundingClientRect().width > 0)
  .filter(s => !['"▸"', "'▸'"].includes(getComputedStyle(s, '::before').content))
  .map(s => s.textContent.trim().slice(0, 30))"""


def test_phone_defects_the_tour_found_are_gone(browser, live_server):
    """On a 390 px phone: nobody is told to tap a button their page lacks; every collapsed
    section shows its marker; the end trigger is news (no alert) naming the final round;
    the start-of-turn check and the card's distance say which moment they describe; the
    licence form shows prices; a licence line is singular; "Undo to here" waits for the
    pointer; the final scores are one card per player; no page load meets a 404."""
    from playwright.sync_api import expect

    g = Game(live_server.url, PLAYERS, fish_markets=FISH, external_markets=EXTERNAL, expansion=True)
    failed: list[str] = []
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    ctx.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        bo = ctx.new_page()
        bo.goto(g.seats["Bo"]["join_url"])
        expect(bo.locator("#turn")).to_contain_text("The table screen starts the first turn")
        expect(bo.locator("#turn")).not_to_contain_text("Start first turn")
        assert bo.evaluate(NO_MARKER) == []
        bo.locator("#actions summary", has_text="Licences").click()
        form = bo.locator("#form-license select[name=market]")
        expect(form).to_be_attached()
        prices = form.locator("option").evaluate_all("els => els.map(e => e.textContent)")
        assert prices and all("¥" in p for p in prices), prices

        g.act({"type": "next_turn"})  # Aiko's turn
        g.act({"type": "take_license", "player": "Aiko", "market": "eel", "pay": True})
        g.act({"type": "pay", "from": "supply", "to": "Bo", "amount": 3000})
        g.act({"type": "next_turn"})  # Bo's turn: ¥5,000, not the outright lowest Resources
        check = bo.locator("#turn .end-check")
        expect(check).to_have_class(re.compile(r"\bend-triggered\b"), timeout=LIVE)
        expect(check).to_contain_text("At the start of this turn", ignore_case=True)
        expect(check).to_contain_text("final round", ignore_case=True)
        expect(check).not_to_contain_text("the game ends")
        assert bo.locator("#turn .error, #turn [role=alert]").count() == 0
        expect(bo.locator("#turn .final-round")).to_contain_text(
            "Still to play: Chiyo, Daichi, Aiko"
        )
        expect(bo.locator("#pc-0-end")).to_contain_text("End, now:")
        bo.locator("details[data-keep='phone-history'] > summary").click()
        expect(bo.locator("#history .text", has_text="Eel licence")).to_contain_text(
            "took 1 Eel licence"
        )
        assert bo.locator("#history .text", has_text="Eel licences").count() == 0

        table = ctx.new_page()
        table.goto(g.table_url)
        undo_to = table.locator("#history .undo-to")
        expect(undo_to.first).to_be_attached()
        table.mouse.move(0, 0)
        opacities = undo_to.evaluate_all("els => els.map(e => getComputedStyle(e).opacity)")
        assert set(opacities) == {"0"}, opacities

        g.act({"type": "end_game"})
        cards = bo.locator("#final-score .score-card")
        expect(cards).to_have_count(4, timeout=LIVE)
        expect(bo.locator("#final-score .score-table")).to_be_hidden()
        for i in range(4):
            box = cards.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        for page in (bo, table):
            page.reload()
        expect(bo.locator("#final-score .score-card")).to_have_count(4)
        assert failed == []
    finally:
        ctx.close()
