"""A Japanese phone and an English table screen play one turn of the same game (issue
#11), against the real server in headless Chromium: the phone (its browser asks for
Japanese) reads its turn guide, a visit's preview, a refused payment and the history in
Japanese with Yen as 1,200円; the table screen (an English browser) reads the same game in
English at the same time; live updates reach each in its own language."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_support import LIVE, RECORD_FLASH, wait_flash
from test_turn_browser import Api

pytestmark = [pytest.mark.browser, pytest.mark.server]


@pytest.fixture
def live_server(browser_server: Any) -> Any:
    """The browser tests' one server (tests/browser/conftest.py ``browser_server``): this
    module's tests make their own games and write nothing the server keeps across games."""
    return browser_server


A, B, C = "Aiko", "Bo", "Chiyo"


def _page(browser: Any, contexts: list[Any], locale: str, **size: Any) -> Any:
    ctx = browser.new_context(locale=locale, **size)
    contexts.append(ctx)
    page = ctx.new_page()
    page.add_init_script(RECORD_FLASH)
    return page


@pytest.fixture
def pages(browser: Any) -> Any:
    contexts: list[Any] = []

    def make(locale: str, phone: bool) -> Any:
        if phone:
            return _page(
                browser,
                contexts,
                locale,
                viewport={"width": 390, "height": 844},
                is_mobile=True,
                has_touch=True,
            )
        return _page(browser, contexts, locale, viewport={"width": 1280, "height": 900})

    yield make
    for ctx in contexts:
        ctx.close()


def test_a_japanese_phone_and_an_english_table_screen(live_server: Any, pages: Any) -> None:
    from playwright.sync_api import expect

    api = Api(live_server.url)
    api.act(type="gain_fish", player=A, fish="eel", count=3)
    api.act(type="take_license", player=B, market="eel", count=1, pay=False)
    api.act(type="next_turn")  # Aiko's turn, 2 AP

    aiko = pages("ja-JP", phone=True)
    aiko.goto(f"{api.url}/join/{api.tokens[A]}")
    aiko.wait_for_selector("#turn-guide")
    table = pages("en-US", phone=False)
    table.goto(f"{api.url}/join/{api.host}")
    table.wait_for_selector("#live")

    assert aiko.locator("html").get_attribute("lang") == "ja"
    assert table.locator("html").get_attribute("lang") == "en"
    guide = aiko.locator("#turn-guide")
    expect(guide.get_by_role("heading", name=re.compile("あなたの手番"))).to_be_visible()
    expect(table.locator("#turn")).to_contain_text("Aiko")
    # Both read the same first entries, each in its own language.
    expect(aiko.locator("#log")).to_contain_text("次の手番")
    expect(table.locator("#log")).to_contain_text("Next turn")

    # One illegal action: Aiko pays more Yen than she holds. The refusal is one Japanese
    # sentence naming her 2,000円.
    pay = aiko.locator("#form-pay")
    pay.locator("input[name=amount]").fill("9000")
    pay.get_by_role("button", name="支払いを記録").click()
    refusal = wait_flash(aiko, "2,000円")
    assert "¥" not in refusal and refusal.endswith("。"), refusal
    assert not re.search(r"[A-Za-z]{3,} [a-z]{2,}", refusal), refusal  # no English words

    # A guided visit: Markets → Eel, sell 2 Eel; the preview in Japanese with 円.
    guide.get_by_role("button", name="市場").click()
    guide.get_by_role("button", name=re.compile("^ウナギ")).click()
    more = guide.get_by_role("button", name=re.compile("ウナギを売却：増やす"))
    more.click()
    more.click()
    preview = guide.locator("#turn-preview")
    expect(preview).to_contain_text("次のことが起こります", timeout=LIVE)
    expect(preview).to_contain_text(re.compile(r"Bo.*100円"))
    assert "¥" not in preview.inner_text()
    guide.get_by_role("button", name="確定").click()
    recorded = wait_flash(aiko, "^記録しました：")
    assert recorded.startswith("記録しました：Aikoがウナギ市場を訪れました"), recorded

    # The history line reaches both screens live, each in its language.
    expect(aiko.locator("#log")).to_contain_text("Aikoがウナギ市場を訪れました", timeout=LIVE)
    expect(table.locator("#log")).to_contain_text("Aiko visited Eel", timeout=LIVE)
    assert "visited" not in aiko.locator("#log").inner_text()
    assert "訪れました" not in table.locator("#log").inner_text()

    # A payment recorded elsewhere (the API) and the next turn from the table screen.
    api.act(type="pay", **{"from": "supply", "to": B, "amount": 1200})
    expect(aiko.locator("#log")).to_contain_text(
        "共通サプライがBoに1,200円を支払いました", timeout=LIVE
    )
    expect(table.locator("#log")).to_contain_text("The supply paid Bo ¥1,200", timeout=LIVE)
    # Aiko has AP left: the table screen asks first (issue #20), and the host says yes.
    asked: list[str] = []
    table.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    table.locator("#turn-controls").get_by_role("button", name="Next turn").click()
    expect(table.locator("#turn")).to_contain_text("Bo", timeout=LIVE)
    assert asked and "AP left" in asked[0]
    # (flows.md: the history says how many AP went unspent)
    expect(aiko.locator("#log li").first).to_contain_text(
        "Aikoはアクションポイントを1点残して手番を終えました", timeout=LIVE
    )
    expect(table.locator("#log li").first).to_contain_text(
        "Aiko ended the turn with 1 AP unspent", timeout=LIVE
    )
    # Aiko's own card shows her Yen in Japanese; the table's the same player in English.
    expect(aiko.locator("#live")).to_contain_text(re.compile(r"[\d,]+円"))
    assert "円" not in table.locator("#live").inner_text()
