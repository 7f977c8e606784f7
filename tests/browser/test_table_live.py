"""The table screen and three phones, live, against the real server process (issue #3).

A game made on the New game page, seats joined through the table screen's QR codes, a
payment recorded on a phone reaching every screen without a reload, undo from the table,
and a stale double submit refused in one sentence.

Set UPDATE_SCREENSHOTS=1 to refresh docs/screenshots/table.png and phone.png from this
run; screenshots are never written otherwise.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import requests
from browser_support import LIVE, RECORD_FLASH, wait_flash

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(module_server: Any) -> Any:
    """One server for this module: each test makes its own games and reads nothing the
    server keeps across games (tests/conftest.py ``module_server``)."""
    return module_server


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PLAYERS = ["Aiko", "Bo", "Chiyo"]
#: Chosen by hand on the New game page (3 players: Mackerel + 4 fish markets).
FISH = ["mackerel", "eel", "salmon", "squid", "tuna"]


def svg_path_data(svg: str) -> str:
    """The ``d`` of the one <path> of a qrcode SvgPathImage."""
    root = ET.fromstring(svg)
    paths = [el for el in root.iter() if el.tag.rsplit("}", 1)[-1] == "path"]
    assert len(paths) == 1, svg[:200]
    return paths[0].attrib["d"]


def expected_qr_path(url: str) -> str:
    import qrcode
    import qrcode.image.svg

    img = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    return svg_path_data(img.to_string(encoding="unicode"))


#: The form data of every New game preview swapped in, in order.
RECORD_PREVIEWS = """
window.__previews = [];
document.addEventListener('htmx:afterSettle', (e) => {
  const config = e.detail.requestConfig;
  if (config && config.path.endsWith('/games/preview'))
    window.__previews.push(new URLSearchParams(config.formData).toString());
});
"""


def change_preview(page, action, has: str, present: bool = True) -> None:
    """Make one change on the New game form, then wait until a preview made from a form
    where ``has`` (e.g. ``fish_market=eel``) is ``present`` has been swapped in, with no
    request left in flight: the next change acts on the fresh boxes, never on ones about
    to be replaced by an older preview."""
    before = page.evaluate("window.__previews.length")
    action()
    page.wait_for_function(
        """([before, has, present]) =>
             window.__previews.slice(before).some(
               (p) => p.split('&').includes(has) === present)
             && !document.getElementById('new-game').classList.contains('htmx-request')""",
        arg=[before, has, present],
        timeout=LIVE,
    )


def create_game_on_new_game_page(page, base: str) -> str:
    """The host's path: /games/new, three names, markets picked by hand, Start."""
    from playwright.sync_api import expect

    page.add_init_script(RECORD_PREVIEWS)
    page.add_init_script(RECORD_FLASH)
    page.goto(base + "/games/new")
    names = page.locator('#players input[name="player"]')
    for i, name in enumerate(PLAYERS):
        names.nth(i).fill(name)
    names.nth(len(PLAYERS)).focus()  # the last name's change event fires on leaving it
    markets = page.locator("#preview #markets")
    expect(markets).to_contain_text("for 3 players", timeout=LIVE)

    # Choose the fish markets by hand. Every single swap passes through a wrong count
    # (4 or 6 markets); the boxes must stay on screen through it.
    change_preview(page, page.get_by_label("Choose markets by hand").check, "manual=on")
    boxes = page.locator('#preview input[name="fish_market"]')
    values = boxes.evaluate_all("els => els.map(e => e.value)")
    for value in values:  # drop the extra markets first, then add the wanted ones
        box = page.locator(f'#preview input[name="fish_market"][value="{value}"]')
        if value not in FISH and box.is_checked():
            change_preview(page, box.uncheck, f"fish_market={value}", present=False)
            expect(page.locator("#preview .error")).to_contain_text("5 fish")
            expect(page.locator("#preview #markets")).to_be_visible()
    for value in FISH:
        box = page.locator(f'#preview input[name="fish_market"][value="{value}"]')
        if not box.is_checked():
            change_preview(page, box.check, f"fish_market={value}")
    checked = page.locator('#preview input[name="fish_market"]:checked')
    expect(checked).to_have_count(len(FISH))
    assert sorted(checked.evaluate_all("els => els.map(e => e.value)")) == sorted(FISH)
    expect(page.locator("#preview .error")).to_have_count(0)
    expect(page.locator("#preview #checklist")).to_be_attached()

    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/[^/]+/table$"), timeout=LIVE)
    return page.url.rstrip("/").split("/")[-2]


def history_entry(page, text: str, where: str = ""):
    """History rows whose text is exactly ``text`` (after a "correction" badge, if any)."""
    exact = re.compile(rf"^\s*(correction\s+)?{re.escape(text)}\s*$")
    return page.locator(f"#history li{where}", has=page.locator(".text", has_text=exact))


def yen_everywhere(table, phones: dict[str, Any], expected: dict[str, str]) -> None:
    """Each player's Yen on the table screen and on every phone (own card and table)."""
    from playwright.sync_api import expect

    for name, yen in expected.items():
        expect(table.locator(f'#live [data-yen="{name}"]')).to_have_text(yen, timeout=LIVE)
        for page in phones.values():
            expect(page.locator(f'#live [data-yen="{name}"]')).to_have_text(yen, timeout=LIVE)
        expect(phones[name].locator("#my-yen")).to_have_text(yen, timeout=LIVE)


def test_game_from_new_game_page_joined_by_qr_with_live_pay_undo_and_stale_submit(
    live_server, screen, phone
):
    from playwright.sync_api import expect

    table = screen()
    game_id = create_game_on_new_game_page(table, live_server.url)
    expect(table.locator(".topbar")).to_contain_text(game_id)
    # The markets chosen by hand are the ones in play.
    market_list = table.locator("#live .markets-list li:not(.external)")
    expect(market_list).to_have_count(len(FISH))
    for name in ("Mackerel", "Eel", "Salmon", "Squid", "Tuna"):
        expect(market_list.filter(has_text=name)).to_have_count(1)

    # The join codes: one per seat, each an inline SVG of exactly its link.
    anchors = table.locator("#seats .qr[data-join-url]")
    expect(anchors).to_have_count(3)
    urls = []
    for i, name in enumerate(PLAYERS):
        anchor = anchors.nth(i)
        expect(anchor).to_have_attribute("aria-label", f"QR code to join as {name}")
        url = anchor.get_attribute("data-join-url")
        assert url and re.fullmatch(
            re.escape(live_server.url) + r"/join/[A-Za-z0-9_-]{22,}", url
        ), url
        # Not a link: a tap on the table device must never sign it in as a seat.
        assert anchor.get_attribute("href") is None
        assert anchor.locator("xpath=ancestor-or-self::a").count() == 0
        svg = anchor.locator("svg").evaluate("el => el.outerHTML")
        assert svg_path_data(svg) == expected_qr_path(url), f"QR of seat {i} is not its link"
        urls.append(url)
    assert len(set(urls)) == 3
    for i in range(3):
        expect(table.locator(f"#seat-status-{i}")).to_have_text("○ not connected")

    # Three phones open those links and land on their own seat pages.
    phones: dict[str, Any] = {}
    for name, url in zip(PLAYERS, urls, strict=True):
        page = phone()
        page.add_init_script(RECORD_FLASH)
        page.goto(url)
        expect(page).to_have_url(f"{live_server.url}/games/{game_id}/seat")
        expect(page.locator("#live .me h1")).to_have_text(name)
        expect(page).to_have_title(re.compile(rf"^{name} "))
        phones[name] = page

    # The table screen sees all three connected, in the live line and on the seat cards,
    # and a joined seat's code is gone: one seat, one phone.
    expect(table.locator("#live .connection .dot-status.on")).to_have_count(3, timeout=LIVE)
    for i in range(3):
        expect(table.locator(f"#seat-status-{i}")).to_have_text("● connected", timeout=LIVE)
    expect(table.locator("#seats .qr")).to_have_count(0, timeout=LIVE)
    expect(table.locator("#seats .joined-note")).to_have_count(3)
    assert not any(url in table.content() for url in urls)

    pages = [table, *phones.values()]
    for page in pages:
        page.evaluate("window.__marker = 1")
    yen_everywhere(table, phones, {"Aiko": "¥2,000", "Bo": "¥2,000", "Chiyo": "¥2,000"})

    # Aiko pays Bo ¥300 from her phone, with the quick-amount buttons.
    aiko, bo = phones["Aiko"], phones["Bo"]
    pay = aiko.locator("#form-pay")
    expect(pay.locator('select[name="from"]')).to_have_value("Aiko")
    pay.locator('select[name="to"]').select_option("Bo")
    pay.get_by_role("button", name="+100", exact=True).tap()
    pay.get_by_role("button", name="+200", exact=True).tap()
    expect(pay.locator('input[name="amount"]')).to_have_value("300")
    pay.get_by_role("button", name="Record payment").tap()
    wait_flash(aiko, r"^Recorded: Aiko paid Bo ¥300$")
    expect(pay.locator('input[name="amount"]')).to_have_value("")

    yen_everywhere(table, phones, {"Aiko": "¥1,700", "Bo": "¥2,300", "Chiyo": "¥2,000"})
    paid = history_entry(table, "Aiko paid Bo ¥300")
    expect(paid).to_have_count(1)
    expect(paid).to_contain_text("Aiko ·")  # recorded by Aiko
    expect(paid).not_to_have_class(re.compile(r"\bundone\b"))
    expect(history_entry(bo, "Aiko paid Bo ¥300")).to_have_count(1)
    paid_seq = paid.get_attribute("data-seq")

    # Undo on the table screen: the Yen come back everywhere, the entry stays, struck.
    table.locator("#history .card-head").get_by_role("button", name="Undo", exact=True).click()
    wait_flash(table, r"^Undone")
    yen_everywhere(table, phones, {"Aiko": "¥2,000", "Bo": "¥2,000", "Chiyo": "¥2,000"})
    for page in pages:
        struck = page.locator(f'#history li[data-seq="{paid_seq}"]')
        expect(struck).to_have_class(re.compile(r"\bundone\b"), timeout=LIVE)
        expect(struck.locator(".text s")).to_have_text("Aiko paid Bo ¥300")
        expect(history_entry(page, "Undo: Aiko paid Bo ¥300")).to_have_count(1)
    expect(table.locator(f'#history li[data-seq="{paid_seq}"] button')).to_have_count(0)

    # A double tap: the same request, with the same seen version, arrives twice. The first
    # is recorded; the second is refused with 409 and says why in one sentence.
    statuses: list[int] = []

    def twice(route) -> None:
        statuses.append(route.fetch().status)
        second = route.fetch()
        statuses.append(second.status)
        route.fulfill(response=second)

    aiko.route("**/games/*/act", twice)
    pay.locator('select[name="to"]').select_option("Bo")
    pay.locator('input[name="amount"]').fill("300")
    pay.get_by_role("button", name="Record payment").tap()
    error = aiko.locator("#flash .error")
    expect(error).to_be_visible(timeout=LIVE)
    aiko.unroute("**/games/*/act", twice)
    assert statuses[0] < 300 and statuses[1] == 409, statuses
    message = error.inner_text().strip()
    assert "changed" in message, message
    assert re.fullmatch(r"[A-Z][^.!?]*[.!?]", message), f"not one sentence: {message!r}"
    # Recorded once: ¥300 moved, not ¥600; one live entry for it.
    yen_everywhere(table, phones, {"Aiko": "¥1,700", "Bo": "¥2,300", "Chiyo": "¥2,000"})
    expect(history_entry(table, "Aiko paid Bo ¥300", ":not(.undone)")).to_have_count(1)
    expect(history_entry(table, "Aiko paid Bo ¥300")).to_have_count(2)  # one undone
    # The phone can act again at once: its page has caught up with the table.
    expect(aiko.locator("#seen-version")).to_have_value(
        table.locator("#seen-version").input_value(), timeout=LIVE
    )

    # Nothing above reloaded a page.
    for page in pages:
        assert page.evaluate("window.__marker") == 1


def api(
    base: str,
    method: str,
    path: str,
    token: str | None = None,
    body: dict[str, Any] | None = None,
    expect_status: int | None = None,
) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = requests.request(method, base + path, json=body, headers=headers, timeout=10)
    if expect_status is not None:
        assert r.status_code == expect_status, (r.status_code, r.text)
    return r.json()


def test_screenshots_of_a_game_in_progress(live_server, screen, phone):
    """A table that looks like a game (tokens, a licence, the Eel track moved) and a phone
    in portrait; the README shows both."""
    from playwright.sync_api import expect

    base = live_server.url
    game = api(
        base,
        "POST",
        "/api/games",
        body={
            "players": PLAYERS,
            "money": "open",
            "seed": 20240611,
            "fish_markets": ["mackerel", "eel", "salmon", "red_snapper", "tuna"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        expect_status=201,
    )
    gid, host = game["id"], game["host_token"]

    def act(body: dict[str, Any]) -> None:
        api(base, "POST", f"/api/games/{gid}/actions", host, body, expect_status=201)

    act({"type": "next_turn"})
    act({"type": "take_license", "player": "Aiko", "market": "eel", "pay": True})
    act({"type": "gain_fish", "player": "Aiko", "fish": "eel", "count": 3})
    act({"type": "set_track", "track": "eel", "value": 7})
    act({"type": "gain_fish", "player": "Bo", "fish": "salmon", "count": 2})
    act({"type": "gain_fish", "player": "Bo", "fish": "mackerel", "count": 4})
    act({"type": "take_red_snapper", "player": "Chiyo"})
    act({"type": "take_loan", "player": "Chiyo"})
    act({"type": "pay", "from": "Bo", "to": "Aiko", "amount": 400, "note": "rent"})
    act({"type": "next_turn"})

    table = screen(1280, 900)
    table.goto(f"{base}/join/{host}")
    expect(table).to_have_url(f"{base}/games/{gid}/table")
    phones = {}
    for seat in game["seats"]:
        page = phone()
        page.goto(seat["join_url"])
        expect(page.locator("#live .me h1")).to_have_text(seat["name"])
        phones[seat["name"]] = page
    expect(table.locator("#live .connection .dot-status.on")).to_have_count(3, timeout=LIVE)
    expect(table.locator('#live [data-value="eel"]')).to_have_text("7")
    expect(table.locator('#live [data-player="Aiko"] .spaces')).to_contain_text("Eel")
    expect(table.locator("#live .turn h2")).to_have_text("Bo’s turn")

    bo = phones["Bo"]
    expect(bo.locator("#my-yen")).to_have_text("¥1,600")
    # Neither page may scroll sideways.
    assert table.evaluate("document.documentElement.scrollWidth") <= 1280
    assert bo.evaluate("document.documentElement.scrollWidth") <= 390

    shots = [table.screenshot(), bo.screenshot()]
    assert all(shots)
    if os.environ.get("UPDATE_SCREENSHOTS"):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for page in (table, bo):
            page.emulate_media(color_scheme="dark")  # the app's default, for a dim room
        table.screenshot(path=str(SCREENSHOTS / "table.png"))
        bo.screenshot(path=str(SCREENSHOTS / "phone.png"))
