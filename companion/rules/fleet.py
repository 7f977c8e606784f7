"""A player's fleet and ports: what the boats can carry and where they can dock
(turn-and-scoring.md §3, external-markets.md §2, setup.md §5).

Boats are placed (TC-07, issue #19): each ``Boat`` has an id, a place (a port place, at
sea, Overseas) and a cargo; ``PlayerState.at_sea`` is the sum of the cargoes at sea
(``set_fleet`` keeps the two together). The port places: the leftmost and "1" hold one
ship each, "2" two ships or one barge (only "2" holds a barge): ``fits_at``,
``free_place``, ``new_boat``.

Games recorded before boats were placed (``GameConfig.fleet`` 1) keep the counted checks
they were recorded with: *some* arrangement of the fleet must fit the rules — the boats at
sea carry every barrel at sea (a ship one kind of fish up to its slots, the Blue ship two
kinds, a barge any mix; no boat more than 1 Salmon), and the boats carrying nothing fit
the open ports (``carries``, ``arrangement``) — and after every entry their boats are
placed by a fixed arrangement (``settle``, docs/actions.md "The fleet").

>>> fits_ports(["one_slot", "two_slot"], 0), fits_ports(["one_slot", "two_slot"], 1)
(False, True)
>>> carries(["two_slot", "barge"], {"eel": 2, "salmon": 1, "tuna": 2})
True
>>> carries(["two_slot"], {"salmon": 2})
False
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations

from .external_catalogue import BOATS, LARGE_PORT_SHIPS, PORT_COVERINGS, SMALL_PORT_SHIPS
from .ledger import Run, refuse
from .table import OVERSEAS, PORT_PLACES, SEA, Boat, PlayerState, Table

SALMON = "salmon"
Cargo = tuple[tuple[str, int], ...]


def port_places(ports: int) -> tuple[int, int]:
    """(ships the open ports hold with no barge docked, barges they hold) for ``ports``
    coverings removed."""
    ships = SMALL_PORT_SHIPS * (1 + min(ports, 1)) + (LARGE_PORT_SHIPS if ports >= 2 else 0)
    return ships, int(ports >= PORT_COVERINGS)


def fits_ports(docked: Sequence[str], ports: int) -> bool:
    """Whether these boats (kinds) can all lie docked in the open ports at once."""
    barges = sum(1 for k in docked if BOATS[k].barge)
    ships = len(docked) - barges
    ship_places, barge_places = port_places(ports)
    if barges > barge_places:
        return False
    if barges:  # a barge fills port "2"
        ship_places -= LARGE_PORT_SHIPS
    return ships <= ship_places


def _cargo(cargo: Mapping[str, int]) -> Cargo:
    return tuple(sorted((f, n) for f, n in cargo.items() if n > 0))


def _loads(kind: str, cargo: Cargo) -> list[Cargo]:
    """Every cargo left after one boat of this kind takes at least one barrel of ``cargo``
    (its kinds and slots, at most 1 Salmon)."""
    boat = BOATS[kind]
    out: list[Cargo] = []

    def go(i: int, room: int, kinds: int, left: list[tuple[str, int]], took: bool) -> None:
        if i == len(cargo):
            if took:
                out.append(tuple((f, n) for f, n in left if n))
            return
        fish, n = cargo[i]
        go(i + 1, room, kinds, [*left, (fish, n)], took)
        if boat.kinds is not None and kinds >= boat.kinds:
            return
        most = min(n, room, 1 if fish == SALMON else room)
        for k in range(1, most + 1):
            go(i + 1, room - k, kinds + 1, [*left, (fish, n - k)], True)

    go(0, boat.slots, 0, [], False)
    return out


@cache
def _carried(kinds: tuple[str, ...], cargo: Cargo, loaded: bool) -> bool:
    """Whether these boats can carry ``cargo``; ``loaded``: each of them carries at least
    one barrel (a boat carrying nothing would be docked)."""
    if not cargo:
        return not (loaded and kinds)
    if not kinds or sum(BOATS[k].slots for k in kinds) < sum(n for _, n in cargo):
        return False
    if loaded and len(kinds) > sum(n for _, n in cargo):
        return False
    first, rest = kinds[0], kinds[1:]
    if not loaded and _carried(rest, cargo, loaded):
        return True  # the first boat is not needed
    return any(_carried(rest, left, loaded) for left in _loads(first, cargo))


def carries(kinds: Sequence[str], cargo: Mapping[str, int]) -> bool:
    """Whether boats of these kinds, all at sea, can carry ``cargo`` (fish → barrels)."""
    return _carried(tuple(sorted(kinds)), _cargo(cargo), False)


def arrangement(
    kinds: Sequence[str],
    ports: int,
    cargo: Mapping[str, int],
    docked: Collection[int] = (),
    arriving: Sequence[str] = (),
) -> bool:
    """Whether some boats of the fleet (``kinds``, by index), each carrying at least one
    barrel, can carry ``cargo`` at sea while all the others — the boats ``docked`` among
    them, and the boats ``arriving`` (bought or rented now) — lie in the open ports."""
    load = _cargo(cargo)
    need = sum(n for _, n in load)
    free = [i for i in range(len(kinds)) if i not in docked]
    for size in range(len(free) + 1):
        for at_sea in combinations(free, size):
            sea = [kinds[i] for i in at_sea]
            if sum(BOATS[k].slots for k in sea) < need:
                continue
            ashore = [kinds[i] for i in range(len(kinds)) if i not in at_sea]
            if fits_ports([*ashore, *arriving], ports) and _carried(tuple(sorted(sea)), load, True):
                return True
    return False


# -- the checks the actions make -------------------------------------------------------------


def kinds_of(p: PlayerState) -> list[str]:
    return [b.kind for b in p.boats]


def check_at_sea(run: Run, seat: int, field: str = "caught") -> None:
    """After a Fishing action catches: the fleet can carry every barrel at sea."""
    p = run.player(seat)
    if not carries(kinds_of(p), p.at_sea):
        if not p.boats:
            raise refuse("fleet.no_boat", field, player=p.name, count=sum(p.at_sea.values()))
        raise refuse(
            "fleet_full",
            field,
            player=p.name,
            count=sum(p.at_sea.values()),
            boats=kinds_of(p),
        )


def check_docked(run: Run, seat: int, field: str = "unloaded") -> None:
    """After a Fishing action unloads: the boats carrying nothing now find room in the open
    ports, while the others carry what is still at sea."""
    p = run.player(seat)
    if not arrangement(kinds_of(p), p.ports, p.at_sea):
        raise refuse("fleet_no_port", field, player=p.name, ports=p.ports, boats=kinds_of(p))


# -- boats placed (flows.md, "The fleet, boat by boat") --------------------------------------


def open_places(ports: int) -> tuple[str, ...]:
    """The port places open with ``ports`` Port Coverings removed, left to right.

    >>> open_places(0), open_places(2)
    (('leftmost',), ('leftmost', '1', '2'))
    """
    return PORT_PLACES[: 1 + min(ports, PORT_COVERINGS)]


def fits_at(boats: Sequence[Boat], ports: int, kind: str, place: str) -> bool:
    """Whether a boat of ``kind`` can lie at this port place now, beside ``boats`` there:
    the leftmost and "1" hold one ship each, "2" two ships or one barge (setup.md §5)."""
    if place not in open_places(ports):
        return False
    there = [b for b in boats if b.where == place]
    if BOATS[kind].barge:
        return place == PORT_PLACES[2] and not there
    if any(BOATS[b.kind].barge for b in there):
        return False
    room = LARGE_PORT_SHIPS if place == PORT_PLACES[2] else SMALL_PORT_SHIPS
    return len(there) < room


def free_place(boats: Sequence[Boat], ports: int, kind: str) -> str | None:
    """The first open port place, left to right, that a boat of ``kind`` fits now."""
    return next((pl for pl in open_places(ports) if fits_at(boats, ports, kind, pl)), None)


def sea_counts(boats: Sequence[Boat]) -> tuple[dict[str, int], dict[str, int]]:
    """(barrels at sea by fish, of them caught under Himono licences by fish): the sums of
    the cargoes of the boats at sea."""
    at_sea: dict[str, int] = {}
    himono: dict[str, int] = {}
    for b in boats:
        if b.where != SEA:
            continue
        for fish in b.cargo:
            at_sea[fish] = at_sea.get(fish, 0) + 1
        if b.himono and b.cargo:
            himono[b.cargo[0]] = himono.get(b.cargo[0], 0) + b.himono
    return at_sea, himono


def set_fleet(run: Run, seat: int, boats: Sequence[Boat]) -> None:
    """The player's boats as they now lie, and the barrels at sea that they carry."""
    at_sea, himono = sea_counts(boats)
    run.set_player(seat, boats=tuple(boats), at_sea=at_sea, himono_at_sea=himono)


def new_boat(p: PlayerState, boat: Boat) -> tuple[PlayerState, Boat] | None:
    """The player with ``boat`` (bought, rented or taken) docked in the first free port place
    that fits it, with the next id; None when no place fits (boats at sea do not matter)."""
    place = free_place(p.boats, p.ports, boat.kind)
    if place is None:
        return None
    came = p.boats_came + 1
    placed = replace(boat, id=f"b{came}", where=place, cargo=(), himono=0)
    return replace(p, boats=p.boats + (placed,), boats_came=came), placed


def boat_by_id(p: PlayerState, boat_id: object) -> int | None:
    return next((i for i, b in enumerate(p.boats) if b.id == boat_id), None)


# -- the fixed arrangement of a counted game (GameConfig.fleet 1) ----------------------------


def _assign(kinds: tuple[str, ...], cargo: Cargo) -> list[Cargo] | None:
    """One cargo per boat, in order, each at least one barrel, carrying all of ``cargo``:
    the first found by a fixed search (the first boat takes what it can first)."""
    if not cargo:
        return [] if not kinds else None
    if not kinds:
        return None
    first, rest = kinds[0], kinds[1:]
    for left in reversed(_loads(first, cargo)):
        sub = _assign(rest, left)
        if sub is not None:
            had = dict(cargo)
            for f, n in left:
                had[f] -= n
            return [_cargo(had), *sub]
    return None


def settle(p: PlayerState) -> PlayerState:
    """Place a counted game's fleet by a fixed arrangement (docs/actions.md, "The fleet"):
    the fewest boats that can carry the barrels at sea, earliest boats first, are at sea,
    each carrying at least one barrel (a fish's barrels on the earliest of them first); the
    others lie in the port places in the order the boats came, barges in port "2" first,
    then ships left to right. Boats at Overseas stay there. A fleet no arrangement fits
    (a hand correction) keeps its barrels on its first boats, as many as each holds."""
    if (
        all(b.where != SEA for b in p.boats)
        and not p.at_sea
        and all(b.docked or b.where == OVERSEAS for b in p.boats)
    ):
        if _ports_ok(p.boats, p.ports):
            return p
    boats = list(p.boats)
    movable = [i for i, b in enumerate(boats) if b.where != OVERSEAS]
    load = _cargo(p.at_sea)
    need = sum(n for _, n in load)
    chosen: tuple[int, ...] | None = None
    loads: list[Cargo] = []
    for size in range(len(movable) + 1):
        for sea in combinations(movable, size):
            kinds = tuple(boats[i].kind for i in sea)
            if sum(BOATS[k].slots for k in kinds) < need:
                continue
            ashore = [boats[i].kind for i in movable if i not in sea]
            if not fits_ports(ashore, p.ports):
                continue
            got = _assign(kinds, load)
            if got is not None:
                chosen, loads = sea, got
                break
        if chosen is not None:
            break
    if chosen is None:
        chosen, loads = _greedy(boats, movable, load)
    himono = dict(p.himono_at_sea)
    placed: list[Boat] = []
    for i, b in enumerate(boats):
        if i in chosen:
            cargo = tuple(f for f, n in loads[chosen.index(i)] for _ in range(n))
            on_licence = min(himono.get(cargo[0], 0), len(cargo)) if cargo else 0
            if on_licence:
                himono[cargo[0]] -= on_licence
            boats[i] = replace(b, where=SEA, cargo=cargo, himono=on_licence)
        elif b.where != OVERSEAS:
            boats[i] = replace(b, where="", cargo=(), himono=0)
    order = sorted(
        (i for i in movable if i not in chosen), key=lambda i: (not BOATS[boats[i].kind].barge, i)
    )
    for i in order:
        place = free_place(placed, p.ports, boats[i].kind)
        boats[i] = replace(boats[i], where=place or SEA)
        placed.append(boats[i])
    return replace(p, boats=tuple(boats))


def _ports_ok(boats: Sequence[Boat], ports: int) -> bool:
    seen: list[Boat] = []
    for b in boats:
        if b.docked:
            if not fits_at(seen, ports, b.kind, b.where):
                return False
            seen.append(b)
    return True


def _greedy(
    boats: list[Boat], movable: list[int], load: Cargo
) -> tuple[tuple[int, ...], list[Cargo]]:
    left = [f for f, n in load for _ in range(n)]
    chosen: list[int] = []
    loads: list[Cargo] = []
    for i in movable:
        if not left:
            break
        take, left = left[: BOATS[boats[i].kind].slots], left[BOATS[boats[i].kind].slots :]
        counts: dict[str, int] = {}
        for f in take:
            counts[f] = counts.get(f, 0) + 1
        chosen.append(i)
        loads.append(_cargo(counts))
    return tuple(chosen), loads


def settle_table(before: Table, after: Table) -> Table:
    """After every entry of a counted game: each player whose fleet or barrels at sea
    changed has their boats placed by the fixed arrangement (``settle``)."""
    if after.config.fleet != 1:
        return after
    players = list(after.players)
    changed = False
    for i, p in enumerate(players):
        old = before.players[i] if i < len(before.players) else None
        if (
            old is not None
            and old.boats == p.boats
            and old.at_sea == p.at_sea
            and (old.ports == p.ports)
        ):
            continue
        q = settle(p)
        if q is not p:
            players[i] = q
            changed = True
    return replace(after, players=tuple(players)) if changed else after
