"""A sealed-bid Tuna auction on three phones and the table screen, against the real server
process (issue #4): docking to settlement, with a tie the owner settles.

Secrecy is checked where a browser sees it: the table screen and the other phones show who
has sealed, never an amount, in the page or in any live event they received, until the
reveal; then everyone sees every bid at once.
"""

from __future__ import annotations

import re
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
#: Every live (SSE) message a page receives, kept in order for the secrecy checks.
RECORD_SSE = """
window.__sse = [];
document.addEventListener('live:message', (e) => window.__sse.push(e.detail.data));
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


def seal_with_keypad(page, aid: str, taps: list[str], amount: int) -> str:
    """Enter a bid with the keypad, seal it, and return the receipt the phone shows."""
    from playwright.sync_api import expect

    form = page.locator(f"#bid-form-{aid}")
    form.get_by_role("button", name="¥0").tap()
    for label in taps:
        form.get_by_role("button", name=label, exact=True).tap()
    expect(form.locator("input.bid-amount")).to_have_value(str(amount))
    form.locator("button.seal").tap()
    message = wait_flash(page, rf"¥{amount:,}\b.*receipt")
    match = re.search(r"receipt (?:is )?([0-9A-F]{4}-[0-9A-F]{4})", message)
    assert match, message
    return match.group(1)


def expect_sealed(page, names: list[str]) -> None:
    """The open auction on ``page`` lists exactly ``names`` as sealed."""
    from playwright.sync_api import expect

    badges = page.locator("#auction .bid-status .badge.good")
    expect(badges).to_have_text([f"✓ {n}" for n in names], timeout=LIVE)


def assert_no_amount(page, amount: str, where: str, seen: str) -> None:
    """Neither the page nor any live message it has received carries ``amount``; ``seen``
    is in one of those messages (so the latest change did arrive live)."""
    html = page.content()
    assert amount not in html, f"{amount} leaked into the {where} page"
    messages = page.evaluate("window.__sse")
    assert any(seen in data for data in messages), f"{where} never received {seen!r} live"
    for data in messages:
        assert amount not in data, f"{amount} leaked into a live event of the {where}"


def test_tuna_auction_from_docking_to_settlement(live_server, screen, phone):
    from playwright.sync_api import expect

    base = live_server.url
    game = api(
        base,
        "POST",
        "/api/games",
        body={
            "players": PLAYERS,
            "money": "open",
            "seed": 4242,
            "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        expect_status=201,
    )
    gid, host = game["id"], game["host_token"]
    tuna_in_bag = [
        b
        for b in api(base, "GET", f"/api/games/{gid}", host)["markets"]["bag"]
        if b["fish"] == "tuna"
    ]
    assert sum(b["count"] for b in tuna_in_bag) == 5

    table = screen()
    table.add_init_script(RECORD_SSE)
    table.add_init_script(RECORD_FLASH)
    table.goto(f"{base}/join/{host}")
    expect(table).to_have_url(f"{base}/games/{gid}/table")
    phones: dict[str, Any] = {}
    for seat in game["seats"]:
        page = phone()
        page.add_init_script(RECORD_SSE)
        page.add_init_script(RECORD_FLASH)
        page.goto(seat["join_url"])
        expect(page.locator("#live .me h1")).to_have_text(seat["name"])
        phones[seat["name"]] = page
    aiko, bo, chiyo = (phones[n] for n in PLAYERS)
    expect(table.locator("#live .connection .dot-status.on")).to_have_count(3, timeout=LIVE)
    pages = {"table": table, **phones}
    for page in pages.values():
        page.evaluate("window.__marker = 1")

    # Aiko docks at the Tuna market: she opens the auction from her phone, the Tuna token
    # drawn from the bag at random.
    opener = aiko.locator("#open-auction")
    opener.locator("summary").tap()
    opener.locator('select[name="kind"]').select_option("tuna")
    expect(opener.locator('select[name="owner"]')).to_have_value("Aiko")
    expect(opener.locator('select[name="drawn"]')).to_have_value("")
    opener.get_by_role("button", name="Open auction").tap()
    wait_flash(aiko, r"^Auction opened")

    auction = table.locator("#live #auction")
    expect(auction).to_have_attribute("data-status", "open", timeout=LIVE)
    expect(auction).to_contain_text("Tuna auction · owner Aiko")
    aid = auction.get_attribute("data-auction")
    assert aid
    lot = auction.locator(".lot").inner_text().strip()
    match = re.fullmatch(r"Tuna (15|20|25)", lot)
    assert match, lot
    drawn = match.group(1)

    # Every phone shows the bid sheet without a reload (the owner bids too at Tuna).
    for page in phones.values():
        expect(page.locator(f"#bid-form-{aid}")).to_be_visible(timeout=LIVE)
        expect(page.locator(f"#bid-form-{aid} input.bid-amount")).to_have_value("0")
        expect(page.locator("#auction")).to_contain_text("nobody yet")
        expect(page.locator("#auction .bid-status .badge:not(.good)")).to_have_text(PLAYERS)
    expect(table.locator(f"#bid-form-{aid}")).to_have_count(0)  # the table never bids
    expect_sealed(table, [])

    # Bo seals ¥700 with the keypad.
    bo_receipt = seal_with_keypad(bo, aid, ["+500", "+100", "+100"], 700)
    expect(bo.locator("#live .my-bid")).to_contain_text("¥700")
    expect(bo.locator("#live .my-bid .receipt")).to_have_text(bo_receipt)
    for page in pages.values():
        expect_sealed(page, ["Bo"])
    for where in ("table", "Aiko", "Chiyo"):
        assert_no_amount(pages[where], "¥700", where, seen="✓ Bo")
    expect(table.locator("#live #auction")).not_to_contain_text("¥")

    # Bo's phone reloads mid-auction: it lands on its open bid sheet, its sealed bid and
    # receipt shown (they live on the server, not in the page).
    bo.reload()
    expect(bo.locator(f"#bid-form-{aid}")).to_be_visible()
    expect(bo.locator(f"#bid-form-{aid} input.bid-amount")).to_have_value("700")
    expect(bo.locator("#live .my-bid")).to_contain_text("Your sealed bid: ¥700")
    expect(bo.locator("#live .my-bid .receipt")).to_have_text(bo_receipt)
    expect_sealed(bo, ["Bo"])
    bo.evaluate("window.__marker = 1")

    # Chiyo seals ¥700 too.
    chiyo_receipt = seal_with_keypad(chiyo, aid, ["+100", "+100", "+500"], 700)
    for page in pages.values():
        expect_sealed(page, ["Bo", "Chiyo"])
    expect(table.locator("#live #auction .bid-status").nth(1)).to_have_text("Still to bid: Aiko")
    for where in ("table", "Aiko"):
        assert_no_amount(pages[where], "¥700", where, seen="✓ Chiyo")
    # Bo's page shows his own ¥700 once, nothing of Chiyo's.
    expect(bo.locator("#live")).to_contain_text("¥700")
    assert bo.locator("#live").inner_text().count("¥700") == 1
    assert chiyo_receipt not in bo.content()
    # Still open: no bid table, no reveal, for anyone.
    for page in pages.values():
        expect(page.locator("#auction")).to_have_attribute("data-status", "open")
        expect(page.locator("#auction tr[data-bidder]")).to_have_count(0)

    # Aiko seals ¥500, the last bid: the reveal reaches every screen at once.
    aiko_receipt = seal_with_keypad(aiko, aid, ["+500"], 500)
    assert "bids revealed" in wait_flash(aiko, r"¥500.*the last")
    expected_bids = {
        "Aiko": ("¥500", aiko_receipt),
        "Bo": ("¥700", bo_receipt),
        "Chiyo": ("¥700", chiyo_receipt),
    }
    for page in pages.values():
        expect(page.locator("#auction")).to_have_attribute("data-status", "revealed", timeout=LIVE)
        for name, (amount, receipt) in expected_bids.items():
            row = page.locator(f'#auction tr[data-bidder="{name}"]')
            expect(row.locator(".amount")).to_have_text(amount)
            expect(row.locator(".receipt")).to_have_text(receipt)
            expect(row).to_contain_text("✓")  # the receipt matches the sealed bid
        expect(page.locator("#auction .notice")).to_have_text(
            "Tie at ¥700 between Bo, Chiyo: Aiko chooses the winner."
        )
        expect(page.locator(f"#bid-form-{aid}")).to_have_count(0)

    # Only the owner's phone (and the table screen) may settle the tie.
    choices = aiko.locator("#auction .choices .button")
    expect(choices).to_have_text(["Make Bo the winner", "Make Chiyo the winner"])
    expect(bo.locator("#auction .choices")).to_have_count(0)
    expect(chiyo.locator("#auction .choices")).to_have_count(0)
    expect(table.locator("#auction .choices .button")).to_have_count(2)

    aiko.locator("#auction .choices").get_by_role("button", name="Make Chiyo the winner").tap()
    wait_flash(aiko, r"^Settled")

    # Settled everywhere: Chiyo paid the owner ¥700 and holds the drawn Tuna.
    yen = {"Aiko": "¥2,700", "Bo": "¥2,000", "Chiyo": "¥1,300"}
    for page in pages.values():
        expect(page.locator("#auction")).to_have_attribute("data-status", "settled", timeout=LIVE)
        expect(page.locator("#auction .result")).to_have_text(
            "Chiyo wins with ¥700. Aiko +¥700, Chiyo −¥700."
        )
        for name, amount in yen.items():
            expect(page.locator(f'#live [data-yen="{name}"]')).to_have_text(amount)
        holder = page.locator('#live [data-player="Chiyo"] table.fish tr', has_text="Tuna")
        expect(holder).to_have_count(1)
        expect(holder).to_contain_text(drawn)
        for other in ("Aiko", "Bo"):
            expect(
                page.locator(f'#live [data-player="{other}"] table.fish tr', has_text="Tuna")
            ).to_have_count(0)
    for name, page in phones.items():
        expect(page.locator("#my-yen")).to_have_text(yen[name])
    chiyo_tuna = chiyo.locator("#live .me table.fish tr", has_text="Tuna")
    expect(chiyo_tuna).to_contain_text(f"Tuna {drawn}")

    # The server agrees, and the drawn token left the bag.
    state = api(base, "GET", f"/api/games/{gid}", host)
    assert [p["yen"] for p in state["players"]] == [2700, 2000, 1300]
    tuna_rows = [f for f in state["players"][2]["fish"] if f["key"] == "tuna"]
    assert tuna_rows and tuna_rows[0]["count"] == 1 and tuna_rows[0]["detail"] == drawn
    left = sum(b["count"] for b in state["markets"]["bag"] if b["fish"] == "tuna")
    assert left == 4

    # Nothing but Bo's deliberate reload reloaded a page.
    for page in pages.values():
        assert page.evaluate("window.__marker") == 1
