"""Nori (海苔), Expansion: free once per turn (AMB-39), and only to take its free licence,
so not while holding one (AMB-37); cannot sell. Each Nori token is worth a tenth, rounded
down, of its holder's other fish (AMB-45). Overfished: every player pays ¥100 per Nori token
held, down to ¥0 (AMB-44) (fish-markets.md §14)."""

from __future__ import annotations

from ...cardlines import Line, line
from ...errors import IllegalAction
from ...fish import Fish, MarketValues
from ...ledger import refuse
from ...resources import nori_value, resources_by_fish
from ...setup import GameConfig
from ...table import Table
from ..base import Market


class Nori(Market):
    id = "nori"

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        p = t.players[seat]
        if p.licenses.get(self.id, 0):
            return refuse("nori_licence_held", "market", player=p.name)
        return None

    def on_overfished(self, t: Table) -> Table:
        penalty = self.numbers["overfished_penalty"]
        for i, p in enumerate(t.players):
            if p.fish.nori:
                t = t.with_player(i, yen=max(0, p.yen - penalty * p.fish.nori))
        return t

    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        by_fish = resources_by_fish(fish, values, salmon_owned)
        others = sum(v for k, v in by_fish.items() if k != self.id)
        return nori_value(others) * fish.nori

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "entry":
            return [line("rc.nori.entry", "reading", "AMB-37")]
        if section == "resources":
            return [line("rc.res.nori", "reading", "AMB-45", example=nori_value(38))]
        if section == "overfished":
            return [
                line(
                    "rc.of.nori",
                    "reading",
                    "AMB-44",
                    amount=self.numbers["overfished_penalty"],
                )
            ]
        return []

    def card_entry_printed(self) -> list[Line] | None:
        return [line("rc.entry.free", "reading", "AMB-39")]


MARKET = Nori()
