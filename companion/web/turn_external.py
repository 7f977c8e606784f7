"""The turn guide at the external markets (issue #9, docs/actions.md "External markets"):
the tiles of the game's external markets with their entry cost now, one panel per market
with what the rules let the player do there, and the phone's flat form as the API's
``visit`` body.

The panels offer only what the table allows (the tokens the player holds, the boats on a
board, the room left on a place); the rules still decide, through the same preview and
the one door as every other visit.

The flat form (one value per field, so a field sent twice counts once):

- counts: ``loans``, ``shares``, ``freezers``, ``carts``, ``buyer_tokens``;
- tokens by code, how many of each: ``left.squid=2``, ``right.tuna:20=1`` (Government),
  ``tokens.eel=1`` (Aquarium, New Aquarium), ``lot.mackerel=3`` (Auction, Barter),
  ``trades.N.place=4`` with ``trades.N.mackerel=4`` (Trading, the Nth trade),
  ``groups.SIZE.eel=1`` (Sushi Shop: the group for the place of SIZE tokens);
- boats by kind: ``sell_boats.one_slot=1``, ``buy.three_slot=1``, ``trade_in=one_slot``,
  ``rent.ships.two_slot=1`` (Boat Rentals, from that board);
- ``expansion_tokens.fish=1`` / ``expansion_tokens.external=1`` (Influence);
- ``barrels.tuna=3`` (Overseas: barrels at sea docked there).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import render_template

from ..door import Refused, refusal_of
from ..i18n import msg, name_of
from ..rules.catalogue import (
    AQUARIUM_PLACE_OF,
    AQUARIUM_PLACES,
    AUCTION_MARKET_FEES,
    BOATS,
    CART_AP,
    EXTERNAL_MARKETS,
    GOVERNMENT_PLACES,
    INFLUENCE_TOKEN_YEN,
    ITEM_USES,
    LOAN_YEN,
    MARKET_OF_TOKEN,
    OVERSEAS_ENTRY,
    PORT_COVERINGS,
    PORT_OPEN_YEN,
    RENTAL_ITEM_YEN,
    SHARE_YEN,
    SUSHI_SIZES,
    TRADING_PLACES,
    EntryOption,
    boat_rent_price,
)
from ..rules.fleet import arrangement, kinds_of
from ..rules.ledger import Run
from ..rules.markets import MARKETS, market_of_item
from ..rules.markets.external import EXTERNAL, External
from ..rules.markets.external.base import (
    code_of,
    on_place,
    spec_of,
    stock_left,
    token_message,
)
from ..rules.markets.external.sushi import sushi_price
from ..rules.messages import Message
from ..rules.table import ROWS, PlayerState, Table
from ..rules.tokens import TokenSpec
from ..rules.visit import cart_payments, cart_uses_left
from . import schemas

#: Trades one Trading form offers: one per place. The rules allow any number of trades in
#: a visit, but each place takes one that means anything (a second swap on a place would
#: take back the tokens just left on it), so five cover every visit (the API takes 20).
TRADES = len(TRADING_PLACES)
#: Most of one token code, boat kind or barrel count one field may ask for.
MAX_EACH = 30
#: Fields holding a count, by market.
COUNT_FIELDS = {
    "bank": ("loans", "shares"),
    "rentals": ("freezers", "carts"),
    "influence": ("buyer_tokens",),
}
#: Fields holding ``PREFIX.CODE=n``, turned into a list of codes, by market.
LIST_FIELDS = {
    "government": ("left", "right"),
    "aquarium": ("tokens",),
    "new_aquarium": ("tokens",),
    "auction": ("lot",),
    "barter": ("lot",),
    "ships": ("sell_boats", "buy"),
    "used_ships": ("sell_boats", "buy"),
    "influence": ("expansion_tokens",),
}


def is_external(fields: Mapping[str, str]) -> bool:
    """Whether the form is a visit to an external market."""
    return fields.get("type") == "visit" and fields.get("market") in EXTERNAL_MARKETS


# -- the flat form → the JSON shape ------------------------------------------------------------


def _count(key: str, text: str) -> int:
    number = schemas.form_int(text)
    if number is None:
        # Not a number: a form that is not the page's own (issue #20: no field names).
        label = schemas.wording("visit", key.split(".")[0]).label_message()
        raise Refused(400, msg(Message("guide.bad_field", {"label": label})), key)
    return min(number, MAX_EACH)


def _repeated(fields: Mapping[str, str], prefix: str, known: set[str]) -> list[str]:
    """``prefix.CODE=n`` fields as a list naming each CODE n times, in the form's order."""
    out: list[str] = []
    for key, value in fields.items():
        rest = key[len(prefix) :]
        if key.startswith(prefix) and rest != "place" and "." not in rest:
            known.add(key)
            out += [key[len(prefix) :]] * _count(key, value)
    return out


def _order(n: str) -> int:
    return int(n) if n.isascii() and n.isdigit() else 10**6


def entry_of(text: str) -> Any:
    """``ap`` | ``cart`` | ``cart:N`` | ``yen`` | ``free`` | ``token:KEY[:VALUE|:SIDE]`` |
    ``token:takoyaki:harbor:PRICE`` | ``barrel:KEY:ROW:PRICE``."""
    parts = text.split(":")
    if parts[0] == "token" and len(parts) >= 2:
        token: dict[str, Any] = {"fish": parts[1]}
        if len(parts) == 3:
            token["side" if parts[2] in ("fresh", "degraded") else "value"] = _form_num(parts[2])
        elif len(parts) == 4 and parts[2] == "harbor":
            token["from"] = "harbor"
            token["price"] = _form_num(parts[3])
        elif len(parts) != 2:
            raise Refused(400, Message("guide.entry_token"), "entry")
        return {"token": token}
    if parts[0] == "cart" and len(parts) == 2:  # "cart:2": two Cart uses (AMB-30)
        return {"cart": _form_num(parts[1])}
    if parts[0] == "barrel" and len(parts) == 4:
        return {"barrel": {"fish": parts[1], "row": parts[2], "price": _form_num(parts[3])}}
    return text


def _form_num(text: str) -> int | str:
    number = schemas.form_int(text)
    return text if number is None else number


def nested(fields: Mapping[str, str]) -> dict[str, Any]:
    """The flat form of an external visit as the API's body (docs/actions.md), before the
    model parses it."""
    market = fields["market"]
    body: dict[str, Any] = {"type": "visit", "market": market}
    known = {"type", "player", "expected_seq", "market", "entry"}
    if "player" in fields:
        body["player"] = fields["player"]
    if "entry" in fields:
        body["entry"] = entry_of(fields["entry"])
    if "expected_seq" in fields:
        seq = schemas.form_int(fields["expected_seq"])
        body["expected_seq"] = fields["expected_seq"] if seq is None else seq
    for key in COUNT_FIELDS.get(market, ()):
        if key in fields:
            known.add(key)
            if _count(key, fields[key]):
                body[key] = _count(key, fields[key])
    for key in LIST_FIELDS.get(market, ()):
        listed = _repeated(fields, f"{key}.", known)
        if listed:
            body[key] = listed
    if market in ("ships", "used_ships") and fields.get("trade_in"):
        body["trade_in"] = fields["trade_in"]
    known.add("trade_in")
    if market == "trading":
        trades = []
        numbers = {k.split(".")[1] for k in fields if k.startswith("trades.") and k.count(".")}
        for n in sorted(numbers, key=_order):
            place = fields.get(f"trades.{n}.place", "")
            known.add(f"trades.{n}.place")
            tokens = _repeated(fields, f"trades.{n}.", known)
            if place:
                number = schemas.form_int(place)
                trades.append({"place": place if number is None else number, "tokens": tokens})
        if trades:
            body["trades"] = trades
    if market == "sushi":
        groups = []
        sizes = {k.split(".")[1] for k in fields if k.startswith("groups.") and k.count(".") >= 2}
        for size in sorted(sizes, key=_order):
            group = _repeated(fields, f"groups.{size}.", known)
            if group:
                groups.append(group)
        if groups:
            body["groups"] = groups
    if market == "boat_rentals":
        rent = []
        for key, value in fields.items():
            parts = key.split(".")
            if parts[0] == "rent" and len(parts) == 3:
                known.add(key)
                rent += [{"boat": parts[2], "from": parts[1]}] * _count(key, value)
        if rent:
            body["rent"] = rent
    if market == "overseas":
        barrels = {}
        for key, value in fields.items():
            if key.startswith("barrels."):
                known.add(key)
                if _count(key, value):
                    barrels[key[len("barrels.") :]] = _count(key, value)
        if barrels:
            body["barrels"] = barrels
    for key in fields:
        if key not in known:
            field = schemas.quoted(key)
            raise Refused(400, msg(Message("guide.unknown_field", {"field": field})), key)
    return body


# -- what the phone shows ----------------------------------------------------------------------


def _option_label(m: External, o: EntryOption) -> str:
    if m.id == "rentals":
        return msg(Message("ext.option_per_item", {"amount": RENTAL_ITEM_YEN}))
    if o.kind == "barrel":
        code = "entry.option_barrel" + ("_any" if o.what == "any" else "")
        return msg(Message(code, {"fish": o.what, "count": o.amount}))
    return msg(Message(f"entry.option_{o.kind}", {"count": o.amount, "amount": o.amount}))


def _options(t: Table, m: External) -> tuple[EntryOption, ...]:
    if m.id == "overseas":
        return (EntryOption("yen", OVERSEAS_ENTRY),)
    return m.entry_options(t)


def ap_spent(t: Table, seat: int, options: tuple[EntryOption, ...]) -> bool:
    """No action starts: the turn's AP are spent and no Cart can pay an AP entry (AMB-30:
    a visit the Carts pay may start after the two AP)."""
    if (t.turn.ap_left or 0) > 0:
        return False
    p = t.players[seat]
    return not any(o.kind == "ap" and cart_payments(p, o.amount, 0) for o in options)


def cart_entries(p: PlayerState, cost: int, ap: int, label: str) -> list[dict[str, Any]]:
    """The entry radios a player's Carts add to an AP entry of ``cost``: one use, or two
    uses paying a 2-AP entry whole (AMB-30); off when the AP left cannot pay the rest."""
    out: list[dict[str, Any]] = []
    for n in range(1, min(cart_uses_left(p), cost // CART_AP, ITEM_USES) + 1):
        code = "guide.from_cart" if n == 1 else "guide.from_carts"
        out.append(
            {
                "value": "cart" if n == 1 else f"cart:{n}",
                "label": msg(Message(code, {"option": label, "count": n})),
                "why": None if n in cart_payments(p, cost, ap) else _why("guide.few_ap"),
            }
        )
    return out


def _why(code: str) -> str:
    return msg(Message(code, {}))


def entry_choices(
    t: Table,
    seat: int,
    options: tuple[EntryOption, ...],
    label_of: Callable[[EntryOption], str],
    free_used: bool,
    tokens: Callable[[PlayerState, str], list[dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The entry radios of a market's panel, fish or external: each printed option (and
    the Carts' uses of an AP entry), off with the reason when it cannot be paid now; the
    cheapest one that can be paid (:data:`ENTRY_RANK`) has ``default``.
    ``free_used``: the market's free entry was taken this turn; ``tokens``: the radios of a
    token entry (fish markets' own)."""
    p = t.players[seat]
    ap = t.turn.ap_left or 0
    out: list[dict[str, Any]] = []
    for o in options:
        label = label_of(o)
        if o.kind == "ap":
            why = None if ap >= o.amount else _why("guide.few_ap")
            out.append({"value": "ap", "label": label, "why": why})
            out += cart_entries(p, o.amount, ap, label)
        elif o.kind == "yen":
            why = None if p.yen >= o.amount else _why("guide.little_yen")
            out.append({"value": "yen", "label": label, "why": why})
        elif o.kind == "free":
            why = _why("guide.free_used") if free_used else None
            out.append({"value": "free", "label": label, "why": why})
        elif o.kind == "token" and tokens is not None:
            choices = tokens(p, o.what)
            out += [{**c, "why": None} for c in choices] or [
                {"value": "", "label": label, "why": _why("guide.hold_none")}
            ]
        elif o.kind == "barrel":
            barrels = {
                f"barrel:{x.fish}:{row}:{x.price}": msg(
                    Message(
                        "guide.own_barrel",
                        {"market": market_of_item(x.fish).id, "price": x.price, "row": row},
                    )
                )
                for row in ROWS
                for x in p.row(row)
                if x.fish in MARKETS and o.what in ("any", x.fish)
            }
            out += [{"value": v, "label": b, "why": None} for v, b in barrels.items()] or [
                {"value": "", "label": label, "why": _why("guide.harbor_none")}
            ]
    payable = [e for e in out if not e["why"]]
    if payable:
        min(payable, key=lambda e: ENTRY_RANK.get(str(e["value"]).split(":")[0], 9))["default"] = (
            True
        )
    return out


#: The order in which an entry is chosen for the player (issue #20: every entry defaults
#: to the cheapest option the player can pay): a free entry, then Yen (the Bank's ¥100
#: rather than its 2 AP), then a token or a barrel handed back, then the turn's AP; a
#: Cart use only when nothing else can be paid (its uses are few, and rented).
ENTRY_RANK = {"free": 0, "yen": 1, "token": 2, "barrel": 3, "ap": 4, "cart": 5}


def tile_why(
    t: Table,
    seat: int,
    m: Any,
    options: tuple[EntryOption, ...],
    entries: list[dict[str, Any]] | None = None,
) -> str | None:
    """Why a market's tile in the turn guide is off (None: it may be entered), fish or
    external: Closed by a crash (said before anything else), the turn's AP spent, the
    market's own refusal of this seat, an entry whose cost the host never entered, or no
    entry radio of its panel (``entries``) that can be paid now — a free entry taken this
    turn says so (issue #20: the tile is off before it is tapped)."""
    if t.closed(m.id):
        return msg(Message("crash.closed", {"market": m.id}))
    if ap_spent(t, seat, options):
        return msg(Message("guide.ap_spent", {}))
    refused = m.refuse_entry(t, seat)
    if refused is not None:
        # The viewer's own entry: the door's wording, its private sentence included.
        return refusal_of(refused).message
    if not options:
        return msg(Message("guide.entry_unknown", {}))
    if entries and all(e["why"] for e in entries):
        if any(e["value"] == "free" for e in entries):
            return msg(Message("guide.visited", {}))
        return " ".join(dict.fromkeys(str(e["why"]) for e in entries))
    return None


def tile(t: Table, seat: int, market: str) -> dict[str, Any]:
    m = EXTERNAL[market]
    options = _options(t, m)
    return {
        "id": m.id,
        "name": name_of(m.id, m.data.en),
        "costs": [_option_label(m, o) for o in options],
        "why": tile_why(t, seat, m, options, _entries(t, seat, m)),
        "crash": t.crash_side(market),
    }


def tiles(t: Table, seat: int) -> list[dict[str, Any]]:
    """The game's external markets, as tiles of the Markets grid."""
    return [tile(t, seat, m) for m in t.config.external_markets if m in EXTERNAL]


def _entries(t: Table, seat: int, m: External) -> list[dict[str, Any]]:
    """The entry radios: each printed option, off (with why) when it cannot be paid; the
    Rentals' entry is free every time (its ¥200 is per item)."""
    used = m.id != "rentals" and m.id in t.turn.free_entries
    return entry_choices(t, seat, _options(t, m), lambda o: _option_label(m, o), used)


def held(p: PlayerState) -> list[dict[str, Any]]:
    """The tokens the player holds, one row per token code: code, count, name."""
    fish = p.fish
    out: list[dict[str, Any]] = []
    for key in fish.held():
        specs: list[tuple[TokenSpec, int]]
        if key in ("spider_crab", "tuna"):
            values: tuple[int, ...] = getattr(fish, key)
            specs = [(TokenSpec(key, 1, v), values.count(v)) for v in sorted(set(values))]
        elif key == "salmon":
            specs = [
                (TokenSpec(key, 1, side=side), n)
                for side, n in (("fresh", fish.salmon_fresh), ("degraded", fish.salmon_degraded))
                if n
            ]
        else:
            specs = [(TokenSpec(key, 1), fish.count(key))]
        for spec, n in specs:
            out.append(
                {"code": code_of(spec), "key": key, "count": n, "name": msg(token_message(spec))}
            )
    return out


def _steppers(
    prefix: str, tokens: list[dict[str, Any]], room: int | None = None
) -> list[dict[str, Any]]:
    return [
        {
            "name": f"{prefix}.{x['code']}",
            "label": x["name"],
            "max": x["count"] if room is None else min(x["count"], room),
            "held": x["count"],
        }
        for x in tokens
    ]


def _names(codes: tuple[str, ...]) -> list[str]:
    return [msg(token_message(spec_of(c))) for c in codes]


def _government(t: Table, tokens: list[dict[str, Any]]) -> dict[str, Any]:
    places = []
    for side, (size, yen) in GOVERNMENT_PLACES.items():
        room = size - len(on_place(t, f"government.{side}"))
        places.append(
            {
                "side": side,
                "size": size,
                "yen": yen,
                "room": room,
                "rows": _steppers(side, tokens, room) if room else [],
            }
        )
    return {"places": places}


def _aquarium(t: Table, m: External, tokens: list[dict[str, Any]]) -> dict[str, Any]:
    if m.id == "aquarium":
        sizes = dict(AQUARIUM_PLACES)
        place_of = dict(AQUARIUM_PLACE_OF)
    else:
        sizes = EXTERNAL["new_aquarium"].places(Run(t))  # type: ignore[attr-defined]
        place_of = {k: v for k, v in MARKET_OF_TOKEN.items() if v in sizes}
    places = []
    for fish, (size, yen) in sizes.items():
        there = on_place(t, f"{m.id}.{fish}")
        room = size - len(there)
        mine = [x for x in tokens if place_of.get(x["key"]) == fish]
        places.append(
            {
                "fish": fish,
                "name": name_of(fish),
                "size": size,
                "yen": yen,
                "room": room,
                "rows": _steppers("tokens", mine, room) if room else [],
            }
        )
    return {"places": places, "unknown": not sizes}


def _trading(t: Table, seat: int, tokens: list[dict[str, Any]]) -> dict[str, Any]:
    places = [
        {"place": n, "yen": yen, "there": _names(on_place(t, f"trading.{n}"))}
        for n, yen in TRADING_PLACES.items()
    ]
    trades = [{"n": n, "rows": _steppers(f"trades.{n}", tokens)} for n in range(TRADES)]
    return {"places": places, "trades": trades}


def _boats(t: Table, seat: int, m: External) -> dict[str, Any]:
    p = t.players[seat]
    kinds = kinds_of(p)
    owned: dict[str, int] = {}
    for b in p.boats:
        if b.rented is None:
            owned[b.kind] = owned.get(b.kind, 0) + 1
    sell = [
        {"kind": k, "name": name_of(k), "max": n, "yen": m.sell_price(k)}  # type: ignore[attr-defined]
        for k, n in owned.items()
    ]
    buy = []
    for k, kind in BOATS.items():
        left = stock_left(t, f"{m.id}.{k}")
        if left <= 0:
            continue
        buy.append(
            {
                "kind": k,
                "name": name_of(k),
                "max": left,
                "yen": m.buy_price(k),  # type: ignore[attr-defined]
                "blue": kind.trade_in,
                "barge": kind.barge,
                "fits": arrangement(kinds, p.ports, p.at_sea, arriving=[k]),
            }
        )
    trade_in = [
        {"kind": k, "name": name_of(k)}
        for k in owned
        if not (BOATS[k].barge or BOATS[k].trade_in) and any(x["blue"] for x in buy)
    ]
    fleet = [
        {"name": name_of(b.kind), "rented": None if b.rented is None else name_of(b.rented)}
        for b in p.boats
    ]
    # A boat that fits no free port place now: the next port can open first (free move).
    open_first = None
    if p.ports < PORT_COVERINGS and any(not b["fits"] for b in buy):
        open_first = {"n": p.ports + 1, "yen": PORT_OPEN_YEN}
    return {
        "open_first": open_first,
        "sell": sell,
        "buy": buy,
        "trade_in": trade_in,
        "fleet": fleet,
        "ports": p.ports,
        "at_sea": sum(p.at_sea.values()),
    }


def _boat_rentals(t: Table) -> dict[str, Any]:
    tokens = stock_left(t, "boat_rentals.token")
    rows = []
    for source in ("ships", "used_ships"):
        if source not in t.config.external_markets:
            continue
        for k in BOATS:
            price = boat_rent_price(k)
            left = stock_left(t, f"{source}.{k}")
            if price is None or left <= 0 or tokens <= 0:
                continue
            rows.append(
                {
                    "name": f"rent.{source}.{k}",
                    "boat": name_of(k),
                    "board": name_of(source),
                    "yen": price,
                    "max": min(left, tokens),
                    "left": left,
                }
            )
    return {"rows": rows, "tokens": tokens}


def _sushi(t: Table, tokens: list[dict[str, Any]]) -> dict[str, Any]:
    places = []
    for size in SUSHI_SIZES:
        taken = bool(on_place(t, f"sushi.{size}"))
        places.append(
            {
                "size": size,
                "yen": sushi_price(t, size),
                "taken": taken,
                "choices": [
                    {
                        "name": f"groups.{size}.{x['code']}",
                        "label": x["name"],
                        "id": f"sushi-{size}-{i}",
                    }
                    for i, x in enumerate(tokens)
                ]
                if not taken
                else [],
            }
        )
    return {"places": places}


def panel_data(t: Table, seat: int, market: str) -> dict[str, Any]:
    m = EXTERNAL[market]
    p = t.players[seat]
    tokens = held(p)
    x: dict[str, Any] = {**tile(t, seat, market), "entries": _entries(t, seat, m)}
    if market == "bank":
        x["bank"] = {
            "loans": stock_left(t, "bank.loans"),
            "shares": stock_left(t, "bank.shares"),
            "loan_yen": LOAN_YEN,
            "share_yen": SHARE_YEN,
            "borrowed": p.borrowed,
            "invested": p.invested,
            "yen": p.yen,
        }
    elif market == "rentals":
        x["rentals"] = {
            "yen": RENTAL_ITEM_YEN,
            "free": p.spaces_free,
            "rows": [
                {"name": f"{item}s", "item": item, "left": stock_left(t, f"rentals.{item}")}
                for item in ("freezer", "cart")
            ],
        }
    elif market == "influence":
        x["influence"] = {
            "yen": INFLUENCE_TOKEN_YEN,
            "buyer": stock_left(t, "influence.buyer_token"),
            "expansion": stock_left(t, "influence.expansion_token"),
            "free": p.spaces_free,
        }
    elif market == "government":
        x["government"] = _government(t, tokens)
    elif market in ("aquarium", "new_aquarium"):
        x["aquarium"] = _aquarium(t, m, tokens)
    elif market == "trading":
        x["trading"] = _trading(t, seat, tokens)
    elif market in ("ships", "used_ships"):
        x["ships"] = _boats(t, seat, m)
    elif market == "boat_rentals":
        x["boat_rentals"] = _boat_rentals(t)
    elif market == "sushi":
        x["sushi"] = _sushi(t, tokens)
    elif market in ("auction", "barter"):
        x["lot"] = {
            "rows": _steppers("lot", tokens),
            "auction": market == "auction",
            "fees": [
                msg(Message("ext.fee_step", {"worth": worth, "amount": fee}))
                for worth, fee in AUCTION_MARKET_FEES
            ],
        }
    elif market == "overseas":
        x["overseas"] = {
            "rows": [
                {"name": f"barrels.{k}", "label": name_of(k), "max": n}
                for k, n in p.at_sea.items()
                if n
            ]
        }
    return x


def panel(g: Mapping[str, Any], t: Table, seat: int, market: str) -> str:
    """The panel of one external market in play; none for a board nobody visits
    (Overfishing: its tile is not in the grid either), a 404 rather than a 500."""
    if market not in EXTERNAL:
        raise Refused(404, msg(Message("guide.no_panel", {})))
    return render_template("game/_turn_external.html", g=g, x=panel_data(t, seat, market))
