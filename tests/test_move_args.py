"""Parse once at the edge (issue #18 step 8): every client move of the board game declares
its arguments as a frozen dataclass in the rules; the edge's pydantic model is made from
it, and the fold reads the same dataclass back from the logged dict.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.engine import IllegalAction
from companion.engine.args import client_fields, key_of, read
from companion.rules.args import read_args
from companion.rules.bookkeeping import Pay
from companion.rules.entry import CartEntry, TokenEntry
from companion.rules.fishing import Fishing
from companion.rules.fishing_boats import BoatActivity
from companion.rules.moves import MOVES
from companion.rules.visit import Visit
from companion.web import schemas
from companion.web.action_schemas import ACTIONS
from companion.web.arg_models import MoveBody


def test_every_client_move_has_a_frozen_argument_dataclass_and_its_model_is_made_from_it() -> None:
    for kind, move in MOVES.items():
        if move.internal:
            continue
        # A visit reads its fields itself, since which it takes depends on its market
        # (rules/visit.py: Visit, then the market's own).
        args = Visit if kind == "visit" else move.args
        assert args is not None and (kind == "visit") == (move.args is None), kind
        assert dataclasses.is_dataclass(args), kind
        assert args.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]
        model = ACTIONS[kind]
        names = {f.alias or n for n, f in model.model_fields.items()}
        wanted = {key_of(f) for f in client_fields(args)}
        assert wanted <= names, kind
        if kind != "visit":  # a visit's model adds every market's own fields
            assert issubclass(model, MoveBody) and model.__move__ is args, kind
            assert names - wanted == {"type", "expected_seq", "correction"}, kind


@pytest.mark.parametrize(
    ("kind", "body"),
    [
        ("pay", {"from": "Bo", "to": "supply", "amount": "300", "note": "fee"}),
        ("take_license", {"player": "Aiko", "market": "eel", "count": "2", "pay": "off"}),
        (
            "fishing",
            {
                "player": "Aiko",
                "boats": [{"boat": "b1", "do": "catch", "fish": ["eel", "tuna"]}],
                "for_sale": [{"fish": "eel", "price": "300"}],
            },
        ),
        (
            "purchase",
            {
                "player": "Bo",
                "barrels": [{"from": "Aiko", "fish": "eel", "row": "upper", "price": 0}],
            },
        ),
    ],
)
def test_a_form_and_its_json_read_to_the_same_typed_arguments_as_the_log(
    kind: str, body: dict[str, Any]
) -> None:
    model = ACTIONS[kind]
    action = schemas.parse(model, {"type": kind, **body}, kind, form=True)
    logged = action.args()
    typed = read_args(MOVES[kind].args, {"type": kind, **logged})  # type: ignore[arg-type]
    assert isinstance(action, MoveBody) and action.move() == typed
    # The log holds JSON: the same dict validates as a JSON body to the same arguments.
    again = schemas.parse(model, {"type": kind, **logged}, kind)
    assert again.args() == logged


def test_the_reader_builds_nested_dataclasses_and_unions() -> None:
    f = read(
        Fishing, {"type": "fishing", "player": "Aiko", "boats": [{"boat": "b1", "do": "undock"}]}
    )
    assert f.boats == (BoatActivity(boat="b1", do="undock"),)
    v = read(Visit, {"player": "Aiko", "market": "eel", "entry": {"cart": 2}})
    assert v.entry == CartEntry(cart=2)
    v = read(Visit, {"player": "Aiko", "market": "eel", "entry": {"token": {"fish": "eel"}}})
    assert isinstance(v.entry, TokenEntry) and v.entry.token.fish == "eel"
    assert read(Visit, {"player": "Aiko", "market": "eel", "entry": "ap"}).entry == "ap"


@pytest.mark.parametrize(
    ("data", "field", "said"),
    [
        ({"from": "Bo", "to": "Aiko", "amount": "300"}, "amount", "must be a whole number"),
        ({"from": "Bo", "to": "Aiko", "amount": True}, "amount", "must be a whole number"),
        ({"from": "Bo", "to": "Aiko"}, "amount", "is required"),
        ({"from": 3, "to": "Aiko", "amount": 300}, "from", "must be a text"),
    ],
)
def test_a_caller_that_skipped_the_edge_still_cannot_hand_the_rules_a_wrong_type(
    data: dict[str, Any], field: str, said: str
) -> None:
    with pytest.raises(IllegalAction) as info:
        read(Pay, data)
    assert info.value.field == field and info.value.message == said


def test_a_nested_item_has_only_its_own_fields() -> None:
    with pytest.raises(IllegalAction) as info:
        read(Fishing, {"player": "Aiko", "boats": [{"boat": "b1", "do": "dock", "x": 1}]})
    assert info.value.field == "boats[0]"
