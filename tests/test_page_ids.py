"""Every id a page carries is a valid CSS identifier (issue #16).

htmx and idiomorph look elements up as ``#id`` selectors: an id built from data that is
no CSS identifier (the turn guide's auction ``a3.1`` made ``#bid-form-a3.1``) broke every
phone's live swap. Every page of both games is rendered with such data in play (an
auction opened by a guided Fishing action, open for bids) and each ``id``, and each
``#selector`` an attribute names, is checked.
"""

from __future__ import annotations

import re
from typing import Any

from companion.web.dom import css_id

#: A CSS identifier, as an id selector needs it (no escapes: the pages never need one).
IDENT = re.compile(r"-?[_a-zA-Z][_a-zA-Z0-9-]*")
IDS = re.compile(r'\sid="([^"]*)"')
#: Attributes whose value is a selector list of ids (htmx's targets, includes).
SELECTORS = re.compile(r'\s(?:hx-target|hx-include|hx-select|hx-indicator)="([^"]*)"')
REFERENCES = re.compile(r'\s(?:for|aria-controls|aria-labelledby|aria-describedby)="([^"]*)"')

PLAYERS = ["Aiko", "Bo", "Chiyo"]


def bad_ids(html: str) -> list[str]:
    bad = [i for i in IDS.findall(html) if not IDENT.fullmatch(i)]
    for value in SELECTORS.findall(html):
        for part in value.split(","):
            part = part.strip()
            for word in part.split():
                if word.startswith("#") and not IDENT.fullmatch(word[1:]):
                    bad.append(word)
    for value in REFERENCES.findall(html):
        bad += [i for i in value.split() if not IDENT.fullmatch(i)]
    return bad


def test_css_id_makes_any_data_an_identifier_and_never_two_the_same() -> None:
    values = ["a3.1", "a3_1", "a3-1", "a 3", "é", "a3:1", "31", "", "a3._2e_1"]
    made = [css_id(v) for v in values]
    assert len(set(made)) == len(made)
    for v, m in zip(values, made, strict=True):
        assert IDENT.fullmatch("x-" + m), (v, m)


def test_every_page_of_a_game_with_a_dotted_auction_id_has_valid_ids(app: Any) -> None:
    client = app.test_client()
    r = client.post(
        "/api/games",
        json={
            "players": PLAYERS,
            "money": "closed",
            "seed": 4242,
            "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
            "external_markets": ["ships", "bank", "rentals"],
        },
    )
    game = r.get_json()
    gid, host = game["id"], game["host_token"]
    tokens = [s["token"] for s in game["seats"]]

    def act(token: str, body: dict[str, Any]) -> None:
        r = client.post(
            f"/api/games/{gid}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
        )
        assert r.status_code == 201, r.get_json()

    act(host, {"type": "next_turn"})
    act(
        host, {"type": "take_license", "player": "Aiko", "market": "tuna", "count": 3, "pay": False}
    )
    act(host, {"type": "return_boat", "player": "Aiko", "boat": "one_slot"})
    act(host, {"type": "take_boat", "player": "Aiko", "boat": "three_slot", "pay": False})
    # #19: a ship catches one barrel per Fishing action, at sea: it undocks first.
    act(tokens[0], {"type": "fishing", "player": "Aiko", "boats": [{"boat": "b2", "do": "undock"}]})
    act(tokens[0], {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    for _ in range(len(tokens)):
        act(host, {"type": "next_turn"})
    act(tokens[0], {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    act(tokens[0], {"type": "fishing", "player": "Aiko", "caught": {"tuna": 1}})
    for _ in range(len(tokens)):
        act(host, {"type": "next_turn"})
    act(tokens[0], {"type": "fishing", "player": "Aiko", "unloaded": {"tuna": 3}})
    state = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {host}"})
    aid = state.get_json()["auction"]["id"]
    assert "." in aid
    r = client.post(
        f"/api/games/{gid}/auctions/{aid}/bids",
        json={"amount": 100},
        headers={"Authorization": f"Bearer {tokens[1]}"},
    )
    assert r.status_code == 201

    cards = client.post(
        "/api/games", json={"game": "tsukiji_market", "players": ["Aiko", "Bo"]}
    ).get_json()

    pages: dict[str, str] = {}
    viewers = [("host", host, "host"), *((f"seat {i}", t, "seat") for i, t in enumerate(tokens))]
    for name, token, role in viewers:
        client.get(f"/join/{token}")
        paths = [f"/games/{gid}/table" if role == "host" else f"/games/{gid}/seat"]
        paths += [f"/games/{gid}/live?as={role}", f"/games/{gid}/report?as={role}"]
        if role == "seat":
            paths += [f"/games/{gid}/turn"]
            paths += [
                f"/games/{gid}/turn/{p}" for p in ("fishing", "purchasing", "markets", "free")
            ]
        for path in paths:
            pages[f"{name} {path}"] = client.get(path, headers={"HX-Request": "true"}).get_data(
                as_text=True
            )
    for token, role in [(cards["host_token"], "host"), (cards["seats"][0]["token"], "seat")]:
        client.get(f"/join/{token}")
        path = f"/games/{cards['id']}/{'table' if role == 'host' else 'seat'}"
        pages[f"cards {path}"] = client.get(path).get_data(as_text=True)
    for path in ("/", "/games/new", "/games/new/cards", "/calculator/", "/jutaku/", "/rules/"):
        pages[path] = client.get(path).get_data(as_text=True)

    assert any(f'id="bid-form-{css_id(aid)}"' in html for html in pages.values())
    assert sum(len(IDS.findall(html)) for html in pages.values()) > 500
    for name, html in pages.items():
        assert bad_ids(html) == [], name
