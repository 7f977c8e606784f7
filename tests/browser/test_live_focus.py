"""Live updates leave a player's place alone, and the message bar keeps its own time
(issue #7), on phones against the real server process.

A live update swaps only the regions that changed, never the action forms and never the
bid field another player's seal does not concern: focus, caret and typed text survive. A
message naming a bid is gone once the bids are revealed; a notice fades a few seconds
after it appears however busy the table is.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
import requests
from browser_support import LIVE, RECORD_FLASH, wait_flash

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


PLAYERS = ["Aiko", "Bo", "Chiyo"]
STREAM_OPEN = """
window.__streamOpen = 0;
document.addEventListener('live:open', () => { window.__streamOpen += 1; });
"""


def api(
    base: str,
    method: str,
    path: str,
    token: str | None = None,
    body: dict[str, Any] | None = None,
    expect_status: int = 200,
) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.request(method, base + path, json=body, headers=headers, timeout=10)
    assert r.status_code == expect_status, (r.status_code, r.text)
    return r.json()


def new_game(base: str) -> dict[str, Any]:
    return api(
        base,
        "POST",
        "/api/games",
        body={
            "players": PLAYERS,
            "money": "open",
            "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        expect_status=201,
    )


def join(phone, game: dict[str, Any], clocked: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every seat's phone, its stream open. The phones of ``clocked`` run on Playwright's
    clock (installed before the page loads; time flows as usual until a test moves it
    on with ``page.clock.run_for``, which fires the page's own timers on the way)."""
    from playwright.sync_api import expect

    pages = {}
    for seat in game["seats"]:
        page = phone()
        if seat["name"] in clocked:
            page.clock.install()
        page.add_init_script(RECORD_FLASH)
        page.add_init_script(STREAM_OPEN)
        page.goto(seat["join_url"])
        expect(page.locator("#live .me h1")).to_have_text(seat["name"])
        pages[seat["name"]] = page
    for page in pages.values():  # every page's stream is open before anything happens
        page.wait_for_function("window.__streamOpen > 0", timeout=LIVE)
    return pages


def focused(page) -> dict[str, Any]:
    return page.evaluate("""() => { const e = document.activeElement;
        return {name: e && e.name, form: e && e.form && e.form.id, id: e && e.id,
                value: e && e.value, caret: e && e.selectionStart, y: window.scrollY} }""")


def test_typing_on_a_phone_survives_another_phones_payment_and_seal(live_server, phone):
    from playwright.sync_api import expect

    base = live_server.url
    game = new_game(base)
    pages = join(phone, game)
    aiko, bo = pages["Aiko"], pages["Bo"]
    aiko.evaluate("window.__marker = 1")
    # Parts of the page no change touches stay the very same elements throughout.
    aiko.evaluate("""() => { for (const sel of ['#me', '#turn', 'details[data-keep]'])
        document.querySelector(sel).tcMark = 1 }""")

    # Aiko is half-way through a payment's note when Bo pays Chiyo from his phone.
    note = aiko.locator('#form-pay input[name="note"]')
    note.tap()
    note.press_sequentially("rent for")
    before = focused(aiko)
    assert before["name"] == "note" and before["form"] == "form-pay"
    pay = bo.locator("#form-pay")
    pay.locator('select[name="to"]').select_option("Chiyo")
    pay.locator('input[name="amount"]').fill("300")
    pay.get_by_role("button", name="Record payment").tap()
    expect(aiko.locator('#live [data-yen="Bo"]')).to_have_text("¥1,700", timeout=LIVE)
    expect(aiko.locator('#live [data-yen="Chiyo"]')).to_have_text("¥2,300")
    after = focused(aiko)
    assert after == before, (before, after)  # same field, text, caret and scroll
    note.press_sequentially(" the boat")  # and she types on where she was
    expect(note).to_have_value("rent for the boat")

    # An auction: Aiko is keying in her bid when Bo seals his.
    r = api(
        base,
        "POST",
        f"/api/games/{game['id']}/auctions",
        game["host_token"],
        {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
        expect_status=201,
    )
    aid = r["auction_id"]
    field = aiko.locator(f"#bid-form-{aid} input.bid-amount")
    expect(field).to_be_visible(timeout=LIVE)
    field.tap()
    field.fill("")
    field.press_sequentially("12")
    before = focused(aiko)
    assert before["id"] == f"bid-amount-{aid}" and before["value"] == "12"
    bo_form = bo.locator(f"#bid-form-{aid}")
    expect(bo_form).to_be_visible(timeout=LIVE)
    bo_form.get_by_role("button", name="+500", exact=True).tap()
    bo_form.locator("button.seal").tap()
    expect(aiko.locator("#auction .bid-status .badge.good")).to_have_text(["✓ Bo"], timeout=LIVE)
    after = focused(aiko)
    assert after == before, (before, after)
    field.press_sequentially("00")
    expect(field).to_have_value("1200")
    assert aiko.evaluate("window.__marker") == 1  # nothing reloaded the page
    assert aiko.evaluate("""() => ['#me', '#turn', 'details[data-keep]'].every(
        (sel) => document.querySelector(sel).tcMark === 1)""")


def test_a_bid_message_is_gone_after_the_reveal(live_server, phone):
    from playwright.sync_api import expect

    base = live_server.url
    game = new_game(base)
    seats = {s["name"]: s["token"] for s in game["seats"]}
    pages = join(phone, game)
    bo = pages["Bo"]
    flash = bo.locator("#flash")
    # The message bar is a polite status region, in the accessibility tree even when empty.
    expect(flash).to_have_attribute("role", "status")
    assert bo.evaluate("getComputedStyle(document.getElementById('flash')).display") != "none"
    announce = bo.locator("#announce")
    expect(announce).to_have_attribute("aria-live", "polite")

    r = api(
        base,
        "POST",
        f"/api/games/{game['id']}/auctions",
        game["host_token"],
        {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
        expect_status=201,
    )
    aid = r["auction_id"]
    form = bo.locator(f"#bid-form-{aid}")
    expect(form).to_be_visible(timeout=LIVE)
    form.get_by_role("button", name="+500", exact=True).tap()
    form.get_by_role("button", name="+100", exact=True).tap()
    form.get_by_role("button", name="+100", exact=True).tap()
    form.locator("button.seal").tap()
    wait_flash(bo, r"^Bid sealed: ¥700\.")
    shown = time.monotonic()
    expect(flash).to_contain_text("¥700")
    # The other two seal at once through the API, the last one revealing the bids.
    for name, amount in (("Aiko", 500), ("Chiyo", 300)):
        api(
            base,
            "POST",
            f"/api/games/{game['id']}/auctions/{aid}/bids",
            seats[name],
            {"amount": amount},
            expect_status=201,
        )
    expect(bo.locator("#auction")).to_have_attribute(
        "data-status", re.compile("revealed|settled"), timeout=LIVE
    )
    # The reveal's update cleared it (well before its own time ran out).
    expect(flash).to_have_text("", timeout=1000)
    assert time.monotonic() - shown < 3.5, "the reveal came too late to tell a clear from a fade"
    expect(announce).to_contain_text("Bids revealed: Aiko ¥500, Bo ¥700, Chiyo ¥300")


def test_a_notice_fades_on_time_while_the_table_is_busy(live_server, phone):
    """The notice's own timer (game.js's NOTICE_MS, 4 s, unchanged) runs on the page's
    clock: between two changes the page's time moves on 0.6 s at once (Playwright's
    clock fires the page's timers on the way) instead of the test sleeping it, and each
    change has reached the phone before the time moves on."""
    from playwright.sync_api import expect

    base = live_server.url
    game = new_game(base)
    pages = join(phone, game, clocked=("Bo",))
    bo = pages["Bo"]
    chiyo_yen = bo.locator('#live [data-yen="Chiyo"]')
    yen = int(re.sub(r"\D", "", chiyo_yen.text_content() or ""))
    pay = bo.locator("#form-pay")
    pay.locator('input[name="amount"]').fill("200")
    pay.get_by_role("button", name="Record payment").tap()
    wait_flash(bo, r"^Recorded: Bo paid")
    shown = bo.evaluate("Date.now()")
    # Every 0.6 s of the page's time another change reaches Bo's phone; the notice still
    # goes after ~4 s.
    gone = None
    while bo.evaluate("Date.now()") - shown < 8000:
        api(
            base,
            "POST",
            f"/api/games/{game['id']}/actions",
            game["host_token"],
            {"type": "pay", "from": "supply", "to": "Chiyo", "amount": 100},
            expect_status=201,
        )
        yen += 100
        expect(chiyo_yen).to_have_text(f"¥{yen:,}", timeout=LIVE)
        if not bo.locator("#flash").inner_text().strip():
            gone = bo.evaluate("Date.now()") - shown
            break
        bo.clock.run_for(600)
    assert gone is not None and gone < 6000, gone
    expect(bo.locator("#flash")).to_have_text("")
