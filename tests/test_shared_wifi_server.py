"""Trust on a shared Wi-Fi (issue #17, items 9 and 10): one device on the table's network
cannot stop the table, neither by holding hundreds of half-sent requests (waitress's
connection limit) nor by taking the live-update slots.

Against the real server process. "Another device" is another loopback address
(127.0.0.2 ...): every socket stays on this machine, and the server sees a client address
other than the table's 127.0.0.1, as it would see a stranger's phone. Every loop is
bounded; the attackers stop by themselves."""

from __future__ import annotations

import select
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from support import SSE, LiveServer, start_server
from test_server_game import new_game, pay

from companion import live
from companion.live import GAME_RESERVE, HEADROOM, PER_VIEWER, PER_VIEWER_OPEN, Hub
from companion.serve_channel import PER_CLIENT_CONNECTIONS

#: Generous: the table's every request must be answered within this, attack or not.
ANSWERED = 10
SIX = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumi"]


class Hog:
    """One client address holding up to ``count`` sockets, each a request whose headers
    never end: a byte a second, for as long as the server keeps the socket; a socket the
    server closes is opened again (at most ``count * 4`` opens in all), for at most
    ``seconds``."""

    def __init__(self, port: int, source: str, count: int, seconds: float = 90) -> None:
        self.port, self.source, self.count = port, source, count
        self.deadline = time.monotonic() + seconds
        self.socks: list[socket.socket] = []
        self.opens = 0
        self.closed_by_server = 0
        #: Set once a socket the server closed is seen (the check runs once a second).
        self.seen_closed = threading.Event()
        self.filled = threading.Event()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> Hog:
        self.thread.start()
        return self

    def _open(self) -> None:
        self.opens += 1
        try:
            s = socket.create_connection(
                ("127.0.0.1", self.port), timeout=2, source_address=(self.source, 0)
            )
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nX-Slow: ".encode())
        except OSError:
            return
        s.setblocking(False)
        self.socks.append(s)

    def _gone(self, s: socket.socket) -> bool:
        try:
            readable, _, _ = select.select([s], [], [], 0)
            if readable and not s.recv(4096):
                return True
            s.send(b"x")
            return False
        except (BlockingIOError, InterruptedError):
            return False
        except OSError:
            return True

    def _run(self) -> None:
        try:
            while not self.done.is_set() and time.monotonic() < self.deadline:
                while len(self.socks) < self.count and self.opens < self.count * 4:
                    if self.done.is_set():
                        return
                    self._open()
                self.filled.set()
                kept = []
                for s in self.socks:
                    if self._gone(s):
                        self.closed_by_server += 1
                        self.seen_closed.set()
                        s.close()
                    else:
                        kept.append(s)
                self.socks = kept
                self.done.wait(1)
        finally:
            self.filled.set()
            for s in self.socks:
                s.close()
            self.socks = []

    def stop(self) -> None:
        self.done.set()
        self.thread.join(timeout=30)


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[LiveServer]:
    server = start_server(tmp_path / "wifi.sqlite3")
    yield server
    server.stop()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- 9. connections ------------------------------------------------------------------------


def test_one_client_holding_hundreds_of_sockets_cannot_stop_the_table(srv: LiveServer) -> None:
    """600 half-sent requests from one address (waitress's limit was 512, and each kept
    its socket for as long as it trickled): the table's phone still opens its stream, its
    actions and pages are answered and reach the stream, and the server keeps running."""
    game = new_game(srv)
    gid, host, seat = game["id"], game["host_token"], game["seats"][0]["token"]
    hog = Hog(srv.port, "127.0.0.2", 600).start()
    stream: SSE | None = None
    try:
        assert hog.filled.wait(60), "the attacker could not open its sockets"
        stream = SSE(srv.port, f"/games/{gid}/stream?as=seat", seat, timeout=ANSWERED)
        assert stream.status == 200
        assert stream.next_update(timeout=ANSWERED)["id"] == "0"
        for i in range(10):
            r = pay(srv, gid, host, "Aiko", 100, note=f"during the attack {i}")
            assert r.status_code == 201, r.text
            assert stream.wait_for_id(r.json()["seq"], timeout=ANSWERED)["event"] == "update"
        page = requests.get(f"{srv.url}/", timeout=ANSWERED)
        assert page.status_code == 200
        state = requests.get(f"{srv.url}/api/games/{gid}", headers=auth(host), timeout=ANSWERED)
        assert state.status_code == 200 and state.json()["seq"] == 10
        # The hog looks at its sockets once a second: wait for the round that sees the
        # server's closes (a guard, not a speed limit).
        hog.seen_closed.wait(ANSWERED)
        assert hog.opens >= 600 and hog.closed_by_server > 0, "the server bounds one address"
        assert srv.process.poll() is None, "the server must never exit over connections"
    finally:
        hog.stop()
        if stream:
            stream.close()
    assert srv.stop() == 0, srv.captured
    assert "Traceback" not in srv.captured, srv.captured


def test_a_request_that_trickles_is_closed_at_its_header_deadline(tmp_path: Path) -> None:
    """A request whose headers come a byte every half second is closed (waitress counted
    its idle time from the last byte, so it stayed for as long as the bytes came).

    The server's header deadline is 1 s here (the hidden ``--header-timeout``), not its
    10 s (``HEADER_TIMEOUT``, pinned by tests/test_serve.py): the mechanism is the same,
    the test waits a second or two instead of ten."""
    srv = start_server(tmp_path / "trickle.sqlite3", extra=["--header-timeout", "1"])
    s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
    try:
        s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nX-Slow: ".encode())
        closed = False
        deadline = time.monotonic() + 40  # a guard against a hang, not a speed limit
        while not closed and time.monotonic() < deadline:
            try:
                s.sendall(b"x")
                readable, _, _ = select.select([s], [], [], 0.5)
                closed = bool(readable) and not s.recv(4096)
            except OSError:
                closed = True
        assert closed, "a request trickling its headers kept its connection"
        r = requests.get(f"{srv.url}/", timeout=ANSWERED)
        assert r.status_code == 200
    finally:
        s.close()
        srv.stop()


def answered(port: int, sock: socket.socket) -> bool:
    """Send one GET on ``sock``; whether an HTTP answer comes back (keep-alive kept)."""
    try:
        sock.sendall(f"GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        sock.settimeout(ANSWERED)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(65536)
            if not chunk:
                return False
            head += chunk
        size = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        body = head.split(b"\r\n\r\n", 1)[1]
        while len(body) < size:
            chunk = sock.recv(65536)
            if not chunk:
                return False
            body += chunk
        return head.startswith(b"HTTP/1.1 ")
    except OSError:
        return False


def test_one_address_keeps_its_bound_idle_keep_alives_making_room(srv: LiveServer) -> None:
    """At its bound, an address's idle keep-alive is closed to make room for its new
    connection (a browser then opens another); when every connection of the address is
    busy with a half-sent request, its next one is closed unanswered, and another
    address is answered as before."""
    n = PER_CLIENT_CONNECTIONS
    source = ("127.0.0.3", 0)
    idle = [socket.create_connection(("127.0.0.1", srv.port), 5, source) for _ in range(n)]
    slow: list[socket.socket] = []
    try:
        assert all(answered(srv.port, s) for s in idle)
        one_more = socket.create_connection(("127.0.0.1", srv.port), 5, source)
        idle.append(one_more)
        assert answered(srv.port, one_more), "an idle keep-alive makes room"
        for s in idle:
            s.close()
        idle.clear()
        time.sleep(0.5)  # the server sees them closed
        for _ in range(n):
            s = socket.create_connection(("127.0.0.1", srv.port), 5, source)
            s.sendall(b"GET / HTTP/1.1\r\nX-Slow: ")
            slow.append(s)
        time.sleep(0.5)  # all accepted, each reading its request
        beyond = socket.create_connection(("127.0.0.1", srv.port), 5, source)
        slow.append(beyond)
        assert not answered(srv.port, beyond), "the address holds its bound already"
        table = socket.create_connection(("127.0.0.1", srv.port), 5)
        slow.append(table)
        assert answered(srv.port, table)
    finally:
        for s in idle + slow:
            s.close()


def test_the_server_fits_its_connections_to_few_open_files(tmp_path: Path) -> None:
    """Started with 256 open files at most (soft and hard), the server lowers its
    connection limit to fit: five devices holding 320 half-sent requests between them
    make it stop accepting for a while, never fail an accept or exit, and once they go the
    table is answered again."""
    import os
    import subprocess
    import sys

    resource = pytest.importorskip("resource")  # POSIX only

    from support import ROOT, free_port

    def few_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))

    port = free_port()
    cmd = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", str(tmp_path / "few.sqlite3"), "--no-qr"]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
        cwd=ROOT,
        preexec_fn=few_files,
    )
    srv = LiveServer(f"http://127.0.0.1:{port}", tmp_path / "few.sqlite3", proc, port)
    hogs: list[Hog] = []
    try:
        deadline = time.monotonic() + 30
        while requests_fail(srv.url) and time.monotonic() < deadline:
            time.sleep(0.1)
        game = new_game(srv)
        hogs = [Hog(port, f"127.0.0.{i}", 64, seconds=30).start() for i in range(2, 7)]
        for hog in hogs:
            assert hog.filled.wait(60)
        time.sleep(2)  # every hog's round: the server at its limit
        assert proc.poll() is None, "the server must never exit over connections"
        for hog in hogs:
            hog.stop()
        r = pay(srv, game["id"], game["host_token"], "Aiko", 100)
        assert r.status_code == 201, r.text
    finally:
        for hog in hogs:
            hog.stop()
        code = srv.stop()
    assert code == 0, srv.captured
    assert "Traceback" not in srv.captured, srv.captured
    assert "accept() threw" not in srv.captured, srv.captured


def requests_fail(url: str) -> bool:
    try:
        requests.get(url, timeout=2)
        return False
    except requests.RequestException:
        return True


# -- 10. live-update slots -----------------------------------------------------------------


def viewers(game: dict[str, Any]) -> list[tuple[str, str]]:
    return [("host", game["host_token"])] + [("seat", s["token"]) for s in game["seats"]]


def test_one_client_holding_streams_in_many_games_leaves_the_tables_phones_theirs(
    tmp_path: Path,
) -> None:
    """With ``--threads 72`` there are 40 stream slots. A stranger's device opens every
    stream it can in six games of its own; the table's screen and six phones then still
    get their streams, and an action reaches all seven."""
    srv = start_server(tmp_path / "slots.sqlite3", extra=["--threads", "72"])
    theirs: list[SSE] = []
    ours: list[SSE] = []
    try:
        games = [new_game(srv, SIX) for _ in range(6)]
        tries = [(g["id"], role, token) for g in games for role, token in viewers(g)]
        for i in range(48):  # more than every slot
            gid, role, token = tries[i % len(tries)]
            s = SSE(srv.port, f"/games/{gid}/stream?as={role}", token, source="127.0.0.2")
            theirs.append(s)

        table = new_game(srv, SIX)
        for role, token in viewers(table):
            s = SSE(srv.port, f"/games/{table['id']}/stream?as={role}", token, timeout=ANSWERED)
            ours.append(s)
            assert s.status == 200, f"the table's {role} stream: {s.status}"
            assert s.next_update(timeout=ANSWERED)["id"] == "0"
        r = pay(srv, table["id"], table["host_token"], "Aiko", 100)
        assert r.status_code == 201, r.text
        for s in ours:
            assert s.wait_for_id(r.json()["seq"], timeout=ANSWERED)["event"] == "update"
        held = sum(s.status == 200 for s in theirs)
        assert held <= live.PER_CLIENT, f"one address holds {held} streams"
    finally:
        for s in theirs + ours:
            s.close()
        assert srv.stop() == 0, srv.captured


def test_a_game_gets_its_first_streams_while_strangers_fill_another() -> None:
    """In the hub: many addresses filling one game stop where ``HEADROOM`` slots are left,
    so a table with no stream yet gets its ``GAME_RESERVE``; one address holds at most
    ``per_client``; one viewer at most ``PER_VIEWER_OPEN``, replaced ones included."""
    hub = Hub(":memory:", max_streams=40, per_client=16)
    try:
        # strangers from ten addresses, in one game, one viewer each
        taken = [
            sid
            for i in range(60)
            if (sid := hub.open_stream("theirs", f"v{i}", 0, f"10.0.0.{i % 10}")) is not None
        ]
        assert len(taken) == 40 - HEADROOM
        table = [hub.open_stream("ours", str(v), 0, f"10.0.1.{v}") for v in range(GAME_RESERVE)]
        assert None not in table, table
        assert hub.open_streams() == 40 - HEADROOM + GAME_RESERVE

        # one address: at most per_client streams, in whatever games
        other = Hub(":memory:", max_streams=100, per_client=16)
        mine = [other.open_stream(f"g{i % 5}", f"v{i}", 0, "10.0.0.9") for i in range(20)]
        assert sum(sid is not None for sid in mine) == 16
        assert other.open_stream("g0", "w", 0, "10.0.0.8") is not None

        # one viewer: its streams replace each other, and a burst stops at PER_VIEWER_OPEN
        burst = [other.open_stream("h", "host", 0, f"10.0.2.{i}") for i in range(10)]
        opened = [sid for sid in burst if sid is not None]
        assert len(opened) == PER_VIEWER_OPEN
        assert sum(other.replaced(sid) for sid in opened) == PER_VIEWER_OPEN - PER_VIEWER
        for sid in opened[: PER_VIEWER_OPEN - PER_VIEWER]:  # the replaced ones close
            other.close_stream("h", "host", sid)
        assert other.open_stream("h", "host", 0, "10.0.2.99") is not None
        other.stop()
    finally:
        hub.stop()
