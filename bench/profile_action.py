#!/usr/bin/env python
"""One action's whole server cost (issue #23), in one thread, profiled.

    python bench/profile_action.py [--actions 200] [--blocks 5] [--profile] [--top 40]
        [--fresh] [--app-root DIR]

A mid-game table in process (the real app on a real SQLite file, ``synchronous=FULL``):
4 players with closed money, five fish markets and four external ones, fleets of
several boats, three auctions settled and some seventy entries of history (``--fresh``:
a new game instead, as ``bench_capacity.py`` plays). Its table screen and four phones
each hold a live stream, parked as ``companion serve`` parks them (``companion.live_streams.Pump``,
gzip), with their first events read. Then ``--actions`` payments by the host, each:
the POST through Flask and the door with its durable commit, then each of the 5 streams
stepped once as a pump thread steps it (the viewer's view, its render, the event, gzip).

Prints the CPU time per action (``time.process_time``, steadier than latency on a shared
machine), split into the POST and the five streams: the median of ``--blocks`` blocks of
``--actions``. ``--profile``: then the cProfile of ``--actions`` more (wall time, functions
by their own time and by cumulative time). ``--app-root``: measure the app of another
checkout (a worktree of an older commit), for a before/after in the same minutes.
The server's HTTP layer (waitress) and its threads' hand-offs are not in it:
``bench_capacity.py`` gives the whole process's CPU per action.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
SETUP: dict[str, Any] = {
    "players": PLAYERS,
    "money": "closed",
    "seed": 23,
    "fish_markets": ["mackerel", "eel", "tuna", "spider_crab", "octopus"],
    "external_markets": ["ships", "bank", "auction", "government"],
}


class Sink:
    """A parked stream's connection: keeps the bytes' count."""

    def __init__(self) -> None:
        self.sent = 0
        self.writes = 0

    def write(self, data: bytes) -> bool:
        self.sent += len(data)
        self.writes += 1
        return True

    def close(self) -> None:
        pass


class Table:
    def __init__(self, client: Any, fresh: bool) -> None:
        self.client = client
        body = client.post(
            "/api/games", json=SETUP if not fresh else {"players": PLAYERS, "money": "closed"}
        ).get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.seats = {s["name"]: s["token"] for s in body["seats"]}
        for token in self.seats.values():  # each phone joins through its link
            client.get(f"/join/{token}")

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> Any:
        r = self.client.post(
            f"/api/games/{self.id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {token or self.host}"},
        )
        if r.status_code not in (200, 201):
            raise RuntimeError(f"{path} {body}: {r.status_code} {r.get_json()}")
        return r.get_json()

    def act(self, **action: Any) -> Any:
        return self.post("/actions", action)

    def auction(self, bids: dict[str, int], **opening: Any) -> None:
        aid = self.post("/auctions", opening)["auction_id"]
        for name, amount in bids.items():
            self.post(f"/auctions/{aid}/bids", {"amount": amount}, self.seats[name])
        state = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        ).get_json()
        if state["auction"] is not None and state["auction"]["status"] != "settled":
            self.post(f"/auctions/{aid}/reveal", {})

    def mid_game(self) -> None:
        """Two rounds of a table's bookkeeping: licences, fish, boats, loans, shares,
        payments, three auctions settled."""
        a, b, c, d = PLAYERS
        self.act(type="next_turn")
        for name in PLAYERS:
            self.act(type="pay", **{"from": "supply", "to": name, "amount": 2000})
        self.act(type="take_license", player=a, market="eel", count=2)
        self.act(type="gain_fish", player=a, fish="eel", count=3)
        self.act(type="set_track", track="eel", value=4)
        self.act(type="take_license", player=b, market="tuna")
        self.act(type="gain_fish", player=b, fish="tuna", value=25)
        self.act(type="gain_fish", player=b, fish="tuna", value=15)
        self.act(type="take_license", player=c, market="spider_crab")
        self.act(type="gain_fish", player=c, fish="spider_crab", value=8)
        self.act(type="take_license", player=d, market="octopus", count=2)
        self.act(type="gain_fish", player=d, fish="octopus", count=2)
        self.act(type="take_loan", player=b, count=2)
        self.act(type="buy_share", player=c)
        self.act(type="gain_fish", player=a, fish="mackerel", count=4)
        self.act(type="gain_fish", player=d, fish="mackerel", count=3)
        for name in PLAYERS:  # a round: each opens a port and takes a boat
            self.act(type="open_port", player=name)
            self.act(type="take_boat", player=name, boat="two_slot", pay=False)
            self.act(type="pay", **{"from": name, "to": "supply", "amount": 100})
            self.act(type="next_turn")
        self.auction({b: 300, c: 500, d: 200, a: 400}, kind="spider_crab", owner=a)
        self.auction(
            {a: 300, b: 200, c: 0}, kind="auction_market", owner=d, lot=["octopus", "octopus"]
        )
        self.auction({a: 100, b: 400, c: 500, d: 300}, kind="tuna", owner=b)
        for i, name in enumerate(PLAYERS):  # a second round of payments
            self.act(type="pay", **{"from": name, "to": "supply", "amount": 100 * (i + 1)})
            self.act(type="gain_fish", player=name, fish="mackerel")
            self.act(type="next_turn")
        for name in PLAYERS:
            self.act(type="pay", **{"from": "supply", "to": name, "amount": 300})


def parked_stream(app: Any, table: Table, role: str, token: str) -> Any:
    """A live stream as ``companion serve`` opens it: the request through the app with the
    server's parking flag, its first bytes read; its :class:`Pump`."""
    from companion.live_streams import PARK, Parked

    environ = {PARK: True, "REMOTE_ADDR": f"127.0.0.{len(token) % 200 + 1}"}
    client = app.test_client()
    r = client.get(
        f"/games/{table.id}/stream?as={role}",
        headers={"Authorization": f"Bearer {token}", "Accept-Encoding": "gzip"},
        environ_overrides=environ,
        buffered=False,
    )
    body = iter(r.response)
    next(body)  # its first bytes
    try:
        next(body)
    except Parked as parked:
        pump = parked.pump
        pump.sink = Sink()
        return pump
    raise RuntimeError("the stream was not parked")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--fresh", action="store_true", help="a new game, not a mid-game")
    parser.add_argument("--blocks", type=int, default=5, help="blocks of --actions each")
    parser.add_argument("--app-root", type=Path, default=ROOT, help="the checkout measured")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.app_root.resolve()))

    from companion.cli import settle_heap
    from companion.web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": str(Path(tmp) / "profile.sqlite3")})
        settle_heap()
        client = app.test_client()
        table = Table(client, args.fresh)
        if not args.fresh:
            table.mid_game()
        hub = app.extensions["companion.hub"]
        pumps = [parked_stream(app, table, "host", table.host)]
        pumps += [parked_stream(app, table, "seat", t) for t in table.seats.values()]

        def step_all() -> None:
            for pump in pumps:
                pump.step(hub._wake(table.id))

        step_all()  # every stream's page current (devices came)
        body = {"type": "pay", "from": "supply", "to": "Aiko", "amount": 100}

        def one() -> tuple[float, float]:
            t0 = time.process_time()
            table.act(**body)
            t1 = time.process_time()
            step_all()
            return t1 - t0, time.process_time() - t1

        for _ in range(10):  # warm
            one()
        blocks = []
        for _ in range(args.blocks):
            gc.collect()
            posts, streams = 0.0, 0.0
            for _ in range(args.actions):
                p, s = one()
                posts += p
                streams += s
            blocks.append((1000 * posts / args.actions, 1000 * streams / args.actions))
        blocks.sort(key=sum)
        post_ms, stream_ms = blocks[len(blocks) // 2]
        events = client.get(
            f"/api/games/{table.id}/events", headers={"Authorization": f"Bearer {table.host}"}
        ).get_json()["events"]
        print(
            f"CPU per action: least {sum(blocks[0]):.2f} ms, median {post_ms + stream_ms:.2f} ms "
            f"(the POST {post_ms:.2f} ms, 5 streams {stream_ms:.2f} ms) of {args.blocks} "
            f"blocks of {args.actions} (the least is the steadiest on a busy machine: "
            f"{' '.join(f'{sum(b):.1f}' for b in blocks)}); {len(events)} entries of history"
        )
        if args.profile:
            prof = cProfile.Profile()
            prof.enable()
            for _ in range(args.actions):
                one()
            prof.disable()
            out = io.StringIO()
            stats = pstats.Stats(prof, stream=out)
            stats.sort_stats("tottime").print_stats(args.top)
            stats.sort_stats("cumulative").print_stats(args.top)
            print(out.getvalue())
        for pump in pumps:
            pump.stream.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
