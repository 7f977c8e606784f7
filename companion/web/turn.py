"""The active player's phone runs their turn: the guided turn (docs/actions.md, "The
guided turn") as big choices on the phone — the start-of-turn card, then Fishing,
Purchasing and Markets — with a preview of every movement before one Confirm.

The phone's form is flat (``sell.eel=2``, ``entry=ap``, ``for_sale.0.price=300``,
``barrel=Aiko|eel|upper|300``); :func:`action_from_form` turns it into the nested JSON
shape of the API and parses it with the same pydantic models (``schemas.ACTIONS``), so a
form can do nothing the API would refuse. Identity is checked before the body is read;
the confirm goes through the one door like every other change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Flask, make_response, render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]
from markupsafe import Markup

from ..door import Door, Refused, refusal, server_inputs
from ..eventlog import GameState
from ..i18n import current_lang, name_of
from ..identity import Identity
from ..rules import guided
from ..rules.bookkeeping import return_license
from ..rules.catalogue import (
    FISH_MARKETS,
    PORT_COVERINGS,
    PORT_OPEN_YEN,
    TOKEN_NAMES,
    EntryOption,
)
from ..rules.errors import IllegalAction
from ..rules.fleet import arrangement, kinds_of
from ..rules.markets import MARKETS, Market, market_of_item
from ..rules.messages import Message, render
from ..rules.table import ROWS, PlayerState, Table
from . import edge, schemas, turn_external
from .auth import page_identity
from .context import door, store
from .forms import htmx_error, live_answer
from .render import event_text, guide_key

bp = Blueprint("turn", __name__)

#: The guided action types this page builds.
KINDS = (
    "visit",
    "fishing",
    "purchase",
    "start_turn",
    "open_port",
    "return_rental",
    "assign_buyer",
    "return_license",
    "discard",
    "transfer",
)
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
#: Most price slots shown for one fish: the box holds 30 barrels of a fish.
MAX_SLOTS = 30
#: A barrel's price on the Fishing panel when this player never priced that fish (issue
#: #20: not ¥0, which sells a forgotten barrel for nothing): ¥300, the middle of the
#: one-tap chips below.
DEFAULT_BARREL_PRICE = 300
#: The one-tap prices beside each barrel's price.
PRICE_CHIPS = (200, 300, 400, 500)


# -- the flat form → the JSON shape ------------------------------------------------------------


def _num(text: str) -> int | str:
    """A form number as an int; anything else stays a string, for the model to refuse."""
    number = schemas.form_int(text)
    return text if number is None else number


def _unknown(key: str) -> Refused:
    return Refused(400, _say("guide.unknown_field", field=schemas.quoted(key)), key)


def _order(n: str) -> int:
    return int(n) if n.isascii() and n.isdigit() else 10**6


def _counts(fields: Mapping[str, str], prefix: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if key.startswith(prefix):
            number = _num(value)
            if number != 0:
                out[key[len(prefix) :]] = number
    return out


def _sold_barrels(codes: list[str]) -> list[dict[str, Any]]:
    """``row|price`` checkboxes (Mackerel: your own barrels sold with the tokens)."""
    out = []
    for code in codes:
        parts = code.split("|")
        if len(parts) != 2:
            raise Refused(400, _say("guide.barrel_not_offered"), "sell_barrel")
        out.append({"row": parts[0], "price": _num(parts[1])})
    return out


def _numbered(fields: Mapping[str, str], prefix: str) -> list[str]:
    """The numbers N of the fields ``prefix.N…``, in order."""
    return sorted(
        {k[len(prefix) :].split(".")[0] for k in fields if k.startswith(prefix)},
        key=_order,
    )


def _reprice(fields: Mapping[str, str], known: set[str]) -> list[dict[str, Any]]:
    """``reprice.N.row/fish/price`` (what is for sale) and ``reprice.N.to`` (the new
    price): only the barrels whose price changes."""
    out = []
    for n in _numbered(fields, "reprice."):
        names = {part: f"reprice.{n}.{part}" for part in ("row", "fish", "price", "to")}
        known |= set(names.values())
        got = {part: fields.get(name) for part, name in names.items()}
        if any(v is None for v in got.values()) or got["to"] == got["price"]:
            continue
        out.append(
            {
                "row": got["row"],
                "fish": got["fish"],
                "price": _num(str(got["price"])),
                "to": _num(str(got["to"])),
            }
        )
    return out


def nested(
    fields: Mapping[str, str], barrels: list[str], sell_barrels: list[str] | None = None
) -> dict[str, Any]:
    """The flat form as the API's body (docs/actions.md), before the model parses it."""
    kind = fields.get("type", "")
    body: dict[str, Any] = {"type": kind}
    if "player" in fields:
        body["player"] = fields["player"]
    if "expected_seq" in fields:
        body["expected_seq"] = _num(fields["expected_seq"])
    known = {"type", "player", "expected_seq"}
    if kind == "visit":
        known |= {"market", "entry", "licenses", "trade", "cans"}
        if "market" in fields:
            body["market"] = fields["market"]
        if "entry" in fields:
            body["entry"] = turn_external.entry_of(fields["entry"])
        for key in ("licenses", "trade", "cans"):
            if key in fields and _num(fields[key]) != 0:
                body[key] = _num(fields[key])
        sell: dict[str, Any] = {}
        valued: dict[str, list[Any]] = {}
        sales: dict[str, list[tuple[str, Any]]] = {}
        for key, value in fields.items():
            if key.startswith("sales."):  # sales.swordfish.N: the Nth successive sale
                known.add(key)
                parts = key.split(".")
                if len(parts) == 3 and _num(value) != 0:
                    sales.setdefault(parts[1], []).append((parts[2], _num(value)))
                continue
            if not key.startswith("sell."):
                continue
            known.add(key)
            parts = key.split(".")
            count = _num(value)
            if len(parts) == 3:  # sell.tuna.20 = how many of the printed 20
                valued.setdefault(parts[1], [])
                if isinstance(count, str):
                    valued[parts[1]].append(count)
                else:
                    valued[parts[1]] += [_num(parts[2])] * min(count, MAX_SLOTS)
            elif count != 0:
                sell[parts[1]] = count
        for k, numbered in sales.items():  # successive sales, in their order
            valued[k] = [count for _n, count in sorted(numbered, key=lambda x: _order(x[0]))]
        sell.update({k: v for k, v in valued.items() if v})
        if sell:
            body["sell"] = sell
        known.add("sell_barrel")
        if sell_barrels:
            body["sell_barrels"] = _sold_barrels(sell_barrels)
        trade = body.get("trade")
        if isinstance(trade, int):
            per = MARKETS["octopus"].numbers.get("takoyaki_per_octopus", 3)
            prices = [
                _num(fields[f"takoyaki.{i}"])
                for i in range(min(trade * per, MAX_SLOTS))
                if f"takoyaki.{i}" in fields
            ]
            if prices:
                body["takoyaki_prices"] = prices
        known |= {k for k in fields if k.startswith("takoyaki.")}
    elif kind == "fishing" and "fleet" in fields:
        known.add("fleet")
        _fishing_by_boat(fields, body, known)
    elif kind == "fishing":
        for part in ("caught", "unloaded"):
            counts = _counts(fields, f"{part}.")
            known |= {k for k in fields if k.startswith(f"{part}.")}
            if counts:
                body[part] = counts
        unloaded = body.get("unloaded", {})
        slots: dict[str, int] = {}
        for_sale = []
        for n in _numbered(fields, "for_sale."):
            fish, price = fields.get(f"for_sale.{n}.fish"), fields.get(f"for_sale.{n}.price")
            known |= {f"for_sale.{n}.fish", f"for_sale.{n}.price"}
            if fish is None or price is None:
                continue
            slot = slots.get(fish, 0)
            slots[fish] = slot + 1
            want = unloaded.get(fish, 0)
            if isinstance(want, int) and slot < want:
                for_sale.append({"fish": fish, "price": _num(price)})
        if for_sale:
            body["for_sale"] = for_sale
        reprice = _reprice(fields, known)
        if reprice:
            body["reprice"] = reprice
    elif kind == "purchase":
        known |= {"barrel", "buyer"}
        if fields.get("buyer") in ("on", "yes", "1", "true"):
            body["buyer"] = True
        chosen = []
        for code in barrels:
            parts = code.split("|")
            if len(parts) != 4:
                raise Refused(400, _say("guide.barrel_not_offered"), "barrel")
            owner, fish, row, price = parts
            chosen.append({"from": owner, "fish": fish, "row": row, "price": _num(price)})
        body["barrels"] = chosen
    elif kind in FREE_MOVES:  # the free moves: one choice each, or none (open_port)
        choices = {
            "return_rental": ("boat",),
            "assign_buyer": ("to",),
            "return_license": ("market", "count"),
        }
        for key in choices.get(kind, ()):
            known.add(key)
            if fields.get(key):
                body[key] = _num(fields[key]) if key == "count" else fields[key]
        if kind in ("discard", "transfer"):  # pick: "b2|eel" or "b1|b3|eel" (from, to)
            known |= {"pick", "count"}
            parts = fields.get("pick", "").split("|")
            if len(parts) != (2 if kind == "discard" else 3):
                raise Refused(400, _say("guide.fleet_pick"), "pick")
            if kind == "discard":
                body.update({"boat": parts[0], "fish": parts[1]})
            else:
                body.update({"from": parts[0], "to": parts[1], "fish": parts[2]})
            body["count"] = _num(fields.get("count", "1"))
    elif kind == "start_turn":
        known |= {"freezer", "buy_fugu"}
        if "freezer" in fields:
            body["freezer"] = fields["freezer"] in ("on", "yes", "1", "true")
        if "buy_fugu" in fields:
            body["buy_fugu"] = _num(fields["buy_fugu"])
    else:
        raise Refused(400, _say("guide.kind"), "type")
    for key in fields:
        if key not in known:
            raise _unknown(key)
    return body


def _fishing_by_boat(fields: Mapping[str, str], body: dict[str, Any], known: set[str]) -> None:
    """The Fishing panel boat by boat: ``boat.<id>`` = ``undock`` / ``catch.<fish>`` /
    ``catch.<fish>.<fish>`` (the Blue ship) / ``catch_by.<licence>.<fish>.<count>`` (a
    Horse Mackerel License's 2 Mackerel, a Himono License's catch) / ``dock.<place>`` /
    ``dock.overseas.<group>`` (one tap per boat), ``sale.<id>.<i>.fish|price`` for the
    barrels of the boats docking at home. Undocks first, then docks, then catches: a place a
    boat left is free, and a licence a docked boat held is free to catch again (Naomi's
    example)."""
    items: dict[str, list[dict[str, Any]]] = {"undock": [], "dock": [], "catch": []}
    for key, value in fields.items():
        if not key.startswith("boat."):
            continue
        known.add(key)
        if not value:
            continue
        do, *args = value.split(".")
        item: dict[str, Any] = {"boat": key[len("boat.") :], "do": do}
        if do == "catch" and len(args) in (1, 2):
            item["fish"] = args[0] if len(args) == 1 else args
        elif do == "catch_by" and len(args) == 3:
            item.update(do="catch", licence=args[0], fish=args[1])
            if args[2] != "1":  # one barrel is the API's default: recorded without a count
                item["count"] = _num(args[2])
        elif do == "dock" and args == [""]:
            pass
        elif do == "dock" and len(args) in (1, 2):
            item["at"] = args[0]
            if len(args) == 2:
                item["group"] = _num(args[1])
        elif do in ("catch", "catch_by", "dock") or args:
            raise Refused(400, _say("guide.bad_field", label=_say("guide.fleet_choice")), key)
        items.setdefault(item["do"], []).append(item)
    body["boats"] = [x for group in items.values() for x in group]
    home = {x["boat"] for x in items["dock"] if x.get("at") != "overseas"}
    for_sale = []
    for key in fields:
        if key.startswith("sale."):
            known.add(key)
    for bid in _numbered(fields, "sale."):
        for n in _numbered(fields, f"sale.{bid}."):
            fish, price = fields.get(f"sale.{bid}.{n}.fish"), fields.get(f"sale.{bid}.{n}.price")
            if bid in home and fish is not None and price is not None:
                for_sale.append({"fish": fish, "price": _num(price)})
    if for_sale:
        body["for_sale"] = for_sale
    reprice = _reprice(fields, known)
    if reprice:
        body["reprice"] = reprice


def action_from_form() -> tuple[str, dict[str, Any], int | None]:
    """The posted form as (kind, arguments, expected_seq), parsed by the API's model."""
    fields = edge.form_fields()
    barrels = [b.strip() for b in request.form.getlist("barrel") if b.strip()]
    sold = [b.strip() for b in request.form.getlist("sell_barrel") if b.strip()]
    if turn_external.is_external(fields):  # issue #9: an external market's form
        body = turn_external.nested(fields)
    else:
        body = nested(fields, barrels, sold)
    kind = str(body["type"])
    if kind == "visit" and body.get("entry") in (None, ""):
        # No entry radio left on (each one off, or none chosen): a player's sentence, not
        # the API's list of entry shapes (issue #20).
        raise Refused(400, _say("guide.choose_entry"), "entry")
    try:
        action = schemas.parse(schemas.ACTIONS[kind], body, kind)
    except Refused as exc:
        root = (exc.field or "").split(".")[0].split("[")[0]
        if root == "entry":
            raise Refused(400, _say("guide.choose_entry"), "entry") from None
        if exc.said is not None and any(c in render(exc.said, "en") for c in '{["'):
            # The API's JSON shapes are for developers: a phone's form that is not the
            # page's own (edited, or from an old page) is told to reload (issue #20).
            label = schemas.wording(kind, root).label_message()
            raise Refused(400, _say("guide.bad_field", label=label), exc.field) from None
        raise
    return kind, action.args(), action.expected_seq


# -- what the guide shows ----------------------------------------------------------------------


def _say(code: str, **values: Any) -> str:
    """A sentence or label of the guide, from the message catalogues
    (companion/translations), in the language of the device asking."""
    return render(Message(code, values), current_lang())


def _option_label(o: EntryOption) -> str:
    if o.kind in ("token", "barrel"):
        code = f"entry.option_{o.kind}" + ("_any" if o.what == "any" else "")
        return _say(code, fish=o.what, count=o.amount)
    return _say(f"entry.option_{o.kind}", count=o.amount, amount=o.amount)


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
                        "value": f"token:{key}:{v}",
                        "label": _say("guide.token_valued", fish=key, value=v),
                    }
                )
        elif key == "salmon":
            for side, n in (("fresh", fish.salmon_fresh), ("degraded", fish.salmon_degraded)):
                if n:
                    out.append(
                        {"value": f"token:salmon:{side}", "label": _say(f"guide.salmon_{side}")}
                    )
        else:
            out.append({"value": f"token:{key}", "label": _say("guide.token", fish=key)})
    if what in ("any", "takoyaki"):
        for row in ROWS:
            for x in p.row(row):
                if x.fish == "takoyaki":
                    out.append(
                        {
                            "value": f"token:takoyaki:harbor:{x.price}",
                            "label": _say("guide.takoyaki_for_sale", price=x.price),
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
                        "label": _say("token.valued", fish=key, value=v),
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
                            "name": f"sales.{key}.{n}",
                            "after": None if n == 0 else f"sales.{key}.{n - 1}",
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
        {"value": f"{row}|{x.price}", "row": row, "price": x.price, "id": f"sellb-{row}-{k}"}
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
    """The Fishing panel; ``prices``: the price this player last set per fish, each
    barrel's starting price (else :data:`DEFAULT_BARREL_PRICE`)."""
    prices = prices or {}
    p = t.players[seat]
    catch = []
    for market, n in p.licenses.items():
        if market not in MARKETS or market not in t.config.fish_markets:
            continue
        left = t.board_barrels.get(market)
        catch.append(
            {
                "name": f"caught.{market}",
                "label": name_of(market, FISH_MARKETS[market].en),
                "max": n if left is None else min(n, left),
                "left": left,
            }
        )
    unload = []
    slots = []
    number = 0
    for fish, n in p.at_sea.items():
        if not n:
            continue
        board = market_of_item(fish)
        unload.append(
            {
                "name": f"unloaded.{fish}",
                "label": name_of(board.id, board.data.en),
                "max": n,
                "for_sale": board.for_sale,
                "auction": board.auction_barrels(),
            }
        )
        if board.for_sale:
            for i in range(min(n, MAX_SLOTS)):
                slots.append(
                    {
                        "n": number,
                        "fish": fish,
                        "i": i,
                        "label": _say("guide.barrel_n", market=board.id, n=i + 1),
                        "price": prices.get(fish, DEFAULT_BARREL_PRICE),
                    }
                )
                number += 1
    reprice = [
        {"n": n, "row": row, "fish": x.fish, "price": x.price, "name": _item_name(x.fish)}
        for n, (row, x) in enumerate((row, x) for row in ROWS for x in p.row(row))
    ]
    return {
        "catch": catch,
        "unload": unload,
        "slots": slots,
        "reprice": reprice,
        "chips": PRICE_CHIPS,
        "boats": fleet_panel(t, seat, prices),
        "texts": {
            "nothing": _say("guide.fleet_nothing"),
            "prices": _say("guide.fleet_prices"),
            "free": _say("guide.fleet_free_moves"),
        },
    }


def fleet_panel(
    t: Table, seat: int, prices: Mapping[str, int] | None = None
) -> list[dict[str, Any]]:
    """The player's boats as they lie (issue #19), each with only what it may do now, one
    tap each: Undock (in a port or at Overseas), Catch <fish> (a ship at sea, each fish a
    catch the rules allow now), Dock (port …) at each place that fits it now, Dock at
    Overseas; and a price per barrel a boat at sea would unload for sale."""
    from ..rules.cargo import place_name
    from ..rules.catalogue import OVERSEAS_ENTRY
    from ..rules.fleet import fits_at, open_places
    from ..rules.table import OVERSEAS, SEA

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
    for b in p.boats:
        options: list[dict[str, str]] = []
        if b.docked or b.where == OVERSEAS:
            options.append({"value": "undock", "label": _say("guide.fleet_undock")})
        if b.where == SEA:
            options += _catch_options(t, seat, b)
            others = [x for x in p.boats if x.id != b.id]
            for place in open_places(p.ports):
                if fits_at(others, p.ports, b.kind, place):
                    options.append(
                        {
                            "value": f"dock.{place}",
                            "label": _say("guide.fleet_dock", place=place_name(place)),
                        }
                    )
            if groups and b.cargo:
                options.append(
                    {
                        "value": "dock.overseas",
                        "label": _say("guide.fleet_dock_overseas")
                        if groups < 2
                        else _say("guide.fleet_dock_overseas_group", group=1),
                    }
                )
                options += [
                    {
                        "value": f"dock.overseas.{n}",
                        "label": _say("guide.fleet_dock_overseas_group", group=n),
                    }
                    for n in range(2, groups + 1)
                ]
        sales = [
            {
                "n": i,
                "fish": fish,
                "label": _say("guide.barrel_n", market=fish, n=i + 1),
                "price": prices.get(fish, DEFAULT_BARREL_PRICE),
            }
            for i, fish in enumerate(b.cargo)
            if MARKETS[fish].for_sale and not (b.himono and i >= len(b.cargo) - b.himono)
        ]
        out.append(
            {
                "id": b.id,
                "name": name_of(b.kind),
                "where": _say(f"fleet.where.{b.where}"),
                "at_sea": b.where == SEA,
                "cargo": [name_of(f, FISH_MARKETS[f].en) for f in b.cargo],
                "rented": name_of(b.rented) if b.rented else None,
                "options": options,
                "sales": sales,
                "legend": _say("guide.fleet_boat", kind=b.kind, boat=b.id, no=b.id[1:]),
            }
        )
    return out


def _may(t: Table, seat: int, item: dict[str, Any]) -> bool:
    """Whether the rules accept this one boat's activity now (alone in a Fishing action)."""
    from ..rules.fishing_boats import activities
    from ..rules.ledger import Run

    try:
        activities(Run(t), seat, [item])
    except IllegalAction:
        return False
    return True


def _catch_options(t: Table, seat: int, b: Any) -> list[dict[str, str]]:
    """A ship at sea's catches the rules allow now, one tap each: Catch <fish> (by the fish's
    own licence, else another that catches it); a licence that catches several barrels at
    once (a Horse Mackerel License: 2 Mackerel on the same ship); a Himono License's catch;
    and a ship that takes two kinds (the Blue ship) two different fish together."""
    from ..rules.catalogue import BOATS, HIMONO_CATCHES
    from ..rules.markets import himono

    p = t.players[seat]
    in_play = [m for m in t.config.fish_markets if m in MARKETS]
    out: list[dict[str, str]] = []
    single = []
    for fish in in_play:
        if _may(t, seat, {"boat": b.id, "do": "catch", "fish": fish}):
            single.append(fish)
            out.append({"value": f"catch.{fish}", "label": _say("guide.fleet_catch", market=fish)})
    for licence, held in p.licenses.items():
        if not held or licence not in MARKETS:
            continue
        for fish, n in MARKETS[licence].catches().items():
            item = {"boat": b.id, "do": "catch", "fish": fish, "licence": licence, "count": n}
            if n > 1 and fish in in_play and _may(t, seat, item):
                out.append(
                    {
                        "value": f"catch_by.{licence}.{fish}.{n}",
                        "label": _say("guide.fleet_catch_many", count=n, market=fish, item=licence),
                    }
                )
    if p.licenses.get(himono.ID):
        for fish in (*HIMONO_CATCHES, himono.ID):
            item = {"boat": b.id, "do": "catch", "fish": fish, "licence": himono.ID}
            if fish in in_play and _may(t, seat, item):
                out.append(
                    {
                        "value": f"catch_by.{himono.ID}.{fish}.1",
                        "label": _say("guide.fleet_catch_himono", market=fish),
                    }
                )
    if (BOATS[b.kind].kinds or 1) >= 2:
        for k, first in enumerate(single):
            for second in single[k + 1 :]:
                item = {"boat": b.id, "do": "catch", "fish": [first, second]}
                if _may(t, seat, item):
                    out.append(
                        {
                            "value": f"catch.{first}.{second}",
                            "label": _say("guide.fleet_catch_two", market=first, fish=second),
                        }
                    )
    return out


def _item_name(fish: str) -> str:
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
                    "value": f"{p.name}|{x.fish}|{row}|{x.price}",
                    "price": x.price,
                    "fish": _item_name(x.fish),
                    "id": f"buy-{i}-{row}-{k}",
                }
                for k, x in enumerate(p.row(row))
            ]
            rows.append({"row": row, "chips": chips})
        owners.append({"name": p.name, "rows": rows, "empty": not any(r["chips"] for r in rows)})
    return owners


def free_panel(t: Table, seat: int) -> dict[str, Any]:
    """The free moves (turn-and-scoring.md §1: not actions, no AP, any time on your turn):
    opening the next port, sending back a rented boat after its voyage (Boat Rentals),
    giving a Buyer token to another player (Influence), giving licences back to their
    board (free, no refund) — each with why it is off now."""
    p = t.players[seat]
    port: dict[str, Any] | None = None
    if p.ports < PORT_COVERINGS:
        port = {"n": p.ports + 1, "yen": PORT_OPEN_YEN, "short": p.yen < PORT_OPEN_YEN}
    rentals: list[dict[str, Any]] | None = None
    if "boat_rentals" in t.config.external_markets:
        kinds = kinds_of(p)
        seen: dict[str, dict[str, Any]] = {}
        for i, b in enumerate(p.boats):
            if b.rented is None:
                continue
            docked = (
                b.docked
                if t.config.fleet == 2
                else arrangement(kinds, p.ports, p.at_sea, docked={i})
            )
            row = seen.setdefault(
                b.kind,
                {
                    "kind": b.kind,
                    "name": name_of(b.kind),
                    "board": name_of(b.rented),
                    "docked": False,
                },
            )
            row["docked"] = row["docked"] or docked
        rentals = list(seen.values())
    buyer: dict[str, Any] | None = None
    if "influence" in t.config.external_markets:
        buyer = {
            "held": p.items.get("buyer_token", 0),
            "others": [q.name for i, q in enumerate(t.players) if i != seat],
            "given": [t.players[to].name for b, to in t.turn.buyers if b == seat],
        }
    licences = [
        {"market": m, "name": name_of(m, FISH_MARKETS[m].en if m in FISH_MARKETS else m), "n": n}
        for m, n in p.licenses.items()
        if n > 0
    ]
    discard: list[dict[str, Any]] = []
    transfer: list[dict[str, Any]] = []
    sea = [b for b in p.boats if b.where == "sea"]
    if not t.turn.acted:  # only at the start of the turn, before the first action
        for b in sea:
            for fish in sorted(set(b.cargo)):
                discard.append(
                    {
                        "value": f"{b.id}|{fish}",
                        "max": b.cargo.count(fish),
                        "label": _say(
                            "guide.fleet_discard_one",
                            kind=b.kind,
                            boat=b.id,
                            no=b.id[1:],
                            market=fish,
                            count=b.cargo.count(fish),
                        ),
                    }
                )
    from ..rules.catalogue import BOATS

    for barge in (x for x in sea if BOATS[x.kind].barge):
        room = BOATS[barge.kind].slots - len(barge.cargo)
        for b in sea:
            if BOATS[b.kind].barge or b.rented or b.himono or not room:
                continue
            for fish in sorted(set(b.cargo)):
                if fish == "salmon" and "salmon" in barge.cargo:
                    continue
                transfer.append(
                    {
                        "value": f"{b.id}|{barge.id}|{fish}",
                        "max": min(room, b.cargo.count(fish)),
                        "label": _say(
                            "guide.fleet_transfer_one",
                            kind=b.kind,
                            boat=b.id,
                            no=b.id[1:],
                            market=fish,
                            barge=barge.id,
                            barge_no=barge.id[1:],
                        ),
                    }
                )
    return {
        "port": port,
        "ports": p.ports,
        "rentals": rentals,
        "buyer": buyer,
        "licences": licences,
        "discard": discard,
        "transfer": transfer,
        "acted": t.turn.acted,
        "texts": {
            "discard": _say("guide.fleet_discard"),
            "discard_when": _say("guide.fleet_discard_when"),
            "transfer": _say("guide.fleet_transfer"),
            "transfer_none": _say("guide.fleet_transfer_none"),
            "count": _say("guide.fleet_count"),
        },
    }


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


def _me(game_id: str) -> tuple[Identity, GameState, int]:
    who = page_identity(game_id, "seat")
    if who.seat is None:
        raise Refused(403, _say("guide.seat_only"))
    return who, store().state(game_id), who.seat


def markets_grid(t: Table, seat: int) -> dict[str, Any]:
    """The Markets grid's tiles: the fish markets', then the external markets'."""
    return {
        "tiles": [market_tile(t, seat, MARKETS[m]) for m in t.config.fish_markets],
        "ext_tiles": turn_external.tiles(t, seat),
    }


def render_guide(game_id: str, who: Identity, state: GameState | None = None) -> str:
    """The guide; on my turn its panel opens on the Markets grid (#20: a tile is one tap
    from the guide, as Fishing and Purchasing are)."""
    state = state or store().state(game_id)
    g = guide(game_id, who, state)
    grid = None
    if g["active"] and not g["start"] and who.seat is not None:
        grid = markets_grid(state.table, who.seat)
    return render_template("game/_turn_box.html", g=g, grid=grid)


# -- routes ------------------------------------------------------------------------------------


@bp.get("/games/<game_id>/turn")
def box(game_id: str) -> Any:
    """The guide; 204 when ``?key=`` is still its state (the form being filled stays)."""
    try:
        who, state, _seat = _me(game_id)
    except Refused as exc:
        return htmx_error(exc)
    if request.args.get("key") == guide_key(state.table):
        return "", 204
    return render_guide(game_id, who, state)


@bp.get("/games/<game_id>/turn/<panel>")
@bp.get("/games/<game_id>/turn/<panel>/<market>")
def panel(game_id: str, panel: str, market: str | None = None) -> Any:
    try:
        who, state, seat = _me(game_id)
        t: Table = state.table
        g = guide(game_id, who, state)
        if not g["active"]:
            raise Refused(400, _say("guide.not_yours", active=g["current"]))
        if panel == "markets" and market is None:
            return render_template("game/_turn_markets.html", g=g, **markets_grid(t, seat))
        if panel == "markets" and market in t.config.external_markets:
            return turn_external.panel(g, t, seat, market)
        if panel == "markets" and market in t.config.fish_markets:
            return render_template(
                "game/_turn_visit.html", g=g, m=market_panel(t, seat, MARKETS[market])
            )
        if panel == "fishing" and market is None:
            f = fishing_panel(t, seat, last_prices(state, t.players[seat].name))
            return render_template("game/_turn_fishing.html", g=g, f=f)
        if panel == "purchasing" and market is None:
            return render_template("game/_turn_purchase.html", g=g, owners=purchase_panel(t, seat))
        if panel == "free" and (market is None or market in FREE_MOVES):
            return render_template("game/_turn_free.html", g=g, f=free_panel(t, seat), move=market)
        raise Refused(404, _say("guide.no_panel"))
    except Refused as exc:
        return htmx_error(exc)


@bp.post("/games/<game_id>/turn/preview")
def preview(game_id: str) -> Any:
    """What the posted form would do, movement by movement, or the one-sentence reason the
    rules refuse it. Changes nothing."""
    try:
        who, state, seat = _me(game_id)
        kind, args, _expected = action_from_form()
        Door.permit(state, who, kind, args)
    except Refused as exc:
        if exc.status == 403:
            return htmx_error(exc)
        return render_template("game/_turn_preview.html", error=exc.message)
    if kind == "return_license":  # a bookkeeping move, not a guided action: its line
        try:
            return_license(state.table, args)
        except IllegalAction as exc:
            error = refusal(exc, state, who).message
            return render_template("game/_turn_preview.html", error=error)
        line = render(Message("guide.return_licence", args), current_lang())
        return render_template("game/_turn_preview.html", lines=[line], total=None)
    data, _group = server_inputs(state, kind, {"type": kind, **args})
    try:
        # As this phone may read it: with closed money, no amount of another player's Yen.
        lang = current_lang()
        moves = guided.preview_for(state.table, data, seat)
        lines = [line[:1].upper() + line[1:] for line in (render(m, lang) for m in moves)]
    except IllegalAction as exc:
        return render_template("game/_turn_preview.html", error=refusal(exc, state, who).message)
    total = None
    if kind == "purchase" and args.get("barrels"):
        total = sum(int(b["price"]) for b in args.get("barrels", []))
    return render_template(
        "game/_turn_preview.html", lines=lines, total=total, game_id=game_id, ends=ends(moves)
    )


def ends(moves: list[Message]) -> bool:
    """Whether the previewed action spends the turn's last AP and opens no auction: then
    its Confirm may end the turn in the same tap (#20)."""
    spent = any(m.code == "mv.ap" and m.values.get("left") == 0 for m in moves)
    return spent and not any("auction" in m.code for m in moves)


@bp.post("/games/<game_id>/turn/confirm")
def confirm(game_id: str) -> Any:
    """The previewed action through the one door; the guide and a message come back. The
    page's stream brings what changed in #live (forms.live_answer)."""
    try:
        who, _state, _seat = _me(game_id)
        kind, args, expected = action_from_form()
        event = door().act(game_id, who.token, kind, args, expected)
    except Refused as exc:
        return htmx_error(exc)
    message = _say("guide.recorded", line=event_text(game_id, event.seq, who))
    if request.args.get("then") == "end" and not store().state(game_id).table.turn.ap_left:
        # "Confirm and end my turn" (#20): the turn change "End my turn" would record, now
        # that no AP are left (its own entry: one Undo takes it back alone). An auction or
        # anything else that holds the turn refuses it: the action stays recorded.
        try:
            turn_change = door().act(game_id, who.token, "next_turn", {}, event.seq)
            message += " " + event_text(game_id, turn_change.seq, who)
        except Refused:
            pass
    state = store().state(game_id)
    flash = render_template("game/_flash.html", oob=True, message=message)
    resp = make_response(render_guide(game_id, who, state) + flash)
    return live_answer(resp)


def init_app(app: Flask) -> None:
    """``turn_guide(view)`` for seat.html (through templates/game/_turn_guide.html)."""

    @app.context_processor
    def _guide() -> dict[str, Any]:
        def turn_guide(view: Mapping[str, Any]) -> Markup:
            who = page_identity(str(view["id"]), "seat")
            if who.seat is None:
                return Markup("")
            return Markup(render_guide(str(view["id"]), who))

        return {"turn_guide": turn_guide}

    # A global, so that templates/game/_regions.html (imported without context) sees it.
    app.jinja_env.globals["end_turn_question"] = end_turn_question
    # The fleet picture's words (templates/game/_fleet.html), from the rules' catalogue.
    app.jinja_env.globals["fleet_word"] = _say


def end_turn_question(game_id: str) -> str:
    """The question "End my turn" / "Next turn" asks while the active player has AP left
    ("Chiyo has 2 AP left — end the turn anyway?"), or "" (no turn on, or no AP left).
    The API still takes a next_turn with AP left (docs/flows.md); only the pages ask."""
    t = store().state(game_id).table
    turn = t.turn
    if turn.number <= 0 or turn.finished or not turn.ap_left:
        return ""
    player = t.players[turn.current].name
    return str(
        gettext(
            "%(player)s has %(num)s AP left — end the turn anyway?",
            player=player,
            num=turn.ap_left,
        )
    )


@bp.record_once
def _register(state: Any) -> None:
    init_app(state.app)
