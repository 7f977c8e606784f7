"""Tsukiji Market, the card game, Tokyo Jutaku and the calculator, played as a real table
plays them (exploratory QA, second round), on the server."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

NEW = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_only_the_table_screen_is_told_it_can_undo(client: Any) -> None:
    """``can_undo`` says whether this viewer can undo now. A seat's view said true once
    anything was recorded, though a seat's undo is refused 403 (only the table screen
    undoes): a script or page reading it offered an Undo that could never work."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    seats = [s["token"] for s in made["seats"]]
    for token, fingers in zip(seats, (3, 1), strict=True):
        assert (
            client.post(
                f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(token)
            ).status_code
            == 201
        )
    assert client.get(f"/api/games/{game}", headers=auth(host)).json["can_undo"] is True
    for token in seats:
        assert client.get(f"/api/games/{game}", headers=auth(token)).json["can_undo"] is False
        assert client.post(f"/api/games/{game}/undo", headers=auth(token)).status_code == 403
    assert client.post(f"/api/games/{game}/undo", headers=auth(host)).status_code == 200
    assert client.get(f"/api/games/{game}", headers=auth(host)).json["can_undo"] is False


def test_a_two_colour_card_s_other_half_is_named_when_refused_in_japanese(client: Any) -> None:
    """A two-colour card whose second half has no points was refused as "Card No. 9: its
    points are …", the card's first half's points being there: the host looked at the
    wrong half. In Japanese too the refusal names the other colour."""
    form: dict[str, str] = {}
    for n in range(1, 19):
        form |= {f"c{n}_colour": "red", f"c{n}_points": "1", f"c{n}_colour2": "none"}
    form["c9_colour2"] = "blue"
    r = client.post("/games/new/cards/deck", data=form, headers={"Accept-Language": "ja"})
    assert r.status_code == 400
    assert "9番のカードのもう1つの色（2色のカード）：点数は0から9までの整数です。" in r.text


def test_full_width_digits_are_their_numbers_in_tokyo_jutaku(client: Any) -> None:
    """A Japanese phone keyboard types "２" (full-width): the exit form refused it and its
    "+" left it as it was. Now it is 2, in an exit and under a − / + (without JavaScript,
    the server's steppers)."""
    r = client.post("/jutaku/", data={"action": "start", "name": ["Aiko", "Bo"]})
    g = parse_qs(urlsplit(r.headers["Location"]).query)["g"][0]
    r = client.post("/jutaku/", data={"g": g, "step": "carried.red:+1", "carried.red": "２"})
    assert r.status_code == 200 and 'name="carried.red" value="3"' in r.text
    r = client.post(
        "/jutaku/",
        data={"g": g, "action": "exit", "player": "0", "carried.red": "２", "carried.salmon": "１"},
    )
    assert r.status_code == 303, r.text
    page = client.get(r.headers["Location"]).text
    assert "2 × red drink at ¥300: ¥600" in page and "1 × Salmon at ¥500" in page


def test_full_width_digits_are_their_numbers_in_the_calculator(client: Any) -> None:
    """The calculator read "２" Mackerel as "Must be a whole number >= 0." and "１，０００"
    Yen as no number; they are 2 and ¥1,000, as typed in ASCII."""
    hx = {"HX-Request": "true"}
    base = {"players[0].name": "Aiko", "players[1].name": "Bo"}
    ascii_ = {**base, "players[0].fish.mackerel": "2", "players[1].yen": "1,000"}
    wide = {**base, "players[0].fish.mackerel": "２", "players[1].yen": "１，０００"}
    want = client.post("/calculator/report", data=ascii_, headers=hx).text
    assert "data-error-field" not in want
    assert client.post("/calculator/report", data=wide, headers=hx).text == want
    r = client.post("/calculator/", data={**wide, "step": "players[0].fish.mackerel:+1"})
    assert 'name="players[0].fish.mackerel" value="3"' in r.text
