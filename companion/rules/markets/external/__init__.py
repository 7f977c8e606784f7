"""The external markets, one folder each, registered by market id (external-markets.md).

The shared code (rules/visit.py, crash.py, checklist.py, rulecards.py, the turn guide)
asks the market object how it may be entered, what the player does there, when it
crashes, what its card, panel and setup say; adding or correcting a market is its folder
and its tests.
"""

from __future__ import annotations

from ...catalogue import EXTERNAL_MARKETS
from ..registry import discover
from .base import External

#: Every external market's board by market id, in the catalogue's order: each folder of
#: this package (``<id>/__init__.py``, its ``MARKET``).
BOARDS: dict[str, External] = discover(__name__, __path__, EXTERNAL_MARKETS)
#: Every external market guided through ``visit`` (not Overfishing, which is only scored).
EXTERNAL: dict[str, External] = {k: m for k, m in BOARDS.items() if m.visited}

__all__ = ["BOARDS", "EXTERNAL", "External"]
