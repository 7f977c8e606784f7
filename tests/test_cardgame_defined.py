"""The host's 18 defined cards in the card game's rules core (AMB-C2, issue #10): a card
named by its number is that very card (it cannot be taken while it is in a pile; a steal
or discard of it moves that card, its colour as chosen), what a step may take is offered
one tap each (:func:`choices`), a game under way can be given the deck (``use_cards``),
and the server's memory of the deck reads back as it was saved."""

from __future__ import annotations

import doctest
from dataclasses import replace
from typing import Any

import pytest
from test_cardgame_rules import A, B, wasabi
from test_cardgame_rules import card as face

from companion.cardgame import deck as deckmod
from companion.cardgame.catalogue import CARDS
from companion.cardgame.pieces import choices, half_of
from companion.cardgame.rules import apply, describe, replay, why_not
from companion.cardgame.state import Face, State, initial_state, make_config, parse_cards
from companion.rules.errors import IllegalAction
from companion.rules.messages import render


def defined() -> list[Any]:
    """Card 1: red 5 with the steal icon; 2: blue 2 Wasabi; 3: green 3 or yellow 4 with a
    knife (two colours); 4: red 1 with the discard icon; 5 … 18: red 1."""
    return [
        face("red", 5, icon="steal"),
        face("blue", 2, wasabi=True),
        [face("green", 3), face("yellow", 4, knife=True)],
        face("red", 1, icon="discard"),
        *[face("red", 1)] * (CARDS - 4),
    ]


def new(cards: Any = None) -> State:
    return initial_state(make_config([A, B], 3, cards=defined() if cards is None else cards))


def tap(s: State, player: str, card: int, half: int | None = None, **kw: Any) -> State:
    move: dict[str, Any] = {"type": "take_card", "player": player, "card": card, **kw}
    if half is not None:
        move["half"] = half
    return apply(s, move)


def refused(s: State, move: dict[str, Any], code: str, field: str | None = None) -> None:
    with pytest.raises(IllegalAction) as info:
        apply(s, move)
    assert info.value.code_message is not None
    assert info.value.code_message.code == code, info.value.message
    if field is not None:
        assert info.value.field == field


def test_a_card_named_by_its_number_is_taken_as_defined() -> None:
    s = tap(wasabi(new(), 3, 1), A, 2)
    assert s.piles[0] == (Face("blue", 2, wasabi=True),)
    assert s.piles[0][0].card == 2
    assert s.piles[0][0].to_json()["card"] == 2
    # The second colour of a two-colour card by its half.
    s = tap(wasabi(s, 1, 3), B, 3, 1)
    assert s.piles[1] == (Face("yellow", 4, knife=True),) and s.piles[1][0].card == 3
    assert half_of(s, s.piles[1][0]) == 1
    assert s.cards_accounted() == CARDS


def test_a_card_in_a_pile_cannot_be_taken_again() -> None:
    s = wasabi(tap(wasabi(new(), 3, 1), A, 2), 1, 3)
    refused(s, {"type": "take_card", "player": B, "card": 2}, "cards.card_held", "card")
    # …nor its other half (card 3 held by A: neither green 3 nor yellow 4 by number).
    s = wasabi(tap(wasabi(new(), 3, 1), A, 3, 0), 1, 3)
    refused(s, {"type": "take_card", "player": B, "card": 3, "half": 1}, "cards.card_held")
    # …nor described: the only yellow 4 is in A's piles.
    refused(
        s,
        {"type": "take_card", "player": B, **face("yellow", 4, knife=True)},
        "cards.not_in_deck",
    )


def test_a_described_card_and_a_numbered_one_share_the_deck() -> None:
    # "blue 2 Wasabi" described can only be card 2: taking it by number afterwards is
    # refused, because the piles would then hold two card 2s.
    s = apply(
        wasabi(new(), 3, 1), {"type": "take_card", "player": A, **face("blue", 2, wasabi=True)}
    )
    assert s.piles[0][0].card is None
    s = wasabi(s, 1, 3)
    refused(s, {"type": "take_card", "player": B, "card": 2}, "cards.not_in_deck", "card")
    assert all(c.card != 2 for c in choices(s))


def test_a_number_and_a_description_must_agree() -> None:
    s = wasabi(new(), 3, 1)
    refused(
        s, {"type": "take_card", "player": A, "card": 2, **face("red", 2)}, "cards.card_mismatch"
    )
    ok = apply(s, {"type": "take_card", "player": A, "card": 2, **face("blue", 2, wasabi=True)})
    assert ok.piles[0][0].card == 2


@pytest.mark.parametrize(
    ("extra", "code", "field"),
    [
        ({"card": 0}, "cards.card_number", "card"),
        ({"card": 19}, "cards.card_number", "card"),
        ({"card": "2"}, "cards.card_number", "card"),
        ({"card": True}, "cards.card_number", "card"),
        ({"card": 2, "half": 1}, "cards.half_one", "half"),
        ({"card": 3, "half": 2}, "cards.half_two", "half"),
        ({"half": 0}, "cards.half_without_card", "half"),
    ],
)
def test_bad_numbers_and_halves_are_refused_in_a_sentence(
    extra: dict[str, Any], code: str, field: str
) -> None:
    s = wasabi(new(), 3, 1)
    refused(s, {"type": "take_card", "player": A, **extra}, code, field)


def test_without_a_defined_deck_a_number_is_refused() -> None:
    s = wasabi(initial_state(make_config([A, B], 3)), 3, 1)
    refused(s, {"type": "take_card", "player": A, "card": 1}, "cards.no_defined_cards", "card")
    assert choices(s) == []


def test_choices_offer_every_half_of_each_card_not_in_a_pile() -> None:
    s = wasabi(new(), 3, 1)
    offered = choices(s)
    # 18 cards, one of them with two halves.
    assert len(offered) == CARDS + 1
    assert [(c.card, c.colour) for c in offered[:4]] == [
        (1, "red"),
        (2, "blue"),
        (3, "green"),
        (3, "yellow"),
    ]
    s = wasabi(tap(s, A, 3, 1), 1, 3)
    assert 3 not in {c.card for c in choices(s)} and len(choices(s)) == CARDS - 1
    # Every offered card can be taken with one tap.
    for c in choices(s):
        taken = tap(s, B, c.card or 0, half_of(s, c))
        assert taken.piles[1][-1] == c


def test_the_steal_icon_steals_the_very_card_by_its_number() -> None:
    # B takes the two-colour card as yellow (card 3); A then takes card 1 (steal icon)
    # and steals card 3 by its number: it stays yellow, with its knife.
    s = tap(wasabi(new(), 1, 3), B, 3, 1)
    s = tap(wasabi(s, 3, 1), A, 1)
    assert s.pending[0].source == "steal"
    assert choices(s) == [Face("yellow", 4, knife=True)]
    assert choices(s)[0].card == 3
    s = apply(s, {"type": "take_card", "player": A, "source": "steal", "card": 3})
    assert s.piles[1] == ()
    assert s.piles[0][-1] == Face("yellow", 4, knife=True) and s.piles[0][-1].card == 3
    assert s.knives(0) == 1
    # Card 3 is A's now: nobody takes it from the Scale.
    s = wasabi(s, 1, 3)
    refused(s, {"type": "take_card", "player": B, "card": 3}, "cards.card_held")


def test_a_steal_or_discard_of_a_card_not_held_is_refused() -> None:
    s = tap(wasabi(new(), 1, 3), B, 2)
    s = tap(wasabi(s, 3, 1), A, 1)
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", "card": 5},
        "cards.card_not_held",
        "card",
    )
    refused(
        s,
        {"type": "take_card", "player": A, "source": "steal", "card": 2, "half": 1},
        "cards.half_one",
    )


def test_the_discard_icon_by_number_frees_the_card_for_the_deck() -> None:
    s = tap(wasabi(new(), 1, 3), B, 2)
    s = tap(wasabi(s, 3, 1), A, 4)  # the discard icon
    assert s.pending[0].kind == "discard"
    s = apply(s, {"type": "discard_card", "player": A, "card": 2})
    assert s.piles[1] == () and s.discard >= 1
    # Card 2 is in the discard now: it may come back from the deck later.
    s = wasabi(s, 3, 1)
    assert 2 in {c.card for c in choices(s)}
    assert tap(s, A, 2).piles[0][-1].card == 2


def test_use_cards_gives_a_game_under_way_its_deck() -> None:
    plain = make_config([A, B], 3)
    s = apply(
        wasabi(initial_state(plain), 3, 1),
        {"type": "take_card", "player": A, **face("green", 3)},
    )
    s = apply(s, {"type": "use_cards", "cards": defined()})
    assert s.config.cards is not None and len(s.config.cards) == CARDS
    assert [render(n) for n in s.notes] == [
        "From now on each card taken is one of the 18 defined cards"
    ]
    s = wasabi(s, 3, 1)
    # The green 3 in A's piles can only be card 3: it is not offered, its halves neither.
    assert 3 not in {c.card for c in choices(s)}
    assert tap(s, A, 2).piles[0][-1].card == 2
    line = describe(s, {"type": "use_cards", "cards": defined()})
    assert line is not None
    assert render(line) == "The table screen gave this game its 18 defined cards"


def test_use_cards_refuses_a_deck_the_piles_do_not_fit_and_is_the_hosts() -> None:
    s = apply(
        wasabi(initial_state(make_config([A, B], 3)), 3, 1),
        {"type": "take_card", "player": A, **face("purple", 9)},
    )
    refused(s, {"type": "use_cards", "cards": defined()}, "cards.deck_conflict", "cards")
    refused(s, {"type": "use_cards", "cards": defined()[:17]}, "cards.deck_size", "cards")
    refused(s, {"type": "use_cards", "cards": "all"}, "cards.deck_size", "cards")
    assert why_not(s, "use_cards", {}, None) is None
    said = why_not(s, "use_cards", {}, 0)
    assert said is not None and render(said) == "Only the table screen can record that."


def test_an_undone_entry_naming_a_card_still_has_a_history_line() -> None:
    plain = initial_state(make_config([A, B], 3))
    line = describe(plain, {"type": "take_card", "player": A, "card": 4})
    assert line is not None and render(line) == "Aiko took card No. 4"
    s = new()
    line = describe(s, {"type": "take_card", "player": A, "card": 3, "half": 1})
    assert line is not None and render(line) == "Aiko took a yellow 4 (Quick Knife)"
    assert render(line, "ja") == "Aikoがyellowの4点を取りました（クイックナイフ）"


def test_numbered_takes_replay_to_the_same_state() -> None:
    config = make_config([A, B], 3, cards=defined())
    moves = [
        {"type": "bid", "player": A},
        {"type": "bid", "player": B},
        {"type": "reveal", "fingers": {A: 1, B: 3}},
        {"type": "take_card", "player": B, "card": 3, "half": 1},
        {"type": "bid", "player": A},
        {"type": "bid", "player": B},
        {"type": "reveal", "fingers": {A: 3, B: 1}},
        {"type": "take_card", "player": A, "card": 1},
        {"type": "take_card", "player": A, "source": "steal", "card": 3},
    ]
    s = replay(config, moves)
    assert [c.card for c in s.piles[0]] == [1, 3] and s.cards_accounted() == CARDS
    assert replay(config, moves) == s


# -- the server's memory of the deck -------------------------------------------------------


def test_the_deck_reads_back_from_its_rows() -> None:
    cards = parse_cards(defined())
    rows = deckmod.to_figures(cards)
    assert len(rows) == CARDS + 1  # one row per half
    back = deckmod.from_figures(rows)
    assert back is not None and parse_cards(back) == cards
    # icons and flags survive (not compared by Face equality alone)
    assert back[0] == [face("red", 5, wasabi=False, knife=False, barrel=False, icon="steal")]


@pytest.mark.parametrize(
    "rows",
    [
        {},
        {"01.0.red": 1},
        {f"{n:02d}.0.red": 1 for n in range(1, CARDS)},
        {**{f"{n:02d}.0.red": 1 for n in range(1, CARDS + 1)}, "x": 3},
        {**{f"{n:02d}.0.red": 1 for n in range(2, CARDS + 1)}, "01.1.red": 1},
    ],
)
def test_rows_that_make_no_18_cards_are_no_deck(rows: dict[str, int]) -> None:
    assert deckmod.from_figures(rows) is None


def test_deck_doctests() -> None:
    assert doctest.testmod(deckmod).failed == 0


def test_a_numbered_face_keeps_its_number_through_replace() -> None:
    f = replace(Face("red", 1), card=7)
    assert f == Face("red", 1) and f.card == 7
