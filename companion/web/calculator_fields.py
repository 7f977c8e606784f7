"""The scoring calculator's fields: each counter of the form (a player's Yen and fish, a
market's value), with its name in the request's language and its bounds, in the order
the page shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import LazyString, lazy_gettext  # type: ignore[import-untyped]

from .. import catalogues
from ..i18n import current_lang, token_name
from ..rules.catalogue import (
    FISH_KEYS,
    FISH_MARKETS,
    MARKET_OF_TOKEN,
    RED_SNAPPER_TOKENS,
    SPIDER_CRAB_VALUES,
    TOKEN_NAMES,
    TRACK_MAX,
    TRACK_MIN,
    TUNA_VALUES,
)


def plain_local_name(key: str, suffix: str = "", en: str | None = None) -> str:
    """A fish or market's name in the request's language (the rulebook's Japanese)."""
    lang = current_lang()
    found = catalogues.name(key, lang) if lang != "en" else None
    return (found or en or TOKEN_NAMES.get(key, key)) + suffix


def local_name(key: str, suffix: str = "", en: str | None = None) -> Any:
    """:func:`plain_local_name`, looked up when shown (module-level labels outlive requests)."""
    return LazyString(plain_local_name, key, suffix, en)


class LocalNames(dict[str, Any]):
    """``TOKEN_NAMES`` for the templates, each in the request's language."""

    def get(self, key: str, default: Any = None) -> Any:
        return plain_local_name(key) if key in TOKEN_NAMES else default


@dataclass(frozen=True)
class Counter:
    """A − / + field. ``name`` is the form name after ``players[i].`` for player fields,
    or the whole form name for market fields."""

    name: str
    #: A lazy string: shown in the language of the request that renders it.
    label: Any
    min: int = 0
    max: int | None = None
    expansion: bool = False
    needs_bank: bool = False
    #: The printed value for Spider Crab / Tuna counters.
    printed: int | None = None


def _fish_counters() -> tuple[Counter, ...]:
    out: list[Counter] = []
    for key in FISH_KEYS:
        exp = FISH_MARKETS[MARKET_OF_TOKEN[key]].expansion
        if key == "salmon":
            out.append(Counter("fish.salmon.fresh", lazy_gettext("Salmon, fresh"), expansion=exp))
            out.append(
                Counter("fish.salmon.degraded", lazy_gettext("Salmon, degraded"), expansion=exp)
            )
        elif key in ("spider_crab", "tuna"):
            values = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
            for v in sorted(values):
                # As the table screen names the token: "Tuna 20", 「20」のマグロ (issue #21).
                label = LazyString(token_name, f"{key}:{v}")
                out.append(Counter(f"fish.{key}.{v}", label, expansion=exp, printed=v))
        else:
            out.append(Counter(f"fish.{key}", local_name(key), expansion=exp))
    return tuple(out)


BANK_COUNTERS = (
    Counter("loans", lazy_gettext("Loans"), needs_bank=True),
    Counter("shares", lazy_gettext("Shares"), needs_bank=True),
)
FISH_COUNTERS = _fish_counters()
PLAYER_COUNTERS = BANK_COUNTERS + FISH_COUNTERS
MARKET_COUNTERS = (
    Counter("markets.eel.value", lazy_gettext("Eel track"), TRACK_MIN, TRACK_MAX),
    Counter(
        "markets.swordfish.value",
        lazy_gettext("Swordfish track"),
        TRACK_MIN,
        TRACK_MAX,
        expansion=True,
    ),
    Counter(
        "markets.red_snapper.remaining", lazy_gettext("Red Snapper left"), 0, RED_SNAPPER_TOKENS
    ),
)
#: Fish markets that can be Overfished: (id, name, expansion).
OVERFISHABLE = tuple((m.id, local_name(m.id, en=m.en), m.expansion) for m in FISH_MARKETS.values())

# ASCII digits, two at most: ``\d`` also matches "²" and "١", which int() breaks on, and
# no table has more than six players.
