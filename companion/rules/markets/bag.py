"""The fish markets whose tokens live in the Auction bag (Spider Crab, Tuna, Clams &
Oysters): their tokens are taken from and given back to the bag, and a sale names the
printed values sold."""

from __future__ import annotations

from dataclasses import replace

from ..args import Sales
from ..ledger import refuse
from ..table import Table
from ..tokens import TokenSpec, bag_code, bag_known
from .base import Market


class BagMarket(Market):
    """A market whose tokens live in the Auction bag (Spider Crab, Tuna, Clams & Oysters)."""

    def take_tokens(self, t: Table, spec: TokenSpec) -> Table:
        if not bag_known(t, self.id):
            return t  # not known: the host did not enter this board's numbers
        bag = list(t.bag)
        code = bag_code(spec)
        if bag.count(code) < spec.count:
            if spec.value is not None:
                raise refuse(
                    "bag_tokens_left_valued",
                    "count",
                    left=bag.count(code),
                    fish=spec.key,
                    value=spec.value,
                )
            raise refuse("bag_tokens_left", "count", left=bag.count(code), fish=spec.key)
        for _ in range(spec.count):
            bag.remove(code)
        return replace(t, bag=tuple(bag))

    def return_tokens(self, t: Table, spec: TokenSpec) -> Table:
        if not bag_known(t, self.id):
            return t
        return replace(t, bag=tuple(sorted(t.bag + (bag_code(spec),) * spec.count)))

    def in_bag(self, t: Table) -> list[str]:
        return [c for c in t.bag if c.split(":")[0] in self.data.token_keys]

    def tokens_left(self, t: Table) -> int | None:
        return len(self.in_bag(t)) if bag_known(t, self.id) else None

    def tokens_exhausted(self, t: Table) -> bool:
        return bag_known(t, self.id) and not self.in_bag(t)


def sold_values(sell: Sales, key: str, allowed: frozenset[int], market: Market) -> list[int]:
    """Spider Crab and Tuna sales name the printed values sold: ``{"tuna": [20, 15]}``."""
    market.count_sold({k: 0 for k in sell}, key)  # refuses other keys
    raw = sell.get(key)
    if raw is None:
        return []
    if not isinstance(raw, list) or any(v not in allowed or isinstance(v, bool) for v in raw):
        raise refuse("sell_list", f"sell.{key}", key=key)
    return [int(v) for v in raw]
