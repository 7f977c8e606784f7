"""The moves of Tsukiji Market (shared/rules/tsukiji-card-game.md §3–§7), one function each.

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
from .catalogue import (
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
from .state import FLAGS, Config, Face, Pending, Reveal, State, initial_state, parse_cards

Args = Mapping[str, Any]


# -- small helpers -----------------------------------------------------------------------------


def _other(seat: int) -> int:
    return 1 - seat


def _sign(seat: int) -> int:
    """The Barrel's direction toward ``seat``: ``+`` is toward players[0]."""
    return 1 if seat == 0 else -1


def _note(s: State, code: str, **values: Any) -> State:
    return replace(s, notes=s.notes + (Message(code, values),))


def _going(s: State) -> None:
    if s.finished:
        raise IllegalAction(Message("cards.game_over"), "type")


def _name(s: State, seat: int) -> str:
    return s.players[seat]


def waiting_message(s: State, p: Pending) -> Message:
    """What one pending step asks, as a clause ("Aiko takes a card from the Scale")."""
    player, owner = _name(s, p.player), _name(s, _other(p.player))
    if p.kind == "discard":
        return Message("cards.wait.discard", {"player": player, "owner": owner})
    return Message(f"cards.wait.take_{p.source}", {"player": player, "owner": owner})


def waiting_for(s: State) -> list[dict[str, str]]:
    """What the game needs before the next bid, in order (shared/spec/cards.md)."""
    out: list[dict[str, str]] = []
    for p in s.pending:
        item = {"type": "discard_card" if p.kind == "discard" else "take_card"}
        item["player"] = _name(s, p.player)
        if p.kind == "take":
            item["source"] = p.source
        if p.kind == "discard" or p.source == "steal":
            item["from"] = _name(s, _other(p.player))
        out.append(item)
    return out


def _move_barrel(s: State, notches: int, toward: int) -> State:
    """The Barrel ``notches`` toward seat ``toward``, stopping at the end (AMB-C5)."""
    n = s.config.notches
    target = s.barrel + notches * _sign(toward)
    clamped = max(-n, min(n, target))
    s = replace(s, barrel=clamped)
    if clamped != target:
        s = _note(s, "cards.note.clamped", player=_name(s, toward))
    return s


def _draw(s: State) -> tuple[State, bool]:
    """One card off the deck (AMB-C10). The deck runs out when its last card is drawn:
    the first time, the discards are shuffled into a new deck at once; after the second
    time, any card still needed in the turn comes from the discards turned over. False
    when no card is left anywhere."""
    if s.deck == 0:
        if s.discard == 0:
            if s.exhausted < EXHAUSTIONS_TO_END:  # nothing to reshuffle: the deck is done
                s = replace(s, exhausted=EXHAUSTIONS_TO_END)
            return _note(s, "cards.note.no_card"), False
        s = _note(s, "cards.note.last_draws", count=s.discard)
        s = replace(s, deck=s.discard, discard=0)
    s = replace(s, deck=s.deck - 1)
    if s.deck == 0 and s.exhausted < EXHAUSTIONS_TO_END:
        s = replace(s, exhausted=s.exhausted + 1)
        s = _note(s, "cards.note.ran_out", nth=Message(f"cards.nth.{s.exhausted}"))
        if s.exhausted < EXHAUSTIONS_TO_END and s.discard:
            s = _note(s, "cards.note.reshuffle", count=s.discard)
            s = replace(s, deck=s.discard, discard=0)
    return s, True


def _matchable(config: Config, held: list[Face]) -> bool:
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


def _held(s: State) -> list[Face]:
    return [*s.piles[0], *s.piles[1]]


def _holder(s: State, number: int) -> int | None:
    """The seat whose piles hold defined card ``number`` (None: nobody's)."""
    for seat in (0, 1):
        if any(c.card == number for c in s.piles[seat]):
            return seat
    return None


def _check_defined(s: State, face: Face) -> None:
    """A card taken from the Scale or the deck: with a defined deck, one of its cards
    that is not in a pile (by its number: that very card; else some card it can be)."""
    if s.config.cards is None:
        return
    if face.card is not None:
        seat = _holder(s, face.card)
        if seat is not None:
            raise IllegalAction(
                Message("cards.card_held", {"card": face.card, "owner": _name(s, seat)}), "card"
            )
    if not _matchable(s.config, [*_held(s), face]):
        raise IllegalAction(
            Message("cards.not_in_deck", {"colour": face.colour, "points": face.points}),
            "colour" if face.card is None else "card",
        )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The arguments that describe a card (as opposed to naming it by its number).
DESCRIBED = ("colour", "points", *FLAGS, "icon")


def defined_face(s: State, a: Args) -> Face | None:
    """The card a move names by its number among the host's defined cards (``card``, 1
    to 18; ``half``: 0, or 1 for the second colour of a two-colour card), or None when it
    names none. A move that names a card and also describes it must describe it as
    defined."""
    number, half = a.get("card"), a.get("half")
    if number is None:
        if half is not None:
            raise IllegalAction(Message("cards.half_without_card"), "half")
        return None
    cards = s.config.cards
    if cards is None:
        raise IllegalAction(Message("cards.no_defined_cards"), "card")
    if not _whole(number) or not 1 <= number <= len(cards):
        raise IllegalAction(Message("cards.card_number", {"most": len(cards)}), "card")
    halves = cards[number - 1].halves
    half = 0 if half is None else half
    if not _whole(half) or not 0 <= half < len(halves):
        code = "cards.half_two" if len(halves) == 2 else "cards.half_one"
        raise IllegalAction(Message(code, {"card": number}), "half")
    face: Face = replace(halves[int(half)], card=int(number))
    if any(k in a for k in DESCRIBED):
        described = Face.parse(a)
        if described != face:
            raise IllegalAction(Message("cards.card_mismatch", {"card": number}), "card")
    return face


def _face(s: State, a: Args) -> Face:
    """The card a move is about: named by its number, else described."""
    return defined_face(s, a) or Face.parse(a)


def _take_from(s: State, owner: int, a: Args) -> tuple[Face, tuple[Face, ...]]:
    """The card of ``owner``'s piles a steal or discard means, and the piles without it:
    the card of that number when the move names one (whichever half it shows: a stolen
    card keeps its colour), else the first card that shows the card described."""
    pile = s.piles[owner]
    number = a.get("card")
    if number is None:
        face = _face(s, a)
        for i, c in enumerate(pile):
            if c == face:
                return c, pile[:i] + pile[i + 1 :]
        values: dict[str, object] = {
            "owner": _name(s, owner),
            "colour": face.colour,
            "points": face.points,
        }
        raise IllegalAction(Message("cards.not_held", values), "colour")
    for i, c in enumerate(pile):
        if c.card is not None and c.card == number:
            named = defined_face(s, {**a, "half": a.get("half", half_of(s, c))})
            if named != c:
                raise IllegalAction(Message("cards.card_mismatch", {"card": number}), "card")
            return c, pile[:i] + pile[i + 1 :]
    defined_face(s, a)  # a number no card has, or no defined deck: that sentence
    values = {"owner": _name(s, owner), "card": number}
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
        return list(s.piles[_other(p.player)])
    if s.config.cards is None:
        return []
    held = _held(s)
    out = []
    for number, card in enumerate(s.config.cards, start=1):
        if _holder(s, number) is not None:
            continue
        for half in card.halves:
            face = replace(half, card=number)
            if _matchable(s.config, [*held, face]):
                out.append(face)
    return out


def half_of(s: State, face: Face) -> int:
    """Which half of its defined card ``face`` shows (0 for a card without a number)."""
    if face.card is None or s.config.cards is None:
        return 0
    return s.config.cards[face.card - 1].halves.index(face)


def _with_pile(s: State, seat: int, cards: tuple[Face, ...]) -> State:
    piles = (cards, s.piles[1]) if seat == 0 else (s.piles[0], cards)
    return replace(s, piles=piles)


def _opponent_from(s: State, seat: int, args: Args) -> int:
    """The opponent a steal or discard targets: ``from`` may name them, never oneself."""
    owner = _other(seat)
    given = args.get("from")
    if given is not None and given != _name(s, owner):
        s.config.seat_of(given, "from")  # a name nobody has: that sentence
        raise IllegalAction(
            Message("cards.steal_from", {"player": _name(s, seat), "owner": _name(s, owner)}),
            "from",
        )
    return owner


# -- the turn ----------------------------------------------------------------------------------


def bid(s: State, a: Args) -> State:
    """A seat has bid (or changed its bid) for the coming reveal. Refused while a card
    is still to be taken, after the end, and once both have bid."""
    seat = s.config.seat_of(a.get("player"))
    _going(s)
    if s.pending:
        raise IllegalAction(Message("cards.waiting", {"first": waiting_message(s, s.pending[0])}))
    if len(s.bid_by) == 2:
        raise IllegalAction(Message("cards.bids_in"), "player")
    return replace(s, bid_by=s.bid_by | {seat})


def reveal(s: State, a: Args) -> State:
    """Both bids at once ("…BI!"), and the outcome (§3 step 2):

    - different: the higher bid wins; the Barrel moves the difference toward the loser
      (clamped, AMB-C5); the winner takes a card, the other is discarded;
    - equal on Night: both Scale cards discarded, the Barrel card turns to Day;
    - equal on Day, Barrel leaning: that player picks first, the other takes the other
      card; the Barrel card turns to Night;
    - equal on Day, Barrel in the centre: both discarded, the card stays on Day.
    """
    _going(s)
    if s.pending:
        raise IllegalAction(Message("cards.waiting", {"first": waiting_message(s, s.pending[0])}))
    for seat in (0, 1):
        if seat not in s.bid_by:
            raise IllegalAction(Message("cards.bid_missing", {"player": _name(s, seat)}), "fingers")
    fingers = a.get("fingers")
    if not isinstance(fingers, Mapping) or set(fingers) != set(s.players):
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
        loser = _other(winner)
        s = replace(s, last_reveal=Reveal((f0, f1), winner))
        s = _note(
            s,
            "cards.note.win",
            winner=_name(s, winner),
            loser=_name(s, loser),
            high=max(f0, f1),
            low=min(f0, f1),
            notches=abs(f0 - f1),
        )
        s = _move_barrel(s, abs(f0 - f1), loser)
        if s.scale:
            s = replace(s, pending=(Pending("take", winner),))
        return _settle(s)
    s = replace(s, last_reveal=Reveal((f0, f1), None))
    if s.face == "night":
        s = replace(s, discard=s.discard + s.scale, scale=0, face="day")
        return _settle(_note(s, "cards.note.night_tie"))
    if s.barrel == 0:
        s = replace(s, discard=s.discard + s.scale, scale=0)
        return _settle(_note(s, "cards.note.centre_tie"))
    first = 0 if s.barrel > 0 else 1
    takes = tuple(Pending("take", p) for p in (first, _other(first)))[: s.scale]
    s = replace(s, face="night", pending=takes)
    s = _note(s, "cards.note.day_tie", first=_name(s, first), second=_name(s, _other(first)))
    return _settle(s)


def _end_knives(s: State, seat: int) -> State:
    s = replace(s, ended="knives", knife_winner=seat, pending=())
    return _note(s, "cards.note.knives", player=_name(s, seat))


def _gained(s: State, seat: int, face: Face, effects: bool) -> State:
    """A card has joined ``seat``'s piles: the Quick Knife count (at any moment,
    AMB-C11), then, when its on-take effects apply, the Barrel and the icon. A new step
    goes to the front of what is waited for, so each card resolves before the next one
    is taken (AMB-C12)."""
    if s.knives(seat) >= KNIVES_TO_WIN:
        return _end_knives(s, seat)
    if not effects:
        return s
    player, owner = _name(s, seat), _name(s, _other(seat))
    if face.barrel:
        s = _note(s, "cards.note.barrel", player=player)
        s = _move_barrel(s, 1, seat)
    if face.icon in ("steal", "discard"):
        if not s.piles[_other(seat)]:  # AMB-C9: nothing to take or discard
            return _note(s, "cards.note.no_target", owner=owner)
        step = Pending("take", seat, "steal") if face.icon == "steal" else Pending("discard", seat)
        s = replace(s, pending=(step,) + s.pending)
        return _note(s, f"cards.note.{face.icon}_icon", player=player, owner=owner)
    if face.icon == "draw":
        s, got = _draw(s)
        if got:  # AMB-C7: the drawn card joins a pile, its effect does not apply
            s = replace(
                s, drawn=s.drawn + 1, pending=(Pending("take", seat, "draw", False),) + s.pending
            )
            s = _note(s, "cards.note.draw_icon", player=player)
    return s


def _waiting_for(s: State, seat: int) -> Pending:
    """What the game waits for first, which must be this player's to do."""
    _going(s)
    if not s.pending:
        raise IllegalAction(Message("cards.nothing_waited"), "type")
    p = s.pending[0]
    if p.player != seat:
        raise IllegalAction(
            Message("cards.not_yours", {"first": waiting_message(s, p), "player": _name(s, seat)}),
            "player",
        )
    return p


def take_card(s: State, a: Args) -> State:
    """The card a player took, as they describe it (shared/spec/cards.md). It must be
    what the game waits for first: its taker and its source (the Scale, the deck's top
    card, or a steal from the opponent's piles)."""
    seat = s.config.seat_of(a.get("player"))
    p = _waiting_for(s, seat)
    if p.kind != "take":
        raise IllegalAction(
            Message(
                "cards.discard_now", {"player": _name(s, seat), "owner": _name(s, _other(seat))}
            ),
            "type",
        )
    source = a.get("source", "scale")
    if source != p.source:
        given: object = (
            Message(f"cards.where.{source}", {"owner": _name(s, _other(seat))})
            if source in SOURCES
            else str(source)[:NAME_MAX]
        )
        expected = Message(f"cards.where.{p.source}", {"owner": _name(s, _other(seat))})
        raise IllegalAction(
            Message(
                "cards.wrong_source",
                {"player": _name(s, seat), "expected": expected, "given": given},
            ),
            "source",
        )
    rest = s.pending[1:]
    if source == "steal":  # the very card, with its number and its colour as chosen
        owner = _opponent_from(s, seat, a)
        face, left = _take_from(s, owner, a)
        s = _with_pile(s, owner, left)
    else:
        face = _face(s, a)
        _check_defined(s, face)
        if source == "draw":
            s = replace(s, drawn=s.drawn - 1)
        else:
            s = replace(s, scale=s.scale - 1)
            if s.scale and not any(q.kind == "take" and q.source == "scale" for q in rest):
                s = _note(s, "cards.note.discard_other")
                s = replace(s, discard=s.discard + s.scale, scale=0)
    s = replace(s, pending=rest)
    s = _with_pile(s, seat, s.piles[seat] + (face,))
    return _settle(_gained(s, seat, face, p.effects))


def discard_card(s: State, a: Args) -> State:
    """The discard icon: the player puts one card of the opponent's piles into the
    discard pile."""
    seat = s.config.seat_of(a.get("player"))
    p = _waiting_for(s, seat)
    if p.kind != "discard":
        raise IllegalAction(Message("cards.take_now", {"player": _name(s, seat)}), "type")
    owner = _opponent_from(s, seat, a)
    _gone, left = _take_from(s, owner, a)
    s = replace(_with_pile(s, owner, left), discard=s.discard + 1, pending=s.pending[1:])
    return _settle(s)


def speciality(s: State, a: Args) -> State:
    """The host enters a Speciality bonus when it triggers (AMB-C3): its points count in
    that player's score. Also after a game that ended with the deck, since the last
    card may trigger it; not after a Quick Knife win, which no score changes."""
    seat = s.config.seat_of(a.get("player"))
    if s.ended == "knives":
        raise IllegalAction(Message("cards.speciality_after_knives"), "type")
    points = a.get("points")
    if (
        not isinstance(points, int)
        or isinstance(points, bool)
        or not SPECIALITY_MIN <= points <= SPECIALITY_MAX
    ):
        raise IllegalAction(
            Message("cards.speciality_points", {"low": SPECIALITY_MIN, "high": SPECIALITY_MAX}),
            "points",
        )
    bonus = list(s.speciality)
    bonus[seat] += points
    return replace(s, speciality=(bonus[0], bonus[1]))


def use_cards(s: State, a: Args) -> State:
    """The host gives a game under way the 18 cards defined on this server (AMB-C2), so
    each card taken from then on is one of them. The cards already in the piles must fit
    the new deck (a matching); the numbers they had in a deck before are dropped."""
    _going(s)
    deck = parse_cards(a.get("cards") or (), "cards")
    config = replace(s.config, cards=deck)
    piles = (
        tuple(replace(c, card=None) for c in s.piles[0]),
        tuple(replace(c, card=None) for c in s.piles[1]),
    )
    if not _matchable(config, [*piles[0], *piles[1]]):
        raise IllegalAction(Message("cards.deck_conflict"), "cards")
    return _note(replace(s, config=config, piles=piles), "cards.note.use_cards")


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
        s, got = _draw(s)
        if not got:
            break
        s = replace(s, scale=s.scale + 1)
        refilled += 1
    if refilled:
        s = _note(s, "cards.note.refill", count=refilled)
    n = s.config.notches
    if abs(s.barrel) != n:
        return s
    end = 0 if s.barrel > 0 else 1
    player, owner = _name(s, end), _name(s, _other(end))
    s = replace(s, barrel=0)
    if s.config.nice_fish:
        s = _note(s, "cards.note.nice_fish", player=player)
        for _ in range(NICE_FISH_DRAWS):
            s, got = _draw(s)
            if not got:
                break
            s = replace(
                s, drawn=s.drawn + 1, pending=s.pending + (Pending("take", end, "draw", False),)
            )
        return s
    s = _note(s, "cards.note.end_of_scale", player=player, owner=owner)
    if not s.piles[_other(end)]:
        return _note(s, "cards.note.no_target", owner=owner)
    return replace(s, pending=(Pending("take", end, "steal", False),))


def _finish_turn(s: State) -> State:
    """Step 5: the game ends at the end of the turn in which the deck ran out for the
    second time (AMB-C10)."""
    s = replace(s, stage="bid")
    if s.exhausted >= EXHAUSTIONS_TO_END:
        s = _note(replace(s, ended="deck"), "cards.note.deck_end")
    return s


# -- the registry ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One move: its function, who may record it, and whether it is an entry of the
    history by itself. ``who``: "bidder" (that seat, from its own phone; never the
    host), "player" (the seat the move names, or the host), "host", or "server"
    (appended by the server only)."""

    apply: Callable[[State, Args], State]
    who: str
    history: bool = True


MOVES: dict[str, Move] = {
    # A bid is not an entry by itself: the reveal is (shared/spec/cards.md).
    "bid": Move(bid, "bidder", history=False),
    "reveal": Move(reveal, "server"),
    "take_card": Move(take_card, "player"),
    "discard_card": Move(discard_card, "player"),
    "speciality": Move(speciality, "host"),
    "use_cards": Move(use_cards, "host"),
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
    return Message("cards.only_own_card", {"player": _name(s, named)})


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
    return found.apply(replace(s, notes=()), move)


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
            face = _face(s, move)
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
                else Message(f"cards.source.{source}", {"owner": _name(s, _other(seat))}),
            },
        )
    if kind == "discard_card":
        seat = s.config.seat_of(move.get("player"))
        return Message(
            "cards.history.discard",
            {
                "player": move.get("player"),
                "owner": _name(s, _other(seat)),
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
