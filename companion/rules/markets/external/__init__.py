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
    overseas,
    rentals,
    ships,
    sushi,
    trading,
    used_ships,
)
from .base import External

#: Every external market guided through ``visit``, by market id.
EXTERNAL: dict[str, External] = {
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
    )
}

__all__ = ["EXTERNAL", "External"]
