"""Shared fixtures: the Flask app on a real SQLite file, and the real server process;
and the test tiers (README "Testing"), each test marked with exactly one."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flask
import jinja2
import jinja2.bccache
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


# -- the tiers ---------------------------------------------------------------------------------

#: The tiers (pyproject.toml describes their markers).
TIERS = ("browser", "sweep", "web", "engine", "rules")
#: The order a run starts modules in: the longest tests first (the browser, the sweep, the
#: ``slow`` servers), so that the workers of ``-n`` are not left with one long test at the
#: end while the others idle.
ORDER = ("browser", "sweep", "slow", "web", "engine", "rules")
#: Fixtures that make a test a server test (tests/conftest.py and the modules' own).
SERVER_FIXTURES = {"app", "client", "live_server", "server", "browser"}
#: Names whose presence in a test module means it serves pages (a Flask app or a process).
SERVER_NAMES = ("create_app", "start_server", "LiveServer")
#: Modules of the server tier by what they do outside this process.
SERVER_MODULES = {"test_packaging.py"}  # builds the wheel, installs it in a venv, runs it


def tier(item: pytest.Item) -> str:
    """The one tier of a test, from where it is and what it uses."""
    path = Path(str(item.fspath)).resolve()
    here = Path(__file__).resolve().parent
    if here / "browser" in path.parents or item.get_closest_marker("browser"):
        return "browser"
    if path.name == "test_secrecy_sweep.py":
        return "sweep"
    if here / "rules" in path.parents:
        return "rules"
    if path.name in SERVER_MODULES:
        return "web"
    module = getattr(item, "module", None)
    if (
        SERVER_FIXTURES & set(getattr(item, "fixturenames", ()))
        or item.get_closest_marker("server")
        or item.get_closest_marker("slow")
        or any(hasattr(module, name) for name in SERVER_NAMES)
    ):
        return "web"
    return "engine"


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by these markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its tier, and start the modules with the longest tests first
    (a module's tests stay together and in their order: its servers start once)."""
    first: dict[str, int] = {}
    for item in items:
        name = tier(item)
        item.add_marker(name)
        rank = ORDER.index(name)
        if item.get_closest_marker("slow"):
            rank = min(rank, ORDER.index("slow"))
        key = str(item.fspath)
        first[key] = min(first.get(key, len(ORDER)), rank)
    position = {id(item): i for i, item in enumerate(items)}
    items.sort(key=lambda item: (first[str(item.fspath)], position[id(item)]))


# -- the app and the server ------------------------------------------------------------------


class SharedTemplateCode(jinja2.BytecodeCache):
    """The compiled templates, kept in memory for every app of this test process: the
    tests make hundreds of apps (one per test, on its own database), and each compiled
    every template it rendered anew (about 45 % of a page test's time). A template's code
    is reused only while its source is unchanged (Jinja's checksum of the source)."""

    def __init__(self) -> None:
        self.code: dict[str, tuple[str, Any]] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        kept = self.code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = (bucket.checksum, bucket.code)


TEMPLATE_CODE = SharedTemplateCode()
_flask_jinja_environment = flask.Flask.create_jinja_environment


def _jinja_environment(self: flask.Flask) -> Any:
    """The app's Jinja environment; the app factory's apps (all named "companion", all
    configured alike) share :data:`TEMPLATE_CODE`."""
    env = _flask_jinja_environment(self)
    if self.name == "companion":
        env.bytecode_cache = TEMPLATE_CODE
    return env


flask.Flask.create_jinja_environment = _jinja_environment  # type: ignore[method-assign]


def _shared_url_builders() -> None:
    """Each app's Werkzeug rules compile a URL builder each (Python source generated and
    compiled: ~75 % of ``create_app``, ~0.1 s per test with an app). The builder is a
    function of the rule's text, its parts, defaults and converters only, so the same
    rule of the next app takes the one compiled for the first (bound to its own rule).
    Left as Werkzeug has it if its internals are not the ones this was written for."""
    from werkzeug.routing.rules import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None or getattr(compile_builder, "shared", False):
        return
    built: dict[tuple[Any, ...], Any] = {}

    def shared(self: Rule, append_unknown: bool = True) -> Any:
        key = (
            self.rule,
            append_unknown,
            tuple(self._trace),
            repr(sorted((self.defaults or {}).items())),
            tuple(sorted((k, type(c)) for k, c in self._converters.items())),
        )
        found = built.get(key)
        if found is None:
            found = built[key] = compile_builder(self, append_unknown)
        return found

    shared.shared = True  # type: ignore[attr-defined]
    Rule._compile_builder = shared  # type: ignore[method-assign]


_shared_url_builders()


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database with every migration applied, made once per session (per
    worker): each test's database is a copy of it, not built anew."""
    from companion.games import GAMES
    from companion.store import Store

    path = tmp_path_factory.mktemp("template") / "template.sqlite3"
    Store(path, GAMES).close()  # the last connection closed: the WAL is checkpointed and removed
    return path


def fresh_db(template: Path, path: Path) -> Path:
    """A new database at ``path``: a copy of the migrated template."""
    shutil.copyfile(template, path)
    return path


#: Where a test's app keeps its database: a folder in memory (Linux's /dev/shm) when the
#: machine has one with room, else the test's ``tmp_path``. On a disk each commit and each
#: close of the SQLite file waits for the disk (``synchronous=FULL``, the WAL checkpoint):
#: some 10-20 ms per app, most of ``create_app``'s wall time. The database is the same
#: SQLite file either way; what reaching the disk does is the store's own tests' business
#: (they make their files in ``tmp_path``).
MEMORY = Path("/dev/shm")
#: The least free room in :data:`MEMORY` for it to be used (a database is ~60 KB).
MEMORY_ROOM = 256 * 1024 * 1024


def _memory() -> Path | None:
    try:
        if (
            MEMORY.is_dir()
            and os.access(MEMORY, os.W_OK)
            and shutil.disk_usage(MEMORY).free > MEMORY_ROOM
        ):
            return MEMORY
    except OSError:
        pass
    return None


@pytest.fixture
def db_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder for a test's database files: in memory when the machine has room there
    (removed after the test), else ``tmp_path`` (see :data:`MEMORY`)."""
    memory = _memory()
    if memory is None:
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="companion-test-", dir=memory))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def app(db_dir, template_db):
    from companion.web import create_app

    db = fresh_db(template_db, db_dir / "test.sqlite3")
    app = create_app({"TESTING": True, "DATABASE": str(db)})
    yield app
    shutdown = app.extensions.get("companion.shutdown")
    if shutdown:
        shutdown()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def live_server(tmp_path, template_db) -> Iterator[LiveServer]:
    server = start_server(fresh_db(template_db, tmp_path / "live.sqlite3"))
    yield server
    server.stop()
    # Shown by pytest only when the test failed: the server's own log (a traceback there
    # says more than the browser's view of it).
    print(f"--- server output ---\n{server.captured}")


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory, template_db) -> Iterator[LiveServer]:
    """One real server process for a whole module, for a module whose tests each make their
    own games and read nothing the server keeps across games (the league, the board
    numbers it remembers, the card game's deck): such a module overrides ``live_server``
    with it, and its tests no longer wait for a server to start each (about a second and
    a half of a core each)."""
    folder = tmp_path_factory.mktemp("module-server")
    server = start_server(fresh_db(template_db, folder / "live.sqlite3"))
    yield server
    server.stop()
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
