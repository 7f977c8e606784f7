"""Eel (ウナギ), base: 1 AP; licences ¥500; sell k tokens for ``100 × k × V`` at the value
before the sale, then ``V −= 2k``; ``V += 1`` per Eel barrel unloaded and placed for sale;
clamped to 1..13 (fish-markets.md §2, AMB-09). Every Eel token is worth ``V``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..fish import Fish, MarketValues
from ..ledger import Run
from ..resources import clamp_track
from ..tokens import TokenSpec
from .base import Market


class Eel(Market):
    id = "eel"

    def sell(self, run: Run, seat: int, sell: Mapping[str, Any], barrels: Sequence[Any]) -> bool:
        super().sell(run, seat, {}, barrels)
        k = self.count_sold(sell, "eel")
        if not k:
            return False
        value = run.t.values.eel
        yen = self.numbers["sale_yen"] * k * value
        run.tokens_out(seat, TokenSpec("eel", k), field="sell.eel")
        run.note("mv.sell", player=run.name(seat), count=k, fish="eel", amount=yen)
        run.pay(None, seat, yen, "sale")
        run.set_track("eel", clamp_track(value - self.numbers["track_per_token_sold"] * k))
        return True

    def unloaded(self, run: Run, seat: int, count: int, for_sale: int) -> None:
        up = self.numbers["track_per_barrel_for_sale"] * for_sale
        run.set_track("eel", clamp_track(run.t.values.eel + up))

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        return clamp_track(values.eel) * fish.eel


MARKET = Eel()
