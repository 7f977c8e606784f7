"""The engine (companion/engine): messages and the refusal type, the Game protocol as the
two games answer it. Pure and fast: no database, no Flask."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import companion.engine
from companion import cardgame, games
from companion.engine import IllegalAction, Message, Turned, all_in, receipt, reveal, seal
from companion.rules import auctions as auction_rules
from companion.rules.messages import render
from companion.rules.setup import make_config
from companion.rules.table import initial_table

ENGINE = [
    importlib.import_module(m.name)
    for m in pkgutil.walk_packages(companion.engine.__path__, prefix="companion.engine.")
]


@pytest.mark.parametrize("module", [*ENGINE, games], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    assert doctest.testmod(module).failed == 0


def test_the_old_paths_are_the_engines() -> None:
    from companion.rules import errors, messages

    assert errors.IllegalAction is IllegalAction
    assert messages.Message is Message


def test_a_message_reads_by_the_catalogue() -> None:
    said = Message("no_freezer", {"player": "Bo"})
    assert str(said) == render(said) == "Bo holds no Freezer."
    error = IllegalAction(said, "freezer")
    assert error.message == "Bo holds no Freezer."
    assert str(error) == "freezer: Bo holds no Freezer."
    assert error.render("ja") == render(said, "ja") != error.message


def test_the_board_game_as_a_game() -> None:
    game = games.GAMES[games.BOARD]
    config = make_config(["Aiko", "Bo"], seed=7)
    table = game.setup(config)
    assert table == initial_table(config)
    assert game.client_move("nonsense") == Message("door.no_action", {"name": "'nonsense'"})
    assert game.client_move("auction_reveal") == Message("door.auction_internal")
    assert game.client_move("pay") is None
    pay = {"from": "Bo", "to": "Aiko", "amount": 100}
    assert game.why_not(table, "pay", pay, 1) is None
    assert game.why_not(table, "pay", pay, 0) == Message("door.own_only")
    assert game.why_not(table, "pay", {**pay, "from": "supply"}, 0) == Message("door.supply_host")
    assert game.why_not(table, "pay", pay, None) is None
    assert game.outcome(table) is None
    drawn = game.draws(table, config, "fishing", {"player": "Aiko"}, 5)
    again = game.draws(table, config, "fishing", {"player": "Aiko"}, 5)
    assert drawn == again and drawn.group == "a5" and drawn.args["auction_id"] == "a5"
    assert sorted(drawn.args["drawn"]) == sorted(table.bag)
    assert game.draws(table, config, "pay", pay, 5).args == pay


def test_the_card_game_as_a_game() -> None:
    game = games.GAMES[games.CARDS]
    config = cardgame.make_config(["Aiko", "Bo"], 3)
    table = game.setup(config)
    assert game.client_move("bid") == Message("cards.bid_endpoint")
    assert game.client_move("reveal") == Message("cards.only_server")
    assert game.client_move("take_card") is None
    assert game.why_not(table, "take_card", {"player": "Aiko"}, 0) is None
    assert game.why_not(table, "take_card", {"player": "Aiko"}, 1) == Message(
        "cards.only_own_card", {"player": "Aiko"}
    )
    assert not game.history("bid") and game.history("reveal")
    assert game.outcome(table) is None
    assert game.draws(table, config, "take_card", {"player": "Aiko"}, 3).group is None


# -- the one sealed-secret mechanism ------------------------------------------------------------


def test_a_receipt_is_the_one_every_saved_game_carries() -> None:
    # The receipts of games saved before the engine (auction bids and finger bids alike)
    # must still check: the same sha256 commitment, to the letter.
    assert receipt("a3", 1, 1700, "00ff") == "1ABC-FA11"
    assert receipt("r2", 0, 3, "abcd") == "D032-8F2E"
    assert auction_rules.receipt is receipt


def test_seal_then_reveal_publishes_every_value_with_its_proof() -> None:
    a, b = seal("a9", 0, 500), seal("a9", 2, 0)
    assert a.nonce != b.nonce and len(a.nonce) == 16
    assert a.receipt == receipt("a9", 0, 500, a.nonce)
    kept = {s.seat: (s.value, s.nonce, s.receipt) for s in (b, a)}
    opened = reveal(kept, seats=(0, 1, 2))
    assert opened.values == {0: 500, 2: 0}
    assert list(opened.values) == [0, 2]  # in the order of the seats, not of sealing
    assert opened.receipts == [[0, a.nonce, a.receipt], [2, b.nonce, b.receipt]]
    assert opened.missing == (1,)
    assert not all_in(kept, (0, 1, 2)) and all_in(kept, (0, 2))


def test_each_game_says_how_its_secrets_are_sealed() -> None:
    board = games.GAMES[games.BOARD]
    config = make_config(["Aiko", "Bo"], seed=7)
    table = board.setup(config)
    bids = board.secrets()["bids"]
    with pytest.raises(Turned) as refused:
        bids.seal(table, config, None, "a1", 100)
    assert (refused.value.status, refused.value.message) == (403, Message("door.bid_player"))
    with pytest.raises(Turned) as refused:
        bids.seal(table, config, 0, "a1", 150)
    assert (refused.value.status, refused.value.field) == (400, "amount")
    with pytest.raises(Turned) as refused:
        bids.seal(table, config, 0, "a1", 100)
    assert (refused.value.status, refused.value.message) == (404, Message("door.no_auction"))

    cards = games.GAMES[games.CARDS]
    card_config = cardgame.make_config(["Aiko", "Bo"], 3)
    state = cards.setup(card_config)
    fingers = cards.secrets()["fingers"]
    with pytest.raises(Turned) as refused:
        fingers.seal(state, card_config, 1, None, 5)
    assert (refused.value.status, refused.value.field) == (400, "fingers")
    sealing = fingers.seal(state, card_config, 1, None, 3)
    assert (sealing.key, sealing.kind, sealing.data, sealing.changed) == (
        "r1",
        "bid",
        {"player": "Bo"},
        False,
    )
    assert fingers.seats(state, "r1") is None  # nobody has bid yet
    # Each game's absence is worded by the game that has the secret.
    assert "fingers" not in board.secrets() and "bids" not in cards.secrets()
    assert fingers.absent == Message("cards.no_finger_bids")
    assert bids.absent == Message("cards.no_auctions")
