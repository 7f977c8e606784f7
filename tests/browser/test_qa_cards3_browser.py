"""Tsukiji Market, the card game, Tokyo Jutaku and the report pages, played as a real
table plays them (exploratory QA, third round): the real server process and a browser
whose own language is not the page's."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.server]


def test_a_choice_left_out_is_refused_in_the_page_s_language(live_server, phone):
    """A browser in English showing the Japanese pages (a phone set to English, the page
    switched to 日本語). Cash this exit with nobody chosen, Buy a Tuna with nobody chosen,
    Import with no file, Record a card with no colour: each was stopped by the browser's
    own bubble, "Please select one of these options." / "Please select a file.", in the
    browser's language, not the page's, and the page's own sentence ("Choose a game file
    first.") was never reached; a file the Wi-Fi dropped said "TypeError: Failed to
    fetch". Each is now said in Japanese, on the page, and changes nothing; what was
    typed stays."""
    from playwright.sync_api import expect
    from test_qa_cards_browser import api, new_game

    base = live_server.url
    page = phone(locale="en-US")
    page.goto(f"{base}/jutaku/")
    page.get_by_role("button", name="日本語").tap()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.locator("#name-0").fill("Aiko")
    page.locator("#name-1").fill("Bo")
    page.locator("#setup button[type=submit]").tap()
    page.wait_for_url("**/jutaku/?g=*")
    page.locator('#exit [data-field="carried.red"] button[data-step="1"]').tap()
    page.locator('#exit button[value="exit"]').tap()
    expect(page.locator("#exit-error")).to_have_text("店を出るプレイヤーを選んでください。")
    expect(page.locator('[name="carried.red"]')).to_have_value("1")
    expect(page.locator('[data-player="0"] .jutaku-exits')).to_have_text("0")
    page.locator('#tuna button[value="buy_tuna"]').tap()
    expect(page.locator("#tuna-error")).to_have_text("マグロを買うプレイヤーを選んでください。")

    page.goto(f"{base}/games/import")
    page.locator("#import-form button[type=submit]").tap()
    expect(page.locator("#import-error")).to_have_text("先にゲームファイルを選んでください。")
    # A file sent while the Wi-Fi drops: said in Japanese too ("TypeError: Failed to fetch").
    page.route("**/games/import", lambda route: route.abort())
    game_file = {"name": "game.json", "mimeType": "application/json", "buffer": b"{}"}
    page.locator("#import-file").set_input_files(files=[game_file])
    page.locator("#import-form button[type=submit]").tap()
    expect(page.locator("#import-error")).to_have_text(
        "タップがテーブルのサーバーに届きませんでした。Wi-Fiを確かめて、もう一度タップしてください。"
    )

    game, _host, seats = new_game(base)
    page.goto(f"{base}/join/{seats[0]}")
    api(base, f"/api/games/{game}/bids", {"fingers": 1}, seats[1])
    page.locator(".cards-fingers button[value='3']").tap()
    form = page.locator("form.cards-take")
    form.locator('input[name="points"][value="3"]').check()
    form.locator("button.primary").tap()
    expect(page.locator("#cards-live .error")).to_have_text(
        "カードの色は1〜20文字の名前です（例：red）。"
    )
    expect(form.locator('input[name="points"][value="3"]')).to_be_checked()


def test_the_ticks_for_one_card_never_stay_for_the_next(live_server, screen):
    """A Day tie with the Barrel toward Bo: Bo takes a card, then Aiko. The table screen
    ticks Bo's card (blue, 4, Wasabi) while Bo records it on his phone; the table screen's
    form becomes "Record Aiko's card". Bo's ticks stayed in it (kept through the update as
    a player's own), one tap from recording Bo's card as Aiko's. Now it starts empty; ticks
    made for the card still awaited are kept (test_qa_cards_browser's ticks test)."""
    from playwright.sync_api import expect
    from test_qa_cards_browser import api, new_game

    base = live_server.url
    game, host, seats = new_game(base)

    def bids(aiko: int, bo: int) -> None:
        for token, fingers in zip(seats, (aiko, bo), strict=True):
            api(base, f"/api/games/{game}/bids", {"fingers": fingers}, token)

    bids(3, 1)  # Aiko wins: the Barrel 2 notches toward Bo
    aiko = {"type": "take_card", "player": "Aiko", "colour": "red", "points": 3}
    api(base, f"/api/games/{game}/actions", aiko, seats[0])
    bids(2, 2)  # a tie at Night: Day
    bids(2, 2)  # a tie at Day, the Barrel toward Bo: Bo's card, then Aiko's
    table = screen(1280, 800)
    table.goto(f"{base}/join/{host}")
    form = table.locator("form.cards-take")
    expect(form.get_by_role("button", name="Record Bo's card")).to_be_visible()
    form.get_by_label("blue", exact=True).check()
    form.locator('input[name="points"][value="4"]').check()
    form.get_by_label("Wasabi", exact=True).check()
    bo = {"type": "take_card", "player": "Bo", "colour": "blue", "points": 4, "wasabi": True}
    api(base, f"/api/games/{game}/actions", bo, seats[1])
    expect(form.get_by_role("button", name="Record Aiko's card")).to_be_visible()
    expect(form.locator("input:checked")).to_have_count(1)  # "No icon", as served
    expect(form.get_by_label("No icon")).to_be_checked()
