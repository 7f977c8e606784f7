#!/usr/bin/env python
"""Scoring benchmark (issue #2): how long one end-of-game score takes.

    python bench/bench_score.py [--calls 20000] [--requests 2000] [--no-http]

(a) In process: one full 6-player table (every kind of fish token, loans and shares with
    the Bank, the Overfishing market, two Overfished markets) scored ``--calls`` times,
    each call timed on its own with ``time.perf_counter_ns``: ``score()`` on already parsed
    players, and ``score_snapshot()`` (validation + scoring, what the CLI and the API run).
(b) Over HTTP: ``POST /api/score`` with that table against the real server
    (``python -m companion serve`` in a subprocess), one keep-alive ``requests.Session``,
    and beside it in the same run a bare Flask route served by waitress the same way (this
    file with ``--serve-bare PORT``), so the ratio app / bare says what the app adds on top
    of HTTP + waitress + Flask. The two servers are measured in alternating blocks so that
    a noisy neighbour hits both alike.

Prints a Markdown table. Standard library + requests (and the app's own dependencies).
Only 127.0.0.1 is ever contacted; every loop is bounded.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

#: A realistic finished 6-player table: every fish token of the base game and the
#: Expansion held by someone, Bank loans and shares, Overfishing in play, two Overfished
#: markets, and an end-trigger check for every seat.
TABLE: dict[str, Any] = {
    "format": "tsukiji-snapshot/1",
    "players": [
        {
            "name": "Aiko",
            "yen": 4200,
            "loans": 1,
            "shares": 0,
            "fish": {
                "mackerel": 3,
                "eel": 2,
                "fugu": 2,
                "octopus": 1,
                "takoyaki": 3,
                "red_snapper": 2,
                "salmon": {"fresh": 1, "degraded": 2},
                "spider_crab": [4, 8],
                "squid": 1,
                "tuna": [15, 25],
                "clam": 1,
                "oyster": 1,
                "himono": 1,
                "horse_mackerel": 2,
                "nori": 1,
                "sardine": 2,
                "swordfish": 1,
            },
        },
        {
            "name": "Bo",
            "yen": 6100,
            "loans": 0,
            "shares": 1,
            "fish": {
                "mackerel": 5,
                "salmon": {"fresh": 1, "degraded": 0},
                "squid": 3,
                "fugu": 1,
                "sardine": 4,
                "horse_mackerel": 1,
            },
        },
        {
            "name": "Chiyo",
            "yen": 2800,
            "loans": 2,
            "shares": 0,
            "fish": {
                "eel": 3,
                "tuna": [20],
                "spider_crab": [6, 6, 4],
                "octopus": 2,
                "takoyaki": 1,
                "clam": 2,
                "oyster": 3,
                "nori": 1,
                "himono": 2,
            },
        },
        {
            "name": "Daichi",
            "yen": 5300,
            "loans": 0,
            "shares": 2,
            "fish": {
                "red_snapper": 4,
                "salmon": {"fresh": 0, "degraded": 3},
                "swordfish": 2,
                "mackerel": 1,
                "squid": 2,
                "sardine": 1,
                "fugu": 3,
            },
        },
        {
            "name": "Emi",
            "yen": 3900,
            "loans": 1,
            "shares": 1,
            "fish": {
                "tuna": [25, 15, 20],
                "eel": 1,
                "horse_mackerel": 3,
                "himono": 1,
                "clam": 1,
                "nori": 1,
                "spider_crab": [8],
            },
        },
        {
            "name": "Fumio",
            "yen": 4700,
            "loans": 0,
            "shares": 0,
            "fish": {
                "mackerel": 2,
                "octopus": 1,
                "takoyaki": 2,
                "red_snapper": 1,
                "salmon": {"fresh": 2, "degraded": 1},
                "swordfish": 1,
                "sardine": 3,
                "oyster": 1,
            },
        },
    ],
    "markets": {
        "eel": {"value": 7},
        "swordfish": {"value": 9},
        "red_snapper": {"remaining": 8},
        "overfished": ["tuna", "sardine"],
        "external": ["bank", "overfishing", "auction", "ships", "trading"],
    },
}

BLOCK = 100  # requests per server before switching to the other one


def percentile(sorted_values: list[int], q: float) -> int:
    """Nearest-rank percentile of an ascending list."""
    return sorted_values[max(0, math.ceil(q / 100 * len(sorted_values)) - 1)]


def summary(samples_ns: list[int]) -> tuple[float, float]:
    """(median, p99) in nanoseconds."""
    ordered = sorted(samples_ns)
    n = len(ordered)
    median = (ordered[(n - 1) // 2] + ordered[n // 2]) / 2
    return median, float(percentile(ordered, 99))


def time_calls(fn: Callable[[], object], calls: int, warmup: int) -> list[int]:
    clock = time.perf_counter_ns
    for _ in range(warmup):
        fn()
    samples = [0] * calls
    for i in range(calls):
        start = clock()
        fn()
        samples[i] = clock() - start
    return samples


def bench_in_process(calls: int) -> dict[str, list[int]]:
    from companion.rules.scoring import score
    from companion.rules.snapshot import parse_snapshot, score_snapshot

    players, values = parse_snapshot(TABLE)
    report = score_snapshot(TABLE).to_json()
    assert len(report["players"]) == 6  # type: ignore[arg-type]
    warmup = max(100, calls // 20)
    return {
        "timer": time_calls(lambda: None, calls, warmup),
        "score": time_calls(lambda: score(players, values), calls, warmup),
        "score_snapshot": time_calls(lambda: score_snapshot(TABLE), calls, warmup),
    }


# --- servers ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_bare(port: int) -> int:
    """The baseline: a trivial Flask route on waitress, configured as `companion serve`
    configures it (same thread count, same channel timeout). It reads the body and
    answers a constant small JSON."""
    from flask import Flask, request
    from waitress.server import create_server

    from companion.cli import DEFAULT_THREADS

    app = Flask("bare")

    @app.post("/api/score")
    def score() -> dict[str, bool]:
        request.get_data()
        return {"ok": True}

    def stop(signum: int, frame: object) -> None:
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
        )
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        if server is not None:
            server.close()
    return 0


class Server:
    def __init__(self, name: str, cmd: list[str], port: int, log: Path) -> None:
        self.name, self.port, self.log_path = name, port, log
        self.log = log.open("w", encoding="utf-8")
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        self.url = f"http://127.0.0.1:{port}/api/score"

    def wait_listening(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited early:\n{self.log_path.read_text()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.name} did not listen within {timeout} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def companion_server(
    tmp: Path,
    name: str = "app",
    label: str = "companion serve",
    run: tuple[str, ...] = ("-m", "companion"),
) -> Server:
    """``companion serve`` on a free port, its database and log in ``tmp`` (named after
    ``name``); ``run``: what the interpreter runs before ``serve`` (another way in, such as
    ``bench/floor_serve.py``). Started, not yet listening."""
    port = free_port()
    return Server(
        label,
        [
            sys.executable,
            *run,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            str(tmp / f"{name}.sqlite3"),
            "--no-qr",
            # every device of these benchmarks is this machine (127.0.0.1): no bound per
            # client address (issue #17) on its hundreds of streams
            "--client-connections",
            "1000000",
            "--client-streams",
            "1000000",
        ],
        port,
        tmp / f"{name}.log",
    )


def app_and_bare(tmp: Path, script: Path) -> dict[str, Server]:
    """The real `companion serve` and a bare baseline (``script --serve-bare PORT``), each
    on a free port with its own log in ``tmp``; started, not yet listening."""
    bare_port = free_port()
    return {
        "app": companion_server(tmp),
        "bare": Server(
            "bare waitress",
            [sys.executable, str(script.resolve()), "--serve-bare", str(bare_port)],
            bare_port,
            tmp / "bare.log",
        ),
    }


def bench_http(requests_per_server: int, tmp: Path) -> dict[str, list[int]]:
    import requests

    from companion.rules.snapshot import score_snapshot

    servers = app_and_bare(tmp, Path(__file__))
    body = json.dumps(TABLE).encode()
    headers = {"Content-Type": "application/json"}
    expected = score_snapshot(TABLE).to_json()
    samples: dict[str, list[int]] = {"app": [], "bare": []}
    clock = time.perf_counter_ns
    try:
        for server in servers.values():
            server.wait_listening()
        with requests.Session() as http:
            for name, server in servers.items():  # warm up, and check the answers
                for _ in range(200):
                    response = http.post(server.url, data=body, headers=headers, timeout=10)
                    assert response.status_code == 200, (name, response.text)
                if name == "app":
                    assert response.json() == expected, "the server's report differs"
            done = 0
            while done < requests_per_server:
                block = min(BLOCK, requests_per_server - done)
                for name, server in servers.items():
                    url, out = server.url, samples[name]
                    for _ in range(block):
                        start = clock()
                        response = http.post(url, data=body, headers=headers, timeout=10)
                        out.append(clock() - start)
                        if response.status_code != 200:
                            raise RuntimeError(
                                f"{name}: {response.status_code} {response.text[:200]}"
                            )
                done += block
    finally:
        for server in servers.values():
            server.stop()
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--calls", type=int, default=20_000, help="in-process calls per measurement (default 20000)"
    )
    parser.add_argument(
        "--requests", type=int, default=2_000, help="HTTP requests per server (default 2000)"
    )
    parser.add_argument("--no-http", action="store_true", help="skip the server part")
    parser.add_argument("--serve-bare", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_bare:
        return serve_bare(args.serve_bare)

    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}",
        flush=True,
    )
    local = bench_in_process(args.calls)
    timer_median, _ = summary(local["timer"])
    rows = []
    for key, label in (
        ("score", "`score()` on parsed players"),
        ("score_snapshot", "`score_snapshot()` incl. validation"),
    ):
        median, p99 = summary(local[key])
        rows.append(
            (
                f"{label}, 6 players",
                f"{args.calls:,}",
                f"{median / 1e3:.1f} µs",
                f"{p99 / 1e3:.1f} µs",
            )
        )
    if not args.no_http:
        with tempfile.TemporaryDirectory(prefix="bench-score-") as tmp:
            remote = bench_http(args.requests, Path(tmp))
        app_median, app_p99 = summary(remote["app"])
        bare_median, bare_p99 = summary(remote["bare"])
        rows.append(
            (
                "`POST /api/score`, `companion serve` (waitress)",
                f"{args.requests:,}",
                f"{app_median / 1e6:.2f} ms",
                f"{app_p99 / 1e6:.2f} ms",
            )
        )
        rows.append(
            (
                "`POST`, bare Flask route on waitress (baseline)",
                f"{args.requests:,}",
                f"{bare_median / 1e6:.2f} ms",
                f"{bare_p99 / 1e6:.2f} ms",
            )
        )
        rows.append(
            (
                "ratio app / bare",
                "",
                f"{app_median / bare_median:.2f}×",
                f"{app_p99 / bare_p99:.2f}×",
            )
        )

    print()
    print("| measurement | n | median | p99 |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(
        f"\n(timing harness per call, an empty lambda between two clock reads, "
        f"included above: ~{timer_median:.0f} ns)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
