"""Squid (イカ), base: 2 AP or 1 fish token of any kind (back to its market: AMB-18,
AMB-19); licences ¥300; ¥600 per token sold; Squid are worth 0 (fish-markets.md §9)."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line
from ...ledger import Run
from ...tokens import TokenSpec
from ..base import Market


class Squid(Market):
    id = "squid"

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        super().sell(run, seat, {}, barrels)
        k = self.count_sold(sell, "squid")
        if not k:
            return False
        yen = self.numbers["sale_yen"] * k
        run.tokens_out(seat, TokenSpec("squid", k), field="sell.squid")
        run.note("mv.sell", player=run.name(seat), count=k, fish="squid", amount=yen)
        run.pay(None, seat, yen, "sale")
        return True

    def card_sales(self) -> list[Line]:
        return [line("rc.sell.per_token", fish=self.id, amount=self.numbers["sale_yen"])]


MARKET = Squid()
