"""The guided turn's flat form → the API's JSON shape (docs/actions.md): the phone's form is
flat (``sell.eel=2``, ``entry=ap``, ``for_sale.0.price=300``, ``barrel=Aiko|eel|upper|300``,
``boat.b1=catch.eel``); :func:`nested` makes the nested body and :func:`action_from_form`
parses it with the API's own pydantic models (``action_schemas.ACTIONS``), so a form can do
nothing the API would refuse. An external market's form, whose names are the paths of its
JSON body, is read by the one decoder (web/form_decode.py), as every entry radio is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request

from ..door import Refused
from ..rules.markets import MARKETS
from ..rules.messages import render
from . import action_schemas, edge, form_decode, schemas, turn_external
from .turn_guide import FREE_MOVES, MAX_SLOTS, say
from .turn_schemas import visit_model


def _num(text: str) -> int | str:
    """A form number as an int; anything else stays a string, for the model to refuse."""
    number = schemas.form_int(text)
    return text if number is None else number


def _unknown(key: str) -> Refused:
    return Refused(400, say("guide.unknown_field", field=schemas.quoted(key)), key)


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
            raise Refused(400, say("guide.barrel_not_offered"), "sell_barrel")
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
        if "entry" in fields:  # the entry radio's value names the fields it picks
            body.update(form_decode.decode(visit_model(), [("entry", fields["entry"])], kind))
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
                raise Refused(400, say("guide.barrel_not_offered"), "barrel")
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
                raise Refused(400, say("guide.fleet_pick"), "pick")
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
        raise Refused(400, say("guide.kind"), "type")
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
            raise Refused(400, say("guide.bad_field", label=say("guide.fleet_choice")), key)
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
    external = turn_external.is_external(fields)  # issue #9: an external market's form
    try:
        if external:  # its fields are the paths of its JSON body: the one decoder
            body = form_decode.decode(visit_model(), edge.form_pairs(), "visit")
        else:
            body = nested(fields, barrels, sold)
    except Refused as exc:
        if (exc.field or "").split(".")[0] == "entry":  # a radio value not the page's own
            raise Refused(400, say("guide.choose_entry"), "entry") from None
        raise
    kind = str(body["type"])
    if kind == "visit" and body.get("entry") in (None, ""):
        # No entry radio left on (each one off, or none chosen): a player's sentence, not
        # the API's list of entry shapes (issue #20).
        raise Refused(400, say("guide.choose_entry"), "entry")
    try:
        action = schemas.parse(action_schemas.ACTIONS[kind], body, kind, form=external)
    except Refused as exc:
        root = (exc.field or "").split(".")[0].split("[")[0]
        if root == "entry":
            raise Refused(400, say("guide.choose_entry"), "entry") from None
        if exc.said is not None and any(c in render(exc.said, "en") for c in '{["'):
            # The API's JSON shapes are for developers: a phone's form that is not the
            # page's own (edited, or from an old page) is told to reload (issue #20).
            label = schemas.wording(kind, root).label_message()
            raise Refused(400, say("guide.bad_field", label=label), exc.field) from None
        raise
    return kind, action.args(), action.expected_seq
