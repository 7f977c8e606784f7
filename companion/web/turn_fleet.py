"""The Fishing panel of the turn guide (issue #19, #20): the boats as they lie with one tap
per activity the rules allow now (``fleet_panel``, each tap the boat's item of the API's
``boats``), the barrels for sale to price anew, and each barrel's starting price (the price
this player last set for that fish, ``last_prices``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from ..engine.args import read
from ..eventlog import GameState
from ..i18n import name_of
from ..rules.cargo import place_name
from ..rules.catalogue import FISH_MARKETS, HIMONO_CATCHES, OVERSEAS_ENTRY
from ..rules.errors import IllegalAction
from ..rules.external_catalogue import BOATS
from ..rules.fishing_boats import BoatActivity, activities
from ..rules.fleet import fits_at, open_places
from ..rules.ledger import Run
from ..rules.markets import MARKETS, himono
from ..rules.table import OVERSEAS, ROWS, SEA, Table
from .turn_guide import item_name, say

#: A barrel's price on the Fishing panel when this player never priced that fish (issue
#: #20: not ¥0, which sells a forgotten barrel for nothing): ¥300, the middle of the
#: one-tap chips below.
DEFAULT_BARREL_PRICE = 300
#: The one-tap prices beside each barrel's price.
PRICE_CHIPS = (200, 300, 400, 500)


def last_prices(state: GameState, player: str) -> dict[str, int]:
    """The price ``player`` last set for each fish, from the log's guided fishing actions
    (a barrel placed for sale, or a new price), undone ones left out."""
    prices: dict[str, int] = {}
    for event in state.events:
        data = event.data
        if not event.active or event.type != "fishing" or data.get("player") != player:
            continue
        for x in data.get("for_sale") or ():
            if isinstance(x, dict) and isinstance(x.get("price"), int):
                prices[str(x.get("fish"))] = x["price"]
        for x in data.get("reprice") or ():
            if isinstance(x, dict) and isinstance(x.get("to"), int):
                prices[str(x.get("fish"))] = x["to"]
    return prices


def fishing_panel(t: Table, seat: int, prices: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The Fishing panel: the boats (:func:`fleet_panel`) and the barrels for sale on the
    player's Harbor to price anew; ``prices``: the price this player last set per fish,
    each barrel's starting price (else :data:`DEFAULT_BARREL_PRICE`)."""
    p = t.players[seat]
    reprice = [
        {"n": n, "row": row, "fish": x.fish, "price": x.price, "name": item_name(x.fish)}
        for n, (row, x) in enumerate((row, x) for row in ROWS for x in p.row(row))
    ]
    return {
        "reprice": reprice,
        "chips": PRICE_CHIPS,
        "boats": fleet_panel(t, seat, prices),
        "texts": {
            "nothing": say("guide.fleet_nothing"),
            "prices": say("guide.fleet_prices"),
            "free": say("guide.fleet_free_moves"),
        },
    }


#: A Fishing action's boats go in this order, whatever the order of the boats on the page:
#: undocks first, then docks, then catches — a place a boat left is free, and a licence a
#: docked boat held is free to catch again (the rulebook's example of Naomi's two ships).
#: The rules do each boat's activity in the order named (a JSON body's order is the
#: player's); the page names a boat's item ``boats[N]`` with N = this rank × 100 + the
#: boat's place on the page, and web/form_decode.py orders a list's items by number.
ORDER = ("undock", "dock", "catch")


def item_name_of(rank: str, index: int) -> str:
    """The form name of boat number ``index``'s item when it does ``rank``'s activity."""
    return f"boats[{ORDER.index(rank) * 100 + index}]"


def _option(index: int, item: dict[str, Any], label: str) -> dict[str, Any]:
    """One tap for a boat: the radio's value is its item (``boat=b2&do=dock&at=1``)."""
    home = item["do"] == "dock" and item.get("at") != "overseas"
    return {
        "value": urlencode(item, doseq=True),
        "label": label,
        "name": item_name_of(item["do"], index),
        "home": home,
    }


def fleet_panel(
    t: Table, seat: int, prices: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """The player's boats as they lie (issue #19), each with only what it may do now, one
    tap each: Undock (in a port or at Overseas), Catch <fish> (a ship at sea, each fish a
    catch the rules allow now), Dock (port …) at each place that fits it now, Dock at
    Overseas; and a price per barrel a boat at sea would unload for sale, sent only while
    that boat docks at home (``for_sale[K]``, numbered across the boats)."""

    prices = prices or {}
    p = t.players[seat]
    # Several Overseas groups only when several loaded boats could dock there, and as many
    # as her Yen pays for (¥100 a group, paid in the action).
    groups = (
        min(sum(1 for b in p.boats if b.where == SEA and b.cargo), p.yen // OVERSEAS_ENTRY)
        if OVERSEAS in t.config.external_markets
        else 0
    )
    out = []
    sold = 0
    for index, b in enumerate(p.boats):
        options: list[dict[str, Any]] = []
        if b.docked or b.where == OVERSEAS:
            undock = {"boat": b.id, "do": "undock"}
            options.append(_option(index, undock, say("guide.fleet_undock")))
        if b.where == SEA:
            options += _catch_options(t, seat, index, b)
            others = [x for x in p.boats if x.id != b.id]
            for place in open_places(p.ports):
                if fits_at(others, p.ports, b.kind, place):
                    options.append(
                        _option(
                            index,
                            {"boat": b.id, "do": "dock", "at": place},
                            say("guide.fleet_dock", place=place_name(place)),
                        )
                    )
            if groups and b.cargo:
                dock = {"boat": b.id, "do": "dock", "at": OVERSEAS}
                options.append(
                    _option(
                        index,
                        dock,
                        say("guide.fleet_dock_overseas")
                        if groups < 2
                        else say("guide.fleet_dock_overseas_group", group=1),
                    )
                )
                options += [
                    _option(
                        index,
                        {**dock, "group": n},
                        say("guide.fleet_dock_overseas_group", group=n),
                    )
                    for n in range(2, groups + 1)
                ]
        sales = []
        for i, fish in enumerate(b.cargo):
            if MARKETS[fish].for_sale and not (b.himono and i >= len(b.cargo) - b.himono):
                sales.append(
                    {
                        "n": i,
                        "k": sold,
                        "fish": fish,
                        "label": say("guide.barrel_n", market=fish, n=i + 1),
                        "price": prices.get(fish, DEFAULT_BARREL_PRICE),
                    }
                )
                sold += 1
        out.append(
            {
                "id": b.id,
                "name": name_of(b.kind),
                "where": say(f"fleet.where.{b.where}"),
                "at_sea": b.where == SEA,
                "cargo": [name_of(f, FISH_MARKETS[f].en) for f in b.cargo],
                "rented": name_of(b.rented) if b.rented else None,
                "options": options,
                "none": item_name_of(ORDER[0], index),
                "sales": sales,
                "legend": say("guide.fleet_boat", kind=b.kind, boat=b.id, no=b.id[1:]),
            }
        )
    return out


def _may(t: Table, seat: int, item: dict[str, Any]) -> bool:
    """Whether the rules accept this one boat's activity now (alone in a Fishing action)."""

    try:
        activities(Run(t), seat, [read(BoatActivity, item, "boats[0]")])
    except IllegalAction:
        return False
    return True


def _catch_options(t: Table, seat: int, index: int, b: Any) -> list[dict[str, Any]]:
    """A ship at sea's catches the rules allow now, one tap each: Catch <fish> (by the fish's
    own licence, else another that catches it); a licence that catches several barrels at
    once (a Horse Mackerel License: 2 Mackerel on the same ship); a Himono License's catch;
    and a ship that takes two kinds (the Blue ship) two different fish together."""

    p = t.players[seat]
    in_play = [m for m in t.config.fish_markets if m in MARKETS]
    out: list[dict[str, Any]] = []
    single = []
    for fish in in_play:
        if _may(t, seat, {"boat": b.id, "do": "catch", "fish": fish}):
            single.append(fish)
            item = {"boat": b.id, "do": "catch", "fish": fish}
            out.append(_option(index, item, say("guide.fleet_catch", market=fish)))
    for licence, held in p.licenses.items():
        if not held or licence not in MARKETS:
            continue
        for fish, n in MARKETS[licence].catches().items():
            item = {"boat": b.id, "do": "catch", "fish": fish, "licence": licence, "count": n}
            if n > 1 and fish in in_play and _may(t, seat, item):
                label = say("guide.fleet_catch_many", count=n, market=fish, item=licence)
                out.append(_option(index, item, label))
    if p.licenses.get(himono.ID):
        for fish in (*HIMONO_CATCHES, himono.ID):
            item = {"boat": b.id, "do": "catch", "fish": fish, "licence": himono.ID}
            if fish in in_play and _may(t, seat, item):
                out.append(_option(index, item, say("guide.fleet_catch_himono", market=fish)))
    if (BOATS[b.kind].kinds or 1) >= 2:
        for k, first in enumerate(single):
            for second in single[k + 1 :]:
                item = {"boat": b.id, "do": "catch", "fish": [first, second]}
                if _may(t, seat, item):
                    label = say("guide.fleet_catch_two", market=first, fish=second)
                    out.append(_option(index, item, label))
    return out
