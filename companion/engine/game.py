"""What the shared parts ask of a game: the ``Game`` protocol.

A game is one object (boardgame.io's ``Game``): how its setup is kept, the table after
setup, its moves by kind and who may make each, what the server draws for a move from
the seeded randomness, and the end with its reason. (Each viewer's view joins the
protocol when the board game's view, companion/views.py, moves into its package:
issue #18, step 5.) The event log,
the store and the door hold a game only through this protocol, so they never name one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .messages import Message


@dataclass(frozen=True)
class Outcome:
    """Why and for whom a game ended (python-chess's ``Outcome``): ``reason`` a code of
    the game's own ("knives", "deck", "end_trigger"), ``winners`` the seats that won."""

    reason: str
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Drawn:
    """A move as the server records it: the arguments with what the server drew for it
    (recorded in the log, so the fold replays the same draws), and the undo group its
    entries share (None: the move is its own entry)."""

    args: dict[str, Any]
    group: str | None = None


class Game(Protocol):
    """One game the shared parts can keep."""

    #: The game's key in a stored config (``"game"``) and in URLs.
    key: str

    def from_json(self, data: dict[str, Any]) -> Any:
        """A setup as stored, read back."""
        ...

    def to_json(self, config: Any) -> dict[str, Any]:
        """A setup as stored."""
        ...

    def setup(self, config: Any) -> Any:
        """The table after setup, before any move."""
        ...

    def apply(self, table: Any, move: Mapping[str, Any]) -> Any:
        """The table after one move ``{"type": kind, …}``; raises
        :class:`~companion.engine.errors.IllegalAction` for a move the rules refuse."""
        ...

    def moves(self) -> Mapping[str, object]:
        """The game's moves by kind."""
        ...

    def history(self, kind: str) -> bool:
        """Whether a move of this kind is an entry of the history by itself (what one
        undo reverts)."""
        ...

    def client_move(self, kind: str) -> Message | None:
        """Why a client may never send a move of this kind (unknown, or the server's
        own), or None."""
        ...

    def why_not(
        self, table: Any, kind: str, args: Mapping[str, Any], seat: int | None
    ) -> Message | None:
        """Why this seat (None: the host) may not make this move, or None when it may;
        asked before anything else, so a refusal tells nothing of another seat's holdings."""
        ...

    def draws(self, table: Any, config: Any, kind: str, args: dict[str, Any], seq: int) -> Drawn:
        """The move with what the server draws for it from the game's seeded randomness
        (entry ``seq``)."""
        ...

    def outcome(self, table: Any) -> Outcome | None:
        """None while the game goes on; else why it ended and who won."""
        ...
