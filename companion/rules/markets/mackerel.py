"""Mackerel (サバ), base: 1 AP; licences ¥100, at most 1 per entry; ¥100 per 2 items
returned — Mackerel tokens and Mackerel barrels from your own Harbor board, either row
(fish-markets.md §4; AMB-16: only whole pairs pay)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..ledger import Run, refuse
from ..tokens import TokenSpec
from .base import Market, price_of


class Mackerel(Market):
    id = "mackerel"
    buys_own_barrels = True

    def sell(self, run: Run, seat: int, sell: Mapping[str, Any], barrels: Sequence[Any]) -> bool:
        tokens = self.count_sold(sell, "mackerel")
        if not isinstance(barrels, list | tuple):
            raise refuse("sell_barrels_only_mackerel", "sell_barrels")
        if tokens:
            run.tokens_out(seat, TokenSpec("mackerel", tokens), field="sell.mackerel")
        for k, b in enumerate(barrels):
            where = f"sell_barrels[{k}]"
            if not isinstance(b, Mapping) or b.get("row") not in ("upper", "lower"):
                raise refuse("bad_field", where, field=where, kind="kind.mackerel_sale")
            run.harbor_take(seat, str(b["row"]), "mackerel", price_of(b.get("price"), where), where)
            run.barrels_back("mackerel", 1)
        items = tokens + len(barrels)
        if not items:
            return False
        per = self.numbers["sale_items"]
        yen = self.numbers["sale_yen"] * (items // per)
        run.note("mv.sell", player=run.name(seat), count=items, fish="mackerel", amount=yen)
        if items % per:
            # AMB-16: only whole pairs pay; the preview says so before the player confirms.
            run.note("mv.left_over", count=items % per, per=per, fish="mackerel")
        run.pay(None, seat, yen, "sale")
        return True


MARKET = Mackerel()
