"""Shared fixtures: the Flask app on a real SQLite file, and the real server process."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import LiveServer, free_port, start_server  # noqa: F401  (re-exported)

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def example_snapshot() -> dict:
    return json.loads((DATA / "snapshot_example.json").read_text(encoding="utf-8"))


@pytest.fixture
def example_report() -> dict:
    return json.loads((DATA / "report_example.json").read_text(encoding="utf-8"))


@pytest.fixture
def app(tmp_path):
    from companion.web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.sqlite3")})
    yield app
    shutdown = app.extensions.get("companion.shutdown")
    if shutdown:
        shutdown()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def live_server(tmp_path) -> Iterator[LiveServer]:
    server = start_server(tmp_path / "live.sqlite3")
    yield server
    server.stop()
    # Shown by pytest only when the test failed: the server's own log (a traceback there
    # says more than the browser's view of it).
    print(f"--- server output ---\n{server.captured}")


# -- the browser (Playwright driving Debian's Chromium) -------------------------------------

CHROMIUM = (
    os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
)

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
