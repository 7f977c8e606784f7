"""Properties of the HTTP edge (issue #7), with hypothesis against the Flask test client:

- any JSON value (nested lists and objects, huge integers, floats with NaN and Infinity,
  text with lone surrogates written as escapes, bools, null) as the body of every POST
  endpoint of the API, sent with a valid token, answers a 2xx or a 4xx whose JSON has an
  "error" that is a sentence, never a 500; and a 4xx changes nothing (the game's seq and
  the whole view are the same before and after);
- so do bodies that are not JSON at all: random bytes, invalid UTF-8, nesting
  ``[[[[…]]]]`` up to 100,000 levels;
- so do the htmx form endpoints with random form fields (the refusal is the page's
  message fragment).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
SETUP = {
    "players": PLAYERS,
    "money": "open",
    "expansion": True,
    "variants": ["more_markets"],
    "seed": 5,
    "fish_markets": ["mackerel", "eel", "tuna", "spider_crab", "salmon", "swordfish"],
    "external_markets": ["ships", "bank", "rentals", "auction", "barter", "overseas"],
}
SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

#: Field names the models know, so that random bodies reach past the "unknown field".
FIELDS = [
    "type",
    "amount",
    "from",
    "to",
    "note",
    "player",
    "fish",
    "count",
    "value",
    "side",
    "market",
    "item",
    "track",
    "pay",
    "correction",
    "expected_seq",
    "to_seq",
    "kind",
    "owner",
    "drawn",
    "lot",
    "barrels",
    "winner",
    "players",
    "money",
    "expansion",
    "fish_markets",
    "external_markets",
    "variants",
    "seed",
    "fixed_fish",
    "start_player",
    "board_numbers",
    "format",
    "yen",
    "fish",
    "markets",
    "name",
    "eel",
    "salmon",
    "fresh",
]
WORDS = [
    "pay",
    "gain_fish",
    "take_license",
    "set_track",
    "next_turn",
    "end_game",
    "auction_open",
    "tuna",
    "barter",
    "overseas",
    "eel",
    "tuna:20",
    "supply",
    "Aiko",
    "Bo",
    "host",
    "box",
    "fresh",
    "tsukiji-snapshot/1",
    "",
    "300",
    "²",
    "１００",
    "NaN",
    "true",
]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def is_sentence(message: Any) -> bool:
    return (
        isinstance(message, str)
        and bool(message)
        and (message[0].isupper() or message[0] in "\"'¥")
        and message.endswith(".")
    )


# -- strategies ------------------------------------------------------------------------------

text = st.one_of(
    st.sampled_from(WORDS),
    st.text(max_size=12),
    # Lone surrogates and control characters: json.dumps writes them as \uXXXX escapes.
    st.text(st.characters(categories=["Cs", "Cc", "Cf"]), min_size=1, max_size=3),
)
numbers = st.one_of(
    st.integers(-1000, 100_000),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.sampled_from([2**63, 2**63 - 1, -(2**63) - 1, 10**30, 1_000_000, 1_000_100]),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, text)
keys = st.one_of(st.sampled_from(FIELDS), text)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=10,
)
#: Mostly objects with known fields (and a known type or kind), sometimes anything. (Data
#: generation is most of the time these take: the values of known fields stay small.)
field_values = st.one_of(scalars, json_values)
bodies = st.one_of(
    st.dictionaries(keys, json_values, max_size=5),
    st.builds(
        lambda kind, fields: {"type": kind, **fields},
        st.sampled_from(WORDS),
        st.dictionaries(st.sampled_from(FIELDS), field_values, max_size=4),
    ),
    st.builds(
        lambda kind, owner, fields: {"kind": kind, "owner": owner, **fields},
        st.sampled_from(WORDS),
        st.sampled_from(WORDS),
        st.dictionaries(
            st.sampled_from(["drawn", "lot", "barrels", "expected_seq"]), field_values, max_size=3
        ),
    ),
    json_values,
)


# -- the world the requests hit --------------------------------------------------------------


class World:
    """A game with a sealed-bid auction open (one bid sealed) and an entry to undo. A 2xx
    moves it on (a reveal, a re-issued link): later examples meet that table instead,
    which the edge parses the same way, since every body is read before the door."""

    def __init__(self, client: Any) -> None:
        self.client = client
        #: The view as the last refused request left it (read after it, to compare): the
        #: next example's "before", not read again. None once anything else may have run.
        self.seen: Any = None
        self.build()

    def build(self) -> None:
        r = self.client.post("/api/games", json=SETUP)
        body = r.get_json()
        self.id = body["id"]
        self.host = body["host_token"]
        self.seats = {s["name"]: s["token"] for s in body["seats"]}
        api = f"/api/games/{self.id}"
        for payment in (300, 500):  # something to undo
            self.client.post(
                f"{api}/actions",
                headers=auth(self.host),
                json={"type": "pay", "from": "supply", "to": "Bo", "amount": payment},
            )
        self.client.post(f"{api}/undo", headers=auth(self.host), json={})
        r = self.client.post(
            f"{api}/auctions", headers=auth(self.host), json={"kind": "tuna", "owner": "Aiko"}
        )
        self.aid = r.get_json()["auction_id"]
        self.client.post(
            f"{api}/auctions/{self.aid}/bids",
            headers=auth(self.seats["Chiyo"]),
            json={"amount": 200},
        )

    def view(self) -> Any:
        r = self.client.get(f"/api/games/{self.id}", headers=auth(self.host))
        assert r.status_code == 200
        return {k: v for k, v in r.get_json().items() if k != "host_connected"}

    def view_before(self) -> Any:
        """The view now: the one the last refused request was checked against (nothing
        ran since), else read."""
        seen, self.seen = self.seen, None
        return seen if seen is not None else self.view()

    def view_unchanged(self, before: Any) -> None:
        """The view is still ``before`` (kept for the next example's "before")."""
        after = self.view()
        assert after == before
        self.seen = after

    def games(self) -> int:
        store = self.client.application.extensions["companion.store"]
        return int(store.conn.execute("SELECT count(*) FROM games").fetchone()[0])


#: (name, path under /api/games/<id> or an absolute one, whose token)
API = [
    ("create", "/api/games", "host"),
    ("score", "/api/score", "host"),
    ("actions", "/actions", "host"),
    ("undo", "/undo", "host"),
    ("redo", "/redo", "host"),
    ("auctions", "/auctions", "host"),
    ("bids", "/auctions/{aid}/bids", "Bo"),
    ("choose", "/auctions/{aid}/choose", "host"),
    ("reveal", "/auctions/{aid}/reveal", "host"),
    ("reissue", "/seats/3/reissue", "host"),
]


def send(world: World, path: str, who: str, post: Callable[..., Any]) -> Any:
    token = world.host if who == "host" else world.seats[who]
    url = path if path.startswith("/api/") else f"/api/games/{world.id}{path}"
    return post(url.format(aid=world.aid), headers=auth(token))


def check(world: World, path: str, who: str, post: Callable[..., Any]) -> None:
    """One request: never a 500; a 4xx is a sentence in JSON and changes nothing."""
    before, games = world.view_before(), world.games()
    r = send(world, path, who, post)
    assert r.status_code < 500, r.get_data(as_text=True)[:300]
    if r.status_code >= 400:
        assert r.is_json, r.get_data(as_text=True)[:300]
        assert is_sentence(r.get_json()["error"]), r.get_json()
        assert world.games() == games
        world.view_unchanged(before)


@pytest.fixture
def world(client: Any) -> World:
    return World(client)


@pytest.mark.parametrize(("name", "path", "who"), API, ids=[a[0] for a in API])
@SETTINGS
@given(body=bodies)
def test_any_json_body_is_answered_without_a_500(
    world: World, name: str, path: str, who: str, body: Any
) -> None:
    data = json.dumps(body)  # NaN, Infinity and lone surrogates as JSON writes them
    check(
        world,
        path,
        who,
        lambda url, headers: world.client.post(
            url, data=data, headers={**headers, "Content-Type": "application/json"}
        ),
    )


raw_bodies = st.one_of(
    st.binary(max_size=300),
    st.binary(max_size=50).map(lambda b: b"\xff" + b + b"\xc3"),  # never valid UTF-8
    st.integers(1, 100_000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 50_000).map(
        lambda n: '{"type": "pay", "note": ' + '{"a": ' * n + "1" + "}" * n + "}"
    ),
    st.integers(4000, 6000).map(lambda n: '{"amount": ' + "9" * n + "}"),
    st.sampled_from(["NaN", "[Infinity]", '{"amount": -Infinity}', '"\\ud800"', "\x00"]),
)


@SETTINGS
@given(endpoint=st.sampled_from(API), data=raw_bodies)
def test_a_body_that_is_not_json_is_answered_without_a_500(
    world: World, endpoint: tuple[str, str, str], data: bytes | str
) -> None:
    _, path, who = endpoint
    check(
        world,
        path,
        who,
        lambda url, headers: world.client.post(
            url, data=data, headers={**headers, "Content-Type": "application/json"}
        ),
    )


# -- the htmx forms --------------------------------------------------------------------------

FORM_FIELDS = FIELDS + [
    "as",
    "lot_eel",
    "lot_tuna:20",
    "lot_whale",
    "barrel_eel",
    "barrel_tuna",
    "reroll",
    "manual",
    "fish_market",
    "external_market",
    "board.nori.tokens",
    "crash",
    "action",
    "step",
    "players[0].name",
    "players[0].yen",
    "players[1].name",
    "players[²].name",
    "markets.eel.value",
]
form_text = st.one_of(
    st.sampled_from(
        WORDS
        + [
            "on",
            "off",
            "host",
            "seat",
            "100000000",
            "9" * 5000,
            "-1",
            "remove:0",
            "add",
            "players[0].yen:+1",
        ]
    ),
    st.text(st.characters(exclude_categories=["Cs"]), max_size=20),
)
forms = st.dictionaries(
    st.one_of(st.sampled_from(FORM_FIELDS), form_text),
    st.one_of(form_text, st.lists(form_text, max_size=3)),
    max_size=8,
)
PAGES = [
    ("/act", "host"),
    ("/undo", "host"),
    ("/redo", "host"),
    ("/auctions", "host"),
    ("/auctions/{aid}/bid", "Bo"),
    ("/auctions/{aid}/choose", "host"),
    ("/auctions/{aid}/reveal", "host"),
    ("/seats/3/reissue", "host"),
]
ERROR = re.compile(r'<p class="error" role="alert">(.*?)</p>', re.S)


@SETTINGS
@given(page=st.sampled_from(PAGES), form=forms)
def test_any_form_is_answered_without_a_500(
    world: World, page: tuple[str, str], form: dict[str, Any]
) -> None:
    path, who = page
    token = world.host if who == "host" else world.seats[who]
    before = world.view_before()
    r = world.client.post(
        f"/games/{world.id}{path}".format(aid=world.aid), data=form, headers=auth(token)
    )
    assert r.status_code < 500, r.get_data(as_text=True)[:300]
    if r.status_code >= 400:
        m = ERROR.search(r.get_data(as_text=True))
        assert m, r.get_data(as_text=True)[:300]
        assert is_sentence(html.unescape(m.group(1)).strip()), m.group(1)
        world.view_unchanged(before)


@SETTINGS
@given(
    path=st.sampled_from(["/games", "/games/preview", "/calculator/", "/calculator/report"]),
    form=forms,
)
def test_the_new_game_and_calculator_forms_never_answer_500(
    client: Any, path: str, form: dict[str, Any]
) -> None:
    r = client.post(path, data=form)
    assert r.status_code < 500, r.get_data(as_text=True)[:300]
