"""Per-viewer secrecy with closed money (api.md, Secrecy; turn-and-scoring.md §4).

A seat's Yen is in its own view and nowhere else: not in another seat's view, not in the
host's (the table screen is public). That holds for the JSON view, the history, the
event list, the pages ``/games/<id>/seat``, ``/games/<id>/table``, ``/games/<id>/live``
and the first event of the live stream. The one exception during play: when a player
with 50 or more Resources starts their turn, everyone's Yen is revealed for the check
(``turn.revealed_yen``). At the end of the game the score shows everything.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

A, B, C = "Aiko", "Bo", "Chiyo"
NAMES = [A, B, C]
SETUP = {
    "players": NAMES,
    "money": "closed",
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}

#: Yen after the three payments below, and what each is short of ¥5,000.
YEN = {A: 2500, B: 1100, C: 3200}
SHORT = {A: 2500, B: 3900, C: 1800}
#: Every payment's amount, with the two parties who may see it.
PAYMENTS = [("supply", A, 1700), (B, "supply", 900), (A, C, 1200)]


def yen(n: int) -> str:
    return f"¥{n:,}"


class Table:
    """One closed-money game in the Flask app, with one browser (cookie jar) per seat
    and one for the table screen, each signed in through its join link."""

    def __init__(self, app: Any) -> None:
        self.app = app
        api = app.test_client()
        r = api.post("/api/games", json=SETUP)
        assert r.status_code == 201
        body = r.get_json()
        self.api, self.id, self.host = api, body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}
        self.browsers: dict[str, Any] = {}
        for who, token in [("host", self.host), *self.tokens.items()]:
            browser = app.test_client()
            r = browser.get(f"/join/{token}")
            assert r.status_code == 303
            cookie = r.headers["Set-Cookie"]
            assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
            page = "table" if who == "host" else "seat"
            assert r.headers["Location"].endswith(f"/games/{self.id}/{page}")
            self.browsers[who] = browser

    def token(self, who: str) -> str:
        return self.host if who == "host" else self.tokens[who]

    def act(self, **action: Any) -> None:
        r = self.api.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()

    def view(self, who: str) -> dict[str, Any]:
        r = self.api.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.token(who)}"}
        )
        assert r.status_code == 200
        data: dict[str, Any] = r.get_json()
        return data

    def events(self, who: str) -> list[dict[str, Any]]:
        r = self.api.get(
            f"/api/games/{self.id}/events", headers={"Authorization": f"Bearer {self.token(who)}"}
        )
        assert r.status_code == 200
        rows: list[dict[str, Any]] = r.get_json()["events"]
        return rows

    def pages(self, who: str) -> dict[str, str]:
        """Every HTML a viewer's browser gets: its page, the live fragment, and the first
        event of its live stream."""
        browser = self.browsers[who]
        role = "host" if who == "host" else "seat"
        page = browser.get(f"/games/{self.id}/{'table' if role == 'host' else 'seat'}")
        live = browser.get(f"/games/{self.id}/live?as={role}")
        assert page.status_code == 200 and live.status_code == 200
        return {
            "page": page.get_data(as_text=True),
            "live": live.get_data(as_text=True),
            "stream": first_stream_event(browser, f"/games/{self.id}/stream?as={role}"),
        }


def first_stream_event(browser: Any, url: str) -> str:
    """The first ``update`` event of a live stream (the stream is closed afterwards)."""
    r = browser.get(url, buffered=False)
    try:
        assert r.status_code == 200
        assert r.mimetype == "text/event-stream"
        text = ""
        for chunk in r.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if "event: update" in text and text.endswith("\n\n"):
                break
        assert "event: update" in text
        return text
    finally:
        r.close()


@pytest.fixture
def game(app: Any) -> Iterator[Table]:
    g = Table(app)
    for payer, payee, amount in PAYMENTS:
        g.act(type="pay", **{"from": payer, "to": payee, "amount": amount})
    yield g


def ints(data: Any) -> Iterator[int]:
    """Every whole number anywhere in a JSON value."""
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, dict):
        for v in data.values():
            yield from ints(v)
    elif isinstance(data, list):
        for v in data:
            yield from ints(v)


def secrets_of(who: str) -> list[str]:
    """What must not reach this viewer: the others' Yen and distance to ¥5,000, and the
    amounts of payments the viewer was not part of."""
    hidden = [yen(YEN[p]) for p in NAMES if p != who]
    hidden += [yen(SHORT[p]) for p in NAMES if p != who]
    hidden += [yen(n) for payer, payee, n in PAYMENTS if who not in (payer, payee)]
    own = {yen(YEN[who]), yen(SHORT[who])} if who in YEN else set()
    return sorted(set(hidden) - own)


VIEWERS = ["host", A, B, C]


@pytest.mark.parametrize("who", VIEWERS)
def test_json_view_shows_only_own_yen(game: Table, who: str) -> None:
    view = game.view(who)
    assert view["money"] == "closed"
    for p in view["players"]:
        if p["name"] == who:
            assert p["yen"] == YEN[who]
            assert p["end"]["yen_short"] == SHORT[who]
            assert p["is_me"]
        else:
            assert p["yen"] is None
            assert p["end"]["yen_short"] is None
        assert p["end"]["lowest_yen"] is None  # would say who has the least
    numbers = set(ints(view))
    for p in NAMES:
        if p != who:
            assert YEN[p] not in numbers, p
    text = json.dumps(view, ensure_ascii=False)
    for s in secrets_of(who):
        assert s not in text, s
    # Own "if the game ended now" for a seat (no rank: it would compare Yen); none for
    # the table screen, and no final score before the end.
    assert "score" not in view
    if who == "host":
        assert "if_ended_now" not in view
    else:
        assert view["if_ended_now"]["steps"]["start_yen"] == YEN[who]
        assert view["if_ended_now"]["rank"] is None


@pytest.mark.parametrize("who", VIEWERS)
def test_history_hides_payments_between_others(game: Table, who: str) -> None:
    for rows in (game.view(who)["history"], game.events(who)):
        texts = {r["seq"]: r["text"] for r in rows}
        assert len(texts) == 3
        for seq, (payer, payee, amount) in enumerate(PAYMENTS, start=1):
            if who in (payer, payee):
                assert yen(amount) in texts[seq]
            else:
                assert yen(amount) not in texts[seq]
                assert texts[seq].endswith(" Yen"), texts[seq]
    assert game.view(B)["history"][-1]["text"] == "The supply paid Aiko Yen"


@pytest.mark.parametrize("who", VIEWERS)
def test_pages_show_only_own_yen(game: Table, who: str) -> None:
    for name, html in game.pages(who).items():
        for s in secrets_of(who):
            assert s not in html, (name, s)
        if who != "host":
            assert yen(YEN[who]) in html, name
    if who == "host":
        assert "Yen hidden" in game.pages(who)["page"]


def test_a_seat_page_is_not_the_table_page(game: Table) -> None:
    """A seat's cookie does not open the table screen; the host is sent to its own."""
    bo = game.browsers[B]
    r = bo.get(f"/games/{game.id}/table")
    assert r.status_code == 401  # no host cookie in Bo's browser
    r = bo.get(f"/games/{game.id}/table", headers={"Authorization": f"Bearer {game.tokens[B]}"})
    assert r.status_code == 403
    assert yen(YEN[A]) not in r.get_data(as_text=True)
    r = game.browsers["host"].get(
        f"/games/{game.id}/seat", headers={"Authorization": f"Bearer {game.host}"}
    )
    assert r.status_code == 302 and r.headers["Location"].endswith("/table")


def test_end_check_with_50_resources_reveals_everyones_yen(game: Table) -> None:
    # Bo: Tuna 25 + 20 + 15 = 60 Resources, and the outright lowest Yen.
    for v in (25, 20, 15):
        game.act(type="gain_fish", player=B, fish="tuna", value=v)

    game.act(type="next_turn")  # Aiko's turn: 0 Resources, nothing revealed
    for who in VIEWERS:
        view = game.view(who)
        assert view["turn"]["revealed_yen"] is None
        check = view["turn"]["check"]
        assert check["player"] == A and not check["triggered"]
        if who == A:
            assert yen(SHORT[A]) in check["text"]
        else:
            assert check["text"] == "Aiko does not end the game: play goes on."

    game.act(type="next_turn")  # Bo's turn: 60 Resources, so everyone shows their Yen
    for who in VIEWERS:
        view = game.view(who)
        assert view["turn"]["revealed_yen"] == YEN
        assert view["turn"]["check"]["player"] == B
        assert not view["turn"]["check"]["triggered"]  # Bo has the outright lowest Yen
        # The players' own Yen fields stay as they were: the reveal is for the check.
        assert [p["yen"] for p in view["players"]] == [YEN[p] if p == who else None for p in NAMES]
        for html in game.pages(who).values():
            for p in NAMES:
                assert yen(YEN[p]) in html, (who, p)
            assert "Yen revealed for the check" in html

    game.act(type="next_turn")  # Chiyo's turn: the reveal is over
    for who in VIEWERS:
        view = game.view(who)
        assert view["turn"]["revealed_yen"] is None
        html = game.pages(who)["page"]
        for p in NAMES:
            if p != who:
                assert yen(YEN[p]) not in html, (who, p)


def test_at_the_end_the_score_shows_everyone(game: Table) -> None:
    game.act(type="gain_fish", player=A, fish="mackerel", count=3)
    game.act(type="end_game")
    # Resources 3 / 0 / 0: Aiko +¥1,000; Bo and Chiyo tied lowest −¥300; fish +¥300.
    final = {A: 2500 + 1000 + 300, B: 1100 - 300, C: 3200 - 300}
    for who in VIEWERS:
        view = game.view(who)
        assert view["turn"]["finished"]
        assert [p["yen"] for p in view["players"]] == [YEN[p] for p in NAMES]
        score = view["score"]
        assert {p["name"]: p["steps"]["start_yen"] for p in score["players"]} == YEN
        assert {p["name"]: p["final_yen"] for p in score["players"]} == final
        assert score["winners"] == [A]
        for seq, (_, _, amount) in enumerate(PAYMENTS, start=1):
            row = next(r for r in view["history"] if r["seq"] == seq)
            assert yen(amount) in row["text"]
        html = game.pages(who)["page"]
        for p in NAMES:
            assert yen(final[p]) in html and yen(YEN[p]) in html


def test_open_money_shows_everyone(app: Any) -> None:
    api = app.test_client()
    r = api.post("/api/games", json={**SETUP, "money": "open"})
    body = r.get_json()
    auth = {"Authorization": f"Bearer {body['seats'][1]['token']}"}
    aiko = {"Authorization": f"Bearer {body['seats'][0]['token']}"}
    api.post(
        f"/api/games/{body['id']}/actions",
        headers=aiko,
        json={"type": "pay", "from": A, "to": C, "amount": 1200},
    )
    view = api.get(f"/api/games/{body['id']}", headers=auth).get_json()
    assert [p["yen"] for p in view["players"]] == [800, 2000, 3200]
    assert view["history"][0]["text"] == "Aiko paid Chiyo ¥1,200"
    assert view["players"][0]["end"]["lowest_yen"] is True


def test_closed_money_refusals_do_not_name_another_players_yen(client):
    """A refused payment tells the payer their Yen; the table screen hears only that the
    payer cannot pay (as at a closed-money table), and another seat may not record a change
    to Aiko's Yen at all (403, before the rules look at her Yen: no probing)."""
    game = client.post(
        "/api/games", json={"players": ["Aiko", "Bo", "Chiyo"], "money": "closed"}
    ).get_json()
    gid = game["id"]
    aiko, bo = ({"Authorization": f"Bearer {s['token']}"} for s in game["seats"][:2])
    host = {"Authorization": f"Bearer {game['host_token']}"}
    pay = {"type": "pay", "from": "Aiko", "to": "supply", "amount": 9000}
    resp = client.post(f"/api/games/{gid}/actions", json=pay, headers=host)
    assert resp.status_code == 400
    assert resp.get_json()["error"] == "Aiko cannot pay ¥9,000."
    assert "2,000" not in resp.get_data(as_text=True)
    answers = set()
    for amount in (9000, 100):  # the same answer whether Aiko could pay or not
        resp = client.post(f"/api/games/{gid}/actions", json={**pay, "amount": amount}, headers=bo)
        assert resp.status_code == 403
        answers.add(resp.get_data(as_text=True))
    assert len(answers) == 1 and "2,000" not in answers.pop()
    own = client.post(f"/api/games/{gid}/actions", json=pay, headers=aiko)
    assert own.status_code == 400
    assert own.get_json()["error"] == "Aiko has only ¥2,000."
    # The same for a licence: Aiko spends everything, then the table records her buying one.
    spent = client.post(f"/api/games/{gid}/actions", json={**pay, "amount": 2000}, headers=aiko)
    assert spent.status_code == 201
    licence = {"type": "take_license", "player": "Aiko", "market": "mackerel"}
    assert client.post(f"/api/games/{gid}/actions", json=licence, headers=bo).status_code == 403
    resp = client.post(f"/api/games/{gid}/actions", json=licence, headers=host)
    assert resp.status_code == 400
    assert resp.get_json()["error"] == "Aiko cannot pay ¥100."
    own = client.post(f"/api/games/{gid}/actions", json=licence, headers=aiko)
    assert own.get_json()["error"] == "Aiko has only ¥0 (the licence costs ¥100)."


def test_open_money_refusals_name_the_yen(client):
    game = client.post("/api/games", json={"players": ["Aiko", "Bo"]}).get_json()
    aiko = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
    resp = client.post(
        f"/api/games/{game['id']}/actions",
        json={"type": "pay", "from": "Aiko", "to": "Bo", "amount": 9000},
        headers=aiko,
    )
    assert resp.get_json()["error"] == "Aiko has only ¥2,000."


def test_home_page_leads_back_to_the_games_this_browser_joined(client):
    assert b"New game" in client.get("/").data
    game = client.post("/api/games", json={"players": ["Aiko", "Bo"]}).get_json()
    assert game["id"] not in client.get("/").get_data(as_text=True)
    client.get(f"/join/{game['seats'][1]['token']}")
    page = client.get("/").get_data(as_text=True)
    assert f"/games/{game['id']}/seat" in page and "(Bo)" in page
    client.get(f"/join/{game['host_token']}")
    assert f"/games/{game['id']}/table" in client.get("/").get_data(as_text=True)


def test_the_hosts_view_has_the_setup_checklist_and_a_seats_has_not(client):
    game = client.post(
        "/api/games",
        json={
            "players": ["Aiko", "Bo", "Chiyo"],
            "fish_markets": ["mackerel", "eel", "tuna", "red_snapper", "salmon"],
            "external_markets": ["ships", "bank", "auction"],
        },
    ).get_json()
    host = client.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['host_token']}"}
    ).get_json()
    boards = {item["board"]: item["lines"] for item in host["checklist"]}
    assert boards["Eel"] == ["3 licences", "6 barrels", "13 tokens", "the value marker on 1"]
    assert boards["Auction bag"] == ["3× Tuna 15, 1× Tuna 20, 1× Tuna 25"]
    assert "a Mackerel licence" in boards["Each player"]
    seat = client.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['seats'][0]['token']}"}
    ).get_json()
    assert "checklist" not in seat
