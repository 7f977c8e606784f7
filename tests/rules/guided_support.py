"""Helpers for the guided-turn tests: a set-up table on its first turn, actions, refusals
that must change nothing, and Harbor boards laid out by hand."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Boat, ForSale, HimonoItem, HimonoLicence, Table, initial_table

NAMES = ("Aiko", "Bo", "Chiyo", "Daichi")
BASE = [
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "red_snapper",
    "salmon",
    "spider_crab",
    "squid",
    "tuna",
]
EXPANSION = ["clams_oysters", "himono", "horse_mackerel", "nori", "sardine", "swordfish"]
#: Numbers for the Expansion boards the rulebooks do not print (AMB-40), as a host enters
#: them, so the guided actions can count barrels and tokens.
BOARD_NUMBERS: dict[str, dict[str, int]] = {
    "clams_oysters": {"barrels": 6, "licenses": 3, "clams": 6, "oysters": 6},
    "himono": {"barrels": 6, "licenses": 3, "tokens": 8},
    "horse_mackerel": {"barrels": 8, "licenses": 4, "tokens": 12},
    "nori": {"barrels": 4, "licenses": 4, "tokens": 8},
    "sardine": {"barrels": 6, "tokens": 10},
    "swordfish": {"barrels": 6, "licenses": 3, "tokens": 6},
}


EXTERNAL = ("ships", "rentals", "bank", "trading", "barter")
#: The fleet every player has in these tests unless a test says otherwise: four ships (10
#: slots, four kinds of fish at once) and both ports open, so that the boats never limit a
#: test about something else (tests/rules/test_fleet.py tests the fleet).
ROOMY = (Boat("one_slot"), Boat("two_slot"), Boat("three_slot"), Boat("four_slot"))


def roomy(t: Table) -> Table:
    """Every player with the ``ROOMY`` fleet and both ports open."""
    return replace(t, players=tuple(replace(p, boats=ROOMY, ports=2) for p in t.players))


def game(
    fish: Iterable[str] = BASE,
    external: Iterable[str] = EXTERNAL,
    players: Iterable[str] = NAMES,
    expansion: bool | None = None,
    board_numbers: dict[str, dict[str, int]] | None = None,
    start: bool = True,
    entry: dict[str, dict[str, int]] | None = None,
    fleet: bool = True,
) -> Table:
    """A table with these markets, on the first player's first turn (unless ``start``
    False). ``entry``: entry costs for boards whose cost the rulebooks do not print
    (``{"sardine": {"entry_ap": 1}}``), as a host would enter them (AMB-40). ``fleet``:
    every player has the ``ROOMY`` fleet (False: the one-slot ship of the setup)."""
    fish = list(fish)
    exp = expansion if expansion is not None else any(m in EXPANSION for m in fish)
    cfg = make_config(
        list(players),
        expansion=exp,
        variants=["more_markets"],
        fish_markets=fish,
        external_markets=list(external),
        seed=11,
        board_numbers=board_numbers
        if board_numbers is not None
        else {m: n for m, n in BOARD_NUMBERS.items() if m in fish},
    )
    if entry:
        numbers = {m: dict(n) for m, n in cfg.board_numbers.items()}
        for m, n in entry.items():
            numbers.setdefault(m, {}).update(n)
        cfg = replace(cfg, board_numbers=numbers)
    t = initial_table(cfg)
    if fleet:
        t = roomy(t)
    return apply(t, {"type": "next_turn"}) if start else t


def act(t: Table, kind: str, **args: Any) -> Table:
    return apply(t, {"type": kind, **args})


def refused(t: Table, kind: str, code: str, **args: Any) -> IllegalAction:
    """The action is refused with this message code, and the table is exactly as before."""
    before = copy.deepcopy(t)
    with pytest.raises(IllegalAction) as info:
        apply(t, {"type": kind, **args})
    assert t == before
    got = info.value.code_message.code if info.value.code_message else info.value.message
    assert got == code, info.value.message
    return info.value


def seat(t: Table, name: str) -> int:
    return t.index(name)


def give(
    t: Table,
    name: str,
    *,
    yen: int | None = None,
    fish: Fish | None = None,
    licenses: dict[str, int] | None = None,
    items: dict[str, int] | None = None,
    upper: list[tuple[str, int]] | None = None,
    lower: list[tuple[str, int]] | None = None,
    at_sea: dict[str, int] | None = None,
    himono: list[tuple[list[tuple[str, bool]], int]] | None = None,
    himono_at_sea: dict[str, int] | None = None,
) -> Table:
    """Set a player's holdings by hand (the table as the test needs it). ``himono``: one
    ``([(fish, is_barrel), ...], barrels_at_sea)`` per Himono licence that is not empty;
    ``himono_at_sea``: which of ``at_sea`` were caught under Himono licences."""
    changes: dict[str, Any] = {}
    if yen is not None:
        changes["yen"] = yen
    if fish is not None:
        changes["fish"] = fish
    if licenses is not None:
        changes["licenses"] = licenses
    if items is not None:
        changes["items"] = items
    if upper is not None:
        changes["upper"] = tuple(ForSale(f, p) for f, p in upper)
    if lower is not None:
        changes["lower"] = tuple(ForSale(f, p) for f, p in lower)
    if at_sea is not None:
        changes["at_sea"] = at_sea
    if himono is not None:
        lics = [HimonoLicence(tuple(HimonoItem(f, b) for f, b in items), n) for items, n in himono]
        changes["himono"] = tuple(sorted(lics, key=HimonoLicence.sort_key))
    if himono_at_sea is not None:
        changes["himono_at_sea"] = himono_at_sea
    return t.with_player(seat(t, name), **changes)


def turn_of(t: Table, name: str) -> Table:
    """Make it ``name``'s turn with 2 AP (without ending anyone's turn)."""
    return replace(
        t,
        turn=replace(
            t.turn, current=seat(t, name), ap_left=2, phase="actions", free_entries=frozenset()
        ),
    )


def yen(t: Table) -> dict[str, int]:
    return {p.name: p.yen for p in t.players}


def rows(t: Table, name: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    p = t.player(name)
    return [(x.fish, x.price) for x in p.upper], [(x.fish, x.price) for x in p.lower]
