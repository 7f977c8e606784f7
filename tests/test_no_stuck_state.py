"""No table is ever stuck (issue #19): from every state random play reaches, some move other
than undo is accepted. Checked with hypothesis over random play of the moves the app offers
— the bookkeeping moves, guided visits to fish and external markets (Overseas, the Auction
market and Barter among them), Fishing actions, the auction endpoints (open, reveal, the
owner's choice) and turns — each with what the server adds to it (companion/door.py: the
shuffled bag, the draws of an Overseas lot's clams and oysters), at a 3-player Expansion
table whose markets are nearly out of tokens, so that lots run short.

In every state reached:

- while an auction is open, revealing it (every bid ¥0, as the table screen's "reveal
  now") and, if the bids tie, the owner's choice settle it;
- otherwise the current player can end their turn (``next_turn``);
- only a finished game accepts nothing but undo (the game is over by design).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rules.external.test_external_properties import codes, some
from rules.external.test_external_properties import visit_action as external_visit
from rules.guided_support import BOARD_NUMBERS, ROOMY
from rules.test_guided_properties import ENTRY, fishing_action
from rules.test_guided_properties import visit_action as fish_visit
from test_game_properties import PLAYERS, valid_action

from companion.rules.auctions import Auction
from companion.rules.draws import auction_inputs, server_inputs, settle_draws
from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Table, initial_table

FISH = [
    "mackerel",
    "eel",
    "octopus",
    "red_snapper",
    "spider_crab",
    "tuna",
    "swordfish",
    "clams_oysters",
    "squid",
]
EXTERNAL = ["ships", "overseas", "auction", "barter", "rentals", "bank", "influence"]


def config() -> Any:
    """Every Expansion board's numbers entered (guided_support.BOARD_NUMBERS and the entry
    costs, so any market that enters can be visited), Swordfish and clams few."""
    numbers = {m: dict(n) for m, n in BOARD_NUMBERS.items()}
    numbers["swordfish"]["tokens"] = 3
    numbers["clams_oysters"].update(clams=1, oysters=1)
    numbers["influence"] = {"entry_ap": 1}
    cfg = make_config(
        PLAYERS,
        expansion=True,
        variants=["more_markets"],
        fish_markets=FISH,
        external_markets=EXTERNAL,
        seed=19,
        board_numbers=numbers,
    )
    for m, n in ENTRY.items():
        numbers[m].update(n)
    return replace(cfg, board_numbers=numbers)


CONFIG = config()

#: Barrels at sea at the start, and the few tokens left on the boards and in the bag: the
#: rest are in the players' hands.
AT_SEA = [
    {"eel": 2, "spider_crab": 2, "swordfish": 2, "mackerel": 1},
    {"clams_oysters": 2, "tuna": 3, "red_snapper": 2},
    {"eel": 1, "octopus": 2, "swordfish": 2, "squid": 1},
]
LEFT = {"eel": 1, "octopus": 1, "squid": 2, "swordfish": 1}


def warm(t: Table) -> Table:
    """Barrels at sea off their boards, licences to catch more, a ¥2,500 purse, the
    boats to carry it all; most tokens in hands (Bo holds the bag's Spider Crabs but one,
    Chiyo its Tuna but one and a clam; the Red Snapper grid down to 1)."""
    board = dict(t.board_barrels)
    tokens = dict(t.board_tokens)
    for i, at_sea in enumerate(AT_SEA):
        for m, n in at_sea.items():
            board[m] = (board[m] or 0) - n
        t = t.with_player(
            i,
            yen=2500,
            at_sea=at_sea,
            boats=ROOMY,
            ports=2,
            licenses={m: 1 for m in ("eel", "spider_crab", "tuna", "swordfish")[i : i + 2]},
        )
    held = {m: (tokens[m] or 0) - n for m, n in LEFT.items()}
    tokens.update(LEFT)
    t = t.with_player(0, fish=Fish(eel=held["eel"], squid=held["squid"]))
    spider = sorted(c for c in t.bag if c.startswith("spider_crab"))
    tuna = sorted(c for c in t.bag if c.startswith("tuna"))
    bo = Fish(octopus=held["octopus"], spider_crab=tuple(int(c[12:]) for c in spider[1:]))
    t = t.with_player(1, fish=bo)
    chiyo = Fish(swordfish=held["swordfish"], tuna=tuple(int(c[5:]) for c in tuna[1:]), clam=1)
    t = t.with_player(2, fish=chiyo)
    taken = set(spider[1:]) | set(tuna[1:])
    bag = [c for c in t.bag if c not in taken]
    bag.remove("clam")
    values = replace(t.values, red_snapper_remaining=1)
    return replace(t, board_barrels=board, board_tokens=tokens, bag=tuple(bag), values=values)


def rng(t: Table, version: int) -> random.Random:
    """The randomness the door draws the next entry's lot with (companion/rules/draws.py)."""
    return random.Random(f"{t.config.seed}:{version + 1}")


# -- the moves the app offers ----------------------------------------------------------------


def lot_visit(data: st.DataObject, t: Table, seat: int, market: str) -> dict[str, Any]:
    p = t.players[seat]
    lot = some(data, codes(p.fish), 3, "lot", low=1)
    return {"type": "visit", "player": p.name, "market": market, "entry": "ap", "lot": lot}


def overseas_visit(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    barrels = {m: data.draw(st.integers(0, n), label=f"overseas {m}") for m, n in p.at_sea.items()}
    return {
        "type": "visit",
        "player": p.name,
        "market": "overseas",
        "entry": "yen",
        "barrels": barrels,
    }


def endpoint_open(data: st.DataObject, t: Table, seat: int, version: int) -> dict[str, Any]:
    """An auction opened on the auction page (POST .../auctions), its lot as the server
    draws it."""
    p = t.players[seat]
    kind = data.draw(
        st.sampled_from(
            ["overseas", "spider_crab", "tuna", "swordfish", "auction_market", "barter"]
        ),
        label="auction kind",
    )
    body: dict[str, Any] = {"kind": kind, "owner": p.name}
    if kind == "overseas":
        body["barrels"] = overseas_visit(data, t, seat)["barrels"]
    elif kind in ("auction_market", "barter"):
        body["lot"] = some(data, codes(p.fish), 3, "lot", low=1)
    action = {"type": "auction_open", "id": f"a{version + 1}", "kind": kind, "owner": p.name}
    return {**action, **auction_inputs(t, body, rng(t, version))}


def settle_move(
    data: st.DataObject | None, t: Table, auction: Auction, version: int
) -> dict[str, Any]:
    """The next auction move: the reveal (random sealed bids; none when ``data`` is None:
    the reveal-now with every bid ¥0), then the owner's choice among the tied (or, at
    Barter, an offer or none)."""
    names = t.config.players
    extra = settle_draws(t, auction, rng(t, version)) if auction.kind == "overseas" else {}
    if auction.status == "open":
        bids = {}
        if data is not None:
            bids = {
                str(s): data.draw(st.integers(0, min(t.players[s].yen, 1500) // 100)) * 100
                for s in auction.eligible
            }
        return {"type": "auction_reveal", "auction": auction.id, "bids": bids, **extra}
    choices: list[int | None] = list(auction.tied)
    if auction.kind == "barter":
        choices = [None, *auction.eligible]
    pick = choices[0] if data is None else data.draw(st.sampled_from(choices), label="choice")
    if pick is None:
        return {"type": "auction_choose", "auction": auction.id, "winner": None}
    return {"type": "auction_choose", "auction": auction.id, "winner": names[pick], **extra}


def next_move(data: st.DataObject, t: Table, version: int) -> dict[str, Any]:
    open_ = next((a for a in t.auctions.values() if a.status != "settled"), None)
    if open_ is not None:
        return settle_move(data, t, open_, version)
    if t.turn.number == 0:
        return {"type": "next_turn"}
    seat = t.turn.current
    kinds = ["overseas"] * 3 + ["auction", "barter", "fish", "fishing", "external", "open"]
    kinds += ["bookkeeping"] * 2 + ["next_turn"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "overseas":
        action = overseas_visit(data, t, seat)
    elif kind in ("auction", "barter"):
        action = lot_visit(data, t, seat, kind)
    elif kind == "fish":
        action = fish_visit(data, t, seat)
    elif kind == "fishing":
        action = fishing_action(data, t, seat)
    elif kind == "external":
        market = data.draw(st.sampled_from(["ships", "rentals", "bank", "influence"]))
        if market == "influence":  # Buyer tokens, and markets entering by Expansion tokens
            action = {"type": "visit", "player": t.players[seat].name, "market": market}
            action["entry"] = "ap"
            action["buyer_tokens"] = data.draw(st.integers(0, 1))
            action["expansion_tokens"] = some(data, ["fish", "external"], 1, "expansion")
        else:
            action = external_visit(data, t, seat, market)
    elif kind == "open":
        return endpoint_open(data, t, seat, version)
    elif kind == "bookkeeping":
        action = valid_action(data.draw, t)
    else:
        return {"type": "next_turn"}
    fields = {k: v for k, v in action.items() if k != "type"}
    drawn, _group = server_inputs(t, t.config.seed, action["type"], fields, version + 1)
    return {"type": action["type"], **drawn}


# -- the property ----------------------------------------------------------------------------


def a_move_is_accepted(t: Table, version: int) -> None:
    """Some move other than undo is accepted here (each raises IllegalAction if refused)."""
    if t.turn.finished:
        return
    open_ = next((a for a in t.auctions.values() if a.status != "settled"), None)
    if open_ is None:
        apply(t, {"type": "next_turn"})
        return
    for _ in range(2):  # the reveal, then the owner's choice if the bids tie
        t = apply(t, settle_move(None, t, open_, version))
        version += 1
        open_ = t.auctions[open_.id]
        if open_.status == "settled":
            return
    raise AssertionError(f"the auction {open_.id} does not settle")


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_from_every_state_a_move_other_than_undo_is_accepted(data: st.DataObject) -> None:
    t = warm(initial_table(CONFIG))
    version = 0
    for _ in range(data.draw(st.integers(5, 30), label="steps")):
        a_move_is_accepted(t, version)
        try:
            action = next_move(data, t, version)
            t = apply(t, action)
        except IllegalAction:
            continue
        version += 1
        event(f"accepted {action['type']} {action.get('market', '')}".strip())
        if any(n.code == "au.short" for a in t.auctions.values() for n in a.notes):
            event("an Overseas lot short of tokens")
    a_move_is_accepted(t, version)
