"""Markets that enter during the game (setup.md §7, §8): which board comes out of the box.

A market drawn mid-game comes at random from the boards of its kind still in the box
(seeded by the game's seed and the entry, so a replay draws the same), or, with the
*known market order* variant, the next of that kind's queue laid out at setup (TC-08). An
empty box brings nothing (AMB-23). Setting the board up is ``moves.add_market``'s.
"""

from __future__ import annotations

import random

from .catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_MARKETS,
)
from .setup import GameConfig
from .table import Table

KINDS = ("fish", "external")


def all_boards(config: GameConfig, kind: str) -> tuple[str, ...]:
    """Every board of this kind the game may use (the Expansion's only with it; no Auction
    under 3 players: setup.md §2.2)."""
    if kind == "fish":
        return BASE_FISH + (EXPANSION_FISH if config.expansion else ())
    boards = BASE_EXTERNAL + (EXPANSION_EXTERNAL if config.expansion else ())
    return tuple(m for m in boards if config.player_count >= EXTERNAL_MARKETS[m].min_players)


def in_box(t: Table, kind: str) -> tuple[str, ...]:
    """The boards of this kind not in play, in the catalogue's order."""
    playing = t.config.fish_markets if kind == "fish" else t.config.external_markets
    return tuple(m for m in all_boards(t.config, kind) if m not in playing)


def known_order(config: GameConfig, kind: str) -> tuple[str, ...]:
    """The *known market order* queue of this kind (setup.md §8): the boards left in the
    box at setup, shuffled with the game's seed, laid out face up in that order."""
    playing = config.fish_markets if kind == "fish" else config.external_markets
    queue = [m for m in all_boards(config, kind) if m not in playing]
    random.Random(f"{config.seed}:known_order:{kind}").shuffle(queue)
    return tuple(queue)


def draw(t: Table, kind: str, salt: str) -> str | None:
    """The board of this kind that enters now, or None when the box holds none."""
    box = in_box(t, kind)
    if not box:
        return None
    if "known_order" in t.config.variants:
        return next(m for m in known_order(t.config, kind) if m in box)
    return random.Random(f"{t.config.seed}:draw:{salt}").choice(box)
