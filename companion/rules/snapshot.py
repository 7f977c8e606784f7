"""Reading a ``tsukiji-snapshot/1`` (shared/spec/snapshot.md) into the scoring inputs.

Every refusal is an :class:`IllegalAction` whose ``field`` is the JSON path of the
offending value (``players[1].fish.eel``) and whose message says what it must be.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from .catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    FISH_MARKETS,
    MARKET_OF_TOKEN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RED_SNAPPER_TOKENS,
    SPIDER_CRAB_VALUES,
    TRACK_MAX,
    TRACK_MIN,
    TUNA_VALUES,
)
from .errors import IllegalAction
from .fish import Fish, MarketValues
from .messages import Message
from .scoring import Player, Report, score

FORMAT = "tsukiji-snapshot/1"


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON whole number: ``true``/``false`` are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


def _count(value: object, field: str) -> int:
    if not _is_int(value) or value < 0:
        raise IllegalAction(Message("snap.count", {}), field)
    return int(value)


def _object(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise IllegalAction(Message("snap.object", {}), field)
    return value


def _printed(value: object, field: str, allowed: frozenset[int]) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise IllegalAction(Message("snap.printed_list", {}), field)
    choices = sorted(allowed)
    for j, v in enumerate(value):
        if not _is_int(v) or v not in allowed:
            raise IllegalAction(Message("snap.one_of", {"choices": choices}), f"{field}[{j}]")
    return tuple(value)


def parse_fish(data: object, field: str) -> Fish:
    """The ``fish`` object of one player."""
    fish = _object(data, field)
    kwargs: dict[str, Any] = {}
    for key, value in fish.items():
        where = f"{field}.{key}"
        if key not in FISH_KEYS:
            raise IllegalAction(Message("snap.unknown_fish", {"name": key}), where)
        if key == "salmon":
            if _is_int(value):
                raise IllegalAction(Message("snap.salmon_object", {}), where)
            salmon = _object(value, where)
            for side in salmon:
                if side not in ("fresh", "degraded"):
                    raise IllegalAction(
                        Message("snap.salmon_side", {"name": side}), f"{where}.{side}"
                    )
            kwargs["salmon_fresh"] = _count(salmon.get("fresh", 0), f"{where}.fresh")
            kwargs["salmon_degraded"] = _count(salmon.get("degraded", 0), f"{where}.degraded")
        elif key == "spider_crab":
            kwargs[key] = _printed(value, where, SPIDER_CRAB_VALUES)
        elif key == "tuna":
            kwargs[key] = _printed(value, where, TUNA_VALUES)
        else:
            kwargs[key] = _count(value, where)
    return Fish(**kwargs)


def _track(markets: Mapping[str, Any], name: str, default: int, needed: bool) -> int:
    where = f"markets.{name}"
    if name not in markets:
        if needed:
            raise IllegalAction(
                Message("snap.required_holds", {"name": name.replace("_", " ")}), f"{where}.value"
            )
        return default
    entry = _object(markets[name], where)
    if "value" not in entry:
        if needed:
            raise IllegalAction(Message("snap.required_holds", {"name": name}), f"{where}.value")
        return default
    value = entry["value"]
    if not _is_int(value) or not TRACK_MIN <= value <= TRACK_MAX:
        raise IllegalAction(
            Message("snap.range", {"low": TRACK_MIN, "high": TRACK_MAX}), f"{where}.value"
        )
    return int(value)


def parse_markets(data: object, holdings: list[Fish]) -> MarketValues:
    """The ``markets`` object; values are required only where a held token needs them."""
    markets = _object({} if data is None else data, "markets")

    def holds(key: str) -> bool:
        return any(f.count(key) for f in holdings)

    overfished_raw = markets.get("overfished", [])
    if not isinstance(overfished_raw, list):
        raise IllegalAction(Message("snap.fish_list", {}), "markets.overfished")
    overfished = set()
    for j, key in enumerate(overfished_raw):
        # Check the type first: a list or object here is unhashable and must be refused,
        # not crash the dict lookups.
        market: str | None = None
        if isinstance(key, str):
            market = key if key in FISH_MARKETS else MARKET_OF_TOKEN.get(key)
        if market is None:
            raise IllegalAction(
                Message("snap.unknown_market", {"name": repr(key)}), f"markets.overfished[{j}]"
            )
        overfished.add(market)

    external_raw = markets.get("external", [])
    if not isinstance(external_raw, list):
        raise IllegalAction(Message("snap.external_list", {}), "markets.external")
    for j, key in enumerate(external_raw):
        if not isinstance(key, str) or key not in EXTERNAL_MARKETS:
            raise IllegalAction(
                Message("snap.unknown_external", {"name": repr(key)}), f"markets.external[{j}]"
            )

    remaining = RED_SNAPPER_TOKENS
    needs_grid = holds("red_snapper") and "red_snapper" not in overfished
    snapper = markets.get("red_snapper")
    if snapper is None or "remaining" not in _object(snapper, "markets.red_snapper"):
        if needs_grid:
            raise IllegalAction(
                Message("snap.required_holds", {"name": "red snapper"}),
                "markets.red_snapper.remaining",
            )
    else:
        value = snapper["remaining"]
        if not _is_int(value) or not 0 <= value <= RED_SNAPPER_TOKENS:
            raise IllegalAction(
                Message("snap.range", {"low": 0, "high": RED_SNAPPER_TOKENS}),
                "markets.red_snapper.remaining",
            )
        remaining = int(value)

    return MarketValues(
        eel=_track(markets, "eel", 1, holds("eel")),
        swordfish=_track(markets, "swordfish", 6, holds("swordfish")),
        red_snapper_remaining=remaining,
        overfished=frozenset(overfished),
        external=frozenset(external_raw),
    )


def parse_snapshot(data: object) -> tuple[list[Player], MarketValues]:
    """Validate a snapshot and return the players and market values to score."""
    snap = _object(data, "snapshot")
    if "format" in snap and snap["format"] != FORMAT:
        raise IllegalAction(Message("snap.format", {"format": FORMAT}), "format")
    raw_players = snap.get("players")
    if not isinstance(raw_players, list):
        raise IllegalAction(Message("snap.players_list", {}), "players")
    if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
        raise IllegalAction(Message("snap.player_count", {"count": len(raw_players)}), "players")

    players: list[Player] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_players):
        where = f"players[{i}]"
        p = _object(raw, where)
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(Message("snap.name", {}), f"{where}.name")
        if name in seen:
            raise IllegalAction(Message("snap.name_twice", {"name": name}), f"{where}.name")
        seen.add(name)
        if "yen" not in p:
            raise IllegalAction(Message("arg.required", {}), f"{where}.yen")
        yen = p["yen"]
        if not _is_int(yen):
            raise IllegalAction(Message("snap.yen", {}), f"{where}.yen")
        players.append(
            Player(
                name=name,
                yen=int(yen),
                loans=_count(p.get("loans", 0), f"{where}.loans"),
                shares=_count(p.get("shares", 0), f"{where}.shares"),
                fish=parse_fish(p.get("fish", {}), f"{where}.fish"),
            )
        )

    values = parse_markets(snap.get("markets"), [p.fish for p in players])
    if "bank" not in values.external:
        for i, pl in enumerate(players):
            for attr in ("loans", "shares"):
                if getattr(pl, attr):
                    raise IllegalAction(
                        Message("snap.bank", {"what": attr}), f"players[{i}].{attr}"
                    )
    return players, values


def score_snapshot(data: object) -> Report:
    """Parse and score in one step: the single implementation behind the CLI, the API and
    the calculator page."""
    players, values = parse_snapshot(data)
    return score(players, values)


def make_snapshot(players: list[Player], values: MarketValues) -> dict[str, Any]:
    """The ``tsukiji-snapshot/1`` of a table (the inverse of :func:`parse_snapshot`)."""
    markets: dict[str, Any] = {
        "eel": {"value": values.eel},
        "swordfish": {"value": values.swordfish},
        "red_snapper": {"remaining": values.red_snapper_remaining},
        "overfished": sorted(values.overfished),
        "external": sorted(values.external),
    }
    return {
        "format": FORMAT,
        "players": [
            {
                "name": p.name,
                "yen": p.yen,
                "loans": p.loans,
                "shares": p.shares,
                "fish": p.fish.to_snapshot(),
            }
            for p in players
        ],
        "markets": markets,
    }
