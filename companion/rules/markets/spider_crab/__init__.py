"""Spider Crab (タカアシガニ), base: 1 AP; licences ¥800; tokens in the Auction bag. Each
token sold pays ``100 × R + 400`` and goes back into the bag. Barrels are not placed for
sale: every 2 unloaded in one Fishing action open a Spider Crab auction (fish-markets.md
§8, auctions.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line
from ...catalogue import SPIDER_CRAB_TOKENS, SPIDER_CRAB_VALUES
from ...ledger import Run
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..bag import BagMarket, sold_values


class SpiderCrab(BagMarket):
    id = "spider_crab"
    for_sale = False

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        super().sell(run, seat, {}, barrels)
        values = sold_values(sell, self.id, SPIDER_CRAB_VALUES, self)
        for v in values:
            run.tokens_out(seat, TokenSpec(self.id, 1, v), field="sell.spider_crab")
        if not values:
            return False
        yen = sum(self.numbers["sale_yen"] * v + self.numbers["sale_bonus"] for v in values)
        run.note("mv.sell", player=run.name(seat), count=len(values), fish=self.id, amount=yen)
        run.pay(None, seat, yen, "sale")
        return True

    def where_unloaded(self) -> str:
        return "docking_auction"

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [line("rc.bag", market=self.id, values=list(SPIDER_CRAB_TOKENS))]
        if section == "resources":
            return [line("rc.res.printed", fish=self.id, values=sorted(SPIDER_CRAB_VALUES))]
        return []

    def card_sales(self) -> list[Line]:
        n = self.numbers
        return [line("rc.sell.spider_crab", amount=n["sale_yen"], bonus=n["sale_bonus"])]


MARKET = SpiderCrab()
