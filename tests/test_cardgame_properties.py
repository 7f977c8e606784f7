"""Properties of the card game's rules core, over whole games of legal moves chosen by
hypothesis: the 18 cards are always accounted for (deck + discard + Scale + piles, and
cards drawn but not yet described), the Barrel stays on the Scale, replaying the moves
gives the same state (so dropping the last ones, an undo, gives back the state before
them), every game ends, and a sealed bid never changes anyone else's view."""

from __future__ import annotations

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from companion.cardgame import catalogue
from companion.cardgame.pieces import choices, half_of, matchable, waiting_for
from companion.cardgame.rules import apply, replay
from companion.cardgame.scoring import outcome, score
from companion.cardgame.state import Config, Face, State, initial_state, make_config
from companion.cardgame.view import player_view
from companion.rules.errors import IllegalAction

A, B = "Aiko", "Bo"
#: Enough moves for any game: each turn draws 2 cards for the Scale, and the deck holds
#: 16 cards before its one reshuffle.
MOST_MOVES = 600

faces = st.builds(
    Face,
    colour=st.sampled_from(["red", "blue", "green"]),
    points=st.integers(catalogue.POINTS_MIN, catalogue.POINTS_MAX),
    wasabi=st.booleans(),
    # Knives rare enough that most games run the deck out twice.
    knife=st.sampled_from([False] * 6 + [True]),
    barrel=st.booleans(),
    icon=st.sampled_from([None, None, None, *catalogue.ICONS]),
)
defined_cards = st.lists(
    st.one_of(
        faces.map(lambda f: [f.to_json()]),
        st.lists(faces, min_size=2, max_size=2).map(lambda fs: [f.to_json() for f in fs]),
    ),
    min_size=catalogue.CARDS,
    max_size=catalogue.CARDS,
)
configs = st.builds(
    lambda notches, variant, cards: make_config([A, B], notches, variant, cards),
    st.integers(catalogue.NOTCHES_MIN, catalogue.NOTCHES_MAX),
    st.sampled_from(catalogue.VARIANTS),
    st.one_of(st.none(), defined_cards),
)


def card_move(s: State, data: st.DataObject) -> dict[str, Any]:
    """A legal answer to what the game waits for first."""
    p = s.pending[0]
    name = s.players[p.player]
    if p.kind == "discard" or p.source == "steal":
        face = data.draw(st.sampled_from(s.piles[1 - p.player]))
        assert face in choices(s)
        kind = "discard_card" if p.kind == "discard" else "take_card"
        described = {k: v for k, v in face.to_json().items() if k != "card"}
        if face.card is not None and data.draw(st.booleans()):
            described = {"card": face.card}  # the one tap: that card by its number
        move = {"type": kind, "player": name, **described}
        return move if kind == "discard_card" else {**move, "source": "steal"}
    base = {"type": "take_card", "player": name, "source": p.source}
    if s.config.cards is None:
        assert choices(s) == []
        return {**base, **data.draw(faces).to_json()}
    offered = choices(s)
    if offered and data.draw(st.booleans()):  # one tap on a defined card
        face = data.draw(st.sampled_from(offered))
        return {**base, "card": face.card, "half": half_of(s, face)}
    halves = [h for c in s.config.cards for h in c.halves]
    for face in data.draw(st.permutations(halves)):
        move = {**base, **face.to_json()}
        try:
            apply(s, move)
        except IllegalAction as exc:
            assert exc.code_message is not None and exc.code_message.code == "cards.not_in_deck"
            continue
        return move
    raise AssertionError("no card of the defined deck can be taken")


def check(s: State) -> None:
    assert s.cards_accounted() == catalogue.CARDS
    held = [*s.piles[0], *s.piles[1]]
    numbers = [c.card for c in held if c.card is not None]
    assert len(numbers) == len(set(numbers)), "a defined card is in two places"
    if s.config.cards is not None:
        assert matchable(s.config, held), "the piles are not cards of the defined deck"
    else:
        assert numbers == []
    assert min(s.deck, s.discard, s.drawn) >= 0 and 0 <= s.scale <= catalogue.SCALE_SLOTS
    assert -s.config.notches <= s.barrel <= s.config.notches
    assert s.face in catalogue.FACES and 0 <= s.exhausted <= catalogue.EXHAUSTIONS_TO_END
    if s.ended != "knives":  # a Quick Knife win leaves any drawn card undescribed
        assert s.drawn == sum(1 for p in s.pending if p.kind == "take" and p.source == "draw")
    assert len(waiting_for(s)) == len(s.pending)
    if s.stage == "bid":
        assert not s.pending
    if s.ended != "knives":
        assert max(s.knives(0), s.knives(1)) < catalogue.KNIVES_TO_WIN


def play_out(config: Config, data: st.DataObject) -> tuple[list[dict[str, Any]], list[State]]:
    """A whole game of legal moves: the moves, and the state after setup and each move."""
    s = initial_state(config)
    moves: list[dict[str, Any]] = []
    states = [s]

    def do(move: dict[str, Any]) -> None:
        nonlocal s
        s = apply(s, move)
        check(s)
        moves.append(move)
        states.append(s)

    while not s.finished:
        assert len(moves) < MOST_MOVES, "the game did not end"
        if data.draw(st.integers(0, 20)) == 0:
            do({"type": "speciality", "player": data.draw(st.sampled_from([A, B])), "points": 1})
        if s.pending:
            do(card_move(s, data))
            continue
        f = data.draw(
            st.tuples(st.sampled_from(catalogue.FINGERS), st.sampled_from(catalogue.FINGERS))
        )
        first = data.draw(st.sampled_from([A, B]))
        do({"type": "bid", "player": first})
        # One bid sealed: nobody else's view depends on its fingers.
        seat = s.players.index(first)
        for viewer in (1 - seat, None):
            seen = {str(player_view(s, viewer, {seat: n})) for n in catalogue.FINGERS}
            assert len(seen) == 1
        do({"type": "bid", "player": B if first == A else A})
        do({"type": "reveal", "fingers": {A: f[0], B: f[1]}})
    return moves, states


@settings(max_examples=100, deadline=None)
@given(configs, st.data())
def test_any_game_keeps_the_cards_and_the_barrel_and_replays_to_the_same_state(
    config: Config, data: st.DataObject
) -> None:
    moves, states = play_out(config, data)
    final = states[-1]
    assert replay(config, moves) == final
    # An undo drops the last moves from the log: the fold of what is left is the state
    # the game was in before them.
    k = data.draw(st.integers(0, len(moves)))
    assert replay(config, moves[:k]) == states[k]
    result = outcome(final)
    assert result is not None and result.winners
    event(f"ended by {result.reason}")
    event(f"{len(moves) // 50 * 50}+ moves")
    if result.reason == "deck":
        totals = (score(final, 0).total, score(final, 1).total)
        best = max(totals)
        assert all(totals[w] == best for w in result.winners)
        assert len(result.winners) == 2 or result.tie_break != "tie"
    else:
        assert final.knives(result.winners[0]) >= catalogue.KNIVES_TO_WIN


@settings(max_examples=50, deadline=None)
@given(configs, st.data())
def test_a_refused_move_changes_nothing(config: Config, data: st.DataObject) -> None:
    """Applying is pure: a move the rules refuse leaves the state as it was, and the
    state before a move is never changed by applying it."""
    moves, states = play_out(config, data)
    k = data.draw(st.integers(0, len(states) - 1))
    s = states[k]
    before = repr(s)
    junk = data.draw(
        st.sampled_from(
            [
                {"type": "bid", "player": "Chie"},
                {"type": "reveal", "fingers": {A: 5, B: 1}},
                {"type": "take_card", "player": A, "colour": "", "points": 1},
                {"type": "discard_card", "player": B, "colour": "red", "points": 99},
                {"type": "speciality", "player": A, "points": -1},
                {"type": "nothing"},
            ]
        )
    )
    try:
        apply(s, junk)
    except IllegalAction:
        pass
    assert repr(s) == before
    if k < len(moves):
        apply(s, moves[k])
        assert repr(s) == before and states[k + 1] == apply(s, moves[k])
