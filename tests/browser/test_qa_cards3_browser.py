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
