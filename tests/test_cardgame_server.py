"""Tsukiji Market (the card game) through the server: every shape of shared/spec/cards.md,
its refusals, and the secrecy of a sealed WA-SA-BI bid.

Secrecy (as tests/test_auction_secrecy.py for the board game's sealed bids): one seat
seals its fingers; every page, fragment, JSON answer, error and live stream event the
other seat and the host receive is the same, byte for byte, whatever the fingers
(1 to 4). Games differ only by their id and tokens (and the QR codes drawn from them),
which are replaced by placeholders before comparing.

The JSON and pages go through the Flask test client on a real SQLite file; the streams
are read from the real server process over raw sockets. No assertion is about time.
"""

from __future__ import annotations

import re
from typing import Any

import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import SSE, start_server

NEW = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3, "variant": "standard"}
CARD = {"colour": "red", "points": 3, "wasabi": False, "knife": False, "barrel": False}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Game:
    """A card game created through the API, with its three tokens."""

    def __init__(self, client: Any, body: dict[str, Any] | None = None) -> None:
        r = client.post("/api/games", json=body or NEW)
        assert r.status_code == 201, r.json
        self.client = client
        self.json = r.json
        self.id = r.json["id"]
        self.host = r.json["host_token"]
        self.a, self.b = (s["token"] for s in r.json["seats"])

    def bid(self, token: str, fingers: Any) -> Any:
        return self.client.post(
            f"/api/games/{self.id}/bids", json={"fingers": fingers}, headers=auth(token)
        )

    def act(self, token: str, body: dict[str, Any]) -> Any:
        return self.client.post(f"/api/games/{self.id}/actions", json=body, headers=auth(token))

    def state(self, token: str | None = None) -> dict[str, Any]:
        r = self.client.get(f"/api/games/{self.id}", headers=auth(token or self.host))
        assert r.status_code == 200
        return dict(r.json)

    def round(self, a: int, b: int) -> None:
        assert self.bid(self.a, a).status_code == 201
        r = self.bid(self.b, b)
        assert r.status_code == 201 and r.json["revealed"] is True

    def take(self, player: str, **card: Any) -> Any:
        return self.act(self.host, {"type": "take_card", "player": player, **CARD, **card})


# -- creating ----------------------------------------------------------------------------------


def test_create_answers_as_for_the_board_game(client):
    g = Game(client)
    assert set(g.json) >= {"id", "host_token", "seats"}
    assert [s["name"] for s in g.json["seats"]] == ["Aiko", "Bo"]
    s = g.state()
    assert s["barrel"] == 0 and s["face"] == "night" and s["bid_by"] == []
    assert s["last_reveal"] is None and s["waiting_for"] == []
    assert s["deck"] == 16 and s["discard"] == 0 and s["finished"] is False and s["winners"] == []
    for p in s["players"]:
        assert p["score"]["total"] == 0 and p["knives"] == 0
    # Without "game" a game is still the board game.
    r = client.post("/api/games", json={"players": ["Aiko", "Bo"]})
    assert r.status_code == 201 and "fish_markets" in r.json
    r = client.post("/api/games", json={"game": "tokyo_tsukiji_market", "players": ["Aiko", "Bo"]})
    assert r.status_code == 201 and "fish_markets" in r.json


def test_notches_are_remembered_for_the_next_game(client):
    Game(client, {**NEW, "notches": 5})
    r = client.post("/api/games", json={"game": "tsukiji_market", "players": ["Aiko", "Bo"]})
    assert r.status_code == 201 and r.json["notches"] == 5
    page = client.get("/games/new/cards")
    assert page.status_code == 200 and 'value="5"' in page.text


def test_create_refusals_name_the_field(client):
    cases = [
        ({**NEW, "players": ["Aiko", "Aiko"]}, "players"),
        ({**NEW, "players": ["Aiko"]}, "players"),
        ({**NEW, "notches": 0}, "notches"),
        ({**NEW, "notches": 10}, "notches"),
        ({**NEW, "notches": "3"}, "notches"),
        ({**NEW, "variant": "blue"}, "variant"),
        ({**NEW, "colour": "x"}, "colour"),
    ]
    for body, field in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, body
        assert r.json["field"] == field and r.json["error"].endswith("."), r.json


# -- the bid -----------------------------------------------------------------------------------


def test_a_bid_is_sealed_changeable_and_revealed_by_the_second(client):
    g = Game(client)
    r = g.bid(g.a, 3)
    assert r.status_code == 201 and r.json["sealed"] and not r.json["revealed"]
    assert g.bid(g.a, 4).status_code == 200  # changed
    assert g.state(g.a)["my_bid"] == 4
    assert "my_bid" not in g.state(g.b) and "my_bid" not in g.state()
    assert g.state()["bid_by"] == ["Aiko"]
    r = g.bid(g.b, 1)
    assert r.status_code == 201 and r.json["revealed"] is True
    s = g.state()
    assert s["last_reveal"] == {"fingers": {"Aiko": 4, "Bo": 1}, "winner": "Aiko"}
    assert s["barrel"] == -3 and s["bid_by"] == []
    assert s["waiting_for"] == [{"type": "take_card", "player": "Aiko", "source": "scale"}]


def test_bid_refusals(client):
    g = Game(client)
    assert g.bid(g.host, 2).status_code == 403
    for bad in (0, 5, "3", True, None, 2.5):
        r = g.bid(g.a, bad)
        assert r.status_code == 400 and r.json["field"] == "fingers", bad
    assert client.post(f"/api/games/{g.id}/bids", json={}, headers=auth(g.a)).status_code == 400
    assert client.post(f"/api/games/{g.id}/bids", json={"fingers": 2}).status_code == 401
    g.round(3, 1)
    r = g.bid(g.b, 2)  # a card is still to be taken
    assert r.status_code == 400 and "Aiko takes a card from the Scale" in r.json["error"]


def test_night_tie_day_tie_and_centre(client):
    g = Game(client)
    g.round(2, 2)  # Night tie
    s = g.state()
    assert s["face"] == "day" and s["discard"] == 2 and s["waiting_for"] == []
    assert s["last_reveal"]["winner"] is None
    g.round(1, 1)  # Day tie, Barrel in the centre: both discarded, stays on Day
    s = g.state()
    assert s["face"] == "day" and s["discard"] == 4
    g.round(1, 3)  # Bo wins: Barrel 2 toward Aiko
    assert g.state()["barrel"] == 2
    assert g.take("Bo").status_code == 201
    g.round(4, 4)  # Day tie, leaning toward Aiko: Aiko picks first
    s = g.state()
    assert s["face"] == "night"
    assert [w["player"] for w in s["waiting_for"]] == ["Aiko", "Bo"]
    assert g.take("Aiko", colour="blue", points=5).status_code == 201
    assert g.take("Bo", colour="green", points=1).status_code == 201
    s = g.state()
    assert s["waiting_for"] == [] and s["players"][0]["score"]["total"] == 5 + 2 * 2


def test_take_permission_and_refusals(client):
    g = Game(client)
    r = g.act(g.a, {"type": "take_card", "player": "Aiko", **CARD})
    assert r.status_code == 400 and r.json["error"].startswith("Nobody has a card")
    g.round(3, 1)
    r = g.act(g.b, {"type": "take_card", "player": "Aiko", **CARD})
    assert r.status_code == 403
    r = g.act(g.b, {"type": "take_card", "player": "Bo", **CARD})
    assert r.status_code == 400 and r.json["field"] == "player"
    for body, field in [
        ({"points": 10}, "points"),
        ({"points": "3"}, "points"),
        ({"colour": ""}, "colour"),
        ({"wasabi": "yes"}, "wasabi"),
        ({"source": "pocket"}, "source"),
    ]:
        r = g.act(g.a, {"type": "take_card", "player": "Aiko", **CARD, **body})
        assert r.status_code == 400 and r.json["field"] == field, (body, r.json)
    assert g.act(g.a, {"type": "reveal", "fingers": {"Aiko": 1, "Bo": 1}}).status_code == 400
    assert g.act(g.a, {"type": "bid", "player": "Aiko"}).status_code == 400
    assert g.act(g.a, {"type": "speciality", "player": "Aiko", "points": 3}).status_code == 403
    assert g.act(g.a, {"type": "take_card", "player": "Aiko", **CARD}).status_code == 201
    assert g.act(g.host, {"type": "speciality", "player": "Aiko", "points": 3}).status_code == 201
    assert g.state()["players"][0]["score"]["speciality"] == 3
    # The board game's endpoints answer in one sentence, never 500.
    assert client.get(f"/api/games/{g.id}/snapshot", headers=auth(g.host)).status_code == 404
    r = client.post(f"/api/games/{g.id}/auctions", json={"kind": "tuna"}, headers=auth(g.host))
    assert r.status_code == 404


def test_undo_reverts_the_whole_reveal_and_redo_restores_it(client):
    g = Game(client)
    g.round(3, 1)
    assert g.take("Aiko").status_code == 201
    assert g.bid(g.b, 2).status_code == 201  # the next round's first bid
    r = client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.host))
    assert r.status_code == 200  # the take, and the bid that came after it
    s = g.state()
    assert s["waiting_for"][0]["player"] == "Aiko" and s["bid_by"] == []
    r = client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.host))
    assert r.status_code == 200 and len(r.json["undone"]) == 3  # both bids and the reveal
    s = g.state()
    assert s["last_reveal"] is None and s["barrel"] == 0 and s["bid_by"] == []
    assert "my_bid" not in g.state(g.a)  # the round is bid again
    assert client.post(f"/api/games/{g.id}/redo", json={}, headers=auth(g.host)).status_code == 200
    assert g.state()["last_reveal"]["fingers"] == {"Aiko": 3, "Bo": 1}
    assert client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.a)).status_code == 403
    history = g.state()["history"]
    assert [h["type"] for h in history if not h["undone"]] == ["reveal"]


def test_quick_knives_end_the_game_and_bids_are_refused_after(client):
    g = Game(client, {**NEW, "notches": 9})
    for _ in range(4):
        g.round(2, 1)
        assert g.take("Aiko", knife=True).status_code == 201
    s = g.state()
    assert s["finished"] is True and s["winners"] == ["Aiko"]
    assert s["players"][0]["knives"] == 4
    r = g.bid(g.a, 2)
    assert r.status_code == 400 and r.json["error"].endswith(".")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.recursive(
        st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "type",
                        "player",
                        "colour",
                        "points",
                        "fingers",
                        "source",
                        "from",
                        "knife",
                        "x",
                    ]
                ),
                inner,
                max_size=5,
            )
        ),
        max_leaves=8,
    ),
    where=st.sampled_from(["actions", "bids"]),
    who=st.sampled_from(["host", "a", "b"]),
)
def test_no_body_gives_a_500(client, body, where, who):
    if not hasattr(test_no_body_gives_a_500, "game"):
        test_no_body_gives_a_500.game = Game(client)  # type: ignore[attr-defined]
        test_no_body_gives_a_500.game.round(3, 1)  # type: ignore[attr-defined]
    g = test_no_body_gives_a_500.game  # type: ignore[attr-defined]
    if g.client is not client:
        g = test_no_body_gives_a_500.game = Game(client)  # type: ignore[attr-defined]
    token = {"host": g.host, "a": g.a, "b": g.b}[who]
    r = client.post(f"/api/games/{g.id}/{where}", json=body, headers=auth(token))
    assert r.status_code in (200, 201, 400, 403, 404, 409), (body, r.status_code)
    if r.status_code >= 400:
        assert r.json["error"].endswith((".", "!", "?"))


# -- secrecy -----------------------------------------------------------------------------------


def normalise(text: str, g: Game) -> str:
    for secret, name in ((g.id, "GAME"), (g.host, "HOST"), (g.a, "SEAT0"), (g.b, "SEAT1")):
        text = text.replace(secret, name)
    return re.sub(r"<svg.*?</svg>", "<svg/>", text, flags=re.S)


def others_see(client: Any, g: Game) -> dict[str, str]:
    """Everything the host and Bo can fetch while Aiko's fingers are sealed."""
    out: dict[str, str] = {}
    for name, token in (("host", g.host), ("bo", g.b)):
        h = auth(token)
        role = "host" if name == "host" else "seat"
        gets = {
            "state": f"/api/games/{g.id}",
            "events": f"/api/games/{g.id}/events",
            "page": f"/games/{g.id}/{'table' if name == 'host' else 'seat'}",
            "region": f"/games/{g.id}/live?as={role}",
        }
        for what, url in gets.items():
            r = client.get(url, headers=h)
            out[f"{name}:{what}"] = f"{r.status_code} {r.get_data(as_text=True)}"
        errors = [
            ("take", g.act(token, {"type": "take_card", "player": "Bo", **CARD})),
            ("reveal", g.act(token, {"type": "reveal", "fingers": {"Aiko": 1, "Bo": 1}})),
            ("bad bid", g.bid(token, 9)),
        ]
        for what, r in errors:
            out[f"{name}:{what}"] = f"{r.status_code} {r.get_data(as_text=True)}"
    return {k: normalise(v, g) for k, v in out.items()}


def test_sealed_fingers_never_reach_the_other_seat_or_the_host(client):
    seen = []
    for fingers in (1, 2, 3, 4):
        g = Game(client)
        r = g.bid(g.a, fingers)
        assert r.status_code == 201
        assert g.state(g.a)["my_bid"] == fingers  # the bidder does see it (the check can fail)
        seen.append(others_see(client, g))
        assert (
            f"{fingers} finger" in client.get(f"/games/{g.id}/live?as=seat", headers=auth(g.a)).text
        )
    assert seen[0] == seen[1] == seen[2] == seen[3]
    assert "Aiko: has bid" in seen[0]["host:region"]


def test_sealed_fingers_never_reach_another_stream(tmp_path):
    server = start_server(tmp_path / "live.sqlite3")
    try:
        events: list[dict[str, str]] = []
        for fingers in (1, 2, 3, 4):
            r = requests.post(f"{server.url}/api/games", json=NEW, timeout=15)
            assert r.status_code == 201
            body = r.json()
            gid, host = body["id"], body["host_token"]
            a, b = (s["token"] for s in body["seats"])
            streams = {
                "host": SSE(server.port, f"/games/{gid}/stream?as=host", host),
                "bo": SSE(server.port, f"/games/{gid}/stream?as=seat", b),
                "aiko": SSE(server.port, f"/games/{gid}/stream?as=seat", a),
            }
            try:
                for s in streams.values():
                    s.next_event()  # the retry line's block
                bid = requests.post(
                    f"{server.url}/api/games/{gid}/bids",
                    json={"fingers": fingers},
                    headers=auth(a),
                    timeout=15,
                )
                assert bid.status_code == 201
                got = {name: s.update(at_least=1) for name, s in streams.items()}
            finally:
                for s in streams.values():
                    s.close()
            assert f"{fingers} finger" in got["aiko"][1]
            fake = type("G", (), {"id": gid, "host": host, "a": a, "b": b})
            events.append(
                {n: normalise(f"{i} {d}", fake) for n, (i, d) in got.items() if n != "aiko"}  # type: ignore[arg-type]
            )
        assert events[0] == events[1] == events[2] == events[3]
        assert "Aiko: has bid" in events[0]["host"]
    finally:
        server.stop()


def test_the_card_games_own_routes_refuse_a_board_game_in_a_sentence(app) -> None:
    """Each route of the card game's blueprint, asked with a board game's id and that
    game's own host token (or no game at all), is a 404 with one sentence, never a 500."""
    client = app.test_client()
    made = client.post("/api/games", json={"players": ["Aiko", "Bo", "Chiyo"], "seed": 1})
    assert made.status_code == 201, made.get_json()
    board = made.get_json()
    auth = {"Authorization": f"Bearer {board['host_token']}"}
    routes = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("cards.")]
    routes = [r for r in routes if "game_id" in r.arguments]
    assert routes
    said = "There is no game of Tsukiji Market, the card game, at this address."
    for rule in routes:
        for game_id in (board["id"], "NOSUCH"):
            path = rule.rule.replace("<game_id>", game_id)
            path = path.replace("<int:seat_no>", "0")
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                r = client.open(path, method=method, headers=auth, data={"fingers": "2"})
                assert r.status_code == 404, (method, path, r.status_code)
                assert said in r.get_data(as_text=True), (method, path)


def _history_items(html: str) -> list[str]:
    ol = html.split('id="history">', 1)[1].split("</ol>", 1)[0]
    return re.findall(r"<li[^>]*>.*?</li>", ol, flags=re.S)


def test_the_table_screens_history_rows_follow_undo_redo_and_language(client):
    """The history's rows are rendered once each and kept (companion.web.cards:
    history_rows): a kept row must still change when it is undone or redone, and a
    Japanese table screen never gets an English row kept for another."""
    g = Game(client)
    url = f"/games/{g.id}/live?as=host"
    empty = client.get(url, headers=auth(g.host)).get_data(as_text=True)
    # Nothing yet: said, and no item of the numbered list (test_qa_cards3.py).
    assert '<p class="muted" id="history">Nothing yet.</p>' in empty
    assert "<ol" not in empty.split('id="history">', 1)[1].split("</section>", 1)[0]
    g.round(3, 1)
    shown = _history_items(client.get(url, headers=auth(g.host)).get_data(as_text=True))
    assert len(shown) == 1 and "<del>" not in shown[0] and "Aiko" in shown[0]
    assert client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.host)).status_code == 200
    undone = _history_items(client.get(url, headers=auth(g.host)).get_data(as_text=True))
    assert len(undone) == 1 and undone[0].startswith('<li class="undone"><del>')
    assert "(undone)" in undone[0]
    ja = client.get(url, headers={**auth(g.host), "Accept-Language": "ja"}).get_data(as_text=True)
    ja_rows = _history_items(ja)
    assert len(ja_rows) == 1 and "(undone)" not in ja_rows[0] and ja_rows[0] != undone[0]
    assert client.post(f"/api/games/{g.id}/redo", json={}, headers=auth(g.host)).status_code == 200
    again = _history_items(client.get(url, headers=auth(g.host)).get_data(as_text=True))
    assert again == shown  # the very row of before the undo, markup and all
    # The phones have no history list (the table screen's alone).
    assert 'id="history"' not in client.get(
        f"/games/{g.id}/live?as=seat", headers=auth(g.a)
    ).get_data(as_text=True)


def test_a_card_games_table_screen_reissues_its_own_link(client):
    g = Game(client)
    r = client.post(f"/api/games/{g.id}/host/reissue", headers=auth(g.host))
    assert r.status_code == 200, r.json
    assert client.get(f"/api/games/{g.id}", headers=auth(g.host)).status_code == 401
    new = r.json["host_token"]
    assert client.get(f"/api/games/{g.id}", headers=auth(new)).status_code == 200


def _redo_button(html: str) -> str:
    found = re.search(r'<button class="button quiet" type="submit"[^>]*>Redo</button>', html)
    assert found, "no Redo button"
    return found.group(0)


def test_redo_is_on_only_when_there_is_an_undo_to_take_back(client):
    """The table screen's Redo was always on: a tap with nothing to redo was refused. It
    is on only after an undo, and off again once redone or once a new entry follows."""
    g = Game(client)
    url = f"/games/{g.id}/live?as=host"

    def redo() -> str:
        return _redo_button(client.get(url, headers=auth(g.host)).get_data(as_text=True))

    g.round(3, 1)
    assert "disabled" in redo()
    assert client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.host)).status_code == 200
    assert "disabled" not in redo()
    assert client.post(f"/api/games/{g.id}/redo", json={}, headers=auth(g.host)).status_code == 200
    assert "disabled" in redo()
    assert client.post(f"/api/games/{g.id}/undo", json={}, headers=auth(g.host)).status_code == 200
    g.round(2, 4)  # a new entry after the undo: nothing to redo any more
    assert "disabled" in redo()
