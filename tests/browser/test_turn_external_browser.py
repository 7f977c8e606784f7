"""The external markets from the active phone (issue #9), against the real server: a Bank
visit (¥100 entry, two loans) and a Government visit (tokens onto both places), each
previewed with its Yen and confirmed once; the panels pass axe-core and fit 360 px at
200 % text."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import LIVE, wait_flash
from test_turn_browser import Api, checked, open_phone

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 11,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "government", "rentals"],
}


def test_a_bank_and_a_government_visit_from_the_phone(live_server: Any, phone: Any) -> None:
    from playwright.sync_api import expect

    api = Api(live_server.url, SETUP)
    api.act(type="gain_fish", player=A, fish="squid", count=3)
    api.act(type="gain_fish", player=A, fish="mackerel", count=2)
    api.act(type="next_turn")

    def yen() -> int:
        return int(api.state()["players"][0]["yen"])

    aiko = open_phone(phone, api, api.tokens[A])
    guide = aiko.locator("#turn-guide")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible()

    # Markets → the external tiles carry their entry cost now.
    guide.get_by_role("button", name="Markets").click()
    bank = guide.get_by_role("button", name=re.compile(r"^Bank"))
    expect(bank).to_contain_text("2 AP or ¥100")
    checked(aiko)
    bank.click()

    # Bank: pay ¥100, take two loans (one is filled in, #20); the preview names the Yen.
    guide.get_by_label("¥100").check()
    more = guide.get_by_role("button", name="Loans to take: more")
    expect(guide.locator("#f-loans")).to_have_value("1")
    more.click()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("¥1,000", timeout=LIVE)
    expect(preview).to_contain_text("¥100")
    assert more.bounding_box()["height"] >= 48
    checked(aiko)
    before = yen()
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert yen() - before == 1000 - 100
    state = api.state()
    assert state["markets"]["stock"]["bank.loans"] == 1
    # The ¥100 entry spends no AP.
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible()

    # Government: 3 Squid onto the left place, 2 Mackerel onto the right one.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Government")).click()
    left = guide.get_by_role("group", name=re.compile("^Left place"))
    right = guide.get_by_role("group", name=re.compile("^Right place"))
    for _ in range(3):
        left.get_by_role("button", name="Squid: more").click()
    for _ in range(2):
        right.get_by_role("button", name="Mackerel: more").click()
    expect(preview).to_contain_text("¥900", timeout=LIVE)
    expect(preview).to_contain_text("¥400")
    checked(aiko)
    before, seq = yen(), api.state()["seq"]
    aiko.evaluate("window.__flashes = []")  # the Bank's "Recorded" is not this one's
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert yen() - before == 900 + 400
    state = api.state()
    assert state["markets"]["places"]["government.left"] == ["squid"] * 3
    assert state["markets"]["places"]["government.right"] == ["mackerel"] * 2
    texts = [h["text"] for h in state["history"][:2]]
    assert texts[0].startswith("Aiko visited Government")
    assert texts[1].startswith("Aiko visited Bank")
    assert state["seq"] == seq + 1  # one entry for the whole visit


SCENARIO = {
    "players": [A, B, C],
    "seed": 11,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "government", "trading"],
}


def test_government_port_2_and_a_trading_swap_seen_live_elsewhere(
    live_server: Any, phone: Any, screen: Any
) -> None:
    """Issue #9's scenario: from Aiko's phone a Government visit, Port 2 opened and a barge
    bought into it (only port 2 takes a barge), and a Trading token-for-token swap; each
    preview's amounts checked on the page; Bo's phone and the table screen follow each
    one live, never reloading."""
    from playwright.sync_api import expect

    api = Api(live_server.url, SCENARIO)
    api.act(type="gain_fish", player=A, fish="squid", count=3)
    api.act(type="gain_fish", player=A, fish="mackerel", count=4)
    api.act(type="gain_fish", player=B, fish="spider_crab", value=4)
    api.act(type="next_turn")  # Aiko's first turn: she opens port 1 (bookkeeping)
    api.act(type="open_port", player=A)
    api.act(type="next_turn")  # Bo trades his Spider Crab 4 onto the empty 4+ place
    api.act(
        type="visit",
        player=B,
        market="trading",
        entry="ap",
        trades=[{"place": 4, "tokens": ["spider_crab:4"]}],
    )
    api.act(type="next_turn")
    api.act(type="next_turn")  # Aiko again, 2 AP
    assert api.state()["markets"]["places"]["trading.4"] == ["spider_crab:4"]

    aiko, bo = open_phone(phone, api, api.tokens[A]), open_phone(phone, api, api.tokens[B])
    table = screen()
    table.goto(f"{api.url}/join/{api.host}")
    table.wait_for_selector("#live")
    for page in (bo, table):
        page.evaluate("window.__sameDocument = true")  # gone if the page reloads

    def seen_everywhere(yen: str) -> None:
        """The newest entry and Aiko's Yen on Bo's phone and the table screen."""
        seq = api.state()["seq"]
        for page in (bo, table):
            expect(page.locator(f'#history li[data-seq="{seq}"]')).to_have_count(1, timeout=LIVE)
            expect(page.locator(f'#live [data-yen="{A}"]')).to_have_text(yen, timeout=LIVE)

    def confirm() -> None:
        seq = api.state()["seq"]
        aiko.evaluate("window.__flashes = []")  # an earlier "Recorded" is not this one's
        guide.get_by_role("button", name="Confirm", exact=True).click()
        wait_flash(aiko, r"^Recorded")
        assert api.state()["seq"] == seq + 1  # one entry

    guide = aiko.locator("#turn-guide")
    preview = guide.locator("#turn-preview")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible()

    # 1. Government (free): 2 Squid onto the left place, 1 onto the right one.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Government")).click()
    left = guide.get_by_role("group", name=re.compile("^Left place"))
    right = guide.get_by_role("group", name=re.compile("^Right place"))
    left.get_by_role("button", name="Squid: more").click()
    left.get_by_role("button", name="Squid: more").click()
    right.get_by_role("button", name="Squid: more").click()
    expect(preview).to_contain_text("The supply → Aiko: ¥600", timeout=LIVE)
    expect(preview).to_contain_text("The supply → Aiko: ¥200")
    confirm()
    seen_everywhere("¥2,300")  # 2,000 − 500 (port 1) + 600 + 200
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 2 AP left.", timeout=LIVE)

    # 2. Free moves → Open port 2: ¥500 to the supply, no AP.
    guide.get_by_role("button", name="Free moves").click()
    tile = guide.get_by_role("button", name=re.compile(r"^Open port 2"))
    expect(tile).to_contain_text("¥500")
    checked(aiko)
    tile.click()
    expect(preview).to_contain_text("Aiko → the supply: ¥500 (port opened)", timeout=LIVE)
    expect(preview).to_contain_text("Aiko opens port 2")
    assert guide.get_by_role("button", name="Confirm", exact=True).bounding_box()["height"] >= 48
    confirm()
    assert api.state()["players"][0]["ports"] == 2
    seen_everywhere("¥1,800")

    # 3. Ships: buy the barge, which only port 2 takes.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Ships")).click()
    expect(guide).to_contain_text("port 2 (two ships or one barge)")
    buy = guide.get_by_role("button", name="Buy Six-slot barge: more")
    expect(
        guide.get_by_text(re.compile("it fits a free port place now; only port 2"))
    ).to_be_visible()
    buy.click()
    expect(preview).to_contain_text("Aiko → the supply: ¥1,000", timeout=LIVE)
    expect(preview).to_contain_text("Aiko's new Six-slot barge from Ships docks in a port")
    checked(aiko)
    confirm()
    kinds = [b["kind"] for b in api.state()["players"][0]["boats"]]
    assert kinds == ["one_slot", "barge"]
    seen_everywhere("¥800")
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 1 AP left.", timeout=LIVE)

    # 4. Trading: 4 Mackerel onto the 4+ place, taking Bo's Spider Crab; no money.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Trading")).click()
    trade = guide.get_by_role("group", name="Trade 1")
    more = trade.get_by_role("button", name="Mackerel: more")
    # A trade's tokens go with its place: off, and not sent, while "No trade" is chosen.
    expect(more).to_be_hidden()
    trade.get_by_label(re.compile(r"Place 4\+ \(a swap\)")).check()
    for _ in range(4):
        more.click()
    expect(preview).to_contain_text(
        "Aiko puts Mackerel, Mackerel, Mackerel, Mackerel onto the Trading place 4+", timeout=LIVE
    )
    expect(preview).to_contain_text("Aiko takes Spider Crab 4 off the Trading place 4+")
    assert "¥" not in preview.inner_text()  # a swap moves no Yen
    checked(aiko)
    confirm()
    state = api.state()
    assert state["markets"]["places"]["trading.4"] == ["mackerel"] * 4
    assert state["players"][0]["yen"] == 800
    seen_everywhere("¥800")
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 0 AP left.", timeout=LIVE)
    for page in (bo, table):
        assert page.evaluate("window.__sameDocument === true")
