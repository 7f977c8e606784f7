"""Helpers shared by the test modules: the real server process on a free port, and a game
rendered in process for its live pages (``LiveGame``).

A plain module (not conftest) so tests can import it by name: two conftest.py files
(tests/ and tests/browser/) would shadow each other under one module name.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LiveServer:
    """`companion serve` running as a real process on a free port with its own database."""

    url: str
    db: Path
    process: subprocess.Popen
    port: int
    #: What the server printed, once stopped.
    captured: str = ""

    def stop(self, sig: int | None = None) -> int:
        if self.process.poll() is None:
            if sig is None:
                self.process.terminate()
            else:
                self.process.send_signal(sig)
            try:
                # Only a guard against a hung server (then killed: a non-zero code), not a
                # speed limit: a loaded machine may take a while to stop cleanly.
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout and not self.process.stdout.closed:
            self.captured = self.process.stdout.read()
            self.process.stdout.close()
        return self.process.returncode


def start_server(db: Path, port: int | None = None, extra: list[str] | None = None) -> LiveServer:
    port = port or free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(db),
            "--no-qr",
            *(extra or []),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early: {proc.stdout.read() if proc.stdout else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        raise RuntimeError("server did not start listening within 30 s")
    return LiveServer(f"http://127.0.0.1:{port}", db, proc, port)


class SSE:
    """A minimal Server-Sent Events client on a raw socket: one GET, chunked body decoded,
    events parsed. Every read has a deadline."""

    def __init__(
        self,
        port: int,
        path: str,
        token: str | None,
        last_event_id: str | None = None,
        timeout: float = 10,
        source: str | None = None,
    ) -> None:
        # ``source``: another loopback address (127.0.0.2 ...) to connect from, as another
        # device would (the server bounds what one client address holds).
        self.sock = socket.create_connection(
            ("127.0.0.1", port), timeout=timeout, source_address=(source, 0) if source else None
        )
        try:
            lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept: text/event-stream"]
            if token:
                lines.append(f"Authorization: Bearer {token}")
            if last_event_id is not None:
                lines.append(f"Last-Event-ID: {last_event_id}")
            self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            self._raw = b""
            self._body = b""
            #: Every update event read so far: (id, data).
            self.updates: list[tuple[int, str]] = []
            deadline = time.monotonic() + timeout
            while b"\r\n\r\n" not in self._raw:
                self._recv(deadline)
            head, self._raw = self._raw.split(b"\r\n\r\n", 1)
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            self.status = int(status_line.split()[1])
            self.headers = {
                k.strip().lower(): v.strip() for k, v in (h.split(":", 1) for h in header_lines)
            }
            self._chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"
            self._decode()
        except BaseException:
            self.sock.close()
            raise

    def _recv(self, deadline: float) -> None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no data from the stream in time")
        self.sock.settimeout(remaining)
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the server closed the stream")
        self._raw += data

    def _decode(self) -> None:
        if not self._chunked:
            self._body += self._raw
            self._raw = b""
            return
        while b"\r\n" in self._raw:
            size_line, rest = self._raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            self._body += rest[:size]
            self._raw = rest[size + 2 :]
            if size == 0:
                return

    def next_event(self, timeout: float = 10) -> dict[str, str]:
        """The next event block (comments such as keepalives are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\n\n" not in self._body:
                self._recv(deadline)
                self._decode()
            block, self._body = self._body.split(b"\n\n", 1)
            event: dict[str, str] = {}
            data: list[str] = []
            for line in block.decode("utf-8").split("\n"):
                if not line or line.startswith(":"):
                    continue
                key, _, value = line.partition(":")
                value = value[1:] if value.startswith(" ") else value
                if key == "data":
                    data.append(value)
                else:
                    event[key] = value
            if event or data:
                event["data"] = "\n".join(data)
                return event

    def next_signal(self, timeout: float = 10) -> dict[str, str]:
        """The next event that is no page content (neither ``update`` nor the turn
        guide's ``guide``): ``signed-out``, ``replaced``."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.next_event(max(0.0, deadline - time.monotonic()))
            if event.get("event") not in ("update", "guide"):
                return event

    def next_update(self, timeout: float = 10) -> dict[str, str]:
        deadline = time.monotonic() + timeout
        while True:
            event = self.next_event(max(0.0, deadline - time.monotonic()))
            if event.get("event") == "update":
                self.updates.append((int(event["id"]), event["data"]))
                return event

    def update(self, at_least: int = 0, timeout: float = 10) -> tuple[int, str]:
        """The next ``update`` event whose id is ``at_least`` or more: (id, data)."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.next_update(max(0.0, deadline - time.monotonic()))
            if int(event["id"]) >= at_least:
                return int(event["id"]), event["data"]

    def wait_for_id(self, seq: int, timeout: float = 10) -> dict[str, str]:
        """Read updates until one carries ``id == seq`` (earlier ones are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            event = self.next_update(max(0.0, deadline - time.monotonic()))
            if int(event["id"]) >= seq:
                assert int(event["id"]) == seq, f"skipped past {seq}: got {event['id']}"
                return event

    def close(self) -> None:
        self.sock.close()


class LiveGame:
    """One board game in the app, through its door (as the table screen records), with an
    identity for the table screen and each seat, and every viewer's live part rendered in
    process at the newest version, one after the other as the streams render them."""

    def __init__(self, app: Any, names: list[str], settings: dict[str, Any]) -> None:
        from companion.identity import Identity
        from companion.web import edge_board
        from companion.web.context import door, store

        self.app, self.door, self.store = app, door, store
        with app.app_context():
            config = edge_board.config_json({"players": names, **settings})
            self.id, self.host, self.seats = door().create_game(config)
        self.who = {"host": Identity(self.id, "host", None, self.host)} | {
            name: Identity(self.id, "seat", i, self.seats[i]) for i, name in enumerate(names)
        }

    def act(self, kind: str, **data: Any) -> None:
        with self.app.app_context():
            self.door().act(self.id, self.host, kind, data)

    def undo(self) -> None:
        with self.app.app_context():
            self.door().undo(self.id, self.host)

    def state(self) -> Any:
        with self.app.app_context():
            return self.store().state(self.id)

    def pages(self, lang: str | None = None) -> dict[str, str]:
        """Every viewer's live part (and the table screen's join cards), in ``lang`` when
        given (the request's ``Accept-Language``)."""
        from companion.web.render import render_live

        headers = {"Accept-Language": lang} if lang else {}
        with self.app.test_request_context(headers=headers):
            return {name: str(render_live(self.id, who)) for name, who in self.who.items()}
