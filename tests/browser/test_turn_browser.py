"""The active player's phone runs their turn (issue #8), against the real server: a
market visit (its preview's amounts, Confirm) and a Fishing action that opens a Tuna
auction, on the active phone; the other phone and the table screen follow live; undo on
the table screen reverts it. The guide passes axe-core and fits 360 px at 200 % text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import requests
from axe import run_axe
from browser_support import LIVE, RECORD_FLASH, wait_flash

pytestmark = [pytest.mark.browser, pytest.mark.server]

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}


def axe_violations(page: Any, selector: str) -> list[dict[str, Any]]:
    """axe-core's violations inside ``selector`` (the vendored copy, tests/browser/axe.py)."""
    return [{"id": v["id"], "nodes": v["nodes"]} for v in run_axe(page, selector)]


class Api:
    def __init__(self, url: str, setup: dict[str, Any] = SETUP) -> None:
        r = requests.post(f"{url}/api/games", json=setup, timeout=10)
        assert r.status_code == 201
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
        assert r.status_code == 201, r.json()

    def state(self) -> dict[str, Any]:
        return requests.get(
            f"{self.url}/api/games/{self.id}",
            timeout=10,
            headers={"Authorization": f"Bearer {self.host}"},
        ).json()


def open_phone(make: Any, api: Api, token: str) -> Any:
    page = make()
    page.add_init_script(RECORD_FLASH)
    page.goto(f"{api.url}/join/{token}")
    page.wait_for_selector("#live")
    page.wait_for_selector("#turn-guide")  # the seat page carries the guide
    return page


def fits(page: Any, width: int) -> bool:
    return bool(
        page.evaluate(
            "w => { const g = document.getElementById('turn-guide');"
            " const r = g.getBoundingClientRect();"
            " return r.right <= w + 1 && g.scrollWidth <= g.clientWidth + 1; }",
            width,
        )
    )


def test_a_turn_from_the_active_phone(
    live_server: Any, phone: Any, screen: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    api = Api(live_server.url)
    api.act(type="gain_fish", player=A, fish="eel", count=3)
    api.act(type="take_license", player=B, market="eel", count=1, pay=False)
    api.act(type="take_license", player=C, market="eel", count=2, pay=False)
    api.act(type="take_license", player=A, market="tuna", count=3, pay=False)
    api.act(type="next_turn")
    # 3 Tuna need a three-slot ship: Aiko's one-slot ship goes back for one (bookkeeping).
    api.act(type="return_boat", player=A, boat="one_slot")
    api.act(type="take_boat", player=A, boat="three_slot", pay=False)
    # #19: the ship (b2) undocks, then catches one barrel per Fishing action.
    api.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    api.act(type="fishing", player=A, caught={"tuna": 1})
    for _ in range(3):
        api.act(type="next_turn")
    api.act(type="fishing", player=A, caught={"tuna": 1})
    api.act(type="fishing", player=A, caught={"tuna": 1})
    for _ in range(3):
        api.act(type="next_turn")  # Bo, Chiyo, then Aiko again with 2 AP
    assert api.state()["players"][0]["at_sea"] == {"tuna": 3}

    aiko, bo = open_phone(phone, api, api.tokens[A]), open_phone(phone, api, api.tokens[B])
    table = screen()
    table.add_init_script(RECORD_FLASH)
    table.goto(f"{api.url}/join/{api.host}")
    table.wait_for_selector("#live")

    guide = aiko.locator("#turn-guide")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible()
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 2 AP left.")

    # Markets → Eel: sell 2 Eel; the preview names every movement.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Eel")).click()
    more = guide.get_by_role("button", name="Sell Eel: more")
    more.click()
    more.click()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("Aiko sells 2 Eel for ¥", timeout=LIVE)
    expect(preview).to_contain_text("→ Bo: ¥100 (licences)")
    expect(preview).to_contain_text("→ Chiyo: ¥200 (licences)")
    sale = int(
        re.search(r"Aiko sells 2 Eel for ¥([\d,]+)", preview.inner_text()).group(1).replace(",", "")
    )
    for target in (
        guide.locator(".turn-choice").first,
        guide.locator(".tstep-input").first,
        guide.locator(".tstep-btn").first,
        guide.locator(".turn-confirm"),
    ):
        assert target.bounding_box()["height"] >= 48
    assert axe_violations(aiko, "#turn-guide") == []
    before = {p["name"]: p["yen"] for p in api.state()["players"]}
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 1 AP"))).to_be_visible()
    after = {p["name"]: p["yen"] for p in api.state()["players"]}
    assert after[A] - before[A] == sale and after[B] - before[B] == 100
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 1 AP left.", timeout=LIVE)

    # Fishing: the Three-slot ship docks with its 3 Tuna barrels → a Tuna auction opens.
    guide.get_by_role("button", name="Fishing").click()
    guide.locator('fieldset[data-boat="b2"]').get_by_role(
        "radio", name=re.compile("Dock \\(the leftmost port")
    ).check()
    expect(guide.locator("#turn-preview")).to_contain_text("Tuna auction 1 of 1", timeout=LIVE)
    assert axe_violations(aiko, "#turn-guide") == []
    aiko.set_viewport_size({"width": 360, "height": 780})
    assert fits(aiko, 360)
    aiko.evaluate("document.documentElement.style.fontSize = '200%'")
    assert fits(aiko, 360)
    aiko.evaluate("document.documentElement.style.fontSize = ''")
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    state = api.state()
    assert state["auction"]["kind"] == "tuna" and state["players"][0]["at_sea"] == {}
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 0 AP left.", timeout=LIVE)
    expect(table.locator("#live")).to_contain_text("Tuna", timeout=LIVE)
    # The table screen has the Fishing entry (and so its version) before anyone undoes.
    expect(table.locator(f'#history li[data-seq="{state["seq"]}"]')).to_have_count(1, timeout=LIVE)

    # Undo on the table screen: the Fishing action and its auction go back.
    table.locator("#history .card-head").get_by_role("button", name="Undo", exact=True).click()
    wait_flash(table, r"^Undone")
    state = api.state()
    assert state["players"][0]["at_sea"] == {"tuna": 3} and state["ap_left"] == 1
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 1 AP"))).to_be_visible(
        timeout=LIVE
    )
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 1 AP left.", timeout=LIVE)


FORMS_SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "expansion": True,
    "fish_markets": ["mackerel", "swordfish", "eel", "squid", "tuna"],
    "external_markets": ["ships", "bank", "rentals"],
    # AMB-40: Swordfish's entry cost is printed on its board only; the host enters it.
    "board_numbers": {"swordfish": {"entry_ap": 1}},
}


def checked(page: Any, selector: str = "#turn-guide") -> None:
    """The guide as it is now passes axe-core and fits 360 px, at 100 % and 200 % text.
    The guide's top is scrolled to just below the sticky top bar first: axe counts a
    target the bar covers while the page is scrolled past it as too small."""
    page.evaluate("s => document.querySelector(s).scrollIntoView({block: 'start'})", selector)
    assert axe_violations(page, selector) == []
    size = page.viewport_size
    page.set_viewport_size({"width": 360, "height": 780})
    try:
        assert fits(page, 360)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        assert fits(page, 360)
    finally:
        page.evaluate("document.documentElement.style.fontSize = ''")
        page.set_viewport_size(size)


def test_the_new_phone_forms(live_server: Any, phone: Any) -> None:
    """New prices during a Fishing action, Mackerel barrels sold back from your own
    Harbor, and two Swordfish sales in one visit (the ¥200 once), each from the phone."""
    from playwright.sync_api import expect

    api = Api(live_server.url, FORMS_SETUP)
    api.act(type="take_license", player=A, market="mackerel", count=1, pay=False)
    api.act(type="gain_fish", player=A, fish="swordfish", count=3)
    # Two barrels need a ship with two slots (the one-slot ship carries one).
    api.act(type="return_boat", player=A, boat="one_slot")
    api.act(type="take_boat", player=A, boat="three_slot", pay=False)
    api.act(type="next_turn")
    # #19: the ship (b2) undocks, catches one barrel per Fishing action, then docks.
    api.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    api.act(type="fishing", player=A, caught={"mackerel": 1})
    for _ in range(3):
        api.act(type="next_turn")
    api.act(type="fishing", player=A, caught={"mackerel": 1})
    api.act(
        type="fishing",
        player=A,
        unloaded={"mackerel": 2},
        for_sale=[{"fish": "mackerel", "price": 100}, {"fish": "mackerel", "price": 200}],
    )
    for _ in range(3):
        api.act(type="next_turn")  # Aiko again: her barrels moved down to the lower row

    def lower() -> list[int]:
        return [x["price"] for x in api.state()["players"][0]["harbor"]["lower"]]

    def yen() -> dict[str, int]:
        return {p["name"]: p["yen"] for p in api.state()["players"]}

    assert lower() == [100, 200]
    aiko = open_phone(phone, api, api.tokens[A])
    guide = aiko.locator("#turn-guide")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible()

    # Fishing: the ¥100 barrel goes up to ¥300 (the ¥200 one stays as it is).
    guide.get_by_role("button", name="Fishing").click()
    guide.get_by_text(re.compile(r"Change prices on your Harbor \(2 for sale\)")).click()
    up = guide.get_by_role("button", name="Mackerel, lower row, now ¥100: new price ¥: more")
    up.click()
    up.click()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("Aiko's Mackerel on the lower row: ¥100 → ¥300", timeout=LIVE)
    expect(preview).not_to_contain_text("¥200 →")
    checked(aiko)
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 1 AP"))).to_be_visible()
    assert lower() == [300, 200]

    # Markets → Mackerel: both barrels sold back, counted as one pair (¥100).
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Mackerel")).click()
    for label in ("¥300, lower row", "¥200, lower row"):
        guide.get_by_label(label).check()
        assert guide.locator(".turn-chip", has_text=label).bounding_box()["height"] >= 48
    expect(preview).to_contain_text("Aiko sells 2 Mackerel for ¥100", timeout=LIVE)
    checked(aiko)
    before = yen()
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 0 AP"))).to_be_visible()
    # Aiko holds 2 Mackerel licences (¥200 payout), the sale pays ¥100.
    assert yen()[A] - before[A] == 300 and lower() == []

    for _ in range(3):
        api.act(type="next_turn")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 2 AP"))).to_be_visible(
        timeout=LIVE
    )

    # Markets → Swordfish: sale 1 of 2 tokens, then sale 2 of 1 at the value it leaves.
    guide.get_by_role("button", name="Markets").click()
    guide.get_by_role("button", name=re.compile(r"^Swordfish")).click()
    second = guide.get_by_role("button", name="Sale 2: Swordfish sold: more")
    expect(second).to_be_hidden()
    first = guide.get_by_role("button", name="Sale 1: Swordfish sold: more")
    first.click()
    first.click()
    expect(second).to_be_visible()
    second.click()
    expect(preview).to_contain_text("Aiko sells 2 Swordfish for ¥1,200", timeout=LIVE)
    expect(preview).to_contain_text("Aiko sells 1 Swordfish for ¥400")
    assert preview.inner_text().count("Swordfish bonus") == 1
    checked(aiko)
    before = yen()
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert yen()[A] - before[A] == 1200 + 400 + 200
    assert api.state()["markets"]["swordfish"] == 3
