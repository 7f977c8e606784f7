"""What the shared parts ask of a game: the ``Game`` protocol.

A game is one object (boardgame.io's ``Game``): how its setup is kept, the table after
setup, its moves by kind and who may make each, what the server draws for a move from
the seeded randomness, the end with its reason, and what one viewer may see of it (its
view, made by the game's edge: companion/views.py, companion/card_views.py). The event
log, the store, the door and the shared routes hold a game only through this protocol,
so they never name one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .messages import Message
from .sealed import Opened


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


@dataclass(frozen=True)
class Sealing:
    """What a game makes of a value a seat seals: the ``key`` it is sealed under, the
    ``value`` as kept, the log entry that says (only) that the seat has sealed (``kind``,
    ``data``, ``actor``, undo ``group``), and whether the seat had sealed under this key
    before (``changed``)."""

    key: str
    value: int
    kind: str
    data: dict[str, Any]
    actor: str
    group: str
    changed: bool = False


@dataclass(frozen=True)
class Entry:
    """A log entry a game makes for the server: its kind, data and undo group."""

    kind: str
    data: dict[str, Any]
    group: str | None = None


def _nothing_sealed() -> Mapping[str, tuple[int, str]]:
    return {}


@dataclass(frozen=True)
class Seen:
    """What the server knows for one viewer's view beside the log: the devices with a live
    page open (``connected``, as the live hub names them) and the viewer's own sealed
    values (key → value, receipt), read only if the view asks (``own_sealed()``): a view
    never holds another seat's."""

    connected: frozenset[str] = frozenset()
    own_sealed: Callable[[], Mapping[str, tuple[int, str]]] = field(default=_nothing_sealed)


class Secret(Protocol):
    """One kind of sealed secret of a game (an auction's bids, a round's finger bids):
    what the door needs to run the engine's seal → receipt → reveal."""

    #: Why a game without this kind of secret has none (a 404).
    absent: Message

    def seal(
        self, table: Any, config: Any, seat: int | None, key: str | None, value: object
    ) -> Sealing:
        """Check a seat's value (raise :class:`~companion.engine.errors.Turned`) and say
        how it is sealed and logged."""
        ...

    def seats(self, table: Any, key: str) -> tuple[int, ...] | None:
        """The seats whose values the reveal opens, once every one has sealed (after the
        seal's entry); None while some are still out."""
        ...

    def may_reveal(self, table: Any, seat: int | None, key: str) -> tuple[int, ...]:
        """Whether ``seat`` (None: the host) may reveal now, whoever is still out (raise
        Turned if not); the seats the reveal opens."""
        ...

    def reveal(self, table: Any, config: Any, key: str, opened: Opened, seq: int) -> Entry:
        """The reveal's log entry (entry ``seq``): every value and its receipt at once."""
        ...


class ServerMove(Protocol):
    """A move the server records for a seat from a request (opening an auction, settling
    one): the game checks the request and makes the entry, with any draws."""

    #: Why a game without this move has none (a 404).
    absent: Message

    def check(self, body: object) -> None:
        """The request's shape, before anything is read (raise Turned)."""
        ...

    def entry(self, table: Any, config: Any, seat: int | None, body: object, seq: int) -> Entry:
        """Check the request (raise Turned, or IllegalAction for a rule) and make the
        entry ``seq``."""
        ...


class Game(Protocol):
    """One game the shared parts can keep."""

    #: The game's key in a stored config (``"game"``) and in URLs.
    key: str
    #: The version of its rules a new game is stored with.
    rules_version: str

    def owns(self, config: Any) -> bool:
        """Whether ``config`` is a loaded setup of this game."""
        ...

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

    def secrets(self) -> Mapping[str, Secret]:
        """The game's kinds of sealed secret, by name."""
        ...

    def server_moves(self) -> Mapping[str, ServerMove]:
        """The moves the server records from a request, by name."""
        ...

    def private_refusals(self, config: Any) -> bool:
        """Whether a refusal naming one seat's holdings reads so to that seat alone (the
        others get its public wording), as with closed money."""
        ...

    def outcome(self, table: Any) -> Outcome | None:
        """None while the game goes on; else why it ended and who won."""
        ...

    def view(self, state: Any, viewer: Any, seen: Seen) -> dict[str, Any]:
        """Everything ``viewer`` (an identity; None: the public) may see of the game at
        ``state`` (a ``GameState``), as plain data: the one thing pages, JSON and the live
        stream are made from, so no secret of another seat can reach them."""
        ...

    def seat_colours(self, config: Any) -> tuple[str, ...]:
        """Each seat's colour as CSS shows it, in seat order (empty: seats without one)."""
        ...
