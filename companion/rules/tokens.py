"""Fish tokens on the move between players' hands, market boards and the Auction bag.

Shared by the bookkeeping moves and the auctions (both take tokens from a market and
Overfish it when its last token leaves), so neither has to import the other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .catalogue import FISH_MARKETS, MARKET_OF_TOKEN, TOKEN_NAMES
from .errors import IllegalAction
from .setup import bag_contents
from .table import Table

#: Horse Mackerel Overfished pays ¥200 per token held; Nori Overfished costs ¥100 per token.
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
    """Remove tokens from their market (board or Auction bag)."""
    market = fish_market_in_play(t, MARKET_OF_TOKEN[spec.key], "fish")
    if market == "red_snapper":
        remaining = t.values.red_snapper_remaining
        if spec.count > remaining:
            raise IllegalAction(f"only {remaining} Red Snapper tokens are left on the grid",
                                "count")
        values = replace(t.values, red_snapper_remaining=remaining - spec.count)
        return replace(t, values=values)
    if FISH_MARKETS[market].tokens_in_bag:
        if not bag_known(t, market):
            return t  # not known: the host did not enter this board's numbers
        bag = list(t.bag)
        code = bag_code(spec)
        if bag.count(code) < spec.count:
            raise IllegalAction(f"the Auction bag has {bag.count(code)} {spec.label()[2:]} "
                                "left", "count")
        for _ in range(spec.count):
            bag.remove(code)
        return replace(t, bag=tuple(bag))
    stock = t.board_tokens.get(stock_key(spec.key))
    if stock is None:
        return t  # not known: the host did not enter this board's numbers
    if stock < spec.count:
        raise IllegalAction(f"the {FISH_MARKETS[market].en} market has only {stock} "
                            f"{TOKEN_NAMES[spec.key]} tokens left", "count")
    board = dict(t.board_tokens)
    board[stock_key(spec.key)] = stock - spec.count
    return replace(t, board_tokens=board)


def return_to_market(t: Table, spec: TokenSpec) -> Table:
    """Tokens go back to their market (AMB-18): the bag for bag fish, else the board."""
    market = MARKET_OF_TOKEN[spec.key]
    if market == "red_snapper":
        return t  # Red Snapper tokens never return to the grid
    if FISH_MARKETS[market].tokens_in_bag:
        if not bag_known(t, market):
            return t
        return replace(t, bag=tuple(sorted(t.bag + (bag_code(spec),) * spec.count)))
    stock = t.board_tokens.get(stock_key(spec.key))
    if stock is None:
        return t
    board = dict(t.board_tokens)
    board[stock_key(spec.key)] = stock + spec.count
    return replace(t, board_tokens=board)


def overfish(t: Table, market: str) -> Table:
    """Mark a market Overfished with its effects on holders (fish-markets.md §13, §14)."""
    t = replace(t, values=replace(t.values, overfished=t.values.overfished | {market}))
    if market == "horse_mackerel":
        for i, p in enumerate(t.players):
            if p.fish.horse_mackerel:
                t = t.with_player(i, yen=p.yen + HORSE_MACKEREL_BONUS * p.fish.horse_mackerel)
    if market == "nori":
        for i, p in enumerate(t.players):
            if p.fish.nori:  # pays what they can, no debt (AMB-44)
                t = t.with_player(i, yen=max(0, p.yen - NORI_PENALTY * p.fish.nori))
    return t


def auto_overfish(t: Table) -> Table:
    """A market whose tokens have all left its board (or the bag) is Overfished (AMB-21)."""
    for market in t.config.fish_markets:
        if market in t.values.overfished:
            continue
        m = FISH_MARKETS[market]
        if market == "red_snapper":
            empty = t.values.red_snapper_remaining == 0
        elif m.tokens_in_bag:
            prefixes = tuple(f"{k}" for k in m.token_keys)
            empty = (bag_contents((market,), t.config.board_numbers) != ()
                     and not any(code.split(":")[0] in prefixes for code in t.bag))
        else:
            empty = t.board_tokens.get(market) == 0
        if empty:
            t = overfish(t, market)
    return t
