"""The host's 18 cards through the server (issue #10): the define page (server-wide from
the New game page, and a game's own from its table screen: host only, a seat's phone
refused 403 with a sentence; bad input 400 with a sentence, never a 500), the cards kept
in the server's memory beside the notches, a game made with them, one-tap takes on the
phone, and refusals in the device's language. Flask test client on a real SQLite file."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.cardgame.catalogue import CARDS

NEW = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}
JA = {"Accept-Language": "ja"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def deck_form(**over: str) -> dict[str, str]:
    """A filled form: card 1 blue 2 Wasabi, card 2 green 3 / yellow 4 Quick Knife, card 3
    red 5 with the steal icon, the rest red 1."""
    form: dict[str, str] = {}
    for n in range(1, CARDS + 1):
        form[f"c{n}_colour"] = "red"
        form[f"c{n}_points"] = "1"
        form[f"c{n}_icon"] = "none"
        form[f"c{n}_colour2"] = "none"
    form.update({"c1_colour": "blue", "c1_points": "2", "c1_wasabi": "1"})
    form.update({"c2_colour": "green", "c2_points": "3"})
    form.update({"c2_colour2": "yellow", "c2_points2": "4", "c2_knife2": "1"})
    form.update({"c3_points": "5", "c3_icon": "steal"})
    form.update(over)
    return form


def save(client: Any, **over: str) -> Any:
    return client.post("/games/new/cards/deck", data=deck_form(**over))


def game(client: Any, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={**NEW, **body})
    assert r.status_code == 201, r.json
    return dict(r.json)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_server_remembers_the_cards_and_the_page_shows_them_to_edit(client):
    r = client.get("/games/new/cards/deck")
    assert r.status_code == 200 and "Card No. 18" in r.text
    r = save(client)
    assert r.status_code == 200, r.text
    assert "The 18 cards are saved on this server." in r.text
    page = client.get("/games/new/cards/deck").text
    # Filled in again from the server's memory: card 1 blue, card 2's second half yellow.
    assert re.search(r'name="c1_colour" value="blue"\s+checked', page)
    assert re.search(r'name="c2_colour2" value="yellow"\s+checked', page)
    assert re.search(r'name="c2_knife2" value="1"\s+checked', page)
    # Edited later: card 1 becomes purple 7.
    assert save(client, c1_colour="purple", c1_points="7", c1_wasabi="").status_code == 200
    g = game(client, cards="remembered")
    s = client.get(f"/api/games/{g['id']}", headers=auth(g["host_token"])).json
    assert s["defined_cards"] is True
    r = client.post(
        f"/api/games/{g['id']}/bids", json={"fingers": 3}, headers=auth(g["seats"][0]["token"])
    )
    client.post(
        f"/api/games/{g['id']}/bids", json={"fingers": 1}, headers=auth(g["seats"][1]["token"])
    )
    s = client.get(f"/api/games/{g['id']}", headers=auth(g["host_token"])).json
    first = s["choices"][0]
    assert first == {
        "colour": "purple",
        "points": 7,
        "wasabi": False,
        "knife": False,
        "barrel": False,
        "icon": None,
        "card": 1,
        "half": 0,
    }
    assert {"card": 2, "half": 1, "colour": "yellow"}.items() <= s["choices"][2].items()


def test_forget_removes_the_cards(client):
    save(client)
    r = client.post("/games/new/cards/deck", data={"forget": "1"})
    assert r.status_code == 200 and "This server no longer has defined cards." in r.text
    r = client.post("/api/games", json={**NEW, "cards": "remembered"})
    assert r.status_code == 400
    assert r.json["error"] == "This server has no defined cards yet; define the 18 cards first."


@pytest.mark.parametrize(
    ("over", "said"),
    [
        ({"c4_colour": ""}, "Card No. 4: choose a colour, or type one of 1 to 20 characters."),
        ({"c5_points": "12"}, "Card No. 5: its points are a whole number from 0 to 9."),
        ({"c5_points": "x"}, "Card No. 5: its points are a whole number from 0 to 9."),
        ({"c6_points": ""}, "Card No. 6: its points are a whole number from 0 to 9."),
        ({"c7_other": "x" * 21}, "Card No. 7: choose a colour, or type one of 1 to 20 characters."),
        ({"c8_icon": "fish"}, 'A card\'s icon is "steal", "draw", "discard" or none.'),
        # A two-colour card's second half without points is said to be that half.
        (
            {"c9_colour2": "blue"},
            "Card No. 9, its other colour (a two-colour card): its points are a whole number"
            " from 0 to 9.",
        ),
        (
            {"c9_other2": "x" * 21},
            "Card No. 9, its other colour (a two-colour card): choose a colour, or type one of"
            " 1 to 20 characters.",
        ),
        ({"c10_points": "٣"}, "Card No. 10: its points are a whole number from 0 to 9."),
    ],
)
def test_bad_input_is_refused_400_with_a_sentence_and_the_form_kept(client, over, said):
    r = save(client, **over)
    assert r.status_code == 400
    assert said in text_of(r.text).replace("&#34;", '"').replace("&#39;", "'")
    # Nothing was saved, and the form comes back as filled.
    assert 'name="c1_colour" value="blue"' in r.text
    assert client.post("/api/games", json={**NEW, "cards": "remembered"}).status_code == 400


def test_an_empty_or_junk_post_is_never_a_500(client):
    for data in ({}, {"c1_colour": "red"}, {"c99_points": "1"}, {"forget": ""}):
        r = client.post("/games/new/cards/deck", data=data)
        assert r.status_code == 400, data
    r = client.post("/games/new/cards/deck", data=b"\xff\xfe", content_type="text/plain")
    assert r.status_code == 400


def test_a_games_deck_page_is_the_hosts_a_seat_is_refused_403(client):
    g = game(client)
    gid = g["id"]
    seat = g["seats"][0]["token"]
    r = client.get(f"/games/{gid}/cards/deck", headers=auth(seat))
    assert r.status_code == 403
    assert "Only the table screen defines the cards; a phone plays them." in r.text
    r = client.post(f"/games/{gid}/cards/deck", data=deck_form(), headers=auth(seat))
    assert r.status_code == 403
    # The seat's attempt saved nothing, on the server or in the game.
    assert client.post("/api/games", json={**NEW, "cards": "remembered"}).status_code == 400
    # The same refusal in Japanese on a Japanese phone.
    r = client.get(f"/games/{gid}/cards/deck", headers={**auth(seat), **JA})
    assert r.status_code == 403 and "カードを登録するのはテーブル画面です" in r.text
    # Without any sign-in: 401; another game's id: 404.
    assert client.get(f"/games/{gid}/cards/deck").status_code == 401
    assert client.get("/games/nosuch/cards/deck").status_code == 404
    # A board game has no cards to define.
    board = client.post("/api/games", json={"players": ["Aiko", "Bo"]}).json
    r = client.get(f"/games/{board['id']}/cards/deck", headers=auth(board["host_token"]))
    assert r.status_code == 404 and "has no cards to define" in r.text


def test_from_the_table_screen_the_game_gets_the_cards(client):
    g = game(client)
    gid, host = g["id"], g["host_token"]
    table = client.get(f"/games/{gid}/table", headers=auth(host)).text
    assert f'href="/games/{gid}/cards/deck"' in table
    r = client.post(f"/games/{gid}/cards/deck", data=deck_form(), headers=auth(host))
    assert r.status_code == 303 and r.headers["Location"].endswith(f"/games/{gid}/table")
    s = client.get(f"/api/games/{gid}", headers=auth(host)).json
    assert s["defined_cards"] is True
    assert s["history"][0]["text"] == "The table screen gave this game its 18 defined cards"
    # One undo takes it back.
    assert client.post(f"/api/games/{gid}/undo", json={}, headers=auth(host)).status_code == 200
    assert client.get(f"/api/games/{gid}", headers=auth(host)).json["defined_cards"] is False


def test_a_deck_the_piles_do_not_fit_is_saved_but_not_used_in_that_game(client):
    g = game(client)
    gid, host = g["id"], g["host_token"]
    a, b = (s["token"] for s in g["seats"])
    client.post(f"/api/games/{gid}/bids", json={"fingers": 3}, headers=auth(a))
    client.post(f"/api/games/{gid}/bids", json={"fingers": 1}, headers=auth(b))
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"type": "take_card", "player": "Aiko", "colour": "gold", "points": 9},
        headers=auth(host),
    )
    assert r.status_code == 201
    r = client.post(f"/games/{gid}/cards/deck", data=deck_form(), headers=auth(host))
    assert r.status_code == 400
    assert "The cards already in the piles are not all among these 18 cards" in r.text
    assert client.get(f"/api/games/{gid}", headers=auth(host)).json["defined_cards"] is False
    assert game(client, cards="remembered")["id"]  # saved on the server all the same


def test_one_tap_on_the_phone_takes_the_defined_card(client):
    save(client)
    r = client.post(
        "/games/cards",
        data={"player0": "Aiko", "player1": "Bo", "notches": "3", "use_cards": "1"},
    )
    assert r.status_code == 303
    gid = r.headers["Location"].split("/")[-2]
    host = client.get_cookie(f"tc_host_{gid}").value
    assert client.get(f"/api/games/{gid}", headers=auth(host)).json["defined_cards"] is True
    # The seats' tokens: from the store, as the table screen's join links carry them.
    from companion.web.context import store

    with client.application.app_context():
        rows = store().seats(gid)
    a = next(r["token"] for r in rows if r["seat"] == 0)
    b = next(r["token"] for r in rows if r["seat"] == 1)
    client.post(f"/api/games/{gid}/bids", json={"fingers": 1}, headers=auth(a))
    client.post(f"/api/games/{gid}/bids", json={"fingers": 3}, headers=auth(b))
    page = client.get(f"/games/{gid}/seat", headers=auth(b)).text
    assert 'data-card="2" data-half="1"' in page  # one button per half of the two-colour card
    # Bo taps card 2's yellow half: one post, the card and its half only.
    r = client.post(
        f"/games/{gid}/cards/act?half=1",
        data={"type": "take_card", "player": "Bo", "card": "2", "expected_seq": "3"},
        headers={**auth(b), "X-Cards": "1"},
    )
    assert r.status_code == 200, r.text
    s = client.get(f"/api/games/{gid}", headers=auth(host)).json
    assert s["players"][1]["piles"] == {
        "yellow": [
            {
                "colour": "yellow",
                "points": 4,
                "wasabi": False,
                "knife": True,
                "barrel": False,
                "icon": None,
                "card": 2,
            }
        ]
    }
    assert s["history"][0]["text"] == "Bo took a yellow 4 (Quick Knife)"
    # Taking card 2 again is refused in one sentence, in the device's language.
    client.post(f"/api/games/{gid}/bids", json={"fingers": 3}, headers=auth(a))
    client.post(f"/api/games/{gid}/bids", json={"fingers": 1}, headers=auth(b))
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"type": "take_card", "player": "Aiko", "card": 2},
        headers=auth(a),
    )
    assert r.status_code == 400
    assert r.json == {
        "error": "Card No. 2 is in Bo's piles already, so it cannot be taken again.",
        "field": "card",
    }
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"type": "take_card", "player": "Aiko", "card": 2},
        headers={**auth(a), **JA},
    )
    assert r.json["error"] == "2番のカードはすでにBoの山にあるので、もう一度取ることはできません。"
    r = client.post(
        f"/games/{gid}/cards/act?half=1",
        data={"type": "take_card", "player": "Aiko", "card": "2"},
        headers={**auth(a), "X-Cards": "1", **JA},
    )
    assert r.status_code == 400 and "もう一度取ることはできません" in r.text
    # The API's bad numbers are 400s, never 500s.
    for bad in ("x", 0, 19, -1, True, None, [], {}):
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"type": "take_card", "player": "Aiko", "card": bad},
            headers=auth(a),
        )
        assert r.status_code == 400, bad


def test_without_defined_cards_the_phone_keeps_the_manual_entry(client):
    g = game(client)
    a, b = (s["token"] for s in g["seats"])
    client.post(f"/api/games/{g['id']}/bids", json={"fingers": 3}, headers=auth(a))
    client.post(f"/api/games/{g['id']}/bids", json={"fingers": 1}, headers=auth(b))
    page = client.get(f"/games/{g['id']}/seat", headers=auth(a)).text
    assert "data-card=" not in page and 'name="colour"' in page
    assert client.get(f"/api/games/{g['id']}", headers=auth(a)).json["choices"] == []


def test_card_refusals_in_japanese(client):
    g = game(client)
    a = g["seats"][0]["token"]
    r = client.post(f"/api/games/{g['id']}/bids", json={"fingers": 9}, headers={**auth(a), **JA})
    assert r.status_code == 400 and r.json["error"] == "入札は指1本、2本、3本、4本のいずれかです。"
    r = client.post(
        f"/api/games/{g['id']}/actions",
        json={"type": "speciality", "player": "Aiko", "points": 3},
        headers={**auth(a), **JA},
    )
    assert r.status_code == 403 and r.json["error"] == "それを記録できるのはテーブル画面だけです。"
    r = client.post(
        f"/api/games/{g['id']}/actions",
        json={"type": "take_card", "player": "Aiko", "colour": "red", "points": 1},
        headers={**auth(a), **JA},
    )
    assert r.status_code == 400 and r.json["error"] == "今カードを取る人はいません。次は入札です。"
    # English stays English.
    r = client.post(f"/api/games/{g['id']}/bids", json={"fingers": 9}, headers=auth(a))
    assert r.json["error"] == "A bid is 1, 2, 3 or 4 fingers."


def test_the_define_page_and_the_one_tap_buttons_in_japanese(client):
    r = client.get("/games/new/cards/deck", headers=JA)
    assert r.status_code == 200 and "18枚のカード" in r.text and "1番のカード" in r.text
    r = client.post("/games/new/cards/deck", data=deck_form(c5_points="x"), headers=JA)
    assert r.status_code == 400 and "5番のカード：点数は0から9までの整数です。" in r.text
    save(client)
    g = game(client, cards="remembered")
    a, b = (s["token"] for s in g["seats"])
    client.post(f"/api/games/{g['id']}/bids", json={"fingers": 3}, headers=auth(a))
    client.post(f"/api/games/{g['id']}/bids", json={"fingers": 1}, headers=auth(b))
    page = client.get(f"/games/{g['id']}/seat", headers={**auth(a), **JA}).text
    assert "Aikoのカード：タップしてください" in page and "2番" in page
