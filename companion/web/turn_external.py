"""The turn guide at the external markets (issue #9, docs/actions.md "External markets"):
the tiles of the game's external markets with their entry cost now, and one panel per
market with what the rules let the player do there.

The panels offer only what the table allows (the tokens the player holds, the boats on a
board, the room left on a place); the rules still decide, through the same preview and
the one door as every other visit. A panel's fields are named by their paths in the
visit's JSON body, from the market's own ``fields`` dataclass (docs/actions.md "Forms":
``left.squid=2``, ``trades[0].tokens.mackerel=4``, ``rent.boat=two_slot&from=ships=1``),
so the one decoder (web/form_decode.py) reads any market's form: a market needs no form
code of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import render_template

from ..door import Refused, refusal_of
from ..i18n import msg, name_of
from ..rules.catalogue import CART_AP, ITEM_USES, EntryOption
from ..rules.entry import cart_payments, cart_uses_left
from ..rules.markets import MARKETS, market_of_item
from ..rules.markets.external import EXTERNAL, External
from ..rules.markets.external.pieces import Named, code_of, held_codes, token_message
from ..rules.messages import Message
from ..rules.resources import salmon_in_game, total_resources
from ..rules.table import ROWS, PlayerState, Table

# -- what the phone shows ----------------------------------------------------------------------


def _option_label(m: External, o: EntryOption) -> str:
    own = m.option_message(o)
    if own is not None:
        return msg(own)
    if o.kind == "barrel":
        code = "entry.option_barrel" + ("_any" if o.what == "any" else "")
        return msg(Message(code, {"fish": o.what, "count": o.amount}))
    return msg(Message(f"entry.option_{o.kind}", {"count": o.amount, "amount": o.amount}))


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
                "value": "cart" if n == 1 else picks({"cart": n}),
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
                picks({"barrel.fish": x.fish, "barrel.row": row, "barrel.price": x.price}): msg(
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
        min(
            payable,
            key=lambda e: (
                ENTRY_RANK.get(entry_kind(str(e["value"])), 9),
                _token_cost(t, p, str(e["value"])),
            ),
        )["default"] = True
    return out


def picks(fields: Mapping[str, str | int]) -> str:
    """The value of a radio that picks several fields of the move at once, by their paths
    (docs/actions.md "Forms"): ``{"token.fish": "tuna", "token.value": 20}`` →
    ``token.fish=tuna&token.value=20``, read by web/form_decode.py."""
    return urlencode(fields)


def token_entry(fish: str, **more: str | int) -> str:
    """An entry radio's value handing a token back: ``token.fish=tuna&token.value=20``
    (``value``: a printed value, ``side``: a Salmon's, ``from``/``price``: a Takoyaki for
    sale on the Harbor)."""
    return picks({"token.fish": fish, **{f"token.{k}": v for k, v in more.items()}})


def entry_kind(value: str) -> str:
    """An entry radio's kind: ``ap``, ``cart`` (``cart=2`` too), ``token``, ``barrel`` …"""
    return value.partition("=")[0].split(".")[0]


def _token_cost(t: Table, p: PlayerState, value: str) -> int:
    """What a token entry (``token.fish=<fish>[&token.value=<printed>|&token.side=<side>]``)
    costs its player in Resources, as their tokens count now (issue #20: of two tokens a
    market takes, the one worth less is offered first, a Squid at 0 R before a Takoyaki at
    5); 0 for any other entry."""
    if entry_kind(value) != "token":
        return 0
    got = dict(parse_qsl(value))
    key, printed = got.get("token.fish", ""), got.get("token.value", "")
    side = got.get("token.side")
    if not key:
        return 0
    after = p.fish.add(key, -1, value=int(printed) if printed.isdigit() else None, side=side)
    if after is None:
        return 0
    salmon = salmon_in_game([q.fish for q in t.players])
    return total_resources(p.fish, t.values, salmon) - total_resources(after, t.values, salmon)


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
    options = m.entry_shown(t)
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
    used = not m.free_every_time() and m.id in t.turn.free_entries
    return entry_choices(t, seat, m.entry_shown(t), lambda o: _option_label(m, o), used)


def held(p: PlayerState) -> list[dict[str, Any]]:
    """The tokens the player holds, one row per token code: code, count, name."""
    return [
        {"code": code_of(spec), "key": spec.key, "count": n, "name": msg(token_message(spec))}
        for spec, n in held_codes(p.fish)
    ]


def worded(data: Any) -> Any:
    """A market's panel data (pure, from the rules) in the viewer's language: each
    ``Message`` said, each :class:`Named` id named."""
    if isinstance(data, Message):
        return msg(data)
    if isinstance(data, Named):
        return name_of(data.key)
    if isinstance(data, Mapping):
        return {k: worded(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [worded(v) for v in data]
    return data


def panel_data(t: Table, seat: int, market: str) -> dict[str, Any]:
    """The panel of one external market: its tile and entry radios, and under its
    ``panel_name`` what the market's own panel shows (``External.panel``)."""
    m = EXTERNAL[market]
    x: dict[str, Any] = {**tile(t, seat, market), "entries": _entries(t, seat, m)}
    if m.panel_name is not None:
        x[m.panel_name] = worded(m.panel(t, seat, held(t.players[seat])))
        x["template"] = f"game/markets/{m.panel_name}.html"
    return x


def panel(g: Mapping[str, Any], t: Table, seat: int, market: str) -> str:
    """The panel of one external market in play; none for a board nobody visits
    (Overfishing: its tile is not in the grid either), a 404 rather than a 500."""
    if market not in EXTERNAL:
        raise Refused(404, msg(Message("guide.no_panel", {})))
    return render_template("game/_turn_external.html", g=g, x=panel_data(t, seat, market))
