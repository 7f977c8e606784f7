#!/usr/bin/env python
"""The server's part of a live update (issue #16): one payment POSTed through the JSON API,
and how long after the POST started each of five open streams (the table screen and four
phones, plain HTTP clients, no browser) receives its ``update`` event.

    python bench/bench_fanout.py [--app-dir DIR ...] [--runs 15]

Each ``--app-dir`` runs its own ``python -m companion serve`` (``PYTHONPATH=DIR``) on a free
port of 127.0.0.1 with a fresh database; without one, this checkout. Prints, per app, the
POST's median and each stream's median and max. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def measure(app: Path, runs: int) -> None:
    port, tmp = free_port(), tempfile.mkdtemp()
    cmd = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", f"{tmp}/fanout.sqlite3", "--no-qr"]
    env = dict(os.environ, PYTHONPATH=str(app))
    with open(f"{tmp}/server.log", "w") as log:
        server = subprocess.Popen(cmd, cwd=app, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                requests.get(url, timeout=1)
                break
            except requests.ConnectionError:
                time.sleep(0.1)
        game = requests.post(f"{url}/api/games", json={"players": PLAYERS, "money": "open"}).json()
        gid, auth = game["id"], {"Authorization": f"Bearer {game['host_token']}"}

        def act(body: dict[str, object]) -> None:
            requests.post(f"{url}/api/games/{gid}/actions", json=body, headers=auth, timeout=10)

        act({"type": "pay", "from": "supply", "to": "Aiko", "amount": 100 * (runs + 10)})
        act({"type": "next_turn"})
        arrivals: dict[str, list[float]] = {}
        viewers = [("table", game["host_token"])] + [(s["name"], s["token"]) for s in game["seats"]]

        def listen(name: str, token: str) -> None:
            session = requests.Session()
            page = session.get(f"{url}/join/{token}", timeout=10).text
            stream = re.search(r'data-stream="([^"]+)"', page)
            version = re.search(r'data-version="(\d+)"', page)
            assert stream, f"{name}: no stream on the page"
            path = stream.group(1).replace("&amp;", "&")
            path += f"&since={version.group(1)}" if version else ""
            headers = {"Accept-Encoding": "identity"}
            with session.get(url + path, stream=True, headers=headers, timeout=60) as r:
                for line in r.iter_lines():
                    if line.startswith(b"event: update"):
                        arrivals.setdefault(name, []).append(time.perf_counter())

        for name, token in viewers:
            threading.Thread(target=listen, args=(name, token), daemon=True).start()
        time.sleep(2)
        post: list[float] = []
        late: dict[str, list[float]] = {name: [] for name, _ in viewers}
        for _ in range(runs):
            seen = {name: len(arrivals.get(name, [])) for name, _ in viewers}
            start = time.perf_counter()
            act({"type": "pay", "from": "Aiko", "to": "supply", "amount": 100})
            post.append((time.perf_counter() - start) * 1000)
            time.sleep(0.5)
            for name, _ in viewers:
                got = arrivals.get(name, [])
                if len(got) > seen[name]:
                    late[name].append((got[seen[name]] - start) * 1000)
        print(f"{app}: POST median {statistics.median(post):.1f} ms")
        for name, values in late.items():
            if values:
                print(
                    f"  {name}: update {statistics.median(values):.1f} ms after the POST started"
                    f" (max {max(values):.1f}, {len(values)} of {runs})"
                )
            else:
                print(f"  {name}: no update received")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--app-dir", action="append", type=Path)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    for app in args.app_dir or [ROOT]:
        measure(app.resolve(), args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
