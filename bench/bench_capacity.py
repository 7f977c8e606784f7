#!/usr/bin/env python
"""Capacity (issue #23): how many tables one server holds.

    python bench/bench_capacity.py [--ladder 20,40,60,100,120] [--seconds 30]
        [--settings 2cores,1core] [--servers app,bare] [--connections 2000]

N tables, each a table screen and 4 phones (5 devices, the phones joined through their
seat's link) holding a live stream, each device from its own loopback address (127.x.y.z)
with ``Accept-Encoding: gzip`` as a browser sends; one action per table every 3 s (a
payment by the host, the tables staggered over the 3 s). For every action: the time from
sending its POST to the moment the last of its table's 5 devices has read the event
carrying its version ("an action reaches all 5 devices"); its p50/p99 over the step,
streams refused (503), events missing, and the server's CPU. Each step starts a fresh server.

Settings: ``2cores`` (server and load generator on both cores of this machine) and
``1core`` (server ``taskset -c 1``, the load generator pinned to core 0). Servers: the
app (``companion serve``), ``haproxy2`` (two app processes behind HAProxy running
``deploy/haproxy.cfg``, one per core, each owning the games it created), and ``bare``: a
bare Flask + SSE server on waitress (a POST bumps the game's version and wakes its
streams, which send a one-line event; one thread per stream, as thin as a live app gets)
— the noise floor of this machine at that load.
``--connections 2000``: afterwards, 2,000 connections open at once on a default server
(1,000 silent sockets and 1,000 live streams); it must stay up and answer.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The checkout whose ``companion serve`` is measured (``--app-root``: an older commit's
#: worktree, for a before/after beside each other).
APP_ROOT = ROOT
PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
PERIOD = 3.0  # one action per table every 3 s
ID = re.compile(rb"(?:^|\n)id: (\d+)\n")


def ports() -> list[str]:
    """Two distinct free ports (the peer's app and API)."""
    with socket.socket() as a, socket.socket() as b:
        a.bind(("127.0.0.1", 0))
        b.bind(("127.0.0.1", 0))
        return [str(a.getsockname()[1]), str(b.getsockname()[1])]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def device_address(table: int, device: int) -> str:
    """Every device its own loopback address (the server bounds what one address holds)."""
    n = table * 8 + device + 1
    return f"127.{10 + n // 65536}.{(n // 256) % 256}.{n % 256 or 1}"


# --- the bare noise floor ----------------------------------------------------------------


def serve_bare(port: int, threads: int) -> int:
    from flask import Flask, Response, request
    from waitress import serve

    app = Flask("bare")
    lock = threading.Lock()
    conds: dict[str, threading.Condition] = {}
    seqs: dict[str, int] = {}

    def cond(game: str) -> threading.Condition:
        with lock:
            if game not in conds:
                conds[game] = threading.Condition()
            return conds[game]

    @app.post("/api/games/<game>/actions")
    def act(game: str) -> Any:
        request.get_json()
        c = cond(game)
        with c:
            seqs[game] = seqs.get(game, 0) + 1
            seq = seqs[game]
            c.notify_all()
        return {"seq": seq}, 201

    @app.get("/games/<game>/stream")
    def stream(game: str) -> Any:
        c = cond(game)

        def events() -> Any:
            seen = seqs.get(game, 0)
            yield f"retry: 2000\n\nid: {seen}\nevent: update\ndata: <p>{seen}</p>\n\n"
            while True:
                with c:
                    c.wait_for(lambda s=seen: seqs.get(game, 0) != s, timeout=15)
                    now = seqs.get(game, 0)
                if now == seen:
                    yield ": keepalive\n\n"
                    continue
                seen = now
                yield f"id: {seen}\nevent: update\ndata: <p>entry {seen}</p>\n\n"

        return Response(events(), mimetype="text/event-stream")

    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    serve(
        app,
        host="127.0.0.1",
        port=port,
        threads=threads,
        connection_limit=threads + 200,
        asyncore_use_poll=True,
        channel_timeout=300,
        _quiet=True,
    )
    return 0


# --- servers -----------------------------------------------------------------------------


@dataclass
class Server:
    kind: str
    port: int
    proc: subprocess.Popen[bytes]
    #: With ``haproxy2``: the two app processes behind the proxy (``proc``).
    behind: list[Server] = field(default_factory=list)

    def cpu(self) -> float:
        """CPU seconds of the server (with ``haproxy2``: both processes and the proxy)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return own + sum(b.cpu() for b in self.behind)

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None and all(b.alive for b in self.behind)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for b in self.behind:
            b.stop()


def wait_listening(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"{what} did not start")


def start(
    kind: str, tmp: Path, pin: str | None, tables: int, extra: tuple[str, ...] = ()
) -> Server:
    port = free_port()
    if kind == "haproxy2":
        # one app process per core behind HAProxy (deploy/haproxy.cfg), as deploy/README.md
        # runs a hall: each process owns the games it creates
        public = f"http://127.0.0.1:{port}"
        behind = [
            start(
                "app",
                tmp,
                pin,
                tables,
                ("--id-prefix", p, "--proxy", "127.0.0.1", "--public-url", public),
            )
            for p in ("a1", "b1")
        ]
        env = dict(
            os.environ,
            COMPANION_FRONT=f"127.0.0.1:{port}",
            COMPANION_A=f"127.0.0.1:{behind[0].port}",
            COMPANION_B=f"127.0.0.1:{behind[1].port}",
        )
        proxy = subprocess.Popen(
            ["haproxy", "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(tmp / f"haproxy{port}.log", "wb"),
        )
        wait_listening(port, proxy, "haproxy")
        return Server(kind, port, proxy, behind)
    if kind in ("app", "floor"):
        # floor: the same server with the streams' rendering taken out (bench/floor_serve.py)
        head = ["-m", "companion"] if kind == "app" else [str(HERE / "floor_serve.py")]
        cmd = [sys.executable, *head, "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(port), "--db", str(tmp / f"{kind}{port}.sqlite3"), "--no-qr"]
        cmd += extra
    else:
        threads = tables * 5 + 64
        cmd = [sys.executable, str(Path(__file__).resolve()), "--serve-bare", str(port)]
        cmd += ["--bare-threads", str(threads)]
    if pin is not None:
        cmd = ["taskset", "-c", pin, *cmd]
    proc = subprocess.Popen(
        cmd, cwd=APP_ROOT, stdout=subprocess.DEVNULL, stderr=open(tmp / f"{kind}{port}.log", "wb")
    )
    wait_listening(port, proc, kind)
    return Server(kind, port, proc)


# --- the devices -------------------------------------------------------------------------


@dataclass
class Device:
    table: int
    sock: socket.socket
    status: int = 0
    head: bytes = b""
    raw: bytes = b""
    chunk_left: int = -1  # bytes left in the current chunk; -1: a size line is next
    body: bytes = b""
    inflate: Any = None
    gone: bool = False
    events: int = 0


@dataclass
class Table:
    game: str
    host: str
    seq: int = 0
    #: seq -> arrival times (one per device that read it)
    arrivals: dict[int, list[float]] = field(default_factory=dict)
    sent: dict[int, float] = field(default_factory=dict)


def open_stream(port: int, table: int, device: int, path: str, token: str) -> Device:
    sock = socket.create_connection(
        ("127.0.0.1", port), timeout=30, source_address=(device_address(table, device), 0)
    )
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n"
        f"Accept-Encoding: gzip\r\nAuthorization: Bearer {token}\r\n\r\n"
    )
    sock.sendall(request.encode())
    sock.setblocking(False)
    return Device(table, sock)


class Readers:
    """One thread reading every device's stream: de-chunks, inflates, notes the time each
    event id arrives."""

    def __init__(self, tables: list[Table]) -> None:
        self.tables = tables
        self.sel = selectors.DefaultSelector()
        self.devices: list[Device] = []
        self.stop = threading.Event()
        self.broken = 0
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def add(self, device: Device) -> None:
        with self.lock:
            self.devices.append(device)
            self.sel.register(device.sock, selectors.EVENT_READ, device)

    def _run(self) -> None:
        while not self.stop.is_set():
            with self.lock:
                ready = self.sel.select(timeout=0.05) if self.devices else []
            now = time.monotonic()
            for key, _ in ready:
                try:
                    self._read(key.data, now)
                except Exception as exc:  # noqa: BLE001 (a broken stream: counted)
                    self.broken += 1
                    print(f"a stream could not be read: {exc!r}", flush=True)
                    key.data.gone = True
                    with self.lock:
                        self.sel.unregister(key.data.sock)
            if not self.devices:
                time.sleep(0.01)

    def _read(self, d: Device, now: float) -> None:
        try:
            data = d.sock.recv(262144)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            d.gone = True
            with self.lock:
                self.sel.unregister(d.sock)
            return
        if not d.status:
            d.head += data
            if b"\r\n\r\n" not in d.head:
                return
            head, data = d.head.split(b"\r\n\r\n", 1)
            d.status = int(head.split(b" ", 2)[1])
            if b"content-encoding: gzip" in head.lower():
                d.inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
        d.raw += data
        parts = []
        while True:  # de-chunk: -1 a size line is next, -2 a chunk's CRLF, -3 ended
            if d.chunk_left == -2:
                if len(d.raw) < 2:
                    break
                d.raw, d.chunk_left = d.raw[2:], -1
            if d.chunk_left == -1:
                end = d.raw.find(b"\r\n")
                if end < 0:
                    break
                size = int(d.raw[:end].split(b";")[0], 16)
                d.raw = d.raw[end + 2 :]
                d.chunk_left = size if size else -3
            if d.chunk_left <= 0:
                break
            take = min(d.chunk_left, len(d.raw))
            if not take:
                break
            parts.append(d.raw[:take])
            d.raw = d.raw[take:]
            d.chunk_left -= take
            if d.chunk_left == 0:
                d.chunk_left = -2
        out = b"".join(parts)
        if d.inflate is not None and out:
            out = d.inflate.decompress(out)
        d.body += out
        cut = d.body.rfind(b"\n\n")
        if cut < 0:
            return
        events, d.body = d.body[: cut + 2], d.body[cut + 2 :]
        table = self.tables[d.table]
        for m in ID.finditer(events):
            d.events += 1
            table.arrivals.setdefault(int(m.group(1)), []).append(now)


# --- one step of the ladder ----------------------------------------------------------------


def post(conn: http.client.HTTPConnection, path: str, token: str, body: bytes) -> int:
    conn.request(
        "POST",
        path,
        body,
        {"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    r = conn.getresponse()
    data = r.read()
    if r.status != 201:
        raise RuntimeError(f"POST {path}: {r.status} {data[:200]!r}")
    return int(json.loads(data)["seq"])


def create_tables(server: Server, n: int, players: list[str] = PLAYERS) -> list[Table]:
    if server.kind == "bare":
        return [Table(f"t{i}", "bare") for i in range(n)]
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    tables = []
    for _ in range(n):
        conn.request(
            "POST",
            "/api/games",
            json.dumps({"players": players, "money": "closed"}),
            {"Content-Type": "application/json"},
        )
        r = conn.getresponse()
        game = json.loads(r.read())
        tables.append(Table(game["id"], game["host_token"]))
        tables[-1].seats = [s["token"] for s in game["seats"]]  # type: ignore[attr-defined]
        for seat in game["seats"]:  # each phone joins (the table screen drops its code)
            conn.request("GET", f"/join/{seat['token']}")
            r = conn.getresponse()
            r.read()
            if r.status >= 400:
                raise RuntimeError(f"join: {r.status}")
    conn.close()
    return tables


def run_step(kind: str, n: int, seconds: float, pin: str | None, tmp: Path) -> dict[str, Any]:
    server = start(kind, tmp, pin, n)
    if os.environ.get("BENCH_PID"):
        print(f"{kind} server pid {server.proc.pid}", flush=True)
    readers: Readers | None = None
    try:
        tables = create_tables(server, n)
        readers = Readers(tables)
        readers.thread.start()
        for t, table in enumerate(tables):
            viewers = [("host", table.host)]
            viewers += [("seat", s) for s in getattr(table, "seats", ["bare"] * 4)]
            for d, (role, token) in enumerate(viewers):
                dev = open_stream(server.port, t, d, f"/games/{table.game}/stream?as={role}", token)
                readers.add(dev)
        # every stream answered and its first event read (or refused), then quiet
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and not all(
            d.gone or d.status not in (0, 200) or d.events for d in readers.devices
        ):
            time.sleep(0.2)
        time.sleep(2)
        refused = sum(d.status != 200 for d in readers.devices)
        idle0 = server.cpu()  # every stream open, nothing happening: what they cost
        time.sleep(5)
        idle = (server.cpu() - idle0) / 5
        for table in tables:
            table.arrivals.clear()
        # the actions: tables staggered over the period, a few posting threads
        body = json.dumps({"type": "pay", "from": "supply", "to": "Aiko", "amount": 100}).encode()
        start_at = time.monotonic() + 0.5
        end_at = start_at + seconds
        errors: list[str] = []
        workers = 4

        def poster(w: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            mine = [(i, t) for i, t in enumerate(tables) if i % workers == w]
            k = 0
            while True:
                # the k-th round of this worker's tables, each at its own offset
                for i, table in mine:
                    due = start_at + k * PERIOD + PERIOD * i / n
                    if due >= end_at:
                        return
                    wait = due - time.monotonic()
                    if wait > 0:
                        time.sleep(wait)
                    t0 = time.monotonic()
                    try:
                        seq = post(conn, f"/api/games/{table.game}/actions", table.host, body)
                    except Exception as exc:  # noqa: BLE001 (counted, reported)
                        errors.append(repr(exc))
                        conn.close()
                        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                        continue
                    table.sent[seq] = t0
                k += 1

        cpu0, wall0 = server.cpu(), time.monotonic()
        threads = [threading.Thread(target=poster, args=(w,)) for w in range(workers)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        time.sleep(2)  # the last events arrive
        spent = server.cpu() - cpu0
        cpu = spent / (time.monotonic() - wall0)
        posted = sum(len(table.sent) for table in tables)
        lat, missing = [], 0
        for table in tables:
            for seq, t0 in table.sent.items():
                got = table.arrivals.get(seq, [])
                if len(got) < 5:
                    missing += 5 - len(got)
                    continue
                lat.append(max(got) - t0)
        lat.sort()
        gone = sum(d.gone for d in readers.devices)
        return {
            "server": kind,
            "tables": n,
            "actions": len(lat),
            "p50_ms": 1000 * statistics.median(lat) if lat else None,
            "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else None,
            "max_ms": 1000 * lat[-1] if lat else None,
            "refused": refused,
            "missing": missing,
            "closed": gone,
            "errors": len(errors),
            "cpu": cpu,
            # the server's CPU over the actions' minutes (the last events' 2 s included),
            # divided by the actions: what one action costs it, whatever else the machine does
            "cpu_ms_per_action": 1000 * spent / posted if posted else None,
            "idle_cpu": idle,
            "alive": server.alive,
        }
    finally:
        if readers is not None:
            readers.stop.set()
            readers.thread.join(timeout=5)
            for d in readers.devices:
                d.sock.close()
        server.stop()


PEER = Path(__file__).resolve().parent / "peer_bgio"


def peer(blocks: int, per_block: int, tmp: Path) -> dict[str, Any]:
    """One action reaching 7 devices (a table screen and 6 phones, closed money: each its
    own view), the app against boardgame.io 0.50.2 (``bench/peer_bgio``: in memory and
    FlatFile), in alternating blocks of ``per_block`` actions, one after another.

    Beside them, in the same blocks: ``floor``, the app's server with the streams'
    rendering taken out (``bench/floor_serve.py``: each stream sends a fixed 800-byte
    event), what the app takes when its seven pages cost nothing; and ``post``, the app's
    POST alone in a game with no stream open (its durable commit included)."""
    if not (PEER / "node_modules" / "boardgame.io").exists():
        raise SystemExit("cd bench/peer_bgio && npm install (boardgame.io 0.50.2)")
    six = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumi"]
    out: dict[str, list[float]] = {k: [] for k in ("app", "floor", "post", "memory", "flatfile")}
    servers: list[Server] = []
    readers: list[Readers] = []
    #: kind -> (connection, path, host token, table, devices that must read each action)
    runs: dict[str, tuple[http.client.HTTPConnection, str, str, Table, int]] = {}
    try:
        for kind in ("app", "floor"):
            server = start(kind, tmp, None, 1)
            servers.append(server)
            table, quiet = create_tables(server, 2, six)
            reader = Readers([table])
            readers.append(reader)
            reader.thread.start()
            viewers = [("host", table.host)] + [("seat", s) for s in table.seats]  # type: ignore[attr-defined]
            for d, (role, token) in enumerate(viewers):
                reader.add(
                    open_stream(server.port, 0, d, f"/games/{table.game}/stream?as={role}", token)
                )
            while not all(d.events for d in reader.devices):
                time.sleep(0.05)
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            runs[kind] = (conn, f"/api/games/{table.game}/actions", table.host, table, 7)
            if kind == "app":
                conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                runs["post"] = (conn, f"/api/games/{quiet.game}/actions", quiet.host, quiet, 0)
        time.sleep(1)
        for b in range(blocks):
            for kind, (conn, path, token, table, devices) in runs.items():
                for k in range(per_block):
                    body = {"type": "pay", "from": "supply", "to": six[k % 6], "amount": 100}
                    t0 = time.monotonic()
                    seq = post(conn, path, token, json.dumps(body).encode())
                    done = time.monotonic()
                    deadline = t0 + 10
                    while len(table.arrivals.get(seq, ())) < devices and done < deadline:
                        time.sleep(0.0005)
                        done = time.monotonic()
                    got = table.arrivals.get(seq, [])
                    if len(got) == devices:
                        out[kind].append(1000 * ((max(got) if got else done) - t0))
            for kind in ("memory", "flatfile"):
                run = subprocess.run(
                    ["node", "bench.js", kind, str(per_block), *ports()],
                    cwd=PEER,
                    capture_output=True,
                    text=True,
                    timeout=300,
                )
                line = [x for x in run.stdout.splitlines() if x.startswith("{")]
                if not line:
                    raise RuntimeError(run.stdout + run.stderr)
                out[kind] += json.loads(line[-1])["times"]
            print(f"{time.strftime('%H:%M:%S')} peer block {b + 1}/{blocks}", flush=True)
    finally:
        for reader in readers:
            reader.stop.set()
            for d in reader.devices:
                d.sock.close()
        for server in servers:
            server.stop()
    result: dict[str, Any] = {}
    for kind, times in out.items():
        times.sort()
        result[kind] = {
            "n": len(times),
            "p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[min(len(times) - 1, int(0.99 * len(times)))], 2),
        }
    return result


def rss_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    kb = next(int(x.split()[1]) for x in status.splitlines() if x.startswith("VmRSS:"))
    return round(kb / 1024, 1)


def many_connections(tmp: Path, count: int) -> dict[str, Any]:
    """``count`` connections open at once on a default app server: half silent sockets,
    half live streams (4 per table); it must stay up and answer a page."""
    server = start("app", tmp, None, 0)
    socks: list[socket.socket] = []
    try:
        tables = create_tables(server, count // 2 // 4)
        rss_before = rss_mb(server.proc.pid)
        for t, table in enumerate(tables):
            viewers = [("host", table.host)] + [("seat", s) for s in table.seats[:3]]  # type: ignore[attr-defined]
            for d, (role, token) in enumerate(viewers):
                dev = open_stream(server.port, t, d, f"/games/{table.game}/stream?as={role}", token)
                socks.append(dev.sock)
        for sock in socks:  # every stream answered
            sock.setblocking(True)
            sock.settimeout(120)
            sock.recv(1)
        for i in range(count - len(socks)):
            source = (f"127.200.{i // 50}.{i % 50 + 1}", 0)
            socks.append(socket.create_connection(("127.0.0.1", server.port), 30, source))
        time.sleep(2)
        alive = server.proc.poll() is None
        status = Path(f"/proc/{server.proc.pid}/status").read_text()
        rss = rss_mb(server.proc.pid)
        threads = next(int(x.split()[1]) for x in status.splitlines() if x.startswith("Threads:"))
        times = []
        for _ in range(5):
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            t0 = time.monotonic()
            conn.request("GET", "/")
            r = conn.getresponse()
            r.read()
            page = r.status
            times.append(round(1000 * (time.monotonic() - t0), 1))
            conn.close()
        took = max(times)
        print("page times", times, flush=True)
        return {
            "connections": len(socks),
            "streams": sum(1 for _ in tables) * 4,
            "alive": alive,
            "page": page,
            "page_ms": round(took, 1),
            "rss_mb": rss,
            "rss_mb_before_streams": rss_before,
            "threads": threads,
        }
    finally:
        for s in socks:
            s.close()
        server.stop()


def ms(value: float | None) -> str:
    """A time as bench/README.md writes it: one decimal under 100 ms, else whole."""
    if value is None:
        return "–"
    return f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def row(r: dict[str, Any]) -> str:
    """A step's row of bench/README.md's Capacity table, ready to paste."""
    setting = {"2cores": "2 cores", "1core": "1 core"}[r["setting"]]
    per_action = r["cpu_ms_per_action"]
    return (
        f"| {setting} | {r['server']} | {r['tables']} | {ms(r['p50_ms'])} | {ms(r['p99_ms'])} "
        f"| {r['refused']} | {r['missing']} | {100 * r['cpu']:.0f} % | "
        f"{100 * r['idle_cpu']:.1f} % | {r['load']:.1f} | "
        f"{'–' if per_action is None else f'{per_action:.1f}'} |"
    )


def peer_row(p: dict[str, Any]) -> str:
    """The peer's row of bench/README.md, ready to paste: p50 / p99 of each, and each of
    the app's against boardgame.io in memory at p50 (the target: the app ≤ 2×)."""
    memory = p["memory"]["p50_ms"]

    def cell(kind: str) -> str:
        return f"{ms(p[kind]['p50_ms'])} / {ms(p[kind]['p99_ms'])}"

    def times(kind: str) -> str:
        return f"{p[kind]['p50_ms'] / memory:.1f}×" if memory else "–"

    return (
        f"| {cell('app')} | {cell('floor')} | {cell('post')} | {cell('memory')} | "
        f"{cell('flatfile')} | {times('app')} | {times('floor')} | {times('post')} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ladder", default="20,40,60,100,120")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--settings", default="2cores,1core")
    parser.add_argument("--servers", default="app,bare")
    parser.add_argument("--connections", type=int, default=0)
    parser.add_argument("--peer", type=int, default=0, metavar="BLOCKS")
    parser.add_argument("--app-root", type=Path, help="measure the app of this checkout")
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--serve-bare", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--bare-threads", type=int, default=600, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bare:
        return serve_bare(args.serve_bare, args.bare_threads)

    import resource

    global APP_ROOT
    if args.app_root:
        APP_ROOT = args.app_root.resolve()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    results = []
    print(f"{time.strftime('%H:%M:%S')} load average {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for setting in args.settings.split(","):
            pin = "1" if setting == "1core" else None
            os.sched_setaffinity(0, {0} if pin else {0, 1})
            for n in [int(x) for x in args.ladder.split(",") if x]:
                for kind in args.servers.split(","):
                    r = run_step(kind, n, args.seconds, pin, tmp)
                    r["setting"] = setting
                    r["load"] = os.getloadavg()[0]
                    results.append(r)
                    print(row(r), flush=True)
                    print(
                        f"{time.strftime('%H:%M:%S')} {setting:6} {kind:4} {n:4} tables: "
                        f"p50 {r['p50_ms'] or 0:7.1f} ms  p99 {r['p99_ms'] or 0:7.1f} ms  "
                        f"max {r['max_ms'] or 0:7.1f} ms  actions {r['actions']:5}  "
                        f"refused {r['refused']}  missing {r['missing']}  errors "
                        f"{r['errors']}  server CPU {100 * r['cpu']:5.1f} % "
                        f"(idle {100 * r['idle_cpu']:4.1f} %, "
                        f"{r['cpu_ms_per_action'] or 0:.1f} ms per action)  "
                        f"load {r['load']:.1f}  alive {r['alive']}",
                        flush=True,
                    )
        os.sched_setaffinity(0, {0, 1})
        # The peer first: the 2,000 connections leave their ports in TIME-WAIT for a
        # minute, and node's listen on "::" is then refused one of them (EADDRINUSE).
        if args.peer:
            p = peer(args.peer, 50, tmp)
            results.append({"peer": p})
            print(f"{time.strftime('%H:%M:%S')} peer: {p}", flush=True)
            print(peer_row(p), flush=True)
        if args.connections:
            c = many_connections(tmp, args.connections)
            results.append(c)
            print(f"{time.strftime('%H:%M:%S')} {c}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
