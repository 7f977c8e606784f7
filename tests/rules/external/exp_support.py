"""An Expansion table with the Expansion's external markets, their board numbers entered
by the host (AMB-40), on Aiko's first turn."""

from __future__ import annotations

from typing import Any

from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Boat, Table, initial_table

#: As a host would copy them from the boards (made-up numbers: the rulebooks lack them).
NUMBERS: dict[str, dict[str, int]] = {
    "influence": {"entry_ap": 1},
    "boat_rentals": {"entry_yen": 100},
    "sushi": {"entry_ap": 1, "yen_1": 200, "yen_2": 400, "yen_4": 1000, "yen_5": 1500},
    "new_aquarium": {"red_snapper": 2, "red_snapper_yen": 400, "clams_oysters_yen": 500},
}


def exp_table(
    external: tuple[str, ...] = (
        "ships",
        "used_ships",
        "influence",
        "boat_rentals",
        "sushi",
        "aquarium",
        "new_aquarium",
    ),
    fish: tuple[str, ...] = ("mackerel", "eel", "red_snapper", "squid", "tuna"),
    numbers: dict[str, dict[str, int]] | None = None,
    variants: tuple[str, ...] = (),
    players: int = 4,
    **kw: Any,
) -> Table:
    cfg = make_config(
        ["Aiko", "Bo", "Chiyo", "Daichi"][:players],
        expansion=True,
        variants=["more_markets", *variants],
        fish_markets=list(fish),
        external_markets=list(external),
        seed=kw.pop("seed", 4),
        board_numbers=NUMBERS if numbers is None else numbers,
    )
    t = apply(initial_table(cfg), {"type": "next_turn"})
    boats = kw.pop("boats", None)
    if boats is not None:
        t = t.with_player(0, boats=tuple(Boat(k) for k in boats), ports=kw.pop("ports", 0))
    return t
