"""Fish tokens on the move between players' hands, market boards and the Auction bag.

Shared by the bookkeeping moves and the auctions (both take tokens from a market and
Overfish it when its last token leaves), so neither has to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from .catalogue import FISH_MARKETS, MARKET_OF_TOKEN
from .errors import IllegalAction
from .messages import Message, render
from .setup import bag_contents
from .table import Table

#: Horse Mackerel Overfished pays ¥200 per token held; Nori Overfished costs ¥100 per token
#: (printed in the catalogue; applied by rules/markets/horse_mackerel.py and nori.py).
HORSE_MACKEREL_BONUS = FISH_MARKETS["horse_mackerel"].numbers["overfished_bonus"]
NORI_PENALTY = FISH_MARKETS["nori"].numbers["overfished_penalty"]


def fish_market_in_play(t: Table, market: object, key: str = "market") -> str:
    if market not in FISH_MARKETS:
        raise IllegalAction(Message("bk.no_fish_market", {"name": repr(market)}), key)
    assert isinstance(market, str)
    if market not in t.config.fish_markets:
        raise IllegalAction(Message("bk.not_in_play", {"market": market}), key)
    return market


@dataclass(frozen=True)
class TokenSpec:
    key: str
    count: int
    value: int | None = None  # Spider Crab / Tuna printed value
    side: str | None = None  # Salmon: fresh / degraded

    def label(self) -> str:
        return render(self.message())

    def message(self) -> Message:
        """``2 Tuna 25``: the count and the token."""
        return Message(
            "token.count",
            {"count": self.count, "what": token_message(self.key, self.value, self.side)},
        )


def token_message(key: str, value: int | None = None, side: str | None = None) -> Message:
    """A token as people name it: "Tuna 25", "Salmon (degraded)", "Eel"."""
    if value is not None:
        return Message("token.valued", {"fish": key, "value": value})
    if side == "degraded":
        return Message("token.degraded", {"fish": key})
    return Message("token.name", {"fish": key})


def token_label(key: str, value: int | None = None, side: str | None = None) -> str:
    """:func:`token_message` in English (for views that show a token's name)."""
    return render(token_message(key, value, side))


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


def tokens_left(t: Table, market: str) -> int | None:
    """The tokens of this fish market a player can still take (``Market.tokens_left``);
    None: not counted."""
    return _market(market).tokens_left(t)


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


class Stock(Protocol):
    """What the token helpers ask of a fish market's board: its tokens taken, given back,
    counted, exhausted, and what becoming Overfished does (``rules.markets.base.Market``
    implements it)."""

    @property
    def id(self) -> str: ...

    def take_tokens(self, t: Table, spec: TokenSpec) -> Table: ...

    def return_tokens(self, t: Table, spec: TokenSpec) -> Table: ...

    def tokens_left(self, t: Table) -> int | None: ...

    def tokens_exhausted(self, t: Table) -> bool: ...

    def on_overfished(self, t: Table) -> Table: ...


#: Each fish market's board by market id, registered by the markets themselves
#: (``rules.markets``, which ``companion.rules`` imports first): the markets use these
#: helpers, so these helpers never import the markets.
STOCKS: dict[str, Stock] = {}


def register_stock(stock: Stock) -> None:
    STOCKS[stock.id] = stock


def _market(market: str) -> Stock:
    return STOCKS[market]
