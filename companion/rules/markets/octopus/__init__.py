"""Octopus (タコ) and Takoyaki (たこ焼き), base: ¥200, 2 AP or 1 Takoyaki token (owned, or
one you have for sale on your Harbor); licences ¥300; cannot sell; trade each Octopus token
returned for 3 Takoyaki put for sale on your Harbor at prices you choose (as many as the
board has left). Takoyaki never degrade; a buyer takes the Takoyaki token itself
(fish-markets.md §5). Overfished by Octopus barrels/tokens only (Takoyaki ignored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from ....engine.args import Limit
from ...args import MAX_ITEMS, Count, Price
from ...cardlines import Line, line
from ...catalogue import TAKOYAKI_TOKENS
from ...ledger import Run, refuse
from ...messages import Message
from ...setup import GameConfig, board_figure
from ...table import ForSale
from ...tokens import TokenSpec, take_from_market
from ..base import Market, price_of, setup_count, whole

TAKOYAKI = "takoyaki"


@dataclass(frozen=True, kw_only=True)
class Takoyaki:
    """Its visit: ``"trade": k`` Octopus tokens traded for Takoyaki,
    ``"takoyaki_prices": [YEN, ...]`` one per Takoyaki."""

    trade: Count | None = None
    takoyaki_prices: Annotated[tuple[Price, ...], Limit(max_len=MAX_ITEMS)] | None = None


class Octopus(Market):
    id = "octopus"
    fields = Takoyaki

    def special(self, run: Run, seat: int, a: Takoyaki) -> bool:
        if a.trade is None:
            if a.takoyaki_prices:
                raise refuse("takoyaki_count", "takoyaki_prices", octopus=0, gets=0)
            return False
        k = whole(a.trade, "trade")
        left = run.t.board_tokens.get(TAKOYAKI)
        gets = self.numbers["takoyaki_per_octopus"] * k
        if left is not None:
            gets = min(gets, left)
        prices = a.takoyaki_prices
        if prices is None or len(prices) != gets:
            raise refuse("takoyaki_count", "takoyaki_prices", octopus=k, gets=gets)
        run.tokens_out(seat, TokenSpec("octopus", k), field="trade")
        if gets:  # from the Octopus board straight onto the Harbor, for sale
            run.t = take_from_market(run.t, TokenSpec(TAKOYAKI, gets))
        for n, price in enumerate(prices):
            run.harbor_add(
                seat, "upper", ForSale(TAKOYAKI, price_of(price, f"takoyaki_prices[{n}]"))
            )
        return True

    def degrades(self, item: ForSale) -> bool:
        return item.fish != TAKOYAKI

    def bought(self, run: Run, buyer: int, item: ForSale, row: str, draws: list[str]) -> None:
        if item.fish == TAKOYAKI:  # the token itself changes hands; no market involved
            run.holding(buyer, TokenSpec(TAKOYAKI, 1), 1, "barrels")
            run.note("mv.token_in", player=run.name(buyer), count=1, fish=TAKOYAKI, where="harbor")
            return
        super().bought(run, buyer, item, row, draws)

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [line("rc.octopus.takoyaki_stock", count=TAKOYAKI_TOKENS)]
        if section == "special":
            return [line("rc.octopus.takoyaki")]
        if section == "resources":
            return [line("rc.res.takoyaki_for_sale", "reading", "AMB-06")]
        return []

    def card_sales(self) -> list[Line]:
        return [
            *super().card_sales(),
            line("rc.octopus.trade", count=self.numbers["takoyaki_per_octopus"]),
        ]

    def card_overfished_when(self) -> Line:
        return line("rc.of.octopus")

    def setup_tokens(self, config: GameConfig, tokens: Message) -> Message:
        octopus = setup_count(board_figure(config, self.id, "tokens"), "check.octopus_tokens")
        return Message("check.octopus", {"tokens": octopus, "takoyaki": TAKOYAKI_TOKENS})


MARKET = Octopus()
