"""`companion serve` as a real process (api.md, "Starting the server"): no mocks.

Every server here is `python -m companion serve` in a subprocess on a free port. Requests go
to 127.0.0.1 only, also when the server listens on 0.0.0.0.
"""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

pytestmark = pytest.mark.server

READY = "Stop with Ctrl-C."
URL_RE = re.compile(r"http://([^/\s:]+):(\d+)/")
#: Characters a terminal QR code is drawn with (qrcode's print_ascii: cp437 half blocks,
#: full block and the no-break space).
QR_CHARS = set("█▀▄ \xa0")
ROOT = Path(__file__).resolve().parent.parent
#: Starts the rest of its command line with SIGINT ignored, as a shell does for a
#: background job: the server must still stop on SIGINT.
SIGINT_IGNORED = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """One `companion serve` process whose output is read line by line in a thread
    (so a test can wait for a line without blocking on a pipe forever)."""

    def __init__(
        self, *args: str, env: dict[str, str] | None = None, sigint_ignored: bool = False
    ) -> None:
        full_env = dict(
            os.environ if env is None else env, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8"
        )
        prefix = ["-c", SIGINT_IGNORED] if sigint_ignored else []
        self.process = subprocess.Popen(
            [sys.executable, *prefix, "-m", "companion", "serve", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            env=full_env,
            cwd=ROOT,
        )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line)
        self._queue.put(None)

    @property
    def output(self) -> str:
        return "".join(self.lines)

    def wait_for(self, text: str, timeout: float = 30) -> str:
        """Read output until a line contains ``text``; the output so far."""
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {text!r} within {timeout} s; output:\n{self.output}")
            try:
                line = self._queue.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                self.process.wait()
                raise AssertionError(
                    f"server exited ({self.process.returncode}) before "
                    f"printing {text!r}; output:\n{self.output}"
                )
            self.lines.append(line)
        return self.output

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 60) -> int:
        """Send ``sig``; the exit code. ``timeout`` only keeps a hung server from hanging
        the run: how fast it stops is not what is checked."""
        self.process.send_signal(sig)
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.close()
            raise AssertionError(
                f"the server never stopped after signal {sig!r} (still "
                f"running {timeout} s later); output:\n{self.output}"
            ) from None
        self._drain()
        return code

    def _drain(self) -> None:
        self._reader.join(timeout=10)
        while True:
            try:
                line = self._queue.get_nowait()
            except queue.Empty:
                break
            if line is not None:
                self.lines.append(line)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._drain()
        if self.process.stdout:
            self.process.stdout.close()

    def __enter__(self) -> Serve:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def printed_url(output: str) -> tuple[str, int]:
    match = URL_RE.search(output)
    assert match, f"no http:// URL in the output:\n{output}"
    return match.group(1), int(match.group(2))


def qr_lines(output: str) -> list[str]:
    """The lines of the output drawn only with block characters (a QR code's rows)."""
    return [
        line
        for line in output.splitlines()
        if len(line.strip()) >= 21 and set(line) <= QR_CHARS and set(line) & {"█", "▀", "▄"}
    ]


def has_lan_ipv4() -> bool:
    """Whether this machine has a route to a non-loopback IPv4 address at all.
    A UDP connect only chooses a route; it sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return not s.getsockname()[0].startswith("127.")
    except OSError:
        return False


def test_serve_with_db_answers_and_stops(tmp_path, example_snapshot, example_report):
    """A server on ``--db``: it prints its address and database, answers a page and the
    score API (a snapshot's report as JSON, a bad one a 400 naming its field), creates
    the file, and stops on SIGTERM. (The score API against the real server was a test of
    its own, with a server of its own: its assertions are here, on this one.)"""
    db = tmp_path / "table.sqlite3"
    port = free_port()
    with Serve("--host", "127.0.0.1", "--port", str(port), "--db", str(db), "--no-qr") as srv:
        output = srv.wait_for(READY)
        assert f"http://127.0.0.1:{port}/" in output
        assert f"Database: {db}" in output
        assert not qr_lines(output), "--no-qr printed a QR code anyway"

        with requests.Session() as http:
            home = http.get(f"http://127.0.0.1:{port}/", timeout=10)
            assert home.status_code == 200
            assert "text/html" in home.headers["Content-Type"]
            url = f"http://127.0.0.1:{port}/api/score"
            scored = http.post(url, json=example_snapshot, timeout=10)
            assert scored.status_code == 200
            assert scored.headers["Content-Type"].startswith("application/json")
            assert scored.json() == example_report
            bad = http.post(url, json={"players": []}, timeout=10)
            assert bad.status_code == 400
            assert bad.json()["field"] == "players"

        # api.md: the database is "created on first run".
        assert db.is_file(), f"serve --db {db} did not create the SQLite file"

        code = srv.stop(signal.SIGTERM)
        assert code == 0, srv.output
        assert "Stopped." in srv.output


@pytest.mark.parametrize("qr", [True, False], ids=["qr", "no-qr"])
def test_all_interfaces_prints_lan_url_and_qr(tmp_path, qr):
    port = free_port()
    args = ["--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")]
    with Serve(*args, *([] if qr else ["--no-qr"])) as srv:
        output = srv.wait_for(READY)
        host, printed_port = printed_url(output)
        assert printed_port == port
        assert host != "0.0.0.0"
        if has_lan_ipv4():
            assert not host.startswith("127."), f"printed a loopback URL:\n{output}"
        else:  # pragma: no cover - a machine with no network interface but lo
            pytest.skip("this machine has no non-loopback IPv4 address to print")

        rows = qr_lines(output)
        if qr:
            assert len(rows) >= 10, f"no QR code block in the output:\n{output}"
            # One block: the rows are consecutive lines of the same width.
            all_lines = output.splitlines()
            first = all_lines.index(rows[0])
            assert all_lines[first : first + len(rows)] == rows
            assert len({len(r) for r in rows}) == 1
            assert output.index(rows[0]) > output.index(f"http://{host}:{port}/")
        else:
            assert rows == [], f"--no-qr printed a QR code anyway:\n{output}"

        # Listening on every interface includes loopback (the only address tests may use).
        assert requests.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
        code = srv.stop(signal.SIGTERM)
        assert code == 0, srv.output


@pytest.mark.parametrize(
    ("sig", "sigint_ignored"),
    [
        (signal.SIGTERM, False),
        (signal.SIGINT, False),
        (signal.SIGINT, True),
    ],
    ids=["SIGTERM", "SIGINT", "SIGINT-inherited-ignored"],
)
def test_signal_stops_cleanly(tmp_path, sig, sigint_ignored):
    port = free_port()
    args = [
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        str(tmp_path / "t.sqlite3"),
        "--no-qr",
    ]
    with Serve(*args, sigint_ignored=sigint_ignored) as srv:
        srv.wait_for(READY)
        # An idle keep-alive connection stays open while the signal arrives.
        with requests.Session() as http:
            assert http.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
            code = srv.stop(sig)
        assert code == 0, srv.output
        assert srv.output.rstrip().endswith("Stopped."), srv.output
        assert "Traceback" not in srv.output, srv.output


def test_sigterm_right_after_the_port_opens_stops_cleanly(tmp_path):
    """A SIGTERM as soon as the port accepts (the URL and QR code may still be printing)
    is a clean stop too, not death by the signal's default action."""
    port = free_port()
    args = ["--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")]
    with Serve(*args) as srv:
        deadline = time.monotonic() + 30
        while True:
            assert srv.process.poll() is None, srv.output
            assert time.monotonic() < deadline, "the port never opened"
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.01)
        code = srv.stop(signal.SIGTERM)
        assert code == 0, srv.output
        assert "Stopped." in srv.output


def _data_home_env(tmp_path: Path) -> tuple[dict[str, str], Path]:
    xdg = tmp_path / "xdg-data"
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, XDG_DATA_HOME=str(xdg), HOME=str(home))
    return env, xdg


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is Linux's")
def test_default_database_lands_in_the_user_data_folder(tmp_path):
    env, xdg = _data_home_env(tmp_path)
    expected = xdg / "tsukiji-companion" / "companion.sqlite3"

    # The path the package computes, in a fresh interpreter with that environment.
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "from companion.paths import default_db_path; print(default_db_path())",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert Path(probe.stdout.strip()) == expected

    port = free_port()
    with Serve("--host", "127.0.0.1", "--port", str(port), "--no-qr", env=env) as srv:
        output = srv.wait_for(READY)
        assert f"Database: {expected}" in output
        assert expected.parent.is_dir(), "the user data folder was not created"
        assert requests.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
        assert expected.is_file(), f"no database at {expected}"
        code = srv.stop(signal.SIGTERM)
        assert code == 0, srv.output


def test_the_server_settles_its_heap_before_serving() -> None:
    """``companion serve`` freezes what the built app holds and collects the young
    generation less often (cli.settle_heap; bench/README.md has what it saves). Run in a
    child interpreter: the test process's own collector is left as it is."""
    code = (
        "import gc\n"
        "from companion.cli import GC_YOUNG_THRESHOLD, settle_heap\n"
        "from companion.web import create_app\n"
        "import sys, tempfile\n"
        "app = create_app({'DATABASE': tempfile.mkdtemp() + '/db.sqlite3'})\n"
        "before = gc.get_threshold()\n"
        "settle_heap()\n"
        "print(before[0], gc.get_threshold()[0], gc.get_freeze_count() > 10000,"
        " gc.get_threshold()[1:] == before[1:], GC_YOUNG_THRESHOLD)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout.split()
    assert out == ["700", out[4], "True", "True", out[4]] and int(out[4]) > 700


def test_the_test_only_timers_default_to_the_production_ones(tmp_path) -> None:
    """The hidden ``--keepalive`` and ``--header-timeout`` (for tests of the mechanisms
    that would otherwise wait out 15 s and 10 s) are unset unless given: a server then
    sends a quiet stream's keepalive every ``live_streams.KEEPALIVE`` and closes a request
    whose headers are not in after ``serve_channel.HEADER_TIMEOUT``, the values pinned
    here. A hub given a keepalive has its streams wait that long instead."""
    from companion import live_streams, serve_channel
    from companion.cli import build_parser
    from companion.live import Hub

    args = build_parser().parse_args(["serve"])
    assert args.keepalive is None and args.header_timeout is None
    assert live_streams.KEEPALIVE == 15.0
    assert serve_channel.HEADER_TIMEOUT == 10.0
    assert serve_channel.Guard().header_timeout == serve_channel.HEADER_TIMEOUT

    hub = Hub(str(tmp_path / "hub.sqlite3"), max_streams=8)
    assert hub.keepalive is None
    try:
        for keepalive, waited in ((None, live_streams.KEEPALIVE), (1.5, 1.5)):
            hub.keepalive = keepalive
            sid = hub.open_stream("g", "seat0", 0, client="10.0.0.1")
            assert sid is not None
            body = live_streams.sse(
                hub, "g", "seat0", sid, False, -1, lambda: (0, 0, "id: 0\n\n"), lambda: True
            )
            assert next(body) == "retry: 2000\n\n"
            assert next(body) == "id: 0\n\n"
            wait = next(body)
            assert isinstance(wait, live_streams.Wait) and wait.timeout == waited
            body.close()
    finally:
        hub.stop()
