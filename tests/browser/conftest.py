"""Playwright driving Debian's Chromium (never a browser downloaded by a test tool)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

# The session's one Playwright and Chromium (``browser``) live in tests/conftest.py: one
# sync Playwright may run at a time in a process, and tests outside this folder use it too.


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
