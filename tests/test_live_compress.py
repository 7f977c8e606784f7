"""The live stream compressed where the browser accepts it (issue #7), against the real
server process: one gzip body for the stream's life, flushed after every event and every
keepalive, so each arrives whole and at once, as it would plain.

The streams are read from raw sockets (chunked transfer decoded by hand, gzip inflated as
it comes), so nothing between the server and the test buffers or decodes for it.
"""

from __future__ import annotations

import shutil
import socket
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from support import LiveServer, start_server

pytestmark = pytest.mark.server


#: Seconds between a quiet stream's keepalives on this module's server (the hidden
#: ``--keepalive``; the production 15 s, ``live_streams.KEEPALIVE``, is pinned by
#: tests/test_serve.py): a test waits for one to arrive.
KEEPALIVE = 1


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory, template_db) -> Iterator[LiveServer]:
    """One server for this module, as tests/conftest.py ``module_server`` (each test makes
    its own games and reads nothing the server keeps across games), its keepalive every
    :data:`KEEPALIVE` seconds."""
    folder = tmp_path_factory.mktemp("compress-server")
    db = shutil.copyfile(template_db, folder / "live.sqlite3")
    server = start_server(db, extra=["--keepalive", str(KEEPALIVE)])
    yield server
    server.stop()
    print(f"--- server output ---\n{server.captured}")


PLAYERS = ["Aiko", "Bo", "Chiyo"]
#: Any single wait: a guard against a hang, no speed limit.
WAIT = 30


class Stream:
    """One ``GET /games/<id>/stream`` on a raw socket: its status line and headers, and
    its body as text, inflated when the server compressed it."""

    def __init__(self, base: str, path: str, token: str, accept: str | None) -> None:
        host, port = base.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=WAIT)
        head = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n"
        head += f"Authorization: Bearer {token}\r\n"
        if accept is not None:
            head += f"Accept-Encoding: {accept}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        self.raw = b""
        while b"\r\n\r\n" not in self.raw:
            self._recv()
        head_bytes, self.raw = self.raw.split(b"\r\n\r\n", 1)
        lines = head_bytes.decode("latin-1").split("\r\n")
        self.status = lines[0]
        self.headers = {
            k.strip().lower(): v.strip() for k, v in (h.split(":", 1) for h in lines[1:])
        }
        assert self.headers.get("transfer-encoding") == "chunked", self.headers
        gzip = self.headers.get("content-encoding") == "gzip"
        self.inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if gzip else None
        #: Bytes of body as sent (compressed, when it is), and the text so far.
        self.wire = 0
        self.text = ""

    def _recv(self) -> None:
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the stream closed")
        self.raw += data

    def _chunks(self) -> None:
        """Take every complete chunk of the body received so far."""
        while b"\r\n" in self.raw:
            size_line, rest = self.raw.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if len(rest) < size + 2:
                return
            chunk, self.raw = rest[:size], rest[size + 2 :]
            self.wire += size
            self.text += (self.inflate.decompress(chunk) if self.inflate else chunk).decode()

    def until(self, marker: str) -> str:
        """Read until a whole SSE message holding ``marker`` has arrived; that message
        (with the blank line that ends it). It and every message before it are consumed."""
        while True:
            self._chunks()
            start = 0
            while (end := self.text.find("\n\n", start)) >= 0:
                message = self.text[start : end + 2]
                if marker in message:
                    self.text = self.text[end + 2 :]
                    return message
                start = end + 2
            self._recv()

    def close(self) -> None:
        self.sock.close()


def new_game(base: str) -> dict[str, Any]:
    r = requests.post(
        f"{base}/api/games",
        json={
            "players": PLAYERS,
            "money": "open",
            "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
            "external_markets": ["ships", "bank", "rentals"],
        },
        timeout=WAIT,
    )
    assert r.status_code == 201, r.text
    return r.json()


def pay(base: str, game: dict[str, Any], amount: int) -> int:
    r = requests.post(
        f"{base}/api/games/{game['id']}/actions",
        json={"type": "pay", "from": "supply", "to": "Bo", "amount": amount},
        headers={"Authorization": f"Bearer {game['host_token']}"},
        timeout=WAIT,
    )
    assert r.status_code == 201, r.text
    return int(r.json()["seq"])


def test_a_gzip_stream_delivers_each_event_whole_and_the_same_as_plain(live_server) -> None:
    base = live_server.url
    game = new_game(base)
    # Two streams of Bo's phone (a seat's page does not count the devices connected, so
    # both show the same page; the table screen's would differ by the second stream).
    path, bo = f"/games/{game['id']}/stream?as=seat", game["seats"][1]["token"]
    packed = Stream(base, path, bo, "gzip, deflate, br, zstd")
    plain = Stream(base, path, bo, None)
    try:
        assert packed.status.endswith("200 OK") and plain.status.endswith("200 OK")
        assert packed.headers["content-encoding"] == "gzip"
        assert "content-encoding" not in plain.headers
        assert "accept-encoding" in packed.headers["vary"].lower()
        # The first message inflates on its own: it was flushed, not held for more.
        assert packed.until("retry:") == plain.until("retry:") == "retry: 2000\n\n"
        # The page as it stands (no ``since``: the whole live region), then a payment's
        # update: each arrives in full, and reads exactly as on the plain stream.
        first = packed.until("event: update")
        assert first == plain.until("event: update")
        wire_before, plain_before = packed.wire, plain.wire
        seq = pay(base, game, 700)
        update = packed.until(f"id: {seq}\n")
        assert update == plain.until(f"id: {seq}\n")
        assert "event: update" in update and "¥700" in update
        # Smaller on the wire than the same event plain (it reuses what came before).
        assert packed.wire - wire_before < plain.wire - plain_before
        # A keepalive is flushed too: it arrives before anything else happens.
        assert packed.until(": keepalive") == ": keepalive\n\n"
    finally:
        packed.close()
        plain.close()


@pytest.mark.parametrize("accept", [None, "identity", "gzip;q=0", "br"])
def test_a_stream_not_accepting_gzip_goes_out_plain(live_server, accept: str | None) -> None:
    base = live_server.url
    game = new_game(base)
    stream = Stream(base, f"/games/{game['id']}/stream?as=host", game["host_token"], accept)
    try:
        assert "content-encoding" not in stream.headers
        assert stream.until("retry:") == "retry: 2000\n\n"
        seq = pay(base, game, 300)
        assert "¥300" in stream.until(f"id: {seq}\n")
    finally:
        stream.close()
