"""The fish markets, one folder each, registered by market id.

Shared code (visit, fishing, purchase, the start of the turn, tokens, the rules cards, the
setup checklist) asks the market object what to do; adding or correcting a market is its
folder and its tests.
"""

from __future__ import annotations

from ..catalogue import FISH_MARKETS, MARKET_OF_TOKEN
from ..tokens import register_stock
from .bag import BagMarket
from .base import Market
from .registry import discover

#: Every fish market's rules by market id, in the catalogue's order: each folder of this
#: package (``<id>/__init__.py``, its ``MARKET``) but the external markets'.
MARKETS: dict[str, Market] = discover(__name__, __path__, FISH_MARKETS, skip=("external",))
for _m in MARKETS.values():
    register_stock(_m)


def market_of_item(fish: str) -> Market:
    """The market a Harbor item belongs to: a barrel's own market, Takoyaki → Octopus."""
    return MARKETS[fish] if fish in MARKETS else MARKETS[MARKET_OF_TOKEN[fish]]


__all__ = ["MARKETS", "BagMarket", "Market", "market_of_item"]
