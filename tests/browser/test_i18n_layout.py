"""Every page fits a phone in both languages (issue #21, "Visible mistakes"): at 360 and
390 px nothing scrolls sideways (the Japanese turn heading made the page 436 px wide, the
rules cards with an app reading 786–873 px, in English too), Japanese breaks lines between
phrases and never inside a number with its unit; and the history shows the viewer's own
time, not the server's UTC."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import requests
from browser_support import LIVE

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(module_server):
    """One server for this module: each test makes its own games and reads nothing the
    server keeps across games (tests/conftest.py ``module_server``)."""
    return module_server


A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "money": "open",
    "seed": 11,
    "expansion": True,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "fugu", "salmon"],
    "external_markets": ["ships", "bank", "auction", "rentals"],
}
WIDTHS = (360, 390)
RULES_CARDS = ("tuna", "spider_crab", "eel", "salmon", "bank", "sardine", "overfishing")

#: How wide the page is, and the widest elements that stick out on the right (to say
#: where the trouble is).
OVERFLOW = """w => {
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > w + 1 && e.getClientRects().length)
    .filter(e => getComputedStyle(e).position !== 'fixed')
    .slice(-4)
    .map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} `
      + `${Math.round(e.getBoundingClientRect().right)}px "${e.textContent.trim().slice(0, 50)}"`);
  return [document.documentElement.scrollWidth, wide];
}"""


#: Where each element's text wraps: the two characters either side of each line break.
BREAKS = """els => els.flatMap(el => {
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let top = null, before = "", n;
  while ((n = walker.nextNode())) {
    top = null;  // each text on its own (a tile's name and cost are two blocks)
    for (let i = 0; i < n.data.length; i++) {
      const range = document.createRange();
      range.setStart(n, i);
      range.setEnd(n, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      const ch = n.data[i];
      if (top !== null && rect.top > top + 2 && !/\\s/.test(ch + before))
        out.push([before, ch, el.textContent.trim()]);
      top = rect.top;
      before = ch;
    }
  }
  return out;
})"""
#: A break between these is inside a word or a number with its unit.
KATAKANA = re.compile(r"[\u30a0-\u30ffー]")
FIGURE = re.compile(r"[\d,]")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Game:
    def __init__(self, url: str, setup: dict[str, Any]) -> None:
        r = requests.post(f"{url}/api/games", json=setup, timeout=LIVE)
        assert r.status_code == 201, r.text
        body = r.json()
        self.url, self.id, self.host = url, body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}
        self.tie = ""

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        r = requests.post(
            f"{self.url}/api/games/{self.id}{path}",
            json=body,
            headers=auth(token or self.host),
            timeout=LIVE,
        )
        assert r.status_code in (200, 201), r.text
        return r.json()

    def act(self, **action: Any) -> None:
        self.post("/actions", action)


def board_game(url: str) -> Game:
    """Aiko's turn with money moved, a licence taken and a tied auction to settle."""
    game = Game(url, SETUP)
    game.act(type="gain_fish", player=A, fish="eel", count=3)
    game.act(type="take_license", player=B, market="eel", count=1, pay=False)
    game.act(type="pay", **{"from": "supply", "to": B, "amount": 1200})
    game.act(type="next_turn")
    aid = game.post("/auctions", {"kind": "spider_crab", "owner": C, "drawn": "spider_crab:6"})[
        "auction_id"
    ]
    for name in (A, B, C):
        game.post(f"/auctions/{aid}/bids", {"amount": 0 if name == C else 500}, game.tokens[name])
    game.tie = aid
    return game


def turn_game(url: str) -> Game:
    """Aiko's turn as ``board_game``'s, its tie settled: until it is, her turn guide says
    the auction comes first instead of offering its panels."""
    game = board_game(url)
    game.post(f"/auctions/{game.tie}/choose", {"winner": A})
    return game


def ended_game(url: str) -> Game:
    game = Game(url, SETUP)
    game.act(type="next_turn")
    game.act(type="pay", **{"from": "supply", "to": B, "amount": 1100})
    game.act(type="next_turn")
    game.act(type="end_game")
    return game


@pytest.fixture
def sized(browser: Any) -> Any:
    contexts: list[Any] = []

    def make(width: int, locale: str, **options: Any) -> Any:
        ctx = browser.new_context(
            viewport={"width": width, "height": 800},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            locale=locale,
            **options,
        )
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


#: The page settled: its fonts loaded, no htmx request in flight (a ``load`` trigger's
#: answer swapped in) and a frame laid out since (what the page's own scripts do on load
#: is done by then; the measures below lay the page out anew as they read it).
SETTLED = """async () => {
  await document.fonts.ready;
  await new Promise(r => requestAnimationFrame(r));
  return !document.querySelector('.htmx-request');
}"""


def check(page: Any, width: int, what: str, problems: list[str]) -> None:
    page.wait_for_function(SETTLED, timeout=LIVE)
    scroll, wide = page.evaluate(OVERFLOW, width)
    if scroll > width:
        problems.append(f"{what} at {width}px: {scroll}px wide: {wide}")


def load(page: Any, button: Any) -> None:
    """Click a button of the turn guide and wait for the panel it loads."""
    page.evaluate(
        "() => { const c = document.getElementById('turn-panel').firstElementChild;"
        " if (c) c.dataset.stale = '1'; }"
    )
    button.click()
    page.wait_for_function(
        "() => { const c = document.getElementById('turn-panel').firstElementChild;"
        " return c && !c.dataset.stale; }",
        timeout=LIVE,
    )


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_no_page_scrolls_sideways_on_a_phone(live_server: Any, sized: Any, locale: str) -> None:
    url = live_server.url
    game, done, turn = board_game(url), ended_game(url), turn_game(url)
    cards = Game(url, {"game": "tsukiji_market", "players": [A, B]})
    problems: list[str] = []
    lang = locale[:2]
    # One device per viewer (a join link signs in one device), sized to each width.
    page, phone, card_phone = (sized(WIDTHS[0], locale) for _ in range(3))
    page.goto(f"{url}/join/{game.host}")
    page.goto(f"{url}/join/{done.host}")  # the host of both (the sign-ins are kept)
    phone.goto(f"{url}/join/{game.tokens[A]}")
    phone.goto(f"{url}/join/{turn.tokens[A]}")
    card_phone.goto(f"{url}/join/{cards.tokens[A]}")
    for width in WIDTHS:
        for p in (page, phone, card_phone):
            p.set_viewport_size({"width": width, "height": 800})
        plain = ["/", "/games/new", "/calculator/", "/jutaku/", "/rules/", "/games/new/cards"]
        plain += ["/rules/readings"]
        plain += [f"/rules/{m}" for m in RULES_CARDS]
        for path in plain:
            page.goto(url + path)
            assert page.evaluate("document.documentElement.getAttribute('lang')") == lang, path
            check(page, width, path, problems)
        # The table screen, a rules card of the game, the report (a finished game too).
        page.goto(f"{url}/games/{game.id}/table")
        page.wait_for_selector("#live")
        check(page, width, "table screen", problems)
        for path in (f"/games/{game.id}/rules/eel", f"/games/{game.id}/report"):
            page.goto(url + path)
            check(page, width, path, problems)
        page.goto(f"{url}/games/{done.id}/report")
        page.wait_for_selector("canvas[data-chart]")
        check(page, width, "report of a finished game", problems)
        # The card game's table screen and deck page.
        page.goto(f"{url}/join/{cards.host}")
        page.wait_for_selector("#live")
        check(page, width, "card game table screen", problems)
        page.goto(f"{url}/games/{cards.id}/cards/deck")
        check(page, width, "card game deck", problems)
        # The phones: Aiko's, whose turn it is, through the turn guide's panels.
        phone.goto(f"{url}/games/{game.id}/seat")
        phone.wait_for_selector("#turn-guide .turn-held")
        check(phone, width, "phone with the tie holding its turn guide", problems)
        phone.goto(f"{url}/games/{turn.id}/seat")
        phone.wait_for_selector("#turn-guide")
        check(phone, width, "phone with the turn guide", problems)
        choices = phone.locator("#turn-guide .turn-choice")
        assert choices.count() == 4
        for i in range(4):
            load(phone, choices.nth(i))
            check(phone, width, f"turn guide panel {i + 1}", problems)
            tiles = phone.locator("#turn-panel .turn-tile:not([disabled]):visible")
            if tiles.count():
                load(phone, tiles.first)
                check(phone, width, f"turn guide panel {i + 1}, its first choice", problems)
        card_phone.goto(f"{url}/games/{cards.id}/seat")
        card_phone.wait_for_selector("#live")
        check(card_phone, width, "card game phone", problems)
    assert not problems, "\n".join(problems)


def test_japanese_breaks_between_phrases_and_the_turn_heading_fits(
    live_server: Any, sized: Any
) -> None:
    """「アクションポイン／ト1点」 and 「100／円」 no more: Japanese text breaks between phrases."""
    game = turn_game(live_server.url)
    phone = sized(360, "ja-JP")
    phone.goto(f"{live_server.url}/join/{game.tokens[A]}")
    title = phone.locator("#turn-guide-title")
    title.wait_for()
    assert "アクションポイント2点" in title.inner_text()
    ap = phone.locator("#turn-guide-title .turn-ap").bounding_box()
    assert ap and ap["x"] + ap["width"] <= 360, ap
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    rule = phone.evaluate("getComputedStyle(document.querySelector('.turn-guide')).wordBreak")
    assert rule == "auto-phrase", rule
    # The market tiles at 360 px: no break inside アクションポイント nor between 100 and 円.
    load(phone, phone.locator("#turn-guide .turn-choice").nth(2))
    texts = phone.locator("#turn-guide-title, #turn-panel .turn-tile, #turn-guide .turn-choice")
    assert texts.count() > 10
    bad = [
        f"{before}／{after} in {text!r}"
        for before, after, text in texts.evaluate_all(BREAKS)
        if (KATAKANA.match(before) and KATAKANA.match(after))
        or (FIGURE.match(before) and (FIGURE.match(after) or after in "円点"))
    ]
    assert not bad, bad


def test_history_times_are_in_the_viewers_time_zone(live_server: Any, sized: Any) -> None:
    game = board_game(live_server.url)
    page = sized(390, "ja-JP", timezone_id="Asia/Tokyo")
    page.goto(f"{live_server.url}/join/{game.host}")
    page.wait_for_selector("#log time")

    def shown() -> list[tuple[str, str]]:
        return page.evaluate(
            "() => [...document.querySelectorAll('#log time')]"
            ".map(t => [t.dateTime, t.textContent])"
        )

    def tokyo(instant: str) -> str:
        at = datetime.fromisoformat(instant.replace("Z", "+00:00")).astimezone(UTC)
        return (at + timedelta(hours=9)).strftime("%H:%M:%S")

    first = shown()
    assert len(first) >= 5
    for instant, text in first:
        assert text == tokyo(instant), (instant, text)
    # A live update brings a new entry (and the server's UTC text for every row): still
    # the viewer's time.
    game.post(f"/auctions/{game.tie}/choose", {"winner": A})
    page.wait_for_function(
        "n => document.querySelectorAll('#log time').length > n", arg=len(first), timeout=LIVE
    )
    page.wait_for_timeout(100)
    for instant, text in shown():
        assert re.fullmatch(r"\d\d:\d\d:\d\d", text)
        assert text == tokyo(instant), (instant, text)
