"""Red Snapper (マダイ), base: 1 AP; licences ¥300; cannot sell. A bought barrel gives the
next token of the grid (column by column); every token is worth the lowest red number
revealed, ``ceil(remaining / 3)``, and a flat 2 once Red Snapper is Overfished — which
taking the last grid token makes it (fish-markets.md §6, AMB-10). Tokens never go back
onto the grid."""

from __future__ import annotations

from dataclasses import replace

from ...cardlines import Line, line
from ...catalogue import RED_SNAPPER_GRID, RED_SNAPPER_TOKENS
from ...fish import Fish, MarketValues
from ...ledger import refuse
from ...messages import Message
from ...resources import OVERFISHED_RED_SNAPPER_VALUE, red_snapper_value
from ...setup import GameConfig
from ...table import Table
from ...tokens import TokenSpec
from ..base import Market


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

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "special":
            return [line("rc.red_snapper.grid", numbers=list(RED_SNAPPER_GRID))]
        if section == "resources":
            return [
                line(
                    "rc.res.red_snapper",
                    "reading",
                    "AMB-10",
                    start=red_snapper_value(RED_SNAPPER_TOKENS),
                    example=red_snapper_value(12),
                )
            ]
        if section == "overfished":
            return [
                line(
                    "rc.of.red_snapper",
                    "reading",
                    "AMB-10",
                    value=OVERFISHED_RED_SNAPPER_VALUE,
                )
            ]
        return []

    def card_stock_figure(self, what: str, config: GameConfig | None) -> list[Line] | None:
        if what == "tokens":
            return [line("rc.red_snapper.grid_tokens", count=RED_SNAPPER_TOKENS)]
        return None

    def setup_tokens(self, config: GameConfig, tokens: Message) -> Message:
        return Message("check.red_snapper", {"spots": RED_SNAPPER_TOKENS})


MARKET = RedSnapper()
