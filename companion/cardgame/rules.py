"""The moves of Tsukiji Market (shared/rules/tsukiji-card-game.md §3–§7): the registry
(``MOVES``, ``why_not``, ``apply``, ``replay``, ``describe``); the moves themselves are
cardgame/turn.py's, one function each, and the pieces they share cardgame/pieces.py's.

A game is a fold: ``replay(config, moves)`` applies each move, a dict ``{"type": …,
…}``, to the state after setup with :func:`apply`. A move that breaks a rule raises
:class:`~companion.rules.errors.IllegalAction` with a :class:`Message` and changes
nothing. Everything that follows from a move by itself happens inside it: the reveal
moves the Barrel and flips the Barrel card; the last card taken in a turn refills the
Scale, pays the end-of-scale bonus (AMB-C13) and ends the game when the deck ran out for
the second time (AMB-C10); a fourth Quick Knife ends it at once (AMB-C11). So undoing a
move (dropping it from the log) undoes all of that with it.

The moves:

- ``bid`` ``{"player"}``: that seat has bid (never the fingers: they stay sealed).
- ``reveal`` ``{"fingers": {name: 1…4, name: 1…4}}``: both bids at once (the server's).
- ``take_card`` ``{"player", "colour", "points", "wasabi", "knife", "barrel", "icon",
  "source", "from"}``: the card a player took, as shared/spec/cards.md fixes it.
- ``discard_card`` ``{"player", "colour", "points", …, "from"}``: the discard icon.
- ``speciality`` ``{"player", "points"}``: the host enters a Speciality bonus (AMB-C3).
- ``use_cards`` ``{"cards": [...18 definitions]}``: the host gives the game its deck.

With a defined deck, ``take_card`` and ``discard_card`` may name the card by its number
instead of describing it: ``{"card": 1…18, "half": 0|1}`` (``half`` 1: the second colour
of a two-colour card); a named card is that very card, so it cannot be taken while it is
in a pile, and a steal or discard of it moves that card (:func:`choices` lists what a
step may take, one tap each).

Who may record each move is asked of :func:`why_not` (None: allowed) before it is
applied, so a door can refuse with 403 before the rules look at anything else.

>>> from companion.cardgame.state import make_config
>>> s = replay(make_config(["Aiko", "Bo"], 3), [
...     {"type": "bid", "player": "Aiko"}, {"type": "bid", "player": "Bo"},
...     {"type": "reveal", "fingers": {"Aiko": 3, "Bo": 1}}])
>>> s.barrel, waiting_for(s)
(-2, [{'type': 'take_card', 'player': 'Aiko', 'source': 'scale'}])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..engine import IllegalAction, Message
from ..engine import args as engine_args
from .catalogue import (
    NAME_MAX,
)
from .pieces import CardArgs, face_of, other_seat, seat_name, waiting_for  # noqa: F401
from .state import FLAGS, Config, State, initial_state
from .turn import (
    Bid,
    Fingers,
    Speciality,
    UseCards,
    bid,
    discard_card,
    reveal,
    speciality,
    take_card,
    use_cards,
)

#: A move as the event log records it, ``{"type": …, …}``: read into its arguments'
#: dataclass once, by :func:`apply` (issue #18 step 8).
Args = Mapping[str, Any]

# -- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One move: its function, its arguments' frozen dataclass (read from the logged
    dict by :func:`apply`), who may record it, and whether it is an entry of the
    history by itself. ``who``: "bidder" (that seat, from its own phone; never the
    host), "player" (the seat the move names, or the host), "host", or "server"
    (appended by the server only)."""

    apply: Callable[[State, Any], State]
    args: type[Any]
    who: str
    history: bool = True


MOVES: dict[str, Move] = {
    # A bid is not an entry by itself: the reveal is (shared/spec/cards.md).
    "bid": Move(bid, Bid, "bidder", history=False),
    "reveal": Move(reveal, Fingers, "server"),
    "take_card": Move(take_card, CardArgs, "player"),
    "discard_card": Move(discard_card, CardArgs, "player"),
    "speciality": Move(speciality, Speciality, "host"),
    "use_cards": Move(use_cards, UseCards, "host"),
}


def why_not(s: State, kind: str, args: Args, seat: int | None) -> Message | None:
    """Why a seat (None: the host) may not record this move, or None when it may.
    Asked before the move is applied, so a refusal says nothing about the table; a name
    that is nobody at this table raises IllegalAction.

    >>> from companion.cardgame.state import make_config
    >>> s = initial_state(make_config(["Aiko", "Bo"], 3))
    >>> why_not(s, "take_card", {"player": "Aiko"}, 0) is None
    True
    >>> str(why_not(s, "take_card", {"player": "Aiko"}, 1))
    "Only Aiko's phone or the table screen can record Aiko's card."
    """
    move = MOVES.get(kind)
    if move is None:
        return Message("cards.no_such_move", {"kind": str(kind)[:NAME_MAX]})
    if move.who == "server":
        return Message("cards.only_server")
    if move.who == "host":
        return None if seat is None else Message("cards.only_host")
    named = s.config.seat_of(args.get("player"))
    if move.who == "bidder":
        return None if seat == named else Message("cards.only_own_bid")
    if seat is None or seat == named:
        return None
    return Message("cards.only_own_card", {"player": seat_name(s, named)})


def may_record(s: State, kind: str, args: Args, seat: int | None) -> bool:
    """Whether a seat (None: the host) may record this move (see :func:`why_not`)."""
    return why_not(s, kind, args, seat) is None


def apply(s: State, move: Args) -> State:
    """The state after one move ``{"type": …, …}``; IllegalAction if it breaks a rule.
    ``notes`` of the result say what the move did by itself."""
    kind = move.get("type")
    found = MOVES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise IllegalAction(Message("cards.no_such_move", {"kind": str(kind)[:NAME_MAX]}), "type")
    return found.apply(replace(s, notes=()), engine_args.read(found.args, move))


def replay(config: Config, moves: Iterable[Args]) -> State:
    """The fold: every move applied in order to the table after setup."""
    s = initial_state(config)
    for m in moves:
        s = apply(s, m)
    return s


def describe(s: State, move: Args) -> Message | None:
    """The history line of a move applied to ``s`` (None for a bid: not an entry)."""
    kind = move.get("type")
    if kind == "reveal":
        fingers = move.get("fingers", {})
        return Message(
            "cards.history.reveal",
            {
                "first": s.players[0],
                "first_fingers": fingers.get(s.players[0]),
                "second": s.players[1],
                "second_fingers": fingers.get(s.players[1]),
            },
        )
    if kind in ("take_card", "discard_card"):
        try:
            face = face_of(s, engine_args.read(CardArgs, move))
        except IllegalAction:  # an undone entry naming a card of a deck since undone
            return Message(
                "cards.history.card_no", {"player": move.get("player"), "card": move.get("card")}
            )
    if kind == "take_card":
        effects = [Message(f"cards.effect.{n}") for n in FLAGS if getattr(face, n)]
        if face.icon:
            effects.append(Message(f"cards.effect.{face.icon}"))
        source = move.get("source", "scale")
        seat = s.config.seat_of(move.get("player"))
        return Message(
            "cards.history.take",
            {
                "player": move.get("player"),
                "colour": face.colour,
                "points": face.points,
                "effects": Message("cards.history.effects", {"effects": effects})
                if effects
                else "",
                "source": ""
                if source == "scale"
                else Message(f"cards.source.{source}", {"owner": seat_name(s, other_seat(seat))}),
            },
        )
    if kind == "discard_card":
        seat = s.config.seat_of(move.get("player"))
        return Message(
            "cards.history.discard",
            {
                "player": move.get("player"),
                "owner": seat_name(s, other_seat(seat)),
                "colour": face.colour,
                "points": face.points,
            },
        )
    if kind == "use_cards":
        return Message("cards.history.use_cards")
    if kind == "speciality":
        return Message(
            "cards.history.speciality", {"player": move.get("player"), "points": move.get("points")}
        )
    return None
