"""Bad input at the edge (issue #7): every class of input an outside probe found is refused
with a 4xx and one sentence for a person, never a 500 and never accepted wrongly, and a
refused request changes nothing (the game's seq and the whole view stay the same).

Against the Flask test client on a real SQLite file (tests/conftest.py)."""

from __future__ import annotations

import html
import json
import re
import tracemalloc
from typing import Any

import pytest

from companion.door import Refused
from companion.rules.errors import IllegalAction
from companion.rules.moves import MOVES
from companion.rules.setup import make_config
from companion.web import BODY_LIMIT
from companion.web.action_schemas import ACTIONS

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
PYDANTIC_WORDS = ("Input should", "validation error", "pydantic", "type=", "errors.pydantic")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def assert_sentence(message: Any) -> None:
    """One finished sentence for a person: a capital (or a quote) first, a full stop last,
    no second sentence, none of pydantic's own wording."""
    assert isinstance(message, str) and message, message
    assert message[0].isupper() or message[0] in "\"'¥", message
    assert message.endswith((".", "!", "?")), message
    assert not re.search(r"[.!?]\s+\S", message), message
    assert "\n" not in message
    assert not any(w in message for w in PYDANTIC_WORDS), message


class Game:
    def __init__(self, client: Any, **settings: Any) -> None:
        r = client.post("/api/games", json={**SETUP, **settings})
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.client = client
        self.id: str = body["id"]
        self.host: str = body["host_token"]
        self.seat = {s["name"]: s["token"] for s in body["seats"]}
        self.api = f"/api/games/{self.id}"

    def view(self) -> dict[str, Any]:
        r = self.client.get(self.api, headers=auth(self.host))
        assert r.status_code == 200
        return {k: v for k, v in r.get_json().items() if k != "host_connected"}

    def post(self, path: str, body: Any = None, token: str | None = None, **kw: Any) -> Any:
        return self.client.post(
            f"{self.api}{path}", json=body, headers=auth(token or self.host), **kw
        )

    def raw(self, path: str, data: bytes | str, token: str | None = None) -> Any:
        return self.client.post(
            f"{self.api}{path}",
            data=data,
            headers={**auth(token or self.host), "Content-Type": "application/json"},
        )

    def form(self, path: str, data: Any, token: str | None = None) -> Any:
        return self.client.post(
            f"/games/{self.id}{path}", data=data, headers=auth(token or self.host)
        )

    def act(self, **body: Any) -> int:
        r = self.post("/actions", body)
        assert r.status_code == 201, r.get_json()
        return int(r.get_json()["seq"])


@pytest.fixture
def game(client: Any) -> Game:
    return Game(client)


def refused(
    game: Game, send: Any, status: int = 400, field: str | None = None, words: str = ""
) -> str:
    """``send()`` is refused: the status, one sentence (as JSON or the page's fragment),
    the field when given, and nothing changed."""
    before = game.view()
    r = send()
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:300])
    if r.is_json:
        body = r.get_json()
        message = body["error"]
        if field is not None:
            assert body.get("field") == field, body
    else:
        m = re.search(r'<p class="error" role="alert">(.*?)</p>', r.get_data(as_text=True))
        assert m, r.get_data(as_text=True)[:300]
        message = html.unescape(m.group(1))
        assert r.headers.get("HX-Retarget") == "#flash"
    assert_sentence(message)
    assert words.lower() in message.lower(), message
    assert game.view() == before
    return str(message)


def pay(**extra: Any) -> dict[str, Any]:
    return {"type": "pay", "from": "supply", "to": "Bo", "amount": 300, **extra}


# -- numbers: ASCII digits in forms, JSON integers in JSON; never a bool -------------------


@pytest.mark.parametrize(
    "amount", ["300", "²", "１００", "3e2", True, False, 300.0, 1.5, None, [300], {"yen": 300}]
)
def test_a_json_amount_is_a_json_integer(game: Game, amount: Any) -> None:
    refused(
        game,
        lambda: game.post("/actions", pay(amount=amount)),
        field="amount",
        words="whole number of Yen",
    )


@pytest.mark.parametrize("amount", ["²", "１００", "٣٠٠", "3e2", "300.0", "-300", "0x12c", " 3 00"])
def test_a_form_amount_is_ascii_digits(game: Game, amount: str) -> None:
    refused(
        game, lambda: game.form("/act", {"as": "host", **pay(amount=amount)}), words="whole number"
    )


def test_a_form_amount_of_ascii_digits_is_recorded_as_a_number(game: Game, app: Any) -> None:
    r = game.form("/act", {"as": "host", **pay(amount=" 300 "), "note": ""})
    assert r.status_code == 200
    event = app.extensions["companion.store"].state(game.id).events[-1]
    assert event.data == {"from": "supply", "to": "Bo", "amount": 300}


@pytest.mark.parametrize(
    ("field", "value"),
    [("count", True), ("count", "2"), ("count", 2.0), ("value", "20"), ("value", True)],
)
def test_counts_and_values_are_json_integers(game: Game, field: str, value: Any) -> None:
    body = {"type": "gain_fish", "player": "Bo", "fish": "tuna", "value": 20, field: value}
    refused(game, lambda: game.post("/actions", body), field=field)


@pytest.mark.parametrize("bid", ["600", "²", True, 600.0, None])
def test_a_bid_is_a_json_integer(game: Game, bid: Any) -> None:
    aid = game.post("/auctions", {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"}).get_json()[
        "auction_id"
    ]
    refused(
        game,
        lambda: game.post(f"/auctions/{aid}/bids", {"amount": bid}, game.seat["Bo"]),
        field="amount",
        words="whole number",
    )


# -- a list or an object where a name or a market is expected --------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (pay(**{"from": ["supply"]}), "from"),
        (pay(to={"name": "Bo"}), "to"),
        ({"type": "take_loan", "player": ["Bo"]}, "player"),
        ({"type": "take_license", "player": "Bo", "market": ["eel"]}, "market"),
        ({"type": "add_market", "market": {"id": "squid"}}, "market"),
        ({"type": "gain_fish", "player": "Bo", "fish": ["eel"]}, "fish"),
        ({"type": "take_item", "player": "Bo", "item": ["cart"]}, "item"),
        ({"type": "set_track", "track": ["eel"], "value": 3}, "track"),
        ({"type": ["pay"]}, "type"),
    ],
)
def test_a_name_or_a_market_is_a_string(game: Game, body: dict[str, Any], field: str) -> None:
    refused(game, lambda: game.post("/actions", body), field=field)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "tuna", "owner": ["Aiko"]}, "owner"),
        ({"kind": ["tuna"], "owner": "Aiko"}, "kind"),
        ({"kind": "barter", "owner": "Aiko", "lot": "eel"}, "lot"),
        ({"kind": "barter", "owner": "Aiko", "lot": [["eel"]]}, "lot[0]"),
        ({"kind": "overseas", "owner": "Aiko", "barrels": ["eel"]}, "barrels"),
        ({"kind": "overseas", "owner": "Aiko", "barrels": {"eel": "2"}}, "barrels.eel"),
        ({"kind": "overseas", "owner": "Aiko", "barrels": {"eel": 31}}, "barrels.eel"),
        ({"kind": "tuna", "owner": "Aiko", "drawn": "tuna:²"}, "drawn"),
        ({"kind": "tuna", "owner": "Aiko", "lot": ["eel"]}, "lot"),
    ],
)
def test_an_auction_body_has_the_fields_of_its_kind(
    game: Game, body: dict[str, Any], field: str
) -> None:
    refused(game, lambda: game.post("/auctions", body), field=field)


@pytest.mark.parametrize("winner", [["Bo"], {"name": "Bo"}, 1, True])
def test_a_winner_is_a_name_or_null(game: Game, winner: Any) -> None:
    game.act(type="gain_fish", player="Aiko", fish="eel", count=2)
    aid = game.post(
        "/auctions", {"kind": "barter", "owner": "Aiko", "lot": ["eel", "eel"]}
    ).get_json()["auction_id"]
    assert game.post(f"/auctions/{aid}/reveal").status_code == 200
    refused(game, lambda: game.post(f"/auctions/{aid}/choose", {"winner": winner}), field="winner")
    assert game.post(f"/auctions/{aid}/choose", {"winner": None}).status_code == 200


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"players": [["Aiko"], "Bo"]}, "players[0]"),
        ({"players": "Aiko, Bo"}, "players"),
        ({"players": PLAYERS, "fish_markets": [["eel"]]}, "fish_markets[0]"),
        ({"players": PLAYERS, "money": ["open"]}, "money"),
        ({"players": PLAYERS, "variants": "crash"}, "variants"),
    ],
)
def test_settings_of_the_wrong_shape_are_refused(
    client: Any, app: Any, settings: dict[str, Any], field: str
) -> None:
    before = games(app)
    r = client.post("/api/games", json=settings)
    assert r.status_code == 400 and r.get_json()["field"] == field, r.get_json()
    assert_sentence(r.get_json()["error"])
    assert games(app) == before


def games(app: Any) -> int:
    store = app.extensions["companion.store"]
    return int(store.conn.execute("SELECT count(*) FROM games").fetchone()[0])


# -- bodies that are not JSON a person meant -------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        "[" * 100_000 + "]" * 100_000,  # over the size limit: 413
        "[" * 30_000 + "]" * 30_000,  # under it, but RecursionError inside json.loads
        '{"type": "pay", "note": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"type": "pay", "amount": ' + "9" * 5000 + "}",  # int max str digits
        '{"type": "pay", "from": "supply", "to": "Bo", "amount": NaN}',
        '{"type": "pay", "from": "supply", "to": "Bo", "amount": Infinity}',
        '{"type": "pay", "from": "supply", "to": "Bo", "amount": -Infinity}',
        b'{"type": "pay", "note": "\xff\xfe"}',
        b"\xef\xbb\xbf\x00\x00",
        "{'type': 'pay'}",
        '{"type": "pay"',
        "not json",
    ],
)
def test_a_body_that_is_not_json_is_refused(game: Game, data: bytes | str) -> None:
    size = len(data)
    status = 413 if size > BODY_LIMIT else 400
    for path in (
        "/actions",
        "/undo",
        "/redo",
        "/auctions",
        "/auctions/a1/bids",
        "/auctions/a1/choose",
        "/auctions/a1/reveal",
        "/seats/0/reissue",
    ):
        refused(game, lambda path=path: game.raw(path, data), status)  # type: ignore[misc]


@pytest.mark.parametrize("amount", ["1e309", "-1e309", "300.0", "3e2", "1.5"])
def test_a_float_is_not_a_whole_number(game: Game, amount: str) -> None:
    data = '{"type": "pay", "from": "supply", "to": "Bo", "amount": ' + amount + "}"
    refused(game, lambda: game.raw("/actions", data), field="amount", words="whole number")


def test_the_score_endpoint_reads_its_body_the_same_way(client: Any) -> None:
    for data in ("[" * 30_000 + "]" * 30_000, '{"players": NaN}', "9" * 5000, "", '"\\ud800"'):
        r = client.post("/api/score", data=data, content_type="application/json")
        assert r.status_code == 400, data[:20]
        assert_sentence(r.get_json()["error"])
    r = client.post("/api/score", json={"players": [{"name": "A", "yen": 1}]})
    assert r.status_code == 400 and r.get_json()["field"] == "players"
    assert r.get_json()["error"] == "The value of players must list 2 to 6 players, not 1."


# -- text that no page could show: NUL, control characters, lone surrogates, bidi -----------


@pytest.mark.parametrize(
    "note",
    [
        "a\x00b",
        "a\nb",
        "tab\there",
        "\x1b[31m",
        "\x7f",
        "\u202eevil",
        "\u2066x\u2069",
        "\u200f",
        "\u061c",
    ],
)
def test_a_note_with_a_control_character_is_refused(game: Game, note: str) -> None:
    refused(
        game, lambda: game.post("/actions", pay(note=note)), field="note", words="control character"
    )
    refused(
        game, lambda: game.form("/act", {"as": "host", **pay(note=note)}), words="control character"
    )


@pytest.mark.parametrize("escape", ["\\ud800", "\\udfff", "\\ud83d", "x\\udc00y"])
def test_a_lone_surrogate_is_refused_anywhere(game: Game, escape: str) -> None:
    note = '{"type": "pay", "from": "supply", "to": "Bo", "amount": 300, "note": "' + escape
    refused(game, lambda: game.raw("/actions", note + '"}'), field="note")
    player = '{"type": "take_loan", "player": "' + escape + '"}'
    refused(game, lambda: game.raw("/actions", player), field="player")
    key = '{"kind": "tuna", "owner": "Aiko", "x' + escape + '": 1}'
    refused(game, lambda: game.raw("/auctions", key))


def test_a_lone_surrogate_in_a_name_is_refused(client: Any, app: Any) -> None:
    before = games(app)
    r = client.post(
        "/api/games", data='{"players": ["Aiko", "B\\ud800o"]}', content_type="application/json"
    )
    assert r.status_code == 400 and r.get_json()["field"] == "players[1]"
    assert_sentence(r.get_json()["error"])
    assert games(app) == before


# -- names -----------------------------------------------------------------------------------


def test_a_japanese_keyboards_space_is_a_space_in_a_name(client: Any) -> None:
    """A name as a Japanese keyboard types it, "山田　花子" (U+3000 between the names), was
    refused as holding a character that is not visible; it is a space, and "山田 花子" with
    a plain space is then the same name."""
    r = client.post("/api/games", json={"players": ["山田\u3000花子", "Bo"]})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["seats"][0]["name"] == "山田\u3000花子"
    r = client.post("/api/games", json={"players": ["山田\u3000花子", "山田 花子"]})
    assert r.status_code == 400 and r.get_json()["field"] == "players[1]", r.get_json()


@pytest.mark.parametrize(
    ("names", "field"),
    [
        (["Aiko", ""], "players[1]"),
        (["Aiko", "   "], "players[1]"),
        (["Aiko", "B" * 25], "players[1]"),
        (["Aiko", "aiko"], "players[1]"),
        (["Aiko", "AIKO"], "players[1]"),
        (["Aiko", "Ａｉｋｏ"], "players[1]"),  # full-width: reads the same
        (["Aiko", "Bo\x00"], "players[1]"),
        (["Aiko", "Bo\tBo"], "players[1]"),
        (["Aiko", "B\u202eo"], "players[1]"),
        (["Aiko", "B\u2066o\u2069"], "players[1]"),
        (["Aiko", "\u200eBo"], "players[1]"),
        (["Aiko", "B\u200bo"], "players[1]"),  # zero-width space (Cf)
        (["Aiko", "\ufeffBo"], "players[1]"),
        (["Aiko", "B\u061co"], "players[1]"),
        (["Aiko", "B\u00a0o"], "players[1]"),  # not printable
        (["host", "Bo"], "players[0]"),
        (["Aiko", "Host"], "players[1]"),
        (["Aiko", "ｈｏｓｔ"], "players[1]"),
        (["Aiko", "supply"], "players[1]"),
        (["Aiko", "The Supply"], "players[1]"),
        (["Aiko", "table"], "players[1]"),
        (["Aiko", "Table Screen"], "players[1]"),
        (["Aiko", "the table-screen"], "players[1]"),
        (["Aiko", "  TABLE  screen "], "players[1]"),
    ],
)
def test_names_are_printable_unique_and_never_the_table_or_the_supply(
    client: Any, app: Any, names: list[str], field: str
) -> None:
    before = games(app)
    r = client.post("/api/games", json={"players": names})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["field"] == field
    assert_sentence(r.get_json()["error"])
    # The New game page says the same, and creates nothing either.
    page = client.post("/games", data={"player": names, "money": "open"})
    assert page.status_code == 400
    assert '<p class="error" role="alert">' in page.get_data(as_text=True)
    assert games(app) == before


def test_names_are_trimmed() -> None:
    config = make_config(["  Aiko ", "Bo"])
    assert config.players == ("Aiko", "Bo")


def test_a_name_with_quotes_breaks_nothing(client: Any) -> None:
    names = ['Ai"ko', "B'o", "<Chi>", "D\\i&"]
    g = Game(client, players=names)
    g.act(type="gain_fish", player=names[0], fish="eel", count=2)
    aid = g.post(
        "/auctions", {"kind": "barter", "owner": names[0], "lot": ["eel", "eel"]}
    ).get_json()["auction_id"]
    for name in names[1:]:
        assert g.post(f"/auctions/{aid}/bids", {"amount": 100}, g.seat[name]).status_code == 201
    assert g.view()["auction"]["status"] == "revealed"
    page = client.get(f"/games/{g.id}/table", headers=auth(g.host))
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    vals = [json.loads(html.unescape(v)) for v in re.findall(r"hx-vals='([^']*)'", text)]
    winners = [v["winner"] for v in vals if v.get("winner")]
    assert winners == names[1:]  # every choice button posts the exact name
    r = g.form(f"/auctions/{aid}/choose", {"winner": names[3], "as": "host"})
    assert r.status_code == 200
    assert g.view()["history"][0]["text"] == (
        f"The table screen chose {names[3]}: {names[3]} wins with ¥100"
    )
    for who in names:
        assert client.get(f"/games/{g.id}/seat", headers=auth(g.seat[who])).status_code == 200


# -- every number bounded by the physical game -----------------------------------------------


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (pay(amount=10**30), "amount", "at most ¥1,000,000"),
        (pay(amount=2**63), "amount", "at most ¥1,000,000"),
        (pay(amount=1_000_100), "amount", "at most ¥1,000,000"),
        (pay(amount=-300), "amount", "more than ¥0"),
        ({"type": "gain_fish", "player": "Bo", "fish": "eel", "count": 31}, "count", "1 to 30"),
        ({"type": "gain_fish", "player": "Bo", "fish": "eel", "count": 10**20}, "count", "1 to 30"),
        ({"type": "take_loan", "player": "Bo", "count": 0}, "count", "1 to 30"),
        ({"type": "set_track", "track": "eel", "value": 2**63}, "value", "1 to 13"),
        ({"type": "next_turn", "expected_seq": -1}, "expected_seq", "0 to 1,000,000,000"),
        ({"type": "next_turn", "expected_seq": 10**9 + 1}, "expected_seq", "1,000,000,000"),
    ],
)
def test_numbers_beyond_the_game_are_refused(
    game: Game, body: dict[str, Any], field: str, words: str
) -> None:
    refused(game, lambda: game.post("/actions", body), field=field, words=words)


def test_a_million_yen_is_the_most_one_payment_moves(game: Game) -> None:
    game.act(**pay(amount=1_000_000))
    assert next(p for p in game.view()["players"] if p["name"] == "Bo")["yen"] == 1_002_000


@pytest.mark.parametrize("bid", [2**63, 10**30, 1_000_100])
def test_a_bid_beyond_a_million_is_refused(game: Game, bid: int) -> None:
    aid = game.post("/auctions", {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"}).get_json()[
        "auction_id"
    ]
    refused(
        game,
        lambda: game.post(f"/auctions/{aid}/bids", {"amount": bid}, game.seat["Bo"]),
        field="amount",
        words="¥1,000,000",
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"to_seq": 10**10}, "to_seq"),
        ({"to_seq": -1}, "to_seq"),
        ({"to_seq": "1"}, "to_seq"),
        ({"to_seq": True}, "to_seq"),
        ({"expected_seq": 2**63}, "expected_seq"),
    ],
)
def test_undo_seqs_are_bounded_integers(game: Game, body: dict[str, Any], field: str) -> None:
    game.act(**pay())
    refused(game, lambda: game.post("/undo", body), field=field)


@pytest.mark.parametrize(
    ("start", "field"),
    [
        (4, "start_player"),
        (1.5, "start_player"),
        (True, "start_player"),
        ("1", "start_player"),
        (-1, "start_player"),
    ],
)
def test_the_start_player_is_a_seat(client: Any, app: Any, start: Any, field: str) -> None:
    before = games(app)
    r = client.post("/api/games", json={"players": ["Aiko", "Bo", "Chiyo"], "start_player": start})
    assert r.status_code == 400 and r.get_json()["field"] == field
    assert_sentence(r.get_json()["error"])
    assert games(app) == before


@pytest.mark.parametrize("seed", [-1, 2**128, 10**40, "7", 7.0])
def test_the_seed_is_bounded(client: Any, seed: Any) -> None:
    r = client.post("/api/games", json={"players": ["Aiko", "Bo"], "seed": seed})
    assert r.status_code == 400 and r.get_json()["field"] == "seed"


# -- memory: nothing is built from a count beyond the game -----------------------------------


def test_a_huge_lot_count_is_refused_without_building_it(game: Game) -> None:
    game.act(type="gain_fish", player="Aiko", fish="eel", count=2)
    form = {"as": "host", "kind": "barter", "owner": "Aiko", "lot_eel": "100000000"}
    tracemalloc.start()
    try:
        refused(game, lambda: game.form("/auctions", form), words="0 to 30")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
    refused(game, lambda: game.form("/auctions", {**form, "lot_eel": "31"}))
    refused(game, lambda: game.form("/auctions", {**form, "lot_eel": "²"}))
    refused(game, lambda: game.form("/auctions", {**form, "lot_eel": "2", "lot_whale": "1"}))
    refused(game, lambda: game.form("/auctions", {**form, "lot_eel": "2", "lot": "eel:²"}))


def test_an_unknown_game_answers_404_before_reading_the_lot(client: Any) -> None:
    r = client.post("/games/NOSUCH/auctions", data={"lot_eel": "100000000"})
    assert r.status_code == 404


def test_a_body_over_the_limit_is_413_in_one_sentence(game: Game, app: Any) -> None:
    assert app.config["MAX_CONTENT_LENGTH"] == BODY_LIMIT == 64 * 1024
    assert app.config["MAX_FORM_MEMORY_SIZE"] <= BODY_LIMIT
    big = "x" * (BODY_LIMIT + 1)
    message = refused(game, lambda: game.raw("/actions", json.dumps(pay(note=big))), 413)
    assert "64 KiB" in message
    refused(game, lambda: game.form("/act", {"as": "host", **pay(note=big)}), 413)
    r = game.client.post("/api/score", data=big, content_type="application/json")
    assert r.status_code == 413 and r.get_json() == {"error": message}
    r = game.client.post("/calculator/report", data={"players[0].name": big})
    assert r.status_code == 413


# -- accepted before, refused now ------------------------------------------------------------


@pytest.mark.parametrize("correction", [1, 0, "true", "yes", [], {}, None])
def test_correction_is_a_json_bool(game: Game, correction: Any) -> None:
    refused(game, lambda: game.post("/actions", pay(correction=correction)), field="correction")


def test_correction_true_marks_the_entry(game: Game) -> None:
    game.act(**pay(correction=True))
    assert game.view()["history"][0]["correction"] is True


@pytest.mark.parametrize("word", ["on", "1", "true"])
def test_a_form_correction_is_on_1_or_true(game: Game, word: str) -> None:
    assert game.form("/act", {"as": "host", **pay(correction=word)}).status_code == 200
    assert game.view()["history"][0]["correction"] is True


def test_a_form_correction_of_another_word_is_refused(game: Game) -> None:
    refused(game, lambda: game.form("/act", {"as": "host", **pay(correction="yes")}))


@pytest.mark.parametrize("value", ["false", "true", 0, 1, None, "off"])
def test_expansion_is_a_json_bool(client: Any, value: Any) -> None:
    r = client.post("/api/games", json={"players": ["Aiko", "Bo"], "expansion": value})
    assert r.status_code == 400 and r.get_json()["field"] == "expansion", r.get_json()


@pytest.mark.parametrize("flag", ["false", "0", 0, None])
def test_pay_is_a_json_bool(game: Game, flag: Any) -> None:
    body = {"type": "take_license", "player": "Bo", "market": "eel", "pay": flag}
    refused(game, lambda: game.post("/actions", body), field="pay")


def test_the_licence_form_pays_when_ticked_and_not_when_not(game: Game) -> None:
    form = {"as": "host", "type": "take_license", "player": "Bo", "market": "eel", "count": "1"}
    assert game.form("/act", {**form, "pay": ["on", "off"]}).status_code == 200
    assert game.form("/act", {**form, "pay": "off"}).status_code == 200
    bo = next(p for p in game.view()["players"] if p["name"] == "Bo")
    assert bo["yen"] == 2000 - 500 and bo["licenses"]  # one Eel licence paid, one not
    refused(game, lambda: game.form("/act", {**form, "pay": "maybe"}))


@pytest.mark.parametrize("seen", ["abc", "²", "-1", "1.0", "１"])
def test_a_form_expected_seq_that_is_not_a_number_is_refused(game: Game, seen: str) -> None:
    refused(
        game,
        lambda: game.form("/act", {"as": "host", **pay(expected_seq=seen)}),
        words="expected_seq",
    )
    refused(game, lambda: game.form(f"/act?expected_seq={seen}", {"as": "host", **pay()}))


def test_a_form_expected_seq_that_is_stale_is_409(game: Game) -> None:
    refused(game, lambda: game.form("/act", {"as": "host", **pay(expected_seq="7")}), 409)


@pytest.mark.parametrize("to_seq", ["abc", "²", "-1", "1.5"])
def test_a_form_to_seq_that_is_not_a_number_undoes_nothing(game: Game, to_seq: str) -> None:
    game.act(**pay())
    game.act(**pay())
    refused(game, lambda: game.form("/undo", {"to_seq": to_seq}), words="to_seq")


@pytest.mark.parametrize("data", ['"garbage"', "null", "[]", "5", "true", '{"to": 1}', "garbage"])
def test_an_undo_or_redo_with_a_garbage_body_undoes_nothing(game: Game, data: str) -> None:
    game.act(**pay())
    refused(game, lambda: game.raw("/undo", data))
    assert game.post("/undo", {}).status_code == 200
    refused(game, lambda: game.raw("/redo", data))


def test_an_empty_undo_body_still_undoes_the_last_entry(game: Game) -> None:
    seq = game.act(**pay())
    r = game.client.post(f"{game.api}/undo", headers=auth(game.host))
    assert r.status_code == 200 and r.get_json()["undone"] == [seq]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (pay(ammount=300), "ammount"),
        ({"type": "pay", "from": "supply", "to": "Bo", "ammount": 300}, "ammount"),
        ({"type": "next_turn", "player": "Bo"}, "player"),
        ({"type": "take_loan", "player": "Bo", "cuont": 2}, "cuont"),
        ({"type": "gain_fish", "player": "Bo", "fish": "eel", "expected": 3}, "expected"),
    ],
)
def test_an_unknown_field_is_refused_by_name(game: Game, body: dict[str, Any], field: str) -> None:
    message = refused(game, lambda: game.post("/actions", body), field=field)
    assert f'"{field}"' in message


def test_an_unknown_field_in_a_form_is_refused_by_name(game: Game) -> None:
    refused(
        game, lambda: game.form("/act", {"as": "host", **pay(ammount="300")}), words='"ammount"'
    )


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/undo", {"to_seq": 1, "seq": 2}, "seq"),
        ("/redo", {"expected": 2}, "expected"),
        ("/auctions", {"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20", "lot": []}, "lot"),
    ],
)
def test_other_bodies_refuse_unknown_fields(
    game: Game, path: str, body: dict[str, Any], field: str
) -> None:
    game.act(**pay())
    refused(game, lambda: game.post(path, body), field=field)


def test_unknown_and_internal_types_are_refused_in_sentences(game: Game) -> None:
    refused(
        game,
        lambda: game.post("/actions", {"type": "fly"}),
        field="type",
        words="no action called 'fly'",
    )
    refused(game, lambda: game.post("/actions", {"type": "x" * 5000}), field="type")
    refused(
        game,
        lambda: game.post("/actions", {"type": "auction_open", "kind": "tuna"}),
        field="type",
        words="auction",
    )
    refused(game, lambda: game.post("/actions", {"amount": 300}), field="type")
    refused(game, lambda: game.form("/act", {"as": "host"}), words='"type"')


# -- the pages' own forms still work ---------------------------------------------------------


def test_the_pages_forms_record_typed_values(game: Game, app: Any) -> None:
    """What the templates send: every fish form carries a side and an empty value."""
    fish = {"as": "host", "player": "Bo", "count": "2", "value": "", "side": "fresh"}
    assert game.form("/act", {**fish, "type": "gain_fish", "fish": "eel"}).status_code == 200
    assert (
        game.form(
            "/act", {**fish, "type": "lose_fish", "fish": "eel", "count": "1", "to": "box"}
        ).status_code
        == 200
    )
    assert (
        game.form(
            "/act", {**fish, "type": "gain_fish", "fish": "tuna", "count": "1", "value": "20"}
        ).status_code
        == 200
    )
    assert (
        game.form(
            "/act", {"as": "host", "type": "set_track", "track": "eel", "value": "4"}
        ).status_code
        == 200
    )
    seen = str(game.view()["seq"])
    assert (
        game.form("/act", {"as": "host", "type": "next_turn", "expected_seq": seen}).status_code
        == 200
    )
    events = app.extensions["companion.store"].state(game.id).events
    assert [e.data for e in events[-5:]] == [
        {"player": "Bo", "fish": "eel", "count": 2, "side": "fresh"},
        {"player": "Bo", "fish": "eel", "count": 1, "side": "fresh", "to": "box"},
        {"player": "Bo", "fish": "tuna", "count": 1, "value": 20, "side": "fresh"},
        {"track": "eel", "value": 4},
        {},
    ]


def test_the_auction_bid_and_undo_forms(game: Game, app: Any) -> None:
    game.act(type="gain_fish", player="Aiko", fish="eel", count=2)
    game.act(type="gain_fish", player="Aiko", fish="salmon", side="degraded")
    r = game.form(
        "/auctions",
        {
            "as": "host",
            "kind": "barter",
            "owner": "Aiko",
            "drawn": "",
            "lot_eel": "2",
            "lot_mackerel": "0",
            "lot_salmon:degraded": "1",
            "barrel_eel": "0",
        },
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    auction = game.view()["auction"]
    assert auction["kind"] == "barter" and auction["status"] == "open"
    aid = auction["id"]
    stored = app.extensions["companion.store"].state(game.id).events[-1].data
    assert stored["lot"] == ["eel", "eel", "salmon:degraded"]
    refused(
        game,
        lambda: game.form(f"/auctions/{aid}/bid", {"amount": "²"}, game.seat["Bo"]),
        words="whole number",
    )
    refused(
        game,
        lambda: game.form(f"/auctions/{aid}/bid", {"amount": "1000100"}, game.seat["Bo"]),
        words="¥1,000,000",
    )
    assert game.form(f"/auctions/{aid}/bid", {"amount": "300"}, game.seat["Bo"]).status_code == 200
    seq = game.view()["seq"]
    assert game.form("/undo", {"to_seq": str(seq - 1), "expected_seq": str(seq)}).status_code == 200
    history = game.view()["history"]
    assert history[0]["meta"] and all(h["undone"] for h in history[1:3])


# -- the models and the rules agree; the rules check typed values again -----------------------


def test_every_client_action_type_has_a_model() -> None:
    assert set(ACTIONS) == {k for k, m in MOVES.items() if not m.internal}


@pytest.mark.parametrize(
    ("kind", "args", "field"),
    [
        ("pay", {"from": "supply", "to": "Bo", "amount": "300"}, "amount"),
        ("pay", {"from": "supply", "to": "Bo", "amount": 10**30}, "amount"),
        ("pay", {"from": "supply", "to": "Bo", "amount": True}, "amount"),
        ("pay", {"from": "supply", "to": "Bo", "amount": 300, "note": "a\x00"}, "note"),
        ("pay", {"from": "supply", "to": "Bo", "amount": 300, "note": "\u202e"}, "note"),
        ("gain_fish", {"player": "Bo", "fish": "eel", "count": "2"}, "count"),
        ("gain_fish", {"player": "Bo", "fish": "eel", "count": 31}, "count"),
        ("gain_fish", {"player": "Bo", "fish": ["eel"]}, "fish"),
        ("take_license", {"player": "Bo", "market": "eel", "pay": "false"}, "pay"),
        ("take_item", {"player": "Bo", "item": "cart", "pay": 0}, "pay"),
        ("set_track", {"track": "eel", "value": "4"}, "value"),
    ],
)
def test_the_rules_refuse_untyped_values_that_skip_the_edge(
    app: Any, game: Game, kind: str, args: dict[str, Any], field: str
) -> None:
    door = app.extensions["companion.door"]
    before = game.view()
    with pytest.raises(Refused) as info:
        door.act(game.id, game.host, kind, args)
    assert info.value.status == 400 and info.value.field == field
    assert_sentence(info.value.message)
    assert game.view() == before


def test_make_config_checks_its_types() -> None:
    for kwargs, field in [
        ({"expansion": "false"}, "expansion"),
        ({"start_player": True}, "start_player"),
        ({"seed": 2**128}, "seed"),
    ]:
        with pytest.raises(IllegalAction) as info:
            make_config(["Aiko", "Bo"], **kwargs)
        assert info.value.field == field


# -- the calculator reads numbers the same way -----------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"players[0].name": "A", "players[0].yen": "²", "players[1].name": "B"},
        {"players[0].name": "A", "players[0].yen": "１００", "players[1].name": "B"},
        {"players[0].name": "A", "players[0].yen": "9" * 5000, "players[1].name": "B"},
        {"players[²].name": "A", "players[0].name": "B", "players[1].name": "C"},
        {"players[" + "9" * 5000 + "].name": "A", "players[0].name": "B"},
        {"players[0].name": "A", "players[0].fish.eel": "²", "players[1].name": "B"},
        {
            "players[0].name": "A",
            "players[1].name": "B",
            "players[2].name": "C",
            "action": "remove:²",
        },
        {"players[0].name": "A", "players[1].name": "B", "step": "players[0].fish.eel:+²"},
        {
            "players[0].name": "A",
            "players[1].name": "B",
            "step": "players[0].fish.eel:" + "9" * 5000,
        },
        {
            "players[0].name": "A",
            "players[1].name": "B",
            "players[0].fish.eel": "9" * 5000,
            "step": "players[0].fish.eel:+1",
        },
    ],
)
def test_the_calculator_never_breaks_on_odd_digits(client: Any, data: dict[str, str]) -> None:
    for path in ("/calculator/", "/calculator/report"):
        r = client.post(path, data=data)
        assert r.status_code in (200, 400), (path, r.status_code)


def test_the_calculator_refuses_non_ascii_digits_with_its_sentence(client: Any) -> None:
    """Digits of another script ("١٠٠") are refused with the calculator's sentence; the
    full-width digits a Japanese keyboard types ("１００") are their number (NFKC), as
    tests/test_qa_cards2.py checks."""
    data = {
        "players[0].name": "A",
        "players[0].yen": "١٠٠",
        "players[1].name": "B",
        "players[1].yen": "100",
    }
    r = client.post("/calculator/", data=data)
    assert r.status_code == 400
    assert "A · Yen: Must be a whole number of Yen." in html.unescape(r.get_data(as_text=True))
    r = client.post("/calculator/", data={**data, "players[0].yen": "１００"})
    assert r.status_code == 200


# -- numbers in paths, bodies on reads -------------------------------------------------------


@pytest.mark.parametrize("seat", ["9" * 5000, "١", "99999999999999999999"])
def test_a_seat_number_in_a_path_is_ascii_digits(game: Game, seat: str) -> None:
    before = game.view()
    for path in (
        f"{game.api}/seats/{seat}/reissue",
        f"/games/{game.id}/seats/{seat}/reissue",
        f"/games/{game.id}/seats/{seat}/claim",
    ):
        assert game.client.post(path, headers=auth(game.host)).status_code == 404
    assert game.view() == before


def test_a_seat_beyond_the_table_is_refused(game: Game) -> None:
    refused(game, lambda: game.post("/seats/4/reissue"), field="seat")


def test_a_read_ignores_a_body(game: Game) -> None:
    r = game.client.get(
        game.api, data="[" * 50_000, headers={**auth(game.host), "Content-Type": "application/json"}
    )
    assert r.status_code == 200
