"""Every live page always equals its own reload (issue #16), in headless Chromium.

A scripted game is played on four phones and the table screen (two phones and the table
for the card game), some in English and some in Japanese. After every step, on every
page, what the page shows in #live (its DOM after the live updates, normalised: the
values a person sees, not how they got there) must equal the same viewer's #live freshly
rendered by the server; at checkpoints also a real reload of the page in a new tab. The
steps cover open and closed money, the auctions a Fishing action of the turn guide opens
(ids such as ``a3.1``), auctions opened from the table, bids sealed on the phones,
reveals, undo and redo, a stream dropped and resumed, a phone asleep and back, the end
of the game, and the card game's finger bids.
"""

from __future__ import annotations

from typing import Any

import pytest
import requests
from browser_support import LIVE
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.slow]


@pytest.fixture
def live_server(module_server: Any) -> Any:
    """One server for this module: each test makes its own games and reads nothing the
    server keeps across games (tests/conftest.py ``module_server``)."""
    return module_server


PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]

#: #live (or a parsed copy of it) as a person sees it: tags, attributes, the text, and
#: the current value of every field and <details>; htmx's transient classes left out.
NORMALISE = """
(root, typed = []) => {
  const out = [];
  const walk = (n) => {
    if (n.nodeType === 3) {
      const t = n.textContent.replace(/\\s+/g, " ").trim();
      if (t) out.push(t);
      return;
    }
    if (n.nodeType !== 1) return;
    const attrs = [...n.attributes]
      .filter((a) => !["value", "checked", "open", "class"].includes(a.name))
      .map((a) => `${a.name}=${a.value}`).sort();
    const cls = [...n.classList].filter((c) => !c.startsWith("htmx-")).sort().join(".");
    let now = "";
    const box = ["checkbox", "radio"].includes(n.type);
    if (typed.includes(n.id)) now = "typed by the player";
    else if (n.tagName === "INPUT") now = box ? `checked=${n.checked}` : `value=${n.value}`;
    else if (n.tagName === "TEXTAREA" || n.tagName === "SELECT") now = `value=${n.value}`;
    else if (n.tagName === "DETAILS") now = `open=${n.open}`;
    out.push(`<${n.tagName.toLowerCase()} ${attrs.join(" ")} .${cls} ${now}>`);
    // A <time> is compared by its datetime (in the attributes): the page's script writes
    // its text in the viewer's time zone, the parsed fresh copy keeps the server's UTC.
    if (n.tagName !== "TIME") for (const c of n.childNodes) walk(c);
    out.push(`</${n.tagName.toLowerCase()}>`);
  };
  for (const c of root.childNodes) walk(c);
  return out.join("\\n");
}
"""

#: The page's #live and the viewer's #live as the server renders it now (the fallback's
#: address, which serves what a page load puts in #live), both normalised. ``typed``: the
#: ids of fields the player is typing in (theirs until sent: no reload can know them).
COMPARE = (
    """
async (typed) => {
  const normalise = """
    + NORMALISE
    + """;
  const live = document.getElementById("live");
  const r = await fetch(live.dataset.poll, { credentials: "same-origin" });
  const fresh = new DOMParser().parseFromString(await r.text(), "text/html").body;
  return [normalise(live, typed), normalise(fresh, typed), r.status];
}
"""
)


def api(base: str, method: str, path: str, token: str | None, body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.request(method, base + path, json=body, headers=headers, timeout=10)
    assert r.status_code in (200, 201), (path, body, r.status_code, r.text)
    return r.json()


def first_difference(a: str, b: str) -> str:
    left, right = a.split("\n"), b.split("\n")
    for i, (x, y) in enumerate(zip(left, right, strict=False)):
        if x != y:
            return f"line {i}: page {x!r} / fresh {y!r}"
    return f"lengths {len(left)} / {len(right)}"


class Table:
    """The pages of one game and the steps played on them."""

    def __init__(self, base: str, game: dict[str, Any], pages: dict[str, Any]) -> None:
        self.base, self.game, self.pages = base, game, pages
        self.tokens = {"host": game["host_token"], **{s["name"]: s["token"] for s in game["seats"]}}
        self.steps = 0

    def act(self, who: str, body: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = api(
            self.base, "POST", f"/api/games/{self.game['id']}/actions", self.tokens[who], body
        )
        return out

    def converge(self, step: str, reload: bool = False, typed: tuple[str, ...] = ()) -> None:
        """Every page's #live equals its viewer's fresh #live (waiting for the live
        update to land, never longer than LIVE); with ``reload``, a new tab's too."""
        self.steps += 1
        for name, page in self.pages.items():
            deadline = LIVE
            live, fresh, status = page.evaluate(COMPARE, list(typed))
            while live != fresh and deadline > 0:
                page.wait_for_timeout(100)
                deadline -= 100
                live, fresh, status = page.evaluate(COMPARE, list(typed))
            assert status == 200, (step, name, status)
            assert live == fresh, f"{step}: {name}'s page differs from its reload: " + (
                first_difference(live, fresh)
            )
            if reload:
                other = page.context.new_page()
                other.goto(page.url)
                again = other.evaluate("(" + NORMALISE + ')(document.getElementById("live"))')
                other.close()
                now = page.evaluate("(" + NORMALISE + ')(document.getElementById("live"))')
                if name != "table":  # the table screen shows the new tab's stream coming
                    assert now == again, f"{step}: {name} after a real reload: " + (
                        first_difference(now, again)
                    )


def open_pages(base: str, game: dict[str, Any], screen: Any, phone: Any, ja: set[str]) -> Any:
    pages: dict[str, Any] = {}
    table = screen(locale="ja-JP" if "table" in ja else "en-US")
    table.goto(f"{base}/join/{game['host_token']}")
    pages["table"] = table
    for seat in game["seats"]:
        page = phone(locale="ja-JP" if seat["name"] in ja else "en-US")
        page.goto(seat["join_url"])
        page.wait_for_selector("#live")
        pages[seat["name"]] = page
    for page in pages.values():
        page.wait_for_function("window.tsukijiLive && window.tsukijiLive.streamUp()", timeout=LIVE)
    return pages


@pytest.mark.parametrize(
    ("money", "ja"), [("open", {"Bo", "Daichi"}), ("closed", {"table", "Aiko", "Chiyo"})]
)
def test_a_board_game_every_page_equals_its_reload_after_every_step(
    live_server: Any, screen: Any, phone: Any, money: str, ja: set[str]
) -> None:
    base = live_server.url
    game = api(
        base,
        "POST",
        "/api/games",
        None,
        {
            "players": PLAYERS,
            "money": money,
            "seed": 4242,
            "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
            "external_markets": ["ships", "bank", "rentals", "government"],
        },
    )
    gid = game["id"]
    pages = open_pages(base, game, screen, phone, ja)
    t = Table(base, game, pages)
    t.converge("the pages as loaded")

    t.act("host", {"type": "next_turn"})
    t.converge("the first turn started")
    t.act("Aiko", {"type": "pay", "from": "Aiko", "to": "Bo", "amount": 300})
    t.converge("a payment between two players")

    # The turn guide's Fishing: Aiko catches three Tuna and docks; the auction it opens
    # has an id with a dot (a guided action's group).
    t.act(
        "host",
        {"type": "take_license", "player": "Aiko", "market": "tuna", "count": 3, "pay": False},
    )
    t.act("host", {"type": "return_boat", "player": "Aiko", "boat": "one_slot"})
    t.act("host", {"type": "take_boat", "player": "Aiko", "boat": "three_slot", "pay": False})
    t.converge("licences and a boat for the catch")
    # #19: the ship (b2) undocks, then catches one barrel per Fishing action.
    t.act("Aiko", {"type": "fishing", "player": "Aiko", "boats": [{"boat": "b2", "do": "undock"}]})
    t.act("Aiko", {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    t.converge("the ship undocked and caught a Tuna")
    for _ in PLAYERS:
        t.act("host", {"type": "next_turn"})
    t.act("Aiko", {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    t.act("Aiko", {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    t.converge("three Tuna caught")
    for _ in PLAYERS:
        t.act("host", {"type": "next_turn"})
    t.act("Aiko", {"type": "fishing", "player": "Aiko", "unloaded": {"tuna": 3}})
    t.converge("docked: a Tuna auction opens", reload=True)
    # Until it is settled nothing else may be recorded: the phones' bookkeeping forms go.
    phones = [page.locator("#actions") for name, page in pages.items() if name != "table"]
    for forms in phones:
        expect(forms).to_be_hidden(timeout=LIVE)
    auction = api(base, "GET", f"/api/games/{gid}", game["host_token"])["auction"]
    aid = auction["id"]
    assert "." in aid, aid

    # Bo seals on his phone with the keypad, before the others: his page must follow
    # the others' seals and the reveal (it froze here before: '#bid-form-a3.1').
    bo = pages["Bo"]
    form = bo.locator("#bid-sheet form")
    form.locator("input.bid-amount").fill("700")
    form.locator("button.seal").click()
    bo.wait_for_function(
        "() => document.querySelector('#bid-sheet .my-bid') !== null", timeout=LIVE
    )
    t.converge("Bo sealed on his phone")
    # Chiyo has typed an amount but not sealed when Daichi seals: her figure stays.
    chiyo_amount = pages["Chiyo"].locator("#bid-sheet input.bid-amount")
    chiyo_amount.fill("400")
    api(base, "POST", f"/api/games/{gid}/auctions/{aid}/bids", t.tokens["Daichi"], {"amount": 200})
    pages["Chiyo"].wait_for_function(
        "() => document.querySelector('#auction').textContent.includes('Daichi')", timeout=LIVE
    )
    assert chiyo_amount.input_value() == "400"
    typing = chiyo_amount.get_attribute("id") or ""
    t.converge("Daichi sealed while Chiyo typed", typed=(typing,))
    assert chiyo_amount.input_value() == "400"
    pages["Chiyo"].locator("#bid-sheet button.seal").click()
    api(base, "POST", f"/api/games/{gid}/auctions/{aid}/bids", t.tokens["Aiko"], {"amount": 100})
    for page in pages.values():
        page.wait_for_function(
            "() => /revealed|settled/.test(document.querySelector('#auction').dataset.status)",
            timeout=LIVE,
        )
    t.converge("the last bid: the reveal on every page", reload=True)
    for forms in phones:  # settled: they come back
        expect(forms).to_be_visible(timeout=LIVE)

    api(base, "POST", f"/api/games/{gid}/undo", t.tokens["host"])
    t.converge("undo of the settlement")
    api(base, "POST", f"/api/games/{gid}/redo", t.tokens["host"])
    t.converge("redo")

    # An auction opened from the table: a Spider Crab lot.
    opened = api(
        base,
        "POST",
        f"/api/games/{gid}/auctions",
        t.tokens["host"],
        {"kind": "spider_crab", "owner": "Bo"},
    )
    t.converge("a Spider Crab auction opened by the table")

    # Chiyo's stream drops (the Wi-Fi goes) while two bids are sealed; it comes back.
    chiyo = pages["Chiyo"]
    chiyo.context.set_offline(True)
    for name, amount in (("Aiko", 300), ("Bo", 0)):
        api(
            base,
            "POST",
            f"/api/games/{gid}/auctions/{opened['auction_id']}/bids",
            t.tokens[name],
            {"amount": amount},
        )
    chiyo.context.set_offline(False)
    chiyo.wait_for_function("window.tsukijiLive.streamUp()", timeout=3 * LIVE)
    t.converge("Chiyo's stream dropped and resumed")

    # Daichi's phone sleeps (the page frozen, as a phone's screen off) through two
    # changes, and wakes.
    daichi = pages["Daichi"]
    cdp = daichi.context.new_cdp_session(daichi)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    for name, amount in (("Chiyo", 500), ("Daichi", 100)):
        api(
            base,
            "POST",
            f"/api/games/{gid}/auctions/{opened['auction_id']}/bids",
            t.tokens[name],
            {"amount": amount},
        )
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    t.converge("Daichi's phone asleep and back", reload=True)

    for _ in range(3):
        t.act("host", {"type": "next_turn"})
        t.converge("the next turn")
    t.act("host", {"type": "gain_fish", "player": "Chiyo", "fish": "mackerel", "count": 2})
    t.converge("a correction from the table")
    t.act("host", {"type": "end_game"})
    t.converge("the end of the game", reload=True)
    # The bookkeeping forms go with the end (every action is refused then) and come back
    # with its undo, on each page, live as after a reload.
    pages["table"].locator("#table-tools > summary").click()  # where the table's are
    recorders = [page.locator("#actions") for page in pages.values()]
    for forms in recorders:
        expect(forms).to_be_hidden(timeout=LIVE)
    api(base, "POST", f"/api/games/{gid}/undo", t.tokens["host"])
    t.converge("the end undone")
    for forms in recorders:
        expect(forms).to_be_visible(timeout=LIVE)
    assert t.steps >= 20


def test_a_card_game_every_page_equals_its_reload_after_every_step(
    live_server: Any, screen: Any, phone: Any
) -> None:
    base = live_server.url
    game = api(
        base,
        "POST",
        "/api/games",
        None,
        {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3},
    )
    gid = game["id"]
    pages = open_pages(base, game, screen, phone, {"Bo"})
    t = Table(base, game, pages)
    t.converge("the pages as loaded")
    card = {"colour": "red", "points": 3, "wasabi": False, "knife": False, "barrel": False}
    for a, b in ((3, 1), (2, 2), (1, 4)):
        pages["Aiko"].locator(".cards-fingers").get_by_role(
            "button", name=str(a), exact=True
        ).click()
        pages["Aiko"].wait_for_function(
            "() => document.querySelector('.cards-fingers legend') !== null", timeout=LIVE
        )
        t.converge("Aiko's fingers sealed")
        api(base, "POST", f"/api/games/{gid}/bids", t.tokens["Bo"], {"fingers": b})
        t.converge("Bo's fingers: the reveal")
        waiting = api(base, "GET", f"/api/games/{gid}", t.tokens["host"])["waiting_for"]
        for w in waiting:
            if w["type"] == "take_card":
                t.act("host", {"type": "take_card", "player": w["player"], **card})
                t.converge("a card taken")
    api(base, "POST", f"/api/games/{gid}/undo", t.tokens["host"])
    t.converge("undo", reload=True)
    api(base, "POST", f"/api/games/{gid}/redo", t.tokens["host"])
    t.converge("redo", reload=True)
