"""This server's league (issue #22, item 2): every finished game of the board game on
this server, per player: games played, wins, average final Yen, the best game, the
markets they held the most Fishing licenses in (the table the log folds to at the end)
and the markets whose fish paid them the most Resources in the final scoring.

Names are matched across games case-insensitively ("bo" and "Bo" are one player), and
two spellings can be merged (``merges``: a spelling → the one it is read as). Only a
finished game counts: then the rules make every Yen public, closed money or not.

>>> key_of(" Bo ", {}), key_of("Bob", {"bob": "bo"})
('bo', 'bo')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from .eventlog import GameState
from .games import is_cards
from .rules.catalogue import MARKET_OF_TOKEN


def key_of(name: str, merges: Mapping[str, str]) -> str:
    """The player a name is read as: its case-folded spelling, through the merges (a
    chain of them too, never round in a circle)."""
    key = name.strip().casefold()
    seen = {key}
    while key in merges and merges[key] not in seen:
        key = merges[key]
        seen.add(key)
    return key


def merges_of(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The merges asked for, each spelling (case-folded) → the one it is read as."""
    out: dict[str, str] = {}
    for a, b in pairs:
        a, b = a.strip().casefold(), b.strip().casefold()
        if a and b and a != b:
            out[a] = b
    return out


def _top(counter: Counter[str], n: int = 2) -> list[str]:
    return [k for k, v in counter.most_common(n) if v > 0]


def league(states: Iterable[GameState], merges: Mapping[str, str]) -> dict[str, Any]:
    """The league of the finished board games among ``states``: one row per player, most
    wins first (then the higher average)."""
    rows: dict[str, dict[str, Any]] = {}
    games = 0
    for state in states:
        if is_cards(state.config) or not state.table.turn.finished:
            continue
        games += 1
        score = state.table.score()
        date = state.events[-1].created_at[:10] if state.events else ""
        held = {pl.name: pl for pl in state.table.players}
        for p in score.players:
            key = key_of(p.name, merges)
            row = rows.setdefault(
                key,
                {
                    "key": key,
                    "spellings": Counter(),
                    "played": 0,
                    "wins": 0,
                    "total_yen": 0,
                    "best": None,
                    "licenses": Counter(),
                    "paid": Counter(),
                },
            )
            row["spellings"][p.name] += 1
            row["played"] += 1
            row["wins"] += p.name in score.winners
            row["total_yen"] += p.final_yen
            if row["best"] is None or p.final_yen > row["best"]["yen"]:
                row["best"] = {"yen": p.final_yen, "game": state.id, "date": date}
            player = held[p.name]
            row["licenses"].update({m: n for m, n in player.licenses.items() if n > 0})
            for token, resources in p.by_fish.items():
                market = MARKET_OF_TOKEN.get(token)
                if market is not None and resources > 0:
                    row["paid"][market] += resources
    players = [
        {
            "key": r["key"],
            "name": r["spellings"].most_common(1)[0][0],
            "spellings": sorted(r["spellings"]),
            "played": r["played"],
            "wins": r["wins"],
            "average_yen": round(r["total_yen"] / r["played"]),
            "best": r["best"],
            "favourite_markets": _top(r["licenses"]),
            "paid_most": _top(r["paid"]),
        }
        for r in rows.values()
    ]
    players.sort(key=lambda r: (-r["wins"], -r["average_yen"], r["key"]))
    return {"games": games, "players": players}
