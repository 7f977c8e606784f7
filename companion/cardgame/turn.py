"""The moves of a turn of Tsukiji Market (shared/rules/tsukiji-card-game.md §3–§7): the bids
and their reveal, taking and discarding cards, the Speciality bonus, a defined deck, and
what follows by itself at the end of a turn (the Scale refilled, the end-of-scale bonus,
the end of the game). Registered in rules.py's ``MOVES``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal

from ..engine import IllegalAction, Message
from ..engine import args as engine_args
from .catalogue import (
    CARDS,
    EXHAUSTIONS_TO_END,
    FINGERS,
    KNIVES_TO_WIN,
    NAME_MAX,
    NICE_FISH_DRAWS,
    SCALE_SLOTS,
    SOURCES,
    SPECIALITY_MAX,
    SPECIALITY_MIN,
)
from .pieces import (
    CardArgs,
    PlayerName,
    Points,
    check_defined,
    draw_card,
    ensure_going,
    face_of,
    matchable,
    move_barrel,
    opponent_from,
    other_seat,
    seat_name,
    take_from,
    waiting_message,
    with_note,
    with_pile,
)
from .state import Face, Pending, Reveal, State, parse_cards

# -- each move's arguments (issue #18 step 8), named as the JSON names them; the fold reads
# them from the logged dict (rules.py ``apply``); take_card and discard_card take
# pieces.py's ``CardArgs``.


@dataclass(frozen=True, kw_only=True)
class Bid:
    """``bid``: the seat that has bid (never its fingers: they stay sealed)."""

    player: str


@dataclass(frozen=True, kw_only=True)
class Fingers:
    """``reveal`` (the server's): both bids by name. A value stays any value: the rules
    refuse anything but 1 to 4 fingers in their own sentence (``cards.fingers``), a
    flag, a text or 2.0 included."""

    fingers: dict[str, object]


@dataclass(frozen=True, kw_only=True)
class Speciality:
    """``speciality`` (the host's): a Speciality bonus's points for a player."""

    player: PlayerName
    points: Points


@dataclass(frozen=True, kw_only=True)
class UseCards:
    """``use_cards`` (the host's): the 18 card definitions, which the rules read
    (``parse_cards``, with their own sentences); a client sends a list of at most 18, or
    "remembered" (the server's, which the edge puts in their place). Required: a
    use_cards without them is refused as such (``arg.required``), at the edge as in the
    rules."""

    cards: object = field(
        metadata={
            "sent": Annotated[list[object], engine_args.Limit(max_len=CARDS)]
            | Literal["remembered"]
        },
    )


def bid(s: State, a: Bid) -> State:
    """A seat has bid (or changed its bid) for the coming reveal. Refused while a card
    is still to be taken, after the end, and once both have bid."""
    seat = s.config.seat_of(a.player)
    ensure_going(s)
    if s.pending:
        raise IllegalAction(Message("cards.waiting", {"first": waiting_message(s, s.pending[0])}))
    if len(s.bid_by) == 2:
        raise IllegalAction(Message("cards.bids_in"), "player")
    return replace(s, bid_by=s.bid_by | {seat})


def reveal(s: State, a: Fingers) -> State:
    """Both bids at once ("…BI!"), and the outcome (§3 step 2):

    - different: the higher bid wins; the Barrel moves the difference toward the loser
      (clamped, AMB-C5); the winner takes a card, the other is discarded;
    - equal on Night: both Scale cards discarded, the Barrel card turns to Day;
    - equal on Day, Barrel leaning: that player picks first, the other takes the other
      card; the Barrel card turns to Night;
    - equal on Day, Barrel in the centre: both discarded, the card stays on Day.
    """
    ensure_going(s)
    if s.pending:
        raise IllegalAction(Message("cards.waiting", {"first": waiting_message(s, s.pending[0])}))
    for seat in (0, 1):
        if seat not in s.bid_by:
            raise IllegalAction(
                Message("cards.bid_missing", {"player": seat_name(s, seat)}), "fingers"
            )
    fingers = a.fingers
    if set(fingers) != set(s.players):
        raise IllegalAction(
            Message("cards.fingers_for", {"first": s.players[0], "second": s.players[1]}),
            "fingers",
        )
    shown: list[int] = []
    for name in s.players:
        value = fingers[name]
        if not isinstance(value, int) or isinstance(value, bool) or value not in FINGERS:
            raise IllegalAction(Message("cards.fingers"), f"fingers.{name}")
        shown.append(value)
    f0, f1 = shown
    s = replace(s, bid_by=frozenset(), rounds=s.rounds + 1, stage="round")
    if f0 != f1:
        winner = 0 if f0 > f1 else 1
        loser = other_seat(winner)
        s = replace(s, last_reveal=Reveal((f0, f1), winner))
        s = with_note(
            s,
            "cards.note.win",
            winner=seat_name(s, winner),
            loser=seat_name(s, loser),
            high=max(f0, f1),
            low=min(f0, f1),
            notches=abs(f0 - f1),
        )
        s = move_barrel(s, abs(f0 - f1), loser)
        if s.scale:
            s = replace(s, pending=(Pending("take", winner),))
        return _settle(s)
    s = replace(s, last_reveal=Reveal((f0, f1), None))
    if s.face == "night":
        s = replace(s, discard=s.discard + s.scale, scale=0, face="day")
        return _settle(with_note(s, "cards.note.night_tie"))
    if s.barrel == 0:
        s = replace(s, discard=s.discard + s.scale, scale=0)
        return _settle(with_note(s, "cards.note.centre_tie"))
    first = 0 if s.barrel > 0 else 1
    takes = tuple(Pending("take", p) for p in (first, other_seat(first)))[: s.scale]
    s = replace(s, face="night", pending=takes)
    s = with_note(
        s, "cards.note.day_tie", first=seat_name(s, first), second=seat_name(s, other_seat(first))
    )
    return _settle(s)


def _end_knives(s: State, seat: int) -> State:
    s = replace(s, ended="knives", knife_winner=seat, pending=())
    return with_note(s, "cards.note.knives", player=seat_name(s, seat))


def _gained(s: State, seat: int, face: Face, effects: bool) -> State:
    """A card has joined ``seat``'s piles: the Quick Knife count (at any moment,
    AMB-C11), then, when its on-take effects apply, the Barrel and the icon. A new step
    goes to the front of what is waited for, so each card resolves before the next one
    is taken (AMB-C12)."""
    if s.knives(seat) >= KNIVES_TO_WIN:
        return _end_knives(s, seat)
    if not effects:
        return s
    player, owner = seat_name(s, seat), seat_name(s, other_seat(seat))
    if face.barrel:
        s = with_note(s, "cards.note.barrel", player=player)
        s = move_barrel(s, 1, seat)
    if face.icon in ("steal", "discard"):
        if not s.piles[other_seat(seat)]:  # AMB-C9: nothing to take or discard
            return with_note(s, "cards.note.no_target", owner=owner)
        step = Pending("take", seat, "steal") if face.icon == "steal" else Pending("discard", seat)
        s = replace(s, pending=(step,) + s.pending)
        return with_note(s, f"cards.note.{face.icon}_icon", player=player, owner=owner)
    if face.icon == "draw":
        s, got = draw_card(s)
        if got:  # AMB-C7: the drawn card joins a pile, its effect does not apply
            s = replace(
                s, drawn=s.drawn + 1, pending=(Pending("take", seat, "draw", False),) + s.pending
            )
            s = with_note(s, "cards.note.draw_icon", player=player)
    return s


def _waiting_for(s: State, seat: int) -> Pending:
    """What the game waits for first, which must be this player's to do."""
    ensure_going(s)
    if not s.pending:
        raise IllegalAction(Message("cards.nothing_waited"), "type")
    p = s.pending[0]
    if p.player != seat:
        raise IllegalAction(
            Message(
                "cards.not_yours", {"first": waiting_message(s, p), "player": seat_name(s, seat)}
            ),
            "player",
        )
    return p


def take_card(s: State, a: CardArgs) -> State:
    """The card a player took, as they describe it (shared/spec/cards.md). It must be
    what the game waits for first: its taker and its source (the Scale, the deck's top
    card, or a steal from the opponent's piles)."""
    seat = s.config.seat_of(a.player)
    p = _waiting_for(s, seat)
    if p.kind != "take":
        raise IllegalAction(
            Message(
                "cards.discard_now",
                {"player": seat_name(s, seat), "owner": seat_name(s, other_seat(seat))},
            ),
            "type",
        )
    source = a.source
    if source != p.source:
        given: object = (
            Message(f"cards.where.{source}", {"owner": seat_name(s, other_seat(seat))})
            if source in SOURCES
            else str(source)[:NAME_MAX]
        )
        expected = Message(f"cards.where.{p.source}", {"owner": seat_name(s, other_seat(seat))})
        raise IllegalAction(
            Message(
                "cards.wrong_source",
                {"player": seat_name(s, seat), "expected": expected, "given": given},
            ),
            "source",
        )
    rest = s.pending[1:]
    if source == "steal":  # the very card, with its number and its colour as chosen
        owner = opponent_from(s, seat, a)
        face, left = take_from(s, owner, a)
        s = with_pile(s, owner, left)
    else:
        face = face_of(s, a)
        check_defined(s, face)
        if source == "draw":
            s = replace(s, drawn=s.drawn - 1)
        else:
            s = replace(s, scale=s.scale - 1)
            if s.scale and not any(q.kind == "take" and q.source == "scale" for q in rest):
                s = with_note(s, "cards.note.discard_other")
                s = replace(s, discard=s.discard + s.scale, scale=0)
    s = replace(s, pending=rest)
    s = with_pile(s, seat, s.piles[seat] + (face,))
    return _settle(_gained(s, seat, face, p.effects))


def discard_card(s: State, a: CardArgs) -> State:
    """The discard icon: the player puts one card of the opponent's piles into the
    discard pile."""
    seat = s.config.seat_of(a.player)
    p = _waiting_for(s, seat)
    if p.kind != "discard":
        raise IllegalAction(Message("cards.take_now", {"player": seat_name(s, seat)}), "type")
    owner = opponent_from(s, seat, a)
    _gone, left = take_from(s, owner, a)
    s = replace(with_pile(s, owner, left), discard=s.discard + 1, pending=s.pending[1:])
    return _settle(s)


def speciality(s: State, a: Speciality) -> State:
    """The host enters a Speciality bonus when it triggers (AMB-C3): its points count in
    that player's score. Also after a game that ended with the deck, since the last
    card may trigger it; not after a Quick Knife win, which no score changes."""
    seat = s.config.seat_of(a.player)
    if s.ended == "knives":
        raise IllegalAction(Message("cards.speciality_after_knives"), "type")
    points = a.points
    if not SPECIALITY_MIN <= points <= SPECIALITY_MAX:
        raise IllegalAction(
            Message("cards.speciality_points", {"low": SPECIALITY_MIN, "high": SPECIALITY_MAX}),
            "points",
        )
    bonus = list(s.speciality)
    bonus[seat] += points
    return replace(s, speciality=(bonus[0], bonus[1]))


def use_cards(s: State, a: UseCards) -> State:
    """The host gives a game under way the 18 cards defined on this server (AMB-C2), so
    each card taken from then on is one of them. The cards already in the piles must fit
    the new deck (a matching); the numbers they had in a deck before are dropped."""
    ensure_going(s)
    deck = parse_cards(a.cards or (), "cards")
    config = replace(s.config, cards=deck)
    piles = (
        tuple(replace(c, card=None) for c in s.piles[0]),
        tuple(replace(c, card=None) for c in s.piles[1]),
    )
    if not matchable(config, [*piles[0], *piles[1]]):
        raise IllegalAction(Message("cards.deck_conflict"), "cards")
    return with_note(replace(s, config=config, piles=piles), "cards.note.use_cards")


# -- the end of a turn -------------------------------------------------------------------------


def _settle(s: State) -> State:
    """When nothing is waited for any more: after the round, refill the Scale and pay
    the end-of-scale bonus (AMB-C13: in that order); after the bonus, end the turn."""
    if s.finished or s.pending:
        return s
    if s.stage == "round":
        s = _end_of_turn(s)
        if s.finished or s.pending:
            return s
    return _finish_turn(s)


def _end_of_turn(s: State) -> State:
    """Step 3, the refill, and step 4, the end-of-scale bonus: a Barrel at one end goes
    back to the centre and that player steals 1 card from the opponent (no effect
    applied, AMB-C6; nothing when the opponent holds none, AMB-C9), or with Nice Fish
    takes the 2 top cards of the deck (no effect applied either, TC-C2)."""
    s = replace(s, stage="bonus")
    refilled = 0
    while s.scale < SCALE_SLOTS:
        s, got = draw_card(s)
        if not got:
            break
        s = replace(s, scale=s.scale + 1)
        refilled += 1
    if refilled:
        s = with_note(s, "cards.note.refill", count=refilled)
    n = s.config.notches
    if abs(s.barrel) != n:
        return s
    end = 0 if s.barrel > 0 else 1
    player, owner = seat_name(s, end), seat_name(s, other_seat(end))
    s = replace(s, barrel=0)
    if s.config.nice_fish:
        s = with_note(s, "cards.note.nice_fish", player=player)
        for _ in range(NICE_FISH_DRAWS):
            s, got = draw_card(s)
            if not got:
                break
            s = replace(
                s, drawn=s.drawn + 1, pending=s.pending + (Pending("take", end, "draw", False),)
            )
        return s
    s = with_note(s, "cards.note.end_of_scale", player=player, owner=owner)
    if not s.piles[other_seat(end)]:
        return with_note(s, "cards.note.no_target", owner=owner)
    return replace(s, pending=(Pending("take", end, "steal", False),))


def _finish_turn(s: State) -> State:
    """Step 5: the game ends at the end of the turn in which the deck ran out for the
    second time (AMB-C10)."""
    s = replace(s, stage="bid")
    if s.exhausted >= EXHAUSTIONS_TO_END:
        s = with_note(replace(s, ended="deck"), "cards.note.deck_end")
    return s
