"""Government (政府), base: no entry cost, at most once per turn, and not at all once both
places are full (AMB-37). Donate any tokens: the left place holds 3 and pays ¥300 each,
the right place holds 10 and pays ¥200 each, whatever the tokens' Resources. The tokens
stay on the board for the rest of the game — they never go back to their fish market, so
a market's stock and its Overfishing are not touched (external-markets.md §8).

``{"left": [TOKEN, ...], "right": [TOKEN, ...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ....args import TokenList
from ....cardlines import Line, line
from ....errors import IllegalAction
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ..base import External
from ..pieces import on_place, places_full, steppers, tokens_of

#: Its two places: (tokens each holds, ¥ per token whatever its Resources) (§8).
GOVERNMENT_PLACES: dict[str, tuple[int, int]] = {"left": (3, 300), "right": (10, 200)}


def room(t: Table, side: str) -> int:
    return GOVERNMENT_PLACES[side][0] - len(on_place(t, f"government.{side}"))


@dataclass(frozen=True, kw_only=True)
class Donations:
    """Its visit: the tokens donated to each place, by code."""

    left: TokenList | None = None
    right: TokenList | None = None


class Government(External):
    id = "government"
    fields = Donations
    hint = "ext.hint.government"
    panel_name: ClassVar[str | None] = "government"

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        if not any(room(t, side) for side in GOVERNMENT_PLACES):
            return refuse("ext.government_full", "market")
        return None

    def interact(self, run: Run, seat: int, a: Donations) -> bool:
        done = False
        for side, (_, yen) in GOVERNMENT_PLACES.items():
            specs = tokens_of(getattr(a, side), side)
            if not specs:
                continue
            left = room(run.t, side)
            if len(specs) > left:
                raise refuse(
                    "ext.place_room",
                    side,
                    place=self.place_message(f"government.{side}"),
                    left=left,
                )
            self.tokens_onto(run, seat, specs, f"government.{side}", side)
            run.pay(None, seat, yen * len(specs), "government")
            done = True
        return done

    def place_message(self, place: str) -> Message:
        return Message(f"place.government_{place.partition('.')[2]}", {})

    def crash_condition(self, t: Table) -> bool:
        return places_full(
            t, {f"government.{p}": size for p, (size, _) in GOVERNMENT_PLACES.items()}
        )

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        places = []
        for side, (size, yen) in GOVERNMENT_PLACES.items():
            left = room(t, side)
            places.append(
                {
                    "side": side,
                    "size": size,
                    "yen": yen,
                    "room": left,
                    "rows": steppers(side, tokens, left) if left else [],
                }
            )
        return {"places": places}

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "entry":
            return [line("rc.government.full", "reading", "AMB-37")]
        if section == "stock":
            return [line("rc.places", count=sum(c for c, _ in GOVERNMENT_PLACES.values()))]
        if section == "sells":
            return [
                *(
                    line(f"rc.government.{side}", count=count, amount=yen)
                    for side, (count, yen) in GOVERNMENT_PLACES.items()
                ),
                line(
                    "rc.government.total",
                    amount=sum(c * y for c, y in GOVERNMENT_PLACES.values()),
                ),
            ]
        if section == "special":
            return [line("rc.places_stay")]
        if section == "resources":
            return [line("rc.res.places")]
        return []


MARKET = Government()
