#!/usr/bin/env python
"""One client against the table (issue #17, items 9 and 10): the table's action round trip
while strangers on its network hold sockets and live streams, beside the same with none.

    python bench/bench_attack.py [--actions 30] [--sockets 600] [--streams 300]
                                 [--app-dir DIR --label NAME ...]

For each server (``--app-dir DIR``: that checkout's code, ``PYTHONPATH=DIR``, run from
``DIR``; without it, this checkout), ``python -m companion serve`` on 127.0.0.1 with a
fresh database, then two phases:

- **quiet**: a 6-player game; the table's phone holds one live stream (from 127.0.0.1);
  ``--actions`` payments through the JSON API, one at a time, on one keep-alive session.
- **attack**: the same on a new game while one client (127.0.0.2) holds up to
  ``--sockets`` half-sent requests (a header byte a second per socket; every socket the
  server closes is opened again, at most ten times over) and another (127.0.0.3) opens
  ``--streams`` live streams round-robin over the viewers of games of its own (two per
  viewer at most, 7 viewers a game), holding every one it is given and reading nothing.
  ``--sockets 0`` or ``--streams 0`` leaves that attacker out.

Per payment: **answer** = the POST until its ``201``; **stream** = the POST until the
phone's stream delivered that version's ``update``. A request not answered within 10 s is
counted as such and ends the phase. Printed as a Markdown table (medians and maxima),
with what each attacker held. Only 127.0.0.x is contacted; every loop is bounded.
"""

from __future__ import annotations

import argparse
import os
import platform
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import requests

ROOT = Path(__file__).resolve().parent.parent
SIX = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumi"]
#: Every request of the table must be answered within this, or the phase ends.
ANSWER = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``companion serve`` of ``app_dir`` on a free port of 127.0.0.1."""

    def __init__(self, app_dir: Path, tmp: Path, label: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"{label}.log"
        self.log = self.log_path.open("w", encoding="utf-8")
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(app_dir))
        cmd = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(self.port), "--db", str(tmp / f"{label}.sqlite3"), "--no-qr"]
        self.process = subprocess.Popen(
            cmd, cwd=app_dir, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log_path.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the server did not listen within 30 s")

    def stop(self) -> int | None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode


class Stream:
    """A live stream on a raw socket (optionally from another loopback address): the
    status, then the ids of ``update`` events as they come."""

    def __init__(self, port: int, path: str, token: str, source: str | None = None) -> None:
        self.sock = socket.create_connection(
            ("127.0.0.1", port), timeout=ANSWER, source_address=(source, 0) if source else None
        )
        head = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Accept: text/event-stream"]
        head.append(f"Authorization: Bearer {token}")
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("closed before its headers")
            self.buf += chunk
        self.status = int(self.buf.split(b" ", 2)[1])

    def wait_update(self, version: int, timeout: float = ANSWER) -> bool:
        """Read until an ``update`` with id ``version`` or more went by (chunked framing
        is read as text: an id line cannot be split by it at these sizes)."""
        deadline = time.monotonic() + timeout
        needle = f"id: {version}\nevent: update".encode()
        while needle not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                return False
            if not chunk:
                return False
            self.buf = self.buf[-4096:] + chunk
        self.buf = self.buf.split(needle, 1)[1]
        return True

    def close(self) -> None:
        self.sock.close()


class SocketHog:
    """One address holding up to ``count`` half-sent requests, a byte a second each."""

    def __init__(self, port: int, source: str, count: int) -> None:
        self.port, self.source, self.count = port, source, count
        #: Each socket and when it was opened.
        self.socks: list[tuple[socket.socket, float]] = []
        self.opens = 0
        self.filled = threading.Event()
        self.done = threading.Event()
        #: Per round: the sockets still open that were opened over a second before (the
        #: server has had time to close them at once if it would).
        self.held: list[int] = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        deadline = time.monotonic() + 600
        try:
            while not self.done.is_set() and time.monotonic() < deadline:
                while len(self.socks) < self.count and self.opens < self.count * 10:
                    if self.done.is_set():
                        return
                    self.opens += 1
                    try:
                        s = socket.create_connection(
                            ("127.0.0.1", self.port), timeout=2, source_address=(self.source, 0)
                        )
                        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                        s.setblocking(False)
                        self.socks.append((s, time.monotonic()))
                    except OSError:
                        pass
                self.filled.set()
                kept = []
                for s, opened in self.socks:
                    try:
                        readable, _, _ = select.select([s], [], [], 0)
                        if readable and not s.recv(4096):
                            raise ConnectionResetError
                        s.send(b"x")
                        kept.append((s, opened))
                    except (BlockingIOError, InterruptedError):
                        kept.append((s, opened))
                    except OSError:
                        s.close()
                self.socks = kept
                now = time.monotonic()
                self.held.append(sum(now - opened > 1 for _, opened in kept))
                self.done.wait(1)
        finally:
            self.filled.set()
            for s, _ in self.socks:
                s.close()

    def stop(self) -> None:
        self.done.set()
        self.thread.join(timeout=30)


def new_game(url: str) -> dict[str, Any]:
    r = requests.post(f"{url}/api/games", json={"players": SIX}, timeout=ANSWER)
    r.raise_for_status()
    game: dict[str, Any] = r.json()
    return game


def viewers(game: dict[str, Any]) -> list[tuple[str, str]]:
    return [("host", game["host_token"])] + [("seat", s["token"]) for s in game["seats"]]


def hold_streams(server: Server, count: int, source: str) -> tuple[list[Stream], int, int]:
    """``count`` stream requests from ``source`` over the viewers of games of its own, at
    most two a viewer (so none replaces another): the streams it was given (kept open,
    never read), how many were refused (503, or closed at once), and how many were not
    answered (it stops asking after three)."""
    try:
        games = [new_game(server.url) for _ in range(max(1, -(-count // 14)))]
    except requests.RequestException:
        return [], 0, 1
    tries = [(g["id"], role, token) for g in games for role, token in viewers(g)]
    held: list[Stream] = []
    refused = failed = 0
    for i in range(count):
        gid, role, token = tries[i % len(tries)]
        try:
            s = Stream(server.port, f"/games/{gid}/stream?as={role}", token, source)
        except TimeoutError:  # no answer within ANSWER
            failed += 1
            if failed >= 3:  # the server answers no more: stop asking
                break
            continue
        except OSError:  # closed at once
            refused += 1
            continue
        failed = 0
        if s.status == 200:
            held.append(s)
        else:
            refused += 1
            s.close()
    return held, refused, failed


def play(server: Server, actions: int) -> dict[str, Any]:
    """The table's phase: its screen's and six phones' streams (the first phone's is
    timed), then ``actions`` payments."""
    out: dict[str, Any] = {"answer": [], "stream": [], "unanswered": 0, "stream_status": None}
    out["table_streams"] = 0
    try:
        game = new_game(server.url)
    except requests.RequestException:
        out["unanswered"] += 1
        return out
    gid, host = game["id"], game["host_token"]
    others: list[Stream] = []
    try:
        phone = Stream(server.port, f"/games/{gid}/stream?as=seat", game["seats"][0]["token"])
        for role, token in [("host", host)] + [("seat", s["token"]) for s in game["seats"][1:]]:
            others.append(Stream(server.port, f"/games/{gid}/stream?as={role}", token))
    except OSError:
        out["unanswered"] += 1
        return out
    finally:
        for other in others:
            out["table_streams"] += other.status == 200
            other.close()
    out["stream_status"] = phone.status
    out["table_streams"] += phone.status == 200
    session = requests.Session()
    try:
        for i in range(actions):
            body = {"type": "pay", "from": "supply", "to": "Aiko", "amount": 100}
            start = time.perf_counter()
            try:
                r = session.post(
                    f"{server.url}/api/games/{gid}/actions",
                    json={**body, "note": f"payment {i}"},
                    headers={"Authorization": f"Bearer {host}"},
                    timeout=ANSWER,
                )
            except requests.RequestException:
                out["unanswered"] += 1
                break
            answered = time.perf_counter()
            if r.status_code != 201:
                out["unanswered"] += 1
                break
            out["answer"].append((answered - start) * 1000)
            if phone.status == 200 and phone.wait_update(r.json()["seq"]):
                out["stream"].append((time.perf_counter() - start) * 1000)
    finally:
        session.close()
        phone.close()
    return out


def ms(values: list[float], how: str) -> str:
    if not values:
        return "–"
    v = statistics.median(values) if how == "median" else max(values)
    return f"{v:,.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--sockets", type=int, default=600)
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--app-dir", action="append", type=Path, default=[])
    parser.add_argument("--label", action="append", default=[])
    args = parser.parse_args(argv)
    dirs = args.app_dir or [ROOT]
    labels = args.label or [d.name or str(d) for d in dirs]
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-attack-") as tmp:
        for app_dir, label in zip(dirs, labels, strict=True):
            server = Server(app_dir.resolve(), Path(tmp), label)
            try:
                quiet = play(server, args.actions)
                time.sleep(6)  # the server notices the closed streams (two keepalives)
                hog = SocketHog(server.port, "127.0.0.2", args.sockets)
                hog.filled.wait(120)
                streams, refused, unanswered = hold_streams(server, args.streams, "127.0.0.3")
                time.sleep(2)  # the socket hog's next round: what the server let it keep
                attacked = play(server, args.actions)
                held = max(hog.held[1:] or [0])
                hog.stop()
                for s in streams:
                    s.close()
                alive = server.process.poll() is None
            finally:
                code = server.stop()
            rows.append(
                (label, quiet, attacked, hog.opens, held, len(streams), refused, unanswered)
            )
            print(f"{label}: server alive during the attack: {alive}; exit code {code}")
    print()
    print(f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs; ")
    print(f"{args.actions} payments per phase; attackers: {args.sockets} sockets from ")
    print(f"127.0.0.2, {args.streams} streams asked from 127.0.0.3.\n")
    print(
        "| server | phase | table's streams | answer: median | max | stream: median | max "
        "| n | unanswered |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for label, quiet, attacked, *_ in rows:
        for name, r in (("no attacker", quiet), ("attack", attacked)):
            status = r["stream_status"] or "not answered"
            stream_note = "" if status == 200 else f" (phone's stream: {status})"
            print(
                f"| {label} | {name}{stream_note} | {r['table_streams']} of 7 | "
                f"{ms(r['answer'], 'median')} | "
                f"{ms(r['answer'], 'max')} | {ms(r['stream'], 'median')} | "
                f"{ms(r['stream'], 'max')} | {len(r['answer'])} | {r['unanswered']} |"
            )
    print()
    for label, _, _, opens, held, streams, refused, unanswered in rows:
        print(
            f"- {label}: the socket hog opened {opens} sockets and held at most {held} open "
            f"for over a second; the stream hog was given {streams} streams, refused "
            f"{refused}, not answered {unanswered}."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
