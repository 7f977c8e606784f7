"""The state of a game of Tsukiji Market (shared/rules/tsukiji-card-game.md §2), immutable.

The app never sees the physical deck: a card is known only once a player takes it and
says what it is (AMB-C2). So the deck, the discard pile and the Scale are *counts*, and
only the cards in the players' piles are described (their colour, points and effects).
The 18 cards are always somewhere: ``deck + discard + scale + piles + drawn`` is 18,
where ``drawn`` counts cards drawn from the deck whose taker has yet to say what they are.

A bid's fingers are never part of the state before the reveal: the state knows only who
has bid (``bid_by``); the amounts stay sealed outside it (as the board game's sealed
bids) and arrive together in the ``reveal`` move.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine import IllegalAction, Message
from .catalogue import (
    CARDS,
    COLOUR_MAX,
    ICONS,
    NAME_MAX,
    NOTCHES_MAX,
    NOTCHES_MIN,
    PLAYERS,
    POINTS_MAX,
    POINTS_MIN,
    SCALE_SLOTS,
    VARIANTS,
)

#: The names of the effect flags a card may print, in the order the app shows them.
FLAGS = ("wasabi", "knife", "barrel")


@dataclass(frozen=True)
class Face:
    """What counts of a card: the half turned to the top (its colour, points and printed
    effects). ``barrel`` is the Barrel effect or the Barrel icon (both move the Barrel one
    notch toward the taker); ``icon`` is the steal, draw or discard icon, if any.

    ``card``: which of the host's defined cards this is (its number, 1 to 18), when the
    taker named it; None when the card was described by its colour, points and effects.
    Two faces are equal by what they show, whatever their number (the number says which
    physical card it is; :func:`~.rules.take_card` keeps the numbers consistent)."""

    colour: str
    points: int
    wasabi: bool = False
    knife: bool = False
    barrel: bool = False
    icon: str | None = None
    card: int | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "colour": self.colour,
            "points": self.points,
            "wasabi": self.wasabi,
            "knife": self.knife,
            "barrel": self.barrel,
            "icon": self.icon,
        }
        if self.card is not None:
            out["card"] = self.card
        return out

    @classmethod
    def parse(cls, data: object, where: str = "") -> Face:
        """A face from a move's arguments (or a deck definition): checked, the colour
        trimmed, lower-cased and read as NFKC, so "Red", "red " and "ｒｅｄ" (a Japanese
        keyboard's full-width letters) are one pile."""
        if not isinstance(data, dict):
            raise IllegalAction(Message("cards.colour", {"most": COLOUR_MAX}), where or "colour")
        prefix = f"{where}." if where else ""
        colour = data.get("colour")
        if isinstance(colour, str):
            colour = unicodedata.normalize("NFKC", colour)
        if not isinstance(colour, str) or not 1 <= len(colour.strip()) <= COLOUR_MAX:
            raise IllegalAction(Message("cards.colour", {"most": COLOUR_MAX}), prefix + "colour")
        points = data.get("points")
        if (
            not isinstance(points, int)
            or isinstance(points, bool)
            or not POINTS_MIN <= points <= POINTS_MAX
        ):
            raise IllegalAction(
                Message("cards.points", {"low": POINTS_MIN, "high": POINTS_MAX}), prefix + "points"
            )
        flags: dict[str, bool] = {}
        for name in FLAGS:
            value = data.get(name, False)
            if not isinstance(value, bool):
                raise IllegalAction(Message("cards.flag", {"name": name}), prefix + name)
            flags[name] = value
        icon = data.get("icon")
        if icon is not None and icon not in ICONS:
            raise IllegalAction(Message("cards.icon"), prefix + "icon")
        return cls(colour.strip().lower(), points, icon=icon, **flags)


@dataclass(frozen=True)
class CardDef:
    """One of the 18 cards as the host defines it (AMB-C2): one face, or two for a
    two-colour card (the taker picks which half is on top)."""

    halves: tuple[Face, ...]


@dataclass(frozen=True)
class Config:
    """A game's setup: the two names (``players[0]`` is where the Barrel's ``+`` points),
    the Scale's notches on each side of the centre (AMB-C1), the Scale side, and the
    host's definition of the cards when there is one (AMB-C2)."""

    players: tuple[str, str]
    notches: int
    variant: str = "standard"
    cards: tuple[CardDef, ...] | None = None

    @property
    def nice_fish(self) -> bool:
        return self.variant == "nice_fish"

    def seat_of(self, name: object, where: str = "player") -> int:
        """The seat of a player's name; IllegalAction naming ``where`` for anyone else."""
        if isinstance(name, str) and name in self.players:
            return self.players.index(name)
        shown = name if isinstance(name, str) else repr(name)
        raise IllegalAction(Message("cards.not_a_player", {"name": shown[:NAME_MAX]}), where)


def make_config(
    players: Sequence[str],
    notches: int,
    variant: str = "standard",
    cards: Iterable[object] | None = None,
) -> Config:
    """A checked setup. ``cards``: 18 entries, each a face (``{"colour", "points", …}``)
    or a list of one or two faces (a two-colour card).

    >>> make_config(["Aiko", "Bo"], 3).notches
    3
    """
    names = list(players)
    if len(names) != PLAYERS or not all(isinstance(n, str) for n in names):
        raise IllegalAction(Message("cards.players"), "players")
    names = [n.strip() for n in names]
    for i, n in enumerate(names):
        if not 1 <= len(n) <= NAME_MAX:
            raise IllegalAction(Message("cards.name", {"most": NAME_MAX}), f"players[{i}]")
    if names[0] == names[1]:
        raise IllegalAction(Message("cards.players"), "players")
    if (
        not isinstance(notches, int)
        or isinstance(notches, bool)
        or not NOTCHES_MIN <= notches <= NOTCHES_MAX
    ):
        raise IllegalAction(
            Message("cards.notches", {"low": NOTCHES_MIN, "high": NOTCHES_MAX}), "notches"
        )
    if variant not in VARIANTS:
        raise IllegalAction(Message("cards.variant"), "variant")
    deck = None if cards is None else parse_cards(cards)
    return Config((names[0], names[1]), notches, variant, deck)


def parse_cards(cards: object, where: str = "cards") -> tuple[CardDef, ...]:
    """The host's 18 cards (AMB-C2), checked: each entry a face (``{"colour", "points",
    …}``) or a list of one or two faces (a two-colour card)."""
    if isinstance(cards, str | bytes | dict) or not isinstance(cards, Iterable):
        raise IllegalAction(Message("cards.deck_size", {"cards": CARDS, "given": 0}), where)
    defs = []
    for i, entry in enumerate(cards):
        halves = entry if isinstance(entry, list | tuple) else [entry]
        if not 1 <= len(halves) <= 2:
            raise IllegalAction(Message("cards.halves", {"given": len(halves)}), f"{where}[{i}]")
        defs.append(
            CardDef(
                tuple(
                    Face.parse(h, f"{where}[{i}]" + (f"[{j}]" if len(halves) > 1 else ""))
                    for j, h in enumerate(halves)
                )
            )
        )
    if len(defs) != CARDS:
        raise IllegalAction(Message("cards.deck_size", {"cards": CARDS, "given": len(defs)}), where)
    return tuple(defs)


@dataclass(frozen=True)
class Pending:
    """One thing the game waits for before the next bid (shared/spec/cards.md
    ``waiting_for``). ``kind`` "take": ``player`` takes a card from ``source``; "discard":
    ``player`` puts one of the opponent's cards into the discard. ``effects``: whether
    the card's on-take effects apply (a Scale card and the steal icon's card: yes; a
    drawn card and the end-of-scale steal: no, AMB-C6/C7)."""

    kind: str
    player: int
    source: str = "scale"
    effects: bool = True


@dataclass(frozen=True)
class Reveal:
    """The last WA-SA-BI: each seat's fingers, and the seat that won (None on a tie)."""

    fingers: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class State:
    """The whole table. ``barrel``: ``+`` toward ``players[0]``, ``−`` toward
    ``players[1]``, within ``±notches``. ``stage``: "bid" (the next bid is awaited),
    "round" (the revealed round's cards are being taken), "bonus" (the end-of-scale bonus
    is being taken, after the refill, AMB-C13)."""

    config: Config
    deck: int
    discard: int = 0
    scale: int = SCALE_SLOTS
    barrel: int = 0
    face: str = "night"
    piles: tuple[tuple[Face, ...], tuple[Face, ...]] = ((), ())
    #: Times the deck has run out (AMB-C10): 1 reshuffles, 2 ends the game after the turn.
    exhausted: int = 0
    #: Cards drawn from the deck, not described yet (each has a "take … draw" pending).
    drawn: int = 0
    bid_by: frozenset[int] = frozenset()
    pending: tuple[Pending, ...] = ()
    stage: str = "bid"
    rounds: int = 0
    last_reveal: Reveal | None = None
    #: Speciality bonus points the host entered, per seat (AMB-C3).
    speciality: tuple[int, int] = (0, 0)
    #: None while the game goes on; "knives" or "deck" once it is over.
    ended: str | None = None
    #: The seat that won with 4 Quick Knives.
    knife_winner: int | None = None
    #: What the last move did by itself (the Barrel, discards, refills, reshuffles …).
    notes: tuple[Message, ...] = field(default=(), compare=False)

    @property
    def players(self) -> tuple[str, str]:
        return self.config.players

    @property
    def finished(self) -> bool:
        return self.ended is not None

    def knives(self, seat: int) -> int:
        """The Quick Knives ``seat`` holds now (AMB-C11)."""
        return sum(1 for c in self.piles[seat] if c.knife)

    def cards_accounted(self) -> int:
        """Where every card is, counted: always :data:`CARDS`."""
        return (
            self.deck
            + self.discard
            + self.scale
            + self.drawn
            + len(self.piles[0])
            + len(self.piles[1])
        )


def initial_state(config: Config) -> State:
    """The table after setup: the Barrel on Night at the centre, 2 cards on the Scale,
    the other 16 in the deck."""
    return State(config, deck=CARDS - SCALE_SLOTS)
