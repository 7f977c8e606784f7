"""The New game page: the markets drawn or chosen, and the numbers printed on Expansion
boards that the rulebooks leave out (AMB-40), entered by the host."""

from __future__ import annotations

FORM = {
    "player": ["Aiko", "Bo", "Chiyo", ""],
    "money": "open",
    "expansion": "on",
    "manual": "on",
    "seed": "7",
    "fish_market": ["mackerel", "nori", "sardine", "clams_oysters", "eel"],
    "external_market": ["ships", "bank", "barter"],
}


def test_the_preview_asks_for_the_expansion_boards_numbers(client):
    html = client.post("/games/preview", data=FORM).get_data(as_text=True)
    for name in (
        "board.nori.tokens",
        "board.sardine.tokens",
        "board.clams_oysters.clams",
        "board.clams_oysters.oysters",
    ):
        assert f'name="{name}"' in html
    assert 'name="board.sardine.licenses"' not in html  # printed in the rules: 2
    assert 'name="board.eel.tokens"' not in html  # a base board


def test_entered_numbers_stock_the_game(client):
    form = {
        **FORM,
        "board.nori.tokens": "10",
        "board.clams_oysters.clams": "6",
        "board.clams_oysters.oysters": "4",
    }
    created = client.post("/games", data=form)
    assert created.status_code == 303
    game_id = created.headers["Location"].split("/")[2]
    state = client.application.extensions["companion.store"].state(game_id)
    assert state.config.board_numbers == {
        "nori": {"tokens": 10},
        "clams_oysters": {"clams": 6, "oysters": 4},
    }
    assert state.table.bag.count("clam") == 6 and state.table.bag.count("oyster") == 4
    assert state.table.board_tokens["nori"] == 10
    assert state.table.board_tokens["sardine"] is None  # left empty: not counted


def test_a_bad_board_number_is_refused_in_one_sentence(client):
    form = {**FORM, "board.nori.tokens": "ten"}
    html = client.post("/games/preview", data=form).get_data(as_text=True)
    assert "Board numbers are whole numbers." in html
    created = client.post("/games", data=form)
    assert created.status_code == 400
