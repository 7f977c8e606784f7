"""Swordfish (メカジキ), Expansion: entry NOT IN SOURCE (AMB-40); licences ¥600; tokens on
the board. Selling k pays ``100 × k × V`` and ¥200 once per visit (AMB-46), the tokens go
to the **box**, then ``V −= k`` (clamped). Barrels are not placed for sale: every 2 unloaded
in one Fishing action open a Swordfish auction with a token from the board, after which
the marker moves ±2 (fish-markets.md §16, auctions.md §4). Tokens are worth ``V``."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...auctions import SWORDFISH_STEP
from ...cardlines import Line, line
from ...catalogue import SWORDFISH_START, TRACK_MAX, TRACK_MIN
from ...fish import Fish, MarketValues
from ...ledger import Run
from ...messages import Message
from ...resources import clamp_track
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..base import Market, whole


class Swordfish(Market):
    id = "swordfish"
    for_sale = False
    sold_to = "box"
    successive_sales = True

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        """``{"swordfish": k}``, or successive sales in one visit ``{"swordfish": [2, 1]}``
        (each at the value left by the one before; the ¥200 once per visit: AMB-46)."""
        super().sell(run, seat, {}, barrels)
        raw = sell.get(self.id)
        sales = raw if isinstance(raw, list) else [self.count_sold(sell, self.id)]
        self.count_sold({k: 0 for k in sell}, self.id)  # refuses other keys
        counts = [whole(k, "sell.swordfish") for k in sales if k != 0]
        for k in counts:
            value = run.t.values.swordfish
            yen = self.numbers["sale_yen"] * k * value
            run.tokens_out(seat, TokenSpec(self.id, k), "box", field="sell.swordfish")
            run.note("mv.sell", player=run.name(seat), count=k, fish=self.id, amount=yen)
            run.pay(None, seat, yen, "sale")
            run.set_track(
                "swordfish", clamp_track(value - self.numbers["track_per_token_sold"] * k)
            )
        if counts:
            run.pay(None, seat, self.numbers["visit_bonus"], "swordfish_bonus")
        return bool(counts)

    def where_unloaded(self) -> str:
        return "docking_auction"

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        return clamp_track(values.swordfish) * fish.swordfish

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [
                line(
                    "rc.track_start",
                    market=self.id,
                    value=SWORDFISH_START,
                    low=TRACK_MIN,
                    high=TRACK_MAX,
                )
            ]
        if section == "special":
            return [
                line(
                    "rc.swordfish.marker",
                    "reading",
                    "AMB-47",
                    step=SWORDFISH_STEP,
                    yen=self.numbers["sale_yen"],
                ),
                line("rc.track_clamp", "reading", "AMB-09", low=TRACK_MIN, high=TRACK_MAX),
            ]
        if section == "resources":
            return [line("rc.res.track", market=self.id)]
        return []

    def card_sales(self) -> list[Line]:
        n = self.numbers
        return [
            line(
                "rc.sell.swordfish",
                "reading",
                "AMB-46",
                amount=n["sale_yen"],
                bonus=n["visit_bonus"],
                drop=n["track_per_token_sold"],
            )
        ]

    def setup_more(self, config: GameConfig) -> list[Message]:
        return [Message("check.marker", {"value": SWORDFISH_START})]


MARKET = Swordfish()
