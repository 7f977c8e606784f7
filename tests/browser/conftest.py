"""Playwright driving Debian's Chromium (never a browser downloaded by a test tool)."""

from __future__ import annotations

import shutil

import pytest
from support import start_server

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


@pytest.fixture(scope="session")
def browser_server(tmp_path_factory, template_db):
    """One real server process for every browser module that opts in (per test process:
    each xdist worker has its own), instead of one per module (``module_server``) or per
    test (``live_server``): each start is about a second of a core.

    Only for modules whose tests make their own games and write nothing the server keeps
    across games: no card game (its notches and deck are remembered), no board numbers
    entered (remembered for the next games), no finished game read back from the league.
    As none of them writes any, what such a module reads of it (the New game page's
    remembered numbers) is what a fresh server shows. Such a module overrides
    ``live_server`` with it. The server's log is printed when the session ends."""
    folder = tmp_path_factory.mktemp("browser-server")
    db = folder / "live.sqlite3"
    shutil.copyfile(template_db, db)  # tests/conftest.py fresh_db: the migrated template
    server = start_server(db)
    yield server
    server.stop()
    print(f"--- server output ---\n{server.captured}")
