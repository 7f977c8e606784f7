"""The bookkeeping of the Expansion's holdings: Freezers and Carts rented from Rentals,
Buyer tokens bought from Influence (``take_item``, ``return_item``: each takes a License
space), and the Bank's loans and shares (``take_loan``, ``buy_share``) — one function per
move with its history line, registered in rules/moves.py's ``MOVES``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from . import crash
from .args import Count, Item, Name
from .bookkeeping import Args, counted, piece_count, short_of_yen
from .errors import IllegalAction
from .messages import Message
from .table import SPACE_ITEMS, Table

ITEM_PRICE = 200
LOAN_YEN = 500
SHARE_PRICE = 300


_ITEM_SOURCE = {"freezer": "rentals", "cart": "rentals", "buyer_token": "influence"}


@dataclass(frozen=True, kw_only=True)
class ReturnItem:
    player: Name
    item: Item
    count: Count = 1


@dataclass(frozen=True, kw_only=True)
class TakeItem(ReturnItem):
    #: False when the item was already paid.
    pay: bool = True


@dataclass(frozen=True, kw_only=True)
class Bank:
    """Loans taken or shares bought."""

    player: Name
    count: Count = 1


def take_item(t: Table, a: TakeItem) -> Table:
    """Rent a Freezer or Cart (Rentals) or buy a Buyer token (Influence), ¥200 each; each
    takes a License space."""
    i = t.index(a.player)
    item = a.item
    if item not in SPACE_ITEMS:
        raise IllegalAction(Message("bk.item_kind", {}), "item")
    source = _ITEM_SOURCE[item]
    if source not in t.config.external_markets:
        raise IllegalAction(Message("bk.not_in_play", {"market": source}), "item")
    crash.refuse_closed(t, source, "item")
    count = piece_count(a.count)
    p = t.players[i]
    key = f"{source}.{item}"
    if t.stock.get(key, 0) < count:
        raise IllegalAction(Message("bk.item_left", {"item": item, "market": source}), "count")
    if count > p.spaces_free:
        raise IllegalAction(
            Message("bk.spaces_free", {"player": p.name, "free": p.spaces_free}), "count"
        )
    price = ITEM_PRICE * count if a.pay else 0
    if price > p.yen:
        raise short_of_yen(t, i, price, "count")
    items = dict(p.items)
    items[item] = items.get(item, 0) + count
    t = t.with_player(i, items=items, yen=p.yen - price)
    return replace(t, stock={**t.stock, key: t.stock[key] - count})


def return_item(t: Table, a: ReturnItem) -> Table:
    """A Freezer or Cart after its second use, or a Buyer token after its purchase, goes
    back to its board. One given back early goes back as it lies: the ones used once
    first, so nothing stays flipped without an item (every rental starts on its "2"
    side: external-markets.md §9)."""
    i = t.index(a.player)
    item = a.item
    p = t.players[i]
    count = piece_count(a.count)
    if item not in SPACE_ITEMS or p.items.get(item, 0) < count:
        raise IllegalAction(Message("bk.item_not_held", {"player": p.name}), "item")
    items = dict(p.items)
    items[item] -= count
    if not items[item]:
        del items[item]
    flipped = {k: n for k, n in p.flipped.items() if k != item}
    if p.flipped.get(item, 0) > count:
        flipped[item] = p.flipped[item] - count
    t = t.with_player(i, items=items, flipped=flipped)
    if t.closed(_ITEM_SOURCE[item]):
        return t  # a Closed market's items go to the box (external-markets.md §18)
    key = f"{_ITEM_SOURCE[item]}.{item}"
    return replace(t, stock={**t.stock, key: t.stock.get(key, 0) + count})


def describe_item(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        item, n = str(a.get("item")), counted(a)
        what = (
            Message(f"item.{item}", {"count": n})
            if item in SPACE_ITEMS
            else Message("item.other", {"item": item})
        )
        return Message(code, {"player": a.get("player"), "count": n, "what": what})

    return describe


# -- Bank ---------------------------------------------------------------------------------


def _bank(t: Table, a: Bank, kind: str) -> Table:
    if "bank" not in t.config.external_markets:
        raise IllegalAction(Message("bk.bank_not_in_play", {}), "type")
    crash.refuse_closed(t, "bank", "type")
    i = t.index(a.player)
    p = t.players[i]
    count = piece_count(a.count)
    key = f"bank.{kind}"
    left = t.stock.get(key, 0)
    if count > left:
        raise IllegalAction(
            Message("bk.bank_left", {"left": left, "kind": f"bank.{kind}"}), "count"
        )
    if kind == "loans":
        if p.invested:
            raise IllegalAction(Message("bk.shares_no_loan", {"player": p.name}), "player")
        t = t.with_player(i, loans=p.loans + count, yen=p.yen + LOAN_YEN * count, borrowed=True)
    else:
        if p.borrowed:
            raise IllegalAction(Message("bk.loan_no_share", {"player": p.name}), "player")
        price = SHARE_PRICE * count
        if price > p.yen:
            raise short_of_yen(t, i, price, "count")
        t = t.with_player(i, shares=p.shares + count, yen=p.yen - price, invested=True)
    return replace(t, stock={**t.stock, key: left - count})


def take_loan(t: Table, a: Bank) -> Table:
    """+¥500 per loan; repaid with ¥500 interest at the end. Never with shares."""
    return _bank(t, a, "loans")


def buy_share(t: Table, a: Bank) -> Table:
    """¥300 per share; share owners split the loans' interest. Never with loans."""
    return _bank(t, a, "shares")


def describe_bank(a: Args, show: bool, kind: str) -> Message:
    code = "history.take_loan" if kind == "loans" else "history.buy_share"
    return Message(code, {"player": a.get("player"), "count": counted(a)})
