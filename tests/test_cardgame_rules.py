"""The card game's rules core (companion/cardgame/): every row of the §8 test-case table
of shared/rules/tsukiji-card-game.md, its worked scoring and tie examples, and every
reading AMB-C1 … AMB-C13, as move-level and scenario tests from custom start states."""

from __future__ import annotations

import ast
import doctest
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import companion.cardgame
from companion.cardgame import catalogue, rules, scoring, state, view
from companion.cardgame.pieces import waiting_for
from companion.cardgame.rules import apply, describe, may_record, why_not
from companion.cardgame.scoring import Outcome, outcome, score, winners_by_score
from companion.cardgame.state import Face, State, initial_state, make_config
from companion.rules.errors import IllegalAction
from companion.rules.messages import known, render

A, B = "Aiko", "Bo"


def new(notches: int = 3, variant: str = "standard", cards: Any = None, **fields: Any) -> State:
    """A game after setup, with any field changed (a custom start state). The deck holds
    whatever cards the given fields leave, unless it is given too; either way all 18
    cards are accounted for."""
    s = replace(initial_state(make_config([A, B], notches, variant, cards)), **fields)
    if "deck" not in fields:
        s = replace(s, deck=catalogue.CARDS - s.cards_accounted() + s.deck)
    assert s.cards_accounted() == catalogue.CARDS
    return s


def play(s: State, *moves: dict[str, Any]) -> State:
    for m in moves:
        s = apply(s, m)
    return s


def wasabi(s: State, a: int, b: int) -> State:
    """Both bid, then the reveal, as the door appends them."""
    return play(
        s,
        {"type": "bid", "player": A},
        {"type": "bid", "player": B},
        {"type": "reveal", "fingers": {A: a, B: b}},
    )


def card(colour: str = "red", points: int = 1, **effects: Any) -> dict[str, Any]:
    return {"colour": colour, "points": points, **effects}


def take(s: State, player: str, colour: str = "red", points: int = 1, **kw: Any) -> State:
    return apply(s, {"type": "take_card", "player": player, **card(colour, points), **kw})


def piles(*faces: Face) -> tuple[Face, ...]:
    return tuple(faces)


def refused(s: State, move: dict[str, Any], code: str, field: str | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(s, move)
    assert info.value.code_message is not None
    assert info.value.code_message.code == code, info.value.message
    if field is not None:
        assert info.value.field == field
    return info.value


# -- §8: the test-case table ---------------------------------------------------------------


def test_row1_a_higher_bid_wins_and_pushes_the_barrel_toward_the_loser() -> None:
    s = wasabi(new(), 3, 1)
    assert s.last_reveal is not None and s.last_reveal.winner == 0
    assert s.barrel == -2  # toward B
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "scale"}]
    s = take(s, A, "red", 4)
    assert [c.colour for c in s.piles[0]] == ["red"] and s.piles[1] == ()
    # The other card went to the discard; the Scale is refilled from the deck.
    assert (s.discard, s.scale, s.deck) == (1, 2, 14)
    assert waiting_for(s) == [] and s.stage == "bid"


def test_row2_a_night_tie_discards_both_and_turns_the_barrel_to_day() -> None:
    s = wasabi(new(), 2, 2)
    assert (s.discard, s.face, s.barrel) == (2, "day", 0)
    assert s.last_reveal is not None and s.last_reveal.winner is None
    assert waiting_for(s) == [] and (s.scale, s.deck) == (2, 14)


def test_row3_a_day_tie_lets_the_leaning_player_pick_first() -> None:
    s = wasabi(new(barrel=1, face="day"), 4, 4)
    assert s.face == "night"  # the face flips at the reveal
    assert waiting_for(s) == [
        {"type": "take_card", "player": A, "source": "scale"},
        {"type": "take_card", "player": B, "source": "scale"},
    ]
    refused(s, {"type": "take_card", "player": B, **card()}, "cards.not_yours", "player")
    s = take(take(s, A, "blue", 5), B, "red", 2)
    assert [c.colour for c in s.piles[0]] == ["blue"] and [c.colour for c in s.piles[1]] == ["red"]
    assert (s.discard, s.scale, s.deck, s.barrel) == (0, 2, 14, 1)


def test_row3_mirrored_the_barrel_toward_b_lets_b_pick_first() -> None:
    s = wasabi(new(barrel=-2, face="day"), 1, 1)
    assert [w["player"] for w in waiting_for(s)] == [B, A]


def test_row4_a_day_tie_with_the_barrel_in_the_centre_discards_both_and_stays_day() -> None:
    s = wasabi(new(face="day"), 1, 1)
    assert (s.discard, s.face, s.barrel) == (2, "day", 0)
    assert waiting_for(s) == []


def test_row5_a_win_that_drives_the_barrel_to_the_losers_end_lets_the_loser_steal() -> None:
    start = new(barrel=-2, piles=((), piles(Face("green", 6))))
    s = wasabi(start, 3, 2)
    assert s.barrel == -3  # B's end
    s = take(s, A, "red", 3)
    # End of the turn: the Barrel goes back to the centre and B steals 1 card from A.
    assert s.barrel == 0
    assert waiting_for(s) == [{"type": "take_card", "player": B, "source": "steal", "from": A}]
    s = take(s, B, "red", 3, source="steal", **{"from": A})
    assert s.piles[0] == () and [c.colour for c in s.piles[1]] == ["green", "red"]
    assert waiting_for(s) == [] and s.stage == "bid"


def test_row6_a_barrel_card_to_the_takers_end_lets_the_taker_steal() -> None:
    # Barrel +2 (N 3); a Day tie lets A take first, and A takes a Barrel card.
    s = wasabi(new(barrel=2, face="day", piles=((), piles(Face("green", 6)))), 3, 3)
    s = take(s, A, "red", 2, barrel=True)
    assert s.barrel == 3
    s = take(s, B, "blue", 1)
    assert s.barrel == 0
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "steal", "from": B}]
    s = take(s, A, "green", 6, source="steal")
    assert len(s.piles[0]) == 2 and [c.colour for c in s.piles[1]] == ["blue"]


def test_row6_from_the_rows_own_start_state() -> None:
    # Barrel +2 (N 3) and A taking a Scale card, set directly.
    start = new(barrel=2, piles=((), piles(Face("green", 6))))
    s = replace(start, pending=(state.Pending("take", 0),), stage="round")
    s = take(s, A, "red", 2, barrel=True)
    assert s.barrel == 0  # +3 reached, then the end of the turn took it back to the centre
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "steal", "from": B}]


# -- worked scoring and tie examples (§7) --------------------------------------------------


def test_the_worked_scoring_example() -> None:
    s = new(
        barrel=2,
        piles=(
            piles(
                Face("red", 3, wasabi=True),
                Face("red", 2, wasabi=True),
                Face("red", 4),
                Face("blue", 5),
            ),
            piles(Face("green", 6, wasabi=True), Face("green", 6), Face("green", 4)),
        ),
    )
    a, b = score(s, 0), score(s, 1)
    assert {p.colour: p.score for p in a.piles} == {"red": 18, "blue": 5}
    assert a.barrel == 4 and a.total == 27
    assert {p.colour: p.score for p in b.piles} == {"green": 16} and b.barrel == 0
    assert b.total == 16
    assert winners_by_score((a.total, b.total), s.barrel) == Outcome("deck", (0,))
    assert a.to_json()["piles"]["red"] == {"points": 9, "wasabi": 2, "doubled": True, "score": 18}


def test_the_tie_examples() -> None:
    assert winners_by_score((20, 20), -1) == Outcome("deck", (1,), "barrel")
    assert winners_by_score((20, 20), 1) == Outcome("deck", (0,), "barrel")
    assert winners_by_score((20, 20), 0) == Outcome("deck", (0, 1), "tie")


def test_a_finished_game_names_its_winners_from_the_scores() -> None:
    s = new(ended="deck", barrel=0, piles=(piles(Face("red", 5)), piles(Face("blue", 5))))
    assert outcome(s) == Outcome("deck", (0, 1), "tie")
    assert view.player_view(s, None)["winners"] == [A, B]
    assert outcome(new()) is None


# -- the bid -----------------------------------------------------------------------------------


def test_a_bid_may_change_until_both_have_bid() -> None:
    s = play(new(), {"type": "bid", "player": A}, {"type": "bid", "player": A})
    assert s.bid_by == frozenset({0})
    s = apply(s, {"type": "bid", "player": B})
    refused(s, {"type": "bid", "player": A}, "cards.bids_in")


def test_no_reveal_without_both_bids() -> None:
    s = apply(new(), {"type": "bid", "player": A})
    err = refused(s, {"type": "reveal", "fingers": {A: 2, B: 1}}, "cards.bid_missing")
    assert err.message == "Bo has not bid yet; a missing hand cannot count as 0 fingers."


@pytest.mark.parametrize("bad", [0, 5, -1, True, "3", 2.0, None])
def test_a_bid_is_one_to_four_fingers(bad: Any) -> None:
    s = play(new(), {"type": "bid", "player": A}, {"type": "bid", "player": B})
    refused(s, {"type": "reveal", "fingers": {A: bad, B: 1}}, "cards.fingers", "fingers.Aiko")
    refused(s, {"type": "reveal", "fingers": {A: 1}}, "cards.fingers_for", "fingers")


def test_no_bid_while_a_card_is_to_be_taken_or_after_the_end() -> None:
    s = wasabi(new(), 3, 1)
    err = refused(s, {"type": "bid", "player": B}, "cards.waiting")
    assert err.message == "Aiko takes a card from the Scale first; the next bid comes after that."
    refused(new(ended="deck"), {"type": "bid", "player": A}, "cards.game_over")


def test_a_take_nobody_waits_for_is_refused() -> None:
    refused(new(), {"type": "take_card", "player": A, **card()}, "cards.nothing_waited")
    s = wasabi(new(), 3, 1)
    err = refused(
        s, {"type": "take_card", "player": A, "source": "draw", **card()}, "cards.wrong_source"
    )
    assert err.message == "Aiko takes a card from the Scale now, not from the deck (the top card)."
    refused(s, {"type": "discard_card", "player": A, **card()}, "cards.take_now")
    refused(s, {"type": "take_card", "player": "Chie", **card()}, "cards.not_a_player", "player")


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"colour": ""}, "colour"),
        ({"colour": "x" * 21}, "colour"),
        ({"colour": 3}, "colour"),
        ({"points": 10}, "points"),
        ({"points": -1}, "points"),
        ({"points": True}, "points"),
        ({"wasabi": "yes"}, "wasabi"),
        ({"icon": "swap"}, "icon"),
    ],
)
def test_a_card_is_a_colour_points_0_to_9_and_flags(fields: dict[str, Any], where: str) -> None:
    s = wasabi(new(), 3, 1)
    with pytest.raises(IllegalAction) as info:
        apply(s, {"type": "take_card", "player": A, **card(), **fields})
    assert info.value.field == where


def test_colours_are_one_pile_whatever_their_case() -> None:
    s = take(wasabi(new(), 3, 1), A, " Red ", 2)
    assert s.piles[0] == (Face("red", 2),)


# -- AMB-C1 and AMB-C5: the notches, and the Barrel stopping at the end -----------------------


@pytest.mark.parametrize("notches", [0, 10, True, "3"])
def test_amb_c1_the_notches_are_required_from_one_to_nine(notches: Any) -> None:
    with pytest.raises(IllegalAction) as info:
        make_config([A, B], notches)
    assert info.value.field == "notches"
    assert make_config([A, B], 9).notches == 9


def test_setup_refuses_anything_but_two_different_names_and_a_known_side() -> None:
    for players in ([A], [A, A], [A, B, "Chie"], [A, ""]):
        with pytest.raises(IllegalAction):
            make_config(players, 3)
    with pytest.raises(IllegalAction) as info:
        make_config([A, B], 3, "green")
    assert info.value.field == "variant"


def test_amb_c5_the_barrel_stops_at_the_end() -> None:
    s = wasabi(new(barrel=-1), 4, 1)  # 3 notches toward B from −1: −4, stopped at −3
    assert s.barrel == -3
    assert any(n.code == "cards.note.clamped" for n in s.notes)
    s = wasabi(new(barrel=2), 1, 4)  # toward A
    assert s.barrel == 3


# -- AMB-C2: a defined deck ----------------------------------------------------------------


def defined_deck() -> list[Any]:
    deck: list[Any] = [card("red", 1)] * 10 + [card("blue", 2, wasabi=True)] * 6
    deck.append([card("green", 3), card("yellow", 4, knife=True)])  # a two-colour card
    deck.append(card("red", 5, barrel=True))
    return deck


def test_amb_c2_with_a_defined_deck_a_take_must_be_one_of_its_cards() -> None:
    s = wasabi(new(cards=defined_deck()), 3, 1)
    refused(s, {"type": "take_card", "player": A, **card("red", 9)}, "cards.not_in_deck")
    s2 = take(s, A, "yellow", 4, knife=True)  # either half of the two-colour card
    assert s2.piles[0] == (Face("yellow", 4, knife=True),)
    s3 = take(s, A, "green", 3)
    assert s3.piles[0] == (Face("green", 3),)
    # That two-colour card is in a pile now: its other half cannot be taken as well.
    s4 = wasabi(s3, 3, 1)
    refused(
        s4, {"type": "take_card", "player": A, **card("yellow", 4, knife=True)}, "cards.not_in_deck"
    )


def test_amb_c2_a_matching_not_a_first_fit_decides_which_card_was_taken() -> None:
    # Card 0 is red 3 alone; card 1 is red 3 or blue 2. Taking "red 3" first must not use
    # up card 1: a blue 2 after it is still possible (card 0 was the red 3).
    deck = [card("red", 3), [card("red", 3), card("blue", 2)]] + [card("white", 0)] * 16
    s = take(wasabi(new(notches=9, cards=deck), 3, 1), A, "red", 3)
    s = take(wasabi(s, 3, 1), A, "blue", 2)
    assert len(s.piles[0]) == 2
    refused(
        wasabi(s, 3, 1), {"type": "take_card", "player": A, **card("red", 3)}, "cards.not_in_deck"
    )


def test_amb_c2_a_defined_deck_has_eighteen_cards_of_one_or_two_halves() -> None:
    with pytest.raises(IllegalAction):
        make_config([A, B], 3, cards=defined_deck()[:17])
    with pytest.raises(IllegalAction):
        make_config([A, B], 3, cards=[[card(), card(), card()]] + defined_deck()[1:])
    with pytest.raises(IllegalAction) as info:
        make_config([A, B], 3, cards=[card("red", 12)] + defined_deck()[1:])
    assert info.value.field == "cards[0].points"


def test_amb_c2_without_a_defined_deck_any_colour_and_0_to_9_points() -> None:
    s = take(wasabi(new(), 3, 1), A, "purple", 0)
    assert s.piles[0] == (Face("purple", 0),)
    s = take(wasabi(s, 1, 3), B, "gold", 9)
    assert s.piles[1] == (Face("gold", 9),)


# -- AMB-C3: the Speciality bonus, entered by the host ----------------------------------------


def test_amb_c3_the_host_enters_the_speciality_bonus() -> None:
    s = apply(new(), {"type": "speciality", "player": B, "points": 5})
    s = apply(s, {"type": "speciality", "player": B, "points": 3})
    assert score(s, 1).speciality == 8 and score(s, 1).total == 8
    assert not may_record(s, "speciality", {"player": B, "points": 5}, 1)
    assert may_record(s, "speciality", {"player": B, "points": 5}, None)
    refused(s, {"type": "speciality", "player": B, "points": 0}, "cards.speciality_points")
    refused(s, {"type": "speciality", "player": B, "points": 100}, "cards.speciality_points")


def test_amb_c3_a_bonus_after_the_deck_end_changes_the_winner_not_after_knives() -> None:
    s = new(ended="deck", piles=(piles(Face("red", 5)), piles(Face("blue", 4))))
    assert outcome(s) == Outcome("deck", (0,))
    s = apply(s, {"type": "speciality", "player": B, "points": 2})
    assert outcome(s) == Outcome("deck", (1,))
    knives = new(ended="knives", knife_winner=0)
    refused(
        knives, {"type": "speciality", "player": B, "points": 2}, "cards.speciality_after_knives"
    )


# -- AMB-C4 and AMB-C8: Wasabi and the Barrel's points ----------------------------------------


def test_amb_c4_two_wasabi_double_a_pile_two_cards_do_not() -> None:
    two_cards = scoring.pile_score([Face("red", 3), Face("red", 4)])
    assert (two_cards.doubled, two_cards.score) == (False, 7)
    one = scoring.pile_score([Face("red", 3, wasabi=True), Face("red", 4)])
    assert (one.doubled, one.score) == (False, 7)
    two = scoring.pile_score([Face("red", 3, wasabi=True), Face("red", 4, wasabi=True)])
    assert (two.doubled, two.score) == (True, 14)
    # Wasabi in another colour's pile does not count toward this one.
    s = new(piles=(piles(Face("red", 3, wasabi=True), Face("blue", 4, wasabi=True)), ()))
    assert score(s, 0).total == 7


def test_amb_c8_the_barrel_gives_the_other_player_nothing() -> None:
    assert scoring.barrel_points(3, 0) == 6 and scoring.barrel_points(3, 1) == 0
    assert scoring.barrel_points(-2, 1) == 4 and scoring.barrel_points(-2, 0) == 0
    assert scoring.barrel_points(0, 0) == scoring.barrel_points(0, 1) == 0


# -- effects: the Barrel effect, the icons ----------------------------------------------------


def test_a_barrel_card_moves_the_barrel_toward_its_taker() -> None:
    s = take(wasabi(new(), 3, 1), A, "red", 1, barrel=True)  # −2, then 1 toward A
    assert s.barrel == -1
    s = take(wasabi(s, 1, 2), B, "red", 1, barrel=True)  # +1 toward A, then 1 toward B
    assert s.barrel == -1


def test_the_steal_icon_takes_a_card_and_applies_its_effects() -> None:
    start = new(piles=((), piles(Face("blue", 2, barrel=True))))
    s = take(wasabi(start, 2, 1), A, "red", 1, icon="steal")
    assert s.barrel == -1
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "steal", "from": B}]
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", **card("blue", 3)},
        "cards.not_held",
    )
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", "from": A, **card("blue", 2)},
        "cards.steal_from",
        "from",
    )
    s = take(s, A, "blue", 2, barrel=True, source="steal", **{"from": B})
    assert s.barrel == 0  # the stolen Barrel card moved it toward A (its effect applies)
    assert s.piles[1] == ()
    assert Face("blue", 2, barrel=True) in s.piles[0]


def test_a_stolen_two_colour_card_keeps_its_colour() -> None:
    start = new(piles=((), piles(Face("yellow", 4))))
    s = take(wasabi(start, 2, 1), A, "red", 1, icon="steal")
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", **card("green", 3)},
        "cards.not_held",
    )
    s = take(s, A, "yellow", 4, source="steal")
    assert Face("yellow", 4) in s.piles[0]


def test_the_discard_icon_puts_an_opponents_card_into_the_discard() -> None:
    start = new(piles=((), piles(Face("blue", 2), Face("green", 5))))
    s = take(wasabi(start, 2, 1), A, "red", 1, icon="discard")
    assert waiting_for(s) == [{"type": "discard_card", "player": A, "from": B}]
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", **card("green", 5)},
        "cards.discard_now",
    )
    refused(s, {"type": "discard_card", "player": B, **card("green", 5)}, "cards.not_yours")
    s = apply(s, {"type": "discard_card", "player": A, **card("green", 5)})
    assert s.piles[1] == (Face("blue", 2),)
    assert s.discard == 2  # the Scale's other card and the discarded green


# -- AMB-C6: the end-of-scale steal applies no effect -------------------------------------------


def test_amb_c6_the_end_of_scale_steal_applies_no_effect() -> None:
    stolen = Face("blue", 2, barrel=True, icon="steal")
    start = new(barrel=-2, piles=(piles(stolen, Face("red", 1)), ()))
    s = take(wasabi(start, 3, 2), A, "white", 0)  # −3: B's end
    assert waiting_for(s)[0]["source"] == "steal"
    s = take(s, B, "blue", 2, barrel=True, icon="steal", source="steal")
    assert s.barrel == 0  # no Barrel move, no further steal
    assert waiting_for(s) == [] and s.stage == "bid"
    assert stolen in s.piles[1]


# -- AMB-C7: the draw icon adds the top card with no effect of its own -------------------------


def test_amb_c7_the_draw_icon_adds_the_top_card_without_its_effect() -> None:
    s = take(wasabi(new(), 2, 1), A, "red", 1, icon="draw")
    assert (s.deck, s.drawn) == (15, 1)
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "draw"}]
    assert s.cards_accounted() == catalogue.CARDS
    s = take(s, A, "blue", 3, barrel=True, icon="steal", source="draw")
    assert s.barrel == -1  # only the winning bid moved it
    assert waiting_for(s) == [] and (s.deck, s.drawn, s.scale) == (13, 0, 2)


# -- AMB-C9: nothing to steal or discard -------------------------------------------------------


def test_amb_c9_a_steal_or_discard_against_no_cards_does_nothing() -> None:
    for icon in ("steal", "discard"):
        s = take(wasabi(new(), 2, 1), A, "red", 1, icon=icon)
        assert waiting_for(s) == [] and s.stage == "bid"
        assert any(n.code == "cards.note.no_target" for n in s.notes)
    # The end-of-scale steal: the Barrel at A's end, and B holds nothing.
    s = replace(new(barrel=2, stage="round"), pending=(state.Pending("take", 0),))
    s = take(s, A, "red", 1, barrel=True)
    assert s.barrel == 0 and waiting_for(s) == [] and s.stage == "bid"
    assert any(n.code == "cards.note.no_target" for n in s.notes)


# -- AMB-C10: the deck running out, twice --------------------------------------------------


def alternate_wins(s: State, rounds: int) -> State:
    """``rounds`` rounds won by A and B in turn (A the odd rounds of the game), 2 fingers
    to 1, each taking a plain card: the Barrel swings between 0 and −1."""
    for _ in range(rounds):
        if s.finished:
            break
        s = take(wasabi(s, 2, 1), A) if s.rounds % 2 == 0 else take(wasabi(s, 1, 2), B)
    return s


def test_amb_c10_the_first_run_out_reshuffles_the_second_ends_the_game_after_the_turn() -> None:
    s = alternate_wins(new(notches=9), 7)
    assert (s.deck, s.discard, s.exhausted) == (2, 7, 0)
    s = alternate_wins(s, 1)  # the refill draws the last 2: the deck runs out
    assert s.exhausted == 1 and (s.deck, s.discard) == (8, 0)
    assert any(n.code == "cards.note.reshuffle" for n in s.notes)
    s = alternate_wins(s, 3)
    assert not s.finished and (s.deck, s.discard) == (2, 3)
    s = wasabi(s, 1, 2)
    assert not s.finished  # the deck runs out at the refill, after this take
    s = take(s, B)
    assert s.exhausted == 2 and s.finished and s.ended == "deck"
    assert s.cards_accounted() == catalogue.CARDS
    assert (len(s.piles[0]), len(s.piles[1])) == (6, 6)
    refused(s, {"type": "bid", "player": A}, "cards.game_over")


def test_amb_c10_cards_still_needed_in_the_last_turn_come_from_the_discards() -> None:
    s = take(take(wasabi(new(notches=9), 2, 1), A, icon="draw"), A, source="draw")
    assert (s.deck, s.discard) == (13, 1)
    s = alternate_wins(s, 7)  # rounds 2–8: the 8th refill runs the deck out after one card
    assert s.exhausted == 1 and (s.deck, s.discard) == (7, 0)
    s = alternate_wins(s, 3)
    assert (s.deck, s.discard, s.finished) == (1, 3, False)
    s = alternate_wins(s, 1)
    # The refill drew the deck's last card (the second run-out) and the second from the
    # discards, turned over; the game ends at the end of this turn.
    assert s.exhausted == 2 and s.finished
    assert (s.scale, s.deck, s.discard) == (2, 3, 0)
    assert any(n.code == "cards.note.last_draws" for n in s.notes)
    assert s.cards_accounted() == catalogue.CARDS


def test_amb_c10_a_run_out_mid_round_still_lets_the_turn_finish() -> None:
    # The deck's last card drawn by a draw icon on a Day tie: B still takes, then the end.
    start = new(
        face="day",
        barrel=1,
        exhausted=1,
        deck=1,
        discard=3,
        piles=(piles(*[Face("red", 1)] * 6), piles(*[Face("blue", 1)] * 6)),
    )
    assert start.cards_accounted() == catalogue.CARDS
    s = take(wasabi(start, 2, 2), A, "red", 1, icon="draw")
    assert s.exhausted == 2 and not s.finished
    assert [w["player"] for w in waiting_for(s)] == [A, B]  # A's drawn card first (AMB-C12)
    s = take(s, A, "red", 2, source="draw")
    assert not s.finished
    s = take(s, B, "blue", 2)
    assert s.finished and s.cards_accounted() == catalogue.CARDS


# -- AMB-C11: Quick Knives held at any moment --------------------------------------------------


def test_amb_c11_a_fourth_knife_wins_at_once() -> None:
    knives = piles(*[Face("grey", 1, knife=True)] * 3)
    s = take(wasabi(new(piles=(knives, ())), 2, 1), A, "grey", 1, knife=True, icon="steal")
    assert s.finished and outcome(s) == Outcome("knives", (0,))
    assert waiting_for(s) == []  # no steal after the win
    assert view.player_view(s, None)["winners"] == [A]


def test_amb_c11_knives_stolen_away_no_longer_count_and_a_stolen_fourth_wins() -> None:
    knife = Face("grey", 1, knife=True)
    start = new(piles=(piles(knife, knife, knife), piles(knife)))
    s = take(wasabi(start, 1, 2), B, "red", 1, icon="steal")
    s = take(s, B, "grey", 1, knife=True, source="steal")
    assert (s.knives(0), s.knives(1)) == (2, 2) and not s.finished
    # A's end of the Scale: A steals a knife back with the end-of-scale steal (no effect
    # applies, but the knife count follows from what A holds): 3 knives, then a 4th.
    s = replace(s, barrel=2, pending=(state.Pending("take", 0),), stage="round")
    s = take(s, A, "grey", 1, knife=True, barrel=True)
    assert s.knives(0) == 3 and not s.finished
    assert waiting_for(s) == [{"type": "take_card", "player": A, "source": "steal", "from": B}]
    s = take(s, A, "grey", 1, knife=True, source="steal")
    assert s.finished and outcome(s) == Outcome("knives", (0,))


# -- AMB-C12: a Day tie resolves the first chooser's card first ---------------------------------


def test_amb_c12_the_first_choosers_card_resolves_before_the_other_takes() -> None:
    start = new(face="day", barrel=-1, piles=(piles(Face("red", 5)), ()))
    s = wasabi(start, 3, 3)
    s = take(s, B, "blue", 1, icon="steal")
    assert [(w["player"], w["source"]) for w in waiting_for(s)] == [(B, "steal"), (A, "scale")]
    s = take(s, B, "red", 5, source="steal")
    s = take(s, A, "green", 2)
    assert [c.colour for c in s.piles[0]] == ["green"]
    assert s.stage == "bid"


# -- AMB-C13 and TC-C2: the refill comes before the Nice Fish draws ----------------------------


def test_amb_c13_the_scale_is_refilled_before_the_nice_fish_draws() -> None:
    start = new(
        variant="nice_fish",
        barrel=-2,
        deck=3,
        exhausted=1,
        discard=1,
        piles=(piles(*[Face("red", 1)] * 6), piles(*[Face("blue", 1)] * 6)),
    )
    assert start.cards_accounted() == catalogue.CARDS
    s = take(wasabi(start, 3, 2), A, "red", 1)  # −3: B's end
    # The refill took 2 of the deck's 3 cards; B's 2 draws took the last one (the second
    # run-out) and one from the discards turned over.
    assert s.barrel == 0 and s.exhausted == 2 and s.scale == 2
    assert waiting_for(s) == [
        {"type": "take_card", "player": B, "source": "draw"},
        {"type": "take_card", "player": B, "source": "draw"},
    ]
    assert s.drawn == 2 and s.cards_accounted() == catalogue.CARDS
    s = take(s, B, "blue", 9, barrel=True, source="draw")
    assert s.barrel == 0  # TC-C2: a Nice Fish draw applies no effect
    assert not s.finished
    s = take(s, B, "blue", 9, source="draw")
    assert s.finished and s.cards_accounted() == catalogue.CARDS


def test_nice_fish_has_no_steal() -> None:
    start = new(variant="nice_fish", barrel=2, piles=((), piles(Face("green", 6))))
    s = replace(start, pending=(state.Pending("take", 0),), stage="round")
    s = take(s, A, "red", 2, barrel=True)
    assert [w["source"] for w in waiting_for(s)] == ["draw", "draw"]


# -- TC-C1: the other Scale card is discarded at the take ------------------------------------


def test_tc_c1_the_other_scale_card_is_discarded_before_the_taken_cards_effect() -> None:
    # The deck has its last card: the draw icon runs it out and the reshuffle already
    # holds the Scale's other card.
    start = new(deck=1, piles=(piles(*[Face("red", 1)] * 8), piles(*[Face("blue", 1)] * 7)))
    assert start.cards_accounted() == catalogue.CARDS
    s = take(wasabi(start, 2, 1), A, "red", 1, icon="draw")
    assert s.exhausted == 1 and (s.deck, s.discard, s.drawn) == (1, 0, 1)


# -- who may record what ---------------------------------------------------------------------


def test_who_may_record_each_move() -> None:
    s = new()
    assert may_record(s, "bid", {"player": A}, 0)
    assert (
        str(why_not(s, "bid", {"player": A}, 1)) == "Only a player can bid, from their own phone."
    )
    assert not may_record(s, "bid", {"player": A}, None)  # the host never bids
    assert may_record(s, "take_card", {"player": B}, 1) and may_record(
        s, "take_card", {"player": B}, None
    )
    assert not may_record(s, "take_card", {"player": B}, 0)
    assert not may_record(s, "discard_card", {"player": B}, 0)
    assert not may_record(s, "reveal", {}, None)
    assert not may_record(s, "shuffle", {}, None)
    with pytest.raises(IllegalAction):
        may_record(s, "take_card", {"player": "Chie"}, 0)


def test_an_unknown_move_is_refused() -> None:
    refused(new(), {"type": "shuffle"}, "cards.no_such_move", "type")
    refused(new(), {}, "cards.no_such_move", "type")


# -- the view --------------------------------------------------------------------------------


def test_the_view_has_the_fields_cards_md_fixes() -> None:
    s = take(wasabi(new(), 3, 1), A, "red", 3, knife=True)
    v = view.player_view(s, None)
    for key in ("barrel", "face", "bid_by", "last_reveal", "waiting_for", "deck", "discard"):
        assert key in v
    assert v["last_reveal"] == {"fingers": {A: 3, B: 1}, "winner": A}
    assert v["players"][0]["score"]["total"] == 3 and v["players"][0]["knives"] == 1
    assert v["finished"] is False and v["winners"] == []
    assert v["barrel"] == -2 and v["face"] == "night"


def test_the_view_shows_a_sealed_bid_to_its_bidder_only() -> None:
    s = apply(new(), {"type": "bid", "player": A})
    others = [
        view.player_view(s, seat, sealed={0: f}) for seat in (1, None) for f in catalogue.FINGERS
    ]
    assert all(o == others[0] for o in others[:4]) and all(o == others[4] for o in others[4:])
    assert others[0]["bid_by"] == [A] and "my_bid" not in others[0]
    assert view.player_view(s, 0, sealed={0: 3})["my_bid"] == 3


# -- history lines and messages -------------------------------------------------------------


def test_history_lines() -> None:
    s = new()
    assert describe(s, {"type": "bid", "player": A}) is None
    line = describe(s, {"type": "reveal", "fingers": {A: 3, B: 1}})
    assert line is not None and render(line) == "WA-SA-BI: Aiko 3, Bo 1"
    line = describe(
        s, {"type": "take_card", "player": B, **card("red", 4, wasabi=True, icon="draw")}
    )
    assert line is not None and render(line) == "Bo took a red 4 (Wasabi, draw icon)"
    line = describe(s, {"type": "take_card", "player": B, "source": "steal", **card("red", 4)})
    assert line is not None and render(line) == "Bo took a red 4 stolen from Aiko"


def test_every_note_renders() -> None:
    s = alternate_wins(new(notches=9), 12)
    assert s.finished
    for note in s.notes:
        assert render(note)


CARDGAME = Path(__file__).resolve().parents[1] / "companion" / "cardgame"


def codes_used() -> set[str]:
    found: set[str] = set()
    for path in CARDGAME.glob("*.py"):
        found |= set(re.findall(r'Message\(\s*"([a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
        found |= set(
            re.findall(r'_note\(\s*\w+,\s*"([a-z_.0-9]+)"', path.read_text(encoding="utf-8"))
        )
    return found


def test_every_code_the_card_game_uses_is_registered() -> None:
    used = codes_used()
    assert len(used) > 20
    for code in used:
        assert known(code), code
    # f-string codes: every variant is there.
    for suffix in ("scale", "draw", "steal"):
        assert known(f"cards.wait.take_{suffix}") and known(f"cards.where.{suffix}")
    for icon in catalogue.ICONS:
        assert known(f"cards.note.{icon}_icon") and known(f"cards.effect.{icon}")


@pytest.mark.parametrize("module", [companion.cardgame, catalogue, rules, scoring, state, view])
def test_doctests(module: Any) -> None:
    result = doctest.testmod(module)
    assert result.failed == 0


def test_the_rules_core_imports_only_the_standard_library_and_the_message_function() -> None:
    for path in CARDGAME.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 2:
                assert node.module in ("engine", "rules.messages"), path
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module and node.module.split(".")[0] in sys.stdlib_module_names, path
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] in sys.stdlib_module_names for a in node.names)
