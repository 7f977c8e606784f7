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
from typing import Any

from ...catalogue import SAME_SHAPE, SUSHI_PRINTED_YEN, SUSHI_SIZES
from ...ledger import Run, refuse
from ...table import Table
from .base import External, on_place, place_message, token_of, tokens_onto


def sushi_price(t: Table, size: int) -> int | None:
    """The price of the place for ``size`` tokens: printed, or entered (AMB-40)."""
    if size in SUSHI_PRINTED_YEN:
        return SUSHI_PRINTED_YEN[size]
    entered = t.config.board_numbers.get("sushi", {}).get(f"yen_{size}")
    return None if entered is None else int(entered)


class Sushi(External):
    id = "sushi"
    visit_fields = ("groups",)
    hint = "ext.hint.sushi"

    def interact(self, run: Run, seat: int, a: Mapping[str, Any]) -> bool:
        raw = a.get("groups")
        if raw is None:
            return False
        if not isinstance(raw, list) or len(raw) > len(SUSHI_SIZES):
            raise refuse("ext.sushi_groups", "groups")
        for i, group in enumerate(raw):
            field = f"groups[{i}]"
            if not isinstance(group, list) or len(group) not in SUSHI_SIZES:
                raise refuse("ext.sushi_groups", field)
            specs = [token_of(c, f"{field}[{k}]") for k, c in enumerate(group)]
            shapes = [SAME_SHAPE.get(s.key, s.key) for s in specs]
            if len(set(shapes)) < len(shapes):
                raise refuse("ext.sushi_shapes", field)
            key = f"sushi.{len(specs)}"
            if on_place(run.t, key):
                raise refuse("ext.sushi_taken", field, place=place_message(key))
            price = sushi_price(run.t, len(specs))
            if price is None:
                raise refuse("ext.sushi_price", field, size=len(specs))
            tokens_onto(run, seat, specs, key, field)
            run.pay(None, seat, price, "sushi")
        return bool(raw)


MARKET = Sushi()
