"""The barrels aboard a player's boats, as the sentences and the counted shapes name them
(shared/spec/flows.md, "The fleet, boat by boat"): a boat's place and number, the boats
whose cargoes make a counted unloading (``sets_carrying``, ``boats_carrying``) and a
counted start-of-turn discard (``discard_counted``).

Below both the Fishing action boat by boat (rules/fishing_boats.py) and the start of a
turn (rules/turn.py), which each use it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .ledger import Run, refuse
from .messages import Message
from .table import SEA, Boat, PlayerState


def place_name(where: str) -> Message:
    """A boat's place as the book names it (a port place, at sea, Overseas)."""
    return Message(f"fleet.where.{where}", {})


def boat_values(run: Run, seat: int, b: Boat) -> dict[str, Any]:
    """The values naming a boat in a sentence: its owner, kind, id and number."""
    return {"player": run.name(seat), "kind": b.kind, "boat": b.id, "no": number(b.id)}


def number(boat_id: str) -> str:
    """A boat's number, as Japanese names it (船2 for b2)."""
    return boat_id[1:] if boat_id.startswith("b") else boat_id


def sets_carrying(p: PlayerState, boats: list[int], want: Mapping[str, int]) -> list[list[int]]:
    """Every set of ``boats`` (indexes into the player's boats, the empty set included)
    whose cargoes together are exactly ``want``: what the counted shape's unloading can
    have been."""
    found: list[list[int]] = []
    for mask in range(1 << len(boats)):
        chosen = [boats[k] for k in range(len(boats)) if mask >> k & 1]
        got: dict[str, int] = {}
        for i in chosen:
            for f in p.boats[i].cargo:
                got[f] = got.get(f, 0) + 1
        if got == want:
            found.append(chosen)
    return found


def boats_carrying(run: Run, seat: int, counts: Mapping[str, int], field: str) -> list[int]:
    """The boats at sea whose whole cargo is exactly ``counts`` (a counted Overseas docking
    in a game whose boats are placed); refused unless one outcome fits."""
    p = run.player(seat)
    at_sea = [i for i, b in enumerate(p.boats) if b.where == SEA and b.cargo]
    want = {k: n for k, n in counts.items() if n}
    found = [chosen for chosen in sets_carrying(p, at_sea, want) if chosen]
    if not found:
        raise refuse("fleet.counted_unload", field, player=p.name)
    shapes = {tuple(sorted((p.boats[i].kind, p.boats[i].cargo) for i in c)) for c in found}
    if len(shapes) > 1:
        raise refuse("fleet.counted_ambiguous", field, player=p.name)
    return found[0]


def discard_counted(
    run: Run, seat: int, plain: Mapping[str, int], on_licence: Mapping[str, int]
) -> list[Boat]:
    """A counted start-of-turn discard in a game whose boats are placed: accepted when it
    takes all of that fish at sea, or all of it lies on one boat (else say which boat: the
    ``discard`` move). The boats after it; the counts are himono.discard's."""
    p = run.player(seat)
    boats = list(p.boats)
    for fish, n in [*plain.items(), *on_licence.items()]:
        holders = [i for i, b in enumerate(boats) if b.where == SEA and fish in b.cargo]
        total = sum(boats[i].cargo.count(fish) for i in holders)
        if n != total and len(holders) != 1:
            raise refuse("fleet.discard_which", "discarded", player=p.name, market=fish)
        left = n
        for i in holders:
            b = boats[i]
            take = min(left, b.cargo.count(fish))
            cargo = list(b.cargo)
            for _ in range(take):
                cargo.remove(fish)
            boats[i] = replace(b, cargo=tuple(cargo), himono=max(0, b.himono - take))
            left -= take
    return boats
