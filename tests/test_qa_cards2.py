"""Tsukiji Market, the card game, Tokyo Jutaku and the calculator, played as a real table
plays them (exploratory QA, second round), on the server."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

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


def test_the_table_device_becomes_a_players_hand_only_on_purpose(app: Any) -> None:
    """Bo has no phone of his own. The card game's table screen offered each seat a plain
    "Join link for Bo": a tap on it (the table screen is a touch screen everyone reaches
    for) signed the table device in as Bo and used up his link, so no phone could join as
    Bo any more. Now, as the board game's, the codes are no links, and "This device is Bo's
    phone" makes the table device Bo's hand on purpose (a confirmation first); the hand
    links back to the table screen, and Aiko's phone still joins."""
    table, aiko = app.test_client(), app.test_client()
    made: Any = table.post("/api/games", json=NEW).json
    game = made["id"]
    table.get(f"/join/{made['host_token']}")
    page = table.get(f"/games/{game}/table").text
    for seat in made["seats"]:
        assert f'href="{seat["join_url"]}"' not in page
    assert f'action="/games/{game}/seats/1/claim"' in page
    assert "This device is Bo’s phone" in page and "data-confirm=" in page
    assert 'id="other-page"' not in page
    r = table.post(f"/games/{game}/seats/1/claim")
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{game}/seat")
    hand = table.get(f"/games/{game}/seat").text
    assert "Bo's hand" in hand and f'id="other-page" href="/games/{game}/table"' in hand
    # The table screen links to no hand: anyone at the table would read Bo's sealed
    # fingers there.
    page = table.get(f"/games/{game}/table").text
    assert 'id="other-page"' not in page and f'href="/games/{game}/seat"' not in page
    assert made["seats"][1]["token"] not in page  # Bo's code went: his seat is taken
    assert aiko.get(f"/join/{made['seats'][0]['token']}").status_code == 303
    assert "Aiko's hand" in aiko.get(f"/games/{game}/seat").text
    assert 'id="other-page"' not in aiko.get(f"/games/{game}/seat").text
    r = table.post(f"/games/{game}/cards/bid", data={"fingers": "2"}, headers={"X-Cards": "1"})
    assert r.status_code == 200 and "receipt" in r.text


def test_the_claim_is_said_in_japanese_on_the_card_table(client: Any) -> None:
    made: Any = client.post("/api/games", json=NEW).json
    client.get(f"/join/{made['host_token']}")
    page = client.get(f"/games/{made['id']}/table", headers={"Accept-Language": "ja"}).text
    assert "この端末はBoのスマートフォン" in page
    assert "この端末をBoのスマートフォンとして使いますか？Bo自身の入札が表示されます。" in page


def test_full_width_digits_are_their_numbers_on_the_card_game_s_pages(client: Any) -> None:
    """The table screen's Speciality bonus and the New game page's notches are typed: "１２"
    and "４" from a Japanese phone keyboard were refused as "a whole number of points from
    1 to 99" / "from 1 to 9", which they are."""
    r = client.post(
        "/games/cards",
        data={"player0": "Aiko", "player1": "Bo", "notches": "４", "variant": "standard"},
    )
    assert r.status_code == 303, r.text
    game = r.headers["Location"].split("/")[-2]
    bonus = {"type": "speciality", "player": "Bo", "points": "１２"}
    r = client.post(f"/games/{game}/cards/act?as=host", data=bonus, headers={"X-Cards": "1"})
    assert r.status_code == 200 and "Speciality: 12" in r.text
    scale = re.search(r'<ol class="cards-scale".*?</ol>', r.text, re.S)
    assert scale and scale.group(0).count("<li") == 2 * 4 + 1


def test_a_refused_card_on_the_definition_page_is_one_tap_away(client: Any) -> None:
    """Card No. 15 refused was said only at the top of the page, some 9,000 px above card
    15 on a phone: the host scrolled through 14 cards to find it. The refusal now links to
    the card (its section's anchor) and is said again inside it, in both languages."""
    form: dict[str, str] = {}
    for n in range(1, 19):
        form |= {f"c{n}_colour": "red", f"c{n}_points": "1", f"c{n}_colour2": "none"}
    del form["c15_points"]
    for lang, go in (("en", "Go to card No. 15"), ("ja", "15番のカードへ")):
        r = client.post("/games/new/cards/deck", data=form, headers={"Accept-Language": lang})
        assert r.status_code == 400
        assert f'href="#card-15">{go}</a>' in r.text
        section = re.search(
            r'<section class="card deck-card" id="card-15".*?</section>', r.text, re.S
        )
        assert section and 'id="card-15-error"' in section.group(0)
        assert r.text.count('class="error"') == 2
    # A refusal that names no card (the piles do not fit these cards) links nowhere.
    from companion.web.card_deck import refused_card

    assert refused_card("cards") is None and refused_card("c15_points2") == 15


def test_a_colour_typed_in_full_width_letters_is_the_same_pile(client: Any) -> None:
    """Colours are one pile whatever their case ("Red", "red "); a Japanese keyboard in
    full-width mode types "ｒｅｄ", which made a second red pile beside "red" (its
    points counted apart, Wasabi doubling the wrong pile). Read as NFKC, it is red."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    seats = [s["token"] for s in made["seats"]]
    for colour in ("red", "ｒｅｄ"):
        for token, fingers in zip(seats, (3, 1), strict=True):
            r = client.post(
                f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(token)
            )
            assert r.status_code == 201, r.json
        take = {"type": "take_card", "player": "Aiko", "colour": colour, "points": 2}
        r = client.post(f"/api/games/{game}/actions", json=take, headers=auth(host))
        assert r.status_code == 201, r.json
    state = client.get(f"/api/games/{game}", headers=auth(host)).json
    assert list(state["players"][0]["piles"]) == ["red"]
    assert state["players"][0]["score"]["piles"]["red"]["points"] == 4


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_finger_tap_that_arrives_after_its_round_was_revealed_is_no_bid(
    client: Any, lang: str
) -> None:
    """Bo has bid 2. Aiko taps 2, then at once 3 (she meant 3): the first tap reveals a
    Night tie (both cards discarded, the next round begins) and the second became her
    sealed bid for the next round, which she never saw offered. The finger buttons carry
    the round they were shown for; a tap for a revealed round is refused, in words."""
    made: Any = client.post("/api/games", json=NEW).json
    game, seats = made["id"], [s["token"] for s in made["seats"]]
    client.post(f"/api/games/{game}/bids", json={"fingers": 2}, headers=auth(seats[1]))
    headers = {**auth(seats[0]), "X-Cards": "1", "Accept-Language": lang}
    page = client.get(f"/games/{game}/seat", headers=headers).text
    assert '<input type="hidden" name="round" value="1">' in page
    first = {"fingers": "2", "round": "1"}
    assert client.post(f"/games/{game}/cards/bid", data=first, headers=headers).status_code == 200
    second = {"fingers": "3", "round": "1"}
    r = client.post(f"/games/{game}/cards/bid", data=second, headers=headers)
    assert r.status_code == 409
    said = {
        "en": "That bid was for a round that has been revealed since; look at the reveal, "
        "then bid again.",
        "ja": "その入札は、その後に公開されたラウンドのものでした。公開の結果を見てから、"
        "もう一度入札してください。",
    }
    assert said[lang] in html.unescape(r.text)
    state = client.get(f"/api/games/{game}", headers=auth(made["host_token"])).json
    assert state["rounds"] == 1 and state["bid_by"] == [] and state["face"] == "day"
    # The round on the buttons now is the next one: a tap there is a bid.
    r = client.post(f"/games/{game}/cards/bid", data={**second, "round": "2"}, headers=headers)
    assert r.status_code == 200 and "Aiko" in str(
        client.get(f"/api/games/{game}", headers=auth(seats[0])).json["bid_by"]
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_name_with_a_control_or_formatting_character_is_refused(client: Any, lang: str) -> None:
    """The card game's New game page took a name holding U+202E (every line naming that
    player then read backwards), a NUL or a zero-width space (a name looking like
    another): the board game refuses them, and so did the card game's API for the first
    two. The page and the API now refuse all three in one sentence; "山田　花子" (a
    full-width space) is a name."""
    said = {
        "en": "A player's name may hold only visible characters and spaces, no control or "
        "formatting characters.",
        "ja": "プレイヤーの名前に使えるのは見える文字と空白だけです（制御文字や書式文字は"
        "使えません）。",
    }[lang]
    headers = {"Accept-Language": lang}
    for name in ("A\u202eBo", "A\x00B", "Ai\u200bko"):
        r = client.post("/games/cards", data={"player0": name, "player1": "Bo"}, headers=headers)
        assert r.status_code == 400 and said in html.unescape(r.text), name
        body = {"game": "tsukiji_market", "players": ["Bo", name]}
        r = client.post("/api/games", json=body, headers=headers)
        assert r.status_code == 400, name
    body = {"game": "tsukiji_market", "players": ["Ai\u200bko", "Bo"]}
    r = client.post("/api/games", json=body, headers=headers)
    assert r.json == {"error": said, "field": "players[0]"}
    r = client.post("/games/cards", data={"player0": "山田\u3000花子", "player1": "Bo"})
    assert r.status_code == 303
