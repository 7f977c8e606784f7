#!/usr/bin/env python
"""Tracked-game benchmark (issue #3, "Speed"), against the real server.

    python bench/bench_game.py [--rounds 6] [--per-thread 30] [--fanout 300]
                               [--sizes 100,1000,10000] [--reads 300]

Two servers run side by side in subprocesses: ``python -m companion serve`` (its own
temporary database) and a bare baseline (this file with ``--serve-bare PORT``: a tiny Flask
app on waitress with the same thread count, channel timeout and connection limit, whose
POST route bumps a counter in memory and whose SSE route pushes ``id: <n>`` to every
listener; no database, no rendering). Each measurement is taken on both in the same run.
(a) and (b) are also taken on a third server, the app's floor (``bench/floor_serve.py``:
``companion serve`` whose live streams send a fixed event instead of rendering), so what
rendering costs is read beside what the rest of the app costs.

(a) Action round trip: ``POST /api/games/<id>/actions`` (a ``pay`` of ¥100 from the supply)
    → 201, with 7 devices connected (7 SSE listeners: the host and 6 seats) and 7 client
    threads acting at once (one keep-alive session each, started together). ``--rounds``
    rounds of ``--per-thread`` actions per thread, app and bare alternating.
(b) Event to all devices: one client, one action at a time; the time from just before the
    POST is sent until the last of the 7 listeners has read the ``update`` event whose id is
    the new seq (listeners are threads in this process reading raw sockets). The bytes of
    every update event each listener read here are kept: one payment, one event, so they
    are what one one-entry change costs a phone and the table screen. Each POST's own
    round trip (until its 201 is read) is kept too, to split the time into the write and
    the fan-out. Then up to 100 more payments are read by 7 listeners that ask for gzip,
    as a browser does, for the bytes each update takes on the wire compressed.
(c) State read: ``GET /api/games/<id>`` (host token) after the log has grown to each of
    ``--sizes`` events; the events are real ``pay`` actions posted through the server, one
    at a time (the POST round trips of the last 100 before each size are reported too).
(d) Idle memory: VmRSS of the server process (/proc/<pid>/status) right after it listens,
    after creating a game and reading it once, and at the end of the run.

Prints Markdown tables. Standard library + requests (and the app's own dependencies).
Only 127.0.0.1 is ever contacted; every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_score import (  # noqa: E402  (sys.path above)
    Server,
    app_and_bare,
    companion_server,
    summary,
)

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumio"]
DEVICES = 7  # 6 seats + the table screen
TIMEOUT = 30  # seconds, any single wait


def connection_limit(threads: int) -> int:
    """As `companion serve` sets it (companion/cli.py)."""
    return max(100, 4 * threads)


# --- the bare baseline -------------------------------------------------------------------


def serve_bare(port: int) -> int:
    """A POST route that bumps a version and wakes the listeners, a GET route that reads
    it, and an SSE route that pushes every new version: the least a live app can do."""
    from flask import Flask, Response, request
    from waitress.server import create_server

    from companion.cli import DEFAULT_THREADS

    app = Flask("bare")
    cond = threading.Condition()
    shared = {"seq": 0, "stopping": False}

    @app.post("/api/games/<game_id>/actions")
    def act(game_id: str) -> Any:
        request.get_json()
        with cond:
            shared["seq"] += 1
            seq = shared["seq"]
            cond.notify_all()
        return {"seq": seq}, 201

    @app.get("/api/games/<game_id>")
    def read(game_id: str) -> Any:
        with cond:
            return {"id": game_id, "seq": shared["seq"]}

    @app.get("/games/<game_id>/stream")
    def stream(game_id: str) -> Any:
        def events() -> Any:
            seen = -1

            def woken() -> bool:
                return bool(shared["stopping"]) or shared["seq"] != seen

            yield "retry: 2000\n\n"
            while True:
                with cond:
                    cond.wait_for(woken, timeout=15)
                    if shared["stopping"]:
                        return
                    seq = shared["seq"]
                if seq == seen:
                    yield ": keepalive\n\n"
                    continue
                seen = seq
                yield f"id: {seq}\nevent: update\ndata: <p>entry {seq}</p>\n\n"

        return Response(
            events(), mimetype="text/event-stream", headers={"Cache-Control": "no-cache"}
        )

    def stop(signum: int, frame: object) -> None:
        with cond:
            shared["stopping"] = True
            cond.notify_all()
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server = None
    try:
        server = create_server(
            app,
            host="127.0.0.1",
            port=port,
            threads=DEFAULT_THREADS,
            ident="bare",
            channel_timeout=300,
            connection_limit=connection_limit(DEFAULT_THREADS),
        )
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.close()
    return 0


# --- SSE listeners -----------------------------------------------------------------------


class Listener:
    """One device's live stream on a raw socket, read by its own thread, which notes when
    each ``update`` event arrived (``time.perf_counter_ns``)."""

    def __init__(
        self,
        port: int,
        path: str,
        token: str,
        arrivals: threading.Condition,
        gzip: bool = False,
    ) -> None:
        self.cond = arrivals
        self.last = -1
        self.arrived: dict[int, int] = {}
        self.size = 0  # bytes of the last update event
        #: Bytes of every update event while ``recording`` (one entry per event), and, for
        #: a gzip stream, the bytes it took on the wire (compressed; chunk framing not
        #: counted).
        self.sizes: list[int] = []
        self.wire_sizes: list[int] = []
        self.recording = False
        self.error: BaseException | None = None
        self._inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if gzip else None
        self._wire = 0  # compressed bytes since the last whole message
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        accept = "Accept-Encoding: gzip, deflate, br, zstd\r\n" if gzip else ""
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Accept: text/event-stream\r\nAuthorization: Bearer {token}\r\n"
                f"{accept}\r\n"
            ).encode()
        )
        self._raw = b""
        self._body = b""
        while b"\r\n\r\n" not in self._raw:
            self._recv()
        head, self._raw = self._raw.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 200 " not in status or b"chunked" not in head.lower():
            self.sock.close()
            raise RuntimeError(f"stream {path}: {head.decode('latin-1')}")
        if gzip and b"content-encoding: gzip" not in head.lower():
            self.sock.close()
            raise RuntimeError(f"stream {path} is not gzip-encoded: {head.decode('latin-1')}")
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _recv(self) -> None:
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("stream closed")
        self._raw += data

    def _run(self) -> None:
        try:
            while True:
                while b"\n\n" not in self._body:
                    self._recv()
                    while b"\r\n" in self._raw:  # chunked transfer decoding
                        size_line, rest = self._raw.split(b"\r\n", 1)
                        size = int(size_line.split(b";")[0], 16)
                        if len(rest) < size + 2:
                            break
                        chunk = rest[:size]
                        if self._inflate is not None:
                            self._wire += size
                            chunk = self._inflate.decompress(chunk)
                        self._body += chunk
                        self._raw = rest[size + 2 :]
                block, self._body = self._body.split(b"\n\n", 1)
                wire, self._wire = self._wire, 0  # every message is flushed on its own
                if b"event: update" not in block:
                    continue
                now = time.perf_counter_ns()
                seq = int(block.split(b"id: ", 1)[1].split(b"\n", 1)[0])
                self.size = len(block) + 2  # with the blank line that ends it
                if self.recording:
                    self.sizes.append(self.size)
                    if self._inflate is not None:
                        self.wire_sizes.append(wire)
                with self.cond:
                    self.arrived[seq] = now
                    self.last = max(self.last, seq)
                    self.cond.notify_all()
        except (OSError, EOFError, ValueError) as exc:
            self.error = exc
            with self.cond:
                self.cond.notify_all()

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.thread.join(timeout=5)
        self.sock.close()


class Devices:
    """The 7 listeners of one server."""

    def __init__(self, port: int, streams: list[tuple[str, str]], gzip: bool = False) -> None:
        self.cond = threading.Condition()
        self.listeners: list[Listener] = []
        try:
            for path, token in streams:
                self.listeners.append(Listener(port, path, token, self.cond, gzip))
        except BaseException:
            self.close()
            raise

    def wait_all(self, seq: int, timeout: float = TIMEOUT) -> int:
        """Block until every listener has read update ``seq`` (or a later one); the
        arrival time of the last of them."""
        with self.cond:
            ok = self.cond.wait_for(
                lambda: all(x.last >= seq or x.error for x in self.listeners), timeout
            )
        broken = [x.error for x in self.listeners if x.error]
        if broken or not ok:
            raise RuntimeError(f"listeners did not all receive update {seq}: {broken}")
        return max(
            x.arrived[seq]
            if seq in x.arrived  # else it was folded into a later one
            else x.arrived[min(k for k in x.arrived if k >= seq)]
            for x in self.listeners
        )

    def close(self) -> None:
        for x in self.listeners:
            x.close()


# --- helpers -----------------------------------------------------------------------------


def vm_rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def memory_without_numpy(tmp: Path) -> tuple[int, int] | None:
    """VmRSS (kB) of `companion serve` after start and after creating a game, with numpy
    kept from importing: sqlite-utils imports numpy whenever it is installed (it is on this
    machine, for other tools; it is no dependency of the app, so a fresh `pip install .`
    has none). None when numpy is not installed (then the main figure is already that)."""
    import importlib.util

    import requests

    if importlib.util.find_spec("numpy") is None:
        return None
    server = companion_server(
        tmp,
        "no-numpy",
        "companion serve (no numpy)",
        (
            "-c",
            "import sys; sys.modules['numpy'] = None; "
            "from companion.cli import main; raise SystemExit(main())",
        ),
    )
    try:
        server.wait_listening()
        time.sleep(0.5)
        start = vm_rss_kb(server.process.pid)
        game = new_game("no numpy", server)
        requests.get(
            game.state_url, timeout=TIMEOUT, headers={"Authorization": f"Bearer {game.host}"}
        ).raise_for_status()
        return start, vm_rss_kb(server.process.pid)
    finally:
        server.stop()


def pay_body(i: int, seat: int | None = None) -> dict[str, Any]:
    """A ¥100 payment: the table screen's from the supply to each player in turn; a
    seat's from its own Yen to the supply (a seat may not pay from the supply, issue #17;
    ``new_game`` gives every player plenty)."""
    if seat is not None:
        return {"type": "pay", "from": PLAYERS[seat], "to": "supply", "amount": 100}
    return {"type": "pay", "from": "supply", "to": PLAYERS[i % len(PLAYERS)], "amount": 100}


class Target:
    """One server as the benchmark drives it: where to post, read and listen."""

    def __init__(
        self, name: str, server: Server, game_id: str, host: str, seats: list[str]
    ) -> None:
        self.name, self.server, self.game_id = name, server, game_id
        self.host, self.seats = host, seats
        base = f"http://127.0.0.1:{server.port}"
        self.action_url = f"{base}/api/games/{game_id}/actions"
        self.state_url = f"{base}/api/games/{game_id}"
        self.streams = [(f"/games/{game_id}/stream?as=host", host)] + [
            (f"/games/{game_id}/stream?as=seat", s) for s in seats
        ]
        self.last_seq = 0


def new_game(name: str, server: Server) -> Target:
    """A 6-player open-money game created on ``server`` (the app, or its floor)."""
    import requests

    r = requests.post(
        f"http://127.0.0.1:{server.port}/api/games",
        json={"players": PLAYERS, "money": "open"},
        timeout=TIMEOUT,
    )
    r.raise_for_status()
    game = r.json()
    for player in PLAYERS:  # the seats' payments come from their own Yen
        requests.post(
            f"http://127.0.0.1:{server.port}/api/games/{game['id']}/actions",
            json={"type": "pay", "from": "supply", "to": player, "amount": 1_000_000},
            headers={"Authorization": f"Bearer {game['host_token']}"},
            timeout=TIMEOUT,
        ).raise_for_status()
    return Target(name, server, game["id"], game["host_token"], [s["token"] for s in game["seats"]])


def post(http: Any, target: Target, token: str, body: dict[str, Any]) -> int:
    r = http.post(
        target.action_url, json=body, timeout=TIMEOUT, headers={"Authorization": f"Bearer {token}"}
    )
    if r.status_code != 201:
        raise RuntimeError(f"{target.name}: {r.status_code} {r.text[:200]}")
    seq = int(r.json()["seq"])
    return seq


# --- (a) round trips with 7 devices acting at once ---------------------------------------


def round_trips(target: Target, devices: Devices, per_thread: int) -> list[int]:
    import requests

    tokens = [target.host, *target.seats]
    barrier = threading.Barrier(len(tokens), timeout=TIMEOUT)
    results: list[list[int]] = [[] for _ in tokens]
    seqs: list[int] = []
    errors: list[BaseException] = []
    clock = time.perf_counter_ns

    def client(k: int) -> None:
        try:
            with requests.Session() as http:
                barrier.wait()
                for i in range(per_thread):
                    start = clock()
                    seq = post(http, target, tokens[k], pay_body(k + i, k - 1 if k else None))
                    results[k].append(clock() - start)
                    seqs.append(seq)
        except BaseException as exc:  # reported below
            errors.append(exc)
            barrier.abort()

    threads = [threading.Thread(target=client, args=(k,)) for k in range(len(tokens))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    if errors or any(t.is_alive() for t in threads):
        raise RuntimeError(f"{target.name}: clients failed: {errors[:3]}")
    target.last_seq = max(seqs)
    devices.wait_all(target.last_seq)  # let the devices catch up before the next block
    return [x for r in results for x in r]


# --- (b) action → all 7 devices ----------------------------------------------------------


def fanout(
    target: Target, devices: Devices, count: int, posts: list[int] | None = None
) -> list[int]:
    """(b): one action at a time; for each, from before the POST until the last device
    read its update. ``posts`` gets each POST's own round trip (its 201 read)."""
    import requests

    samples = []
    clock = time.perf_counter_ns
    with requests.Session() as http:
        for i in range(count):
            start = clock()
            seat = i % len(target.seats)
            seq = post(http, target, target.seats[seat], pay_body(i, seat))
            answered = clock()
            last = devices.wait_all(seq)
            samples.append(last - start)
            if posts is not None:
                posts.append(answered - start)
            target.last_seq = seq
    return samples


# --- (c) state reads as the log grows ----------------------------------------------------


def timed_reads(
    http: Any, url: str, token: str, count: int, out: list[int], expect_seq: int | None = None
) -> None:
    clock = time.perf_counter_ns
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(count):
        start = clock()
        r = http.get(url, headers=headers, timeout=TIMEOUT)
        out.append(clock() - start)
        if r.status_code != 200 or (expect_seq is not None and r.json()["seq"] != expect_seq):
            raise RuntimeError(f"state read {url}: {r.status_code} {r.text[:200]}")


def grow_and_read(
    server: Server, bare: Target, sizes: list[int], reads: int
) -> list[tuple[int, list[int], list[int], list[int]]]:
    """For each size: (size, app GET samples, bare GET samples, app POST samples of the
    last 100 appends before that size). A fresh game, no listeners."""
    import requests

    base = f"http://127.0.0.1:{server.port}"
    clock = time.perf_counter_ns
    out = []
    with requests.Session() as http:
        r = http.post(f"{base}/api/games", json={"players": PLAYERS}, timeout=TIMEOUT)
        r.raise_for_status()
        game = r.json()
        app = Target(
            "app", server, game["id"], game["host_token"], [s["token"] for s in game["seats"]]
        )
        seq = 0
        for size in sizes:
            appends: list[int] = []
            while seq < size:
                start = clock()
                seq = post(http, app, app.host, pay_body(seq))
                if size - seq < 100:
                    appends.append(clock() - start)
            app_reads: list[int] = []
            bare_reads: list[int] = []
            timed_reads(http, app.state_url, app.host, 20, [], size)  # warm-up
            timed_reads(http, bare.state_url, bare.host, 20, [])
            while len(app_reads) < reads:  # alternating blocks of 50, as in bench_score
                n = min(50, reads - len(app_reads))
                timed_reads(http, app.state_url, app.host, n, app_reads, size)
                timed_reads(http, bare.state_url, bare.host, n, bare_reads)
            out.append((size, app_reads, bare_reads, appends))
    return out


# --- main --------------------------------------------------------------------------------


def ms(ns: float) -> str:
    return f"{ns / 1e6:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rounds", type=int, default=6, help="(a) alternating rounds per server (default 6)"
    )
    parser.add_argument(
        "--per-thread",
        type=int,
        default=30,
        help="(a) actions per client thread per round (default 30)",
    )
    parser.add_argument(
        "--fanout", type=int, default=300, help="(b) actions per server (default 300)"
    )
    parser.add_argument(
        "--sizes", default="100,1000,10000", help="(c) log sizes (default 100,1000,10000)"
    )
    parser.add_argument(
        "--reads", type=int, default=300, help="(c) state reads per size and server (default 300)"
    )
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bare:
        return serve_bare(args.serve_bare)
    sizes = sorted(int(s) for s in args.sizes.split(","))

    import requests

    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}",
        flush=True,
    )
    memory: dict[str, dict[str, int]] = {"app": {}, "bare": {}, "floor": {}}
    with tempfile.TemporaryDirectory(prefix="bench-game-") as tmp_name:
        tmp = Path(tmp_name)
        no_numpy = memory_without_numpy(tmp)
        servers = app_and_bare(tmp, Path(__file__))
        # The app's floor: the same server with the streams' rendering taken out
        # (bench/floor_serve.py), so what rendering costs is read beside what it does not.
        servers["floor"] = companion_server(
            tmp, "floor", "companion serve, rendering taken out", (str(HERE / "floor_serve.py"),)
        )
        devices: dict[str, Devices] = {}
        try:
            for name, server in servers.items():
                server.wait_listening()
                time.sleep(0.5)  # let the process settle before reading its memory
                memory[name]["start"] = vm_rss_kb(server.process.pid)
            app = new_game("app", servers["app"])
            with requests.Session() as http:
                http.get(
                    app.state_url, headers={"Authorization": f"Bearer {app.host}"}, timeout=TIMEOUT
                ).raise_for_status()
            memory["app"]["game"] = vm_rss_kb(servers["app"].process.pid)
            bare = Target(
                "bare",
                servers["bare"],
                "g",
                "host-token",
                [f"seat-{i}" for i in range(len(PLAYERS))],
            )
            floor = new_game("floor", servers["floor"])
            targets = {"app": app, "bare": bare, "floor": floor}
            for name, target in targets.items():
                devices[name] = Devices(target.server.port, target.streams)
                devices[name].wait_all(0)
            # warm-up: a few actions on each, every device receiving them
            for name, target in targets.items():
                fanout(target, devices[name], 20)
                round_trips(target, devices[name], 5)

            # (a)
            trips: dict[str, list[int]] = {"app": [], "bare": [], "floor": []}
            for _ in range(args.rounds):
                for name, target in targets.items():
                    trips[name] += round_trips(target, devices[name], args.per_thread)
            print(f"(a) done: {len(trips['app'])} round trips per server", flush=True)

            # (b)
            fan: dict[str, list[int]] = {"app": [], "bare": [], "floor": []}
            fan_posts: dict[str, list[int]] = {"app": [], "bare": [], "floor": []}
            block = 50
            done = 0
            for d in devices.values():
                for x in d.listeners:
                    x.recording = True
            while done < args.fanout:
                n = min(block, args.fanout - done)
                for name, target in targets.items():
                    fan[name] += fanout(target, devices[name], n, fan_posts[name])
                done += n
            print(f"(b) done: {len(fan['app'])} actions per server", flush=True)
            table_bytes = devices["app"].listeners[0].sizes  # the host's stream is first
            phone_bytes = [b for x in devices["app"].listeners[1:] for b in x.sizes]
            bare_bytes = [b for x in devices["bare"].listeners for b in x.sizes]
            for d in devices.values():
                d.close()
            devices.clear()

            # The same payments' updates as a browser gets them: gzip-encoded (Chromium
            # asks for it on an EventSource). Its own short run, the 7 devices only.
            packed = Devices(app.server.port, app.streams, gzip=True)
            devices["gzip"] = packed
            packed.wait_all(app.last_seq)
            for x in packed.listeners:
                x.recording = True
            fanout(app, packed, min(100, args.fanout))
            gz_table = packed.listeners[0].wire_sizes
            gz_phone = [b for x in packed.listeners[1:] for b in x.wire_sizes]
            gz_table_plain = packed.listeners[0].sizes
            gz_phone_plain = [b for x in packed.listeners[1:] for b in x.sizes]
            packed.close()
            devices.clear()
            print("(b) gzip done", flush=True)

            # (c)
            grown = grow_and_read(servers["app"], bare, sizes, args.reads)
            print("(c) done", flush=True)
            for name, server in servers.items():
                memory[name]["end"] = vm_rss_kb(server.process.pid)
        finally:
            for d in devices.values():
                d.close()
            for server in servers.values():
                server.stop()

    rows: list[tuple[str, ...]] = []

    def add(label: str, samples: list[int], target: str = "") -> tuple[float, float]:
        median, p99 = summary(samples)
        rows.append((label, f"{len(samples):,}", ms(median), ms(p99), target))
        return median, p99

    def ratio(a: tuple[float, float], b: tuple[float, float], target: str = "") -> None:
        label = "ratio floor / bare" if target == "the floor" else "ratio app / bare"
        shown = "" if target == "the floor" else target
        rows.append((label, "", f"{a[0] / b[0]:.2f}×", f"{a[1] / b[1]:.2f}×", shown))

    a = add(
        "(a) action round trip, `companion serve`, 7 devices connected, 7 acting at once",
        trips["app"],
        "p99 ≤ 50 ms (#3)",
    )
    b = add("(a) same, bare Flask route + 7 bare SSE listeners (baseline)", trips["bare"])
    ratio(a, b, "≤ 1.5× (#7)")
    f = add(
        "(a) same, the app with the streams' rendering taken out (`bench/floor_serve.py`)",
        trips["floor"],
    )
    ratio(f, b, "the floor")
    a = add(
        "(b) action → last of 7 devices got its update, `companion serve`",
        fan["app"],
        "p99 ≤ 25 ms (#3)",
    )
    b = add("(b) same, bare SSE broadcast on waitress (baseline)", fan["bare"])
    ratio(a, b, "median ≤ 2× (#7)")
    f = add("(b) same, the app with the streams' rendering taken out", fan["floor"])
    ratio(f, b, "the floor")
    add(
        "(b) of which the POST's own round trip (its 201 read), `companion serve`", fan_posts["app"]
    )
    add("(b) of which the POST's own round trip, bare", fan_posts["bare"])
    for size, app_reads, _, _ in grown:
        add(f"(c) `GET /api/games/<id>` (host) with {size:,} events", app_reads)
    add(
        "(c) `GET`, bare Flask route (baseline, during the 10,000 step)"
        if sizes[-1] == 10_000
        else "(c) `GET`, bare Flask route (baseline, last step)",
        grown[-1][2],
    )
    for size, _, _, appends in grown:
        add(
            f"(c) `POST` pay, last {len(appends)} appends before {size:,} events (no listeners)",
            appends,
        )

    print()
    print("| measurement | n | median | p99 | target (issue) |")
    print("|---|---:|---:|---:|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print()
    print("| process | VmRSS after start | after creating a game | end of run | target |")
    print("|---|---:|---:|---:|---|")
    print(
        f"| `companion serve` | {memory['app']['start'] / 1024:.1f} MB | "
        f"{memory['app']['game'] / 1024:.1f} MB | {memory['app']['end'] / 1024:.1f} MB | "
        "idle ≤ 50 MB |"
    )
    if no_numpy is not None:
        print(
            f"| `companion serve`, numpy kept out (as on a fresh install) | "
            f"{no_numpy[0] / 1024:.1f} MB | {no_numpy[1] / 1024:.1f} MB | – | idle ≤ 50 MB |"
        )
    print(
        f"| bare Flask on waitress (baseline) | {memory['bare']['start'] / 1024:.1f} MB | "
        f"– | {memory['bare']['end'] / 1024:.1f} MB | |"
    )
    print()
    print(
        "| bytes of one update event, one payment (b) | events | median | p99 | max | target (#7) |"
    )
    print("|---|---:|---:|---:|---:|---|")
    for label, sizes, target in (
        ("a phone (6 seats)", phone_bytes, "≤ 2,048"),
        ("the table screen", table_bytes, "≤ 4,096"),
        ("bare SSE listener (7)", bare_bytes, ""),
        ("a phone, gzip: bytes on the wire", gz_phone, ""),
        ("a phone, gzip: the same events inflated", gz_phone_plain, ""),
        ("the table screen, gzip: bytes on the wire", gz_table, ""),
        ("the table screen, gzip: the same events inflated", gz_table_plain, ""),
    ):
        ordered = sorted(sizes)
        p99 = ordered[max(0, -(-99 * len(ordered) // 100) - 1)]
        print(
            f"| {label} | {len(sizes):,} | {statistics.median(sizes):,.0f} | {p99:,} | "
            f"{ordered[-1]:,} | {target} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
