"""Barter (物々交換), base: 1 AP; one offer per entry. Put up a lot of your tokens; every
other player makes one sealed offer (¥0 allowed); you accept any one offer, or none (the
lot comes back). No fee, no matching (external-markets.md §7, auctions.md). The sealed
offers and the choice are rules/auctions.py's, through the auction endpoints.

``{"lot": [TOKEN, ...]}``.
"""

from __future__ import annotations

from ....cardlines import Line, line
from ....setup import GameConfig
from ..auction import Lot


class Barter(Lot):
    id = "barter"
    hint = "ext.hint.lot"
    kind = "barter"

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [line("rc.barter.result")]
        if section == "special":
            return [line("rc.lot.sealed", "reading", "AMB-02")]
        if section == "resources":
            return [line("rc.res.barter")]
        return []


MARKET = Barter()
