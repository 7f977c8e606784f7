"""The game's story as data: holdings and market values turn by turn, the auctions and their
winning bids, the final score breakdown (issue #11). The charts, their tables and the CSV
are all made from this; nothing here knows of Flask or of a chart library.

Every figure comes from the per-viewer view (:func:`companion.views.game_view`) of the
table folded up to a turn boundary, so closed money stays closed: another player's Yen is
in the story only where that view shows it (the end of the game) or where the rules
revealed it to everyone (the start-of-turn end check of a player with 50 Resources).

A *turn boundary* is the table just before a ``next_turn`` entry that is not undone: point
0 is the setup, point N the end of turn N. The last point is the table as it stands (the
turn in play, or the end of the game, which then replaces the end of its last turn).

>>> from companion.rules.setup import make_config
>>> config = make_config(["Aiko", "Bo"], seed=1)
>>> from companion.games import GAMES
>>> state = GameState("g", config, "1", initial_table(config), game=GAMES.of(config))
>>> [p["turn"] for p in story(state, None)["turns"]]
[0]
"""

from __future__ import annotations

from typing import Any

from .engine.log import step
from .eventlog import GameState
from .identity import Identity
from .rules.catalogue import FISH_KEYS, FISH_MARKETS
from .rules.scoring import STEP_NAMES
from .rules.table import initial_table
from .view_auctions import auction_view
from .views import game_view

#: The market values a chart follows, with where the view keeps each.
MARKET_SERIES = ("eel", "swordfish", "red_snapper", "salmon")


def boundaries(state: GameState) -> tuple[list[GameState], dict[str, int]]:
    """The game at each turn boundary, then as it stands: states whose log is the prefix
    of ``state``'s log up to there (each entry with its undone mark as it stands now);
    and the turn each auction of the log first appeared in (one fold for both)."""
    out = []
    held: dict[str, int] = {}
    table = initial_table(state.config)
    for idx, e in enumerate(state.events):
        if e.active and e.type == "next_turn":
            seq = state.events[idx - 1].seq if idx else 0
            out.append(
                GameState(
                    state.id,
                    state.config,
                    state.rules_version,
                    table,
                    seq,
                    state.events[:idx],
                    game=state.game,
                )
            )
        table = step(state.game, table, e)
        for aid in table.auctions:
            held.setdefault(aid, table.turn.number)
    out.append(state)
    return out, held


def _markets(view: dict[str, Any]) -> dict[str, int | None]:
    m = view["markets"]
    snapper = m["red_snapper"]
    return {
        "eel": m["eel"],
        "swordfish": m["swordfish"],
        "red_snapper": None if snapper is None else snapper["value"],
        "salmon": m["salmon_fresh_value"],
    }


def _point(state: GameState, viewer: Identity | None, last: bool) -> dict[str, Any]:
    view = game_view(state, viewer)
    turn = view["turn"]
    revealed = turn["revealed_yen"] or {}
    players = []
    for p in view["players"]:
        yen = p["yen"]
        shown_by_check = yen is None and p["name"] in revealed
        players.append(
            {
                "yen": revealed[p["name"]] if shown_by_check else yen,
                "revealed": shown_by_check,
                "resources": p["resources"],
                "fish": {row["key"]: row["count"] for row in p["fish"]},
            }
        )
    return {
        "turn": turn["number"],
        "seq": state.version,
        "end": last and turn["finished"],
        "now": last and not turn["finished"],
        "players": players,
        "markets": _markets(view),
    }


def _auctions(state: GameState, viewer: Identity | None, held: dict[str, int]) -> list[Any]:
    """Every settled auction of the game as it stands, as the viewer's view shows it (the
    bids are public from the reveal on), with the turn it was held in."""
    table = state.table
    out = []
    for aid, auction in table.auctions.items():
        if auction.status != "settled":
            continue
        view = auction_view(auction, table, viewer)
        winner = view.get("winner")
        amount = next((b["amount"] for b in view["bids"] if b["name"] == winner), None)
        out.append(
            {
                "id": aid,
                "turn": held.get(aid, 0),
                "kind": view["kind"],
                "kind_name": view["kind_name"],
                "owner": view["owner"],
                "lot": view["lot"],
                "lot_codes": view["lot_codes"],
                "barrels": view["barrels"],
                "winner": winner,
                "amount": amount if winner is not None else None,
                "declined": bool(view.get("declined")),
                "bids": [
                    {"name": b["name"], "amount": b["amount"], "void": b["void"]}
                    for b in view["bids"]
                ],
            }
        )
    return out


#: Points already made, for :func:`story`'s ``memo``: (game, viewer, the boundary's
#: version, how many undos and redos the log held) → the point.
Memo = dict[tuple[str, str, int, int], dict[str, Any]]


def story(state: GameState, viewer: Identity | None, memo: Memo | None = None) -> dict[str, Any]:
    """The story of a game for one viewer (None: the public, as the table screen).

    ``memo`` keeps the turn boundaries' points between versions: a point depends only on
    the entries before it and their undone marks, and a mark changes only with an undo or
    a redo, so a point is kept under its version and the log's count of undos and redos
    (any undo or redo makes every point anew). The last point, the table as it stands, is
    always made anew."""
    states, held = boundaries(state)
    metas = sum(1 for e in state.events if e.meta)
    who = "public" if viewer is None else viewer.viewer
    points = []
    for i, s in enumerate(states):
        last = i == len(states) - 1
        key = (state.id, who, s.version, metas)
        point = None if memo is None or last else memo.get(key)
        if point is None:
            point = _point(s, viewer, last)
            if memo is not None and not last:
                memo[key] = point
        points.append(point)
    if len(points) > 1 and points[-2]["turn"] == points[-1]["turn"]:
        # The game ended with the last next_turn: its end replaces the end of that turn
        # (the same holdings, seen now that the rules make every Yen public).
        del points[-2]
    final = game_view(state, viewer)
    held_keys = {k for p in points for pl in p["players"] for k in pl["fish"]}
    in_play = {k for m in state.table.config.fish_markets for k in FISH_MARKETS[m].token_keys}
    return {
        "game": state.id,
        "money": state.config.money,
        "finished": final["turn"]["finished"],
        "players": [
            {"name": p["name"], "color_hex": p["color_hex"], "is_me": p["is_me"]}
            for p in final["players"]
        ],
        "fish_keys": [k for k in FISH_KEYS if k in held_keys | in_play],
        "markets": [k for k in MARKET_SERIES if any(p["markets"][k] is not None for p in points)],
        "turns": points,
        "auctions": _auctions(state, viewer, held),
        "score": final.get("score"),
        "steps": list(STEP_NAMES),
    }


def holdings_rows(data: dict[str, Any]) -> list[list[Any]]:
    """The per-turn holdings (one row per player per turn): the header, then turn, player,
    Yen (None where the viewer may not see it), Resources and each fish's count."""
    keys = data["fish_keys"]
    rows: list[list[Any]] = [["turn", "player", "yen", "resources", *keys]]
    for point in data["turns"]:
        for who, p in zip(data["players"], point["players"], strict=True):
            rows.append(
                [
                    point["turn"],
                    who["name"],
                    p["yen"],
                    p["resources"],
                    *(p["fish"].get(k, 0) for k in keys),
                ]
            )
    return rows
