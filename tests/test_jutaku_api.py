"""POST /api/jutaku/exit exactly as shared/spec/cards.md fixes it, and the /jutaku page's
forms through the Flask app: the worked examples, one-sentence refusals naming the
field, and never a 500 whatever JSON, form or address a client sends."""

from __future__ import annotations

import base64
import html
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.jutaku import catalogue
from companion.web.jutaku_edge import decode, encode

SPEC_BODY = {
    "prices": {"red": 300, "shirt_trousers": 300},
    "salmon_cashed": False,
    "carried": {
        "red": 1,
        "shirt_trousers": 2,
        "salmon": 1,
        "spider_crab": [6],
        "tuna": [],
        "detergent": 0,
    },
}


def post(client: Any, body: Any) -> Any:
    return client.post("/api/jutaku/exit", json=body)


def one_sentence(text: str) -> bool:
    return (
        text[:1].isupper()
        and text.endswith(".")
        and not re.search(r"[.!?] [A-Z]", text)
        and "Input should" not in text
        and "validation" not in text.lower()
    )


# -- the endpoint -----------------------------------------------------------------------------


def test_the_spec_example(client: Any) -> None:
    r = post(client, SPEC_BODY)
    assert r.status_code == 200
    body = r.get_json()
    assert body["payout"] == 2000 and body["salmon_cashed"] is True
    assert list(body["prices"]) == list(catalogue.CATEGORIES)  # every category after the exit
    assert body["prices"]["red"] == 200 and body["prices"]["shirt_trousers"] == 200
    assert body["prices"]["black"] == 200 and body["prices"]["washer_dryer"] == 500
    assert [line["amount"] for line in body["lines"]] == [300, 600, 500, 600]
    assert body["lines"][3]["text"] == "1 × Spider Crab 6 at ¥600: ¥600"


def test_the_detergent_example_amb_j3(client: Any) -> None:
    r = post(client, {"carried": {"bra_underwear_socks": 2, "shirt_trousers": 1, "detergent": 2}})
    assert r.status_code == 200 and r.get_json()["payout"] == 1200
    assert r.get_json()["salmon_cashed"] is False  # the default, kept


def test_salmon_after_someone_left_with_it_and_newspapers(client: Any) -> None:
    r = post(client, {"salmon_cashed": True, "carried": {"salmon": 2, "newspaper": 3}})
    assert r.status_code == 200
    assert r.get_json()["payout"] == 800 and r.get_json()["newspapers"] == 3


def test_a_stack_at_100_pays_100_and_drops_to_0(client: Any) -> None:
    r = post(client, {"prices": {"shirt_trousers": 100}, "carried": {"shirt_trousers": 1}})
    assert r.get_json()["payout"] == 100 and r.get_json()["prices"]["shirt_trousers"] == 0
    r = post(client, {"prices": {"shirt_trousers": 0}, "carried": {"shirt_trousers": 1}})
    assert r.get_json()["payout"] == 0 and r.get_json()["prices"]["shirt_trousers"] == 0


def test_tuna_pays_its_printed_value(client: Any) -> None:
    r = post(client, {"carried": {"tuna": [25, 15]}})
    assert r.get_json()["payout"] == 4000


@pytest.mark.parametrize(
    ("body", "field", "error"),
    [
        (
            {"carried": {"red": "1"}},
            "carried.red",
            "The red drink count must be a whole number from 0 to 99.",
        ),
        ({"carried": {"red": 1.0}}, "carried.red", None),
        ({"carried": {"red": True}}, "carried.red", None),
        ({"carried": {"red": -1}}, "carried.red", None),
        ({"carried": {"sofa": 1}}, "carried.sofa", None),
        ({"carried": {"salmon": 11}}, "carried.salmon", None),
        ({"carried": {"spider_crab": [5]}}, "carried.spider_crab[0]", None),
        ({"carried": {"spider_crab": 6}}, "carried.spider_crab", None),
        (
            {"carried": {"tuna": [15] * 6}},
            "carried.tuna",
            "There are only 5 Tuna pieces in the game.",
        ),
        ({"carried": 3}, "carried", None),
        ({}, "carried", None),
        ({"carried": {}, "prices": {"red": 150}}, "prices.red", None),
        ({"carried": {}, "prices": {"red": 1100}}, "prices.red", None),
        ({"carried": {}, "prices": {"red": "300"}}, "prices.red", None),
        ({"carried": {}, "prices": {"purple": 300}}, "prices.purple", None),
        ({"carried": {}, "prices": []}, "prices", None),
        (
            {"carried": {}, "salmon_cashed": "no"},
            "salmon_cashed",
            'Whether Salmon was cashed yet ("salmon_cashed") is true or false.',
        ),
        ({"carried": {}, "extra": 1}, "extra", None),
    ],
)
def test_refusals_are_one_sentence_naming_the_field(
    client: Any, body: dict[str, Any], field: str, error: str | None
) -> None:
    r = post(client, body)
    assert r.status_code == 400
    answer = r.get_json()
    assert set(answer) == {"error", "field"} and answer["field"] == field
    assert one_sentence(answer["error"]), answer["error"]
    if error is not None:
        assert answer["error"] == error


@pytest.mark.parametrize(
    "raw", ["", "[]", "3", "null", '"x"', "{bad", '{"carried": NaN}', "[" * 50]
)
def test_a_body_that_is_not_an_object_is_refused(client: Any, raw: str) -> None:
    r = client.post("/api/jutaku/exit", data=raw, content_type="application/json")
    assert r.status_code == 400
    assert one_sentence(r.get_json()["error"]), r.get_json()


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
keys = st.sampled_from(
    [*catalogue.CATEGORIES, "salmon", "spider_crab", "tuna", "detergent", "newspaper", "x"]
)
near_valid = st.fixed_dictionaries(
    {},
    optional={
        "prices": st.dictionaries(keys, st.integers(-200, 1200) | json_values, max_size=4)
        | json_values,
        "salmon_cashed": st.booleans() | json_values,
        "carried": st.dictionaries(
            keys,
            st.integers(-2, 120)
            | st.lists(st.sampled_from([4, 6, 8, 15, 20, 25, 5, True]), max_size=12)
            | json_values,
            max_size=6,
        )
        | json_values,
    },
)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.one_of(json_values, near_valid))
def test_never_a_500_whatever_json_is_posted(client: Any, body: Any) -> None:
    r = client.post("/api/jutaku/exit", data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400), (r.status_code, body)
    answer = r.get_json()
    if r.status_code == 400:
        assert set(answer) <= {"error", "field"} and one_sentence(answer["error"]), answer
    else:
        assert answer["payout"] >= 0 and set(answer["prices"]) == set(catalogue.CATEGORIES)


# -- the page -----------------------------------------------------------------------------------


def token_of(location: str) -> str:
    return parse_qs(urlsplit(location).query)["g"][0]


def start(client: Any, *names: str) -> str:
    r = client.post("/jutaku/", data={"action": "start", "name": list(names)})
    assert r.status_code == 303, r.data
    return token_of(r.headers["Location"])


def act(client: Any, g: str, **fields: str) -> Any:
    return client.post("/jutaku/", data={"g": g, **fields})


def text(r: Any) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", r.data.decode())))


def test_the_page_plays_a_whole_game(client: Any) -> None:
    assert client.get("/jutaku/").status_code == 200
    g = start(client, "Aiko", "Bo", "", "")
    assert decode(g) == (["Aiko", "Bo"], [])
    r = act(
        client,
        g,
        action="exit",
        player="0",
        **{
            "carried.shirt_trousers": "2",
            "carried.red": "1",
            "carried.salmon": "1",
            "carried.spider_crab.6": "1",
        },
    )
    assert r.status_code == 303 and r.headers["Location"].endswith("#payout")
    g = token_of(r.headers["Location"])
    page = text(client.get(f"/jutaku/?g={g}"))
    assert "Aiko left the store: ¥2,000" in page
    assert "Red drink: ¥300 → ¥200" in page and "Salmon: ¥500 → ¥400" in page
    r = act(client, g, action="exit", player="1", **{"carried.salmon": "2"})
    g = token_of(r.headers["Location"])
    assert "Bo left the store: ¥800" in text(client.get(f"/jutaku/?g={g}"))
    # Undo drops the last exit: the address is the game before it.
    r = act(client, g, action="undo")
    assert decode(token_of(r.headers["Location"]))[1] == decode(g)[1][:1]
    r = act(client, g, action="buy_tuna", player="0")
    g = token_of(r.headers["Location"])
    r = act(client, g, action="exit", player="0", **{"carried.tuna.20": "1"})
    g = token_of(r.headers["Location"])
    page = text(client.get(f"/jutaku/?g={g}"))
    assert "Game over" in page and "Aiko wins" in page  # ¥2,000 − ¥500 + ¥2,000 against ¥800
    assert "Cash this exit" not in page


def test_page_refusals_keep_the_form_and_say_why(client: Any) -> None:
    g = start(client, "Aiko", "Bo")
    r = act(client, g, action="exit", **{"carried.red": "2"})
    assert r.status_code == 400 and "Choose who leaves the store." in text(r)
    assert 'value="2"' in r.data.decode()  # what was typed is still there
    r = act(client, g, action="exit", player="0", **{"carried.red": "lots"})
    assert (
        r.status_code == 400
        and "The red drink count must be a whole number from 0 to 99." in text(r)
    )
    r = act(client, g, action="buy_tuna", player="1")
    assert r.status_code == 400 and "Bo has ¥0; Tuna number 1 of the game costs ¥500." in text(r)
    r = act(client, g, action="exit", player="1", **{"carried.tuna.15": "1"})
    assert r.status_code == 400 and "record each Tuna bought first" in text(r)
    r = act(client, g, action="undo")
    assert r.status_code == 400 and "There is nothing to undo." in text(r)
    r = client.post("/jutaku/", data={"action": "start", "name": ["Aiko", ""]})
    assert r.status_code == 400 and "Tokyo Jutaku needs 2 to 6 players" in text(r)


def test_the_steppers_work_without_javascript(client: Any) -> None:
    g = start(client, "Aiko", "Bo")
    r = act(client, g, step="carried.red:+1", player="1", **{"carried.red": "2"})
    assert r.status_code == 200
    html = r.data.decode()
    assert re.search(r'name="carried\.red" value="3"', html)
    assert re.search(r'value="1" required checked', html)  # the chosen player stays chosen
    r = act(client, g, step="carried.salmon:-1")
    assert re.search(r'name="carried\.salmon" value="0"', r.data.decode())
    r = act(client, g, step="carried.salmon:+1", **{"carried.salmon": "10"})
    assert re.search(r'name="carried\.salmon" value="10"', r.data.decode())  # the box's 10


def test_a_damaged_or_forged_address_is_refused_in_a_sentence(client: Any) -> None:
    for g in ["x", "%%%", base64.urlsafe_b64encode(b"[1,2]").decode(), "é"]:
        r = client.get("/jutaku/", query_string={"g": g})
        assert r.status_code == 400 and "This game's address is damaged" in text(r)
    # A log the page could not have written: a third exit of the same player.
    moves = [{"type": "exit", "player": 0, "carried": {}}] * 3
    r = client.get("/jutaku/", query_string={"g": encode(["Aiko", "Bo", "Chie"], moves)})
    assert r.status_code == 400
    # A name the start form would refuse (a control character).
    r = client.get("/jutaku/", query_string={"g": encode(["Ai\x00ko", "Bo"], [])})
    assert r.status_code == 400 and "This game's address is damaged" in text(r)
    assert client.get("/jutaku/", query_string={"g": encode(["Aiko", "Bo"], [])}).status_code == 200


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.one_of(
        st.text(max_size=40),
        json_values.map(lambda v: base64.urlsafe_b64encode(json.dumps(v).encode()).decode()),
        st.builds(
            lambda players, moves: encode(players, moves),
            st.lists(st.text(min_size=1, max_size=5), min_size=1, max_size=7),
            st.lists(
                st.fixed_dictionaries(
                    {
                        "type": st.sampled_from(["exit", "buy_tuna", "x"]),
                        "player": st.integers(-1, 7),
                        "carried": st.dictionaries(keys, st.integers(0, 3), max_size=3),
                    }
                ),
                max_size=6,
            ),
        ),
    ),
    st.dictionaries(
        st.sampled_from(["action", "player", "step", "carried.red", "carried.tuna.15", "name"]),
        st.text(max_size=6),
        max_size=4,
    ),
)
def test_never_a_500_whatever_address_or_form(client: Any, g: str, form: dict[str, str]) -> None:
    r = client.get("/jutaku/", query_string={"g": g})
    assert r.status_code in (200, 400)
    r = client.post("/jutaku/", data={**form, "g": g})
    assert r.status_code in (200, 303, 400), r.status_code
