"""Properties of the event log, checked with hypothesis on a real SQLite file.

For random sequences of actions (mostly valid: players, fish and amounts picked within
what the table holds; some deliberately invalid):

- a refused action raises :class:`Refused` (400) and changes nothing, not even the version;
- a recorded action followed by undo gives the table back exactly (``Table`` equality);
  redo after that undo gives the table after the action back exactly;
- Yen is conserved: the players' Yen plus the supply's balance never changes, and each
  move shifts exactly the Yen its rule says (pay, licences, items, loans, shares, the
  Horse Mackerel and Nori Overfished effects) between exactly the parties it names;
- replaying the log read back by a fresh :class:`Store` on the same file equals the live
  cached table, and so does ``fold`` over those events;
- undo to an entry of the history gives back the table from just before that entry.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_event
from hypothesis import strategies as st

from companion.door import Door, Refused
from companion.games import GAMES, fold
from companion.live import Hub
from companion.rules import guided
from companion.rules.catalogue import FISH_MARKETS, TUNA_VALUES
from companion.rules.moves import MOVES
from companion.rules.setup import make_config
from companion.rules.table import Table
from companion.rules.tokens import HORSE_MACKEREL_BONUS, NORI_PENALTY
from companion.store import Store

PLAYERS = ["Aiko", "Bo", "Chiyo"]
CONFIG = {
    "players": PLAYERS,
    "expansion": True,
    "variants": ["more_markets"],
    "seed": 99,
    "fish_markets": [
        "mackerel",
        "horse_mackerel",
        "eel",
        "red_snapper",
        "salmon",
        "spider_crab",
        "tuna",
        "nori",
        "octopus",
        "fugu",
    ],
    "external_markets": ["ships", "bank", "rentals", "influence", "overfishing"],
    # Small boards so that runs empty them: Overfished by the last token taken.
    "board_numbers": {
        "horse_mackerel": {"licenses": 3, "tokens": 4},
        "nori": {"licenses": 3, "tokens": 3},
    },
}
#: Markets that can enter mid-game in this configuration.
ADDABLE = [
    "squid",
    "sardine",
    "swordfish",
    "himono",
    "aquarium",
    "barter",
    "government",
    "trading",
    "used_ships",
]
START_TOTAL = 3 * 2000

CLIENT_TYPES = sorted(k for k, m in MOVES.items() if not m.internal)
INTERNAL_TYPES = sorted(k for k, m in MOVES.items() if m.internal)


# -- drawing actions from the table ----------------------------------------------------------


def _token_fields(t: Table, key: str, draw: Any, held_by: int | None) -> dict[str, Any]:
    """``value`` / ``side`` for a token key: one the player holds, or one in the bag."""
    out: dict[str, Any] = {}
    if key in ("spider_crab", "tuna"):
        if held_by is not None:
            choices = sorted(set(getattr(t.players[held_by].fish, key)))
        else:
            choices = sorted({int(c.split(":")[1]) for c in t.bag if c.startswith(key)})
        if not choices:
            choices = [4] if key == "spider_crab" else sorted(TUNA_VALUES)
        out["value"] = draw(st.sampled_from(choices))
    if key == "salmon":
        if held_by is not None:
            fish = t.players[held_by].fish
            sides = [
                s
                for s, n in (("fresh", fish.salmon_fresh), ("degraded", fish.salmon_degraded))
                if n
            ]
            out["side"] = draw(st.sampled_from(sides or ["fresh"]))
        else:
            out["side"] = draw(st.sampled_from(["fresh", "degraded"]))
    return out


def _held_keys(t: Table, i: int) -> list[str]:
    return list(t.players[i].fish.held())


def valid_action(draw: Any, t: Table) -> dict[str, Any]:
    """An action chosen within what the table holds (the rules may still refuse it, for
    example for want of a License space; that is checked to change nothing)."""
    keys = [k for m in t.config.fish_markets for k in FISH_MARKETS[m].token_keys]
    kinds = [
        "pay",
        "pay",
        "pay",
        "gain_fish",
        "gain_fish",
        "gain_fish",
        "lose_fish",
        "give_fish",
        "take_red_snapper",
        "take_license",
        "take_license",
        "return_license",
        "take_item",
        "return_item",
        "take_loan",
        "buy_share",
        "set_track",
        "mark_overfished",
        "add_market",
        "next_turn",
        "next_turn",
        "end_game",
        # The guided turn (flows.md), always for the active player.
        "visit",
        "visit",
        "fishing",
        "fishing",
        "purchase",
        "start_turn",
        "load_himono",
        # The fleet (rules/boats.py).
        "open_port",
        "take_boat",
        "return_boat",
        "return_rental",
        # #19: the free moves at sea (rules/fishing_boats.py).
        "discard",
        "transfer",
        # Influence's Buyer tokens (rules/buyer.py).
        "assign_buyer",
    ]
    # Giving back is likelier once someone holds something to give back.
    if any(p.licenses for p in t.players):
        kinds += ["return_license"] * 2
    if any(p.items for p in t.players):
        kinds += ["return_item"] * 2
    if any(p.fish.held() for p in t.players):
        kinds += ["lose_fish", "give_fish"]
    kind = draw(st.sampled_from(kinds))
    if kind == "end_game" and draw(st.integers(0, 3)):  # rare: it ends everything
        kind = "next_turn"
    # Mostly a player who has something to give back, for the moves that need it.
    needs = {
        "lose_fish": lambda p: p.fish.held(),
        "give_fish": lambda p: p.fish.held(),
        "return_license": lambda p: p.licenses,
        "return_item": lambda p: p.items,
    }
    seats = list(range(len(t.players)))
    if kind in needs and draw(st.integers(0, 5)):
        seats = [i for i in seats if needs[kind](t.players[i])] or seats
    seat = draw(st.sampled_from(seats))
    me = t.players[seat]
    name = me.name
    a: dict[str, Any] = {"type": kind}
    if kind == "pay":
        payer = draw(st.sampled_from(["supply", *[p.name for p in t.players if p.yen >= 100]]))
        payee = draw(st.sampled_from([x for x in ["supply", *PLAYERS] if x != payer]))
        top = 30 if payer == "supply" else t.player(payer).yen // 100
        a.update({"from": payer, "to": payee, "amount": 100 * draw(st.integers(1, top))})
        if draw(st.booleans()):
            a["note"] = draw(st.text(max_size=20))
    elif kind == "gain_fish":
        key = draw(st.sampled_from(keys))
        a.update(
            player=name,
            fish=key,
            count=draw(st.integers(1, 3)),
            **_token_fields(t, key, draw, None),
        )
    elif kind in ("lose_fish", "give_fish"):
        held = _held_keys(t, seat)
        key = draw(st.sampled_from(held or keys))
        count = max(1, me.fish.count(key) if key not in ("salmon",) else 1)
        fields = _token_fields(t, key, draw, seat)
        if key in ("spider_crab", "tuna") and held:
            count = getattr(me.fish, key).count(fields["value"])
        a.update(fish=key, count=draw(st.integers(1, max(1, count))), **fields)
        if kind == "lose_fish":
            a["player"] = name
            if draw(st.integers(0, 4)) == 0:
                a["to"] = "box"
        else:
            a["from"] = name
            a["to"] = draw(st.sampled_from([p for p in PLAYERS if p != name]))
    elif kind == "take_red_snapper":
        a.update(player=name, count=draw(st.integers(1, 2)))
    elif kind == "take_license":
        a.update(
            player=name,
            market=draw(st.sampled_from(list(t.config.fish_markets))),
            count=draw(st.integers(1, 2)),
        )
        if draw(st.integers(0, 4)) == 0:
            a["pay"] = False
    elif kind == "return_license":
        held = sorted(me.licenses) or ["eel"]
        a.update(player=name, market=draw(st.sampled_from(held)), count=1)
    elif kind == "take_item":
        a.update(player=name, item=draw(st.sampled_from(["freezer", "cart", "buyer_token"])))
    elif kind == "return_item":
        held = sorted(me.items) or ["cart"]
        a.update(player=name, item=draw(st.sampled_from(held)))
    elif kind in ("take_loan", "buy_share"):
        a.update(player=name, count=draw(st.integers(1, 2)))
    elif kind == "set_track":
        a.update(track="eel", value=draw(st.integers(1, 13)))
    elif kind == "mark_overfished":
        a.update(market=draw(st.sampled_from(list(t.config.fish_markets))))
    elif kind == "add_market":
        a.update(market=draw(st.sampled_from(ADDABLE)))
    elif kind == "purchase" and t.turn.buying is not None:
        # The Buyer purchase open between two turns: its buyer, no AP.
        a.update(_guided(draw, t, kind))
        a.update(player=t.players[t.turn.buying[0]].name, buyer=True)
    elif kind in ("visit", "fishing", "purchase", "start_turn", "load_himono"):
        a.update(_guided(draw, t, kind))
    elif kind == "assign_buyer":
        a.update(player=t.players[t.turn.current].name, to=draw(st.sampled_from(PLAYERS)))
    elif kind == "open_port":
        a["player"] = t.players[t.turn.current].name
    elif kind in ("discard", "transfer"):
        me = t.players[t.turn.current]
        sea = [b for b in me.boats if b.where == "sea"]
        ids = [b.id for b in sea] or ["b1"]
        fish = sorted({f for b in sea for f in b.cargo}) or ["eel"]
        a.update(player=me.name, fish=draw(st.sampled_from(fish)))
        if kind == "discard":
            a["boat"] = draw(st.sampled_from(ids))
        else:
            a.update({"from": draw(st.sampled_from(ids)), "to": draw(st.sampled_from(ids))})
    elif kind in ("take_boat", "return_boat", "return_rental"):
        boats = ["one_slot", "two_slot", "three_slot", "barge"]
        a.update(player=name, boat=draw(st.sampled_from(boats)))
        if kind == "take_boat" and draw(st.booleans()):
            a["pay"] = False
    return a


def _guided(draw: Any, t: Table, kind: str) -> dict[str, Any]:
    """A guided action of the active player, within what the table shows."""
    me = t.players[t.turn.current]
    a: dict[str, Any] = {"player": me.name}
    if kind == "visit":
        a["market"] = draw(st.sampled_from(list(t.config.fish_markets)))
        a["entry"] = draw(st.sampled_from(["ap", "ap", "yen", "free"]))
        if draw(st.booleans()):
            a["licenses"] = draw(st.integers(0, 2))
        held = _held_keys(t, t.turn.current)
        if held and draw(st.booleans()):
            key = draw(st.sampled_from(held))
            if key in ("spider_crab", "tuna"):
                a["sell"] = {key: [getattr(me.fish, key)[0]]}
            elif key != "salmon":
                a["sell"] = {key: 1}
    elif kind == "fishing":
        if me.boats and draw(st.integers(0, 3)) == 0:  # #19: boat by boat (a fleet may be empty)
            b = draw(st.sampled_from(me.boats))
            do = "dock" if b.where == "sea" else "undock"
            a["boats"] = [{"boat": b.id, "do": do}]
            if do == "dock":
                a["for_sale"] = [
                    {"fish": f, "price": 100 * draw(st.integers(0, 5))}
                    for f in b.cargo
                    if f not in ("spider_crab", "tuna", "swordfish")
                ]
        elif me.at_sea and draw(st.booleans()):
            a["unloaded"] = dict(me.at_sea)
            a["for_sale"] = [
                {"fish": m, "price": 100 * draw(st.integers(0, 5))}
                for m, n in me.at_sea.items()
                for _ in range(n)
                if m not in ("spider_crab", "tuna", "swordfish")
            ]
        elif me.licenses:
            a["caught"] = {draw(st.sampled_from(sorted(me.licenses))): 1}
    elif kind == "purchase":
        offers = [
            (p.name, row, x)
            for i, p in enumerate(t.players)
            if i != t.turn.current
            for row in ("upper", "lower")
            for x in getattr(p, row)
        ]
        if offers:
            owner, row, x = draw(st.sampled_from(offers))
            a["barrels"] = [{"from": owner, "fish": x.fish, "row": row, "price": x.price}]
        else:
            a["barrels"] = [{"from": PLAYERS[0], "fish": "eel", "row": "upper", "price": 100}]
    elif kind == "load_himono":
        held = [k for k in ("mackerel", "horse_mackerel", "sardine") if me.fish.count(k)]
        a["tokens"] = {draw(st.sampled_from(held)): 1} if held else {"mackerel": 1}
    else:
        a["freezer"] = draw(st.booleans())
    return a


def invalid_action(draw: Any, t: Table) -> dict[str, Any]:
    """An action no rule allows, whatever the table."""
    name = draw(st.sampled_from(PLAYERS))
    me = t.player(name)
    choice = draw(st.integers(0, 12))
    if choice == 0:
        return {"type": "pay", "from": name, "to": "supply", "amount": me.yen + 100}
    if choice == 1:
        return {
            "type": "pay",
            "from": "supply",
            "to": name,
            "amount": draw(st.sampled_from([0, -100, 150, 99, "lots", None, 1.5])),
        }
    if choice == 2:
        return {"type": "pay", "from": "supply", "to": "Dora", "amount": 100}
    if choice == 3:
        return {"type": draw(st.sampled_from(["fly", "", "undo", *INTERNAL_TYPES]))}
    if choice == 4:
        key = draw(st.sampled_from(["mackerel", "eel", "octopus", "fugu"]))
        return {"type": "lose_fish", "player": name, "fish": key, "count": me.fish.count(key) + 1}
    if choice == 5:
        return {"type": "set_track", "track": "eel", "value": draw(st.sampled_from([0, 14]))}
    if choice == 6:
        return {"type": "take_license", "player": name, "market": "whale"}
    if choice == 7:
        return {"type": "gain_fish", "player": name, "fish": "spider_crab", "value": 5}
    if choice == 8:
        return {"type": "gain_fish", "player": name, "fish": "salmon", "side": "rotten"}
    if choice == 9:
        return {"type": "pay", "from": "supply", "to": name, "amount": 100, "note": "x" * 121}
    if choice == 10:
        return {"type": "give_fish", "from": name, "to": name, "fish": "mackerel"}
    if choice == 11:
        return {"type": "gain_fish", "player": name, "fish": "mackerel", "count": 0}
    return {"type": "set_track", "track": "salmon", "value": 5}  # not a value track


# -- Yen bookkeeping ------------------------------------------------------------------------


def expected_yen(before: Table, after: Table, a: dict[str, Any]) -> tuple[list[int], int]:
    """Each player's Yen after ``a`` by its rule, and what the supply gained."""
    yen = [p.yen for p in before.players]
    supply = 0
    kind = a["type"]
    idx = {p.name: i for i, p in enumerate(before.players)}
    pays = a.get("pay", True) is not False
    if kind in guided.RUNS:
        # The movements the preview reports, from the one computation the move makes.
        for m in guided.preview(before, a):
            if m.code != "mv.yen":
                continue
            payer, payee, amount = m.values["payer"], m.values["payee"], m.values["amount"]
            if payer == "supply":
                supply -= amount
            else:
                yen[idx[payer]] -= amount
            if payee == "supply":
                supply += amount
            else:
                yen[idx[payee]] += amount
        return yen, supply
    if kind == "pay":
        amount = a["amount"]
        if a["from"] == "supply":
            supply -= amount
        else:
            yen[idx[a["from"]]] -= amount
        if a["to"] == "supply":
            supply += amount
        else:
            yen[idx[a["to"]]] += amount
    elif kind == "take_license" and pays:
        if a["market"] == "sardine":  # ¥500 while both are on the board, then ¥300
            left = before.board_licenses["sardine"] or 0
            price = sum(500 if left - k >= 2 else 300 for k in range(a["count"]))
        else:
            unit = FISH_MARKETS[a["market"]].license_price
            assert unit is not None
            price = unit * a["count"]
        yen[idx[a["player"]]] -= price
        supply += price
    elif kind == "take_item" and pays:
        yen[idx[a["player"]]] -= 200
        supply += 200
    elif kind == "take_loan":
        yen[idx[a["player"]]] += 500 * a["count"]
        supply -= 500 * a["count"]
    elif kind == "buy_share":
        yen[idx[a["player"]]] -= 300 * a["count"]
        supply += 300 * a["count"]
    # Overfished effects: whatever became Overfished with this action, in market order.
    for market in after.config.fish_markets:
        if market in after.values.overfished and market not in before.values.overfished:
            for i, p in enumerate(after.players):
                if market == "horse_mackerel":
                    yen[i] += HORSE_MACKEREL_BONUS * p.fish.horse_mackerel
                    supply -= HORSE_MACKEREL_BONUS * p.fish.horse_mackerel
                if market == "nori":
                    paid = min(yen[i], NORI_PENALTY * p.fish.nori)
                    yen[i] -= paid
                    supply += paid
    return yen, supply


# -- the property --------------------------------------------------------------------------


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_log_properties(data: Any) -> None:
    draw = data.draw
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "props.sqlite3"
        store = Store(path, GAMES)
        hub = Hub(str(path), max_streams=8)
        door = Door(store, hub)
        try:
            run(draw, store, door, path)
        finally:
            hub.stop()
            store.close()


def run(draw: Any, store: Store, door: Door, path: Path) -> None:
    game_id, host, _ = store.create_game(make_config(**CONFIG))
    supply = 0  # what the supply has gained since setup
    history: list[tuple[int, Table]] = []  # active entries and the table before each

    def table() -> Table:
        return store.state(game_id).table

    for _ in range(draw(st.integers(6, 24), label="actions")):
        before, version = table(), store.state(game_id).version
        invalid = draw(st.integers(0, 5), label="invalid?") == 0
        action = invalid_action(draw, before) if invalid else valid_action(draw, before)
        try:
            event = door.act(
                game_id,
                host,
                str(action.get("type")),
                {k: v for k, v in action.items() if k != "type"},
            )
        except Refused as exc:
            note_event(f"refused {'invalid' if invalid else 'drawn'} {action.get('type')}")
            assert exc.status == 400, (action, exc.message)
            assert exc.message and exc.message[0].isupper()
            assert table() == before, action
            assert store.state(game_id).version == version
            continue
        assert not invalid, f"accepted an invalid action: {action}"
        note_event(f"recorded {action['type']}")
        after = table()
        assert after.actions == before.actions + 1

        # Yen: exactly the parties and amounts of the rule; the total never changes.
        yen, gained = expected_yen(before, after, {**event.data, "type": event.type})
        assert [p.yen for p in after.players] == yen, action
        supply += gained
        assert sum(p.yen for p in after.players) + supply == START_TOTAL

        # Undo gives the table back; redo gives the action back; or it stays undone.
        then = draw(st.sampled_from(["keep", "undo_redo", "undo_redo", "undo"]), label="then")
        if then == "keep":
            history.append((event.seq, before))
            continue
        door.undo(game_id, host)
        assert table() == before, action
        if then == "undo":
            supply -= gained
            continue
        door.redo(game_id, host)
        assert table() == after, action
        history.append((event.seq, before))

    live = table()
    # Replay: a fresh Store on the same file reads the log back and folds it anew.
    fresh = Store(path, GAMES)
    try:
        state = fresh.state(game_id)
        assert state.table == live
        assert fold(state.config, state.events) == live
        assert state.version == store.state(game_id).version
    finally:
        fresh.close()

    # Undo to an entry of the history: the table from just before it; redo: back again.
    if history:
        seq, before = draw(st.sampled_from(history), label="undo to")
        door.undo(game_id, host, to_seq=seq)
        assert table() == before
        door.redo(game_id, host)
        assert table() == live


def test_generators_cover_every_client_action() -> None:
    """The strategy above can produce every action type a client may send."""
    import inspect

    source = inspect.getsource(valid_action)
    for kind in CLIENT_TYPES:
        assert f'"{kind}"' in source, kind
