"""The scoring calculator on a phone, against the real server process.

Set UPDATE_SCREENSHOTS=1 to refresh docs/screenshots/calculator.png (and
calculator-report.png) from this run; screenshots are never written otherwise.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def tap_plus(page, field: str, times: int = 1) -> None:
    button = page.locator(f'[data-field="{field}"] button[data-step="1"]')
    for _ in range(times):
        button.tap()


def test_three_players_scored_live_without_reload(live_server, phone):
    from playwright.sync_api import expect

    page = phone()
    page.goto(live_server.url + "/calculator/")
    expect(page.locator(".player")).to_have_count(3)
    # Survives every htmx swap; a full page load would wipe it.
    page.evaluate("window.__calculatorMarker = 'same page'")

    # The table, worked by hand from shared/rules/turn-and-scoring.md §6–§7
    # (Bank in play, no Expansion, Eel track at 5):
    #   Aiko ¥3,000, 1 loan;  2 Eel = 2 × 5 = 10, 3 Mackerel = 3        → R 13
    #   Bo   ¥4,500;          1 Tuna printed 20, 2 Fugu = 2² = 4        → R 24
    #   Chie ¥6,500, 1 share; Salmon: 2 owned in the game, so fresh = 2,
    #                         degraded = 4; 1 Octopus = 3               → R 9
    #   1. Award: Bo alone has the most (+¥1,000), Chie alone the fewest (−¥500).
    #   3. Loans: Aiko repays ¥1,000; interest I = ¥500, one share owner → Chie +¥500.
    #   4. Fish: ¥100 per Resource: +¥1,300, +¥2,400, +¥900.
    #   Final: Aiko 3,000 − 1,000 + 1,300 = ¥3,300
    #          Bo   4,500 + 1,000 + 2,400 = ¥7,900   ← winner
    #          Chie 6,500 − 500 + 500 + 900 = ¥7,400
    page.fill('[name="players[0].name"]', "Aiko")
    page.fill('[name="players[0].yen"]', "3000")

    # Add a fourth player and take it away again: typed values survive both swaps.
    page.get_by_role("button", name="+ Add player").tap()
    expect(page.locator(".player")).to_have_count(4)
    expect(page.locator('[name="players[3].name"]')).to_be_focused()
    expect(page.locator('[name="players[0].name"]')).to_have_value("Aiko")
    page.locator('[data-player="3"] button', has_text="Remove").tap()
    expect(page.locator(".player")).to_have_count(3)
    expect(page.locator('[name="players[0].yen"]')).to_have_value("3000")

    page.get_by_label("Bank in play").check()
    tap_plus(page, "players[0].loans")
    tap_plus(page, "players[0].fish.eel", 2)
    # A Japanese phone keyboard types full-width digits: "２" is 2, and its + makes 3 (the
    # browser refused it as "Please match the requested format.", + did nothing).
    page.fill('[name="players[0].fish.mackerel"]', "２")
    tap_plus(page, "players[0].fish.mackerel")
    expect(page.locator('[name="players[0].fish.mackerel"]')).to_have_value("3")

    page.fill('[name="players[1].name"]', "Bo")
    page.fill('[name="players[1].yen"]', "４，５００")
    tap_plus(page, "players[1].fish.tuna.20")
    tap_plus(page, "players[1].fish.fugu", 2)

    page.fill('[name="players[2].name"]', "Chie")
    page.fill('[name="players[2].yen"]', "6500")
    tap_plus(page, "players[2].shares")
    tap_plus(page, "players[2].fish.salmon.fresh")
    tap_plus(page, "players[2].fish.salmon.degraded")
    tap_plus(page, "players[2].fish.octopus")

    # Holding Eel without the track value is an error, shown next to the track.
    error = page.locator('[data-field="markets.eel.value"] .field-error')
    expect(error).to_have_text("Required when a player holds eel.")
    expect(page.locator("#summary")).to_contain_text("Eel track")
    tap_plus(page, "markets.eel.value", 5)  # empty → 1 → … → 5
    expect(page.locator('[name="markets.eel.value"]')).to_have_value("5")
    expect(error).to_have_count(0)

    expect(page.locator("#winner .winner-names")).to_have_text("Bo")
    expect(page.locator("#winner")).to_contain_text("¥7,900")
    expect(page.locator('[data-player-result="Chie"] .final-yen')).to_have_text("¥7,400")
    expect(page.locator('[data-player-result="Aiko"] .final-yen')).to_have_text("¥3,300")
    expect(page.locator('[data-player-result="Aiko"] .badge')).to_have_text("3rd")
    expect(page.locator("#summary")).to_contain_text("Bo ¥7,900")

    # Bad typing shows its sentence beside the field, and the fix clears it.
    page.fill('[name="players[1].yen"]', "lots")
    bad = page.locator('[data-field="players[1].yen"] .field-error')
    expect(bad).to_have_text("Must be a whole number of Yen.")
    expect(page.locator('[name="players[1].yen"]')).to_have_attribute("aria-invalid", "true")
    page.fill('[name="players[1].yen"]', "4500")
    expect(bad).to_have_count(0)
    expect(page.locator("#winner")).to_contain_text("¥7,900")

    assert page.evaluate("window.__calculatorMarker") == "same page"

    # Touch targets: every − / + is at least 48 × 48 CSS pixels.
    for box in page.locator(".stepper .button:visible").evaluate_all(
        "els => els.map(e => [e.offsetWidth, e.offsetHeight])"
    ):
        assert box[0] >= 48 and box[1] >= 48, box
    # Nothing sticks out sideways on a 390 px wide phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    if os.environ.get("UPDATE_SCREENSHOTS"):
        # Two phone screens: the filled form with the live summary bar, and the breakdown.
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.emulate_media(color_scheme="dark")  # the app's default, for a dim room
        page.locator("#calc").evaluate("el => el.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / "calculator.png"))
        page.locator("#report").evaluate("el => el.scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / "calculator-report.png"))


def test_expansion_toggle_shows_the_expansion_fish(live_server, phone):
    from playwright.sync_api import expect

    page = phone()
    page.goto(live_server.url + "/calculator/")
    nori = page.locator('[data-field="players[0].fish.nori"]')
    swordfish_track = page.locator('[data-field="markets.swordfish.value"]')
    expect(nori).to_be_hidden()
    expect(swordfish_track).to_be_hidden()
    page.get_by_label("Expansion").check()
    expect(nori).to_be_visible()
    expect(swordfish_track).to_be_visible()
    loans = page.locator('[data-field="players[0].loans"]')
    expect(loans).to_be_hidden()
    page.get_by_label("Bank in play").check()
    expect(loans).to_be_visible()
    assert re.search(r"/calculator/$", page.url)


def test_works_without_javascript(live_server, browser):
    """Progressive enhancement: with scripts off, − / + and Calculate post the whole page."""
    from playwright.sync_api import expect

    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(live_server.url + "/calculator/")
        page.fill('[name="players[0].name"]', "Aiko")
        page.fill('[name="players[1].name"]', "Bo")
        page.locator('[data-field="players[0].fish.octopus"] button[data-step="1"]').click()
        expect(page.locator('[name="players[0].fish.octopus"]')).to_have_value("1")
        # Aiko: R 3, alone highest +1,000, fish +300; Bo and Player 3 tie lowest −300 each.
        expect(page.locator("#winner")).to_contain_text("Aiko")
        expect(page.locator("#winner")).to_contain_text("¥1,300")
        page.fill('[name="players[1].yen"]', "lots")
        page.get_by_role("button", name="Calculate").last.click()
        expect(page.locator('[data-field="players[1].yen"] .field-error')).to_have_text(
            "Must be a whole number of Yen."
        )
    finally:
        context.close()
