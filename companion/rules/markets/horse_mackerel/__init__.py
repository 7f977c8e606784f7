"""Horse Mackerel (アジ), Expansion: no printed entry cost, so free once per turn (AMB-39);
entering pays **no** licence holder; licences ¥200; cannot sell. One use of its licence
catches 1 Horse Mackerel barrel, or 1–2 Mackerel barrels. Overfished: every player takes
¥200 per Horse Mackerel token held (fish-markets.md §13)."""

from __future__ import annotations

from ...cardlines import Line, line
from ...setup import GameConfig
from ...table import Table
from ..base import Market


class HorseMackerel(Market):
    id = "horse_mackerel"

    def catches(self) -> dict[str, int]:
        return {self.id: 1, "mackerel": self.numbers["mackerel_per_licence"]}

    def brings_first(self, t: Table) -> str | None:
        """Overfished while Mackerel is not in play: Mackerel enters first (setup.md §7)."""
        return None if "mackerel" in t.config.fish_markets else "mackerel"

    def on_overfished(self, t: Table) -> Table:
        bonus = self.numbers["overfished_bonus"]
        for i, p in enumerate(t.players):
            if p.fish.horse_mackerel:
                t = t.with_player(i, yen=p.yen + bonus * p.fish.horse_mackerel)
        return t

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "special":
            return [
                line(
                    "rc.horse_mackerel.catch",
                    "reading",
                    "AMB-43",
                    count=self.numbers["mackerel_per_licence"],
                ),
                line("rc.horse_mackerel.start", "printed", "AMB-17"),
            ]
        if section == "overfished":
            return [line("rc.of.horse_mackerel", amount=self.numbers["overfished_bonus"])]
        return []

    def card_entry_printed(self) -> list[Line] | None:
        return [line("rc.entry.free", "reading", "AMB-39")]


MARKET = HorseMackerel()
