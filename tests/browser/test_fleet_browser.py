"""A whole Fishing turn on the phone, boat by boat (issue #19), against the real server:
Aiko's two ships and a barge, one tap per boat, the preview naming each boat and every
Yen, a transfer to the barge, docking at home with prices, and the fleet picture on the
table screen following live."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import LIVE, RECORD_FLASH, wait_flash
from test_turn_browser import Api, open_phone

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.slow]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


A, B = "Aiko", "Bo"
SETUP = {
    "players": [A, B],
    "seed": 5,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "squid", "tuna"],
    "external_markets": ["ships", "bank", "rentals"],
}


def boats(api: Api) -> list[tuple[str, str, list[str]]]:
    return [(b["id"], b["where"], b["cargo"]) for b in api.state()["players"][0]["boats"]]


def test_a_fishing_turn_with_two_ships_and_a_barge(
    live_server: Any, phone: Any, screen: Any
) -> None:
    from playwright.sync_api import expect

    api = Api(live_server.url, SETUP)
    api.act(type="take_license", player=A, market="eel", count=2, pay=False)
    api.act(type="next_turn")
    api.act(type="open_port", player=A)
    api.act(type="open_port", player=A)
    api.act(type="take_boat", player=A, boat="two_slot", pay=False)  # b2, port "1"
    api.act(type="take_boat", player=A, boat="barge", pay=False)  # b3, port "2"
    assert boats(api) == [("b1", "leftmost", []), ("b2", "1", []), ("b3", "2", [])]

    aiko = open_phone(phone, api, api.tokens[A])
    table = screen()
    table.add_init_script(RECORD_FLASH)
    table.goto(f"{api.url}/join/{api.host}")
    table.wait_for_selector("#live")
    guide = aiko.locator("#turn-guide")

    # 1st action: all three boats undock, one tap each.
    guide.get_by_role("button", name="Fishing").click()
    for boat in ("b1", "b2", "b3"):
        box = guide.locator(f'fieldset[data-boat="{boat}"]')
        expect(box.get_by_role("radio", name=re.compile("Catch"))).to_have_count(0)
        box.get_by_role("radio", name="Undock").check()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("Aiko's Six-slot barge b3 undocks from port “2”", timeout=LIVE)
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert [w for _, w, _ in boats(api)] == ["sea", "sea", "sea"]
    expect(table.locator("#fleet-0 .fleet-sea [data-boat]")).to_have_count(3, timeout=LIVE)

    # 2nd action: each ship catches one Eel (two licences, two ships); the barge cannot.
    guide.get_by_role("button", name="Fishing").click()
    barge = guide.locator('fieldset[data-boat="b3"]')
    expect(barge.get_by_role("radio", name=re.compile("Catch"))).to_have_count(0)
    guide.locator('fieldset[data-boat="b1"]').get_by_role("radio", name="Catch Eel").check()
    guide.locator('fieldset[data-boat="b2"]').get_by_role("radio", name="Catch Eel").check()
    # A boat's radios are named after the tap chosen: its item goes with the catches
    # (boats[200 + its place], game.js), after any undock or dock.
    for k, boat in enumerate(("b1", "b2")):
        radios = guide.locator(f'fieldset[data-boat="{boat}"] input[type="radio"]')
        expect(radios.first).to_have_attribute("name", f"boats[{200 + k}]")
    # A live update from elsewhere (the host pays Bo) morphs the page in: the taps chosen
    # keep their names, so the items still go in their order.
    seen = aiko.locator("#live").inner_html()
    api.act(type="pay", **{"from": "supply", "to": B, "amount": 100})
    aiko.wait_for_function("s => document.querySelector('#live').innerHTML !== s", arg=seen)
    for k, boat in enumerate(("b1", "b2")):
        box = guide.locator(f'fieldset[data-boat="{boat}"]')
        expect(box.get_by_role("radio", name="Catch Eel")).to_be_checked()
        expect(box.locator('input[type="radio"]').first).to_have_attribute(
            "name", f"boats[{200 + k}]"
        )
    expect(preview).to_contain_text("Aiko's Two-slot ship b2 catches 1 Eel barrel", timeout=LIVE)
    expect(preview).to_contain_text("Aiko's One-slot ship b1 catches 1 Eel barrel")
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert boats(api)[:2] == [("b1", "sea", ["eel"]), ("b2", "sea", ["eel"])]
    expect(table.locator('#fleet-0 [data-fish="eel"]')).to_have_count(2, timeout=LIVE)

    # Free, with no AP left: the one-slot ship's Eel goes onto the barge.
    guide.get_by_role("button", name="Free moves").click()
    guide.get_by_role("button", name="Transfer barrels to the barge").click()
    guide.get_by_role("radio", name=re.compile("Eel from the One-slot ship b1")).check()
    expect(preview).to_contain_text("to the barge b3", timeout=LIVE)
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert boats(api) == [("b1", "sea", []), ("b2", "sea", ["eel"]), ("b3", "sea", ["eel"])]

    api.act(type="next_turn")
    api.act(type="next_turn")  # Aiko again, 2 AP

    # Docking at home: the barge into port "2", the Two-slot ship into port "1", prices
    # for their barrels; the preview names each boat and the docking bonus.
    guide.get_by_role("button", name="Fishing").click()
    b2 = guide.locator('fieldset[data-boat="b2"]')
    b3 = guide.locator('fieldset[data-boat="b3"]')
    b2.get_by_role("radio", name=re.compile("Dock \\(port “1”")).check()
    b3.get_by_role("radio", name=re.compile("Dock \\(port “2”")).check()
    expect(b2.locator(".fleet-prices")).to_be_visible()
    expect(b2.locator('input[type="radio"]').last).to_have_attribute("name", "boats[101]")
    b2.get_by_role("button", name="¥500").click()
    expect(preview).to_contain_text("docks at port “2” and unloads 1 barrel", timeout=LIVE)
    expect(preview).to_contain_text("Aiko puts Eel for sale at ¥500 (upper row)")
    expect(preview).to_contain_text("¥100")  # the docking bonus: 2 barrels unloaded
    yen = api.state()["players"][0]["yen"]
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    state = api.state()
    aiko_state = state["players"][0]
    assert [(b["id"], b["where"]) for b in aiko_state["boats"]] == [
        ("b1", "sea"),
        ("b2", "1"),
        ("b3", "2"),
    ]
    assert aiko_state["yen"] == yen + 100
    assert sorted(x["price"] for x in aiko_state["harbor"]["upper"]) == [300, 500]
    expect(table.locator('#fleet-0 [data-place="1"] [data-boat="b2"]')).to_have_count(
        1, timeout=LIVE
    )


def test_horse_mackerel_times_two_in_one_tap(live_server: Any, phone: Any, screen: Any) -> None:
    from playwright.sync_api import expect

    api = Api(
        live_server.url,
        {
            "players": [A, B],
            "seed": 5,
            "expansion": True,
            "variants": ["more_markets"],
            "fish_markets": ["mackerel", "horse_mackerel", "eel", "squid"],
            "external_markets": ["ships", "bank", "rentals"],
        },
    )
    api.act(type="take_license", player=A, market="horse_mackerel", count=1, pay=False)
    api.act(type="next_turn")
    api.act(type="open_port", player=A)
    api.act(type="take_boat", player=A, boat="two_slot", pay=False)  # b2, port "1"

    aiko = open_phone(phone, api, api.tokens[A])
    table = screen()
    table.add_init_script(RECORD_FLASH)
    table.goto(f"{api.url}/join/{api.host}")
    table.wait_for_selector("#live")
    guide = aiko.locator("#turn-guide")
    preview = guide.locator("#turn-preview")
    ship = guide.locator('fieldset[data-boat="b2"]')
    twice = re.compile("Catch 2 Mackerel barrels with a Horse Mackerel License")

    # In port, the Two-slot ship may only undock: no catch of any kind is offered.
    guide.get_by_role("button", name="Fishing").click()
    expect(ship.get_by_role("radio", name=twice)).to_have_count(0)
    ship.get_by_role("radio", name="Undock").check()
    expect(preview).to_contain_text("Aiko's Two-slot ship b2 undocks", timeout=LIVE)
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")

    # At sea: one tap takes two Mackerel with the Horse Mackerel License; the One-slot
    # ship (still in port) is offered no catch.
    guide.get_by_role("button", name="Fishing").click()
    one = guide.locator('fieldset[data-boat="b1"]')
    expect(one.get_by_role("radio", name=re.compile("Catch"))).to_have_count(0)
    ship.get_by_role("radio", name=twice).check()
    expect(preview).to_contain_text(
        "Aiko's Two-slot ship b2 catches 2 Mackerel barrels (2 aboard)", timeout=LIVE
    )
    guide.get_by_role("button", name="Confirm", exact=True).click()
    wait_flash(aiko, r"^Recorded")
    assert boats(api)[1] == ("b2", "sea", ["mackerel", "mackerel"])
    expect(table.locator('#fleet-0 [data-boat="b2"] [data-fish="mackerel"]')).to_have_count(
        2, timeout=LIVE
    )
