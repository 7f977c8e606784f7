"""The pieces every external market's rules share (rules/markets/external/base.py's
``External`` uses them too): the board's stock (``stock_left``, ``move_stock``), a
visit's counts and token lists by their codes (``token_of``, ``tokens_of``, ``code_of``,
``spec_of`` …), the tokens on a board's places, and what a market's form and panel read
(``Named``, ``steppers``).

Tokens are named as token codes, as in an auction lot: a fish key (``"eel"``,
``"takoyaki"``), ``"spider_crab:6"``, ``"tuna:20"``, ``"salmon"`` (fresh) or
``"salmon:degraded"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    SPIDER_CRAB_VALUES,
    TUNA_VALUES,
)
from ...external_catalogue import table_stock
from ...fish import Fish
from ...ledger import Run, refuse
from ...messages import Message
from ...table import Table
from ...tokens import TokenSpec
from ..base import whole

#: Most tokens one list of a visit may name (a player holds no more of all kinds).
MAX_TOKENS = 60


# -- the board's stock ----------------------------------------------------------------------------


def stock_left(t: Table, key: str) -> int:
    """What the board ``market.item`` holds (``ships.two_slot``, ``bank.loans``): the table's
    count, or, for a market whose stock the table never counted (one that entered mid-game
    by ``add_market``), its printed stock."""
    if key in t.stock:
        return t.stock[key]
    market = key.split(".", 1)[0]
    if market not in EXTERNAL_MARKETS:
        return 0
    return table_stock(market, t.config.player_count, t.config.variants).get(key, 0)


def move_stock(run: Run, key: str, delta: int) -> None:
    run.t = replace(run.t, stock={**run.t.stock, key: stock_left(run.t, key) + delta})


# -- counts and token lists of a visit --------------------------------------------------------


def count(n: int | None, key: str, high: int = 30) -> int:
    """A count 0..high of the visit (0 when left out)."""
    return whole(n or 0, key, 0, high)


def token_of(code: object, field: str) -> TokenSpec:
    """One token code as a TokenSpec of one token."""
    if not isinstance(code, str):
        raise refuse("ext.token_code", field, code=repr(code))
    key, _, rest = code.partition(":")
    if key not in FISH_KEYS:
        raise refuse("ext.token_code", field, code=code)
    if key in ("spider_crab", "tuna"):
        allowed = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
        if not (rest.isascii() and rest.isdigit()) or int(rest) not in allowed:
            values = sorted(allowed)
            raise refuse(
                "ext.token_value",
                field,
                fish=key,
                fish_id=key,
                values=", ".join(map(str, values)),
                first=values[-1],
            )
        return TokenSpec(key, 1, int(rest))
    if key == "salmon":
        if rest not in ("", "fresh", "degraded"):
            raise refuse("ext.token_code", field, code=code)
        return TokenSpec(key, 1, side="degraded" if rest == "degraded" else "fresh")
    if rest:
        raise refuse("ext.token_code", field, code=code)
    return TokenSpec(key, 1)


def tokens_of(codes: tuple[str, ...] | None, key: str) -> list[TokenSpec]:
    """The tokens of a list of token codes of the visit (none when left out)."""
    if codes is None:
        return []
    if len(codes) > MAX_TOKENS:
        raise refuse("ext.token_list", key, field=key)
    return [token_of(code, f"{key}[{i}]") for i, code in enumerate(codes)]


def code_of(spec: TokenSpec) -> str:
    """The token code of one token (``tuna:20``, ``salmon:degraded``, ``eel``)."""
    if spec.value is not None:
        return f"{spec.key}:{spec.value}"
    if spec.key == "salmon" and spec.side == "degraded":
        return "salmon:degraded"
    return spec.key


def held_codes(fish: Fish) -> list[tuple[TokenSpec, int]]:
    """The tokens a player holds, one token per code and how many of it: Spider Crab and
    Tuna by printed value, Salmon by side."""
    out: list[tuple[TokenSpec, int]] = []
    for key in fish.held():
        if key in ("spider_crab", "tuna"):
            values: tuple[int, ...] = getattr(fish, key)
            out += [(TokenSpec(key, 1, v), values.count(v)) for v in sorted(set(values))]
        elif key == "salmon":
            out += [
                (TokenSpec(key, 1, side=side), n)
                for side, n in (("fresh", fish.salmon_fresh), ("degraded", fish.salmon_degraded))
                if n
            ]
        else:
            out.append((TokenSpec(key, 1), fish.count(key)))
    return out


def spec_of(code: str) -> TokenSpec:
    """The token of a code on a board (written by ``code_of``)."""
    return token_of(code, "places")


def token_message(spec: TokenSpec) -> Message:
    """A token as people name it, in any language: "Tuna 20", "Salmon (degraded)"."""
    if spec.value is not None:
        return Message("ext.token_valued", {"fish": spec.key, "value": spec.value})
    if spec.key == "salmon" and spec.side == "degraded":
        return Message("ext.token", {"fish": "salmon_degraded"})
    return Message("ext.token", {"fish": spec.key})


# -- tokens onto and off the places of a board ------------------------------------------------


def on_place(t: Table, place: str) -> tuple[str, ...]:
    return t.places.get(place, ())


def places_full(t: Table, places: Mapping[str, int]) -> bool:
    """Whether every place (key → tokens it holds) is full (a crash condition)."""
    return all(len(on_place(t, key)) >= size for key, size in places.items())


@dataclass(frozen=True)
class Named:
    """A fish, boat or market id in a panel, named by the edge in the viewer's language."""

    key: str


def steppers(
    prefix: str, tokens: list[dict[str, Any]], room: int | None = None
) -> list[dict[str, Any]]:
    """A panel's token steppers, one per token code the player holds."""
    return [
        {
            "name": f"{prefix}.{x['code']}",
            "label": x["name"],
            "max": x["count"] if room is None else min(x["count"], room),
            "held": x["count"],
        }
        for x in tokens
    ]
