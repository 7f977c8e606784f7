"""Himono (干物, dried fish), Expansion: entry NOT IN SOURCE (AMB-40: the host enters it);
licences ¥400, at most 1 per entry; cannot sell. Himono barrels (made at the start of a
turn from 2 items on a Himono licence) never degrade; a buyer pays the listed price, the
barrel goes back to this market and the buyer takes a Himono token worth 5
(fish-markets.md §12). Loading a licence and the start-of-turn conversion are not guided
yet (record them with the bookkeeping actions)."""

from __future__ import annotations

from ..table import ForSale
from .base import Market


class Himono(Market):
    id = "himono"

    def degrades(self, item: ForSale) -> bool:
        return False


MARKET = Himono()
