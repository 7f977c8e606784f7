"""The *external market crash* variant (外部市場の暴落, external-markets.md §1, §18).

Only when ``"crash"`` is among the game's variants. The moment an external market in play
meets its crash condition, a crash token goes on it — its "Crashed" side (the market stays
open and cannot crash again) or its "Closed" side (it cannot be visited or used for the
rest of the game; what would go back to it goes to the box) — and an external market
enters from the box at once (Aquarium or New Aquarium brings both). Pure: the table in,
the table out; ``rules/arrivals.py`` runs it after every change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from . import entering
from .catalogue import (
    AQUARIUM_PLACES,
    CRASH_TOKENS,
    EXTERNAL_MARKETS,
    GOVERNMENT_PLACES,
    NEW_AQUARIUM_FISH,
    SUSHI_SIZES,
    TRADING_PLACES,
    table_stock,
)
from .errors import IllegalAction
from .markets.external import new_aquarium
from .markets.external.base import stock_left
from .messages import Message
from .table import Crash, Table

VARIANT = "crash"


def on(t: Table) -> bool:
    return VARIANT in t.config.variants


def _full(t: Table, places: dict[str, int]) -> bool:
    """Whether every place (key → tokens it holds) is full."""
    return all(len(t.places.get(key, ())) >= size for key, size in places.items())


def new_aquarium_places(t: Table) -> dict[str, int]:
    """New Aquarium's places by table key, as many tokens as each holds, for the places
    whose figures are known (``new_aquarium.sizes``). A place entered as 0 is known: the
    board has none for that fish, so it never waits to be filled (TC-11)."""
    return {f"new_aquarium.{fish}": size for fish, size in new_aquarium.sizes(t).items()}


def _ships(t: Table) -> bool:
    printed = table_stock("ships", t.config.player_count, t.config.variants)
    return all(stock_left(t, k) == 0 for k in {*printed, *t.stock} if k.startswith("ships."))


def _new_aquarium(t: Table) -> bool:
    # Every place must be known to be full: with a place whose size the host never entered,
    # the app cannot tell (TC-09).
    places = new_aquarium_places(t)
    return len(places) == len(NEW_AQUARIUM_FISH) and _full(t, places)


#: Each market that can crash and its condition (external-markets.md §1, last column).
CONDITIONS: dict[str, Callable[[Table], bool]] = {
    "ships": _ships,
    "aquarium": lambda t: _full(
        t, {f"aquarium.{p}": size for p, (size, _) in AQUARIUM_PLACES.items()}
    ),
    "bank": lambda t: stock_left(t, "bank.loans") == 0 and stock_left(t, "bank.shares") == 0,
    "government": lambda t: _full(
        t, {f"government.{p}": size for p, (size, _) in GOVERNMENT_PLACES.items()}
    ),
    "rentals": lambda t: (
        stock_left(t, "rentals.freezer") == 0 and stock_left(t, "rentals.cart") == 0
    ),
    "trading": lambda t: _full(t, {f"trading.{n}": 1 for n in TRADING_PLACES}),
    "influence": lambda t: (
        stock_left(t, "influence.buyer_token") == 0
        and stock_left(t, "influence.expansion_token") == 0
    ),
    "new_aquarium": _new_aquarium,
    "boat_rentals": lambda t: stock_left(t, "boat_rentals.token") == 0,
    "sushi": lambda t: _full(t, {f"sushi.{n}": 1 for n in SUSHI_SIZES}),
}


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
        if m in CONDITIONS  # the markets with a crash side (tests/rules/test_crash.py)
        and m not in done
        and CONDITIONS[m](t)
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
