"""The external market crash variant (external-markets.md §1, §18): every crash condition,
the Crashed and Closed sides, the market that enters in place of a crashed one, what goes
to the box once a market is Closed, and the crash tokens counted."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.eventlog import Event
from companion.games import fold
from companion.rules import crash, entering
from companion.rules.arrivals import notes_at
from companion.rules.catalogue import CRASH_TOKENS, EXTERNAL_MARKETS
from companion.rules.errors import IllegalAction
from companion.rules.external_catalogue import AQUARIUM_PLACES, NEW_AQUARIUM_FISH, TRADING_PLACES
from companion.rules.fish import Fish
from companion.rules.markets.external import new_aquarium
from companion.rules.markets.external.government import GOVERNMENT_PLACES
from companion.rules.messages import render
from companion.rules.moves import apply
from companion.rules.table import Table, initial_table

from .external import test_external_properties as props
from .external.exp_support import NUMBERS, exp_table
from .guided_support import act, give, refused

ALL_CRASHING = (
    "ships",
    "aquarium",
    "bank",
    "government",
    "rentals",
    "trading",
    "influence",
    "new_aquarium",
    "boat_rentals",
    "sushi",
)
#: Every New Aquarium place known (AMB-40), as a host would enter them.
FULL_NUMBERS: dict[str, dict[str, int]] = {
    **NUMBERS,
    "new_aquarium": {
        **{f: 1 for f in NEW_AQUARIUM_FISH if f != "clams_oysters"},
        **{f"{f}_yen": 300 for f in NEW_AQUARIUM_FISH},
    },
}


def crash_table(external: tuple[str, ...] = ALL_CRASHING, **kw: Any) -> Table:
    """Four players, the Expansion, the crash variant, these external markets in play."""
    return exp_table(
        external=external,
        variants=("crash", *kw.pop("variants", ())),
        numbers=kw.pop("numbers", FULL_NUMBERS),
        **kw,
    )


def poke(t: Table) -> Table:
    """Any change at all (the crash check runs after every change)."""
    return act(t, "pay", **{"from": "supply", "to": "Aiko", "amount": 100})


def fill(t: Table, places: dict[str, int], code: str = "eel") -> Table:
    return replace(t, places={**t.places, **{k: (code,) * n for k, n in places.items()}})


def empty(t: Table, *keys: str) -> Table:
    return replace(t, stock={**t.stock, **dict.fromkeys(keys, 0)})


def meets(t: Table, market: str) -> Table:
    """The table with this market's crash condition met (external-markets.md §1)."""
    if market == "ships":
        return empty(t, *[k for k in t.stock if k.startswith("ships.")])
    if market == "aquarium":
        return fill(t, {f"aquarium.{p}": n for p, (n, _) in AQUARIUM_PLACES.items()})
    if market == "bank":
        return empty(t, "bank.loans", "bank.shares")
    if market == "government":
        return fill(t, {f"government.{p}": n for p, (n, _) in GOVERNMENT_PLACES.items()})
    if market == "rentals":
        return empty(t, "rentals.freezer", "rentals.cart")
    if market == "trading":
        return fill(t, {f"trading.{n}": 1 for n in TRADING_PLACES})
    if market == "influence":
        return empty(t, "influence.buyer_token", "influence.expansion_token")
    if market == "new_aquarium":
        return fill(t, {f"new_aquarium.{k}": n for k, n in new_aquarium.sizes(t).items()})
    if market == "boat_rentals":
        return empty(t, "boat_rentals.token")
    assert market == "sushi"
    return fill(t, {f"sushi.{n}": 1 for n in range(1, 6)})


def almost(t: Table, market: str) -> Table:
    """One short of the condition: nothing crashes."""
    full = meets(t, market)
    if market == "ships":
        return replace(full, stock={**full.stock, "ships.two_slot": 1})
    if market in ("bank", "rentals", "influence", "boat_rentals"):
        key = next(k for k in full.stock if k.startswith(f"{market}.") and t.stock[k])
        return replace(full, stock={**full.stock, key: 1})
    place = next(k for k in full.places if k.startswith(f"{market}.") and full.places[k])
    return replace(full, places={**full.places, place: full.places[place][1:]})


@pytest.mark.parametrize("market", ALL_CRASHING)
def test_each_market_crashes_on_its_condition_and_brings_an_external_market(market: str) -> None:
    t = crash_table()
    assert crash.due(t) == () and crash.tokens_left(t) == CRASH_TOKENS
    short = poke(almost(t, market))
    assert short.crashes == ()
    after = poke(meets(t, market))
    [c] = after.crashes
    assert (c.market, c.side) == (market, EXTERNAL_MARKETS[market].crash_side)
    assert crash.tokens_left(after) == CRASH_TOKENS - 1
    arrived = [a for a in after.arrivals if a.cause == "crash"]
    assert arrived and arrived[0].trigger == market and arrived[0].kind == "external"
    new = arrived[0].market
    assert new is not None and new not in t.config.external_markets
    assert new in after.config.external_markets
    lines = [render(m) for m in notes_at(after, poke(t).actions - 1)]
    assert lines[0].startswith(f"{EXTERNAL_MARKETS[market].en} crashes")
    assert lines[1].startswith(f"{EXTERNAL_MARKETS[new].en} enters the game in place of")


def test_without_the_variant_nothing_crashes() -> None:
    t = exp_table(external=("ships", "used_ships", "bank", "rentals"))
    after = poke(meets(t, "bank"))
    assert after.crashes == () and after.arrivals == ()


def test_markets_that_never_crash_are_not_checked() -> None:
    assert {m for m, e in EXTERNAL_MARKETS.items() if e.crash_side} == set(crash.can_crash())
    # More crash tokens than markets that can crash: the supply never runs out (TC-09).
    assert len(crash.can_crash()) <= CRASH_TOKENS


CLOSED_VISITS: dict[str, dict[str, Any]] = {
    "aquarium": {"entry": "ap", "tokens": ["eel"]},
    "bank": {"entry": "yen", "loans": 1},
    "government": {"entry": "free", "left": ["eel"]},
    "rentals": {"entry": "free", "freezers": 1},
    "new_aquarium": {"entry": "ap", "tokens": ["red_snapper"]},
    "boat_rentals": {"entry": "yen", "rent": [{"boat": "two_slot", "from": "ships"}]},
    "sushi": {"entry": "ap", "groups": [["eel"]]},
}


@pytest.mark.parametrize("market", sorted(CLOSED_VISITS))
def test_a_closed_market_refuses_every_visit(market: str) -> None:
    t = poke(meets(crash_table(), market))
    assert t.closed(market)
    t = give(t, "Aiko", yen=3000, fish=Fish(eel=2, red_snapper=1))
    e = refused(t, "visit", "crash.closed", player="Aiko", market=market, **CLOSED_VISITS[market])
    assert e.message == (
        f"{EXTERNAL_MARKETS[market].en} is Closed by a crash: it cannot be visited or used "
        "for the rest of the game."
    )


def test_a_closed_bank_and_rentals_refuse_the_bookkeeping_moves_too() -> None:
    t = poke(meets(poke(meets(crash_table(), "bank")), "rentals"))
    refused(t, "take_loan", "crash.closed", player="Aiko")
    refused(t, "buy_share", "crash.closed", player="Aiko")
    refused(t, "take_item", "crash.closed", player="Aiko", item="freezer")


def test_closed_rentals_items_go_to_the_box_after_their_uses() -> None:
    t = crash_table()
    t = give(t, "Aiko", yen=3000, items={"cart": 1, "freezer": 1})
    t = replace(t, stock={**t.stock, "rentals.freezer": 0, "rentals.cart": 1})
    t = give(t, "Bo", items={"cart": 1})
    t = replace(t, stock={**t.stock, "rentals.cart": 0})
    t = poke(t)
    assert t.closed("rentals")
    # Bookkeeping: the item given back goes to the box, not the board.
    after = act(t, "return_item", player="Aiko", item="freezer")
    assert after.stock["rentals.freezer"] == 0 and "freezer" not in after.players[0].items
    # Guided: a Cart's second use pays 1 AP of an entry, then goes to the box.
    t = t.with_player(0, flipped={"cart": 1}, ports=2)
    visit = {"type": "visit", "player": "Aiko", "market": "ships", "entry": "cart"}
    bought = apply(t, {**visit, "buy": ["two_slot"]})
    assert bought.stock["rentals.cart"] == 0 and "cart" not in bought.players[0].items


def test_closed_boat_rentals_tokens_go_to_the_box_and_the_boat_goes_home() -> None:
    t = crash_table(boats=("one_slot",), ports=2)
    t = give(t, "Aiko", yen=3000)
    t = replace(t, stock={**t.stock, "boat_rentals.token": 1})
    rent = {"type": "visit", "player": "Aiko", "market": "boat_rentals", "entry": "yen"}
    t = apply(t, {**rent, "rent": [{"boat": "two_slot", "from": "ships"}]})
    assert t.closed("boat_rentals")
    ships = t.stock["ships.two_slot"]
    back = act(t, "return_rental", player="Aiko", boat="two_slot")
    assert back.stock["boat_rentals.token"] == 0
    assert back.stock["ships.two_slot"] == ships + 1


def test_ships_crashed_stays_open_refills_on_sale_back_and_never_crashes_twice() -> None:
    t = crash_table(boats=("one_slot",), ports=2)
    t = give(t, "Aiko", yen=5000)
    only = {k: 0 for k in t.stock if k.startswith("ships.")}
    t = replace(t, stock={**t.stock, **only, "ships.two_slot": 1})
    buy = {"type": "visit", "player": "Aiko", "market": "ships", "entry": "ap"}
    t = apply(t, {**buy, "buy": ["two_slot"]})
    assert [(c.market, c.side) for c in t.crashes] == [("ships", "crashed")]
    t = apply(t, {**buy, "sell_boats": ["two_slot"]})
    assert t.stock["ships.two_slot"] == 1  # boats sold back refill it
    t = act(t, "next_turn")
    t = act(t, "next_turn")
    t = act(t, "next_turn")
    t = act(t, "next_turn")
    t = apply(t, {**buy, "buy": ["two_slot"]})
    assert [c.market for c in t.crashes] == ["ships"]  # emptied again: no second crash


def test_a_fourth_government_token_on_the_left_is_refused_and_the_full_board_closes() -> None:
    t = crash_table()
    t = give(t, "Aiko", fish=Fish(eel=5))
    refused(
        t,
        "visit",
        "ext.place_room",
        player="Aiko",
        market="government",
        entry="free",
        left=["eel"] * 4,
    )
    t = fill(t, {"government.left": 3, "government.right": 9})
    t = apply(
        t,
        {
            "type": "visit",
            "player": "Aiko",
            "market": "government",
            "entry": "free",
            "right": ["eel"],
        },
    )
    assert t.closed("government")


def test_used_ships_is_refused_during_the_final_turns() -> None:
    t = crash_table(
        external=("ships", "used_ships", "bank", "rentals"), boats=("one_slot", "two_slot"), ports=1
    )
    t = replace(t, turn=replace(t.turn, triggered_by=3, final_turns=(1, 2)))
    refused(
        t,
        "visit",
        "ext.used_ships_final",
        player="Aiko",
        market="used_ships",
        entry="ap",
        sell_boats=["two_slot"],
    )


def test_influence_crashes_once_both_kinds_of_token_are_gone() -> None:
    t = crash_table()
    t = give(t, "Aiko", yen=3000)
    t = replace(t, stock={**t.stock, "influence.buyer_token": 0, "influence.expansion_token": 1})
    visit = {"type": "visit", "player": "Aiko", "market": "influence", "entry": "ap"}
    after = apply(t, {**visit, "expansion_tokens": ["fish"]})
    assert [(c.market, c.side) for c in after.crashes] == [("influence", "crashed")]
    assert [a.cause for a in after.arrivals] == ["expansion", "crash"]
    # Crashed stays open: a Buyer token given back can be bought again.
    assert not after.closed("influence")


def test_buyer_tokens_alone_do_not_crash_influence() -> None:
    t = crash_table()
    t = give(t, "Aiko", yen=3000)
    t = replace(t, stock={**t.stock, "influence.buyer_token": 1})
    after = apply(
        t,
        {
            "type": "visit",
            "player": "Aiko",
            "market": "influence",
            "entry": "ap",
            "buyer_tokens": 1,
        },
    )
    assert after.stock["influence.expansion_token"] == 2 and after.crashes == ()


def test_an_aquarium_drawn_in_place_of_a_crashed_market_brings_the_new_aquarium() -> None:
    seed = next(
        s
        for s in range(200)
        if entering.known_order(
            crash_table(
                external=("ships", "bank", "rentals", "trading"), seed=s, variants=("known_order",)
            ).config,
            "external",
        )[0]
        == "aquarium"
    )
    t = crash_table(
        external=("ships", "bank", "rentals", "trading"), seed=seed, variants=("known_order",)
    )
    queue = entering.known_order(t.config, "external")
    after = poke(meets(t, "bank"))
    assert [a.market for a in after.arrivals] == ["aquarium", "new_aquarium"]
    assert entering.known_order(after.config, "external") == tuple(
        m for m in queue if m not in ("aquarium", "new_aquarium")
    )


def test_the_aquarium_crash_brings_the_next_of_the_known_order() -> None:
    t = crash_table(
        external=("ships", "aquarium", "new_aquarium", "bank"), variants=("known_order",)
    )
    queue = entering.known_order(t.config, "external")
    after = poke(meets(t, "aquarium"))
    assert [a.market for a in after.arrivals][0] == queue[0]
    assert after.closed("aquarium") and not after.closed("new_aquarium")


def test_a_crash_with_the_box_empty_still_puts_the_token_on() -> None:
    t = crash_table(external=tuple(EXTERNAL_MARKETS))
    after = poke(meets(t, "trading"))
    assert [c.market for c in after.crashes] == ["trading"]
    [a] = after.arrivals
    assert a.market is None and a.cause == "crash"


def test_the_bank_closed_still_settles_loans_at_the_end() -> None:
    t = crash_table()
    t = replace(t, stock={**t.stock, "bank.loans": 1, "bank.shares": 0})
    t = give(t, "Aiko", yen=3000)
    t = apply(t, {"type": "visit", "player": "Aiko", "market": "bank", "entry": "yen", "loans": 1})
    assert t.closed("bank")
    ended = act(t, "end_game")
    # The loan is repaid with its interest (¥1,000) though the Bank is Closed.
    without = ended.with_player(0, loans=0, yen=ended.players[0].yen - 1000)
    assert ended.score().players[0].final_yen == without.score().players[0].final_yen
    assert ended.players[0].loans == 1


def test_replay_through_the_fold_equals_live_and_undo_restores_the_crash() -> None:
    cfg = crash_table().config
    actions: list[dict[str, Any]] = [
        {"type": "next_turn"},
        {"type": "visit", "player": "Aiko", "market": "bank", "entry": "yen", "loans": 3},
        {"type": "next_turn"},
        {"type": "visit", "player": "Bo", "market": "bank", "entry": "yen", "shares": 2},
    ]
    events = [
        Event(i + 1, a["type"], {k: v for k, v in a.items() if k != "type"}, "host", "now")
        for i, a in enumerate(actions)
    ]
    live = fold(cfg, [])
    tables = [live]
    for a in actions:
        live = apply(live, a)
        tables.append(live)
    assert tables[-2].crashes == () and [c.market for c in live.crashes] == ["bank"]
    assert [a.trigger for a in live.arrivals] == ["bank"]
    assert fold(cfg, events) == live
    undone = replace(events[-1], undone_by=5)
    assert fold(cfg, [*events[:-1], undone]) == tables[-2]


# -- random legal sequences (the scaffold of test_external_properties) ------------------------

CRASH_CONFIG = replace(props.CONFIG, variants=("more_markets", "crash", "known_order"))


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_sequences_with_crashes_replay_and_undo_exactly(data: st.DataObject) -> None:
    """Random visits, Fishing and turns at a crash-variant table (the Bank, Rentals,
    Government, Aquarium and Trading may crash): folding the log equals the live table,
    undoing the last entry folds back to the table before it, and no market crashes
    twice."""
    t = props.warm(initial_table(CRASH_CONFIG))
    start = t
    log: list[dict[str, Any]] = []
    for _ in range(data.draw(st.integers(10, 40), label="steps")):
        action = props.next_action(data, t)
        try:
            new = apply(t, action)
        except IllegalAction:
            continue
        again = start
        for a in log:
            again = apply(again, a)
        assert again == t  # the log without the new entry (its undo) gives the table before
        log.append(action)
        t = new
        markets = [c.market for c in t.crashes]
        assert len(markets) == len(set(markets))
        assert crash.tokens_left(t) == CRASH_TOKENS - len(markets)
        assert all(m in t.config.external_markets for m in markets)
    again = start
    for a in log:
        again = apply(again, a)
    assert again == t
