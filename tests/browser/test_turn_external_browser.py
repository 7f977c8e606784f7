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

    # Bank: pay ¥100, take two loans; the preview names the Yen.
    guide.get_by_label("¥100").check()
    more = guide.get_by_role("button", name="Loans to take: more")
    more.click()
    more.click()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("¥1,000", timeout=LIVE)
    expect(preview).to_contain_text("¥100")
    assert more.bounding_box()["height"] >= 48
    checked(aiko)
    before = yen()
    guide.get_by_role("button", name="Confirm").click()
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
    guide.get_by_role("button", name="Confirm").click()
    wait_flash(aiko, r"^Recorded")
    assert yen() - before == 900 + 400
    state = api.state()
    assert state["markets"]["places"]["government.left"] == ["squid"] * 3
    assert state["markets"]["places"]["government.right"] == ["mackerel"] * 2
    texts = [h["text"] for h in state["history"][:2]]
    assert texts[0].startswith("Aiko visited Government")
    assert texts[1].startswith("Aiko visited Bank")
    assert state["seq"] == seq + 1  # one entry for the whole visit
