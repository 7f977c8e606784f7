"""A table with the external markets in play, on Aiko's first turn, for the tests of the
external markets' visits."""

from __future__ import annotations

from typing import Any

from companion.rules.fish import Fish
from companion.rules.guided import preview_lines
from companion.rules.moves import apply
from companion.rules.table import Boat, Table

from ..guided_support import game, give, refused

BASE_EXTERNAL = (
    "ships",
    "used_ships",
    "bank",
    "government",
    "aquarium",
    "trading",
    "rentals",
    "barter",
    "auction",
)


def table(*, boats: tuple[str, ...] = ("one_slot",), ports: int = 0, **kw: Any) -> Table:
    """Base fish markets, every base external market, Aiko's turn with 2 AP; Aiko's fleet
    and open ports as given."""
    t = game(external=kw.pop("external", BASE_EXTERNAL), fleet=False, **kw)
    return t.with_player(0, boats=tuple(Boat(k) for k in boats), ports=ports)


def visit(t: Table, market: str, entry: Any = "ap", player: str = "Aiko", **fields: Any) -> Table:
    return apply(t, {"type": "visit", "player": player, "market": market, "entry": entry, **fields})


def lines(
    t: Table, market: str, entry: Any = "ap", player: str = "Aiko", **fields: Any
) -> list[str]:
    return preview_lines(
        t, {"type": "visit", "player": player, "market": market, "entry": entry, **fields}
    )


def refuse_visit(t: Table, market: str, code: str, entry: Any = "ap", **fields: Any) -> str:
    """The visit is refused with this code and changes nothing; its sentence."""
    e = refused(t, "visit", code, player="Aiko", market=market, entry=entry, **fields)
    return e.message


def kinds(t: Table, name: str = "Aiko") -> list[str]:
    return [b.kind for b in t.player(name).boats]


__all__ = ["Fish", "give", "kinds", "lines", "refuse_visit", "table", "visit"]
