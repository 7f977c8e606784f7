"""The host's 18 cards as this server remembers them (AMB-C2), in the table that already
remembers the Scale's notches (AMB-C1): rows of (market, figure, player count, value),
whole numbers only. So a card's half is one row: its number, half and colour in the
figure's name (``"07.1.red"``: card 7, its second half, red), its points and printed
effects packed into the value (the points in the low 4 bits, then Wasabi, Quick Knife,
Barrel, and the icon in two bits).

Standard library only, as the rest of the rules core.

>>> from companion.cardgame.state import parse_cards
>>> deck = parse_cards([{"colour": "red", "points": 3, "wasabi": True}] * 17
...                    + [[{"colour": "blue", "points": 2, "icon": "steal"},
...                        {"colour": "green", "points": 1}]])
>>> rows = to_figures(deck)
>>> rows["01.0.red"], rows["18.0.blue"], rows["18.1.green"]
(19, 130, 1)
>>> parse_cards(from_figures(rows)) == deck
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .catalogue import CARDS, ICONS
from .state import FLAGS, CardDef, Face

#: The rows' market and player count: a player count no board game has, so the board
#: game's memory never reads them.
MARKET: Final = "tsukiji_market.cards"
PLAYERS: Final = -1

_POINT_BITS: Final = 4
_FLAG_BIT: Final = {name: 1 << (_POINT_BITS + i) for i, name in enumerate(FLAGS)}
_ICON_SHIFT: Final = _POINT_BITS + len(FLAGS)


def _value(face: Face) -> int:
    value = face.points
    for name, bit in _FLAG_BIT.items():
        if getattr(face, name):
            value |= bit
    if face.icon is not None:
        value |= (ICONS.index(face.icon) + 1) << _ICON_SHIFT
    return value


def _face(colour: str, value: int) -> dict[str, object]:
    icon = (value >> _ICON_SHIFT) & 3
    out: dict[str, object] = {
        "colour": colour,
        "points": value & ((1 << _POINT_BITS) - 1),
        **{name: bool(value & bit) for name, bit in _FLAG_BIT.items()},
    }
    if icon:
        out["icon"] = ICONS[icon - 1]
    return out


def to_figures(cards: tuple[CardDef, ...]) -> dict[str, int]:
    """The rows of a checked deck, figure → value."""
    return {
        f"{n:02d}.{j}.{half.colour}": _value(half)
        for n, card in enumerate(cards, start=1)
        for j, half in enumerate(card.halves)
    }


def from_figures(rows: Mapping[str, int]) -> list[list[dict[str, object]]] | None:
    """The remembered deck as :func:`~.state.parse_cards` reads it, or None when the
    server has none (or holds rows that do not make 18 cards: they count as none)."""
    cards: dict[int, dict[int, dict[str, object]]] = {}
    for figure, value in rows.items():
        number, _, rest = figure.partition(".")
        half, _, colour = rest.partition(".")
        if not (number.isdigit() and half in ("0", "1") and colour):
            return None
        cards.setdefault(int(number), {})[int(half)] = _face(colour, int(value))
    if sorted(cards) != list(range(1, CARDS + 1)):
        return None
    out = []
    for n in range(1, CARDS + 1):
        halves = cards[n]
        if sorted(halves) not in ([0], [0, 1]):
            return None
        out.append([halves[j] for j in sorted(halves)])
    return out
