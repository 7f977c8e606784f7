"""Shared fixtures: the Flask app on a real SQLite file, and the real server process."""

from __future__ import annotations

import json
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
