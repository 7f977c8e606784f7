"""Scoring and the end of the game (shared/rules/tsukiji-card-game.md §7).

A score is always available, not only at the end: the phones show it as the game goes.

>>> from companion.cardgame.state import Face
>>> pile_score([Face("red", 3, wasabi=True), Face("red", 2, wasabi=True), Face("red", 4)])
PileScore(colour='red', points=9, wasabi=2, doubled=True, score=18)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .catalogue import POINTS_PER_NOTCH, WASABI_TO_DOUBLE
from .state import Face, State


@dataclass(frozen=True)
class PileScore:
    colour: str
    points: int
    wasabi: int
    doubled: bool
    score: int

    def to_json(self) -> dict[str, object]:
        return {
            "points": self.points,
            "wasabi": self.wasabi,
            "doubled": self.doubled,
            "score": self.score,
        }


@dataclass(frozen=True)
class Score:
    """One player's score: each colour pile, the Barrel's points, the Speciality bonus."""

    piles: tuple[PileScore, ...]
    barrel: int
    speciality: int

    @property
    def total(self) -> int:
        return sum(p.score for p in self.piles) + self.barrel + self.speciality

    def to_json(self) -> dict[str, object]:
        return {
            "total": self.total,
            "piles": {p.colour: p.to_json() for p in self.piles},
            "barrel": self.barrel,
            "speciality": self.speciality,
        }


def pile_score(cards: Iterable[Face]) -> PileScore:
    """One colour pile: the sum of its points, counted twice when it holds 2 or more
    Wasabi cards (AMB-C4: two Wasabi, not two cards)."""
    cards = list(cards)
    points = sum(c.points for c in cards)
    wasabi = sum(1 for c in cards if c.wasabi)
    doubled = wasabi >= WASABI_TO_DOUBLE
    return PileScore(
        cards[0].colour if cards else "", points, wasabi, doubled, points * 2 if doubled else points
    )


def piles_by_colour(cards: Iterable[Face]) -> dict[str, list[Face]]:
    """A player's cards as colour piles, in the order each colour first came."""
    out: dict[str, list[Face]] = {}
    for c in cards:
        out.setdefault(c.colour, []).append(c)
    return out


def barrel_points(barrel: int, seat: int) -> int:
    """2 points per notch of the Barrel toward ``seat`` (``+`` is toward seat 0); the
    player it leans away from scores 0 from it (AMB-C8).

    >>> barrel_points(2, 0), barrel_points(2, 1), barrel_points(-1, 1)
    (4, 0, 2)
    """
    toward = barrel if seat == 0 else -barrel
    return POINTS_PER_NOTCH * max(0, toward)


def score(state: State, seat: int) -> Score:
    piles = tuple(pile_score(cards) for cards in piles_by_colour(state.piles[seat]).values())
    return Score(piles, barrel_points(state.barrel, seat), state.speciality[seat])


@dataclass(frozen=True)
class Outcome:
    """Why and for whom a game ended. ``reason``: "knives" (4 Quick Knives, no scoring)
    or "deck" (scored); ``tie_break``: "barrel" when equal totals went to the player the
    Barrel leans toward, "tie" when the Barrel was in the centre (both win)."""

    reason: str
    winners: tuple[int, ...]
    tie_break: str | None = None


def winners_by_score(totals: tuple[int, int], barrel: int) -> Outcome:
    """The highest total wins; equal totals go to the player the Barrel leans toward;
    with the Barrel in the centre it is a tie.

    >>> winners_by_score((20, 20), -1)
    Outcome(reason='deck', winners=(1,), tie_break='barrel')
    >>> winners_by_score((20, 20), 0)
    Outcome(reason='deck', winners=(0, 1), tie_break='tie')
    """
    a, b = totals
    if a != b:
        return Outcome("deck", (0,) if a > b else (1,))
    if barrel == 0:
        return Outcome("deck", (0, 1), "tie")
    return Outcome("deck", (0,) if barrel > 0 else (1,), "barrel")


def outcome(state: State) -> Outcome | None:
    """None while the game goes on."""
    if state.ended is None:
        return None
    if state.ended == "knives" and state.knife_winner is not None:
        return Outcome("knives", (state.knife_winner,))
    return winners_by_score((score(state, 0).total, score(state, 1).total), state.barrel)
