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
    def __init__(self, url: str) -> None:
        r = requests.post(f"{url}/api/games", json=SETUP, timeout=10)
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
    api.act(type="fishing", player=A, caught={"tuna": 3})
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
    guide.get_by_role("button", name="Confirm").click()
    wait_flash(aiko, r"^Recorded")
    expect(guide.get_by_role("heading", name=re.compile("Your turn — 1 AP"))).to_be_visible()
    after = {p["name"]: p["yen"] for p in api.state()["players"]}
    assert after[A] - before[A] == sale and after[B] - before[B] == 100
    expect(bo.locator("#turn-guide")).to_contain_text("Aiko has 1 AP left.", timeout=LIVE)

    # Fishing: unload the 3 Tuna barrels at sea → a Tuna auction opens.
    guide.get_by_role("button", name="Fishing").click()
    more = guide.get_by_role("button", name="Tuna barrels unloaded: more")
    for _ in range(3):
        more.click()
    expect(guide.locator("#turn-preview")).to_contain_text("Tuna auction 1 of 1", timeout=LIVE)
    assert axe_violations(aiko, "#turn-guide") == []
    aiko.set_viewport_size({"width": 360, "height": 780})
    assert fits(aiko, 360)
    aiko.evaluate("document.documentElement.style.fontSize = '200%'")
    assert fits(aiko, 360)
    aiko.evaluate("document.documentElement.style.fontSize = ''")
    guide.get_by_role("button", name="Confirm").click()
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
