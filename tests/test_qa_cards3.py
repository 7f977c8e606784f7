"""Tsukiji Market, the card game, Tokyo Jutaku and the report pages, played as a real
table plays them (exploratory QA, third round), on the server."""

from __future__ import annotations

import re
from typing import Any

NEW = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def text(page: str) -> str:
    """A page's text as read: its tags gone, its spaces one."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_while_a_card_waits_nobody_is_asked_to_bid(app: Any) -> None:
    """Aiko won the bid and her card is to be recorded: a bid now is refused, yet the
    table screen and both phones said "Aiko: not bid yet · Bo: not bid yet" above "Now:
    Aiko takes a card from the Scale.", asking for bids nobody could make (and pushing
    the card's taps down). Who has bid is said while the round's bids are open only; the
    last reveal says what was bid."""
    table, aiko = app.test_client(), app.test_client()
    made: Any = table.post("/api/games", json=NEW).json
    game, seats = made["id"], [s["token"] for s in made["seats"]]
    table.get(f"/join/{made['host_token']}")
    aiko.get(f"/join/{seats[0]}")
    for token, fingers in zip(seats, (3, 1), strict=True):
        table.post(f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(token))
    for page in (table.get(f"/games/{game}/table").text, aiko.get(f"/games/{game}/seat").text):
        page = text(page)
        assert "Now: Aiko takes a card from the Scale." in page
        assert "Last reveal: Aiko 3, Bo 1" in page
        assert "not bid yet" not in page
    take = {"type": "take_card", "player": "Aiko", "colour": "red", "points": 3}
    r = table.post(f"/api/games/{game}/actions", json=take, headers=auth(seats[0]))
    assert r.status_code in (200, 201)
    for page in (table.get(f"/games/{game}/table").text, aiko.get(f"/games/{game}/seat").text):
        assert "Aiko: not bid yet · Bo: not bid yet" in page


def test_an_empty_history_is_not_numbered_as_an_entry(app: Any) -> None:
    """A new game's table screen: its history said "1. Nothing yet." ("Nothing yet." an
    item of the numbered list), as if something had been recorded. It says "Nothing yet."
    alone; the first reveal is entry 1."""
    table = app.test_client()
    made: Any = table.post("/api/games", json=NEW).json
    game, seats = made["id"], [s["token"] for s in made["seats"]]
    table.get(f"/join/{made['host_token']}")
    page = table.get(f"/games/{game}/table").text
    assert '<p class="muted" id="history">Nothing yet.</p>' in page
    assert re.search(r"<ol[^>]*>\s*<li[^>]*>Nothing yet", page) is None
    for token, fingers in zip(seats, (3, 1), strict=True):
        table.post(f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(token))
    page = table.get(f"/games/{game}/table").text
    assert "Nothing yet." not in page
    assert re.search(r'<ol class="cards-history" reversed id="history">\s*<li', page)
