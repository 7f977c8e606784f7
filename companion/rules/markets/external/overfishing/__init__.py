"""Overfishing (乱獲), Expansion: a board for the scoring only, never visited. At the end,
+¥100 per token of a healthy market, −¥100 per token of an Overfished one (AMB-38)
(external-markets.md §15, turn-and-scoring.md). No guided visit: it is in
``rules.markets.external.BOARDS`` (its rules card) but not in ``EXTERNAL``.
"""

from __future__ import annotations

from typing import ClassVar

from ....cardlines import Line, line
from ....fish import Fish
from ....scoring import overfishing_step
from ....setup import GameConfig
from ..base import External


class Overfishing(External):
    id = "overfishing"
    visited: ClassVar[bool] = False

    def card_sections(self, config: GameConfig | None) -> dict[str, list[Line]]:
        step = overfishing_step(Fish(mackerel=1), frozenset())
        return {
            "entry": [line("rc.entry.cannot")],
            "sells": [line("rc.overfishing.step", "reading", "AMB-38", amount=step)],
            "special": [line("rc.overfishing.when")],
            "resources": [line("rc.res.overfishing", "reading", "AMB-38")],
        }


MARKET = Overfishing()
