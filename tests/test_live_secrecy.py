"""What the views and live pages share between viewers, and what they never share
(issues #7 and #16): one public view per state, each viewer's own overlay on it; nothing
one viewer may see reaching another's live part.

In process, on the real Flask app with its real SQLite file, every viewer's live part
rendered at the same versions.
"""

from __future__ import annotations

import re
from typing import Any

from support import LiveGame

from companion.view_history import history_lines
from companion.views import game_view, public_view

NAMES = ["Aiko", "Bo", "Chiyo"]
#: Yen that appear nowhere else on a page (checked as digits, with or without commas).
UNIQUE = {"Aiko": 2_700, "Bo": 3_300, "Chiyo": 3_900}


def new_game(app: Any, money: str) -> LiveGame:
    return LiveGame(
        app,
        NAMES,
        {
            "money": money,
            "seed": 3,
            "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
            "external_markets": ["ships", "bank", "rentals"],
        },
    )


def set_yen(game: LiveGame) -> None:
    """Every player's Yen to its UNIQUE amount (¥2,000 each at the start)."""
    for name, yen in UNIQUE.items():
        if yen > 2000:
            game.act("pay", **{"from": "supply", "to": name, "amount": yen - 2000})
        else:
            game.act("pay", **{"from": name, "to": "supply", "amount": 2000 - yen})


def shows(page: str, amount: int) -> bool:
    return bool(re.search(rf"(?<![0-9]){amount:,}(?![0-9])|(?<![0-9,]){amount}(?![0-9])", page))


def test_the_public_view_is_nobodys_view_and_shows_no_closed_yen(app) -> None:
    game = new_game(app, "closed")
    set_yen(game)
    state = game.state()
    public = public_view(state)
    assert public == game_view(state, None)
    for p in public["players"]:
        assert p["yen"] is None and p["end"]["yen_short"] is None and not p["is_me"]
    assert not any(shows(repr(public), yen) for yen in UNIQUE.values())


def test_a_seats_view_differs_from_the_public_one_only_by_its_own(app) -> None:
    game = new_game(app, "closed")
    set_yen(game)
    state = game.state()
    public = public_view(state)
    for seat, name in enumerate(NAMES):
        view = game_view(state, game.who[name])
        for j, (mine, theirs) in enumerate(zip(view["players"], public["players"], strict=True)):
            if j == seat:
                assert mine["yen"] == UNIQUE[name] and mine["is_me"]
                assert mine["end"]["yen_short"] == 5000 - UNIQUE[name]
            else:
                assert mine == theirs  # another player's entry: exactly the public one
        others = [yen for other, yen in UNIQUE.items() if other != name]
        assert not any(shows(repr(view), yen) for yen in others)
    # The table screen sees what anyone sees.
    host = game_view(state, game.who["host"])
    assert host["players"] == public["players"]


def test_no_page_shows_another_seats_closed_yen(app) -> None:
    game = new_game(app, "closed")
    set_yen(game)
    game.act("pay", **{"from": "Bo", "to": "Chiyo", "amount": 1_200})
    pages = game.pages()
    yen = {"Aiko": UNIQUE["Aiko"], "Bo": UNIQUE["Bo"] - 1_200, "Chiyo": UNIQUE["Chiyo"] + 1_200}
    for viewer, page in pages.items():
        for name, amount in yen.items():
            assert shows(page, amount) == (viewer == name), (viewer, name, amount)
        # The payment's amount only to the two who made it.
        assert shows(page, 1_200) == (viewer in ("Bo", "Chiyo")), viewer


def test_an_undone_end_of_the_game_hides_the_amounts_again(app) -> None:
    """History lines are kept from one state to the next: the ¥1,700 Bo paid Chiyo shows
    to everyone once the game is over, and must be hidden again once the end is undone."""
    game = new_game(app, "closed")
    game.act("pay", **{"from": "Bo", "to": "Chiyo", "amount": 1_700})
    for when in ("during play", "after the end", "after the end was undone"):
        if when == "after the end":
            game.act("end_game")
        elif when == "after the end was undone":
            game.undo()
        state = game.state()
        public = state.table.turn.finished
        for viewer in ("host", "Aiko", "Bo", "Chiyo"):
            line = next(
                h["text"] for h in history_lines(state, game.who[viewer]) if h["type"] == "pay"
            )
            assert ("1,700" in line) == (public or viewer in ("Bo", "Chiyo")), (when, viewer, line)
        pages = game.pages()
        for viewer, page in pages.items():
            assert shows(page, 1_700) == (public or viewer in ("Bo", "Chiyo")), (when, viewer)
