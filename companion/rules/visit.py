"""The Markets action at a fish market: ``visit`` (fish-markets.md §0, flows.md).

Entry by one printed option, then the licence payouts to every holder, then sales (before
licences, so a sale can pay for them), the market's special, and licences — all or
nothing. Each market's own rules come from its object in rules/markets/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Annotated, Any

from ..engine.args import Limit, key_of, read
from .args import (
    MAX_COUNT,
    MAX_ITEMS,
    MAX_KINDS,
    AnyMarket,
    FishKey,
    Name,
    Printed,
    SoldBarrel,
)
from .catalogue import (
    EXTERNAL_MARKETS,
    LICENSE_PAYOUT,
)
from .entry import Entry, cart_uses, pay_entry
from .ledger import Run, refuse
from .markets import MARKETS, Market
from .markets.base import whole
from .markets.external import EXTERNAL, External
from .messages import Message
from .table import Table
from .turn import begin_action, finish

# -- a visit's arguments (issue #18 step 8; a market's own are its ``fields``) -----------------


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
