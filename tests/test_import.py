"""Importing a game file (shared/spec/report.md, "Import"), through the Flask test client on
a real SQLite file: a round trip gives the same table, the same log and the same report
under new tokens; a tampered file is refused with 400 naming its first bad entry, and
nothing is created; no body whatever gives a 500 (hypothesis, at the edge).
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_game_scenario import SETUP, ClientGame, play_long_game
from test_story import (
    AUCTION_SETUP,
    A,
    B,
    C,
    DoorGame,
    auction_game,
    closed_game,
    sealed_auction,
)

from companion.store import Store
from companion.story import story

IMPORT = "/api/games/import"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def parts(app: Any) -> tuple[Store, Any]:
    return app.extensions["companion.store"], app.extensions["companion.door"]


def games(store: Store) -> int:
    return int(store.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def exported(client: Any, gid: str, token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/export", headers=auth(token))
    assert r.status_code == 200, r.get_json()
    return dict(r.get_json())


def assert_one_sentence(message: str) -> None:
    assert message[:1].isupper(), message
    assert message.endswith("."), message
    assert not re.search(r"[.!?]\s+\S", message), message


def same_story(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert {**a, "game": None} == {**b, "game": None}


def import_file(client: Any, doc: Any) -> Any:
    return client.post(IMPORT, data=json.dumps(doc), content_type="application/json")


# -- round trips -------------------------------------------------------------------------------


def test_round_trip_of_the_scenario_game(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = ClientGame(client, store, SETUP)
    play_long_game(g)
    doc = exported(client, g.game_id, g.host)
    r = import_file(client, doc)
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    created = client.post("/api/games", json={"players": [A, B], "seed": 1}).get_json()
    assert list(made) == list(created)  # the same shape as POST /api/games
    assert made["id"] != g.game_id and made["host_token"] != g.host
    assert [s["name"] for s in made["seats"]] == [A, B, C]
    assert {s["token"] for s in made["seats"]}.isdisjoint(g.seats.values())
    assert made["seed"] == SETUP["seed"]

    old, new = store.state(g.game_id), store.state(made["id"])
    assert new.table == old.table
    assert new.config == old.config
    assert [
        (e.seq, e.type, e.data, e.actor, e.created_at, e.undone_by, e.grp, e.correction)
        for e in new.events
    ] == [
        (e.seq, e.type, e.data, e.actor, e.created_at, e.undone_by, e.grp, e.correction)
        for e in old.events
    ]
    # The same report, for the table screen and for a player.
    same_story(
        story(old, door.identify(g.game_id, g.host)),
        story(new, door.identify(made["id"], made["host_token"])),
    )
    same_story(
        story(old, door.identify(g.game_id, g.seats[B])),
        story(new, door.identify(made["id"], made["seats"][1]["token"])),
    )
    # The new game's file is the old one's, and its tokens work (the old ones do not).
    assert exported(client, made["id"], made["host_token"]) == doc
    # (on this server the old token is the old game's: it is refused here)
    assert client.get(f"/api/games/{made['id']}", headers=auth(g.host)).status_code == 403
    join = made["seats"][0]["join_url"]
    assert client.get(join[join.index("/join/") :]).status_code == 303


def test_round_trip_of_auctions_undo_and_redo_with_closed_money(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door, money="closed")
    doc = exported(client, g.game_id, g.host)
    r = import_file(client, doc)
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    old, new = store.state(g.game_id), store.state(made["id"])
    assert new.table == old.table and new.version == old.version
    assert [e.grp for e in new.events] == [e.grp for e in old.events]
    assert [e.undone_by for e in new.events] == [e.undone_by for e in old.events]
    for seat in range(3):
        same_story(
            story(old, door.identify(g.game_id, g.seats[[A, B, C][seat]])),
            story(new, door.identify(made["id"], made["seats"][seat]["token"])),
        )
    # The report page reads the same figures.
    client.get(f"/join/{made['host_token']}")
    page = client.get(f"/games/{made['id']}/report?as=host").get_data(as_text=True)
    assert "Tuna auction" in page and "¥700" in page


def test_a_game_in_play_moves_and_goes_on(app: Any, client: Any) -> None:
    """A table screen's file from the middle of a game (no seed in it): the game goes on
    on the new server, with a seed of its own for the next draws."""
    store, door = parts(app)
    g = DoorGame(store, door, AUCTION_SETUP)
    g.act("host", type="next_turn")
    sealed_auction(door, g, "tuna", A, {A: 100, B: 200, C: 0})
    g.act("host", type="next_turn")
    client.get(f"/join/{g.host}")
    doc = json.loads(client.get(f"/games/{g.game_id}/export.json?as=host").data)
    assert doc["setup"]["seed"] is None
    r = import_file(client, doc)
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    assert isinstance(made["seed"], int)
    old, new = store.state(g.game_id).table, store.state(made["id"]).table
    assert new.config.seed == made["seed"]
    assert replace(new, config=old.config) == old  # all but the seed
    bo = made["seats"][1]["token"]
    r = client.post(
        f"/api/games/{made['id']}/actions", json={"type": "next_turn"}, headers=auth(bo)
    )
    assert r.status_code == 201, r.get_json()
    r = client.post(
        f"/api/games/{made['id']}/auctions",
        json={"kind": "spider_crab", "owner": C},
        headers=auth(made["host_token"]),
    )
    assert r.status_code == 201, r.get_json()


def test_a_file_larger_than_64_kib_is_read_and_one_over_2_mib_is_not(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    doc = exported(client, g.game_id, g.host)
    text = json.dumps(doc)
    padded = text[:-1] + " " * (100 * 1024) + "}"
    r = client.post(IMPORT, data=padded, content_type="application/json")
    assert r.status_code == 201, r.get_json()
    before = games(store)
    huge = text[:-1] + " " * (2 * 1024 * 1024) + "}"
    r = client.post(IMPORT, data=huge, content_type="application/json")
    assert r.status_code == 413
    assert r.get_json()["error"] == "A game file is at most 2 MiB; this one is larger."
    assert games(store) == before
    # Every other body keeps the app's 64 KiB.
    r = client.post("/api/games", data=padded, content_type="application/json")
    assert r.status_code == 413


# -- tampered files ----------------------------------------------------------------------------


def _index(doc: dict[str, Any], type_: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(doc["events"]) if e["type"] == type_][nth]


def _bid_changed(doc: dict[str, Any]) -> int:
    i = _index(doc, "auction_reveal")
    doc["events"][i]["data"]["bids"]["1"] = 900
    return i


def _overpaid(doc: dict[str, Any]) -> int:
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] == "pay" and e["actor"] == C)
    doc["events"][i]["data"]["amount"] = 9000
    return i


def _reordered(doc: dict[str, Any]) -> int:
    ev = doc["events"]
    ev[2], ev[3] = ev[3], ev[2]
    return 2


def _renumbered(doc: dict[str, Any]) -> int:
    doc["events"][4]["seq"] = 40
    return 4


def _unknown_type(doc: dict[str, Any]) -> int:
    doc["events"][1]["type"] = "teleport"
    return 1


def _internal_as_action(doc: dict[str, Any]) -> int:
    i = _index(doc, "pay")
    doc["events"][i]["type"] = "auction_reveal"
    return i


def _huge_amount(doc: dict[str, Any]) -> int:
    i = _index(doc, "pay")
    doc["events"][i]["data"]["amount"] = 10**30
    return i


def _undone_mark(doc: dict[str, Any]) -> int:
    i = _index(doc, "next_turn", 1)
    doc["events"][i]["undone_by"] = 1
    return i


def _undo_targets(doc: dict[str, Any]) -> int:
    i = _index(doc, "undo")
    doc["events"][i]["data"]["targets"] = [1]
    return i


def _stranger(doc: dict[str, Any]) -> int:
    doc["events"][3]["actor"] = "Mallory"
    return 3


def _someone_elses_pay(doc: dict[str, Any]) -> int:
    i = next(i for i, e in enumerate(doc["events"]) if e["type"] == "pay" and e["actor"] == C)
    doc["events"][i]["actor"] = A
    return i


def _missing_key(doc: dict[str, Any]) -> int:
    del doc["events"][5]["at"]
    return 5


def _unreadable_time(doc: dict[str, Any]) -> int:
    doc["events"][5]["at"] = "yesterday"
    return 5


def _extra_field(doc: dict[str, Any]) -> int:
    i = _index(doc, "pay")
    doc["events"][i]["data"]["amount_usd"] = 5
    return i


def _cut_inside_an_auction(doc: dict[str, Any]) -> int:
    i = _index(doc, "bid_sealed", 1)
    del doc["events"][i + 1 :]
    return _index(doc, "bid_sealed", 0)


TAMPERED = {
    "changed bid amount": (_bid_changed, "does not match its receipt"),
    "more than the payer has": (_overpaid, "does not replay: Chiyo has only"),
    "reordered entries": (_reordered, "should be entry number 3, not 4"),
    "a missing entry number": (_renumbered, "should be entry number 5, not 40"),
    "unknown type": (_unknown_type, "type this app does not know"),
    "an action as a server entry": (_internal_as_action, "is not one this app records"),
    "huge number": (_huge_amount, "(data.amount is wrong)"),
    "undone mark": (_undone_mark, "is marked as undone by 1"),
    "undo targets": (_undo_targets, "undoes other entries"),
    "a stranger": (_stranger, "recorded by Mallory, who is not at this table"),
    "another player's payment": (_someone_elses_pay, "whom the rules do not let record it"),
    "missing key": (_missing_key, "lacks its at"),
    "unreadable time": (_unreadable_time, "no readable time"),
    "extra field": (_extra_field, "(data.amount_usd is wrong)"),
    "cut inside an auction": (_cut_inside_an_auction, "ends inside an auction"),
}


@pytest.mark.parametrize("name", sorted(TAMPERED))
def test_a_tampered_file_is_refused_naming_its_first_bad_entry(
    app: Any, client: Any, name: str
) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    doc = exported(client, g.game_id, g.host)
    tamper, words = TAMPERED[name]
    index = tamper(doc)
    before = games(store)
    r = import_file(client, doc)
    body = r.get_json()
    assert r.status_code == 400, body
    assert body["field"] == f"events[{index}]", body
    assert words in body["error"], body["error"]
    assert_one_sentence(body["error"])
    assert games(store) == before


def _setup(**changes: Any) -> Any:
    def tamper(doc: dict[str, Any]) -> None:
        doc["setup"].update(changes)

    return tamper


BAD_ENVELOPES = {
    "not an object": (lambda d: None, None, "is a JSON object"),
    "format": (lambda d: d.update(format="tsukiji-game/2"), "format", '"format" must be'),
    "game": (lambda d: d.update(game="chess"), "game", "of another game"),
    "extra field": (lambda d: d.update(comment="hi"), "comment", "that no export holds"),
    "events not a list": (lambda d: d.update(events={}), "events", "events is missing"),
    "colours": (_setup(colors=["blue", "orange", "sky"]), "setup.colors", "read back"),
    "too few players": (_setup(players=[A]), "setup.players", "2 to 6 players"),
    "a seed too large": (_setup(seed=2**128), "setup.seed", "setup.seed is missing"),
}


@pytest.mark.parametrize("name", sorted(BAD_ENVELOPES))
def test_a_file_that_is_not_an_export_is_refused(app: Any, client: Any, name: str) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    doc: Any = exported(client, g.game_id, g.host)
    tamper, field, words = BAD_ENVELOPES[name]
    if name == "not an object":
        doc = doc["events"]
    else:
        tamper(doc)
    before = games(store)
    r = import_file(client, doc)
    body = r.get_json()
    assert r.status_code == 400, body
    assert body.get("field") == field, body
    assert words in body["error"], body["error"]
    assert games(store) == before


def test_a_body_that_is_not_even_json_is_refused(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    doc = exported(client, g.game_id, g.host)
    deep: Any = 0
    for _ in range(60):
        deep = [deep]
    doc["events"][0]["data"]["nested"] = deep
    before = games(store)
    for body in (
        json.dumps(doc),
        json.dumps(doc).replace('"seq": 1,', '"seq": 1' + "0" * 200 + ","),
        "{",
        "",
        '{"format": NaN}',
    ):
        r = client.post(IMPORT, data=body, content_type="application/json")
        assert r.status_code == 400, body[:80]
        assert_one_sentence(r.get_json()["error"])
    assert games(store) == before


def test_a_players_own_file_of_a_closed_money_game_is_refused_as_such(
    app: Any, client: Any
) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    doc = exported(client, g.game_id, g.seats[A])
    r = import_file(client, doc)
    assert r.status_code == 400
    body = r.get_json()
    assert body["field"] == "events[1]"  # Bo's payment, whose amount Aiko may not see
    assert "has an amount left out" in body["error"]


# -- never a 500 -------------------------------------------------------------------------------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


@pytest.fixture
def valid_file(app: Any, client: Any) -> dict[str, Any]:
    store, door = parts(app)
    g = auction_game(store, door)
    return exported(client, g.game_id, g.host)


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_changed_file_gives_a_500(
    app: Any, client: Any, valid_file: dict[str, Any], data: Any
) -> None:
    """One to three leaves, keys or entries of a real file replaced by any JSON value or
    deleted: the answer is 201 or one sentence with 400, and a 400 creates nothing."""
    store = app.extensions["companion.store"]
    doc: Any = copy.deepcopy(valid_file)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = data.draw(st.sampled_from(paths))
        delete = bool(path) and data.draw(st.booleans())
        doc = _set(doc, path, data.draw(JSON), delete)
    before = games(store)
    r = import_file(client, doc)
    assert r.status_code in (201, 400), (r.status_code, r.get_data(as_text=True)[:300])
    if r.status_code == 400:
        message = r.get_json()["error"]
        assert message.endswith(".") and "Traceback" not in message
        assert games(store) == before
    else:
        assert games(store) == before + 1


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=JSON)
def test_no_json_body_gives_a_500(client: Any, body: Any) -> None:
    r = import_file(client, body)
    assert r.status_code == 400, r.get_data(as_text=True)[:300]
    assert r.get_json()["error"].endswith(".")


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_no_changed_setup_gives_a_500(
    app: Any, client: Any, valid_file: dict[str, Any], data: Any
) -> None:
    """The same, aimed at the setup (a few dozen of the file's thousand paths)."""
    doc: Any = copy.deepcopy(valid_file)
    paths = [("setup", *p) for p in _paths(doc["setup"])]
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from(paths))
        try:
            doc = _set(doc, path, data.draw(JSON), len(path) > 1 and data.draw(st.booleans()))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed that path
    r = import_file(client, doc)
    assert r.status_code in (201, 400), (r.status_code, r.get_data(as_text=True)[:300])


def test_a_file_of_endless_undos_and_redos_is_refused(
    app: Any, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each undo or redo folds the log anew: a file of thousands of them would keep the
    server busy, so the entries folded for them are bounded (here, low)."""
    import companion.gamefile as gamefile

    store, door = parts(app)
    g = DoorGame(store, door, AUCTION_SETUP)
    g.act("host", type="next_turn")
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 100})
    for _ in range(4):
        g.undo()
        g.redo()
    doc = exported(client, g.game_id, g.host)
    assert import_file(client, doc).status_code == 201
    monkeypatch.setattr(gamefile, "MAX_REFOLD", 12)
    before = games(store)
    r = import_file(client, doc)
    assert r.status_code == 400
    body = r.get_json()
    assert "more undos and redos than this server replays" in body["error"]
    assert body["field"].startswith("events[") and games(store) == before


def test_a_tampered_file_is_refused_in_japanese(app: Any, client: Any) -> None:
    """The refusal of a file reads in the asker's language (issue #11)."""
    store, door = parts(app)
    g = auction_game(store, door)
    doc = exported(client, g.game_id, g.host)
    index = _stranger(doc)
    r = client.post(IMPORT, json=doc, headers={"Accept-Language": "ja"})
    body = r.get_json()
    assert r.status_code == 400 and body["field"] == f"events[{index}]", body
    assert body["error"] == (
        f"ゲームファイルの記録events[{index}]を記録したMalloryはこのテーブルにいません。"
    ), body
    r = client.post(IMPORT, json={"format": "x"}, headers={"Accept-Language": "ja"})
    assert r.get_json()["error"].startswith("これはこのアプリのゲームファイルではありません")


def test_a_refused_setup_or_entry_is_said_wholly_in_japanese(app: Any, client: Any) -> None:
    """A file whose setup the rules refuse, or whose entry is no object at all, on a
    Japanese page: the sentence was Japanese around an English clause, "…始められません：a
    game has 2 to 6 players." and "（the entryが正しくありません）"."""
    store, door = parts(app)
    g = auction_game(store, door)
    doc = exported(client, g.game_id, g.host)
    ja = {"Accept-Language": "ja"}
    few = copy.deepcopy(doc)
    few["setup"]["players"] = [A]
    r = client.post(IMPORT, json=few, headers=ja)
    assert r.status_code == 400 and r.get_json()["field"] == "setup.players"
    said = r.get_json()["error"]
    assert (
        said == "ゲームファイルのセットアップではゲームを始められません：プレイ人数は2〜6人です。"
    )
    money = copy.deepcopy(doc)
    money["setup"]["money"] = "secret"
    said = client.post(IMPORT, json=money, headers=ja).get_json()["error"]
    assert said.endswith('所持金は"open"（公開）か"closed"（非公開）です。'), said
    listed = copy.deepcopy(doc)
    listed["events"][0] = []
    said = client.post(IMPORT, json=listed, headers=ja).get_json()["error"]
    assert said == (
        "ゲームファイルの記録events[0]は、このアプリが記録する形ではありません"
        "（events[0]が正しくありません）。"
    ), said
    for body in (few, money, listed):  # English as before, whole
        said = client.post(IMPORT, json=body).get_json()["error"]
        assert not re.search(r"[ぁ-んァ-ン]", said) and said.endswith("."), said
    assert games(store) == 1


def test_a_file_that_is_no_json_is_said_as_a_game_file_on_the_import_page(
    app: Any, client: Any
) -> None:
    """The import page (static/report.js posts the chosen file to /games/import) with a
    photo or a CSV chosen: it said "The request body is not valid JSON." (リクエストの本文が
    正しいJSONではありません。), the API's words (and "a JSON object … its "format" …" would
    be no better). It says what the file is not and which to choose, in the page's
    language; the API keeps its own sentence."""
    store, _door = parts(app)
    for body in (b"\xff\xd8\xff\xe0 a photo", b"turn,player,yen\n0,Aiko,2000\n"):
        r = client.post("/games/import", data=body, content_type="application/json")
        assert r.status_code == 400
        assert r.get_json()["error"] == (
            "This file is not a game file: choose the .json file this app's Game file (JSON) "
            "button saved."
        ), r.get_json()
        ja = client.post(
            "/games/import",
            data=body,
            content_type="application/json",
            headers={"Accept-Language": "ja"},
        )
        assert ja.get_json()["error"] == (
            "このファイルはゲームファイルではありません。このアプリの「ゲームファイル（JSON）」"
            "ボタンで保存した.jsonファイルを選んでください。"
        )
        api = client.post(IMPORT, data=body, content_type="application/json")
        assert api.get_json()["error"] == "The request body is not valid JSON."
    assert games(store) == 0
