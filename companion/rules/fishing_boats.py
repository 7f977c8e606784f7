"""Fishing boat by boat (shared/spec/flows.md, "The fleet, boat by boat"; the rulebook's
Fishing action, turn-and-scoring.md §3).

``{"boats": [{"boat": "b1", "do": "undock"}, {"boat": "b2", "do": "catch", "fish": "eel"},
{"boat": "b3", "do": "dock", "at": "1"}, {"boat": "b4", "do": "dock", "at": "overseas"}]}``:
each boat named does exactly one activity, in the order named; a boat not named does
nothing. The activities, as the book writes them:

- ``undock``: a boat in a port place (or docked at Overseas) goes to sea.
- ``catch``: a ship at sea takes ONE barrel with a licence not yet used in this action
  (``"licence"``: which licence, by default the fish's own, then another that catches it:
  a Horse Mackerel licence takes 1 Horse Mackerel or ``"count": 2`` Mackerel on the same
  ship; ``"licence": "himono"`` a Himono licence). An empty ship may catch fish X only
  while its owner holds more licences of X than ships at sea already holding X (the barge
  not counted); a loaded ship only its own fish; at most one Salmon per boat; the Blue
  ship takes two barrels of different kinds (``"fish": [A, B]``), one per licence; a barge
  never catches.
- ``dock``: a boat at sea into a free port place that fits it (``"at"``: "leftmost", "1",
  "2"; by default the first that fits) and ALL its cargo is unloaded (the docking bonus,
  the Harbor, the markets' docking rules, the docking auctions: rules/fishing.py); a
  rented boat then goes back to its board at once (one voyage). ``"at": "overseas"``
  docks it at the Overseas market instead (Expansion): the boats docked there in this
  action with the same ``"group"`` (default 1) make one lot, ¥100 a group, one Overseas
  auction each, no AP besides the Fishing action's 1, no docking bonus.

The counted shape (``caught``/``unloaded``) of a game whose boats are placed is translated
into this one when exactly one outcome fits it (rules/counted.py). The moves at sea
outside the Fishing action (``discard``, ``transfer``) are rules/boats.py's; what the boats
carry, rules/cargo.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Annotated

from ..engine.args import Limit, OneOf
from . import fleet
from .args import BarrelKey, BoatId
from .auctions import OVERSEAS_CONVERSIONS, lot_shortfall
from .cargo import boat_values, place_name
from .catalogue import HIMONO_CATCHES, OVERSEAS_ENTRY
from .external_catalogue import BOATS
from .ledger import Run, refuse
from .markets import MARKETS, himono
from .markets.base import whole
from .markets.external.pieces import move_stock
from .messages import Message
from .table import OVERSEAS, PORT_PLACES, SEA, Boat, QueuedAuction, Table

ACTIVITIES = ("undock", "catch", "dock")
SALMON = "salmon"


@dataclass(frozen=True, kw_only=True)
class BoatActivity:
    """One boat's activity in a Fishing action: ``undock``; ``catch`` one fish (or two
    different ones: the Blue ship), by a licence named or the first that may; ``dock`` at a
    port place (left out: the first free) or Overseas, in a group of lots."""

    boat: BoatId
    do: Annotated[str, OneOf(ACTIVITIES)]
    fish: BarrelKey | Annotated[list[BarrelKey], Limit(min_len=1, max_len=2)] | None = None
    at: Annotated[str, OneOf(("leftmost", "1", "2", "overseas"))] | None = None
    licence: BarrelKey | None = None
    count: Annotated[int, Limit(ge=1, le=2)] | None = None
    group: Annotated[int, Limit(ge=1, le=12)] | None = None


@dataclass
class Voyage:
    """What the activities of one Fishing action did, for unloading and the auctions."""

    boats: list[Boat]
    #: Barrels unloaded at the player's own ports (fish → count), and of them the ones
    #: caught under Himono licences.
    unloaded: dict[str, int] = field(default_factory=dict)
    unloaded_himono: dict[str, int] = field(default_factory=dict)
    #: Overseas lots by group, in the order first named.
    overseas: dict[int, dict[str, int]] = field(default_factory=dict)
    #: Catches under Himono licences (fish → count), made together at the end.
    himono_caught: dict[str, int] = field(default_factory=dict)
    #: Licences used to catch in this action, by licence market.
    used: dict[str, int] = field(default_factory=dict)
    #: Rented boats that docked at home: (index in ``boats``), sent back after unloading.
    returning: list[int] = field(default_factory=list)


def _items(raw: Sequence[BoatActivity]) -> list[BoatActivity]:
    if len(raw) > 12:
        raise refuse("fleet.boats_list", "boats")
    return list(raw)


def _licences_for(t: Table, seat: int, fish: str) -> list[str]:
    """The licence markets the player holds that catch ``fish`` (its own first)."""
    held = t.players[seat].licenses
    own = [fish] if held.get(fish) and MARKETS[fish].catches().get(fish) else []
    others = [
        m
        for m, n in held.items()
        if n and m != fish and m in MARKETS and MARKETS[m].catches().get(fish)
    ]
    return own + sorted(others)


def _ships_holding(boats: Sequence[Boat], fish: str, but: int) -> int:
    return sum(
        1
        for i, b in enumerate(boats)
        if i != but and b.where == SEA and not BOATS[b.kind].barge and fish in b.cargo
    )


def _catch(run: Run, seat: int, v: Voyage, i: int, item: BoatActivity, where: str) -> None:
    b = v.boats[i]
    who = boat_values(run, seat, b)
    kind = BOATS[b.kind]
    if kind.barge:
        raise refuse("fleet.barge_catch", where, **who)
    if b.where != SEA:
        raise refuse("fleet.catch_in_port", where, place=place_name(b.where), **who)
    raw = item.fish
    fishes = [raw] if isinstance(raw, str) else raw
    if fishes is None or not fishes or len(fishes) > 2 or len(set(fishes)) != len(fishes):
        raise refuse("fleet.catch_fish", f"{where}.fish", **who)
    if len(fishes) == 2 and (kind.kinds or 1) < 2:
        raise refuse("fleet.catch_two", f"{where}.fish", **who)
    count = whole(item.count or 1, f"{where}.count", 1, 2)
    if count > 1 and len(fishes) > 1:
        raise refuse("fleet.catch_two", f"{where}.count", **who)
    cargo = list(b.cargo)
    caught_himono = 0
    for fish in fishes:
        if fish not in MARKETS:
            raise refuse("not_a_fish_market", f"{where}.fish", name=repr(fish))
        if fish not in run.t.config.fish_markets:
            raise refuse("market_not_in_play", f"{where}.fish", market=fish)
        licence = item.licence
        if licence == himono.ID:
            if fish not in (*HIMONO_CATCHES, himono.ID) or count != 1:
                raise refuse("himono_catch_wrong", f"{where}.fish", market=fish)
            if b.cargo and b.himono < len(b.cargo) or b.himono and cargo and cargo[0] != fish:
                raise refuse("fleet.himono_mix", where, fish=fish, **who)
            candidates = [himono.ID] if run.player(seat).licenses.get(himono.ID) else []
        elif licence is not None:
            if licence not in MARKETS or not MARKETS[licence].catches().get(fish):
                raise refuse("fleet.licence_wrong", f"{where}.licence", market=fish, **who)
            candidates = [licence] if run.player(seat).licenses.get(licence) else []
        else:
            if b.himono:
                raise refuse("fleet.himono_mix", where, fish=fish, **who)
            candidates = _licences_for(run.t, seat, fish)
        held = run.player(seat).licenses
        free = [m for m in candidates if v.used.get(m, 0) < held.get(m, 0)]
        if not candidates:
            raise refuse("fleet.no_licence", f"{where}.fish", market=fish, **who)
        if not free:
            raise refuse("fleet.licences_used", f"{where}.fish", market=fish, **who)
        use = free[0]
        if count > (MARKETS[use].catches().get(fish, 1) if use != himono.ID else 1):
            raise refuse("fleet.one_barrel", f"{where}.count", **who)
        if fish not in cargo:
            kinds_aboard = len(set(cargo))
            if kinds_aboard >= (kind.kinds or 99):
                raise refuse(
                    "fleet.other_fish",
                    f"{where}.fish",
                    market=fish,
                    aboard=Message("fleet.fish", {"market": cargo[0]}),
                    **who,
                )
            if use != himono.ID:
                # The empty-ship rule (the barge not counted), for each fish a ship takes
                # on for the first time.
                holders = _ships_holding(v.boats, fish, i)
                licences = sum(held.get(m, 0) for m in _licences_for(run.t, seat, fish))
                if licences <= holders:
                    raise refuse(
                        "fleet.empty_ship",
                        f"{where}.fish",
                        market=fish,
                        licences=licences,
                        ships=holders,
                        **who,
                    )
        if fish == SALMON and (SALMON in cargo or count > 1):
            raise refuse("fleet.one_salmon", f"{where}.fish", **who)
        if len(cargo) + count > kind.slots:
            raise refuse("fleet.boat_full", f"{where}.fish", slots=kind.slots, **who)
        v.used[use] = v.used.get(use, 0) + 1
        cargo += [fish] * count
        run.note("fleet.mv_catch", count=count, market=fish, aboard=len(cargo), **who)
        if use == himono.ID:
            caught_himono += count
            v.himono_caught[fish] = v.himono_caught.get(fish, 0) + count
        else:
            run.barrels_out(fish, count, f"{where}.fish")
    v.boats[i] = replace(b, cargo=tuple(cargo), himono=b.himono + caught_himono)


def _dock(run: Run, seat: int, v: Voyage, i: int, item: BoatActivity, where: str) -> None:
    b = v.boats[i]
    who = boat_values(run, seat, b)
    if b.where != SEA:
        raise refuse("fleet.dock_not_at_sea", where, place=place_name(b.where), **who)
    at = item.at
    p = run.player(seat)
    if at == OVERSEAS:
        if OVERSEAS not in run.t.config.external_markets:
            raise refuse("market_not_in_play", f"{where}.at", market=OVERSEAS)
        group = whole(item.group or 1, f"{where}.group", 1, 12)
        lot = v.overseas.setdefault(group, {})
        for fish in b.cargo:
            lot[fish] = lot.get(fish, 0) + 1
        v.boats[i] = replace(b, where=OVERSEAS, cargo=(), himono=0)
        run.note("fleet.mv_dock_overseas", count=len(b.cargo), **who)
        return
    others = [x for k, x in enumerate(v.boats) if k != i]
    if at is None:
        place = fleet.free_place(others, p.ports, b.kind)
        if place is None:
            raise refuse("fleet.no_place", f"{where}.at", **who)
    else:
        if at not in PORT_PLACES:
            raise refuse("fleet.place_unknown", f"{where}.at", **who)
        place = at
        if not fleet.fits_at(others, p.ports, b.kind, place):
            raise refuse("fleet.place_taken", f"{where}.at", place=place_name(place), **who)
    for fish in b.cargo:
        v.unloaded[fish] = v.unloaded.get(fish, 0) + 1
    if b.himono and b.cargo:
        v.unloaded_himono[b.cargo[0]] = v.unloaded_himono.get(b.cargo[0], 0) + b.himono
    v.boats[i] = replace(b, where=place, cargo=(), himono=0)
    run.note("fleet.mv_dock", place=place_name(place), count=len(b.cargo), **who)
    if b.rented:
        v.returning.append(i)


def activities(run: Run, seat: int, raw: Sequence[BoatActivity]) -> Voyage:
    """Every boat's activity, in the order named (all or nothing: the run is the action's)."""
    items = _items(raw)
    p = run.player(seat)
    v = Voyage(list(p.boats))
    named: set[int] = set()
    for k, item in enumerate(items):
        where = f"boats[{k}]"
        i = fleet.boat_by_id(p, item.boat)
        if i is None:
            raise refuse(
                "fleet.no_such_boat",
                f"{where}.boat",
                player=p.name,
                boat=item.boat[:8],
                boats=", ".join(b.id for b in p.boats) or "—",
            )
        b = v.boats[i]
        if i in named:
            raise refuse("fleet.one_activity", f"{where}.boat", **boat_values(run, seat, b))
        named.add(i)
        do = item.do
        if do == "undock":
            if not (b.docked or b.where == OVERSEAS):
                raise refuse("fleet.undock_at_sea", f"{where}.do", **boat_values(run, seat, b))
            v.boats[i] = replace(b, where=SEA)
            run.note("fleet.mv_undock", place=place_name(b.where), **boat_values(run, seat, b))
        elif do == "catch":
            _catch(run, seat, v, i, item, where)
        elif do == "dock":
            _dock(run, seat, v, i, item, where)
        else:
            raise refuse("fleet.activity", f"{where}.do", **boat_values(run, seat, b))
    if v.himono_caught:
        # Himono licences: one barrel per face-up licence, checked together (himono.py).
        himono.catch(run, seat, v.himono_caught)
    return v


def send_back(run: Run, seat: int, v: Voyage) -> list[Boat]:
    """Rented boats that docked at home go back to their board at once (one voyage)."""
    boats = list(v.boats)
    for i in sorted(v.returning, reverse=True):
        b = boats.pop(i)
        assert b.rented is not None
        move_stock(run, f"{b.rented}.{b.kind}", 1)
        who = boat_values(run, seat, b)
        if run.t.closed("boat_rentals"):
            run.note("mv.rental_back_box", player=who["player"], kind=b.kind, market=b.rented)
        else:
            move_stock(run, "boat_rentals.token", 1)
            run.note("mv.rental_back", player=who["player"], kind=b.kind, market=b.rented)
    return boats


def overseas_lots(
    run: Run, seat: int, v: Voyage, pool: list[str], prefix: str, first: int
) -> list[QueuedAuction]:
    """Each Overseas group: ¥100 to the supply, its barrels back to their markets, the
    conversions drawn (external-markets.md §12), one Overseas auction (opened in turn)."""
    out: list[QueuedAuction] = []
    name = run.name(seat)
    for n, (_group, lot) in enumerate(v.overseas.items()):
        if not lot:
            raise refuse("fleet.overseas_empty", "boats", player=name)
        what = Message("what.entry_yen", {"market": OVERSEAS})
        run.pay(seat, None, OVERSEAS_ENTRY, "entry", what, "boats")
        for market, count in lot.items():
            run.note("mv.overseas_dock", player=name, count=count, market=market)
            run.barrels_back(market, count)
        short = lot_shortfall(run.t, lot)
        for market, count in short.items():
            run.note("mv.overseas_short", market=market, count=count)
        drawn: list[str] = []
        for fish, per in OVERSEAS_CONVERSIONS.items():
            need = (lot.get(fish, 0) - short.get(fish, 0)) // per
            if fish == "swordfish":
                drawn += ["swordfish"] * need
                continue
            codes = [c for c in pool if c.split(":")[0] == fish][:need]
            if len(codes) < need:
                raise refuse("draw_needed", "drawn", kind=OVERSEAS, fish=fish)
            for c in codes:
                pool.remove(c)
            drawn += codes
        aid = f"{prefix}.{first + n + 1}"
        out.append(
            QueuedAuction(aid, "overseas", seat, "", tuple(sorted(lot.items())), tuple(drawn), True)
        )
    return out
