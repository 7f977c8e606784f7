"""The Tokyo Jutaku page on a phone, against the real server process: a whole game of
exits through the big steppers, the payout line by line, the new prices, each player's
money and exits, a Tuna bought, the end with its winner, undo and reload; axe-core finds
nothing, at 360 px and at 200 % text, in both themes, and nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from axe import assert_no_horizontal_scroll, assert_no_violations, in_each_theme, larger_text

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


def phone_360(browser, color_scheme: str = "dark"):
    ctx = browser.new_context(
        viewport={"width": 360, "height": 800},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        color_scheme=color_scheme,
    )
    return ctx, ctx.new_page()


def tap_plus(page, field: str, times: int = 1) -> None:
    button = page.locator(f'#exit [data-field="{field}"] button[data-step="1"]')
    for _ in range(times):
        button.tap()


def leave(page, who: str, **taps: int) -> None:
    """``who`` leaves the store carrying what the taps count (a field name's dots as
    double underscores: ``spider_crab__6``)."""
    page.locator("#exit").get_by_label(who, exact=True).check()
    for field, times in taps.items():
        tap_plus(page, "carried." + field.replace("__", "."), times)
    page.get_by_role("button", name="Cash this exit").tap()
    page.wait_for_url("**#payout")


def start(page, url: str, *names: str) -> None:
    page.goto(url + "/jutaku/")
    for i, name in enumerate(names):
        page.locator(f"#name-{i}").fill(name)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url("**/jutaku/?g=*")


def test_a_whole_game_on_a_phone(live_server, browser):
    from playwright.sync_api import expect

    ctx, page = phone_360(browser)
    try:
        page.goto(live_server.url + "/")
        page.get_by_role("link", name="Tokyo Jutaku exit calculator").tap()
        page.wait_for_url("**/jutaku/")
        assert_no_violations(page)
        start(page, live_server.url, "Aiko", "Bo", "Chie")
        expect(page.locator(".jutaku-players > li")).to_have_count(3)

        # The steppers change the numbers in place: no request until the exit is cashed.
        page.locator("#exit").get_by_label("Aiko", exact=True).check()
        requests: list[str] = []
        page.on("request", lambda r: requests.append(r.url))
        tap_plus(page, "carried.shirt_trousers", 3)
        page.locator('#exit [data-field="carried.shirt_trousers"] button[data-step="-1"]').tap()
        tap_plus(page, "carried.red")
        tap_plus(page, "carried.salmon")
        tap_plus(page, "carried.spider_crab.6")
        expect(page.locator('[name="carried.shirt_trousers"]')).to_have_value("2")
        assert requests == []
        # Enter in a number field does not press the form's first button (a "−").
        page.locator('[name="carried.red"]').press("Enter")
        expect(page.locator('[name="carried.red"]')).to_have_value("1")
        assert requests == []
        for box in page.locator(".stepper .button:visible").evaluate_all(
            "els => els.map(e => [e.offsetWidth, e.offsetHeight])"
        ):
            assert box[0] >= 48 and box[1] >= 48, box
        for box in page.locator("#exit .check").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)"
        ):
            assert box >= 48
        page.get_by_role("button", name="Cash this exit").tap()
        page.wait_for_url("**#payout")

        # [JA]'s example, line by line, and the shop after it.
        payout = page.locator("#payout")
        expect(payout.locator("h2")).to_have_text("Aiko left the store: ¥2,000")
        expect(payout.locator(".jutaku-lines li")).to_have_text(
            [
                "1 × red drink at ¥300: ¥300",
                "2 × shirt / trousers at ¥300: ¥600",
                "1 × Salmon at ¥500 (f side): ¥500",
                "1 × Spider Crab 6 at ¥600: ¥600",
            ]
        )
        expect(payout.locator(".jutaku-changes")).to_contain_text("Red drink: ¥300 → ¥200")
        expect(payout.locator(".jutaku-changes")).to_contain_text("Salmon: ¥500 → ¥400")
        expect(page.locator('#shop [data-category="shirt_trousers"] td')).to_have_text("¥200")
        expect(page.locator('#shop [data-category="salmon"] td')).to_have_text("¥400")
        expect(page.locator('[data-player="0"] .jutaku-money')).to_have_text("¥2,000")
        expect(page.locator('[data-player="0"] .jutaku-exits')).to_have_text("1")
        # The form starts empty again for the next exit.
        expect(page.locator('[name="carried.red"]')).to_have_value("")
        assert_no_violations(page)
        assert_no_horizontal_scroll(page)

        leave(page, "Bo", salmon=2)
        expect(page.locator("#payout h2")).to_have_text("Bo left the store: ¥800")

        # A Tuna bought: paid first, cashed at the next exit at its printed value.
        page.locator("#tuna").get_by_label("Aiko", exact=True).check()
        page.get_by_role("button", name="Buy a Tuna for ¥500").tap()
        page.wait_for_url("**#players")
        expect(page.locator('[data-player="0"] .jutaku-money')).to_have_text("¥1,500")
        expect(page.get_by_role("button", name="Buy a Tuna for ¥1,000")).to_be_visible()
        leave(page, "Aiko", tuna__20=1, detergent=1, bra_underwear_socks=1)
        expect(page.locator("#payout .jutaku-lines li")).to_have_text(
            [
                "1 × bra / underwear / socks at ¥200: ¥200",
                "Detergent doubles a bra / underwear / socks: +¥200",
                "1 × Tuna 20 at ¥2,000: ¥2,000",
            ]
        )
        expect(page.locator('[data-player="0"] .jutaku-money')).to_have_text("¥3,900")
        # Aiko has left twice: she can neither leave nor buy any more.
        expect(page.locator("#exit").get_by_label("Aiko", exact=True)).to_have_count(0)

        leave(page, "Bo", newspaper=1)
        result = page.locator("#result")
        expect(result).to_contain_text("Game over")
        expect(result.locator(".jutaku-winner")).to_have_text("Aiko wins")
        expect(result).to_contain_text("Most money: ¥3,900.")
        expect(page.locator("#exit")).to_have_count(0)
        assert_no_violations(page)

        # The address is the game: reload keeps it, undo takes the last exit back.
        page.reload()
        expect(page.locator("#result .jutaku-winner")).to_have_text("Aiko wins")
        page.get_by_role("button", name="Undo the last entry").tap()
        page.wait_for_url("**#shop")
        expect(page.locator("#result")).to_have_count(0)
        expect(page.locator('[data-player="1"] .jutaku-exits')).to_have_text("1")
    finally:
        ctx.close()


def test_the_page_fits_360_px_at_200_percent_text(live_server, browser):
    """In both themes (axe.py ``in_each_theme``: the one page switched in place)."""

    def checks(page) -> None:
        assert_no_horizontal_scroll(page)
        assert_no_violations(page)

    ctx, page = phone_360(browser)
    try:
        page.goto(live_server.url + "/jutaku/")
        larger_text(page)
        in_each_theme(page, checks)
        start(page, live_server.url, "Aiko", "Bo with a long name")
        leave(page, "Bo with a long name", washer_dryer=1, detergent=1, spider_crab__8=2)
        larger_text(page)
        in_each_theme(page, checks)
    finally:
        ctx.close()


def test_a_refused_exit_names_its_reason_next_to_the_form(live_server, browser):
    from playwright.sync_api import expect

    ctx, page = phone_360(browser)
    try:
        start(page, live_server.url, "Aiko", "Bo")
        page.locator("#exit").get_by_label("Bo", exact=True).check()
        tap_plus(page, "carried.tuna.15")
        page.get_by_role("button", name="Cash this exit").tap()
        error = page.locator("#exit-error")
        expect(error).to_have_text(
            "Bo has 0 Tuna bought and not cashed yet, so cannot cash 1; record each Tuna "
            "bought first."
        )
        expect(page.locator('[name="carried.tuna.15"]')).to_have_value("1")
        assert_no_violations(page)
        # A Japanese phone keyboard types full-width digits: "２" is 2, its + makes 3, and
        # the exit is cashed (the browser refused "２" in its own English words, "Please
        # match the requested format.", and + did nothing).
        page.locator('[name="carried.tuna.15"]').fill("０")
        page.locator('[name="carried.red"]').fill("２")
        tap_plus(page, "carried.red")
        expect(page.locator('[name="carried.red"]')).to_have_value("3")
        page.locator('[name="carried.salmon"]').fill("１")
        page.get_by_role("button", name="Cash this exit").tap()
        page.wait_for_url("**#payout")
        expect(page.locator("#payout .jutaku-lines li")).to_have_text(
            ["3 × red drink at ¥300: ¥900", "1 × Salmon at ¥500 (f side): ¥500"]
        )
    finally:
        ctx.close()
