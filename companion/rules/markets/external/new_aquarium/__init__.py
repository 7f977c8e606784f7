"""New Aquarium (新水族館), Expansion: entry by 1 barrel of any fish you have for sale on
your Harbor, which goes back to its market (``{"barrel": {...}}``). Then as at the Aquarium:
tokens into the places with room, for the places' prices; they stay. Its places and prices
are not in the sources (AMB-40): the host enters them as board numbers — per fish, the
tokens a place holds (``<fish>``) and its price (``<fish>_yen``); the Clams & Oysters place
holds one clam and one oyster (its price ``clams_oysters_yen``) (external-markets.md §14).
It is always in play with the Aquarium.

``{"tokens": [TOKEN, ...]}``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ....cardlines import Line, line, unprinted, unprinted_yen
from ....catalogue import MARKET_OF_TOKEN
from ....external_catalogue import NEW_AQUARIUM_FISH
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ....tokens import TokenSpec
from ..aquarium import Aquarium
from ..pieces import on_place, places_full, spec_of

CLAMS = "clams_oysters"
MARKET_ID = "new_aquarium"


def sizes(t: Table) -> dict[str, int]:
    """New Aquarium's places whose size is known, fish → tokens it holds: the Clams &
    Oysters place holds 2 (printed); the others are board numbers the host entered
    (AMB-40), 0 for a fish the board has no place for."""
    entered = t.config.board_numbers.get(MARKET_ID, {})
    out: dict[str, int] = {}
    for fish in NEW_AQUARIUM_FISH:
        size = 2 if fish == CLAMS else entered.get(fish)
        if size is not None:
            out[fish] = int(size)
    return out


class NewAquarium(Aquarium):
    id = MARKET_ID
    hint = "ext.hint.aquarium"

    def places(self, run: Run) -> dict[str, tuple[int, int]]:
        entered = run.t.config.board_numbers.get(self.id, {})
        return {
            fish: (size, int(entered[f"{fish}_yen"]))
            for fish, size in sizes(run.t).items()
            if size and entered.get(f"{fish}_yen") is not None
        }

    def place_of(self, run: Run, spec: TokenSpec) -> str | None:
        fish = MARKET_OF_TOKEN[spec.key]
        if fish not in NEW_AQUARIUM_FISH:
            return None
        if fish not in self.places(run):
            if sizes(run.t).get(fish) == 0:
                return None  # entered as 0: the board has no place for this fish
            raise refuse("ext.new_aquarium_unknown", "tokens", fish=fish)
        return fish

    def room_for(self, run: Run, place: str, specs: list[TokenSpec]) -> int:
        if place != CLAMS:
            return super().room_for(run, place, specs)
        there = [spec_of(c).key for c in on_place(run.t, f"{self.id}.{place}")]
        for key in ("clam", "oyster"):
            if there.count(key) + sum(1 for s in specs if s.key == key) > 1:
                return 0
        return 2 - len(there)

    def crash_condition(self, t: Table) -> bool:
        # Every place must be known to be full: with a place whose size the host never
        # entered, the app cannot tell (TC-09).
        places = {f"{self.id}.{fish}": size for fish, size in sizes(t).items()}
        return len(places) == len(NEW_AQUARIUM_FISH) and places_full(t, places)

    def panel_places(self, sizes: dict[str, tuple[int, int]]) -> dict[str, str]:
        return {k: v for k, v in MARKET_OF_TOKEN.items() if v in sizes}

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        entered = config.board_numbers.get(self.id, {}) if config else {}
        if section == "sells":
            return [self._card_place(fish, entered, config) for fish in NEW_AQUARIUM_FISH]
        if section == "special":
            return [line("rc.places_stay"), line("rc.new_aquarium.pair", "reading", "AMB-51")]
        if section == "resources":
            return [line("rc.res.places")]
        return []

    def _card_place(self, fish: str, entered: Mapping[str, int], config: GameConfig | None) -> Line:
        if fish == CLAMS:
            return unprinted_yen(Message("rc.fig.na_clams", {}), entered.get(f"{fish}_yen"), config)
        size, price = entered.get(fish), entered.get(f"{fish}_yen")
        if config is not None and size is not None and price is not None:
            return line(
                "rc.new_aquarium.place", "entered", "AMB-40", fish=fish, count=size, amount=price
            )
        return unprinted(Message("rc.fig.na_place", {"fish": fish}), None, config)


MARKET = NewAquarium()
