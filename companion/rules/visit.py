"""The Markets action at a fish market: ``visit`` (fish-markets.md §0, flows.md).

Entry by one printed option, then the licence payouts to every holder, then sales (before
licences, so a sale can pay for them), the market's special, and licences — all or
nothing. Each market's own rules come from its object in rules/markets/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Annotated, Any, Literal, Protocol

from ..engine.args import Limit, OneOf, key_of, read
from .args import (
    MAX_COUNT,
    MAX_ITEMS,
    MAX_KINDS,
    AnyMarket,
    BarrelKey,
    FishKey,
    Name,
    Price,
    Printed,
    Row,
    Side,
    SoldBarrel,
)
from .catalogue import (
    CART_AP,
    EXTERNAL_MARKETS,
    FISH_KEYS,
    ITEM_USES,
    LICENSE_PAYOUT,
    EntryOption,
)
from .ledger import Run, refuse
from .markets import MARKETS, Market, market_of_item
from .markets.base import price_of, whole
from .markets.external import EXTERNAL, External
from .messages import Message
from .table import ROWS, PlayerState, Table
from .tokens import TokenSpec, return_to_market
from .turn import begin_action, finish, use_item

# -- a visit's arguments (issue #18 step 8; a market's own are its ``fields``) -----------------


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
class EntryBarrel:
    """A barrel of your Harbor handed back as the entry."""

    fish: BarrelKey
    row: Row
    price: Price


@dataclass(frozen=True, kw_only=True)
class TokenEntry:
    token: EntryToken


@dataclass(frozen=True, kw_only=True)
class BarrelEntry:
    barrel: EntryBarrel


@dataclass(frozen=True, kw_only=True)
class CartEntry:
    #: Cart uses paying AP of the entry (AMB-30): one Cart twice, or two Carts (a form
    #: names it ``cart:2``, read by the form's decoder: ``decoded``).
    cart: Annotated[int, Limit(ge=1, le=2)] = field(metadata={"decoded": True})


#: One printed entry option, as the visit names it.
Entry = Literal["ap", "cart", "yen", "free"] | TokenEntry | BarrelEntry | CartEntry


@dataclass(frozen=True, kw_only=True)
class Visiting:
    """The fields every visit takes, to a fish or an external market."""

    player: Name
    market: AnyMarket
    entry: Entry


@dataclass(frozen=True, kw_only=True)
class Visit(Visiting):
    """A visit to a fish market: licences bought, tokens sold (a count, or the printed
    values / successive sales: ``{"tuna": [20, 15]}``), own barrels sold."""

    licenses: Annotated[int, Limit(ge=0, le=4)] | None = None
    sell: (
        Annotated[
            dict[
                FishKey,
                Annotated[int, Limit(ge=0, le=MAX_COUNT)]
                | Annotated[list[Printed], Limit(max_len=MAX_ITEMS)],
            ],
            Limit(max_len=MAX_KINDS),
        ]
        | None
    ) = None
    sell_barrels: Annotated[tuple[SoldBarrel, ...], Limit(max_len=MAX_ITEMS)] | None = None


#: The fields every visit may carry; a market adds its own (``visit_fields``).
COMMON_FIELDS = frozenset({"type", *(key_of(f) for f in fields(Visit))})


def _market(t: Any, market: str) -> Market:
    if market in EXTERNAL_MARKETS:
        if market not in t.config.external_markets:
            raise refuse("market_not_in_play", "market", market=market)
        raise refuse("external_not_guided", "market", market=market)
    if market not in MARKETS:
        raise refuse("not_a_fish_market", "market", name=repr(market))
    if market not in t.config.fish_markets:
        raise refuse("market_not_in_play", "market", market=market)
    return MARKETS[market]


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


def _entry_barrel(run: Run, seat: int, m: Enterable, option: EntryOption, raw: EntryBarrel) -> None:
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


def licence_payouts(run: Run, m: Market) -> None:
    """Every holder of this market's licences, the visitor too, takes ¥100 per licence
    (none at Horse Mackerel; Overfished markets still pay: fish-markets.md §0)."""
    if not m.pays_license_holders():
        return
    for i, p in enumerate(run.t.players):
        n = p.licenses.get(m.id, 0)
        if n:
            run.pay(None, i, LICENSE_PAYOUT * n, "licence_payout")


def buy_licences(run: Run, seat: int, m: Market, count: int) -> None:
    """Licences at the printed price, within the board's stock, the per-entry limit, the
    per-player limit and the buyer's free License spaces."""
    p = run.player(seat)
    data = m.data
    if data.licenses_per_visit is not None and count > data.licenses_per_visit:
        raise refuse("licences_per_visit", "licenses", market=m.id, limit=data.licenses_per_visit)
    held = p.licenses.get(m.id, 0)
    if data.max_licenses_per_player is not None and held + count > data.max_licenses_per_player:
        raise refuse(
            "licences_per_player", "licenses", market=m.id, limit=data.max_licenses_per_player
        )
    on_board = run.t.board_licenses.get(m.id)
    if on_board is not None and count > on_board:
        raise refuse("licences_left", "licenses", market=m.id, left=on_board)
    if count > p.spaces_free:
        raise refuse("spaces_free", "licenses", player=p.name, free=p.spaces_free)
    prices = m.licence_prices(run.t, count)
    if prices is None:
        raise refuse("licence_price_unknown", "licenses", market=m.id)
    run.pay(
        seat,
        None,
        sum(prices),
        "licence",
        Message("what.licences", {"count": count, "market": m.id}),
        "licenses",
    )
    run.set_player(seat, licenses={**run.player(seat).licenses, m.id: held + count})
    left = None if on_board is None else on_board - count
    if left is not None:
        run.t = replace(run.t, board_licenses={**run.t.board_licenses, m.id: left})
    run.note(
        "mv.licence_in", player=p.name, count=count, market=m.id, left="?" if left is None else left
    )


def _known_fields(a: Mapping[str, Any], known: frozenset[str], market: str) -> None:
    """Refuse a field a visit to this market does not take."""
    for key in a:
        if key not in known:
            raise refuse(
                "bad_field",
                str(key),
                field=str(key),
                kind=Message("kind.visit_to", {"market": market}),
            )


def visit_run(t: Table, a: Mapping[str, Any]) -> Run:
    """``{"type": "visit", "player", "market", "entry", "licenses"?, "sell"?,
    "sell_barrels"?, ...the market's own fields}`` (flows.md); an external market's visit
    is worked out by ``external_visit_run``. Its fields are read from the logged entry
    here, as ``Visit`` and the market's own ``fields`` (``engine.args.read``), since which
    fields a visit takes depends on its market."""
    if a.get("market") in EXTERNAL_MARKETS:
        return external_visit_run(t, a)
    v = read(Visit, a)
    run, seat = begin_action(t, v.player, Message("what.visit", {}), carts=cart_uses(v.entry))
    m = _market(run.t, v.market)
    _known_fields(a, COMMON_FIELDS.union(m.visit_fields), m.id)
    refusal = m.refuse_entry(run.t, seat)
    if refusal is not None:
        raise refusal
    licenses = whole(v.licenses or 0, "licenses", 0, 4)
    sell = v.sell or {}
    barrels = v.sell_barrels or ()
    pay_entry(run, seat, m, v.entry)
    licence_payouts(run, m)
    sold = m.sell(run, seat, sell, barrels)
    special = m.special(run, seat, read(m.fields, a))
    if licenses:
        buy_licences(run, seat, m, licenses)
    if not (sold or special or licenses):
        raise refuse("no_interaction", "market", market=m.id)  # AMB-37
    finish(run)
    return run


# -- external markets (external-markets.md) ----------------------------------------------------

#: The fields every visit to an external market may carry; a market adds its own.
EXTERNAL_FIELDS = frozenset({"type", "player", "market", "entry"})


def _external(t: Table, market: str) -> External:
    if market not in t.config.external_markets:
        raise refuse("market_not_in_play", "market", market=market)
    if t.closed(market):
        raise refuse("crash.closed", "market", market=market)
    m = EXTERNAL.get(market)
    if m is None:
        raise refuse("external_not_guided", "market", market=market)
    return m


def external_visit_run(t: Table, a: Mapping[str, Any]) -> Run:
    """``{"type": "visit", "player", "market": an external market, "entry", ...the
    market's own fields}``: the entry by one printed option (no licence payouts at external
    markets), then what the player does there — all or nothing; a visit that does nothing
    is refused (AMB-37)."""
    v = read(Visiting, a)
    run, seat = begin_action(t, v.player, Message("what.visit", {}), carts=cart_uses(v.entry))
    m = _external(run.t, v.market)
    _known_fields(a, EXTERNAL_FIELDS.union(m.visit_fields), m.id)
    refusal = m.refuse_entry(run.t, seat)
    if refusal is not None:
        raise refusal
    if m.pays_own_entry():
        m.pay_entry(run, seat, v.entry)
    else:
        pay_entry(run, seat, m, v.entry)
    # The market's own fields, read from the logged visit as its dataclass (engine.args).
    if not m.interact(run, seat, read(m.fields, a)):
        raise refuse("ext.no_interaction", "market", market=m.id, what=Message(m.hint, {}))
    finish(run)
    return run
