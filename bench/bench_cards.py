#!/usr/bin/env python
"""WA-SA-BI reveal benchmark (issue #10): from the second bid to the reveal on both phones
and the table screen, beside the bare broadcast in the same run.

    python bench/bench_cards.py [--rounds 50]

Against the real server (``python -m companion serve`` in a subprocess, its own SQLite
file in a temporary folder): one card game, its three live streams open
(``/games/<id>/stream``: the table screen and both seats). Each round the first
seat bids, and once every stream has shown that it has bid, the second seat's bid is
POSTed; it reveals both in the same transaction. Measured: from just before that POST to
the moment each stream delivers the ``update`` event whose region carries the reveal's
entry number (``data-seq``), when the bytes completing the event arrive. "All 3" is the
slowest of the three per round. The host then undoes the round (bids and reveal), so
every round starts from the same table.

Beside it, the bare baseline of ``bench/bench_auction.py`` (a tiny WSGI app on waitress
broadcasting each POST's body to every open stream as one SSE event, of the size of the
app's reveal event), with 3 listeners, measured the same way. Both servers run at once,
and the rounds alternate in blocks of ``--block`` (app, then bare; a new card game per
app block), so both see the same moments of a shared machine. The listener machinery is
bench_auction's. Prints Markdown. Only 127.0.0.1 is contacted; every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_auction as ba  # noqa: E402


def app_phase(port: int, rounds: int, listen: bool = True) -> list[ba.Round]:
    """``rounds`` timed reveals in a new card game; ``listen=False``: with no stream open
    (the second bid's POST round trip is then the write path alone)."""
    client = ba.Client(port)
    status, game = client.request(
        "POST",
        "/api/games",
        body={"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3},
    )
    if status != 201:
        raise RuntimeError(f"create failed: {status} {game}")
    gid, host = game["id"], game["host_token"]
    a, b = (s["token"] for s in game["seats"])
    listeners = ba.Listeners(port)
    try:
        if listen:
            listeners.connect(f"/games/{gid}/stream?as=host", host, "table")
            listeners.connect(f"/games/{gid}/stream?as=seat", a, "aiko")
            listeners.connect(f"/games/{gid}/stream?as=seat", b, "bo")
            listeners.wait("the stream start", lambda s: s.started)
        results = []
        for r in range(rounds + 2):  # two warm-up rounds
            status, first = client.request("POST", f"/api/games/{gid}/bids", a, {"fingers": 3})
            if status not in (200, 201):
                raise RuntimeError(f"first bid failed: {status} {first}")
            seq = int(first["seq"])
            listeners.wait("the first bid", lambda s, seq=seq: s.last_id >= seq)
            listeners.arm(re.compile(rf'data-seq="{seq + 2}"'.encode()))
            t0 = time.perf_counter()
            status, second = client.request("POST", f"/api/games/{gid}/bids", b, {"fingers": 1})
            t1 = time.perf_counter()
            if status != 201 or not second.get("revealed"):
                raise RuntimeError(f"second bid failed: {status} {second}")
            listeners.wait("the reveal", lambda s: s.seen_at is not None)
            with listeners.cond:
                each = [((s.seen_at or t0) - t0) * 1000 for s in listeners.streams]
                sizes = [s.seen_size for s in listeners.streams]
            listeners.arm(None)
            status, undone = client.request("POST", f"/api/games/{gid}/undo", host, {})
            if status != 200:
                raise RuntimeError(f"undo failed: {status} {undone}")
            useq = int(undone["seq"])
            listeners.wait("the undo", lambda s, useq=useq: s.last_id >= useq)
            if r >= 2:
                post_ms = (t1 - t0) * 1000
                results.append(
                    ba.Round(max(each), each, post_ms, int(statistics.median(sizes)))
                    if listen
                    else ba.Round(post_ms, [], post_ms, 0)
                )
        return results
    finally:
        listeners.close()
        client.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--block", type=int, default=10)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-cards-") as tmp:
        with ba.servers(Path(tmp)) as (app_port, bare_port):
            cards: list[ba.Round] = []
            bare_rounds: list[ba.Round] = []
            quiet: list[ba.Round] = []  # the second bid with no stream open
            size = 0
            while len(cards) < args.rounds:
                n = min(args.block, args.rounds - len(cards))
                cards += app_phase(app_port, n)
                quiet += app_phase(app_port, n, listen=False)
                size = int(statistics.median(r.size for r in cards))
                bare_rounds += ba.bare_phase(bare_port, 3, n, size)
    print(
        f"Python {platform.python_version()}, {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs; database on the local disk (WAL, synchronous=FULL); "
        f"reveal event {size:,} bytes."
    )
    print()
    print("| measurement | listeners | rounds | median | p99 | max |")
    print("|---|---:|---:|---:|---:|---:|")
    print(ba.row("app: second bid POSTed → reveal on **all** 3", 3, [r.all_ms for r in cards]))
    print(ba.row("app: second bid → reveal, each stream", 3, [x for r in cards for x in r.each_ms]))
    print(ba.row("app: the second bid's POST round trip", 3, [r.post_ms for r in cards]))
    print(
        ba.row("bare waitress SSE: POST → message on **all** 3", 3, [r.all_ms for r in bare_rounds])
    )
    print(
        ba.row(
            "app: the second bid's POST round trip, **no stream open**",
            0,
            [r.post_ms for r in quiet],
        )
    )
    a = [r.all_ms for r in cards]
    b = [r.all_ms for r in bare_rounds]
    print()
    print(
        f"Ratio app / bare (all 3): median {statistics.median(a) / statistics.median(b):.2f}×, "
        f"p99 {ba.pct(a, 99) / ba.pct(b, 99):.2f}× (target ≤ 2×)."
    )
    q = statistics.median(r.post_ms for r in quiet)
    print(
        f"The second bid's POST alone with no stream open (the write path's floor): "
        f"{q / statistics.median(b):.2f}× the bare broadcast to 3."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
