"""Fugu (フグ), base: 1 AP; one free licence, back to the board the moment its holder
unloads a Fugu barrel; sell any k of your Fugu for ``100 × k²`` (AMB-12); n Fugu are worth
``n²`` together (fish-markets.md §3). Buying your own degraded Fugu at the start of your
turn is in rules/turn.py."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line
from ...fish import Fish, MarketValues
from ...ledger import Run
from ...resources import fugu_resources
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..base import Market


class Fugu(Market):
    id = "fugu"

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        super().sell(run, seat, {}, barrels)
        k = self.count_sold(sell, "fugu")
        if not k:
            return False
        yen = self.numbers["sale_yen"] * k * k
        run.tokens_out(seat, TokenSpec("fugu", k), field="sell.fugu")
        run.note("mv.sell", player=run.name(seat), count=k, fish="fugu", amount=yen)
        run.pay(None, seat, yen, "sale")
        return True

    def unloaded(self, run: Run, seat: int, count: int, for_sale: int) -> None:
        if count:
            run.licence_back(seat, "fugu", run.player(seat).licenses.get("fugu", 0))

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        return fugu_resources(fish.fugu)

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "licences":
            return [line("rc.fugu.licence_back")]
        if section == "special":
            return [line("rc.fugu.self_buy", "reading", "AMB-05")]
        if section == "resources":
            return [line("rc.res.fugu", "reading", "AMB-13", example=fugu_resources(3))]
        return []

    def card_sales(self) -> list[Line]:
        n = self.numbers
        return [
            line("rc.sell.fugu", "reading", "AMB-12", amount=n["sale_yen"]),
            line("rc.sell.fugu_example", count=4, amount=n["sale_yen"] * 4 * 4),
        ]


MARKET = Fugu()
