#!/usr/bin/env python
"""Guided-turn benchmark (issue #8): a whole seeded 4-player game of guided actions
through the real server, each action's round trip beside a ``pay`` in the same run.

    python bench/bench_guided.py [--rounds 8] [--games 4] [--seed 8]

``python -m companion serve`` runs in a subprocess (its own temporary database). Each of
``--games`` games (seeds ``--seed``, ``--seed`` + 1, …; the samples are pooled):
4 players, open money, fixed markets (Mackerel, Eel, Tuna, Squid, Red Snapper; Ships,
Auction, Bank, Trading: 4 players use 5 fish and 4 external markets), a fixed seed. A
simple deterministic script plays ``--rounds`` rounds, each player in turn, with its own
seat token, reading ``GET /api/games/<id>`` before every choice:

- ``start_turn`` when the phase is ``"start"`` (no Freezer, no Fugu);
- ``purchase`` of another player's barrel for sale when it can pay for it (one a turn);
- ``fishing``: unload everything at sea (Tuna only 3 at a time, to its docking auction;
  every other barrel for sale at ¥200–¥300) and catch with every licence held;
- ``visit`` of a market in turn (Eel, Tuna, Squid, Red Snapper), ``"ap"`` entry, buying
  one licence, when it holds fewer than 3 non-Mackerel licences (first when 2 AP are
  left, as some entries cost 2);
- ``next_turn``.

A refused choice (``400``) is counted and the next candidate tried. Every auction a
fishing opens is bid on by every eligible seat (so the last bid reveals; a tie is settled
by the host), each bid timed as ``bid``. After every guided action (and bid) one ``pay`` of
¥100 (supply → the active player, or back) is posted and timed the same way: interleaved,
so a noisy neighbour hits both alike.

Five devices listen all along (the host's table screen and the 4 seats, raw-socket SSE
listeners from bench_game.py); after each action the benchmark waits until every device
has read its update, and sums the bytes of the ``update`` events each device read for it.

The warm-up of each game (20 pays) is not kept; refused choices are counted, not timed.
Prints Markdown tables. Standard library + requests (and the app's own dependencies).
Only 127.0.0.1 is ever contacted; every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from bench_game import TIMEOUT, Devices, Target, ms  # noqa: E402  (sys.path above)
from bench_score import Server, companion_server, percentile, summary  # noqa: E402

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
FISH_MARKETS = ["mackerel", "eel", "tuna", "squid", "red_snapper"]
EXTERNAL_MARKETS = ["ships", "auction", "bank", "trading"]
VISITS = ["eel", "tuna", "squid", "red_snapper"]  # visited in turn, one licence each
GUIDED = ["start_turn", "visit", "fishing", "purchase", "next_turn", "bid"]


def start_app(tmp: Path) -> Server:
    return companion_server(tmp)


class Game:
    """The running game: its target (urls, tokens), its devices and the samples."""

    def __init__(self, http: Any, target: Target, devices: Devices) -> None:
        self.http, self.t, self.devices = http, target, devices
        self.token = dict(zip(PLAYERS, target.seats, strict=True))
        self.trips: dict[str, list[int]] = {}
        #: Bytes per action and device: kind → list of [host, seat0, seat1, ...].
        self.bytes: dict[str, list[list[int]]] = {}
        self.refused: dict[str, int] = {}
        self.refusals: list[str] = []
        self.pays = 0
        self.marks = [len(x.sizes) for x in devices.listeners]

    def state(self) -> dict[str, Any]:
        r = self.http.get(
            self.t.state_url, headers={"Authorization": f"Bearer {self.t.host}"}, timeout=TIMEOUT
        )
        r.raise_for_status()
        return r.json()

    def _timed(self, kind: str, url: str, token: str, body: dict[str, Any]) -> Any:
        """POST, timed; on 201 wait for every device and note the bytes. None if refused."""
        start = time.perf_counter_ns()
        r = self.http.post(
            url, json=body, timeout=TIMEOUT, headers={"Authorization": f"Bearer {token}"}
        )
        took = time.perf_counter_ns() - start
        if r.status_code != 201:
            if r.status_code != 400:
                raise RuntimeError(f"{kind}: {r.status_code} {r.text[:300]}")
            self.refused[kind] = self.refused.get(kind, 0) + 1
            self.refusals.append(f"{kind}: {r.json().get('error')}")
            return None
        answer = r.json()
        self.devices.wait_all(int(answer["seq"]))
        now = [len(x.sizes) for x in self.devices.listeners]
        got = [
            sum(x.sizes[a:b])
            for x, a, b in zip(self.devices.listeners, self.marks, now, strict=True)
        ]
        self.marks = now
        self.trips.setdefault(kind, []).append(took)
        self.bytes.setdefault(kind, []).append(got)
        return answer

    def pay(self, player: str, yen: int) -> None:
        """The interleaved baseline: ¥100 to the player, or back when it is rich."""
        self.pays += 1
        back = self.pays % 2 == 0 and yen >= 100
        body = {
            "type": "pay",
            "from": player if back else "supply",
            "to": "supply" if back else player,
            "amount": 100,
        }
        if self._timed("pay", self.t.action_url, self.t.host, body) is None:
            if self.state()["turn"]["finished"]:  # the last next_turn ended the game
                self.refused["pay"] -= 1
                return
            raise RuntimeError(f"pay refused: {self.refusals[-1]}")

    def act(self, player: str, body: dict[str, Any]) -> Any:
        answer = self._timed(body["type"], self.t.action_url, self.token[player], body)
        if answer is not None:
            if answer.get("auctions"):  # nothing else is accepted while one is open
                self.auctions()
            self.pay(player, self.yen(player))
        return answer

    def yen(self, player: str) -> int:
        return next(int(p["yen"]) for p in self.state()["players"] if p["name"] == player)

    def auctions(self) -> int:
        """Bid on every auction open (and those queued behind it) until none is."""
        base = f"{self.t.state_url}/auctions"
        host = {"Authorization": f"Bearer {self.t.host}"}
        settled = 0
        bids: list[str] = []
        for _ in range(10):  # bounded: a fishing opens at most a few
            st = self.state()
            auction = st.get("auction")
            if not auction:
                for name in bids:  # the pays that go with the bids, once nothing is open
                    self.pay(name, self.yen(name))
                return settled
            aid = auction["id"] if isinstance(auction, dict) else str(auction)
            status = self.http.get(f"{base}/{aid}", headers=host, timeout=TIMEOUT).json()
            yen = {p["name"]: int(p["yen"]) for p in st["players"]}
            if status.get("status") == "open":
                for k, name in enumerate(status.get("missing") or status.get("eligible") or []):
                    amount = min(100 * (k + 1), yen[name] // 100 * 100)
                    if self._timed(
                        "bid", f"{base}/{aid}/bids", self.token[name], {"amount": amount}
                    ):
                        bids.append(name)
                status = self.http.get(f"{base}/{aid}", headers=host, timeout=TIMEOUT).json()
            if status.get("status") == "revealed":  # a tie: the host settles it
                tied = status.get("tied") or []
                self.http.post(
                    f"{base}/{aid}/choose",
                    json={"winner": tied[0] if tied else None},
                    headers=host,
                    timeout=TIMEOUT,
                ).raise_for_status()
                self.devices.wait_all(self.state()["seq"])
                self.marks = [len(x.sizes) for x in self.devices.listeners]
            settled += 1
        raise RuntimeError("auctions did not settle")


def fishing_body(me: dict[str, Any], markets: dict[str, dict[str, Any]]) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "fishing", "player": me["name"]}
    # Tuna stays at sea until 3 barrels can open their docking auction together.
    at_sea = {m: n for m, n in (me.get("at_sea") or {}).items() if n and (m != "tuna" or n >= 3)}
    if at_sea:
        body["unloaded"] = at_sea
        body["for_sale"] = [
            {"fish": m, "price": 200 + 100 * (i % 2)}
            for m, n in sorted(at_sea.items())
            if m != "tuna"
            for i in range(n)
        ]
    caught = {}
    for lic in me["licenses"]:
        left = markets.get(lic["market"], {}).get("barrels_left") or 0
        if lic["count"] and left:
            caught[lic["market"]] = min(int(lic["count"]), int(left))
    if caught:
        body["caught"] = caught
    return body


def candidates(st: dict[str, Any], me: dict[str, Any], turn: int, bought: bool) -> list[dict]:
    """The guided actions to try, best first."""
    markets = {m["id"]: m for m in st["markets"]["fish"]}
    held = sum(x["count"] for x in me["licenses"] if x["market"] != "mackerel")
    out: list[dict[str, Any]] = []
    if held < 3 and st["ap_left"] >= 2:  # some entries cost 2 AP: visit first
        k = turn // len(PLAYERS) + me["seat"]  # the round and the seat: each its market
        for market in VISITS[k % len(VISITS) :] + VISITS[: k % len(VISITS)]:
            if (markets[market].get("licenses_left") or 0) > 0:
                out.append(
                    {
                        "type": "visit",
                        "player": me["name"],
                        "market": market,
                        "entry": "ap",
                        "licenses": 1,
                    }
                )
                break
    if not bought:
        for p in st["players"]:
            if p["name"] == me["name"]:
                continue
            for row in ("upper", "lower"):
                for b in (p.get("harbor") or {}).get(row, []):
                    if int(b["price"]) <= int(me["yen"]) - 300 and len(out) < 2:
                        out.append(
                            {
                                "type": "purchase",
                                "player": me["name"],
                                "barrels": [
                                    {
                                        "from": p["name"],
                                        "fish": b["fish"],
                                        "row": row,
                                        "price": b["price"],
                                    }
                                ],
                            }
                        )
    fishing = fishing_body(me, markets)
    if "caught" in fishing or "unloaded" in fishing:
        out.append(fishing)
    return out


def play(game: Game, rounds: int) -> int:
    """Play ``rounds`` rounds (or until the game ends); the number of turns played."""
    turns = 0
    game.act(PLAYERS[0], {"type": "next_turn"})  # the first turn
    for turn in range(rounds * len(PLAYERS)):
        st = game.state()
        if st["turn"]["finished"]:
            break
        name = st["turn"]["current"]
        if st["phase"] == "start":
            game.act(name, {"type": "start_turn", "player": name, "freezer": False, "buy_fugu": 0})
        bought = False
        for _ in range(4):  # bounded: 2 AP, a refusal or two
            st = game.state()
            if not st["ap_left"]:
                break
            me = next(p for p in st["players"] if p["name"] == name)
            done = False
            for body in candidates(st, me, turn, bought):
                answer = game.act(name, body)
                if answer is not None:
                    done = True
                    bought = bought or body["type"] == "purchase"
                    break
            if not done:
                break
        game.auctions()
        game.act(name, {"type": "next_turn"})
        turns += 1
    return turns


def new_game(http: Any, server: Server, seed: int, previous: Game | None) -> tuple[Devices, Game]:
    """A fresh game and its 5 devices; the samples carry on from ``previous``."""
    r = http.post(
        f"http://127.0.0.1:{server.port}/api/games",
        json={
            "players": PLAYERS,
            "money": "open",
            "seed": seed,
            "fish_markets": FISH_MARKETS,
            "external_markets": EXTERNAL_MARKETS,
        },
        timeout=TIMEOUT,
    )
    if r.status_code != 201:
        raise RuntimeError(f"create: {r.status_code} {r.text[:300]}")
    created = r.json()
    target = Target(
        "app", server, created["id"], created["host_token"], [s["token"] for s in created["seats"]]
    )
    devices = Devices(server.port, target.streams)
    devices.wait_all(0)
    for x in devices.listeners:
        x.recording = True
    game = Game(http, target, devices)
    for i in range(20):  # warm-up, not kept
        game.pay(PLAYERS[i % 4], 2000)
    if previous is None:
        game.trips.clear()
        game.bytes.clear()
    else:
        game.trips, game.bytes = previous.trips, previous.bytes
        game.refused, game.refusals = previous.refused, previous.refusals
    return devices, game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=8, help="rounds of 4 turns (default 8)")
    parser.add_argument("--seed", type=int, default=8, help="the first game's seed (default 8)")
    parser.add_argument(
        "--games", type=int, default=4, help="games, seeds --seed, --seed+1, ... (default 4)"
    )
    args = parser.parse_args(argv)

    import requests

    print(
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M')}, "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    began = time.monotonic()
    results: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-guided-") as tmp_name:
        server = start_app(Path(tmp_name))
        devices = None
        try:
            server.wait_listening()
            with requests.Session() as http:
                game = None
                for g in range(args.games):
                    devices, game = new_game(http, server, args.seed + g, game)
                    turns = play(game, args.rounds)
                    final = game.state()
                    devices.close()
                    devices = None
                    results.append(
                        f"seed {args.seed + g}: {turns} turns, "
                        + (
                            f"finished ({final['turn']['triggered_by']} triggered the end)"
                            if final["turn"]["finished"]
                            else "not finished"
                        )
                        + f", log {final['seq']} entries"
                    )
                    print(results[-1], flush=True)
        finally:
            if devices is not None:
                devices.close()
            server.stop()
    assert game is not None
    took = time.monotonic() - began
    print(
        f"{args.games} games in {took:.0f} s, refused choices (not timed) "
        f"{ {k: v for k, v in game.refused.items() if v} or 'none' }, "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for line in sorted(set(game.refusals))[:8]:
        print(f"  refused: {line}")

    pay = summary(game.trips["pay"])
    print()
    print("| action | n | median | p99 | ratio / pay (median) | ratio / pay (p99) |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in [*GUIDED, "pay"]:
        samples = game.trips.get(kind)
        if not samples:
            continue
        med, p99 = summary(samples)
        print(
            f"| `{kind}` | {len(samples)} | {ms(med)} | {ms(p99)} | "
            f"{med / pay[0]:.2f}× | {p99 / pay[1]:.2f}× |"
        )
    guided = [x for k in GUIDED if k not in ("bid",) for x in game.trips.get(k, [])]
    med, p99 = summary(guided)
    print(
        f"| all guided actions (no bids) | {len(guided)} | {ms(med)} | {ms(p99)} | "
        f"{med / pay[0]:.2f}× | {p99 / pay[1]:.2f}× |"
    )
    print()
    print(
        "| bytes of `update` events per action | n | table screen median | max "
        "| a phone median | max | all 5 devices median |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for kind in [*GUIDED, "pay"]:
        rows = game.bytes.get(kind)
        if not rows:
            continue
        host = sorted(r[0] for r in rows)
        phone = sorted(b for r in rows for b in r[1:])
        total = [sum(r) for r in rows]
        print(
            f"| `{kind}` | {len(rows)} | {statistics.median(host):,.0f} | {host[-1]:,} | "
            f"{statistics.median(phone):,.0f} | {percentile(phone, 100):,} | "
            f"{statistics.median(total):,.0f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
