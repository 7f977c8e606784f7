"""The *external market crash* variant (外部市場の暴落, external-markets.md §1, §18).

Only when ``"crash"`` is among the game's variants. The moment an external market in play
meets its crash condition, a crash token goes on it — its "Crashed" side (the market stays
open and cannot crash again) or its "Closed" side (it cannot be visited or used for the
rest of the game; what would go back to it goes to the box) — and an external market
enters from the box at once (Aquarium or New Aquarium brings both). Pure: the table in,
the table out; ``rules/arrivals.py`` runs it after every change.
"""

from __future__ import annotations

from dataclasses import replace

from . import entering
from .catalogue import CRASH_TOKENS, EXTERNAL_MARKETS
from .errors import IllegalAction
from .markets.external import EXTERNAL
from .messages import Message
from .table import Crash, Table

VARIANT = "crash"


def on(t: Table) -> bool:
    return VARIANT in t.config.variants


def can_crash() -> tuple[str, ...]:
    """The markets that can crash: those whose board has a crash side; each says its own
    condition (``External.crash_condition``, external-markets.md §1, last column)."""
    return tuple(m for m, market in EXTERNAL.items() if market.can_crash())


def tokens_left(t: Table) -> int:
    """Crash tokens still beside the supply (12 at setup; one per crash). Ten markets can
    crash, each once, so the supply never runs out (TC-09)."""
    return CRASH_TOKENS - len(t.crashes)


def due(t: Table) -> tuple[str, ...]:
    """The external markets in play that crash now: the variant is on, the market can
    crash, has not crashed yet, and meets its condition; in the order they entered."""
    if not on(t):
        return ()
    done = {c.market for c in t.crashes}
    return tuple(
        m
        for m in t.config.external_markets
        if m in EXTERNAL
        and EXTERNAL[m].can_crash()  # a crash side (tests/rules/test_crash.py)
        and m not in done
        and EXTERNAL[m].crash_condition(t)
    )


def crash(t: Table, market: str) -> Table:
    """The market crashes: its crash token (side as printed), then an external market from
    the box (the next of the queue with the known market order)."""
    side = EXTERNAL_MARKETS[market].crash_side
    assert side is not None
    t = replace(t, crashes=t.crashes + (Crash(market, side, t.actions),))
    return entering.enter(t, "external", "crash", market)


def refuse_closed(t: Table, market: str, field: str = "market") -> None:
    """Refuse any use of a market a crash closed."""
    if t.closed(market):
        raise IllegalAction(Message("crash.closed", {"market": market}), field)


def crash_message(c: Crash) -> Message:
    return Message(f"crash.{c.side}_now", {"market": c.market})
