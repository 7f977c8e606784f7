"""The pieces of Tsukiji Market's state the moves share (shared/rules/tsukiji-card-game.md):
the Barrel's track, drawing from the deck (AMB-C10), who waits for what, the cards a move
names (described, or by number in a defined deck) and where they are taken from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Any, TypeGuard

from ..engine import IllegalAction, Message
from ..engine import args as engine_args
from .catalogue import (
    CARDS,
    COLOUR_MAX,
    EXHAUSTIONS_TO_END,
    ICONS,
    NAME_MAX,
    POINTS_SAID,
    SOURCES,
)
from .state import FLAGS, Config, Face, Pending, State

#: A player named in a move (the rules look the name up; this bounds it at the edge).
PlayerName = Annotated[str, engine_args.Limit(min_len=1, max_len=NAME_MAX)]
#: Points a move says (a card's, a Speciality bonus): the rules say which are allowed.
Points = Annotated[int, engine_args.Limit(ge=-POINTS_SAID, le=POINTS_SAID)]
Source = Annotated[str, engine_args.OneOf(SOURCES)]


@dataclass(frozen=True, kw_only=True)
class CardArgs:
    """The arguments of ``take_card`` and ``discard_card`` (issue #18 step 8), named as
    the JSON names them: the card described (``colour``, ``points``, the flags, ``icon``:
    None where the move does not say it, so a named card's description is only what was
    given) or named by its number (``card``, ``half``), where it comes from and whose
    piles (``from``). ``card`` stays any value: the rules refuse a number that is no card
    in their own sentence (``cards.card_number``), a text or a flag included; a client
    sends it as a card's number (its ``"sent"`` type, web/arg_models.py), and may send
    ``source`` null (left out: the Scale). The bounds are the edge's (web/cards_edge.py
    makes its models from this)."""

    player: PlayerName
    card: object = field(
        default=None, metadata={"sent": Annotated[int, engine_args.Limit(ge=1, le=CARDS)] | None}
    )
    half: Annotated[int, engine_args.Limit(ge=0, le=1)] | None = None
    colour: Annotated[str, engine_args.Limit(min_len=1, max_len=COLOUR_MAX)] | None = None
    points: Points | None = None
    wasabi: bool | None = None
    knife: bool | None = None
    barrel: bool | None = None
    icon: Annotated[str, engine_args.OneOf(ICONS)] | None = None
    source: Source = field(default="scale", metadata={"sent": Source | None})
    from_: PlayerName | None = field(default=None, metadata={"key": "from"})

    def described(self) -> dict[str, object]:
        """The description the move gives, as a face's definition (``Face.parse``)."""
        return {k: getattr(self, k) for k in DESCRIBED if getattr(self, k) is not None}


def other_seat(seat: int) -> int:
    return 1 - seat


def sign_of(seat: int) -> int:
    """The Barrel's direction toward ``seat``: ``+`` is toward players[0]."""
    return 1 if seat == 0 else -1


def with_note(s: State, code: str, **values: Any) -> State:
    return replace(s, notes=s.notes + (Message(code, values),))


def ensure_going(s: State) -> None:
    if s.finished:
        raise IllegalAction(Message("cards.game_over"), "type")


def seat_name(s: State, seat: int) -> str:
    return s.players[seat]


def waiting_message(s: State, p: Pending) -> Message:
    """What one pending step asks, as a clause ("Aiko takes a card from the Scale")."""
    player, owner = seat_name(s, p.player), seat_name(s, other_seat(p.player))
    if p.kind == "discard":
        return Message("cards.wait.discard", {"player": player, "owner": owner})
    return Message(f"cards.wait.take_{p.source}", {"player": player, "owner": owner})


def waiting_for(s: State) -> list[dict[str, str]]:
    """What the game needs before the next bid, in order (shared/spec/cards.md)."""
    out: list[dict[str, str]] = []
    for p in s.pending:
        item = {"type": "discard_card" if p.kind == "discard" else "take_card"}
        item["player"] = seat_name(s, p.player)
        if p.kind == "take":
            item["source"] = p.source
        if p.kind == "discard" or p.source == "steal":
            item["from"] = seat_name(s, other_seat(p.player))
        out.append(item)
    return out


def move_barrel(s: State, notches: int, toward: int) -> State:
    """The Barrel ``notches`` toward seat ``toward``, stopping at the end (AMB-C5)."""
    n = s.config.notches
    target = s.barrel + notches * sign_of(toward)
    clamped = max(-n, min(n, target))
    s = replace(s, barrel=clamped)
    if clamped != target:
        s = with_note(s, "cards.note.clamped", player=seat_name(s, toward))
    return s


def draw_card(s: State) -> tuple[State, bool]:
    """One card off the deck (AMB-C10). The deck runs out when its last card is drawn:
    the first time, the discards are shuffled into a new deck at once; after the second
    time, any card still needed in the turn comes from the discards turned over. False
    when no card is left anywhere."""
    if s.deck == 0:
        if s.discard == 0:
            if s.exhausted < EXHAUSTIONS_TO_END:  # nothing to reshuffle: the deck is done
                s = replace(s, exhausted=EXHAUSTIONS_TO_END)
            return with_note(s, "cards.note.no_card"), False
        s = with_note(s, "cards.note.last_draws", count=s.discard)
        s = replace(s, deck=s.discard, discard=0)
    s = replace(s, deck=s.deck - 1)
    if s.deck == 0 and s.exhausted < EXHAUSTIONS_TO_END:
        s = replace(s, exhausted=s.exhausted + 1)
        s = with_note(s, "cards.note.ran_out", nth=Message(f"cards.nth.{s.exhausted}"))
        if s.exhausted < EXHAUSTIONS_TO_END and s.discard:
            s = with_note(s, "cards.note.reshuffle", count=s.discard)
            s = replace(s, deck=s.discard, discard=0)
    return s, True


def matchable(config: Config, held: list[Face]) -> bool:
    """Whether every card in the piles can be a different one of the host's defined
    cards, each showing one of its halves: a card named by its number is that card; the
    others are matched among the rest (a bipartite matching; 18 cards at most)."""
    cards = config.cards or ()
    named = [f.card for f in held if f.card is not None]
    if len(set(named)) != len(named):
        return False
    for f in held:
        if f.card is not None and (f.card > len(cards) or f not in cards[f.card - 1].halves):
            return False
    free = [c for c in range(len(cards)) if c + 1 not in named]
    loose = [f for f in held if f.card is None]
    owner: dict[int, int] = {}  # defined card -> index into loose

    def place(i: int, seen: set[int]) -> bool:
        for c in free:
            if c in seen or loose[i] not in cards[c].halves:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(loose)))


def held_faces(s: State) -> list[Face]:
    return [*s.piles[0], *s.piles[1]]


def holder_of(s: State, number: int) -> int | None:
    """The seat whose piles hold defined card ``number`` (None: nobody's)."""
    for seat in (0, 1):
        if any(c.card == number for c in s.piles[seat]):
            return seat
    return None


def check_defined(s: State, face: Face) -> None:
    """A card taken from the Scale or the deck: with a defined deck, one of its cards
    that is not in a pile (by its number: that very card; else some card it can be)."""
    if s.config.cards is None:
        return
    if face.card is not None:
        seat = holder_of(s, face.card)
        if seat is not None:
            raise IllegalAction(
                Message("cards.card_held", {"card": face.card, "owner": seat_name(s, seat)}), "card"
            )
    if not matchable(s.config, [*held_faces(s), face]):
        raise IllegalAction(
            Message("cards.not_in_deck", {"colour": face.colour, "points": face.points}),
            "colour" if face.card is None else "card",
        )


def is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


#: The arguments that describe a card (as opposed to naming it by its number).
DESCRIBED = ("colour", "points", *FLAGS, "icon")


def defined_face(s: State, a: CardArgs) -> Face | None:
    """The card a move names by its number among the host's defined cards (``card``, 1
    to 18; ``half``: 0, or 1 for the second colour of a two-colour card), or None when it
    names none. A move that names a card and also describes it must describe it as
    defined."""
    number, half = a.card, a.half
    if number is None:
        if half is not None:
            raise IllegalAction(Message("cards.half_without_card"), "half")
        return None
    cards = s.config.cards
    if cards is None:
        raise IllegalAction(Message("cards.no_defined_cards"), "card")
    if not is_whole(number) or not 1 <= number <= len(cards):
        raise IllegalAction(Message("cards.card_number", {"most": len(cards)}), "card")
    halves = cards[number - 1].halves
    half = 0 if half is None else half
    if not 0 <= half < len(halves):
        code = "cards.half_two" if len(halves) == 2 else "cards.half_one"
        raise IllegalAction(Message(code, {"card": number}), "half")
    face: Face = replace(halves[half], card=number)
    given = a.described()
    if given:
        described = Face.parse(given)
        if described != face:
            raise IllegalAction(Message("cards.card_mismatch", {"card": number}), "card")
    return face


def face_of(s: State, a: CardArgs) -> Face:
    """The card a move is about: named by its number, else described."""
    return defined_face(s, a) or Face.parse(a.described())


def take_from(s: State, owner: int, a: CardArgs) -> tuple[Face, tuple[Face, ...]]:
    """The card of ``owner``'s piles a steal or discard means, and the piles without it:
    the card of that number when the move names one (whichever half it shows: a stolen
    card keeps its colour), else the first card that shows the card described."""
    pile = s.piles[owner]
    number = a.card
    if number is None:
        face = face_of(s, a)
        for i, c in enumerate(pile):
            if c == face:
                return c, pile[:i] + pile[i + 1 :]
        values: dict[str, object] = {
            "owner": seat_name(s, owner),
            "colour": face.colour,
            "points": face.points,
        }
        raise IllegalAction(Message("cards.not_held", values), "colour")
    for i, c in enumerate(pile):
        if c.card is not None and c.card == number:
            half = half_of(s, c) if a.half is None else a.half
            named = defined_face(s, replace(a, half=half))
            if named != c:
                raise IllegalAction(Message("cards.card_mismatch", {"card": number}), "card")
            return c, pile[:i] + pile[i + 1 :]
    defined_face(s, a)  # a number no card has, or no defined deck: that sentence
    values = {"owner": seat_name(s, owner), "card": number}
    raise IllegalAction(Message("cards.card_not_held", values), "card")


def choices(s: State) -> list[Face]:
    """The cards the first waiting step may be, each one tap on the phone: for a take
    from the Scale or the deck, every half of each defined card that is in no pile and
    can be taken (by the matching); for a steal or a discard, the opponent's cards.
    Empty when nothing is waited for, or for a Scale or deck take without a defined
    deck (the card is described then)."""
    if not s.pending or s.finished:
        return []
    p = s.pending[0]
    if p.kind == "discard" or p.source == "steal":
        return list(s.piles[other_seat(p.player)])
    if s.config.cards is None:
        return []
    held = held_faces(s)
    out = []
    for number, card in enumerate(s.config.cards, start=1):
        if holder_of(s, number) is not None:
            continue
        for half in card.halves:
            face = replace(half, card=number)
            if matchable(s.config, [*held, face]):
                out.append(face)
    return out


def half_of(s: State, face: Face) -> int:
    """Which half of its defined card ``face`` shows (0 for a card without a number)."""
    if face.card is None or s.config.cards is None:
        return 0
    return s.config.cards[face.card - 1].halves.index(face)


def with_pile(s: State, seat: int, cards: tuple[Face, ...]) -> State:
    piles = (cards, s.piles[1]) if seat == 0 else (s.piles[0], cards)
    return replace(s, piles=piles)


def opponent_from(s: State, seat: int, args: CardArgs) -> int:
    """The opponent a steal or discard targets: ``from`` may name them, never oneself."""
    owner = other_seat(seat)
    given = args.from_
    if given is not None and given != seat_name(s, owner):
        s.config.seat_of(given, "from")  # a name nobody has: that sentence
        raise IllegalAction(
            Message(
                "cards.steal_from", {"player": seat_name(s, seat), "owner": seat_name(s, owner)}
            ),
            "from",
        )
    return owner
