"""The one decoder of a move's form (web/form_decode.py, issue #18): a form's names are the
paths of the JSON body, and the move's own model says what each value is."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.door import Refused
from companion.web import action_schemas
from companion.web.form_decode import decode, split


@pytest.fixture
def ctx(app: Any) -> Any:
    with app.test_request_context("/"):
        yield


def body(kind: str, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    return decode(action_schemas.ACTIONS[kind], [("type", kind), ("player", "Aiko"), *pairs], kind)


def test_names_are_paths() -> None:
    assert split("sell.tuna.20") == ["sell", "tuna", "20"]
    assert split("for_sale[2].price") == ["for_sale", 2, "price"]
    assert split("right.tuna:20") == ["right", "tuna:20"]
    assert split(".") == []
    for bad in ("", ".a", "a..b", "a[x]", "a[1", "a]"):
        assert split(bad) is None


def test_counts_items_and_numbered_lists(ctx: Any) -> None:
    got = body(
        "visit",
        [
            ("market", "tuna"),
            ("entry", "ap"),
            ("licenses", "0"),
            ("sell.eel", "2"),
            ("sell.squid", "0"),
            ("sell.tuna.20", "2"),
            ("sell.tuna.15", "0"),
            ("sell.swordfish[1]", "2"),
            ("sell.swordfish[0]", "3"),
            ("expected_seq", "12"),
        ],
    )
    assert got == {
        "type": "visit",
        "player": "Aiko",
        "market": "tuna",
        "entry": "ap",
        "sell": {"eel": 2, "tuna": [20, 20], "swordfish": [3, 2]},
        "expected_seq": 12,
    }


def test_a_choice_carries_the_fields_it_picks(ctx: Any) -> None:
    token = body("visit", [("market", "tuna"), ("entry", "token.fish=tuna&token.value=20")])
    assert token["entry"] == {"token": {"fish": "tuna", "value": 20}}
    assert body("visit", [("market", "eel"), ("entry", "cart=2")])["entry"] == {"cart": 2}
    bought = body(
        "purchase",
        [
            ("barrels", "from=Bo&fish=eel&row=upper&price=300"),
            ("barrels", "from=Bo&fish=eel&row=lower&price=0"),
        ],
    )
    assert bought["barrels"] == [
        {"from": "Bo", "fish": "eel", "row": "upper", "price": 300},
        {"from": "Bo", "fish": "eel", "row": "lower", "price": 0},
    ]
    dropped = body("discard", [(".", "boat=b2&fish=eel"), ("count", "1")])
    assert dropped == {"type": "discard", "player": "Aiko", "boat": "b2", "fish": "eel", "count": 1}


def test_an_external_markets_tokens_by_code(ctx: Any) -> None:
    got = body("visit", [("market", "government"), ("left.squid", "2"), ("right.tuna:20", "1")])
    assert got["left"] == ["squid", "squid"] and got["right"] == ["tuna:20"]


def test_items_with_fields_counted_by_their_fields(ctx: Any) -> None:
    got = body(
        "visit",
        [
            ("market", "boat_rentals"),
            ("rent.boat=two_slot&from=ships", "2"),
            ("rent.boat=one_slot&from=used_ships", "0"),
            ("rent.boat=one_slot&from=ships", "1"),
        ],
    )
    two, one = {"boat": "two_slot", "from": "ships"}, {"boat": "one_slot", "from": "ships"}
    assert got["rent"] == [two, two, one]
    for bad in ("rent.two_slot", "rent.boat=two_slot&bogus=1", "rent.boat=x.y"):
        with pytest.raises(Refused):
            body("visit", [("market", "boat_rentals"), (bad, "1")])


def test_an_item_left_at_nothing_is_not_sent(ctx: Any) -> None:
    got = body(
        "visit",
        [
            ("market", "trading"),
            ("trades[0].place", "4"),
            ("trades[0].tokens.eel", "1"),
            ("trades[1].place", ""),
            ("trades[1].tokens.eel", "0"),
        ],
    )
    assert got["trades"] == [{"place": 4, "tokens": ["eel"]}]
    assert "trades" not in body("visit", [("market", "trading"), ("trades[0].tokens.eel", "0")])


def test_a_field_the_move_does_not_take_is_refused(ctx: Any) -> None:
    for pairs in ([("bogus", "1")], [("sell.eel.x.y", "1")], [("licenses[0]", "1")]):
        with pytest.raises(Refused) as exc:
            body("visit", [("market", "tuna"), *pairs])
        assert exc.value.status == 400
    with pytest.raises(Refused) as exc:
        body("visit", [("market", "government"), ("left.squid", "two")])
    assert exc.value.field == "left.squid"


def test_text_where_a_number_is_wanted_is_left_for_the_model(ctx: Any) -> None:
    assert body("visit", [("market", "tuna"), ("licenses", "２")])["licenses"] == "２"
    assert body("visit", [("market", "bank"), ("loans", "-1")])["loans"] == "-1"


def test_no_digits_where_a_number_is_wanted_is_not_the_pages_own(ctx: Any) -> None:
    for name in ("loans", "barrels.eel", "sell.tuna.x"):
        with pytest.raises(Refused) as exc:
            body("visit", [("market", "bank"), (name, "x" if name != "sell.tuna.x" else "1")])
        assert exc.value.status == 400 and exc.value.field == name
        assert "not what the page offered" in str(exc.value.said or exc.value)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.tuples(
            st.text(alphabet="ab.[]0123=&", max_size=8), st.text(alphabet="ab1=&.", max_size=8)
        ),
        max_size=6,
    )
)
def test_any_form_decodes_or_is_refused(app: Any, pairs: list[tuple[str, str]]) -> None:
    # The app is only read (its catalogues, for the refusal's words).
    with app.test_request_context("/"):
        try:
            body("visit", pairs)
        except Refused as exc:
            assert exc.status == 400


def test_a_list_the_move_requires_or_the_form_names_is_there_even_empty(ctx: Any) -> None:
    # No checkbox ticked: the purchase's barrels (required) are the empty list.
    assert body("purchase", [("buyer", "on")])["barrels"] == []
    # ``boats[]``: the list itself, there with no item (a Fishing form that moves no boat).
    assert body("fishing", [("boats[]", "")])["boats"] == []
    got = body("fishing", [("boats[]", ""), ("boats[100]", "boat=b2&do=dock")])
    assert got["boats"] == [{"boat": "b2", "do": "dock"}]
    # Not named: not sent.
    assert "boats" not in body("fishing", [("caught.eel", "1")])
    for bad in ("[]", "licenses.x[]"):
        with pytest.raises(Refused):
            body("visit", [("market", "tuna"), (bad, "")])


def test_a_zero_is_left_out_only_where_the_default_is_none(ctx: Any) -> None:
    # licenses defaults to None: a stepper at 0 is no field; buy_fugu defaults to 0: the
    # start card's 0 is logged as it always was.
    assert "licenses" not in body("visit", [("market", "tuna"), ("licenses", "0")])
    assert body("start_turn", [("buy_fugu", "0")])["buy_fugu"] == 0
