"""Secrecy as a property of the board game's per-viewer view (companion/views.py): for
games drawn by hypothesis, a viewer's view is the same whatever another seat's secret is.

Twin games on one store (through the Door, no HTTP) take the same public moves (fish
gained, licences taken without paying, turns passed, last an auction opened with a
token drawn by hand), in the same order; they differ in one seat's secrets only: with closed
money the Yen the supply pays that seat (or the seat pays it), and the bid the seat seals
in the open auction. Every other viewer (the table screen, each other seat, nobody) gets
the same :func:`game_view` from both, once the game's id and tokens are blanked: the
view is all that templates, JSON and the live stream see. The seat's own view does
differ (the comparison sees what it compares).

The draws leave out what the rules make public: no player reaches the 50 Resources whose
check shows everyone's Yen, nor the ¥5,000 that triggers the end. The card game's fingers
have their property beside its rules (tests/test_cardgame_properties.py, ``play_out``);
the HTTP secrecy sweep (tests/test_secrecy_sweep.py) fetches every route of twin servers.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st
from test_game_scenario import DoorGame

from companion.door import Door, Refused
from companion.games import GAMES
from companion.identity import Identity
from companion.live import Hub
from companion.store import Store
from companion.views import game_view

NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]
MARKETS = ["mackerel", "tuna", "spider_crab", "eel", "squid"]
EXTERNAL = ["ships", "bank", "auction", "rentals"]
#: Fish worth little, gained one at a time: nobody reaches the check's 50 Resources.
CHEAP = ["mackerel", "squid", "eel"]
START_YEN = 2000
#: Yen that triggers the end of the game (the rules say so to everyone).
END_YEN = 5000


def setup(players: int) -> dict[str, Any]:
    return {
        "players": NAMES[:players],
        "money": "closed",
        "seed": 3,
        "fish_markets": MARKETS,
        "external_markets": EXTERNAL[:players],  # as many as players
    }


@st.composite
def twin_plans(draw: Any) -> dict[str, Any]:
    """Players, the seat whose secrets differ, its two Yen changes and two bids, and the
    public moves (with the places of the secret ones among them)."""
    players = draw(st.integers(3, 4), label="players")  # the Auction market needs 3
    secret = draw(st.integers(0, players - 1), label="secret seat")
    names = NAMES[:players]
    public = st.one_of(
        st.tuples(st.just("gain_fish"), st.sampled_from(names), st.sampled_from(CHEAP)),
        st.tuples(st.just("take_license"), st.sampled_from(names), st.sampled_from(CHEAP)),
        st.tuples(st.just("next_turn")),
    )
    moves = draw(st.lists(public, min_size=0, max_size=8), label="public moves")
    # Where the Yen changes; whether an auction opens after the moves (nothing else may
    # be done while it is open), the seat's bid sealed in it.
    yen_at = draw(st.integers(0, len(moves)), label="Yen change at")
    auction = draw(st.booleans(), label="auction?")
    # A payment from the supply (positive) or to it (negative), of a different amount in
    # the twins (that a payment was made, and which way, is public: the history says so).
    sign = draw(st.sampled_from([1, -1]), label="to the seat?")
    # Under ¥5,000 (which triggers the end, in public), and ¥200 at least.
    most = (END_YEN - START_YEN) // 100 - 1 if sign > 0 else START_YEN // 100 - 2
    first = draw(st.integers(1, most), label="Yen change, one twin")
    other = draw(st.integers(1, most).filter(lambda n: n != first), label="the other")
    changes = [sign * first * 100, sign * other * 100]
    # Two bids the seat can pay in both twins (a bid over its Yen is refused).
    top = (START_YEN + min(changes)) // 100
    bid = draw(st.integers(0, top), label="bid, one twin")
    bids = [bid * 100, draw(st.integers(0, top).filter(lambda n: n != bid)) * 100]
    owner = draw(st.integers(0, players - 1), label="auction owner")
    return {
        "players": players,
        "secret": secret,
        "moves": moves,
        "yen_at": yen_at,
        "auction": auction,
        "changes": changes,
        "bids": bids,
        "owner": owner,
    }


def play(
    store: Store, door: Door, plan: dict[str, Any], twin: int
) -> tuple[DoorGame, bool, list[int]]:
    """One twin: the plan's public moves, with this twin's secrets. Returns the game,
    whether a check showed everyone's Yen on the way (then the property does not hold:
    the rules make the Yen public), and which public moves the rules refused (a licence
    none is left of)."""
    g = DoorGame(store, door, setup(plan["players"]))
    name = NAMES[plan["secret"]]
    shown = False
    refused: list[int] = []
    for i in range(len(plan["moves"]) + 1):
        if i == plan["yen_at"]:
            change = plan["changes"][twin]
            if change > 0:
                g.act("host", type="pay", **{"from": "supply", "to": name, "amount": change})
            else:
                g.act("host", type="pay", **{"from": name, "to": "supply", "amount": -change})
        if i == len(plan["moves"]) and plan["auction"]:
            owner = NAMES[plan["owner"]]
            opened = door.server_move(
                g.game_id,
                g.host,
                "open_auction",
                {"kind": "spider_crab", "owner": owner, "drawn": "spider_crab:6"},
            )
            aid = str(opened.data["id"])
            if plan["secret"] in g.table.auctions[aid].eligible:
                door.seal(g.game_id, g.seats[name], "bids", aid, plan["bids"][twin])
        if i == len(plan["moves"]):
            break
        kind, *args = plan["moves"][i]
        try:
            if kind == "gain_fish":
                g.act("host", type="gain_fish", player=args[0], fish=args[1], count=1)
            elif kind == "take_license":
                g.act("host", type="take_license", player=args[0], market=args[1], pay=False)
            else:
                g.act("host", type="next_turn")
        except Refused:
            refused.append(i)
        shown = shown or g.table.turn.revealed_yen is not None
    return g, shown, refused


def seen(store: Store, g: DoorGame, viewer: str | None) -> str:
    """What ``viewer`` (a player's name, ``"host"``, or None: nobody) sees of the game,
    as JSON with the game's id, tokens and clock times (when each entry was made)
    blanked."""
    state = store.state(g.game_id)
    own: dict[str, tuple[int, str]] = {}
    if viewer is None:
        who = None
    elif viewer == "host":
        who = Identity(g.game_id, "host", None, g.host)
    else:
        seat = NAMES.index(viewer)
        who = Identity(g.game_id, "seat", seat, g.seats[viewer])
        own = store.own_bids(g.game_id, seat)
    text = json.dumps(game_view(state, who, own_bids=own), sort_keys=True, default=str)
    for token in [g.host, *g.seats.values()]:
        text = text.replace(token, "TOKEN")
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(?:\+00:00|Z)?", "WHEN", text)
    return text.replace(g.game_id, "GAME")


@settings(
    max_examples=60,
    deadline=None,
    # Explaining a failure replays it hundreds of times (minutes): the shrunk example is
    # enough to read.
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(plan=twin_plans())
def test_a_view_is_the_same_whatever_another_seats_secrets_are(plan: dict[str, Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "twins.sqlite3"
        store = Store(path, GAMES)
        hub = Hub(str(path), max_streams=8)
        door = Door(store, hub)
        try:
            (one, shown_one, no_one), (two, shown_two, no_two) = (
                play(store, door, plan, t) for t in (0, 1)
            )
            assume(not (shown_one or shown_two))  # the rules showed everyone's Yen
            assert no_one == no_two  # a public move is refused alike, whatever the secret
            secret = NAMES[plan["secret"]]
            others = [None, "host", *(n for n in NAMES[: plan["players"]] if n != secret)]
            for viewer in others:
                assert seen(store, one, viewer) == seen(store, two, viewer), viewer
            # The seat's own view differs (its Yen): the comparison sees what it compares.
            assert seen(store, one, secret) != seen(store, two, secret)
        finally:
            hub.stop()
            store.close()
