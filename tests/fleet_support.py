"""Helpers for the fleet tests (issue #19): a game whose boats are placed (GameConfig.fleet
2) and fleets laid out by hand; ``act`` and ``refused`` (a refusal changes nothing) are the
guided tests' own (tests/rules/guided_support.py)."""

from __future__ import annotations

from typing import Any

from rules.guided_support import act, refused

from companion.rules.fleet import sea_counts
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Boat, Table, initial_table

__all__ = ["act", "boat", "fishing", "placed_game", "refused", "where", "with_fleet"]

FISH = ["mackerel", "eel", "fugu", "salmon", "spider_crab", "tuna", "squid", "octopus"]


def placed_game(
    fish: list[str] | None = None,
    external: list[str] | None = None,
    players: tuple[str, ...] = ("Aiko", "Bo"),
    expansion: bool = False,
    fleet: int = 2,
    board_numbers: dict[str, dict[str, int]] | None = None,
) -> Table:
    """A table on Aiko's first turn (2 AP), boats placed unless ``fleet`` 1."""
    cfg = make_config(
        list(players),
        expansion=expansion,
        variants=["more_markets"],
        fish_markets=fish or FISH,
        external_markets=external or ["ships", "used_ships", "bank"],
        seed=7,
        board_numbers=board_numbers,
        fleet=fleet,
    )
    return apply(initial_table(cfg), {"type": "next_turn"})


def boat(kind: str, id: str, where: str, *cargo: str, rented: str | None = None) -> Boat:
    return Boat(kind, rented, id, where, tuple(cargo))


def with_fleet(
    t: Table,
    name: str,
    *boats: Boat,
    ports: int | None = None,
    licenses: dict[str, int] | None = None,
    yen: int | None = None,
) -> Table:
    """The player's fleet laid out by hand (the barrels at sea follow the cargoes)."""
    i = t.index(name)
    at_sea, himono = sea_counts(boats)
    changes: dict[str, Any] = {
        "boats": tuple(boats),
        "boats_came": max([int(b.id[1:]) for b in boats] or [0]),
        "at_sea": at_sea,
        "himono_at_sea": himono,
    }
    if ports is not None:
        changes["ports"] = ports
    if licenses is not None:
        changes["licenses"] = licenses
    if yen is not None:
        changes["yen"] = yen
    return t.with_player(i, **changes)


def fishing(t: Table, *items: dict[str, Any], **more: Any) -> Table:
    return apply(t, {"type": "fishing", "player": "Aiko", "boats": list(items), **more})


def where(t: Table, name: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Each boat id → (where, cargo)."""
    return {b.id: (b.where, b.cargo) for b in t.player(name).boats}
