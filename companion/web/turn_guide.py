"""What the turn guide shows on the active player's phone (docs/actions.md, "The guided
turn"): the start-of-turn card, the markets' tiles and panels, the Purchasing panel, the
free moves, the Buyer purchase between two turns — each choice with only what the rules
allow now, worded in the device's language (``say``). The Fishing panel and the fleet are
web/turn_fleet.py's; the routes, web/turn.py's.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from ..eventlog import GameState
from ..i18n import current_lang, name_of
from ..identity import Identity
from ..rules.catalogue import FISH_MARKETS, TOKEN_NAMES, EntryOption
from ..rules.markets import Market
from ..rules.messages import Message, render
from ..rules.table import ROWS, PlayerState, Table
from . import turn_external
from .render import guide_key

PANELS = ("markets", "fishing", "purchasing", "free")
#: The free moves of the "Free moves" panel (not actions: no AP, any time on your turn).
FREE_MOVES = (
    "open_port",
    "return_rental",
    "assign_buyer",
    "return_license",
    "discard",
    "transfer",
)
#: The guided action types this page builds: the actions, the turn's start, the free moves.
KINDS = ("visit", "fishing", "purchase", "start_turn", *FREE_MOVES)
#: Most price slots shown for one fish: the box holds 30 barrels of a fish.
MAX_SLOTS = 30


def say(code: str, **values: Any) -> str:
    """A sentence or label of the guide, from the message catalogues
    (companion/translations), in the language of the device asking."""
    return render(Message(code, values), current_lang())


def _option_label(o: EntryOption) -> str:
    if o.kind in ("token", "barrel"):
        code = f"entry.option_{o.kind}" + ("_any" if o.what == "any" else "")
        return say(code, fish=o.what, count=o.amount)
    return say(f"entry.option_{o.kind}", count=o.amount, amount=o.amount)


def _token_choices(p: PlayerState, what: str) -> list[dict[str, Any]]:
    """The tokens this player could hand back for an entry option (``what``: a key or
    "any"), one radio each."""
    fish = p.fish
    out: list[dict[str, Any]] = []
    for key in fish.held():
        if what not in ("any", key):
            continue
        if key in ("spider_crab", "tuna"):
            for v in sorted(set(getattr(fish, key)), reverse=True):
                out.append(
                    {
                        "value": turn_external.token_entry(key, value=v),
                        "label": say("guide.token_valued", fish=key, value=v),
                    }
                )
        elif key == "salmon":
            for side, n in (("fresh", fish.salmon_fresh), ("degraded", fish.salmon_degraded)):
                if n:
                    out.append(
                        {
                            "value": turn_external.token_entry("salmon", side=side),
                            "label": say(f"guide.salmon_{side}"),
                        }
                    )
        else:
            out.append(
                {"value": turn_external.token_entry(key), "label": say("guide.token", fish=key)}
            )
    if what in ("any", "takoyaki"):
        for row in ROWS:
            for x in p.row(row):
                if x.fish == "takoyaki":
                    out.append(
                        {
                            "value": turn_external.picks(
                                {
                                    "token.fish": "takoyaki",
                                    "token.from": "harbor",
                                    "token.price": x.price,
                                }
                            ),
                            "label": say("guide.takoyaki_for_sale", price=x.price),
                        }
                    )
    return _unique(out)


def _unique(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    out = []
    for r in rows:
        if r["value"] not in seen:
            seen.add(r["value"])
            out.append(r)
    return out


def _entry_choices(t: Table, seat: int, m: Market) -> list[dict[str, Any]]:
    used = m.id in t.turn.free_entries
    return turn_external.entry_choices(
        t, seat, m.entry_options(t), _option_label, used, _token_choices
    )


def _sells(m: Market) -> bool:
    return type(m).sell is not Market.sell


def _sell_rows(p: PlayerState, m: Market) -> list[dict[str, Any]]:
    if not _sells(m):
        return []
    rows: list[dict[str, Any]] = []
    for key in m.data.token_keys:
        held = p.fish.count(key)
        if not held:
            continue
        if key in ("spider_crab", "tuna"):
            values: tuple[int, ...] = getattr(p.fish, key)
            for v in sorted(set(values), reverse=True):
                rows.append(
                    {
                        "name": f"sell.{key}.{v}",
                        "label": say("token.valued", fish=key, value=v),
                        "max": values.count(v),
                    }
                )
        elif m.successive_sales:
            # Several sales in one visit, each at the value the one before left; sale N+1
            # shows once sale N sells something (game.js).
            rows.append(
                {
                    "name": f"sell.{key}",
                    "label": name_of(key),
                    "max": held,
                    "sales": [
                        {
                            "name": f"sell.{key}[{n}]",
                            "id": f"f-sales-{key}-{n}",
                            "after": None if n == 0 else f"sell.{key}[{n - 1}]",
                        }
                        for n in range(min(held, MAX_SLOTS))
                    ],
                }
            )
        else:
            rows.append({"name": f"sell.{key}", "label": name_of(key), "max": held})
    return rows


def _own_barrels(p: PlayerState, m: Market) -> list[dict[str, Any]]:
    """This market's barrels for sale on the visitor's own Harbor, for a market that buys
    them back (Mackerel: counted with the tokens)."""
    if not m.buys_own_barrels:
        return []
    return [
        {
            "value": urlencode({"row": row, "price": x.price}),
            "row": row,
            "price": x.price,
            "id": f"sellb-{row}-{k}",
        }
        for row in ROWS
        for k, x in enumerate(p.row(row))
        if x.fish == m.id
    ]


def _licence_offer(t: Table, seat: int, m: Market) -> dict[str, Any] | None:
    prices = m.licence_prices(t, 1)
    if prices is None:
        return None
    p = t.players[seat]
    data = m.data
    limit = min(4, data.licenses_per_visit or 4, p.spaces_free)
    left = t.board_licenses.get(m.id)
    if left is not None:
        limit = min(limit, left)
    if data.max_licenses_per_player is not None:
        limit = min(limit, data.max_licenses_per_player - p.licenses.get(m.id, 0))
    if limit <= 0:
        return None
    return {"price": prices[0], "max": limit, "left": left}


def market_tile(t: Table, seat: int, m: Market) -> dict[str, Any]:
    options = m.entry_options(t)
    return {
        "id": m.id,
        "name": name_of(m.id, m.data.en),
        "ja": m.data.ja,
        "costs": [_option_label(o) for o in options],
        "why": turn_external.tile_why(t, seat, m, options, _entry_choices(t, seat, m)),
    }


def market_panel(t: Table, seat: int, m: Market) -> dict[str, Any]:
    p = t.players[seat]
    special: dict[str, Any] = {}
    if "trade" in m.visit_fields and p.fish.count("octopus"):
        per = m.numbers.get("takoyaki_per_octopus", 3)
        special["trade"] = {
            "max": p.fish.count("octopus"),
            "per": per,
            "slots": list(range(min(per * p.fish.count("octopus"), MAX_SLOTS))),
        }
    if "cans" in m.visit_fields:
        special["cans"] = {"price": m.numbers.get("can_yen", 100), "max": 10}
    return {
        **market_tile(t, seat, m),
        "entries": _entry_choices(t, seat, m),
        "licences": _licence_offer(t, seat, m),
        "sell": _sell_rows(p, m),
        "own_barrels": _own_barrels(p, m),
        "per_sale": (m.numbers.get("sale_items"), m.numbers.get("sale_yen"))
        if m.buys_own_barrels
        else None,
        "special": special,
    }


def item_name(fish: str) -> str:
    """A Harbor item's name: a market's barrel, or a Takoyaki / Himono token."""
    if fish in FISH_MARKETS:
        return name_of(fish, FISH_MARKETS[fish].en)
    return name_of(fish, TOKEN_NAMES.get(fish, fish))


def purchase_panel(t: Table, seat: int) -> list[dict[str, Any]]:
    owners = []
    for i, p in enumerate(t.players):
        if i == seat:
            continue
        rows = []
        for row in ROWS:
            chips = [
                {
                    "value": urlencode(
                        {"from": p.name, "fish": x.fish, "row": row, "price": x.price}
                    ),
                    "price": x.price,
                    "fish": item_name(x.fish),
                    "id": f"buy-{i}-{row}-{k}",
                }
                for k, x in enumerate(p.row(row))
            ]
            rows.append({"row": row, "chips": chips})
        owners.append({"name": p.name, "rows": rows, "empty": not any(r["chips"] for r in rows)})
    return owners


def buyer_card(t: Table, seat: int | None) -> dict[str, Any] | None:
    """The Buyer purchase open between two turns (rules/buyer.py): who buys, after whose
    turn, and for the buyer's own phone the Harbors to buy from."""
    buying = t.turn.buying
    if buying is None or t.turn.finished:
        return None
    mine = seat == buying[0]
    return {
        "buyer": t.players[buying[0]].name,
        "after": t.players[buying[1]].name,
        "mine": mine,
        "owners": purchase_panel(t, buying[0]) if mine else [],
    }


def start_card(t: Table, seat: int) -> dict[str, Any]:
    p = t.players[seat]
    fugu = sorted(x.price for x in p.lower if x.fish == "fugu")
    return {"freezer": bool(p.items.get("freezer")), "fugu": fugu, "max": len(fugu)}


def guide(game_id: str, who: Identity, state: GameState) -> dict[str, Any]:
    t = state.table
    turn = t.turn
    seat = who.seat
    on = turn.number > 0 and not turn.finished and turn.ap_left is not None
    active = on and seat is not None and seat == turn.current
    return {
        "game_id": game_id,
        "key": guide_key(t),
        # The entry it was rendered at: a Confirm's answer older than the page's #live is
        # not put in (static/game.js), the stream has brought a newer guide.
        "version": state.version,
        "on": on,
        "active": active,
        "finished": turn.finished,
        "me": None if seat is None else t.players[seat].name,
        "current": t.players[turn.current].name,
        "ap_left": turn.ap_left,
        "phase": turn.phase,
        "start": start_card(t, turn.current) if active and turn.phase == "start" else None,
        "buying": buyer_card(t, seat),
    }
