"""History lines that tell the story (issue #20): what an entry did, with its amounts and
items, worked out from the table it was recorded on.

A guided action's line is made from the very movements its preview listed (the same
``Run``), so the history never says anything the action did not do: "Aiko visited Bank:
took 1 loan, +¥400". A reveal names the winner and every bid: "Bids revealed: Daichi wins
with ¥600 — Aiko ¥200, Bo ¥500, Chiyo ¥0".

Secrecy: ``show(name)`` says whether this viewer may read that player's Yen amounts
(closed money: only their own, during play); a Yen amount of anyone else is left out, and
a sale's proceeds with it. A bid is in a line only from its reveal on (the reveal entry
is the first to carry the amounts).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .guided import run_entry
from .messages import Message
from .moves import apply
from .table import Table

Args = Mapping[str, Any]

#: The line's opening for each guided action the story tells.
_HEADS = {"visit": "history.visit", "fishing": "history.fishing"}


def story(kind: str, action: Args, before: Table, show: Callable[[str], bool]) -> Message | None:
    """The entry's story line, or None when this kind has none (its plain line stands)
    or the rules no longer replay it on ``before``."""
    try:
        if kind in _HEADS:
            return _guided(kind, action, before, show)
        if kind == "auction_reveal":
            return _reveal(action, before)
        if kind == "auction_choose":
            return _chosen(action, before)
    except Exception:  # noqa: BLE001 — a line that cannot be told says what its arguments say
        return None
    return None


def _guided(kind: str, action: Args, before: Table, show: Callable[[str], bool]) -> Message:
    run = run_entry(kind, before, action)
    player = str(action.get("player"))
    items: list[Message] = []
    net: dict[str, int] = {}
    for m in run.moves:
        v = m.values
        if m.code == "mv.yen":
            amount = int(v["amount"])
            for who, sign in ((v["payer"], -1), (v["payee"], 1)):
                if who not in ("supply", "box", "bag"):
                    net[str(who)] = net.get(str(who), 0) + sign * amount
            continue
        item = _item(m, show)
        if item is not None:
            items.append(item)
    seats = [p.name for p in before.players]
    order = [player] + [n for n in seats if n != player]
    for name in order:
        delta = net.get(name, 0)
        if not delta or not show(name):
            continue
        if name == player:
            code = "history.s_gain" if delta > 0 else "history.s_loss"
            items.append(Message(code, {"amount": abs(delta)}))
        else:
            code = "history.s_other_gain" if delta > 0 else "history.s_other_loss"
            items.append(Message(code, {"player": name, "amount": abs(delta)}))
    details: Message | str = Message("history.details", {"items": items}) if items else ""
    values: dict[str, Any] = {"player": player, "details": details}
    if kind == "visit":
        values["market"] = action.get("market")
    return Message(_HEADS[kind], values)


def _item(m: Message, show: Callable[[str], bool]) -> Message | None:
    """One movement as a short item of the line (None: not worth a line's room, such as
    the AP spent or a licence payout, which the Yen sums say)."""
    v = m.values
    code = m.code
    if code == "mv.sell":
        if show(str(v.get("player"))):
            return Message("history.s_sell", dict(v))
        return Message("history.s_sell_closed", dict(v))
    if code in ("mv.auction", "mv.auction_opens"):
        return Message("history.s_auction", {"kind": f"auction.{v['kind']}"})
    if code in ("fleet.mv_undock", "fleet.mv_dock"):
        code_ = "history.s_undock" if code == "fleet.mv_undock" else "history.s_dock"
        return Message(code_, {"kind": v["kind"], "place": v["place"]})
    if code == "fleet.mv_dock_overseas":
        return Message("history.s_dock_overseas", {"kind": v["kind"], "count": v["count"]})
    if code in ("mv.catch", "mv.catch_himono", "fleet.mv_catch"):
        return Message("history.s_catch", {"count": v["count"], "market": v["market"]})
    simple = {
        "mv.loans": ("history.s_loans", ("count",)),
        "mv.shares": ("history.s_shares", ("count",)),
        "mv.licence_in": ("history.s_licences", ("count", "market")),
        "mv.unload": ("history.s_unload", ("count", "market")),
        "mv.harbor_add": ("history.s_harbor", ("fish", "price")),
        "mv.discard": ("history.s_discard", ("count", "market")),
        "mv.track": ("history.s_track", ("track", "before", "after")),
        "mv.overfished": ("history.s_overfished", ("market",)),
        "mv.ext_onto": ("history.s_onto", ("tokens", "place")),
        "mv.ext_off": ("history.s_off", ("tokens", "place")),
        "mv.lot": ("history.s_lot", ("tokens",)),
        "mv.boat_bought": ("history.s_boat_bought", ("kind",)),
        "mv.boat_sold": ("history.s_boat_sold", ("kind",)),
        "mv.boat_traded_in": ("history.s_boat_traded", ("kind",)),
        "mv.boat_rented": ("history.s_boat_rented", ("kind",)),
        "mv.rent_item": ("history.s_rented", ("count", "item")),
        "mv.token_in": ("history.s_took", ("count", "fish")),
    }
    found = simple.get(code)
    if found is None:
        return None
    new_code, keys = found
    return Message(new_code, {k: v[k] for k in keys})


def _bids(auction: Any, names: list[str]) -> list[Message]:
    void = set(auction.void)
    return [
        Message(
            "history.s_bid_void" if s in void else "history.s_bid",
            {"player": names[s], "amount": amount},
        )
        for s, amount in auction.bids
    ]


def _reveal(action: Args, before: Table) -> Message | None:
    after = apply(before, {**action, "type": "auction_reveal"})
    auction = after.auctions[str(action.get("auction"))]
    names = [p.name for p in before.players]
    bids = _bids(auction, names)
    if auction.status == "settled" and auction.winner is not None:
        amount = auction.bid_of(auction.winner) or 0
        return Message(
            "history.s_revealed_won",
            {"winner": names[auction.winner], "amount": amount, "bids": bids},
        )
    if auction.kind != "barter" and len(auction.tied) > 1:
        return Message(
            "history.s_revealed_tie",
            {"names": [names[s] for s in auction.tied], "bids": bids},
        )
    return Message("history.s_revealed", {"bids": bids})


def _chosen(action: Args, before: Table) -> Message | None:
    auction = before.auctions[str(action.get("auction"))]
    winner = action.get("winner")
    if not winner:
        return None
    seat = before.index(winner, "winner")
    amount = auction.bid_of(seat) or 0
    chooser = action.get("chooser")
    if chooser == "host":
        code, values = "history.table_chose", {"winner": winner}
    elif chooser:
        code, values = "history.chose", {"chooser": chooser, "winner": winner}
    else:
        code, values = "history.owner_chose", {"winner": winner}
    return Message(
        "history.s_chose",
        {"line": Message(code, values), "winner": winner, "amount": amount},
    )
