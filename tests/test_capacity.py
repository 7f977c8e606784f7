"""Capacity (issue #23): an open live stream holds no thread and costs nothing while idle,
a change reaches only its own table, a closed stream frees its slot at once, and the
server never exits because of how many connections are open.

Against the real ``companion serve`` process. Each "device" connects from its own
loopback address (127.0.x.y), as phones on the table's Wi-Fi would: the server bounds
what one address holds (issue #17)."""

from __future__ import annotations

import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from support import SSE, LiveServer, start_server
from test_server_game import new_game, pay

FIVE = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi"]
ANSWERED = 20
#: The frozen stream's server: the kernel's send buffer of each connection, in bytes.
SEND_BUFFER = 8192


def viewers(game: dict[str, Any]) -> list[tuple[str, str]]:
    return [("host", game["host_token"])] + [("seat", s["token"]) for s in game["seats"]]


def phones_then_screen(game: dict[str, Any]) -> list[tuple[str, str]]:
    """A game's viewers, its seats first and its table screen last: for the tests that
    only need every stream open, so that no table screen is re-rendered for each phone
    arriving after it (the screen shows who is connected): a third of the server's CPU
    while a few hundred streams open, and none of what those tests check."""
    return viewers(game)[1:] + viewers(game)[:1]


def threads_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    raise AssertionError("no thread count")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def drain(sock: socket.socket) -> None:
    """Read what a stream was sent so far (the table screen's page changes as devices
    connect)."""
    while select.select([sock], [], [], 0.2)[0]:
        if not sock.recv(65536):
            return


def quiet(sock: socket.socket, seconds: float) -> bool:
    """Nothing arrives on ``sock`` for ``seconds``."""
    readable, _, _ = select.select([sock], [], [], seconds)
    return not readable


@pytest.fixture
def few_threads(tmp_path: Path) -> Iterator[LiveServer]:
    """A server with 8 worker threads: were a stream to hold one, the ninth would hang."""
    server = start_server(tmp_path / "cap.sqlite3", extra=["--threads", "8"])
    yield server
    server.stop()


def test_streams_hold_no_thread_and_an_idle_one_costs_nothing(few_threads: LiveServer) -> None:
    srv = few_threads
    if not Path(f"/proc/{srv.process.pid}/status").exists():
        pytest.skip("needs /proc to count the server's threads and CPU time")
    games = [new_game(srv, FIVE) for _ in range(20)]
    streams: list[list[SSE]] = []
    try:
        for g, game in enumerate(games):  # 120 streams on 8 worker threads
            mine = []
            for role, token in phones_then_screen(game):
                s = SSE(
                    srv.port,
                    f"/games/{game['id']}/stream?as={role}",
                    token,
                    timeout=ANSWERED,
                    source=f"127.0.2.{g + 1}",
                )
                assert s.status == 200, s.status
                assert s.next_update(timeout=ANSWERED)["id"] == "0"
                mine.append(s)
            streams.append(mine)
        threads = threads_of(srv.process.pid)
        # 8 workers, the main loop, 2 pump threads, the watcher: never one per stream.
        assert threads <= 16, f"{threads} threads for 120 open streams"

        # Idle: 120 open streams, no change: the server does (next to) nothing.
        time.sleep(0.5)
        before = cpu_seconds(srv.process.pid)
        time.sleep(3)
        idle = cpu_seconds(srv.process.pid) - before
        assert idle < 0.1, f"{idle:.2f} s of CPU in 3 s with 120 idle streams"

        # A change reaches its own table's six streams, and no other table's.
        for g in (0, 7, 19):
            game = games[g]
            other = streams[(g + 1) % len(streams)]
            for s in other:
                drain(s.sock)
            r = pay(srv, game["id"], game["host_token"], "Aiko", 100)
            assert r.status_code == 201, r.text
            seq = r.json()["seq"]
            for s in streams[g]:
                assert s.wait_for_id(seq, timeout=ANSWERED)["event"] == "update"
            assert all(quiet(s.sock, 0.2) for s in other), "another table's stream woke"
        assert srv.process.poll() is None
    finally:
        for mine in streams:
            for s in mine:
                s.close()
    assert srv.stop() == 0, srv.captured
    assert "Traceback" not in srv.captured, srv.captured


def test_a_closed_stream_frees_its_slot_at_once(tmp_path: Path) -> None:
    """With ``--streams 4``, a fifth stream is refused politely (503 and Retry-After, the
    page polls); once one client closes its stream, the server notices at once (no
    keepalive needed) and the next stream gets in."""
    srv = start_server(tmp_path / "slots.sqlite3", extra=["--streams", "4"])
    held: list[SSE] = []
    try:
        game = new_game(srv, FIVE)
        for role, token in viewers(game)[:4]:
            s = SSE(srv.port, f"/games/{game['id']}/stream?as={role}", token, timeout=ANSWERED)
            assert s.status == 200
            s.next_update(timeout=ANSWERED)
            held.append(s)
        role, token = viewers(game)[4]
        path = f"/games/{game['id']}/stream?as={role}"
        refused = SSE(srv.port, path, token, timeout=ANSWERED)
        assert refused.status == 503 and refused.headers.get("retry-after") == "15"
        refused.close()
        held.pop(0).close()
        deadline = time.monotonic() + 2.0  # the keepalive is 15 s: this is the close seen
        status = 0
        while time.monotonic() < deadline and status != 200:
            s = SSE(srv.port, path, token, timeout=ANSWERED)
            status = s.status
            if status == 200:
                held.append(s)
            else:
                s.close()
                time.sleep(0.05)
        assert status == 200, "the closed stream's slot was not freed"
    finally:
        for s in held:
            s.close()
    assert srv.stop() == 0, srv.captured


@pytest.mark.slow
def test_two_thousand_connections_and_the_server_stays_up(tmp_path: Path) -> None:
    """2,000 connections open at once on a default server: 1,000 live streams (125
    tables, 4 devices each holding two) and 1,000 connections that have sent nothing yet,
    from 145 addresses. The server stays up, answers a page and an action while they are
    all open, and the action reaches its table's streams."""
    srv = start_server(tmp_path / "many.sqlite3")
    streams: list[SSE] = []
    silent: list[socket.socket] = []
    try:
        games = [new_game(srv, FIVE[:3]) for _ in range(125)]
        for g, game in enumerate(games):
            source = f"127.0.3.{g + 1}"
            for role, token in phones_then_screen(game):
                for _ in range(2):
                    s = SSE(
                        srv.port,
                        f"/games/{game['id']}/stream?as={role}",
                        token,
                        timeout=ANSWERED,
                        source=source,
                    )
                    streams.append(s)
                    assert s.status == 200, f"stream {len(streams)}: {s.status}"
        assert len(streams) == 1000
        for a in range(20):
            for _ in range(50):
                silent.append(
                    socket.create_connection(
                        ("127.0.0.1", srv.port),
                        timeout=ANSWERED,
                        source_address=(f"127.0.4.{a + 1}", 0),
                    )
                )
        assert len(streams) + len(silent) == 2000
        time.sleep(1)  # every connection accepted by now
        assert srv.process.poll() is None, "the server must never exit over connections"
        page = requests.get(f"{srv.url}/", timeout=ANSWERED)
        assert page.status_code == 200
        game = games[-1]
        r = pay(srv, game["id"], game["host_token"], "Aiko", 100)
        assert r.status_code == 201, r.text
        for s in streams[-8:]:  # the last table's two streams per device
            assert s.wait_for_id(r.json()["seq"], timeout=ANSWERED)["event"] == "update"
        assert threads_of(srv.process.pid) < 300
        for s in streams:
            s.close()
        for sock in silent:
            sock.close()
        time.sleep(0.5)
        assert requests.get(f"{srv.url}/", timeout=ANSWERED).status_code == 200
    finally:
        for s in streams:
            s.close()
        for sock in silent:
            sock.close()
        srv.stop()
    assert srv.process.returncode == 0, srv.captured
    assert "Traceback" not in srv.captured, srv.captured


def test_the_server_stops_cleanly_while_clients_hang_up(tmp_path: Path) -> None:
    """SIGTERM arriving while waitress's loop notices 120 clients hanging up (it takes the
    hub's lock for each): the server still stops cleanly. (Its signal handler used to take
    that lock itself; a race this test provokes only sometimes.)"""
    for round_ in range(2):
        srv = start_server(tmp_path / f"stop{round_}.sqlite3")
        streams: list[SSE] = []
        try:
            for g in range(20):
                game = new_game(srv, FIVE)
                for role, token in viewers(game):
                    path = f"/games/{game['id']}/stream?as={role}"
                    source = f"127.0.5.{g + 1}"
                    streams.append(SSE(srv.port, path, token, timeout=ANSWERED, source=source))
            assert all(s.status == 200 for s in streams)
        finally:
            for s in streams:
                s.close()
            code = srv.stop()
        assert code == 0, srv.captured
        assert "Traceback" not in srv.captured, srv.captured


@pytest.mark.slow
def test_a_stream_whose_client_stops_reading_is_dropped_not_buffered(tmp_path: Path) -> None:
    """A device that stops reading its stream (a phone frozen in a pocket) is not buffered
    for without end: once a megabyte waits for it, the server ends that stream and closes
    its connection, its slot is free again, and the table goes on. The server's send buffer
    is a few kilobytes here (``--send-buffer``), not the system's megabytes: the backlog
    then fills within a few dozen payments instead of hundreds."""
    srv = start_server(
        tmp_path / "slow.sqlite3", extra=["--streams", "4", "--send-buffer", str(SEND_BUFFER)]
    )
    try:
        game = new_game(srv, FIVE)
        gid, host = game["id"], game["host_token"]
        frozen = socket.create_connection(("127.0.0.1", srv.port), timeout=ANSWERED)
        frozen.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        frozen.sendall(
            f"GET /games/{gid}/stream?as=host HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\n"
            f"Authorization: Bearer {host}\r\n\r\n".encode()
        )
        time.sleep(0.5)
        closed = False
        for i in range(600):  # each a whole table screen (~25 KB) for the frozen stream
            r = pay(srv, gid, host, FIVE[i % 5], 100)
            assert r.status_code == 201, r.text
            if i % 10 == 9 and srv.process.poll() is None:
                # its slot is back once the server gave up on it: 4 fresh streams fit
                probe = [
                    SSE(srv.port, f"/games/{gid}/stream?as=seat", s["token"], timeout=ANSWERED)
                    for s in game["seats"][:4]
                ]
                fitted = all(p.status == 200 for p in probe)
                for p in probe:
                    p.close()
                if fitted:
                    closed = True
                    break
        assert closed, "the frozen stream kept its slot"
        # and its connection is closed: reading what was sent ends in EOF
        frozen.settimeout(ANSWERED)
        total = 0
        while chunk := frozen.recv(1 << 20):
            total += len(chunk)
        assert total > 0
        frozen.close()
    finally:
        srv.stop()
    assert srv.process.returncode == 0, srv.captured
