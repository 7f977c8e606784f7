"""Fish tokens on the move between players' hands, market boards and the Auction bag.

Shared by the bookkeeping moves and the auctions (both take tokens from a market and
Overfish it when its last token leaves), so neither has to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .catalogue import FISH_MARKETS, MARKET_OF_TOKEN, TOKEN_NAMES
from .errors import IllegalAction
from .setup import bag_contents
from .table import Table

if TYPE_CHECKING:
    from .markets.base import Market

#: Horse Mackerel Overfished pays ¥200 per token held; Nori Overfished costs ¥100 per token
#: (printed in the catalogue; applied by rules/markets/horse_mackerel.py and nori.py).
HORSE_MACKEREL_BONUS = FISH_MARKETS["horse_mackerel"].numbers["overfished_bonus"]
NORI_PENALTY = FISH_MARKETS["nori"].numbers["overfished_penalty"]


def fish_market_in_play(t: Table, market: object, key: str = "market") -> str:
    if market not in FISH_MARKETS:
        raise IllegalAction(f"there is no fish market called {market!r}", key)
    assert isinstance(market, str)
    if market not in t.config.fish_markets:
        raise IllegalAction(f"{FISH_MARKETS[market].en} is not in play in this game", key)
    return market


@dataclass(frozen=True)
class TokenSpec:
    key: str
    count: int
    value: int | None = None  # Spider Crab / Tuna printed value
    side: str | None = None  # Salmon: fresh / degraded

    def label(self) -> str:
        return f"{self.count} {token_label(self.key, self.value, self.side)}"


def token_label(key: str, value: int | None = None, side: str | None = None) -> str:
    """A token as people name it: "Tuna 25", "Salmon (degraded)", "Eel"."""
    name = TOKEN_NAMES[key] + (f" {value}" if value is not None else "")
    return name + (" (degraded)" if side == "degraded" else "")


def spec_for(token: Any) -> TokenSpec:
    """One token (rules.auctions.Token) as a TokenSpec."""
    return TokenSpec(token.key, 1, token.value, token.side)


def stock_key(key: str) -> str:
    return "takoyaki" if key == "takoyaki" else MARKET_OF_TOKEN[key]


def bag_code(spec: TokenSpec) -> str:
    return f"{spec.key}:{spec.value}" if spec.value is not None else spec.key


def bag_known(t: Table, market: str) -> bool:
    """Whether the Auction bag's tokens of a bag fish are tracked: always for Spider Crab
    and Tuna; for Clams & Oysters only when the host entered the numbers (AMB-40)."""
    return bag_contents((market,), t.config.board_numbers) != ()


def take_from_market(t: Table, spec: TokenSpec) -> Table:
    """Remove tokens from their market (board, Red Snapper grid or Auction bag): the
    market's own object says how (rules/markets/)."""
    market = fish_market_in_play(t, MARKET_OF_TOKEN[spec.key], "fish")
    return _market(market).take_tokens(t, spec)


def return_to_market(t: Table, spec: TokenSpec) -> Table:
    """Tokens go back to their market (AMB-18): the bag for bag fish, else the board."""
    return _market(MARKET_OF_TOKEN[spec.key]).return_tokens(t, spec)


def overfish(t: Table, market: str) -> Table:
    """Mark a market Overfished: its barrels left on the board go to the box, and its
    effects on holders apply (fish-markets.md §13, §14, §17)."""
    t = replace(t, values=replace(t.values, overfished=t.values.overfished | {market}))
    if t.board_barrels.get(market):
        t = replace(t, board_barrels={**t.board_barrels, market: 0})
    return _market(market).on_overfished(t)


def auto_overfish(t: Table) -> Table:
    """A market whose tokens have all left its board (or the bag) is Overfished (AMB-21)."""
    for market in t.config.fish_markets:
        if market not in t.values.overfished and _market(market).tokens_exhausted(t):
            t = overfish(t, market)
    return t


def _market(market: str) -> Market:
    from .markets import MARKETS  # the markets use these helpers: import when asked

    return MARKETS[market]
