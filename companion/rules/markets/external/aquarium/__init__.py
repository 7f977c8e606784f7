"""Aquarium (水族館), base: 2 AP. Sell any number of tokens into the places for their fish
while a place has room — Mackerel 4 × ¥300 (Horse Mackerel too, exp.), Fugu 2 × ¥500,
Octopus 1 × ¥500, Eel 1 × ¥600, Squid 2 × ¥600, Takoyaki 1 × ¥700, Salmon 1 × ¥700, Tuna
1 × ¥2,000; no place for the other fish. The tokens stay on the board for the rest of the
game (external-markets.md §4).

``{"tokens": [TOKEN, ...]}``, each into its fish's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....args import TokenList
from ....cardlines import Line, line, named
from ....external_catalogue import AQUARIUM_PLACE_OF, AQUARIUM_PLACES
from ....ledger import Run, refuse
from ....setup import GameConfig
from ....table import Table
from ....tokens import TokenSpec
from ..base import External
from ..pieces import Named, on_place, places_full, steppers, tokens_of


@dataclass(frozen=True, kw_only=True)
class Tokens:
    """Its visit: the tokens sold into their places, by code."""

    tokens: TokenList | None = None


class Aquarium(External):
    id = "aquarium"
    fields = Tokens
    hint = "ext.hint.aquarium"
    panel_name: ClassVar[str | None] = "aquarium"

    def places(self, run: Run) -> dict[str, tuple[int, int]]:
        """Place → (tokens it holds, ¥ per token)."""
        return dict(AQUARIUM_PLACES)

    def place_of(self, run: Run, spec: TokenSpec) -> str | None:
        return AQUARIUM_PLACE_OF.get(spec.key)

    def room_for(self, run: Run, place: str, specs: list[TokenSpec]) -> int:
        """How many of these tokens the place still takes."""
        size, _ = self.places(run)[place]
        return size - len(on_place(run.t, f"{self.id}.{place}"))

    def interact(self, run: Run, seat: int, a: Tokens) -> bool:
        specs = tokens_of(a.tokens, "tokens")
        by_place: dict[str, list[TokenSpec]] = {}
        for i, spec in enumerate(specs):
            place = self.place_of(run, spec)
            if place is None:
                raise refuse("ext.no_place", f"tokens[{i}]", market=self.id, fish=spec.key)
            by_place.setdefault(place, []).append(spec)
        for place, group in by_place.items():
            left = self.room_for(run, place, group)
            key = f"{self.id}.{place}"
            if len(group) > left:
                raise refuse("ext.place_room", "tokens", place=self.place_message(key), left=left)
            self.tokens_onto(run, seat, group, key, "tokens")
            run.pay(None, seat, self.places(run)[place][1] * len(group), "aquarium")
        return bool(specs)

    def crash_condition(self, t: Table) -> bool:
        return places_full(t, {f"aquarium.{p}": size for p, (size, _) in AQUARIUM_PLACES.items()})

    def panel_places(self, sizes: dict[str, tuple[int, int]]) -> dict[str, str]:
        """Token key → its place, for the places of the panel."""
        return dict(AQUARIUM_PLACE_OF)

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        sizes = self.places(Run(t))
        place_of = self.panel_places(sizes)
        places = []
        for fish, (size, yen) in sizes.items():
            room = size - len(on_place(t, f"{self.id}.{fish}"))
            mine = [x for x in tokens if place_of.get(x["key"]) == fish]
            places.append(
                {
                    "fish": fish,
                    "name": Named(fish),
                    "size": size,
                    "yen": yen,
                    "room": room,
                    "rows": steppers("tokens", mine, room) if room else [],
                }
            )
        return {"places": places, "unknown": not sizes}

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [line("rc.places", count=sum(c for c, _ in AQUARIUM_PLACES.values()))]
        if section == "sells":
            return [
                *(
                    line("rc.aquarium.place", fish=fish, count=count, amount=yen)
                    for fish, (count, yen) in AQUARIUM_PLACES.items()
                ),
                *(
                    line("rc.aquarium.shared", fish=key, place=named(place))
                    for key, place in AQUARIUM_PLACE_OF.items()
                    if key != place
                ),
                line("rc.aquarium.total", amount=sum(c * y for c, y in AQUARIUM_PLACES.values())),
            ]
        if section == "special":
            return [line("rc.places_stay")]
        if section == "resources":
            return [line("rc.res.places")]
        return []


MARKET = Aquarium()
