"""Tsukiji Market, the card game, played as a real table plays it (exploratory QA), on the
server: what a person types into the table screen's forms is refused in a sentence they
understand, in their language."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

NEW = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def error_of(page: str) -> str:
    found = re.search(r'<p class="error" role="alert"[^>]*>([^<]*)</p>', page)
    assert found, page[:300]
    return html.unescape(found.group(1))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_speciality_bonus_typed_wrong_is_refused_in_the_rules_words(client, lang):
    """The table screen's Speciality bonus field takes whatever is typed: a word, a
    negative or decimal number, digits of another script (full-width ones are their
    numbers: tests/test_qa_cards2.py), nothing. Each is refused with the rules' own
    sentence ("A Speciality bonus is a whole number of points from 1 to
    99."), as a number out of range is; it said "The field "points" must be as
    docs/actions.md describes it." (項目"points"はdocs/actions.mdに書かれているとおり…),
    and nothing is recorded."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]

    def bonus(points: str) -> str:
        r = client.post(
            f"/games/{game}/cards/act?as=host",
            data={"type": "speciality", "player": "Aiko", "points": points},
            headers={**auth(host), "X-Cards": "1", "Accept-Language": lang},
        )
        assert r.status_code == 400
        return error_of(r.get_data(as_text=True))

    rules = bonus("100")  # out of range: refused by the rules, in their words
    assert "1" in rules and "99" in rules
    for typed in ("abc", "-5", "5.5", "١٢", "", "99999999999999999999"):
        assert bonus(typed) == rules, typed
    state = client.get(f"/api/games/{game}", headers=auth(host)).json
    assert [p["score"]["speciality"] for p in state["players"]] == [0, 0]
    assert state["history"] == []


@pytest.mark.parametrize("kind", ["take_card", "discard_card"])
def test_a_card_s_points_that_are_no_number_are_refused_in_the_rules_words(client, kind):
    """A card's points sent as no number (a word, 2.5) are refused as 10 points are, in
    the rules' sentence, not "must be as docs/actions.md describes it"."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    for seat, fingers in zip(made["seats"], (3, 1), strict=True):  # Aiko wins: her card
        r = client.post(
            f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(seat["token"])
        )
        assert r.status_code == 201

    def refusal(points: object) -> str:
        body = {"type": kind, "player": "Aiko", "colour": "red", "points": points}
        r = client.post(f"/api/games/{game}/actions", json=body, headers=auth(host))
        assert r.status_code == 400 and r.json["field"] == "points", r.json
        return str(r.json["error"])

    rules = "A card's points are a whole number from 0 to 9."
    if kind == "take_card":  # the rules' own refusal of 10 points
        assert refusal(10) == rules
    for sent in ("abc", 2.5, [3]):
        assert refusal(sent) == rules, sent


@pytest.mark.parametrize(("lang", "label"), [("en", "No icon"), ("ja", "アイコンなし")])
def test_an_icon_tapped_by_mistake_can_be_taken_back_on_the_card_form(client, lang, label):
    """The card form's Steal, Draw and Discard icons are one radio group: a radio cannot
    be unticked, so an icon tapped by mistake stayed chosen and the card could only be
    recorded with it (a steal or a draw that never was, then an undo on the table
    screen). The group now starts on "No icon", which a tap chooses again; posted, it
    records the card without an icon."""
    made: Any = client.post("/api/games", json=NEW).json
    game, aiko = made["id"], made["seats"][0]["token"]
    for seat, fingers in zip(made["seats"], (3, 1), strict=True):
        r = client.post(
            f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(seat["token"])
        )
        assert r.status_code == 201
    page = client.get(
        f"/games/{game}/seat", headers={**auth(aiko), "Accept-Language": lang}
    ).get_data(as_text=True)
    icons = re.findall(
        r'<label class="tap"><input type="radio" name="icon"([^>]*)> ([^<]*)</label>', page
    )
    assert [text.strip() for _, text in icons][0] == label
    assert [attrs for attrs, _ in icons][0] == ' value="" checked'
    assert all("checked" not in attrs for attrs, _ in icons[1:])
    form = {"type": "take_card", "player": "Aiko", "colour": "red", "points": "3", "icon": ""}
    r = client.post(f"/games/{game}/cards/act", data=form, headers={**auth(aiko), "X-Cards": "1"})
    assert r.status_code == 200
    state = client.get(f"/api/games/{game}", headers=auth(aiko)).json
    assert state["players"][0]["piles"]["red"][0]["icon"] is None
    assert state["waiting_for"] == []


def test_the_reveal_s_line_counts_the_barrel_s_notches_in_words(client):
    """The history's line of a won bid said "the Barrel moves 2 notch(es) toward Bo" on the
    table screen: now "1 notch" and "2 notches", as the Scale's own line says."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    aiko, bo = (s["token"] for s in made["seats"])

    def round_(a: int, b: int) -> list[str]:
        for token, fingers in ((aiko, a), (bo, b)):
            r = client.post(
                f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(token)
            )
            assert r.status_code == 201
        events = client.get(f"/api/games/{game}/events", headers=auth(host)).json["events"]
        notes: list[str] = events[0]["notes"]
        return notes

    assert round_(3, 1)[0] == "Aiko wins the bid 3 to 1: the Barrel moves 2 notches toward Bo"
    r = client.post(
        f"/api/games/{game}/actions",
        json={"type": "take_card", "player": "Aiko", "colour": "red", "points": 1},
        headers=auth(host),
    )
    assert r.status_code == 201
    assert round_(1, 2)[0] == "Bo wins the bid 2 to 1: the Barrel moves 1 notch toward Aiko"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_new_card_game_page_refuses_in_the_card_game_s_words(client, lang):
    """The New game page of the card game, filled wrong: a name left empty or too long
    was refused with the board game's "The players must be a list of 2 to 6 names.", and
    notches out of 1–9 (0, 10, a word) with "The field "notches" must be as
    docs/actions.md describes it.". Now each in the card game's own words, in the page's
    language; nothing is created."""
    from companion.cardgame.catalogue import NOTCHES_MAX, NOTCHES_MIN
    from companion.catalogues import render
    from companion.engine import Message

    def refusal(**fields: str) -> str:
        form = {"player0": "Aiko", "player1": "Bo", "notches": "3", **fields}
        r = client.post("/games/cards", data=form, headers={"Accept-Language": lang})
        assert r.status_code == 400
        return error_of(r.get_data(as_text=True))

    notches = render(Message("cards.notches", {"low": NOTCHES_MIN, "high": NOTCHES_MAX}), lang)
    for typed in ("0", "10", "-1", "abc"):
        assert refusal(notches=typed) == notches, typed
    names = refusal(player0="")
    assert names == refusal(player1="x" * 31)
    assert "2" in names and "30" in names and "6" not in names
    assert "docs/actions.md" not in refusal(variant="sideways")
    r = client.post(
        "/api/games",
        json={"game": "tsukiji_market", "players": ["Aiko", "Bo", "Chiyo"]},
        headers={"Accept-Language": lang},
    )
    assert r.status_code == 400 and r.json == {"error": names, "field": "players"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_bid_of_no_number_of_fingers_is_refused_in_the_rules_words(client, lang):
    """A bid's fingers that are no whole number (a text, 2.5, true, a list, none, or the
    form's "３") are refused as 5 fingers are, "A bid is 1, 2, 3 or 4 fingers.", not
    "The field "fingers" must be as docs/actions.md describes it."; nothing is sealed."""
    made: Any = client.post("/api/games", json=NEW).json
    game, aiko = made["id"], made["seats"][0]["token"]
    headers = {**auth(aiko), "Accept-Language": lang}

    def refusal(body: dict[str, Any]) -> str:
        r = client.post(f"/api/games/{game}/bids", json=body, headers=headers)
        assert r.status_code == 400 and r.json["field"] == "fingers", r.json
        return str(r.json["error"])

    rules = refusal({"fingers": 5})
    for sent in ("3", "x", 2.5, True, [3]):
        assert refusal({"fingers": sent}) == rules, sent
    assert refusal({}) == rules
    r = client.post(
        f"/games/{game}/cards/bid", data={"fingers": "３"}, headers={**headers, "X-Cards": "1"}
    )
    assert r.status_code == 400 and error_of(r.get_data(as_text=True)) == rules
    assert client.get(f"/api/games/{game}", headers=auth(aiko)).json["bid_by"] == []


def test_the_table_screen_s_history_numbers_its_entries_from_the_first(client):
    """The history lists the newest entry first; its numbers counted from the newest, so
    the table screen called the latest reveal "1." and the game's first one "3.". The
    list is reversed (as the board game's log): the newest entry has the highest number."""
    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    for seat, fingers in zip(made["seats"], (2, 2), strict=True):  # a Night tie: 1 entry
        client.post(
            f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(seat["token"])
        )
    page = client.get(f"/games/{game}/table", headers=auth(host)).get_data(as_text=True)
    history = re.search(r'<ol class="cards-history"([^>]*)>', page)
    assert history and 'id="history"' in history.group(1)
    assert "reversed" in history.group(1).split()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_s_fields_sent_wrong_are_refused_in_words(client, lang):
    """Each field of a card sent wrong through the API (a flag that is no true or false,
    an unknown icon or source, a card number or half out of range, a colour of no
    name) is refused in a sentence that says what it must be, in the asker's language,
    not "The field "wasabi" must be as docs/actions.md describes it."."""
    from companion.cardgame.catalogue import CARDS, COLOUR_MAX
    from companion.catalogues import render
    from companion.engine import Message

    made: Any = client.post("/api/games", json=NEW).json
    game, host = made["id"], made["host_token"]
    for seat, fingers in zip(made["seats"], (3, 1), strict=True):
        r = client.post(
            f"/api/games/{game}/bids", json={"fingers": fingers}, headers=auth(seat["token"])
        )
        assert r.status_code == 201
    card = {"player": "Aiko", "colour": "red", "points": 3}
    rules = {
        "colour": render(Message("cards.colour", {"most": COLOUR_MAX}), lang),
        "card": render(Message("cards.card_number", {"most": CARDS}), lang),
        "icon": render(Message("cards.icon"), lang),
    }
    for kind in ("take_card", "discard_card"):
        for field, value in [
            ("wasabi", "yes"),
            ("knife", 1),
            ("barrel", "no"),
            ("icon", "sword"),
            ("icon", 3),
            ("source", "pocket"),
            ("card", "x"),
            ("card", 99),
            ("half", 2),
            ("colour", 3),
            ("colour", "x" * 40),
        ]:
            body = {"type": kind, **card, field: value}
            r = client.post(
                f"/api/games/{game}/actions",
                json=body,
                headers={**auth(host), "Accept-Language": lang},
            )
            assert r.status_code == 400 and r.json["field"] == field, (body, r.json)
            said = r.json["error"]
            assert "docs/actions.md" not in said, (body, said)
            if field in rules:
                assert said == rules[field], (body, said)
