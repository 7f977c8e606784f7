"""A rules card per market (issue #11): what the market costs to enter, what its licences
cost and how many one may take, what its board holds, what it buys and pays, its special
rules, its Resource rule, and the readings the app takes where the rulebooks are silent.

Every number on a card is read from the same catalogue and market modules the game runs
on (``catalogue``, ``markets``, ``markets.external``, ``resources``, ``scoring``,
``auctions``), never written here again, so the card and the game cannot disagree. A card
is made of :class:`Line` objects holding a :class:`~.messages.Message` (a code and its
values), rendered in the viewer's language by the edge.

``card(market)`` is the card for any game: figures that depend on the player count are
listed for 2–6 players, and figures the rulebooks do not print (AMB-40) say that the New
game page asks for them and this server remembers them. ``card(market, config)`` is the
card of one game: its player count, its variants and the board numbers its host entered
(public information: the same numbers stock the table screen).

>>> c = card("tuna")
>>> [s.id for s in c.sections]
['entry', 'licences', 'stock', 'sells', 'special', 'resources', 'overfished']
>>> from .messages import render
>>> render(c.section("licences").lines[0].message)
'¥1,000 per licence.'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from .cardlines import SECTIONS, Line, Section, Source, sections
from .catalogue import EXTERNAL_MARKETS
from .markets import MARKETS
from .markets.external import BOARDS
from .messages import Message
from .setup import GameConfig

__all__ = ["SECTIONS", "Line", "RuleCard", "Section", "Source", "card", "kind_of", "market_ids"]


@dataclass(frozen=True)
class RuleCard:
    market: str
    kind: Literal["fish", "external"]
    expansion: bool
    #: The game's player count, or None for the card of any game.
    players: int | None
    sections: tuple[Section, ...]

    @property
    def title(self) -> Message:
        return Message("rc.title", {"market": self.market})

    @property
    def summary(self) -> Message:
        kind = f"rc.kind.{self.kind}_{'expansion' if self.expansion else 'base'}"
        return Message(kind, {})

    def section(self, sid: str) -> Section:
        for s in self.sections:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def lines(self) -> Iterator[Line]:
        for s in self.sections:
            yield from s.lines

    @property
    def readings(self) -> tuple[str, ...]:
        """Every reading the card cites, in id order."""
        found = {r for line in self.lines() for r in line.readings}
        return tuple(sorted(found, key=_reading_order))


def _reading_order(rid: str) -> tuple[str, int]:
    prefix, _, number = rid.rpartition("-")
    return prefix, int(number) if number.isdigit() else 0


def market_ids() -> tuple[str, ...]:
    """Every market with a card: the fish markets, then the external markets (Overfishing,
    which nobody visits, too)."""
    printed = list(EXTERNAL_MARKETS)  # the catalogue's order; a board it lacks last

    def order(m: str) -> int:
        return printed.index(m) if m in printed else len(printed)

    return (*MARKETS, *sorted(BOARDS, key=order))


def kind_of(market: str) -> Literal["fish", "external"] | None:
    if market in MARKETS:
        return "fish"
    if market in BOARDS:
        return "external"
    return None


def card(market: str, config: GameConfig | None = None) -> RuleCard:
    """The rules card of a market; with a game's config, that game's numbers. Each market
    says its own lines (``card_sections``).

    Raises ``KeyError`` for an id that is no market."""
    kind = kind_of(market)
    if kind is None:
        raise KeyError(market)
    m = MARKETS[market] if kind == "fish" else BOARDS[market]
    parts = m.card_sections(config)
    players = config.player_count if config else None
    return RuleCard(market, kind, m.data.expansion, players, sections(parts))
