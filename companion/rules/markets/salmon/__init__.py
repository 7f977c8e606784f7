"""Salmon (サケ), base: ¥400; licences ¥400 (``min(P, 4)`` on the board: AMB-11); cannot
sell. A barrel bought from the upper row gives a fresh token, from the lower row a
degraded ("4") one. Fresh tokens are worth ``S``, the Salmon owned by all players; degraded
ones 4 (fish-markets.md §7)."""

from __future__ import annotations

from ...cardlines import Line, line
from ...fish import Fish, MarketValues
from ...ledger import Run
from ...resources import DEGRADED_SALMON_VALUE
from ...setup import GameConfig
from ...table import ForSale
from ...tokens import TokenSpec
from ..base import Market


class Salmon(Market):
    id = "salmon"

    def bought(self, run: Run, buyer: int, item: ForSale, row: str, draws: list[str]) -> None:
        run.barrels_back(self.id, 1)
        side = "fresh" if row == "upper" else "degraded"
        run.tokens_in(buyer, TokenSpec("salmon", 1, side=side), "barrels")

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        return salmon_owned * fish.salmon_fresh + DEGRADED_SALMON_VALUE * fish.salmon_degraded

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "special":
            return [line("rc.salmon.sides"), line("rc.salmon.boat")]
        if section == "resources":
            return [line("rc.res.salmon", "reading", "AMB-14", value=DEGRADED_SALMON_VALUE)]
        return []


MARKET = Salmon()
