"""Red Snapper (マダイ), base: 1 AP; licences ¥300; cannot sell. A bought barrel gives the
next token of the grid (column by column); every token is worth the lowest red number
revealed, ``ceil(remaining / 3)``, and a flat 2 once Red Snapper is Overfished — which
taking the last grid token makes it (fish-markets.md §6, AMB-10). Tokens never go back
onto the grid."""

from __future__ import annotations

from dataclasses import replace

from ..fish import Fish, MarketValues
from ..ledger import refuse
from ..resources import red_snapper_value
from ..table import Table
from ..tokens import TokenSpec
from .base import Market


class RedSnapper(Market):
    id = "red_snapper"

    def take_tokens(self, t: Table, spec: TokenSpec) -> Table:
        remaining = t.values.red_snapper_remaining
        if spec.count > remaining:
            raise refuse(
                "market_tokens_left", "count", market=self.id, left=remaining, fish=self.id
            )
        return replace(t, values=replace(t.values, red_snapper_remaining=remaining - spec.count))

    def return_tokens(self, t: Table, spec: TokenSpec) -> Table:
        return t  # a taken grid token never goes back

    def tokens_left(self, t: Table) -> int | None:
        return t.values.red_snapper_remaining

    def tokens_exhausted(self, t: Table) -> bool:
        return t.values.red_snapper_remaining == 0

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        overfished = self.id in values.overfished
        return red_snapper_value(values.red_snapper_remaining, overfished) * fish.red_snapper


MARKET = RedSnapper()
