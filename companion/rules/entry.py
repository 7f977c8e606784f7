"""A visit's entry (flows.md ``entry``): one of the market's printed options — AP, a
Cart's uses paying AP (AMB-30), Yen, a free entry once a turn, a token or a barrel handed
back — as its typed value (issue #18 step 8) and its payment, ``pay_entry``, for fish and
external markets alike (rules/visit.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Annotated, Literal, Protocol

from ..engine.args import Limit, OneOf
from .args import FishKey, HarborBarrel, Price, Printed, Side
from .catalogue import CART_AP, FISH_KEYS, ITEM_USES, EntryOption
from .ledger import Run, refuse
from .markets import MARKETS, market_of_item
from .markets.base import price_of
from .messages import Message
from .table import ROWS, PlayerState, Table
from .tokens import TokenSpec, return_to_market
from .turn import use_item


@dataclass(frozen=True, kw_only=True)
class EntryToken:
    """A token handed back as the entry; a Takoyaki for sale on your Harbor
    (``"from": "harbor"`` with its price)."""

    fish: FishKey
    value: Printed | None = None
    side: Side | None = None
    from_: Annotated[str, OneOf(("harbor",))] | None = field(default=None, metadata={"key": "from"})
    price: Price | None = None


@dataclass(frozen=True, kw_only=True)
class TokenEntry:
    token: EntryToken


@dataclass(frozen=True, kw_only=True)
class BarrelEntry:
    barrel: HarborBarrel


@dataclass(frozen=True, kw_only=True)
class CartEntry:
    #: Cart uses paying AP of the entry (AMB-30): one Cart twice, or two Carts (a form
    #: names it ``cart=2``, read by the form's decoder: ``decoded``).
    cart: Annotated[int, Limit(ge=1, le=2)] = field(metadata={"decoded": True})


#: One printed entry option, as the visit names it.
Entry = Literal["ap", "cart", "yen", "free"] | TokenEntry | BarrelEntry | CartEntry


def _option(o: EntryOption) -> Message:
    """One printed entry option, for the refusal that lists them."""
    if o.kind in ("token", "barrel"):
        return Message(
            f"entry.option_{o.kind}" + ("_any" if o.what == "any" else ""),
            {"fish": o.what, "count": o.amount},
        )
    return Message(f"entry.option_{o.kind}", {"count": o.amount, "amount": o.amount})


class Enterable(Protocol):
    """What paying an entry asks of a market, fish or external."""

    @property
    def id(self) -> str: ...

    def entry_options(self, t: Table) -> tuple[EntryOption, ...]: ...


def cart_uses_left(p: PlayerState) -> int:
    """The Cart uses a player has left: two per Cart held, less those flipped (Rentals)."""
    return ITEM_USES * p.items.get("cart", 0) - p.flipped.get("cart", 0)


def cart_payments(p: PlayerState, cost: int, ap_left: int) -> tuple[int, ...]:
    """The numbers of Cart uses that can pay an entry of ``cost`` AP now (AMB-30): each use
    pays 1 AP, never more than the cost, the rest from the turn's AP left.

    >>> two = PlayerState(name="Aiko", color="", yen=0, items={"cart": 1})
    >>> cart_payments(two, 2, 0), cart_payments(two, 2, 1), cart_payments(two, 1, 0)
    ((2,), (1, 2), (1,))
    """
    left = cart_uses_left(p)
    return tuple(
        n
        for n in range(1, min(left, cost // CART_AP, ITEM_USES) + 1)
        if cost - n * CART_AP <= ap_left
    )


def cart_uses(entry: Entry) -> int:
    """How many Cart uses an entry names: ``"cart"`` one, ``{"cart": n}`` n (1 or 2), any
    other entry none (AMB-30)."""
    if entry == "cart":
        return 1
    if isinstance(entry, CartEntry):
        if not 1 <= entry.cart <= ITEM_USES:
            raise refuse("entry_bad", "entry.cart")
        return entry.cart
    return 0


def _entry_kind(entry: Entry) -> str:
    if isinstance(entry, TokenEntry):
        return "token"
    if isinstance(entry, BarrelEntry):
        return "barrel"
    if isinstance(entry, CartEntry):
        return "cart"
    return entry


def pay_entry(run: Run, seat: int, m: Enterable, entry: Entry) -> None:
    """Pay one of the market's printed entry options (flows.md ``entry``)."""
    options = m.entry_options(run.t)
    if not options:
        raise refuse("entry_unknown", "entry", market=m.id)
    kind = _entry_kind(entry)
    if kind not in ("ap", "cart", "yen", "free", "token", "barrel"):
        raise refuse("entry_bad", "entry")
    carts = cart_uses(entry)
    wanted = "ap" if kind == "cart" else kind
    option = next((o for o in options if o.kind == wanted), None)
    if option is None:
        raise refuse(
            "entry_not_printed",
            "entry",
            market=m.id,
            entry=f"entry.{kind}",
            options=[_option(o) for o in options],
        )
    what = Message("what.entry", {"market": m.id})
    name = run.name(seat)
    if kind == "ap":
        run.spend_ap(seat, option.amount, what)
    elif kind == "cart":
        # AMB-30: each Cart use pays 1 AP of an AP entry cost ("cart" one use, {"cart": n}
        # n uses: one Cart twice or two Carts, [EN] Rentals); the rest comes from the turn's
        # AP.
        p = run.player(seat)
        if not p.items.get("cart"):
            raise refuse("no_cart", "entry", player=name)
        if carts * CART_AP > option.amount:
            raise refuse("cart.too_many", "entry", market=m.id, count=carts, need=option.amount)
        held = cart_uses_left(p)
        if carts > held:
            raise refuse("cart.uses_short", "entry", player=name, count=carts, left=held)
        run.note("mv.cart", player=name, count=carts * CART_AP)
        for _ in range(carts):
            use_item(run, seat, "cart")
        if option.amount > carts * CART_AP:
            run.spend_ap(seat, option.amount - carts * CART_AP, what)
    elif kind == "yen":
        run.pay(
            seat, None, option.amount, "entry", Message("what.entry_yen", {"market": m.id}), "entry"
        )
    elif kind == "free":
        if m.id in run.t.turn.free_entries:
            raise refuse("free_once", "entry", market=m.id)
        run.t = replace(
            run.t, turn=replace(run.t.turn, free_entries=run.t.turn.free_entries | {m.id})
        )
        run.note("mv.free_entry", player=name, market=m.id)
    elif isinstance(entry, TokenEntry):
        _entry_token(run, seat, m, option, entry.token)
    else:
        assert isinstance(entry, BarrelEntry)
        _entry_barrel(run, seat, m, option, entry.barrel)


def _entry_token(run: Run, seat: int, m: Enterable, option: EntryOption, raw: EntryToken) -> None:
    if raw.fish not in FISH_KEYS:
        raise refuse("entry_bad", "entry.token")
    key = raw.fish
    if option.what not in ("any", key):
        raise refuse("entry_token_wrong", "entry.token", market=m.id, allowed=option.what, fish=key)
    if raw.from_ == "harbor":
        # A Takoyaki for sale on your own Harbor (fish-markets.md §5) goes back too.
        price = price_of(raw.price, "entry.token.price")
        row = next(
            (
                r
                for r in ROWS
                if any(x.fish == key and x.price == price for x in run.player(seat).row(r))
            ),
            "upper",
        )
        run.harbor_take(seat, row, key, price, "entry.token")
        run.t = return_to_market(run.t, TokenSpec(key, 1))
        run.note("mv.token_out", player=run.name(seat), count=1, fish=key, where="market")
        return
    spec = TokenSpec(key, 1, raw.value, raw.side if key == "salmon" else None)
    run.tokens_out(seat, spec, "market", "entry.token")


def _entry_barrel(
    run: Run, seat: int, m: Enterable, option: EntryOption, raw: HarborBarrel
) -> None:
    if raw.row not in ROWS:
        raise refuse("entry_bad", "entry.barrel")
    fish = raw.fish
    if option.what not in ("any", fish) or fish not in MARKETS:
        raise refuse(
            "entry_barrel_wrong", "entry.barrel", market=m.id, allowed=option.what, fish=fish
        )
    item = run.harbor_take(
        seat, raw.row, fish, price_of(raw.price, "entry.barrel.price"), "entry.barrel"
    )
    run.barrels_back(market_of_item(item.fish).id, 1)
