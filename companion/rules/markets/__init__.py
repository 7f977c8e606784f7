"""The fish markets, one module each, registered by market id.

Shared code (visit, fishing, purchase, the start of the turn, tokens) asks the market
object what to do; adding or correcting a market is one module and its tests.
"""

from __future__ import annotations

from ..catalogue import FISH_MARKETS, MARKET_OF_TOKEN
from ..tokens import register_stock
from . import (
    clams_oysters,
    eel,
    fugu,
    himono,
    horse_mackerel,
    mackerel,
    nori,
    octopus,
    red_snapper,
    salmon,
    sardine,
    spider_crab,
    squid,
    swordfish,
    tuna,
)
from .base import BagMarket, Market

#: Every fish market's rules by market id, in the catalogue's order.
MARKETS: dict[str, Market] = {
    m.MARKET.id: m.MARKET
    for m in (
        mackerel,
        eel,
        fugu,
        octopus,
        red_snapper,
        salmon,
        spider_crab,
        squid,
        tuna,
        clams_oysters,
        himono,
        horse_mackerel,
        nori,
        sardine,
        swordfish,
    )
}
MARKETS = {k: MARKETS[k] for k in FISH_MARKETS}
for _m in MARKETS.values():
    register_stock(_m)


def market_of_item(fish: str) -> Market:
    """The market a Harbor item belongs to: a barrel's own market, Takoyaki → Octopus."""
    return MARKETS[fish] if fish in MARKETS else MARKETS[MARKET_OF_TOKEN[fish]]


__all__ = ["MARKETS", "BagMarket", "Market", "market_of_item"]
