"""Resource values of fish tokens (shared/rules/turn-and-scoring.md §7).

Every value is the value *now*: the same functions price the end-game trigger, the
phone's running totals and final scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import ceil

from .catalogue import RED_SNAPPER_TOKENS, TRACK_MAX, TRACK_MIN
from .fish import Fish, MarketValues

#: Flat Resource value per token.
FLAT_VALUES: dict[str, int] = {
    "mackerel": 1,
    "horse_mackerel": 1,
    "sardine": 1,
    "octopus": 3,
    "takoyaki": 5,
    "squid": 0,
    "clam": 3,
    "oyster": 1,
    "himono": 5,
}

DEGRADED_SALMON_VALUE = 4
OVERFISHED_RED_SNAPPER_VALUE = 2


def clamp_track(value: int) -> int:
    """Eel and Swordfish markers stop at 1 and 13; only the excess move is lost (AMB-09).

    >>> clamp_track(15), clamp_track(-1), clamp_track(7)
    (13, 1, 7)
    """
    return max(TRACK_MIN, min(TRACK_MAX, value))


def red_snapper_value(remaining: int, overfished: bool = False) -> int:
    """Resources per Red Snapper token: the lowest red number revealed on the grid.

    That is ``ceil(remaining / 3)``; Overfished means a flat 2, and taking the last token
    (0 remaining) is itself the Overfished condition (AMB-10). Nothing taken yet gives 6.

    >>> [red_snapper_value(r) for r in (18, 12, 3, 1, 0)]
    [6, 4, 1, 1, 2]
    >>> red_snapper_value(7, overfished=True)
    2
    """
    if not 0 <= remaining <= RED_SNAPPER_TOKENS:
        raise ValueError(f"Red Snapper remaining must be 0..{RED_SNAPPER_TOKENS}")
    if overfished or remaining == 0:
        return OVERFISHED_RED_SNAPPER_VALUE
    return ceil(remaining / 3)


def fugu_resources(n: int) -> int:
    """n Fugu tokens are worth n² together, not per token (also k Fugu of a lot: AMB-13).

    >>> fugu_resources(4)
    16
    """
    return n * n


def nori_value(other_resources: int) -> int:
    """Resources per Nori token: a tenth, rounded down, of the holder's other fish (AMB-45).

    >>> nori_value(38), nori_value(130)
    (3, 13)
    """
    return other_resources // 10


def salmon_in_game(holdings: Iterable[Fish]) -> int:
    """``S``: Salmon tokens owned by all players together, both sides (fresh value)."""
    return sum(f.salmon_fresh + f.salmon_degraded for f in holdings)


def resources_by_fish(fish: Fish, values: MarketValues, salmon_owned: int) -> dict[str, int]:
    """Total Resources per fish key for one player's tokens, held keys only.

    ``salmon_owned`` is ``S``, the Salmon owned in the whole game (see salmon_in_game);
    Nori is priced last from the holder's other fish.
    """
    out: dict[str, int] = {}
    for key, n in fish.counts.items():
        if key in FLAT_VALUES:
            out[key] = FLAT_VALUES[key] * n
        elif key == "eel":
            out[key] = clamp_track(values.eel) * fish.eel
        elif key == "swordfish":
            out[key] = clamp_track(values.swordfish) * fish.swordfish
        elif key == "fugu":
            out[key] = fugu_resources(fish.fugu)
        elif key == "red_snapper":
            overfished = "red_snapper" in values.overfished
            per = red_snapper_value(values.red_snapper_remaining, overfished)
            out[key] = per * fish.red_snapper
        elif key == "salmon":
            out[key] = (
                salmon_owned * fish.salmon_fresh + DEGRADED_SALMON_VALUE * fish.salmon_degraded
            )
        elif key in ("spider_crab", "tuna"):
            out[key] = sum(getattr(fish, key))
        elif key != "nori":  # pragma: no cover - every key is handled above
            raise KeyError(key)
    if fish.nori:
        out["nori"] = nori_value(sum(out.values())) * fish.nori
    return {key: out[key] for key in fish.counts}


def total_resources(fish: Fish, values: MarketValues, salmon_owned: int) -> int:
    """A player's total Resources (used by the end trigger and by scoring alike)."""
    return sum(resources_by_fish(fish, values, salmon_owned).values())


def table_resources(holdings: list[Fish], values: MarketValues) -> list[int]:
    """Total Resources of every player at a table, in the same order."""
    salmon = salmon_in_game(holdings)
    return [total_resources(f, values, salmon) for f in holdings]
