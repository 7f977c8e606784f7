"""Board numbers remembered by the server (AMB-40), and the Salmon licences at 3 players
(AMB-11): the New game page asks for a number once, this server keeps it for its next
games (per player count; the box's Clam and Oyster counts for every count), a game keeps
the numbers it was created with, and the host may change any of them."""

from __future__ import annotations

import re
from pathlib import Path

import sqlite_utils

from companion.games import GAMES
from companion.rules.setup import make_config
from companion.store import Store

#: Three players, the Expansion, markets by hand: Nori, Sardine and Clams & Oysters ask for
#: numbers, Salmon for its licences.
FORM = {
    "player": ["Aiko", "Bo", "Chiyo", ""],
    "money": "open",
    "expansion": "on",
    "manual": "on",
    "seed": "7",
    "fish_market": ["mackerel", "nori", "sardine", "clams_oysters", "salmon"],
    "external_market": ["ships", "bank", "barter"],
}
#: The board fields as the preview showed them for three players, all left empty.
SHOWN = {
    "board_players": "3",
    "board.nori.licenses": "",
    "board.nori.barrels": "",
    "board.nori.tokens": "",
    "board.sardine.barrels": "",
    "board.sardine.tokens": "",
    "board.clams_oysters.clams": "",
    "board.clams_oysters.oysters": "",
    "board.salmon.licenses": "3",
}
#: The same for four players, who draw one external market more (setup.md §2.1).
FOUR = {
    **FORM,
    "player": ["Aiko", "Bo", "Chiyo", "Daichi"],
    "external_market": ["ships", "bank", "barter", "rentals"],
}
API_GAME = {
    "players": ["Aiko", "Bo", "Chiyo"],
    "expansion": True,
    "seed": 7,
    "fish_markets": ["mackerel", "nori", "sardine", "clams_oysters", "salmon"],
    "external_markets": ["ships", "bank", "barter"],
}


def _store(client) -> Store:
    store: Store = client.application.extensions["companion.store"]
    return store


def create(client, form: dict) -> str:
    created = client.post("/games", data=form)
    assert created.status_code == 303, created.get_data(as_text=True)
    return created.headers["Location"].split("/")[2]


def numbers(client, game_id: str) -> dict:
    return _store(client).state(game_id).config.board_numbers


def field(html: str, name: str) -> str:
    """The value a number field of the preview is filled with."""
    found = re.search(rf'name="{re.escape(name)}"\s+value="([^"]*)"', html)
    assert found, f"no field {name}"
    return found.group(1)


def test_a_number_entered_for_one_game_is_used_for_the_next_game_created_without_it(client):
    first = create(
        client,
        {
            **FORM,
            **SHOWN,
            "board.nori.tokens": "10",
            "board.clams_oysters.clams": "6",
            "board.clams_oysters.oysters": "4",
        },
    )
    assert numbers(client, first) == {
        "nori": {"tokens": 10},
        "clams_oysters": {"clams": 6, "oysters": 4},
    }
    # The page asks once: the next preview is filled in, and says why.
    html = client.post("/games/preview", data=FORM).get_data(as_text=True)
    assert field(html, "board.nori.tokens") == "10"
    assert field(html, "board.clams_oysters.clams") == "6"
    assert field(html, "board.nori.barrels") == ""
    assert "This server remembers these numbers for its next games with 3 players" in html
    # A game created without them (no board fields at all) is stocked from them.
    second = create(client, FORM)
    assert numbers(client, second)["nori"] == {"tokens": 10}
    table = _store(client).state(second).table
    assert table.board_tokens["nori"] == 10
    assert table.bag.count("clam") == 6 and table.bag.count("oyster") == 4


def test_changing_a_number_changes_later_games_not_earlier_ones(client):
    first = create(client, {**FORM, **SHOWN, "board.nori.tokens": "10"})
    second = create(client, {**FORM, **SHOWN, "board.nori.tokens": "12"})
    third = create(client, FORM)
    assert [numbers(client, g)["nori"]["tokens"] for g in (first, second, third)] == [10, 12, 12]
    # The earlier game is unchanged on disk too, not only in the folded copy in memory.
    assert _store(client).remembered_numbers(3)["nori"] == {"tokens": 12}
    reopened = Store(_store(client).path, GAMES)
    try:
        assert reopened.state(first).config.board_numbers["nori"] == {"tokens": 10}
        assert reopened.state(first).table.board_tokens["nori"] == 10
    finally:
        reopened.close()


def test_an_emptied_field_is_forgotten(client):
    create(client, {**FORM, **SHOWN, "board.nori.tokens": "10"})
    emptied = create(client, {**FORM, **SHOWN})
    assert "nori" not in numbers(client, emptied)
    assert _store(client).state(emptied).table.board_tokens["nori"] is None
    assert "nori" not in numbers(client, create(client, FORM))


def test_numbers_are_remembered_per_player_count_and_the_box_counts_for_all(client):
    """A board prints "P, max N": the licences copied for 3 players are not those for 4.
    The Clam and Oyster tokens are the box's, whatever the count."""
    create(
        client,
        {
            **FORM,
            **SHOWN,
            "board.nori.licenses": "3",
            "board.clams_oysters.clams": "6",
            "board.clams_oysters.oysters": "4",
        },
    )
    html = client.post("/games/preview", data=FOUR).get_data(as_text=True)
    assert field(html, "board.nori.licenses") == ""
    assert field(html, "board.clams_oysters.clams") == "6"
    assert "its next games with 4 players" in html
    game = create(client, FOUR)
    assert numbers(client, game) == {"clams_oysters": {"clams": 6, "oysters": 4}}


def test_numbers_shown_for_another_player_count_are_not_taken_for_this_one(client):
    """The page's fields were filled for 3 players; a fourth name makes them stale, so the
    numbers remembered (or the defaults) for 4 players are used instead."""
    create(client, {**FOUR, "board_players": "4", "board.nori.licenses": "4"})
    stale = {**FOUR, **SHOWN, "board.nori.licenses": "3", "board.salmon.licenses": "3"}
    html = client.post("/games/preview", data=stale).get_data(as_text=True)
    assert field(html, "board.nori.licenses") == "4"
    assert field(html, "board.salmon.licenses") == "4"  # min(P, 4) at 4 players
    game = create(client, stale)
    assert numbers(client, game)["nori"] == {"licenses": 4}
    assert _store(client).remembered_numbers(3) == {}  # the stale 3 was not kept for 3 players


def test_the_api_remembers_what_it_is_given_and_fills_what_it_is_not(client):
    first = client.post(
        "/api/games", json={**API_GAME, "board_numbers": {"nori": {"tokens": 9, "barrels": 5}}}
    ).get_json()
    second = client.post("/api/games", json=API_GAME).get_json()
    assert numbers(client, second["id"]) == {"nori": {"tokens": 9, "barrels": 5}}
    third = client.post(
        "/api/games", json={**API_GAME, "board_numbers": {"nori": {"tokens": 7}}}
    ).get_json()
    assert numbers(client, third["id"]) == {"nori": {"tokens": 7, "barrels": 5}}
    assert numbers(client, first["id"]) == {"nori": {"tokens": 9, "barrels": 5}}
    # The page then offers the API's numbers too: one memory per server.
    html = client.post("/games/preview", data=FORM).get_data(as_text=True)
    assert field(html, "board.nori.tokens") == "7"


def test_printed_figures_are_not_remembered(client):
    """A number for a figure the rulebooks print (Eel's licences) belongs to its game."""
    game = {
        **API_GAME,
        "expansion": False,
        "fish_markets": ["mackerel", "eel", "fugu", "squid", "tuna"],
        "external_markets": ["ships", "bank", "rentals"],
    }
    client.post("/api/games", json={**game, "board_numbers": {"eel": {"licenses": 1}}})
    assert _store(client).remembered_numbers(3) == {}
    later = client.post("/api/games", json=game).get_json()
    assert numbers(client, later["id"]) == {}


def test_remembered_numbers_stock_a_market_entering_mid_game(client):
    """The game keeps the remembered numbers of the markets still in the box as well, so
    an Expansion market drawn mid-game is stocked with them."""
    create(client, {**FORM, **SHOWN, "board.nori.licenses": "2", "board.nori.tokens": "8"})
    game = client.post(
        "/api/games",
        json={**API_GAME, "fish_markets": ["mackerel", "eel", "fugu", "squid", "tuna"]},
    ).get_json()
    headers = {"Authorization": f"Bearer {game['host_token']}"}
    added = client.post(
        f"/api/games/{game['id']}/actions",
        headers=headers,
        json={"type": "add_market", "market": "nori"},
    )
    assert added.status_code == 201, added.get_json()
    table = _store(client).state(game["id"]).table
    assert table.board_tokens["nori"] == 8 and table.board_licenses["nori"] == 2


# -- Salmon licences (AMB-11) ---------------------------------------------------------------


def test_the_salmon_licences_field_shows_the_boards_reading_for_the_player_count(client):
    html = client.post("/games/preview", data=FORM).get_data(as_text=True)
    assert field(html, "board.salmon.licenses") == "3"
    assert (
        "The Salmon board prints “P, max 4”, but the rulebook’s 3-player example puts 4 "
        "licences on it" in html
    )
    two = {
        **FORM,
        "player": ["Aiko", "Bo"],
        "fish_market": ["mackerel", "nori", "sardine", "salmon"],
        "external_market": ["ships", "bank", "barter"],
    }
    html = client.post("/games/preview", data=two).get_data(as_text=True)
    assert field(html, "board.salmon.licenses") == "2"
    base = {
        "player": ["Aiko", "Bo", "Chiyo"],
        "manual": "on",
        "seed": "3",
        "fish_market": ["mackerel", "salmon", "eel", "fugu", "squid"],
        "external_market": ["ships", "bank", "rentals"],
    }
    html = client.post("/games/preview", data=base).get_data(as_text=True)
    assert field(html, "board.salmon.licenses") == "3"  # a base game asks too
    assert 'name="board.nori.tokens"' not in html


def test_four_salmon_licences_at_three_players_stock_the_game_and_are_remembered(client):
    game = create(client, {**FORM, **SHOWN, "board.salmon.licenses": "4"})
    assert numbers(client, game) == {"salmon": {"licenses": 4}}
    assert _store(client).state(game).table.board_licenses["salmon"] == 4
    checklist = client.get(f"/games/{game}/table").get_data(as_text=True)
    assert "4 licences" in checklist
    html = client.post("/games/preview", data=FORM).get_data(as_text=True)
    assert field(html, "board.salmon.licenses") == "4"
    # Back to the board's reading: nothing to keep, in the game or on the server.
    default = create(client, {**FORM, **SHOWN})
    assert numbers(client, default) == {}
    assert _store(client).state(default).table.board_licenses["salmon"] == 3
    assert _store(client).remembered_numbers(3) == {}


def test_the_api_takes_salmon_licences_as_a_board_number(client):
    game = client.post(
        "/api/games", json={**API_GAME, "board_numbers": {"salmon": {"licenses": 4}}}
    ).get_json()
    assert _store(client).state(game["id"]).table.board_licenses["salmon"] == 4
    later = client.post("/api/games", json=API_GAME).get_json()
    assert _store(client).state(later["id"]).table.board_licenses["salmon"] == 4


def test_a_bad_salmon_number_is_refused_in_one_sentence(client):
    html = client.post(
        "/games/preview", data={**FORM, **SHOWN, "board.salmon.licenses": "four"}
    ).get_data(as_text=True)
    assert "Board numbers are whole numbers." in html
    assert (
        client.post("/games", data={**FORM, **SHOWN, "board.salmon.licenses": "-1"}).status_code
        == 400
    )
    assert _store(client).remembered_numbers(3) == {}


# -- the store ------------------------------------------------------------------------------


def test_the_board_numbers_table_is_added_to_an_older_database(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = Store(path, GAMES)
    game_id, _, _ = store.create_game(make_config(["Aiko", "Bo"]))
    store.close()
    db = sqlite_utils.Database(path)
    db["board_numbers"].drop()
    db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm005_board_numbers'")
    db.conn.commit()
    db.conn.close()

    store = Store(path, GAMES)
    try:
        assert store.remembered_numbers(2) == {}
        store.remember_numbers([("nori", "tokens", 2, 6), ("clams_oysters", "clams", 0, 5)])
        assert store.remembered_numbers(2) == {"clams_oysters": {"clams": 5}, "nori": {"tokens": 6}}
        assert store.remembered_numbers(3) == {"clams_oysters": {"clams": 5}}
        stamp = store.db["board_numbers"].get(("nori", "tokens", 2))["updated_at"]
        store.remember_numbers([("nori", "tokens", 2, 6)])  # unchanged: not rewritten
        assert store.db["board_numbers"].get(("nori", "tokens", 2))["updated_at"] == stamp
        store.remember_numbers([("nori", "tokens", 2, None)])
        assert store.remembered_numbers(2) == {"clams_oysters": {"clams": 5}}
        assert store.state(game_id).config.players == ("Aiko", "Bo")
    finally:
        store.close()


def test_the_new_game_page_asks_for_an_entry_cost_the_books_do_not_print(client):
    """Swordfish, Sardine, Himono and Clams & Oysters print no entry cost the books give
    (AMB-40): the page asks for it, the game keeps it, the next game is offered it."""
    form = {**FORM, "fish_market": ["mackerel", "swordfish", "eel", "tuna", "squid"]}
    html = client.post("/games/preview", data=form).get_data(as_text=True)
    assert field(html, "board.swordfish.entry_ap") == ""
    game = create(client, {**form, "board_players": "3", "board.swordfish.entry_ap": "1"})
    assert numbers(client, game)["swordfish"]["entry_ap"] == 1
    again = client.post("/games/preview", data=form).get_data(as_text=True)
    assert field(again, "board.swordfish.entry_ap") == "1"
