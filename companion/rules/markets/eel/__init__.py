"""Eel (ウナギ), base: 1 AP; licences ¥500; sell k tokens for ``100 × k × V`` at the value
before the sale, then ``V −= 2k``; ``V += 1`` per Eel barrel unloaded and placed for sale;
clamped to 1..13 (fish-markets.md §2, AMB-09). Every Eel token is worth ``V``."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line
from ...catalogue import EEL_START, TRACK_MAX, TRACK_MIN
from ...fish import Fish, MarketValues
from ...ledger import Run
from ...messages import Message
from ...resources import clamp_track
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..base import Market


class Eel(Market):
    id = "eel"

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
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

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [
                line(
                    "rc.track_start", market=self.id, value=EEL_START, low=TRACK_MIN, high=TRACK_MAX
                )
            ]
        if section == "special":
            return [
                line("rc.eel.up", count=self.numbers["track_per_barrel_for_sale"]),
                line("rc.track_clamp", "reading", "AMB-09", low=TRACK_MIN, high=TRACK_MAX),
            ]
        if section == "resources":
            return [line("rc.res.track", market=self.id)]
        return []

    def card_sales(self) -> list[Line]:
        n = self.numbers
        return [
            line("rc.sell.eel", amount=n["sale_yen"], drop=n["track_per_token_sold"]),
            line(
                "rc.sell.eel_example",
                value=6,
                count=2,
                amount=n["sale_yen"] * 2 * 6,
                after=max(TRACK_MIN, 6 - n["track_per_token_sold"] * 2),
            ),
        ]

    def setup_more(self, config: GameConfig) -> list[Message]:
        return [Message("check.marker", {"value": EEL_START})]


MARKET = Eel()
