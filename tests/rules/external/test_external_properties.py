"""Properties of the external markets' visits, boats and ports, checked with hypothesis
over random sequences of visits (Ships, Used Ships, Bank, Government, Aquarium, Trading,
Rentals), port openings, Fishing actions and turns at a 4-player table:

- Yen: every player's Yen changes exactly by the movements the preview reports (Yen only
  moves between players and the supply, as the rules move it), and never goes below ¥0;
- every component is conserved: boats (players' fleets + the Ships and Used Ships boards
  = the boats set out), fish tokens (boards, the bag, hands and the external boards' places
  = the printed stock), loans and shares, Freezers and Carts;
- the places never hold more than they print, and every fleet can carry what is at sea;
- a refused action changes nothing; undoing the last entry gives back the table before
  it; folding the log (as the store does) equals the live table.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.eventlog import Event
from companion.games import fold
from companion.rules.errors import IllegalAction
from companion.rules.external_catalogue import (
    AQUARIUM_PLACE_OF,
    AQUARIUM_PLACES,
    BOATS,
    TRADING_PLACES,
)
from companion.rules.fish import Fish
from companion.rules.fleet import carries
from companion.rules.guided import preview
from companion.rules.markets.external.government import GOVERNMENT_PLACES
from companion.rules.markets.external.pieces import code_of, spec_of
from companion.rules.moves import apply
from companion.rules.setup import board_figure, make_config
from companion.rules.table import Table, initial_table
from companion.rules.tokens import TokenSpec

NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]
FISH = ["mackerel", "eel", "fugu", "octopus", "salmon", "squid", "tuna"]
EXTERNAL = ["ships", "used_ships", "bank", "government", "aquarium", "trading", "rentals"]
CONFIG = make_config(
    NAMES,
    variants=["more_markets"],
    fish_markets=FISH,
    external_markets=EXTERNAL,
    seed=9,
)
START = initial_table(CONFIG)
HELD = Fish(mackerel=3, eel=1, fugu=2, octopus=1, squid=2, salmon_fresh=1)


def warm(t: Table) -> Table:
    """Tokens to sell and Yen to spend, the tokens taken from their boards (the stock adds
    up); Aiko has a Tuna from the bag."""
    board = dict(t.board_tokens)
    for i in range(len(t.players)):
        t = t.with_player(i, yen=4000, fish=HELD, licenses={"mackerel": 1, "eel": 1})
        for key, n in HELD.counts.items():
            board[key] = (board[key] or 0) - n
    bag = list(t.bag)
    bag.remove("tuna:20")
    t = t.with_player(0, fish=replace(HELD, tuna=(20,)))
    return replace(t, board_tokens=board, bag=tuple(bag))


def codes(fish: Fish) -> list[str]:
    out: list[str] = []
    for key, n in fish.counts.items():
        if key == "salmon":
            out += ["salmon"] * fish.salmon_fresh + ["salmon:degraded"] * fish.salmon_degraded
        elif key in ("spider_crab", "tuna"):
            out += [code_of(TokenSpec(key, 1, v)) for v in getattr(fish, key)]
        else:
            out += [key] * n
    return out


# -- random actions ----------------------------------------------------------------------------


def some(data: st.DataObject, items: list[Any], most: int, label: str, low: int = 0) -> list[Any]:
    """Mostly a few of ``items`` (as held, once each), now and then none."""
    if not items:
        return []
    chosen = data.draw(st.permutations(items), label=label)
    return chosen[: data.draw(st.integers(low, most), label=f"{label} count")]


def visit_action(
    data: st.DataObject, t: Table, seat: int, market: str | None = None
) -> dict[str, Any]:
    p = t.players[seat]
    market = market or data.draw(st.sampled_from(EXTERNAL), label="market")
    entry: Any = {"ships": "ap", "used_ships": "ap", "bank": "yen", "government": "free"}.get(
        market, "ap"
    )
    if market == "bank":
        entry = data.draw(st.sampled_from(["yen", "ap"]))
    if market == "rentals":
        entry = "free"
    if p.items.get("cart") and entry == "ap" and data.draw(st.booleans(), label="cart"):
        entry = "cart"
    a: dict[str, Any] = {"type": "visit", "player": p.name, "market": market, "entry": entry}
    held = codes(p.fish)
    if market in ("ships", "used_ships"):
        mine = [b.kind for b in p.boats if b.rented is None]
        on_board = [k for k in BOATS for _ in range(t.stock.get(f"{market}.{k}", 0))]
        a["sell_boats"] = some(data, mine, 1, "sell")
        a["buy"] = some(data, on_board, 2, "buy")
        if "blue" in a["buy"]:
            a["trade_in"] = data.draw(st.sampled_from([*mine, "one_slot"]), label="trade in")
    elif market == "bank":
        a[data.draw(st.sampled_from(["loans", "shares"]))] = data.draw(st.integers(0, 2))
    elif market == "government":
        a["left"] = some(data, held, 3, "left")
        a["right"] = some(data, held, 4, "right")
    elif market == "aquarium":
        a["tokens"] = some(data, held, 4, "aquarium")
    elif market == "trading":
        a["trades"] = [
            {"place": data.draw(st.sampled_from(list(TRADING_PLACES))), "tokens": tokens}
            for tokens in data.draw(
                st.lists(
                    st.lists(st.sampled_from(held or ["eel"]), min_size=1, max_size=4), max_size=2
                )
            )
        ]
    else:
        a["freezers"] = data.draw(st.integers(0, 1))
        a["carts"] = data.draw(st.integers(0, 1))
    return {k: v for k, v in a.items() if v != []}


def fishing_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    a: dict[str, Any] = {"type": "fishing", "player": p.name}
    if p.at_sea and data.draw(st.booleans(), label="unload"):
        a["unloaded"] = dict(p.at_sea)
        a["for_sale"] = [{"fish": m, "price": 100} for m, n in p.at_sea.items() for _ in range(n)]
    else:
        a["caught"] = {m: 1 for m in p.licenses if data.draw(st.booleans(), label=f"catch {m}")}
    return a


def next_action(data: st.DataObject, t: Table) -> dict[str, Any]:
    if t.turn.number == 0:
        return {"type": "next_turn"}
    seat = t.turn.current
    kinds = ["visit"] * 5 + ["fishing", "open_port", "next_turn"]
    if not t.turn.ap_left:
        kinds = ["next_turn"] * 3 + ["visit", "open_port"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "visit":
        return visit_action(data, t, seat)
    if kind == "fishing":
        return fishing_action(data, t, seat)
    if kind == "open_port":
        return {"type": "open_port", "player": t.players[seat].name}
    return {"type": "next_turn"}


# -- the books ---------------------------------------------------------------------------------


def boats_out(t: Table) -> dict[str, int]:
    out = dict.fromkeys(BOATS, 0)
    for p in t.players:
        for b in p.boats:
            out[b.kind] += 1
    for key, n in t.stock.items():
        board, _, kind = key.partition(".")
        if board in ("ships", "used_ships"):
            out[kind] += n
    return out


BOATS_SET_OUT = boats_out(START)


def check_books(t: Table) -> None:
    assert boats_out(t) == BOATS_SET_OUT
    for kind, n in boats_out(t).items():
        assert n <= BOATS[kind].in_box
    on_places = [spec_of(c) for codes_ in t.places.values() for c in codes_]
    for market in FISH:
        keys = ("octopus",) if market == "octopus" else (market,)
        held = sum(p.fish.count(k) for p in t.players for k in keys)
        placed = sum(1 for s in on_places if s.key in keys)
        if market == "tuna":
            assert len([c for c in t.bag if c.startswith("tuna")]) + held + placed == 5
            continue
        printed = board_figure(t.config, market, "tokens")
        assert (t.board_tokens[market] or 0) + held + placed == printed, market
    tako = t.board_tokens["takoyaki"] or 0
    assert tako + sum(p.fish.takoyaki for p in t.players) == 12
    assert t.stock["bank.loans"] + sum(p.loans for p in t.players) == 3
    assert t.stock["bank.shares"] + sum(p.shares for p in t.players) == 2
    for item in ("freezer", "cart"):
        assert t.stock[f"rentals.{item}"] + sum(p.items.get(item, 0) for p in t.players) == 2
    for side, (size, _) in GOVERNMENT_PLACES.items():
        assert len(t.places.get(f"government.{side}", ())) <= size
    for place, (size, _) in AQUARIUM_PLACES.items():
        stones = t.places.get(f"aquarium.{place}", ())
        assert len(stones) <= size
        assert all(AQUARIUM_PLACE_OF[spec_of(c).key] == place for c in stones)
    for p in t.players:
        assert carries([b.kind for b in p.boats], p.at_sea)
        assert p.spaces_used <= 4 and p.yen >= 0 and not (p.loans and p.shares)


def yen_by_movements(t: Table, moves: list[Any]) -> dict[str, int]:
    delta = {p.name: 0 for p in t.players}
    for m in moves:
        if m.code != "mv.yen":
            continue
        if m.values["payer"] != "supply":
            delta[m.values["payer"]] -= m.values["amount"]
        if m.values["payee"] != "supply":
            delta[m.values["payee"]] += m.values["amount"]
    return delta


GUIDED = ("visit", "fishing", "open_port")


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_external_visits_keep_the_books(data: st.DataObject) -> None:
    start = warm(START)
    check_books(start)
    t = start
    log: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(10, 40), label="steps")):
        action = next_action(data, t)
        before = copy.deepcopy(t)
        try:
            moves = preview(t, action) if action["type"] in GUIDED else None
            new = apply(t, action)
        except IllegalAction:
            assert t == before  # a refused action changes nothing
            continue
        if moves is not None:
            assert {
                p.name: p.yen - q.yen for p, q in zip(new.players, t.players, strict=True)
            } == yen_by_movements(t, moves)
        t = new
        log.append(action)
        check_books(t)
    again = start
    for action in log:
        again = apply(again, copy.deepcopy(action))
    assert again == t


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_the_fold_equals_the_live_table_and_undo_restores_it(data: st.DataObject) -> None:
    """From the set-up table itself, through the games' fold as the store does; undoing the
    last entry (marking it undone) folds back to the table before it."""
    t = START
    events: list[Event] = []
    for _ in range(data.draw(st.integers(5, 25), label="steps")):
        action = next_action(data, t)
        try:
            new = apply(t, action)
        except IllegalAction:
            continue
        fields = {k: v for k, v in action.items() if k != "type"}
        event = Event(len(events) + 1, action["type"], fields, "host", "now")
        undone = replace(event, undone_by=event.seq + 1)
        assert fold(CONFIG, [*events, undone]) == t
        events.append(event)
        t = new
        check_books(t)
    assert fold(CONFIG, events) == t


# -- the Expansion's external markets ----------------------------------------------------------

EXP_EXTERNAL = ["ships", "used_ships", "influence", "boat_rentals", "sushi", "bank"]
EXP_CONFIG = make_config(
    NAMES,
    expansion=True,
    variants=["more_markets", "blue_ship", "small_barges"],
    fish_markets=FISH,
    external_markets=EXP_EXTERNAL,
    seed=12,
    board_numbers={
        "influence": {"entry_ap": 1},
        "boat_rentals": {"entry_yen": 100},
        "sushi": {"entry_ap": 1, "yen_1": 200, "yen_2": 400, "yen_4": 1000, "yen_5": 1300},
    },
)
EXP_START = initial_table(EXP_CONFIG)
EXP_BOATS = boats_out(EXP_START)


def exp_visit(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    market = data.draw(st.sampled_from(EXP_EXTERNAL), label="market")
    if market in ("ships", "used_ships", "bank"):
        return visit_action(data, t, seat, market)
    a: dict[str, Any] = {"type": "visit", "player": p.name, "market": market}
    a["entry"] = "yen" if market == "boat_rentals" else "ap"
    if market == "influence":
        a["buyer_tokens"] = data.draw(st.integers(0, 1))
        a["expansion_tokens"] = some(data, ["fish", "external"], 1, "expansion")
    elif market == "boat_rentals":
        source = data.draw(st.sampled_from(["ships", "used_ships"]))
        on_board = [k for k in BOATS for _ in range(t.stock.get(f"{source}.{k}", 0))]
        a["rent"] = [{"boat": k, "from": source} for k in some(data, on_board, 1, "rent")]
    else:
        held = codes(t.players[seat].fish)
        a["groups"] = [g for g in [some(data, held, 3, "sushi")] if g]
    return {k: v for k, v in a.items() if v not in ([], 0)}


def exp_next(data: st.DataObject, t: Table) -> dict[str, Any]:
    if t.turn.number == 0:
        return {"type": "next_turn"}
    seat = t.turn.current
    name = t.players[seat].name
    rented = [b.kind for b in t.players[seat].boats if b.rented]
    kinds = ["visit"] * 5 + ["fishing", "open_port", "next_turn"]
    if rented:
        kinds.append("return_rental")
    if not t.turn.ap_left:
        kinds = ["next_turn"] * 3 + ["open_port", *(["return_rental"] if rented else [])]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "visit":
        return exp_visit(data, t, seat)
    if kind == "fishing":
        return fishing_action(data, t, seat)
    if kind == "open_port":
        return {"type": "open_port", "player": name}
    if kind == "return_rental":
        return {"type": "return_rental", "player": name, "boat": data.draw(st.sampled_from(rented))}
    return {"type": "next_turn"}


def check_exp_books(t: Table) -> None:
    if t.config.external_markets == EXP_START.config.external_markets:
        # A board entering from an Expansion token may bring Ships-like stock; before that,
        # every boat set out is still somewhere.
        assert boats_out(t) == EXP_BOATS
    rented = sum(1 for p in t.players for b in p.boats if b.rented)
    assert t.stock["boat_rentals.token"] + rented == 6
    for key in ("influence.buyer_token", "influence.expansion_token"):
        assert t.stock[key] >= 0
    assert (
        t.stock["influence.buyer_token"] + sum(p.items.get("buyer_token", 0) for p in t.players)
        == 2
    )
    for p in t.players:
        assert carries([b.kind for b in p.boats], p.at_sea)
        assert p.spaces_used <= 4 and p.yen >= 0
    for size in range(1, 6):
        assert len(t.places.get(f"sushi.{size}", ())) in (0, size)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_expansion_visits_keep_the_books(data: st.DataObject) -> None:
    start = warm(EXP_START)
    t = start
    log: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(10, 40), label="steps")):
        action = exp_next(data, t)
        before = copy.deepcopy(t)
        try:
            moves = preview(t, action) if action["type"] != "next_turn" else None
            new = apply(t, action)
        except IllegalAction:
            assert t == before
            continue
        if moves is not None:
            assert {
                p.name: p.yen - q.yen for p, q in zip(new.players, t.players, strict=True)
            } == yen_by_movements(t, moves)
        t = new
        log.append(action)
        check_exp_books(t)
    again = start
    for action in log:
        again = apply(again, copy.deepcopy(action))
    assert again == t
