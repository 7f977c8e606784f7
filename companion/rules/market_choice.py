"""The markets of a new game (setup.md §2): drawn at random with the game's seed
(``choose_markets``), or a host's own choice checked against the setup rules
(``validate_markets``). rules/setup.py's ``make_config`` asks both.

Sources: shared/rules/setup.md §2.1–§2.2.
"""

from __future__ import annotations

import random

from .catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_MARKETS,
    EXTRA_EXTERNAL_MARKETS,
    EXTRA_FISH_MARKETS,
    FISH_MARKETS,
    per_p,
)
from .errors import IllegalAction
from .messages import Message

#: The Expansion's two aquariums, always in play together (setup.md §2.2, AMB-51).
AQUARIUM_PAIR = ("aquarium", "new_aquarium")


def choose_markets(
    players: int, expansion: bool, seed: int, fixed_fish: str = "mackerel"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Draw the markets at random per setup.md §2 with a seeded RNG.

    Mackerel (or, with the Expansion, Mackerel or Horse Mackerel) and Ships always; the
    number of extra markets per player count; no Auction under 3 players; with the
    Expansion, Aquarium and New Aquarium always together (one extra draw if both were
    drawn already).
    """
    if fixed_fish not in ("mackerel", "horse_mackerel") or (
        fixed_fish == "horse_mackerel" and not expansion
    ):
        raise IllegalAction(Message("setup.fixed_fish", {}), "fixed_fish")
    rng = random.Random(seed)
    fish_pool = [m for m in BASE_FISH + (EXPANSION_FISH if expansion else ()) if m != fixed_fish]
    ext_pool = [
        m
        for m in BASE_EXTERNAL + (EXPANSION_EXTERNAL if expansion else ())
        if m != "ships" and not (m == "auction" and players < 3)
    ]
    rng.shuffle(fish_pool)
    rng.shuffle(ext_pool)
    n_fish = per_p(EXTRA_FISH_MARKETS, players) or 0
    n_ext = per_p(EXTRA_EXTERNAL_MARKETS, players) or 0
    fish = [fixed_fish, *fish_pool[:n_fish]]
    external = ["ships", *ext_pool[:n_ext]]
    rest = ext_pool[n_ext:]
    if expansion:
        drawn = [m for m in AQUARIUM_PAIR if m in external]
        if len(drawn) == 1:
            external.append(AQUARIUM_PAIR[1] if drawn[0] == AQUARIUM_PAIR[0] else AQUARIUM_PAIR[0])
        elif len(drawn) == 2:
            extra = [m for m in rest if m not in AQUARIUM_PAIR]
            if extra:
                external.append(extra[0])
    return tuple(fish), tuple(external)


def validate_markets(
    players: int,
    expansion: bool,
    fish: list[str] | tuple[str, ...],
    external: list[str] | tuple[str, ...],
    more_markets: bool = False,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Check a manual choice of markets against the setup rules."""
    for i, m in enumerate(fish):
        if m not in FISH_MARKETS:
            raise IllegalAction(
                Message("bk.no_fish_market", {"name": repr(m)}), f"fish_markets[{i}]"
            )
        if FISH_MARKETS[m].expansion and not expansion:
            raise IllegalAction(
                Message("setup.needs_expansion", {"market": m}), f"fish_markets[{i}]"
            )
    for i, m in enumerate(external):
        if m not in EXTERNAL_MARKETS:
            raise IllegalAction(
                Message("setup.no_external", {"name": repr(m)}), f"external_markets[{i}]"
            )
        if EXTERNAL_MARKETS[m].expansion and not expansion:
            raise IllegalAction(
                Message("setup.needs_expansion", {"market": m}), f"external_markets[{i}]"
            )
    if len(set(fish)) != len(fish) or len(set(external)) != len(external):
        raise IllegalAction(Message("setup.market_once", {}), "markets")
    if "mackerel" not in fish and not (expansion and "horse_mackerel" in fish):
        raise IllegalAction(Message("setup.mackerel_always", {}), "fish_markets")
    if "ships" not in external:
        raise IllegalAction(Message("setup.ships_always", {}), "external_markets")
    if "auction" in external and players < 3:
        raise IllegalAction(Message("setup.auction_players", {}), "external_markets")
    if expansion and (("aquarium" in external) != ("new_aquarium" in external)):
        raise IllegalAction(Message("setup.aquarium_pair", {}), "external_markets")
    n_fish = 1 + (per_p(EXTRA_FISH_MARKETS, players) or 0)
    n_ext = 1 + (per_p(EXTRA_EXTERNAL_MARKETS, players) or 0)
    pair_bonus = 1 if expansion and "aquarium" in external else 0
    if more_markets:
        if len(fish) < n_fish or len(external) < n_ext:
            raise IllegalAction(
                Message(
                    "setup.markets_at_least", {"players": players, "fish": n_fish, "ext": n_ext}
                ),
                "markets",
            )
    elif len(fish) != n_fish or len(external) != n_ext + pair_bonus:
        raise IllegalAction(
            Message(
                "setup.markets_count",
                {"players": players, "fish": n_fish, "ext": n_ext + pair_bonus},
            ),
            "markets",
        )
    return tuple(fish), tuple(external)
