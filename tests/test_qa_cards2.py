"""Tsukiji Market, the card game, Tokyo Jutaku and the calculator, played as a real table
plays them (exploratory QA, second round), on the server."""

from __future__ import annotations

from typing import Any

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
