"""A player's fleet and ports: what the boats can carry and where they can dock
(turn-and-scoring.md §3, external-markets.md §2, setup.md §5).

The table records each player's boats and opened ports, and the barrels at sea by fish
(``PlayerState.at_sea``) — not which boat is where nor what each carries. The app checks
that *some* arrangement of the fleet fits the rules: the boats at sea carry every barrel
at sea (a ship one kind of fish up to its slots, the Blue ship two kinds, a barge any mix;
no boat more than 1 Salmon), and the boats carrying nothing are docked in the open ports
(ports "0" and "1" one ship each, port "2" two ships or one barge; only port "2" holds a
barge). A rule is refused only when no arrangement allows it (TC-07).

>>> fits_ports(["one_slot", "two_slot"], 0), fits_ports(["one_slot", "two_slot"], 1)
(False, True)
>>> carries(["two_slot", "barge"], {"eel": 2, "salmon": 1, "tuna": 2})
True
>>> carries(["two_slot"], {"salmon": 2})
False
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cache
from itertools import combinations

from .catalogue import BOATS, LARGE_PORT_SHIPS, PORT_COVERINGS, SMALL_PORT_SHIPS
from .ledger import Run, refuse
from .table import PlayerState

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
