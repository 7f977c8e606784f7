"""Parse once at the edge (issue #18 step 8) for the card game and Tokyo Jutaku: every
client move declares its arguments as a frozen dataclass beside it, the fold reads that
dataclass from the logged dict once, and a form, its JSON and the log read to the same
typed value. The card game's and the Jutaku's edges make their models from those
dataclasses (web/arg_models.py ``model_of``, ``log_model``, ``body_of``), so each move's
arguments are declared once.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.cardgame.pieces import CardArgs
from companion.cardgame.rules import MOVES as CARD_MOVES
from companion.cardgame.secret import FingerBid
from companion.engine import IllegalAction
from companion.engine.args import read
from companion.jutaku.game import MOVES as JUTAKU_MOVES
from companion.jutaku.game import BuyTuna, CarriedArgs, Exit
from companion.refusals import Refused
from companion.web.arg_models import body_of, log_model
from companion.web.cards_edge import FINGERS, MODELS, parse_action
from companion.web.jutaku import carried_from_form
from companion.web.jutaku_edge import CarriedBody, ExitMove, TunaMove, decode, encode


def test_every_card_game_and_jutaku_move_has_a_frozen_argument_dataclass() -> None:
    moves = {kind: m.args for kind, m in CARD_MOVES.items()} | dict(JUTAKU_MOVES)
    assert set(moves) == {
        "bid",
        "reveal",
        "take_card",
        "discard_card",
        "speciality",
        "use_cards",
        "exit",
        "buy_tuna",
    }
    for kind, args in moves.items():
        assert dataclasses.is_dataclass(args), kind
        assert args.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]


def _form(body: dict[str, Any]) -> dict[str, str]:
    """A body as a browser's form sends it: text, a ticked box "on", an unticked one
    left out."""
    return {k: "on" if v is True else str(v) for k, v in body.items() if v is not False}


@pytest.mark.parametrize(
    "body",
    [
        {"type": "take_card", "player": "Aiko", "colour": "Red", "points": 3, "wasabi": True},
        {"type": "take_card", "player": "Bo", "card": 2, "half": 1, "source": "draw"},
        {"type": "take_card", "player": "Bo", "card": 5, "source": "steal", "from": "Aiko"},
        {"type": "discard_card", "player": "Aiko", "colour": "blue", "points": 0, "knife": True},
        {"type": "speciality", "player": "Bo", "points": 4},
    ],
)
def test_a_card_form_and_its_json_read_to_the_same_typed_arguments_as_the_log(
    body: dict[str, Any],
) -> None:
    kind = body["type"]
    cls = CARD_MOVES[kind].args
    from_form = parse_action(_form(body), form=True)
    from_json = parse_action(body)
    assert from_form.args == from_json.args
    logged = {"type": kind, **from_json.args}  # the event log's entry
    typed = read(cls, logged)
    assert read(cls, {"type": kind, **from_form.args}) == typed
    assert dataclasses.asdict(typed)["player"] == body["player"]
    if cls is CardArgs:
        assert typed.from_ == body.get("from") and typed.source == body.get("source", "scale")


def test_a_jutaku_form_its_json_and_the_log_read_to_the_same_typed_move() -> None:
    form = {"carried.red": "2", "carried.salmon": "1", "carried.tuna.20": "1"}
    move = {"type": "exit", "player": 1, "carried": carried_from_form(form)}
    json_move = ExitMove.model_validate(
        {"type": "exit", "player": 1, "carried": {"red": 2, "salmon": 1, "tuna": [20]}}
    ).model_dump(exclude_defaults=True) | {"type": "exit"}
    _, (logged,) = decode(encode(["Aiko", "Bo"], [move]))
    typed = read(Exit, logged)
    assert read(Exit, move) == read(Exit, json_move) == typed
    assert typed == Exit(player=1, carried={"red": 2, "salmon": 1, "tuna": [20]})
    tuna = TunaMove.model_validate({"type": "buy_tuna", "player": 0}).model_dump()
    assert read(BuyTuna, tuna) == BuyTuna(player=0)


@pytest.mark.parametrize(
    ("cls", "data", "field"),
    [
        (CardArgs, {"player": "Aiko", "points": "3"}, "points"),
        (CardArgs, {"player": "Aiko", "wasabi": "yes"}, "wasabi"),
        (CardArgs, {"colour": "red"}, "player"),
        (Exit, {"player": "1"}, "player"),
        (Exit, {"player": 0, "carried": [1]}, "carried"),
    ],
)
def test_a_caller_that_skipped_the_edge_still_cannot_hand_the_rules_a_wrong_type(
    cls: type[Any], data: dict[str, Any], field: str
) -> None:
    with pytest.raises(IllegalAction) as info:
        read(cls, data)
    assert info.value.field == field


def test_the_card_edge_models_are_made_from_the_moves_dataclasses() -> None:
    assert set(MODELS) == {"take_card", "discard_card", "speciality", "use_cards"}
    for kind, model in MODELS.items():
        assert model.__move__ is CARD_MOVES[kind].args, kind
    assert FINGERS is body_of(FingerBid)  # a bid's body: what the seat seals


@pytest.mark.parametrize(
    ("body", "field"),
    [
        # The rules read a card as any value (their own sentence); a client sends a number.
        ({"type": "take_card", "player": "Aiko", "card": "2"}, "card"),
        ({"type": "take_card", "player": "Aiko", "card": 19}, "card"),
        ({"type": "discard_card", "player": "Aiko", "points": 1001}, "points"),
        ({"type": "take_card", "player": "Aiko", "icon": "wave"}, "icon"),
        # A speciality takes a player and points, and no card's field.
        ({"type": "speciality", "player": "Aiko", "points": 3, "card": 2}, "card"),
        ({"type": "speciality", "player": "Aiko"}, "points"),
        ({"type": "use_cards"}, "cards"),
        ({"type": "use_cards", "cards": "some"}, "cards"),
    ],
)
def test_the_card_edge_refuses_a_field_its_dataclass_does_not_take(
    body: dict[str, Any], field: str
) -> None:
    with pytest.raises(Refused) as info:
        parse_action(body)
    assert info.value.field == field


def test_a_card_left_to_come_from_the_scale_may_say_so_with_null() -> None:
    action = parse_action({"type": "take_card", "player": "Aiko", "source": None, "card": 3})
    assert action.args == {"player": "Aiko", "card": 3}
    assert read(CardArgs, {"type": "take_card", **action.args}).source == "scale"


def test_the_jutaku_edge_models_are_made_from_the_moves_dataclasses() -> None:
    assert ExitMove is log_model("exit", Exit)
    assert TunaMove is log_model("buy_tuna", BuyTuna)
    assert CarriedBody is body_of(CarriedArgs)
    # What an exit carries is sent as CarriedArgs; the rules read the logged dict.
    assert ExitMove.model_fields["carried"].annotation is CarriedBody


@pytest.mark.parametrize(
    "moves",
    [
        [{"type": "exit", "player": 0}],  # nothing said of what is carried
        [{"type": "exit", "player": 6, "carried": {}}],  # no seventh seat
        [{"type": "exit", "player": 0, "carried": {"tuna": [16]}}],  # no such Tuna
        [{"type": "buy_tuna", "player": 0, "expected_seq": 1}],  # a request's, not a move's
    ],
)
def test_a_link_holding_a_move_its_dataclass_does_not_take_is_refused(
    moves: list[dict[str, Any]],
) -> None:
    with pytest.raises(Refused) as info:
        decode(encode(["Aiko", "Bo"], moves))
    assert info.value.field == "g"
