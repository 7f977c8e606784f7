"""What a player owns: fish tokens, and the market values that price them."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from .catalogue import EEL_START, FISH_KEYS, RED_SNAPPER_TOKENS, SWORDFISH_START

#: Token keys whose holdings are a plain count.
COUNT_KEYS: tuple[str, ...] = (
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "takoyaki",
    "red_snapper",
    "squid",
    "clam",
    "oyster",
    "himono",
    "horse_mackerel",
    "nori",
    "sardine",
    "swordfish",
)


@dataclass(frozen=True)
class Fish:
    """The fish tokens one player owns (tokens for sale on a Harbor are not here: AMB-06).

    Spider Crab and Tuna are kept as their printed values, Salmon by side.
    """

    mackerel: int = 0
    eel: int = 0
    fugu: int = 0
    octopus: int = 0
    takoyaki: int = 0
    red_snapper: int = 0
    salmon_fresh: int = 0
    salmon_degraded: int = 0
    spider_crab: tuple[int, ...] = ()
    squid: int = 0
    tuna: tuple[int, ...] = ()
    clam: int = 0
    oyster: int = 0
    himono: int = 0
    horse_mackerel: int = 0
    nori: int = 0
    sardine: int = 0
    swordfish: int = 0

    @cached_property
    def counts(self) -> dict[str, int]:
        """Tokens held per fish key, held keys only, in snapshot order (computed once: a
        Fish never changes)."""
        out: dict[str, int] = {}
        for key in FISH_KEYS:
            if key == "salmon":
                n = self.salmon_fresh + self.salmon_degraded
            elif key in ("spider_crab", "tuna"):
                n = len(getattr(self, key))
            else:
                n = getattr(self, key)
            if n:
                out[key] = n
        return out

    def count(self, key: str) -> int:
        """Number of tokens held under a snapshot fish key."""
        if key not in _KEYS:
            raise KeyError(key)
        return self.counts.get(key, 0)

    def token_count(self) -> int:
        """All tokens held, of every kind (the Overfishing market counts tokens)."""
        return sum(self.counts.values())

    def held(self) -> tuple[str, ...]:
        """Fish keys of which at least one token is held, in snapshot order."""
        return tuple(self.counts)

    def add(
        self, key: str, count: int, value: int | None = None, side: str | None = None
    ) -> Fish | None:
        """A copy with ``count`` more tokens of one kind (fewer when negative), or None
        when the player does not hold the tokens to remove. Spider Crab and Tuna tokens
        are named by their printed ``value``, Salmon by ``side`` (fresh / degraded)."""
        changes: dict[str, Any] = {}
        if key in ("spider_crab", "tuna"):
            held = list(getattr(self, key))
            if count > 0:
                held += [value] * count
            for _ in range(-count):
                if value not in held:
                    return None
                held.remove(value)
            changes[key] = tuple(sorted(held))
        else:
            attr = key if key != "salmon" else f"salmon_{side or 'fresh'}"
            have: int = getattr(self, attr)
            if have + count < 0:
                return None
            changes[attr] = have + count
        return replace(self, **changes)

    def with_count(self, key: str, delta: int) -> Fish:
        """A copy with ``delta`` more tokens of a plain-count fish."""
        return replace(self, **{key: getattr(self, key) + delta})

    def to_snapshot(self) -> dict[str, object]:
        """The ``fish`` object of a tsukiji-snapshot/1 (held keys only)."""
        out: dict[str, object] = {}
        for key in self.held():
            if key == "salmon":
                out[key] = {"fresh": self.salmon_fresh, "degraded": self.salmon_degraded}
            elif key in ("spider_crab", "tuna"):
                out[key] = sorted(getattr(self, key))
            else:
                out[key] = getattr(self, key)
        return out


FISH_FIELDS = tuple(f.name for f in fields(Fish))
_KEYS = frozenset(FISH_KEYS)


@dataclass(frozen=True)
class MarketValues:
    """The market state that prices tokens and drives scoring."""

    eel: int = EEL_START
    swordfish: int = SWORDFISH_START
    red_snapper_remaining: int = RED_SNAPPER_TOKENS
    #: Fish market ids that are Overfished (permanent: AMB-21).
    overfished: frozenset[str] = field(default_factory=frozenset)
    #: External market ids in play (scoring looks at "bank" and "overfishing").
    external: frozenset[str] = field(default_factory=frozenset)
