"""Markets entering mid-game and the crash variant through the real server process
(`companion serve` on a real SQLite file): a fish market Overfished mid-game brings its
replacement, whose setup lines the table screen shows until the next action; the history
says what entered; the crash variant shows a crashed market's chip and the tokens left."""

from __future__ import annotations

import html
from typing import Any

import pytest
import requests

from companion.rules.catalogue import FISH_MARKETS

pytestmark = pytest.mark.server

WAIT = 30
PLAYERS = ["Aiko", "Bo", "Chiyo"]


@pytest.fixture
def live_server(module_server):
    """One server for this module: each test makes its own games and reads nothing the
    server keeps across games (tests/conftest.py ``module_server``)."""
    return module_server


def new_game(base: str, **extra: Any) -> dict[str, Any]:
    body = {
        "players": PLAYERS,
        "money": "open",
        "seed": 77,
        "fish_markets": ["mackerel", "tuna", "eel", "squid", "salmon"],
        "external_markets": ["ships", "bank", "rentals"],
        **extra,
    }
    r = requests.post(f"{base}/api/games", json=body, timeout=WAIT)
    assert r.status_code == 201, r.text
    return dict(r.json())


def act(base: str, game: dict[str, Any], **action: Any) -> int:
    r = requests.post(
        f"{base}/api/games/{game['id']}/actions",
        json=action,
        headers={"Authorization": f"Bearer {game['host_token']}"},
        timeout=WAIT,
    )
    assert r.status_code == 201, r.text
    return int(r.json()["seq"])


def get(base: str, game: dict[str, Any], path: str) -> requests.Response:
    r = requests.get(
        f"{base}{path}", headers={"Authorization": f"Bearer {game['host_token']}"}, timeout=WAIT
    )
    assert r.status_code == 200, r.text
    return r


def test_an_overfished_market_is_replaced_and_its_setup_shows_on_the_table(live_server) -> None:
    base = live_server.url
    game = new_game(base)
    act(base, game, type="next_turn")
    act(base, game, type="mark_overfished", market="squid")

    view = get(base, game, f"/api/games/{game['id']}").json()
    [arrival] = view["markets"]["arrivals"]
    new = arrival["market"]
    assert arrival["cause"] == "overfished" and arrival["trigger"] == "squid"
    assert new in FISH_MARKETS and new not in ("mackerel", "tuna", "eel", "squid", "salmon")
    assert [f["id"] for f in view["markets"]["fish"]][-1] == new
    [shown] = view["markets"]["just_entered"]
    assert shown["market"] == new

    page = html.unescape(get(base, game, f"/games/{game['id']}/table").text)
    assert 'id="just-entered"' in page and f'data-entered="{new}"' in page
    # Its setup for 3 players, as the setup checklist says it: the licences on its board
    # first (as many as the board now holds).
    lines = shown["setup"]["lines"]
    board = next(f for f in view["markets"]["fish"] if f["id"] == new)
    licences = board["licenses_left"]
    assert lines[0] == f"{licences} licence{'' if licences == 1 else 's'}"
    for line in lines:
        assert f"<li>{line}</li>" in page
    name = FISH_MARKETS[new].en
    # The history line says why once (issue #21).
    assert f"Squid is Overfished. {name} enters the game in its place" in page

    # The next action clears the box; the history keeps the line.
    act(base, game, type="set_track", track="eel", value=3)
    page = html.unescape(get(base, game, f"/games/{game['id']}/table").text)
    assert 'id="just-entered"' not in page
    assert f"Squid is Overfished. {name} enters the game in its place" in page


def test_the_crash_variant_shows_the_crashed_chip_tokens_left_and_the_queues(live_server) -> None:
    base = live_server.url
    game = new_game(base, variants=["crash", "known_order"])
    page = html.unescape(get(base, game, f"/games/{game['id']}/table").text)
    assert 'data-crash-tokens="12"' in page and "Known market order" in page
    view = get(base, game, f"/api/games/{game['id']}").json()
    queue = [q["id"] for q in view["markets"]["known_order"]["external"]]
    act(base, game, type="next_turn")
    # Aiko takes the 3 loans, Bo buys the 2 shares: the Bank is Closed.
    act(base, game, type="visit", player="Aiko", market="bank", entry="yen", loans=3)
    act(base, game, type="next_turn")
    act(base, game, type="visit", player="Bo", market="bank", entry="yen", shares=2)
    view = get(base, game, f"/api/games/{game['id']}").json()
    bank = next(e for e in view["markets"]["external"] if e["id"] == "bank")
    assert bank["crash"] == "closed"
    assert view["markets"]["crash"]["tokens_left"] == 11
    assert view["markets"]["arrivals"][0]["market"] == queue[0]
    page = html.unescape(get(base, game, f"/games/{game['id']}/table").text)
    assert 'data-crash="closed"' in page and 'data-crash-tokens="11"' in page
    assert "Bank crashes: a crash token goes on it, Closed side up" in page
    # Every visit is refused now, with the sentence.
    r = requests.post(
        f"{base}/api/games/{game['id']}/actions",
        json={"type": "visit", "player": "Bo", "market": "bank", "entry": "ap", "loans": 1},
        headers={"Authorization": f"Bearer {game['host_token']}"},
        timeout=WAIT,
    )
    assert r.status_code == 400
    assert r.json()["error"] == (
        "Bank is Closed by a crash: it cannot be visited or used for the rest of the game."
    )
