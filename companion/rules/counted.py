"""The counted shape of a Fishing action (``caught``/``caught_himono``/``unloaded``) in a game
whose boats are placed, translated into the boats' activities of rules/fishing_boats.py
when exactly one outcome fits it (shared/spec/flows.md, "The fleet, boat by boat").
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations

from .cargo import sets_carrying
from .errors import IllegalAction
from .fishing_boats import BoatActivity, activities
from .ledger import Run, refuse
from .markets import himono
from .table import SEA, Boat, Table


def _counts(raw: Mapping[str, int] | None) -> dict[str, int]:
    return {k: n for k, n in (raw or {}).items() if n > 0}


def translate(
    t: Table,
    seat: int,
    caught_counts: Mapping[str, int] | None,
    himono_counts: Mapping[str, int] | None,
    unloaded_counts: Mapping[str, int] | None,
) -> list[BoatActivity]:
    """The per-boat activities that make a counted ``caught``/``caught_himono``/``unloaded``
    (the counted shape cannot undock): the boats at sea whose whole cargo is ``unloaded``
    dock, and each barrel caught is one ship's catch. Accepted when exactly one outcome
    fits; several say which boat; none refuses with the first reason found."""
    p = t.players[seat]
    unloaded = _counts(unloaded_counts)
    wanted = sum(_counts(caught_counts).values()) + sum(_counts(himono_counts).values())
    if wanted and not p.boats:
        raise refuse("fleet.no_boat", "caught", player=p.name, count=wanted)
    caught: list[tuple[str, str | None]] = [
        (f, None) for f, n in _counts(caught_counts).items() for _ in range(n)
    ]
    caught += [(f, himono.ID) for f, n in _counts(himono_counts).items() for _ in range(n)]
    at_sea = [i for i, b in enumerate(p.boats) if b.where == SEA]
    # The counted shape docks only boats carrying barrels (it cannot name an empty one).
    loaded = [i for i in at_sea if p.boats[i].cargo]
    docking = sets_carrying(p, loaded, unloaded)
    if not docking:
        raise refuse("fleet.counted_unload", "unloaded", player=p.name)
    outcomes: dict[tuple[Boat, ...], list[BoatActivity]] = {}
    reasons: list[IllegalAction] = []
    for chosen in docking:
        free = [i for i in at_sea if i not in chosen]
        for plan in _catch_plans(caught, free):
            items = [BoatActivity(boat=p.boats[i].id, do="dock") for i in chosen]
            for i, catches in plan.items():
                fishes = [f for f, _ in catches]
                fish: str | list[str] = fishes[0] if len(fishes) == 1 else fishes
                licence = catches[0][1]
                items.append(
                    BoatActivity(boat=p.boats[i].id, do="catch", fish=fish, licence=licence)
                )
            trial = Run(t)
            try:
                v = activities(trial, seat, items)
            except IllegalAction as exc:
                reasons.append(exc)
                continue
            outcomes.setdefault(tuple(sorted(v.boats, key=lambda b: b.id)), items)
    if not outcomes:
        if len(reasons) == 1:
            raise reasons[0]  # one way to do it, and why it cannot be done
        raise refuse("fleet.counted_catch", "caught", player=p.name)
    shapes = {tuple(sorted((b.kind, b.where, b.cargo) for b in k)) for k in outcomes}
    if len(shapes) > 1:
        raise refuse("fleet.counted_ambiguous", "caught", player=p.name)
    return next(iter(outcomes.values()))


def _catch_plans(
    caught: list[tuple[str, str | None]], ships: list[int]
) -> list[dict[int, list[tuple[str, str | None]]]]:
    """Every way to give each barrel caught to a ship at sea (one barrel a ship, or two
    different fish on one ship: the Blue ship), few enough to try each."""
    if not caught:
        return [{}]
    plans: list[dict[int, list[tuple[str, str | None]]]] = []
    seen: set[tuple[tuple[int, tuple[tuple[str, str | None], ...]], ...]] = set()
    slots = [s for s in ships for _ in range(2)]
    for order in permutations(slots, len(caught)):
        plan: dict[int, list[tuple[str, str | None]]] = {}
        for barrel, ship in zip(caught, order, strict=True):
            plan.setdefault(ship, []).append(barrel)
        if any(len({f for f, _ in c}) < len(c) for c in plan.values()):
            continue  # one barrel per ship (two of different fish: the Blue ship)
        key = tuple(sorted((s, tuple(sorted(c, key=str))) for s, c in plan.items()))
        if key in seen:
            continue
        seen.add(key)
        plans.append(plan)
        if len(plans) > 200:
            break
    return plans
