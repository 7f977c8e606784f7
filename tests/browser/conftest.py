"""Playwright driving Debian's Chromium (never a browser downloaded by a test tool)."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = (
    os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
)

pytestmark = pytest.mark.browser

LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing on CI: .ci/run must install Debian's chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """A new browser context the size of a phone in portrait (its own cookies)."""
    contexts = []

    def make(**options):
        ctx = browser.new_context(
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            **options,
        )
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def screen(browser):
    """A new landscape browser context for the table screen (its own cookies)."""
    contexts = []

    def make(width: int = 1280, height: int = 900, **options):
        ctx = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()
