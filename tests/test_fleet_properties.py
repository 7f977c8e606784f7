"""Properties of the placed fleet over random fleets and random Fishing actions (issue #19):
barrels are conserved, a boat is never in two places (nor a port place over-full), a
refusal changes nothing, undo is exact and the replay equals the live table."""

from __future__ import annotations

from typing import Any

from fleet_support import boat, placed_game, with_fleet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.eventlog import Event
from companion.games import fold
from companion.rules.errors import IllegalAction
from companion.rules.external_catalogue import BOATS
from companion.rules.fleet import fits_at, sea_counts
from companion.rules.moves import apply
from companion.rules.table import PORT_PLACES, Table

FISH = ["mackerel", "eel", "fugu", "salmon", "squid", "octopus"]
ACCEPTED: list[int] = []
KINDS = ["one_slot", "two_slot", "three_slot", "four_slot", "barge"]
PLACES = [*PORT_PLACES, "sea"]


@st.composite
def fleets(draw: st.DrawFn) -> Table:
    """Aiko with 1–4 boats lying anywhere they fit, barrels aboard as a ship may hold them
    (one fish a ship, any mix a barge, one Salmon a boat), 0–4 licences."""
    t = placed_game()
    ports = draw(st.integers(0, 2))
    boats = []
    for n in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(KINDS))
        where = draw(st.sampled_from(PLACES))
        if where != "sea" and not fits_at(boats, ports, kind, where):
            where = "sea"
        cargo: tuple[str, ...] = ()
        if where == "sea":
            slots = BOATS[kind].slots
            if BOATS[kind].barge:
                cargo = tuple(draw(st.lists(st.sampled_from(FISH), max_size=slots)))
            else:
                fish = draw(st.sampled_from(FISH))
                cargo = (fish,) * draw(st.integers(0, slots))
            if cargo.count("salmon") > 1:
                cargo = tuple(f for f in cargo if f != "salmon") + ("salmon",)
        boats.append(boat(kind, f"b{n + 1}", where, *cargo))
    licences = draw(st.dictionaries(st.sampled_from(FISH), st.integers(1, 2), max_size=2))
    return with_fleet(t, "Aiko", *boats, ports=ports, licenses=licences, yen=5000)


def activity(draw: st.DrawFn, t: Table) -> dict[str, Any]:
    p = t.player("Aiko")
    items = []
    for b in draw(st.permutations(p.boats)):
        do = draw(st.sampled_from(["undock", "catch", "dock", "none"]))
        if do == "none":
            continue
        item: dict[str, Any] = {"boat": b.id, "do": do}
        if do == "catch":
            held = sorted(p.licenses) or FISH
            item["fish"] = draw(st.sampled_from(held))
        if do == "dock" and draw(st.booleans()):
            item["at"] = draw(st.sampled_from(PORT_PLACES))
        items.append(item)
    docking = {x["boat"] for x in items if x["do"] == "dock"}
    unloadable = [f for b in p.boats if b.id in docking and b.where == "sea" for f in b.cargo]
    for_sale = [{"fish": f, "price": 100 * draw(st.integers(0, 9))} for f in unloadable]
    return {"type": "fishing", "player": "Aiko", "boats": items, "for_sale": for_sale}


def barrels(t: Table) -> dict[str, int]:
    """Every barrel of each fish in play: on its board, aboard, on Harbors."""
    out: dict[str, int] = {}
    for f in FISH:
        n = t.board_barrels.get(f) or 0
        for p in t.players:
            n += sum(b.cargo.count(f) for b in p.boats)
            n += sum(1 for x in (*p.upper, *p.lower) if x.fish == f)
        out[f] = n
    return out


def check_fleet(t: Table) -> None:
    for p in t.players:
        assert len({b.id for b in p.boats}) == len(p.boats)
        seen: list[Any] = []
        for b in p.boats:
            assert b.where in (*PORT_PLACES, "sea", "overseas")
            if b.docked:
                assert not b.cargo
                assert fits_at(seen, p.ports, b.kind, b.where), (b, seen)
                seen.append(b)
            if b.where != "sea":
                assert not b.cargo
            assert len(b.cargo) <= BOATS[b.kind].slots
            assert b.cargo.count("salmon") <= 1
            if not BOATS[b.kind].barge:
                assert len(set(b.cargo)) <= 1
        assert sea_counts(p.boats)[0] == p.at_sea


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_fishing_keeps_the_fleet_whole(data: st.DataObject) -> None:
    t = data.draw(fleets(), label="fleet")
    start = barrels(t)
    for _ in range(2):
        action = activity(data.draw, t)
        try:
            after = apply(t, action)
        except IllegalAction:
            continue  # (refusals change nothing: the table is immutable and kept)
        check_fleet(after)
        ACCEPTED.append(1)
        # Barrels only move between boards, boats and Harbors (no docking auction here).
        if not after.auctions:
            assert barrels(after) == start
        t = after


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_undo_is_exact_and_the_replay_equals_the_live_table(data: st.DataObject) -> None:
    """Through the games' fold like the store: a game from its setup, boats taken and opened
    by hand, then random Fishing actions; undoing the last gives the table before it."""
    t0 = placed_game()
    cfg = t0.config
    events: list[Event] = []

    def record(t: Table, action: dict[str, Any]) -> Table:
        new = apply(t, action)
        data_ = {k: v for k, v in action.items() if k != "type"}
        events.append(Event(len(events) + 1, action["type"], data_, "host", "now"))
        return new

    from companion.rules.table import initial_table

    t = initial_table(cfg)
    t = record(t, {"type": "take_license", "player": "Aiko", "market": "eel", "pay": False})
    t = record(t, {"type": "next_turn"})
    t = record(t, {"type": "open_port", "player": "Aiko"})
    t = record(t, {"type": "take_boat", "player": "Aiko", "boat": "two_slot", "pay": False})
    tables = [t]
    for _ in range(data.draw(st.integers(1, 6), label="steps")):
        action = activity(data.draw, t)
        if data.draw(st.booleans(), label="next turn"):
            action = {"type": "next_turn"}
        try:
            t = record(t, action)
        except IllegalAction:
            continue
        check_fleet(t)
        tables.append(t)
    assert fold(cfg, events) == t
    if len(events) > 4:
        undone = [
            *events[:-1],
            Event(events[-1].seq, events[-1].type, events[-1].data, "host", "now", undone_by=999),
        ]
        assert fold(cfg, undone) == tables[-2]
