"""The game's story as data (companion/story.py), against the log of real games played
through the Door on a real SQLite file: the scenario game of tests/test_game_scenario.py
(thirteen turns, every number worked out by hand) and a game of sealed-bid auctions.

A player's Yen and Resources at each turn are the fold of the log up to that turn; the
market values likewise; with closed money another player's Yen is in the story only where
the rules make it public (the end check at 50 Resources, the end of the game).

The helpers here (``parts``, ``auction_game``, ``closed_game``) are used by the export
and import tests too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_game_scenario import SETUP, DoorGame, play_long_game

from companion.door import Door
from companion.games import GAMES, fold
from companion.identity import Identity
from companion.live import Hub
from companion.rules.resources import red_snapper_value
from companion.store import Store
from companion.story import boundaries, holdings_rows, story

A, B, C = "Aiko", "Bo", "Chiyo"

AUCTION_SETUP: dict[str, Any] = {
    "players": [A, B, C],
    "money": "open",
    "seed": 11,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "auction"],
}


@pytest.fixture
def parts(tmp_path: Path) -> Iterator[tuple[Store, Door]]:
    path = tmp_path / "story.sqlite3"
    store = Store(path, GAMES)
    hub = Hub(str(path), max_streams=8)
    yield store, Door(store, hub)
    hub.stop()
    store.close()


def host_of(door: Door, g: DoorGame) -> Identity:
    return door.identify(g.game_id, g.host)


def seat_of(door: Door, g: DoorGame, name: str) -> Identity:
    return door.identify(g.game_id, g.seats[name])


def sealed_auction(door: Door, g: DoorGame, kind: str, owner: str, bids: dict[str, int]) -> str:
    """Open an auction from the table screen and seal every bid from the phones; the last
    bid reveals. Returns the auction id."""
    aid = str(
        door.server_move(g.game_id, g.host, "open_auction", {"kind": kind, "owner": owner}).data[
            "id"
        ]
    )
    for name, amount in bids.items():
        door.seal(g.game_id, g.seats[name], "bids", aid, amount)
    return aid


def auction_game(store: Store, door: Door, money: str = "open") -> DoorGame:
    """Three turns with two docking auctions (one won outright, one tied and chosen by its
    owner), an undo and a redo of the first auction as a whole, payments, and the end."""
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": money})
    g.act("host", type="next_turn")  # turn 1, Aiko
    g.act(A, type="take_license", player=A, market="tuna")
    tuna = sealed_auction(door, g, "tuna", A, {A: 300, B: 700, C: 500})
    assert g.table.auctions[tuna].status == "settled"
    g.undo()  # the whole auction goes back …
    assert tuna not in g.table.auctions
    g.redo()  # … and comes back
    assert g.table.auctions[tuna].winner == 1
    g.act("host", type="next_turn")  # turn 2, Bo
    g.act("host", type="pay", **{"from": "supply", "to": B, "amount": 1100})
    crab = sealed_auction(door, g, "spider_crab", B, {A: 200, B: 200, C: 0})
    assert g.table.auctions[crab].status == "revealed"
    door.server_move(g.game_id, g.seats[B], "choose", {"auction": crab, "winner": A})
    g.act("host", type="next_turn")  # turn 3, Chiyo
    g.act(C, type="pay", **{"from": C, "to": "supply", "amount": 400})
    g.act("host", type="end_game")
    assert g.table.turn.finished
    return g


#: Yen figures that appear nowhere else in a closed game's story but as the players' own.
CLOSED_YEN = {A: 2700, B: 3100, C: 3300}


def closed_game(store: Store, door: Door) -> DoorGame:
    """Closed money, two turns started: each player brought to a figure of their own by
    the supply (each payment is that player's own business, hidden from the others)."""
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": "closed"})
    for name, yen in CLOSED_YEN.items():
        g.act("host", type="pay", **{"from": "supply", "to": name, "amount": yen - 2000})
    g.act("host", type="next_turn")
    g.act("host", type="next_turn")
    return g


def figures(amount: int) -> re.Pattern[str]:
    return re.compile(rf"(?<![0-9]){amount}(?![0-9])|(?<![0-9]){amount:,}(?![0-9])")


# -- the fold at each turn ------------------------------------------------------------------


def test_a_players_yen_at_each_turn_is_the_fold_up_to_that_turn(
    parts: tuple[Store, Door],
) -> None:
    store, door = parts
    g = DoorGame(store, door, SETUP)
    play_long_game(g)
    state = store.state(g.game_id)
    data = story(state, host_of(door, g))

    # One point before the first turn, one at the end of each of the thirteen turns; the
    # last is the end of the game (it replaces the end of turn 13).
    assert [p["turn"] for p in data["turns"]] == list(range(14))
    assert data["turns"][-1]["end"] and data["finished"]
    assert not any(p["end"] or p["now"] for p in data["turns"][:-1])
    for point in data["turns"]:
        table = fold(state.config, [e for e in state.events if e.seq <= point["seq"]])
        assert [p["yen"] for p in point["players"]] == [p.yen for p in table.players]
        assert [p["resources"] for p in point["players"]] == table.resources()
        for i, p in enumerate(point["players"]):
            assert p["fish"] == dict(table.players[i].fish.counts)
        assert point["markets"]["eel"] == table.values.eel
        assert point["markets"]["swordfish"] is None  # not in play
        assert point["markets"]["red_snapper"] == red_snapper_value(
            table.values.red_snapper_remaining, "red_snapper" in table.values.overfished
        )
        if point["turn"] < 13:
            # The table the next turn started from: the entry after the point is its
            # next_turn.
            after = next(e for e in state.events if e.seq > point["seq"] and e.active)
            assert after.type == "next_turn"
    # Worked by hand in the scenario: ¥2,000 each at setup, Aiko ¥1,100 after turn 1.
    assert [p["yen"] for p in data["turns"][0]["players"]] == [2000, 2000, 2000]
    assert data["turns"][1]["players"][0]["yen"] == 1100
    assert data["score"] == store.state(g.game_id).table.score().to_json()
    assert data["markets"] == ["eel", "red_snapper", "salmon"]


def test_an_undone_next_turn_is_no_turn_boundary(parts: tuple[Store, Door]) -> None:
    store, door = parts
    g = DoorGame(store, door, AUCTION_SETUP)
    g.act("host", type="next_turn")
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 500})
    g.act("host", type="next_turn")
    g.undo()  # the second next_turn
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 200})
    state = store.state(g.game_id)
    states, _held = boundaries(state)
    assert [s.table.turn.number for s in states] == [0, 1]
    data = story(state, None)
    assert [(p["turn"], p["now"]) for p in data["turns"]] == [(0, False), (1, True)]
    assert data["turns"][-1]["players"][0]["yen"] == 2700
    assert not data["finished"] and data["score"] is None


def test_the_auctions_with_their_winning_bids_and_the_turn_they_were_held_in(
    parts: tuple[Store, Door],
) -> None:
    store, door = parts
    g = auction_game(store, door)
    data = story(store.state(g.game_id), seat_of(door, g, C))
    got = [(a["kind"], a["turn"], a["owner"], a["winner"], a["amount"]) for a in data["auctions"]]
    assert got == [("tuna", 1, A, B, 700), ("spider_crab", 2, B, A, 200)]
    tuna = data["auctions"][0]
    assert [(b["name"], b["amount"]) for b in tuna["bids"]] == [(A, 300), (B, 700), (C, 500)]
    assert tuna["lot"] and tuna["kind_name"] == "Tuna auction"


def test_holdings_rows_one_per_player_per_turn(parts: tuple[Store, Door]) -> None:
    store, door = parts
    g = auction_game(store, door)
    data = story(store.state(g.game_id), host_of(door, g))
    rows = holdings_rows(data)
    assert rows[0][:4] == ["turn", "player", "yen", "resources"]
    assert rows[0][4:] == data["fish_keys"] and "tuna" in rows[0]
    assert len(rows) == 1 + 3 * len(data["turns"])
    assert [r[:2] for r in rows[1:4]] == [[0, A], [0, B], [0, C]]
    tuna = rows[0].index("tuna")
    last = {r[1]: r for r in rows[-3:]}
    assert last[B][tuna] == 1  # Bo won the Tuna auction
    assert last[B][2] == store.state(g.game_id).table.player(B).yen


# -- closed money --------------------------------------------------------------------------


def test_closed_money_another_players_yen_is_in_nobodys_story_before_the_end(
    parts: tuple[Store, Door],
) -> None:
    store, door = parts
    g = closed_game(store, door)
    state = store.state(g.game_id)
    for viewer_name in (A, B, C, None):
        who = host_of(door, g) if viewer_name is None else seat_of(door, g, viewer_name)
        data = story(state, who)
        text = json.dumps(data)
        for name, yen in CLOSED_YEN.items():
            if name == viewer_name:
                assert figures(yen).search(text), (viewer_name, "own Yen missing")
            else:
                assert not figures(yen).search(text), (viewer_name, name)
        for point in data["turns"]:
            for i, p in enumerate(point["players"]):
                mine = viewer_name is not None and data["players"][i]["name"] == viewer_name
                assert (p["yen"] is not None) is mine
        assert holdings_rows(data)[1][2] in (None, 2700)


def test_closed_money_the_end_makes_every_yen_public_from_then_on_only(
    parts: tuple[Store, Door],
) -> None:
    store, door = parts
    g = closed_game(store, door)
    g.act("host", type="end_game")
    data = story(store.state(g.game_id), seat_of(door, g, C))
    *before, end = data["turns"]
    assert end["end"]
    assert [p["yen"] for p in end["players"]] == list(CLOSED_YEN.values())
    for point in before:
        assert [p["yen"] for p in point["players"]] == [None, None, point["players"][2]["yen"]]
    assert data["score"] is not None


def test_closed_money_the_end_check_at_50_resources_reveals_that_turns_yen(
    parts: tuple[Store, Door],
) -> None:
    """Aiko starts her turn with 60 Resources: everyone reveals their Yen for the check
    (turn-and-scoring.md §4), so the story shows them at that turn, and only there. She has
    the outright lowest Yen, so the game goes on."""
    store, door = parts
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": "closed"})
    for value in (25, 20, 15):
        g.act("host", type="gain_fish", player=A, fish="tuna", value=value)
    g.act("host", type="pay", **{"from": A, "to": "supply", "amount": 700})
    g.act("host", type="pay", **{"from": "supply", "to": B, "amount": 1100})
    g.act("host", type="next_turn")  # turn 1, Aiko: the check reveals
    assert g.table.turn.revealed_yen == (1300, 3100, 2000)
    g.act("host", type="next_turn")  # turn 2, Bo: no reveal
    g.act("host", type="next_turn")
    data = story(store.state(g.game_id), seat_of(door, g, C))
    by_turn = {p["turn"]: p for p in data["turns"]}
    assert [p["yen"] for p in by_turn[1]["players"]] == [1300, 3100, 2000]
    assert [p["revealed"] for p in by_turn[1]["players"]] == [True, True, False]
    for turn in (0, 2, 3):
        assert [p["yen"] for p in by_turn[turn]["players"]] == [None, None, 2000]


@pytest.mark.parametrize("module", ["companion.story", "companion.report_text"])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_points_kept_between_versions_are_the_points_made_anew(
    parts: tuple[Store, Door],
) -> None:
    """story's memo keeps the turn boundaries' points from version to version; after every
    action, undo (also back across turns) and redo, the story with it is the story made
    from nothing, for the table screen and for a player."""
    store, door = parts
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": "closed"})
    memo: dict[Any, Any] = {}
    viewers = [None, host_of(door, g), seat_of(door, g, B)]

    def same() -> None:
        state = store.state(g.game_id)
        for who in viewers:
            assert story(state, who, memo) == story(state, who)

    same()
    for turn in range(4):
        g.act("host", type="next_turn")
        same()
        g.act("host", type="pay", **{"from": "supply", "to": [A, B, C][turn % 3], "amount": 300})
        same()
    g.undo()
    same()
    back_to = [e.seq for e in store.state(g.game_id).events if e.type == "next_turn"][1]
    g.undo(to_seq=back_to)  # back across two turn boundaries
    same()
    assert [p["turn"] for p in story(store.state(g.game_id), None, memo)["turns"]] == [0, 1]
    g.redo()
    same()
    g.act("host", type="end_game")
    same()
    assert memo  # it was used
