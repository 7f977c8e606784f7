"""Exporting a game (shared/spec/report.md, "Export"): the JSON file of the event log and
the CSV of the per-turn holdings, each as the asking token may see it, through the Flask
test client on a real SQLite file.

The host's file is the whole log in the fixed shape. A seat's file leaves out what that
seat may not see: with closed money, the amounts of other players' payments (and the
seed) until the game ends. No file ever holds a sealed bid before the reveal (the store
keeps bids apart). The table screen is everyone's screen: with closed money its file waits
for the end, and nothing its story panel links to shows a player's Yen.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from flask import render_template
from test_story import (
    CLOSED_YEN,
    A,
    B,
    C,
    auction_game,
    closed_game,
    figures,
)
from test_trust import Links

from companion.store import Store
from companion.web.render import view_for

EVENT_KEYS = ["seq", "type", "data", "actor", "at", "undone_by"]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def parts(app: Any) -> tuple[Store, Any]:
    return app.extensions["companion.store"], app.extensions["companion.door"]


def export(client: Any, gid: str, token: str, csv_: bool = False) -> Any:
    return client.get(f"/api/games/{gid}/export{'.csv' if csv_ else ''}", headers=auth(token))


def csv_rows(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode("utf-8"))))


# -- the host's file ---------------------------------------------------------------------


def test_the_host_file_is_the_whole_log_in_the_fixed_shape(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    r = export(client, g.game_id, g.host)
    assert r.status_code == 200
    assert r.mimetype == "application/json"
    assert r.headers["Content-Disposition"].startswith("attachment; filename=")
    doc = r.get_json()
    assert list(doc) == ["format", "game", "rules_version", "setup", "events"]
    assert (doc["format"], doc["game"], doc["rules_version"]) == (
        "tsukiji-game/1",
        "tokyo_tsukiji_market",
        "1",
    )
    state = store.state(g.game_id)
    assert doc["setup"] == state.config.to_json()
    assert doc["setup"]["seed"] == 11  # the host who created the game was given it
    assert [list(e) for e in doc["events"]] == [EVENT_KEYS] * len(state.events)
    assert [
        (e["seq"], e["type"], e["data"], e["actor"], e["at"], e["undone_by"]) for e in doc["events"]
    ] == [(e.seq, e.type, e.data, e.actor, e.created_at, e.undone_by) for e in state.events]
    # The undone-and-redone auction is there, and so are its revealed bids.
    assert any(e["type"] == "undo" for e in doc["events"])
    reveal = next(e for e in doc["events"] if e["type"] == "auction_reveal")
    assert reveal["data"]["bids"] == {"0": 300, "1": 700, "2": 500}


def test_the_csv_has_one_row_per_player_per_turn(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    r = export(client, g.game_id, g.host, csv_=True)
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = csv_rows(r.data)
    assert rows[0][:4] == ["turn", "player", "yen", "resources"]
    assert "tuna" in rows[0] and "spider_crab" in rows[0]
    assert [r[:3] for r in rows[1:4]] == [["0", A, "2000"], ["0", B, "2000"], ["0", C, "2000"]]
    final = {row[1]: row for row in rows[-3:]}
    table = store.state(g.game_id).table
    for p in table.players:
        assert final[p.name][2] == str(p.yen)
        assert final[p.name][3] == str(table.resources()[table.index(p.name)])
    assert len(rows) == 1 + 3 * 4  # setup and three turns


def test_a_name_a_spreadsheet_would_run_is_written_as_text(client: Any) -> None:
    r = client.post("/api/games", json={"players": ["=1+1", "Bo"], "seed": 3})
    assert r.status_code == 201
    game = r.get_json()
    rows = csv_rows(export(client, game["id"], game["host_token"], csv_=True).data)
    assert rows[1][1] == "'=1+1"
    doc = export(client, game["id"], game["host_token"]).get_json()
    assert doc["setup"]["players"] == ["=1+1", "Bo"]  # the JSON keeps the name as it is


def test_who_may_export(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    other = client.post("/api/games", json={"players": [A, B], "seed": 1}).get_json()
    for path in ("export", "export.csv"):
        url = f"/api/games/{g.game_id}/{path}"
        assert client.get(url).status_code == 401
        assert client.get(url, headers=auth("nope")).status_code == 401
        r = client.get(url, headers=auth(other["host_token"]))
        assert r.status_code == 403 and r.get_json()["error"].endswith(".")
        assert client.get(f"/api/games/nothere/{path}", headers=auth(g.host)).status_code == 404
        assert client.get(url, headers=auth(g.seats[B])).status_code == 200


# -- secrets ---------------------------------------------------------------------------------


def test_a_sealed_bid_is_in_no_file_before_the_reveal(app: Any, client: Any) -> None:
    store, door = parts(app)
    from test_story import AUCTION_SETUP, DoorGame

    g = DoorGame(store, door, AUCTION_SETUP)
    g.act("host", type="next_turn")
    aid = door.server_move(g.game_id, g.host, "open_auction", {"kind": "tuna", "owner": A}).data[
        "id"
    ]
    _event, code, _amount = door.seal(g.game_id, g.seats[B], "bids", aid, 1700)
    needles = (figures(1700), code, code.lower())

    def leaks(text: str) -> bool:
        return bool(needles[0].search(text)) or any(n in text for n in needles[1:])

    client.get(f"/join/{g.host}")
    for token in (g.host, g.seats[A], g.seats[B], g.seats[C]):
        for csv_ in (False, True):
            r = export(client, g.game_id, token, csv_)
            assert r.status_code == 200
            assert not leaks(r.get_data(as_text=True)), token
    for path in ("export.json?as=host", "export.csv?as=host", "report?as=host"):
        assert not leaks(client.get(f"/games/{g.game_id}/{path}").get_data(as_text=True))
    # The reveal puts it in the log, for everyone.
    door.seal(g.game_id, g.seats[A], "bids", aid, 100)
    door.seal(g.game_id, g.seats[C], "bids", aid, 0)
    doc = export(client, g.game_id, g.seats[C]).get_json()
    reveal = next(e for e in doc["events"] if e["type"] == "auction_reveal")
    assert reveal["data"]["bids"]["1"] == 1700
    assert [row[2] for row in reveal["data"]["receipts"] if row[0] == 1] == [code]


def test_closed_money_a_seat_file_leaves_out_what_that_seat_may_not_see(
    app: Any, client: Any
) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    g.act(B, type="pay", **{"from": B, "to": A, "amount": 900})
    r = export(client, g.game_id, g.seats[A])
    assert r.status_code == 200
    doc = r.get_json()
    text = r.get_data(as_text=True)
    pays = [e["data"] for e in doc["events"] if e["type"] == "pay"]
    assert [(p["to"], p["amount"]) for p in pays] == [(A, 700), (B, None), (C, None), (A, 900)]
    assert doc["setup"]["seed"] is None  # it foretells the bag's draws
    for hidden in (1100, 1300, CLOSED_YEN[B], CLOSED_YEN[C]):
        assert not figures(hidden).search(text), hidden
    # The same for the CSV: Aiko's own Yen, nobody else's.
    rows = csv_rows(export(client, g.game_id, g.seats[A], csv_=True).data)
    yen = {(row[0], row[1]): row[2] for row in rows[1:]}
    assert yen[("0", A)] == "2700" and yen[("0", B)] == "" and yen[("0", C)] == ""
    assert {v for (_turn, name), v in yen.items() if name != A} == {""}


def test_closed_money_the_table_screen_file_waits_for_the_end(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    r = export(client, g.game_id, g.host)
    assert r.status_code == 403
    message = r.get_json()["error"]
    assert message.startswith("With closed money") and message.endswith(".")
    client.get(f"/join/{g.host}")
    page = client.get(f"/games/{g.game_id}/export.json")
    assert page.status_code == 403 and "With closed money" in page.get_data(as_text=True)
    table_csv = export(client, g.game_id, g.host, csv_=True).get_data(as_text=True)
    for yen in CLOSED_YEN.values():
        assert not figures(yen).search(table_csv)
    g.act("host", type="end_game")
    doc = export(client, g.game_id, g.host).get_json()
    assert [e["data"]["amount"] for e in doc["events"] if e["type"] == "pay"] == [700, 1100, 1300]
    assert doc["setup"]["seed"] == 11
    # After the end a seat's file is whole too.
    seat = export(client, g.game_id, g.seats[C]).get_json()
    assert seat["events"] == doc["events"] and seat["setup"]["seed"] == 11


def test_a_page_export_during_the_game_leaves_the_seed_out(app: Any, client: Any) -> None:
    store, door = parts(app)
    from test_story import AUCTION_SETUP, DoorGame

    g = DoorGame(store, door, AUCTION_SETUP)
    g.act("host", type="next_turn")
    client.get(f"/join/{g.host}")
    r = client.get(f"/games/{g.game_id}/export.json?as=host")
    assert r.status_code == 200
    assert (
        r.headers["Content-Disposition"] == f'attachment; filename="tsukiji-{g.game_id}-table.json"'
    )
    assert json.loads(r.data)["setup"]["seed"] is None
    assert export(client, g.game_id, g.host).get_json()["setup"]["seed"] == 11


def _panel(app: Any, client: Any, gid: str, host: str) -> str:
    """The table screen's story panel as the table page will include it."""
    client.get(f"/join/{host}")
    store = app.extensions["companion.store"]
    with app.test_request_context(f"/games/{gid}/table"):
        who = app.extensions["companion.door"].identify(gid, host)
        view = view_for(gid, who, store.state(gid))
        return render_template("report/_story.html", view=view, role="host")


@pytest.mark.parametrize("finished", [False, True])
def test_nothing_the_table_screens_panel_links_to_shows_a_closed_yen(
    app: Any, client: Any, finished: bool
) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    if finished:
        g.act("host", type="end_game")
    html = _panel(app, client, g.game_id, g.host)
    links = Links()
    links.feed(html)
    gets = {u for u in links.get if u.startswith("/games/") or u.startswith("/api/")}
    assert f"/games/{g.game_id}/report?as=host" in gets  # the charts, on the report page
    export_link = f"/games/{g.game_id}/export.json?as=host"
    assert (export_link in gets) is finished
    for url in sorted(gets):
        r = client.get(url)
        assert r.status_code == 200, url
        body = r.get_data(as_text=True)
        # The players' Yen, and the payments that made them (the file's entries).
        secrets = [*CLOSED_YEN.values(), 1100, 1300]
        shown = [x for x in secrets if figures(x).search(body)]
        if finished:  # the rules make every Yen public at the end
            assert shown, url
        else:
            assert shown == [], url
