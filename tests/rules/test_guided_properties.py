"""Properties of the guided turn, checked with hypothesis over random sequences of guided
actions (visit, fishing, purchase, start_turn, next_turn, and the docking auctions they
open) at a 4-player table with every base and Expansion fish market:

- Yen: every player's Yen changes exactly by the movements the action reports (so Yen
  only moves between players and the supply as the rules move it, and the preview agrees
  with the move);
- replaying the recorded actions from the set-up table equals applying them live;
- a market's barrels on its board, on Harbors, at sea and on Himono licences, and its
  tokens on boards, in the bag, in open lots, in players' hands and on Himono licences,
  never exceed its printed stock (and equal it while nothing went to the box);
- no Himono licence holds more than 2 items or has more than 2 barrels it caught at sea,
  and the barrels at sea caught under Himono licences are among those at sea;
- a refused action changes nothing.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.eventlog import Event
from companion.games import fold
from companion.rules.catalogue import FISH_MARKETS
from companion.rules.errors import IllegalAction
from companion.rules.guided import preview
from companion.rules.markets import MARKETS
from companion.rules.markets.himono import conversions
from companion.rules.moves import apply
from companion.rules.setup import board_figure, make_config
from companion.rules.table import Table, initial_table

from .guided_support import BOARD_NUMBERS, EXPANSION

NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]
FISH = [
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "red_snapper",
    "salmon",
    "spider_crab",
    "squid",
    "tuna",
    *EXPANSION,
]
ENTRY = {
    "sardine": {"entry_ap": 1},
    "swordfish": {"entry_yen": 200},
    "himono": {"entry_ap": 1},
    "clams_oysters": {"entry_ap": 1},
}
PRICES = st.sampled_from([0, 100, 200, 300, 500, 800])


def config() -> Any:
    cfg = make_config(
        NAMES,
        expansion=True,
        variants=["more_markets"],
        fish_markets=FISH,
        external_markets=["ships", "rentals", "bank", "trading"],
        seed=5,
        board_numbers=BOARD_NUMBERS,
    )
    numbers = {m: dict(n) for m, n in cfg.board_numbers.items()}
    for m, n in ENTRY.items():
        numbers.setdefault(m, {}).update(n)
    return replace(cfg, board_numbers=numbers)


CONFIG = config()


def held_tokens(t: Table, market: str) -> int:
    """Tokens of this market in players' hands and on their Himono licences."""
    n = 0
    for p in t.players:
        for key in FISH_MARKETS[market].token_keys:
            n += p.fish.count(key)
        n += sum(1 for lic in p.himono for x in lic.items if not x.barrel and x.fish == market)
    return n


def check_himono(t: Table) -> None:
    for p in t.players:
        assert len(p.himono) <= p.licenses.get("himono", 0)
        for lic in p.himono_licences():
            assert len(lic.items) <= 2 and 0 <= lic.at_sea <= 2
        assert sum(lic.at_sea for lic in p.himono) <= sum(p.himono_at_sea.values())
        for m, n in p.himono_at_sea.items():
            assert 0 < n <= p.at_sea.get(m, 0), (p.name, m)


def check_stock(t: Table) -> None:
    for market in t.config.fish_markets:
        printed = board_figure(t.config, market, "barrels")
        if printed is not None and t.board_barrels.get(market) is not None:
            out = sum(
                p.at_sea.get(market, 0)
                + sum(1 for x in p.upper + p.lower if x.fish == market)
                + sum(1 for lic in p.himono for x in lic.items if x.barrel and x.fish == market)
                for p in t.players
            )
            total = (t.board_barrels[market] or 0) + out
            assert total <= printed, market
            if market not in t.values.overfished:
                assert total == printed, market
    lots = [tok for a in t.auctions.values() if a.status != "settled" for tok in a.lot]
    for market, m in MARKETS.items():
        keys = m.data.token_keys
        held = held_tokens(t, market)
        in_lots = sum(1 for tok in lots if tok.key in keys)
        if market == "red_snapper":
            assert t.values.red_snapper_remaining + held <= 18
            continue
        if m.data.tokens_in_bag:
            printed_bag = len([c for c in initial_table(t.config).bag if c.split(":")[0] in keys])
            in_bag = len([c for c in t.bag if c.split(":")[0] in keys])
            assert in_bag + held + in_lots == printed_bag, market
            continue
        printed = board_figure(t.config, market, "tokens")
        if printed is None:
            continue
        board = t.board_tokens.get(market) or 0
        if market == "sardine":
            board += t.canned_sardines
        if market == "octopus":
            takoyaki = (t.board_tokens.get("takoyaki") or 0) + sum(
                1 for p in t.players for x in p.upper + p.lower if x.fish == "takoyaki"
            )
            held_tako = sum(p.fish.takoyaki for p in t.players)
            assert takoyaki + held_tako == 12
            held -= held_tako
        total = board + held + in_lots
        if market == "swordfish":  # sold Swordfish go to the box
            assert total <= printed
        else:
            assert total == printed, market


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


# -- random actions ----------------------------------------------------------------------------


def _draws(data: st.DataObject, t: Table) -> list[str]:
    return list(data.draw(st.permutations(sorted(t.bag)), label="bag order"))


def visit_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    market = data.draw(st.sampled_from(list(t.config.fish_markets)), label="market")
    m = MARKETS[market]
    options = [o.kind for o in m.entry_options(t)]
    if p.items.get("cart") and "ap" in options:
        options.append("cart")
    kind = data.draw(st.sampled_from(options), label="entry")
    entry: Any = kind
    if kind == "token":
        keys = [k for k in p.fish.held() if k not in ("spider_crab", "tuna")] or ["squid"]
        entry = {"token": {"fish": data.draw(st.sampled_from(keys))}}
    elif kind == "barrel":
        items = [(r, x) for r in ("upper", "lower") for x in p.row(r)] or [("upper", None)]
        row, x = data.draw(st.sampled_from(items))
        entry = {
            "barrel": {"fish": x.fish if x else market, "row": row, "price": x.price if x else 0}
        }
    action: dict[str, Any] = {
        "type": "visit",
        "player": p.name,
        "market": market,
        "entry": entry,
        "licenses": data.draw(st.integers(0, 2)),
    }
    sell: dict[str, Any] = {}
    for key in m.data.token_keys:
        n = p.fish.count(key)
        if n and data.draw(st.booleans(), label=f"sell {key}"):
            if key in ("spider_crab", "tuna"):
                sell[key] = list(getattr(p.fish, key))[: data.draw(st.integers(1, n))]
            else:
                sell[key] = data.draw(st.integers(1, n))
    if sell:
        action["sell"] = sell
    if market == "mackerel":
        barrels = [
            {"row": r, "price": x.price}
            for r in ("upper", "lower")
            for x in p.row(r)
            if x.fish == "mackerel"
        ]
        if barrels:
            action["sell_barrels"] = barrels[: data.draw(st.integers(0, len(barrels)))]
    if market == "octopus" and p.fish.octopus and data.draw(st.booleans()):
        left = t.board_tokens.get("takoyaki") or 0
        action["trade"] = 1
        action["takoyaki_prices"] = [data.draw(PRICES) for _ in range(min(3, left))]
    if market == "sardine" and t.canned_sardines and data.draw(st.booleans()):
        action["cans"] = data.draw(st.integers(1, t.canned_sardines))
    return action


def fishing_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    caught = {}
    for market, n in p.licenses.items():
        for fish in MARKETS[market].catches():
            if fish in t.config.fish_markets and data.draw(st.booleans(), label="catch"):
                caught[fish] = data.draw(st.integers(1, n))
    caught_himono = {}
    if p.licenses.get("himono") and data.draw(st.booleans(), label="himono catch"):
        fish = data.draw(st.sampled_from(["mackerel", "horse_mackerel", "sardine", "himono"]))
        caught_himono[fish] = data.draw(st.integers(1, 2))
    unloaded: dict[str, int] = {}
    for_sale = []
    for m, n in p.at_sea.items():
        on_licence = p.himono_at_sea.get(m, 0)
        plain = data.draw(st.integers(0, n - on_licence))
        himono = data.draw(st.integers(0, on_licence))
        if plain + himono:
            unloaded[m] = plain + himono
        if MARKETS[m].for_sale:
            for_sale += [{"fish": m, "price": data.draw(PRICES)} for _ in range(plain)]
    return {
        "type": "fishing",
        "player": p.name,
        "caught": caught,
        "caught_himono": caught_himono,
        "unloaded": unloaded,
        "for_sale": for_sale,
        "drawn": _draws(data, t),
    }


def load_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    keys = [k for k in ("mackerel", "horse_mackerel", "sardine") if p.fish.count(k)]
    tokens = {k: 1 for k in keys[: data.draw(st.integers(0, len(keys)))]}
    barrels = [
        {"fish": x.fish, "row": r, "price": x.price}
        for r in ("upper", "lower")
        for x in p.row(r)
        if x.fish in ("mackerel", "horse_mackerel", "sardine")
    ]
    return {
        "type": "load_himono",
        "player": p.name,
        "tokens": tokens,
        "barrels": barrels[: data.draw(st.integers(0, min(2, len(barrels))))],
    }


def start_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    action: dict[str, Any] = {"type": "start_turn", "player": p.name}
    if t.turn.phase == "start":
        action["freezer"] = data.draw(st.booleans())
        action["buy_fugu"] = data.draw(st.integers(0, 2))
        n = conversions(t, seat)
        if data.draw(st.integers(0, 4), label="wrong price count") == 0:
            n += 1
        action["himono_prices"] = [data.draw(PRICES) for _ in range(n)]
    plain = {m: n - p.himono_at_sea.get(m, 0) for m, n in p.at_sea.items()}
    discarded = {m: data.draw(st.integers(0, n)) for m, n in plain.items() if n}
    discarded_himono = {m: data.draw(st.integers(0, n)) for m, n in p.himono_at_sea.items()}
    if any(discarded.values()):
        action["discarded"] = discarded
    if any(discarded_himono.values()):
        action["discarded_himono"] = discarded_himono
    return action


def purchase_action(data: st.DataObject, t: Table, seat: int) -> dict[str, Any]:
    items = [
        {"from": q.name, "fish": x.fish, "row": r, "price": x.price}
        for q in t.players
        if q.name != t.players[seat].name
        for r in ("upper", "lower")
        for x in q.row(r)
    ]
    if not items:
        return {"type": "purchase", "player": t.players[seat].name, "barrels": []}
    chosen = data.draw(
        st.lists(
            st.sampled_from(items),
            min_size=1,
            max_size=2,
            unique_by=lambda b: (b["from"], b["fish"], b["row"]),
        )
    )
    draws = [c for c in _draws(data, t) if c in ("clam", "oyster")]
    return {"type": "purchase", "player": t.players[seat].name, "barrels": chosen, "draws": draws}


def next_action(data: st.DataObject, t: Table) -> dict[str, Any]:
    open_ = next((a for a in t.auctions.values() if a.status != "settled"), None)
    if open_ is not None:
        if open_.status == "revealed":
            return {
                "type": "auction_choose",
                "auction": open_.id,
                "winner": t.players[data.draw(st.sampled_from(open_.tied))].name,
            }
        bids = {
            str(s): data.draw(st.integers(0, min(t.players[s].yen, 1500) // 100)) * 100
            for s in open_.eligible
        }
        return {"type": "auction_reveal", "auction": open_.id, "bids": bids}
    if t.turn.number == 0:
        return {"type": "next_turn"}
    seat = t.turn.current
    kinds = ["next_turn", "visit", "visit", "visit", "fishing", "fishing", "purchase"]
    if not t.turn.ap_left:
        kinds = ["next_turn"]
    if t.turn.phase == "start" or not t.turn.acted:
        kinds += ["start_turn", "start_turn"]
    if t.players[seat].licenses.get("himono"):
        kinds.append("load_himono")
    if t.turn.phase == "start" and conversions(t, seat):
        kinds = ["start_turn"] * 5 + ["next_turn", "visit", "load_himono"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "visit":
        return visit_action(data, t, seat)
    if kind == "fishing":
        return fishing_action(data, t, seat)
    if kind == "purchase":
        return purchase_action(data, t, seat)
    if kind == "start_turn":
        return start_action(data, t, seat)
    if kind == "load_himono":
        return load_action(data, t, seat)
    return {"type": "next_turn"}


def warm(t: Table) -> Table:
    """Some holdings to act with: licences (Himono ones too, one full, one with an item), a Cart
    or a Freezer, tokens, Yen, and barrels at sea (some caught under Himono licences) —
    all taken from their boards, so the stock still adds up."""
    from companion.rules.fish import Fish
    from companion.rules.table import HimonoItem, HimonoLicence

    at_sea = [
        {"tuna": 3, "swordfish": 2},
        {"spider_crab": 2, "tuna": 2, "mackerel": 2},
        {"eel": 2, "sardine": 1},
        {},
    ]
    on_licence = [{}, {"mackerel": 1}, {"sardine": 1}, {}]
    full = (HimonoItem("mackerel", True), HimonoItem("sardine", False))
    himono = [
        (),
        (HimonoLicence(full, 1),),
        (HimonoLicence((HimonoItem("mackerel", False),), 1),),
        (),
    ]
    items = [{"cart": 1}, {"freezer": 1}, {}, {"cart": 1}]
    board = {**t.board_barrels, "mackerel": (t.board_barrels["mackerel"] or 0) - 1}
    for i in range(len(t.players)):
        for m, n in at_sea[i].items():
            board[m] = (board[m] or 0) - n
        licenses = {"spider_crab": 1, "tuna": 1}
        if i in (1, 2, 3):
            licenses["himono"] = 1
        t = t.with_player(
            i,
            yen=2500,
            licenses=licenses,
            fish=Fish(octopus=1, squid=1, mackerel=1, sardine=int(i == 3)),
            items=items[i],
            at_sea=at_sea[i],
            himono_at_sea=on_licence[i],
            himono=himono[i],
        )
    return replace(
        t,
        board_licenses={**t.board_licenses, "spider_crab": 0, "tuna": 0, "himono": 0},
        board_tokens={**t.board_tokens, "octopus": 2, "squid": 4, "mackerel": 25, "sardine": 8},
        board_barrels=board,
        stock={**t.stock, "rentals.cart": 0, "rentals.freezer": 1},
    )


GUIDED = ("visit", "fishing", "purchase", "start_turn", "load_himono")


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_guided_play_keeps_the_books(data: st.DataObject) -> None:
    start = warm(initial_table(CONFIG))
    t = start
    log: list[dict[str, Any]] = []
    refusals = 0
    for _ in range(data.draw(st.integers(10, 40), label="steps")):
        action = next_action(data, t)
        before = copy.deepcopy(t)
        try:
            moves = preview(t, action) if action["type"] in GUIDED else None
            new = apply(t, action)
        except IllegalAction:
            assert t == before  # a refused action changes nothing
            refusals += 1
            continue
        if moves is not None:
            expected = yen_by_movements(t, moves)
            assert {
                p.name: p.yen - q.yen for p, q in zip(new.players, t.players, strict=True)
            } == expected
        assert all(p.yen >= 0 for p in new.players)
        t = new
        log.append(action)
        check_stock(t)
        check_himono(t)
    # Replaying equals applying (from the same warmed table, as the fold would).
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
def test_the_event_fold_equals_the_live_table(data: st.DataObject) -> None:
    """From the set-up table itself (no warming), through the games' fold like the store."""
    t = initial_table(CONFIG)
    events: list[Event] = []
    for _ in range(data.draw(st.integers(5, 25), label="steps")):
        action = next_action(data, t)
        try:
            t = apply(t, action)
        except IllegalAction:
            continue
        data_ = {k: v for k, v in action.items() if k != "type"}
        events.append(Event(len(events) + 1, action["type"], data_, "host", "now"))
        check_stock(t)
        check_himono(t)
    assert fold(CONFIG, events) == t
