"""Defects a real table hit in the board game, found by playing it (exploratory QA, second
round), shown through the server alone."""

from __future__ import annotations

from typing import Any

from test_i18n_pages import JA, auth

EN = {"Accept-Language": "en"}


def test_a_turn_ended_with_ap_left_says_how_many(client: Any) -> None:
    """docs/flows.md, "The turn": next_turn is accepted with AP left (the table may have
    played something it did not record); the history says how many went unspent. It
    said "Next turn" alone, so nobody at the table could see from the history that Aiko's
    turn had ended with both her AP unused (rules/turn.py kept the count, unsaid)."""
    r = client.post(
        "/api/games",
        json={
            "players": ["Aiko", "Bo"],
            "money": "open",
            "seed": 5,
            "fish_markets": ["mackerel", "eel", "squid", "fugu"],
            "external_markets": ["ships", "bank", "rentals"],
        },
    )
    game = r.get_json()
    gid, host = game["id"], auth(game["host_token"])
    for body in (
        {"type": "next_turn"},  # the first turn starts: nothing unspent
        {"type": "next_turn"},  # Aiko's turn ends with her 2 AP
        {"type": "visit", "player": "Bo", "market": "mackerel", "entry": "ap", "licenses": 1},
        {"type": "fishing", "player": "Bo", "boats": [{"boat": "b1", "do": "undock"}]},
        {"type": "next_turn"},  # Bo spent both
    ):
        r = client.post(f"/api/games/{gid}/actions", json=body, headers=host)
        assert r.status_code == 201, r.get_json()
    lines = {}
    for lang, headers in (("en", EN), ("ja", JA)):
        history = client.get(f"/api/games/{gid}", headers={**headers, **host}).get_json()
        lines[lang] = [row["text"] for row in reversed(history["history"])]
    assert lines["en"][:2] == ["Next turn", "Aiko ended the turn with 2 AP unspent"]
    assert lines["ja"][:2] == ["次の手番", "Aikoはアクションポイントを2点残して手番を終えました"]
    # A turn whose AP were all spent ends with the plain line.
    assert lines["en"][-1] == "Next turn", lines["en"]


def test_the_table_screens_auction_form_names_the_active_player_as_owner(client: Any) -> None:
    """The table screen's "Open a sealed-bid auction" asks for "Owner (the active
    player)" but chose the first player whoever's turn it was: during Bo's turn a quick
    "Open auction" opened Aiko's auction (the server takes any owner: a missed auction
    may be recorded late), and the Yen went to her. It now chooses the active player."""
    r = client.post(
        "/api/games",
        json={
            "players": ["Aiko", "Bo", "Chiyo"],
            "money": "open",
            "seed": 5,
            "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
            "external_markets": ["ships", "bank", "auction"],
        },
    )
    game = r.get_json()
    gid, host = game["id"], auth(game["host_token"])
    for _ in range(2):  # Bo's turn
        assert client.post(f"/api/games/{gid}/actions", json={"type": "next_turn"}, headers=host)
    client.get(f"/join/{game['host_token']}")  # the table screen's cookie
    html = client.get(f"/games/{gid}/forms/auction?as=host").get_data(as_text=True)
    owner = html[html.index('name="owner"') : html.index("</select>", html.index('name="owner"'))]
    assert '<option value="Bo" selected>' in owner, owner
    assert owner.count("selected") == 1, owner
