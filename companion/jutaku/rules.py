"""Tokyo Jutaku's exit calculator (shared/rules/tokyo-jutaku.md §3–§4), pure.

:func:`cash_exit` is §3.3's algorithm for one exit: what the carried items pay, line by
line, and the shop's prices after it. A whole game, which keeps those prices between
exits, is jutaku/game.py's.

>>> result = cash_exit(SETUP_PRICES, False, Carried.parse(
...     {"shirt_trousers": 2, "red": 1, "salmon": 1, "spider_crab": [6]}))
>>> result.payout, result.prices["shirt_trousers"], result.prices["red"], result.salmon_cashed
(2000, 200, 200, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import IllegalAction, Message
from .catalogue import (
    CATEGORIES,
    CLOTHING,
    MAX_CARRIED,
    PRICE_DROP,
    PRICE_FLOOR,
    PRICE_MAX,
    PRICE_STEP,
    SALMON_FIRST,
    SALMON_LATER,
    SALMON_PIECES,
    SETUP_PRICES,
    SPIDER_CRAB_PIECES,
    SPIDER_CRAB_VALUES,
    TUNA_PIECES,
    TUNA_VALUES,
    YEN_PER_PRINTED,
)

#: Everything a player may carry out, besides the categories with a price on a card.
EXTRAS = ("salmon", "spider_crab", "tuna", "detergent", "newspaper")
_PRINTED = {"spider_crab": SPIDER_CRAB_VALUES, "tuna": TUNA_VALUES}
_PIECES = {"salmon": SALMON_PIECES, "spider_crab": SPIDER_CRAB_PIECES, "tuna": TUNA_PIECES}


def _name(what: str) -> Message:
    return Message(f"jutaku.name.{what}")


def whole_in(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def prices_from(data: Mapping[str, object] | None, where: str = "prices") -> dict[str, int]:
    """Every category's price: the given ones checked (a multiple of ¥100 from ¥0 to
    ¥1,000), the missing ones at their setup price.

    >>> prices_from({"red": 100})["red"], prices_from({})["black"]
    (100, 200)
    """
    out = dict(SETUP_PRICES)
    for key, value in (data or {}).items():
        if key not in SETUP_PRICES:
            raise IllegalAction(
                Message("jutaku.unknown", {"name": str(key)[:40]}), f"{where}.{key}"
            )
        if not whole_in(value, 0, PRICE_MAX) or value % PRICE_STEP:  # type: ignore[operator]
            raise IllegalAction(
                Message(
                    "jutaku.price_value",
                    {"what": _name(key), "step": PRICE_STEP, "most": PRICE_MAX},
                ),
                f"{where}.{key}",
            )
        out[key] = int(value)  # type: ignore[call-overload]
    return out


@dataclass(frozen=True)
class Carried:
    """What a player carries out: a count per category (drink colours and stacks), the
    Salmon, the printed value of each Spider Crab and Tuna, detergents and newspapers."""

    counts: Mapping[str, int] = field(default_factory=dict)
    salmon: int = 0
    spider_crab: tuple[int, ...] = ()
    tuna: tuple[int, ...] = ()
    detergent: int = 0
    newspaper: int = 0

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str = "carried") -> Carried:
        """Checked: known names only, whole counts within what the box holds, printed
        values that exist."""
        counts: dict[str, int] = {}
        extras: dict[str, Any] = {}
        for key, value in data.items():
            at = f"{where}.{key}"
            if key in _PRINTED:
                values = _printed(key, value, at)
                extras[key] = values
                continue
            if key not in SETUP_PRICES and key not in EXTRAS:
                raise IllegalAction(Message("jutaku.unknown", {"name": str(key)[:40]}), at)
            most = _PIECES.get(key, MAX_CARRIED)
            if not whole_in(value, 0, most):
                raise IllegalAction(Message("jutaku.count", {"what": _name(key), "most": most}), at)
            if key in SETUP_PRICES:
                if value:
                    counts[key] = int(value)  # type: ignore[call-overload]
            else:
                extras[key] = value
        return cls(counts, **extras)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {c: self.counts[c] for c in CATEGORIES if self.counts.get(c)}
        for key in EXTRAS:
            value = getattr(self, key)
            if value:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


def _printed(key: str, value: object, at: str) -> tuple[int, ...]:
    allowed = _PRINTED[key]
    if not isinstance(value, list | tuple):
        raise IllegalAction(Message("jutaku.printed", {"what": _name(key), "values": allowed}), at)
    if len(value) > _PIECES[key]:
        raise IllegalAction(
            Message("jutaku.pieces", {"what": _name(key), "most": _PIECES[key]}), at
        )
    for i, v in enumerate(value):
        if not whole_in(v, 0, max(allowed)) or v not in allowed:
            raise IllegalAction(
                Message("jutaku.printed", {"what": _name(key), "values": allowed}), f"{at}[{i}]"
            )
    return tuple(sorted(value, reverse=True))


@dataclass(frozen=True)
class Line:
    """One line of a payout: ``what`` (a category, "detergent", "salmon", "spider_crab",
    "tuna", "newspaper"), how many, what each pays and the amount. ``of``: the category a
    detergent doubled; ``value``: a crab's or Tuna's printed value."""

    what: str
    count: int
    each: int
    amount: int
    of: str | None = None
    value: int | None = None

    def message(self) -> Message:
        if self.what == "detergent":
            if self.of is None:
                return Message("jutaku.line.detergent_unused", {"count": self.count})
            return Message("jutaku.line.detergent", {"what": _name(self.of), "amount": self.amount})
        if self.what == "salmon":
            side = "f" if self.each == SALMON_FIRST else "4"
            return Message(
                "jutaku.line.salmon",
                {"count": self.count, "each": self.each, "side": side, "amount": self.amount},
            )
        if self.what == "newspaper":
            return Message("jutaku.line.newspaper", {"count": self.count})
        values = {"count": self.count, "each": self.each, "amount": self.amount}
        if self.value is not None:
            return Message(
                "jutaku.line.printed", {**values, "what": _name(self.what), "value": self.value}
            )
        return Message("jutaku.line", {**values, "what": _name(self.what)})

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "item": self.what,
            "count": self.count,
            "each": self.each,
            "amount": self.amount,
        }
        if self.of is not None:
            out["doubles"] = self.of
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True)
class ExitResult:
    """One exit cashed: the payout and its lines, the prices before and after it, and
    whether somebody has now left the store with Salmon."""

    payout: int
    lines: tuple[Line, ...]
    prices_before: Mapping[str, int]
    prices: Mapping[str, int]
    salmon_cashed: bool
    newspapers: int

    def dropped(self) -> list[str]:
        """The categories whose price fell with this exit."""
        return [c for c in CATEGORIES if self.prices[c] != self.prices_before[c]]


def salmon_price(salmon_cashed: bool) -> int:
    """¥500 per Salmon while nobody has left with Salmon, ¥400 after (AMB-J6)."""
    return SALMON_LATER if salmon_cashed else SALMON_FIRST


def cash_exit(prices: Mapping[str, int], salmon_cashed: bool, carried: Carried) -> ExitResult:
    """§3.3: each drink, clothing, linen and appliance item pays its category's current
    price; each detergent doubles one clothing item, the dearest first, never two on
    one item (AMB-J7: appliances and drinks are not clothing; AMB-J3: the stack's
    price as it stands); Salmon pays ¥500 or ¥400; a Spider Crab or Tuna pays its printed
    value × ¥100; newspapers pay nothing and count for the tie-break. Then each category
    cashed drops by ¥100 once, whatever the count (AMB-J4), never below ¥0 (AMB-J5).

    >>> carried = Carried.parse({"bra_underwear_socks": 2, "shirt_trousers": 1, "detergent": 2})
    >>> cash_exit(SETUP_PRICES, False, carried).payout
    1200
    """
    prices = {c: prices[c] for c in CATEGORIES}
    lines: list[Line] = []
    for c in CATEGORIES:
        n = carried.counts.get(c, 0)
        if n:
            lines.append(Line(c, n, prices[c], n * prices[c]))
    clothing = sorted(
        (
            (prices[c], -CLOTHING.index(c), c)
            for c in CLOTHING
            for _ in range(carried.counts.get(c, 0))
        ),
        reverse=True,
    )
    doubled = clothing[: carried.detergent]
    lines.extend(Line("detergent", 1, price, price, of=c) for price, _, c in doubled)
    if carried.detergent > len(doubled):
        lines.append(Line("detergent", carried.detergent - len(doubled), 0, 0))
    if carried.salmon:
        each = salmon_price(salmon_cashed)
        lines.append(Line("salmon", carried.salmon, each, carried.salmon * each))
    for what in ("spider_crab", "tuna"):
        values: tuple[int, ...] = getattr(carried, what)
        for v in sorted(set(values), reverse=True):
            n = values.count(v)
            each = v * YEN_PER_PRINTED
            lines.append(Line(what, n, each, n * each, value=v))
    if carried.newspaper:
        lines.append(Line("newspaper", carried.newspaper, 0, 0))
    after = {
        c: max(PRICE_FLOOR, p - PRICE_DROP) if carried.counts.get(c) else p
        for c, p in prices.items()
    }
    return ExitResult(
        sum(line.amount for line in lines),
        tuple(lines),
        prices,
        after,
        salmon_cashed or carried.salmon > 0,
        carried.newspaper,
    )
