"""Sushi Shop (寿司屋), Expansion: entry not in the sources (AMB-40: a board number). Sell
any number of times, only into **empty** places: a group of 1–5 tokens, all of different
shapes, onto the place for that many tokens, for its price; the tokens stay. Mackerel and
Horse Mackerel are one shape, Clam and Oyster another; Octopus and Takoyaki differ
(AMB-55). Only the 3-token price is printed (¥700, [JA] example); the others are board
numbers (``yen_1`` …) (external-markets.md §17).

``{"groups": [[TOKEN, ...], ...]}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit
from ....args import TokenCode
from ....cardlines import Line, line, named, unprinted_yen
from ....external_catalogue import SUSHI_PRINTED_YEN, SUSHI_SIZES
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ..base import External
from ..pieces import on_place, places_full, token_of

#: Token keys of the same shape (never together in one Sushi place: AMB-55).
SAME_SHAPE: dict[str, str] = {"horse_mackerel": "mackerel", "oyster": "clam"}


def sushi_price(t: Table, size: int) -> int | None:
    """The price of the place for ``size`` tokens: printed, or entered (AMB-40)."""
    if size in SUSHI_PRINTED_YEN:
        return SUSHI_PRINTED_YEN[size]
    entered = t.config.board_numbers.get("sushi", {}).get(f"yen_{size}")
    return None if entered is None else int(entered)


@dataclass(frozen=True, kw_only=True)
class Groups:
    """Its visit: groups of 1–5 tokens of different shapes, by code."""

    groups: (
        Annotated[
            tuple[Annotated[tuple[TokenCode, ...], Limit(min_len=1, max_len=5)], ...],
            Limit(min_len=1, max_len=5),
        ]
        | None
    ) = None


class Sushi(External):
    id = "sushi"
    fields = Groups
    hint = "ext.hint.sushi"
    panel_name: ClassVar[str | None] = "sushi"

    def interact(self, run: Run, seat: int, a: Groups) -> bool:
        raw = a.groups
        if raw is None:
            return False
        if len(raw) > len(SUSHI_SIZES):
            raise refuse("ext.sushi_groups", "groups")
        for i, group in enumerate(raw):
            field = f"groups[{i}]"
            if len(group) not in SUSHI_SIZES:
                raise refuse("ext.sushi_groups", field)
            specs = [token_of(c, f"{field}[{k}]") for k, c in enumerate(group)]
            shapes = [SAME_SHAPE.get(s.key, s.key) for s in specs]
            if len(set(shapes)) < len(shapes):
                raise refuse("ext.sushi_shapes", field)
            key = f"sushi.{len(specs)}"
            if on_place(run.t, key):
                raise refuse("ext.sushi_taken", field, place=self.place_message(key))
            price = sushi_price(run.t, len(specs))
            if price is None:
                raise refuse("ext.sushi_price", field, size=len(specs))
            self.tokens_onto(run, seat, specs, key, field)
            run.pay(None, seat, price, "sushi")
        return bool(raw)

    def place_message(self, place: str) -> Message:
        return Message("place.sushi", {"size": int(place.partition(".")[2])})

    def crash_condition(self, t: Table) -> bool:
        return places_full(t, {f"sushi.{n}": 1 for n in SUSHI_SIZES})

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        places = []
        for size in SUSHI_SIZES:
            taken = bool(on_place(t, f"sushi.{size}"))
            places.append(
                {
                    "size": size,
                    "yen": sushi_price(t, size),
                    "taken": taken,
                    "choices": [
                        {
                            "name": f"groups[{size}].{x['code']}",
                            "label": x["name"],
                            "id": f"sushi-{size}-{i}",
                        }
                        for i, x in enumerate(tokens)
                    ]
                    if not taken
                    else [],
                }
            )
        return {"places": places}

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        entered = config.board_numbers.get(self.id, {}) if config else {}
        if section == "stock":
            return [
                line(
                    "rc.sushi.places",
                    "reading",
                    "AMB-55",
                    low=SUSHI_SIZES[0],
                    high=SUSHI_SIZES[-1],
                )
            ]
        if section == "sells":
            return [self._card_place(size, entered, config) for size in SUSHI_SIZES]
        if section == "special":
            return [
                line("rc.places_stay"),
                line(
                    "rc.sushi.shapes",
                    "reading",
                    "AMB-55",
                    pairs=[
                        Message("rc.same_shape", {"fish": a, "other": named(b)})
                        for a, b in SAME_SHAPE.items()
                    ],
                ),
            ]
        if section == "resources":
            return [line("rc.res.places")]
        return []

    def _card_place(self, size: int, entered: Mapping[str, int], config: GameConfig | None) -> Line:
        printed = SUSHI_PRINTED_YEN.get(size)
        if printed is not None:
            return line("rc.sushi.place", size=size, amount=printed)
        what = Message("rc.fig.sushi_place", {"size": size})
        return unprinted_yen(what, entered.get(f"yen_{size}"), config)


MARKET = Sushi()
