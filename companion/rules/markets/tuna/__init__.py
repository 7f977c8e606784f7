"""Tuna (マグロ), base: 1 AP; licences ¥1,000; tokens in the Auction bag. Selling pays
``100 × Σ R`` of the tokens sold, which go back into the bag. Barrels are not placed for
sale: every 3 unloaded in one Fishing action open a Tuna auction (fish-markets.md §10)."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line
from ...catalogue import TUNA_TOKENS, TUNA_VALUES
from ...ledger import Run
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..bag import BagMarket, sold_values


class Tuna(BagMarket):
    id = "tuna"
    for_sale = False

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        super().sell(run, seat, {}, barrels)
        values = sold_values(sell, self.id, TUNA_VALUES, self)
        for v in values:
            run.tokens_out(seat, TokenSpec(self.id, 1, v), field="sell.tuna")
        if not values:
            return False
        yen = self.numbers["sale_yen"] * sum(values)
        run.note("mv.sell", player=run.name(seat), count=len(values), fish=self.id, amount=yen)
        run.pay(None, seat, yen, "sale")
        return True

    def where_unloaded(self) -> str:
        return "docking_auction"

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [line("rc.bag", market=self.id, values=list(TUNA_TOKENS))]
        if section == "resources":
            return [line("rc.res.printed", fish=self.id, values=sorted(TUNA_VALUES))]
        return []

    def card_sales(self) -> list[Line]:
        return [line("rc.sell.tuna", amount=self.numbers["sale_yen"])]


MARKET = Tuna()
