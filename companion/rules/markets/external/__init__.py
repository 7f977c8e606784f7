"""The external markets, one module each, registered by market id (external-markets.md).

The shared visit code (rules/visit.py) asks the market object how it may be entered and
what the player does there; adding or correcting a market is one module and its tests.
"""

from __future__ import annotations

from . import (
    aquarium,
    auction,
    bank,
    barter,
    boat_rentals,
    government,
    influence,
    new_aquarium,
    overfishing,
    overseas,
    rentals,
    ships,
    sushi,
    trading,
    used_ships,
)
from .base import External

#: Every external market's board by market id.
BOARDS: dict[str, External] = {
    m.MARKET.id: m.MARKET
    for m in (
        ships,
        used_ships,
        bank,
        government,
        aquarium,
        trading,
        rentals,
        auction,
        barter,
        influence,
        new_aquarium,
        boat_rentals,
        sushi,
        overseas,
        overfishing,
    )
}
#: Every external market guided through ``visit`` (not Overfishing, which is only scored).
EXTERNAL: dict[str, External] = {k: m for k, m in BOARDS.items() if m.visited}

__all__ = ["BOARDS", "EXTERNAL", "External"]
