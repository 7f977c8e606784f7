"""The Fishing action: ``fishing`` (turn-and-scoring.md §2–§3, flows.md).

One action (1 AP): barrels caught from market boards onto boats at sea, barrels unloaded
at the player's ports out of what was at sea before, the unloaded barrels placed for sale
on the upper row at the prices the player sets. The app pays the docking bonus first, then
the markets' docking rules (Eel track, Fugu licence, Sardine tokens), then opens the
docking auctions: Spider Crab, Tuna, Swordfish — the first at once, each next one when the
one before it settles (rules/auctions.py), their barrels back to the market.

Boat by boat (``boats``, rules/fishing_boats.py; flows.md "The fleet, boat by boat") each
boat named does one activity, under the book's catching rules; the counted shape
(``caught``/``unloaded``) is translated into it when one outcome fits. In a game recorded
before boats were placed (``GameConfig.fleet`` 1), the counted shape keeps its counted
checks: ``caught`` against the player's licences (one catch per licence per Fishing
action, a Horse Mackerel licence catching 1 Horse Mackerel or 1–2 Mackerel) and the fleet
(after a catch the boats must be able to carry every barrel at sea, and after unloading
the boats left with nothing must find room in the open ports: rules/fleet.py). Barrels
caught under Himono licences are named apart (``caught_himono``, or ``"licence": "himono"``)
and stay apart at sea (``himono_at_sea``); unloaded, they are the unloaded barrels of their
fish not placed for sale, and go onto the Himono licences (rules/markets/himono.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, ClassVar

from ..engine.args import SERVER, Limit
from . import auction_moves, counted, fishing_boats, fleet
from .args import MAX_ITEMS, BarrelKey, Counts, Name, Price, Row
from .catalogue import DOCKING_BONUS_BARRELS, DOCKING_BONUS_YEN, FISHING_AP
from .fishing_boats import BoatActivity
from .ledger import Run, refuse
from .markets import MARKETS, BagMarket, himono
from .markets.base import price_of, whole
from .messages import Message
from .table import ROWS, ForSale, QueuedAuction, Table
from .turn import begin_action, finish


@dataclass(frozen=True, kw_only=True)
class ForSaleBarrel:
    """A barrel unloaded at home, put up for sale at its price."""

    fish: BarrelKey
    price: Price


@dataclass(frozen=True, kw_only=True)
class Reprice:
    """A barrel already for sale (row, fish, price) and its new price (``to``)."""

    row: Row
    fish: BarrelKey
    price: Price
    to: Price


@dataclass(frozen=True, kw_only=True)
class Fishing:
    """``fishing``'s arguments (refused in its words: a field it does not take): boat by
    boat (``boats``), or counted (``caught``, ``caught_himono``, ``unloaded``); the server
    draws the docking auctions' tokens and names them."""

    refused_as: ClassVar[str] = "kind.fishing"
    player: Name
    boats: Annotated[tuple[BoatActivity, ...], Limit(max_len=12)] | None = None
    caught: Counts | None = None
    unloaded: Counts | None = None
    for_sale: Annotated[tuple[ForSaleBarrel, ...], Limit(max_len=MAX_ITEMS)] | None = None
    reprice: Annotated[tuple[Reprice, ...], Limit(max_len=MAX_ITEMS)] | None = None
    #: Barrels caught with Himono licences (Mackerel, Horse Mackerel, Sardine, Himono).
    caught_himono: Counts | None = None
    drawn: tuple[str, ...] | None = field(default=None, metadata=SERVER)
    auction_id: str | None = field(default=None, metadata=SERVER)


#: The counted shape's fields (a per-boat action names none of them).
COUNTED = ("caught", "caught_himono", "unloaded")


def _counts(t: Table, raw: Mapping[str, int] | None, field: str) -> dict[str, int]:
    if raw is None:
        return {}
    out: dict[str, int] = {}
    for market, n in raw.items():
        if market not in MARKETS:
            raise refuse("not_a_fish_market", f"{field}.{market}", name=repr(market))
        if market not in t.config.fish_markets:
            raise refuse("market_not_in_play", f"{field}.{market}", market=market)
        n = whole(n, f"{field}.{market}", 0)
        if n:
            out[str(market)] = n
    return out


def can_catch(caught: Mapping[str, int], licences: list[tuple[Mapping[str, int], int]]) -> bool:
    """Whether licences ``[(catches per use, how many held)]`` can make these catches in
    one Fishing action, each licence used once (turn-and-scoring.md §3).

    >>> hm = {"horse_mackerel": 1, "mackerel": 2}
    >>> can_catch({"mackerel": 3}, [({"mackerel": 1}, 1), (hm, 1)])
    True
    >>> can_catch({"mackerel": 2, "horse_mackerel": 1}, [(hm, 1)])
    False
    """
    need = {k: v for k, v in caught.items() if v > 0}
    if not need:
        return True
    if not licences:
        return False
    (catches, n), rest = licences[0], licences[1:]
    useful = [f for f in catches if need.get(f, 0) > 0]

    def spread(i: int, left: int, still: dict[str, int]) -> bool:
        if i == len(useful):
            return can_catch(still, rest)
        f = useful[i]
        for k in range(left + 1):
            after = {**still, f: still.get(f, 0) - k * catches[f]}
            if spread(i + 1, left - k, after):
                return True
            if after[f] <= 0:
                return False
        return False

    return spread(0, n, need)


def _licences(run: Run, seat: int) -> list[tuple[Mapping[str, int], int]]:
    return [
        (MARKETS[m].catches(), n)
        for m, n in run.player(seat).licenses.items()
        if m in MARKETS and n
    ]


def catch(run: Run, seat: int, caught: dict[str, int]) -> None:
    licences = _licences(run, seat)
    name = run.name(seat)
    for market, n in caught.items():
        alone = sum(held * catches.get(market, 0) for catches, held in licences)
        if n > alone:
            raise refuse(
                "catch_no_licence",
                f"caught.{market}",
                player=name,
                licences=sum(held for c, held in licences if market in c),
                market=market,
                can=alone,
                want=n,
            )
    if not can_catch(caught, licences):
        raise refuse("catch_licences_joint", "caught", player=name)
    at_sea = dict(run.player(seat).at_sea)
    for market, n in caught.items():
        run.barrels_out(market, n, f"caught.{market}")
        at_sea[market] = at_sea.get(market, 0) + n
        run.note("mv.catch", player=name, count=n, market=market, at_sea=at_sea[market])
    run.set_player(seat, at_sea=at_sea)


def _for_sale(raw: tuple[ForSaleBarrel, ...] | None) -> list[ForSale]:
    out = []
    for k, x in enumerate(raw or ()):
        where = f"for_sale[{k}]"
        if x.fish not in MARKETS:
            raise refuse("bad_field", where, field=where, kind="kind.fishing")
        out.append(ForSale(x.fish, price_of(x.price, f"{where}.price")))
    return out


def unload(
    run: Run, seat: int, before: dict[str, int], unloaded: dict[str, int], placed: list[ForSale]
) -> None:
    """Unloading: every unloaded barrel goes for sale, or to its docking auction, or — when
    caught under a Himono licence — onto a Himono licence; anything else is refused with
    where it may go. The docking bonus comes first (AMB-15, AMB-41: every barrel unloaded at
    your own ports counts)."""
    name = run.name(seat)
    on_licence = run.player(seat).himono_at_sea
    for market, n in unloaded.items():
        if n > before.get(market, 0):
            raise refuse(
                "unload_more_than_at_sea",
                f"unloaded.{market}",
                player=name,
                at_sea=before.get(market, 0),
                market=market,
                want=n,
            )
    per_fish: dict[str, int] = {}
    for item in placed:
        per_fish[item.fish] = per_fish.get(item.fish, 0) + 1
    for market, n in per_fish.items():
        if not MARKETS[market].for_sale:
            raise refuse(
                "not_for_sale_fish",
                "for_sale",
                market=market,
                where=MARKETS[market].where_unloaded(),
            )
        if n > unloaded.get(market, 0):
            raise refuse(
                "for_sale_not_unloaded",
                "for_sale",
                player=name,
                placed=n,
                market=market,
                unloaded=unloaded.get(market, 0),
            )
        plain = before.get(market, 0) - on_licence.get(market, 0)
        if n > plain:
            raise refuse(
                "himono_not_for_sale", "for_sale", player=name, plain=plain, market=market, placed=n
            )
    to_licence: dict[str, int] = {}
    for market, n in unloaded.items():
        if not MARKETS[market].for_sale:
            continue
        rest = n - per_fish.get(market, 0)
        if rest > on_licence.get(market, 0):
            if on_licence.get(market, 0):
                raise refuse(
                    "not_placed_himono",
                    "for_sale",
                    player=name,
                    unloaded=n,
                    placed=per_fish.get(market, 0),
                    market=market,
                    himono=on_licence[market],
                )
            raise refuse(
                "not_placed",
                "for_sale",
                player=name,
                unloaded=n,
                placed=per_fish.get(market, 0),
                market=market,
            )
        if rest:
            to_licence[market] = rest
    at_sea = {m: k - unloaded.get(m, 0) for m, k in run.player(seat).at_sea.items()}
    run.set_player(seat, at_sea={m: k for m, k in at_sea.items() if k})
    for market, n in unloaded.items():
        run.note("mv.unload", player=name, count=n, market=market)
    total = sum(unloaded.values())
    run.pay(None, seat, DOCKING_BONUS_YEN * (total // DOCKING_BONUS_BARRELS), "docking_bonus")
    for item in placed:
        run.harbor_add(seat, "upper", item)
    himono.dock(run, seat, to_licence)
    for market, m in MARKETS.items():
        plain_unloaded = unloaded.get(market, 0) - to_licence.get(market, 0)
        if plain_unloaded and m.for_sale:
            # AMB-41: barrels going onto a Himono licence give no Sardine tokens.
            m.unloaded(run, seat, plain_unloaded, per_fish.get(market, 0))


def docking_auctions(
    run: Run, seat: int, unloaded: dict[str, int], drawn: list[str], prefix: str
) -> list[QueuedAuction]:
    """One auction per 2 Spider Crab / 3 Tuna / 2 Swordfish barrels unloaded, in that
    order; all their barrels go back to the market (the box once Overfished), leftovers
    uncompensated; no auction without a token to sell (AMB-20)."""
    queue: list[QueuedAuction] = []
    plan = [(m, unloaded[m.id]) for m in MARKETS.values() if not m.for_sale and unloaded.get(m.id)]
    pool = list(drawn)
    for m, n in plan:
        run.barrels_back(m.id, n)
        per = m.auction_barrels() or n + 1
        count = n // per
        available = m.tokens_left(run.t)
        if available is not None:
            count = min(count, available)
        bag_left = list(m.in_bag(run.t)) if isinstance(m, BagMarket) else []
        for _ in range(count):
            if isinstance(m, BagMarket):
                code = next((c for c in pool if c.split(":")[0] in m.data.token_keys), None)
                if code is None:
                    raise refuse("draw_needed", "drawn", kind=m.id, fish=m.id)
                pool.remove(code)
                if code not in bag_left:
                    raise refuse("drawn_wrong", "drawn", code=code)
                bag_left.remove(code)
            else:
                code = m.data.token_keys[0]
            queue.append(QueuedAuction(f"{prefix}.{len(queue) + 1}", m.id, seat, code))
    for k, q in enumerate(queue):
        run.note("mv.auction", kind=q.kind, number=k + 1, total=len(queue), fish=q.kind)
    return queue


def reprice(run: Run, seat: int, raw: tuple[Reprice, ...] | None) -> None:
    """Changing the prices of barrels already for sale (allowed during a Fishing action)."""
    for k, x in enumerate(raw or ()):
        where = f"reprice[{k}]"
        if x.row not in ROWS:
            raise refuse("bad_field", where, field=where, kind="kind.fishing")
        row, fish = x.row, x.fish
        old = price_of(x.price, f"{where}.price")
        new = price_of(x.to, f"{where}.to")
        p = run.player(seat)
        items = list(p.row(row))
        at = next((i for i, it in enumerate(items) if it.fish == fish and it.price == old), None)
        if at is None:
            raise refuse("not_for_sale", where, owner=p.name, fish=fish, row=row, price=old)
        items[at] = ForSale(fish, new)
        run.set_player(seat, **{row: tuple(items)})
        run.note("mv.harbor_reprice", player=p.name, fish=fish, row=row, before=old, price=new)


def fishing_run(t: Table, a: Fishing) -> Run:
    """``{"type": "fishing", "player", "caught"?: {market: n}, "caught_himono"?: {market: n},
    "unloaded"?: {market: n}, "for_sale"?: [{"fish", "price"}],
    "reprice"?: [{"row", "fish", "price", "to"}],
    "drawn"?: [token codes the server drew for the docking auctions], "auction_id"?}``.
    ``caught`` is what the licences of each fish (and Horse Mackerel's) catch,
    ``caught_himono`` what Himono licences catch (one barrel per face-up licence)."""
    run, seat = begin_action(t, a.player, Message("what.fishing", {}))
    run.spend_ap(seat, FISHING_AP, Message("what.fishing", {}))
    caught = _counts(run.t, a.caught, "caught")
    caught_himono = _counts(run.t, a.caught_himono, "caught_himono")
    unloaded = _counts(run.t, a.unloaded, "unloaded")
    placed = _for_sale(a.for_sale)
    prefix = a.auction_id or f"g{t.actions + 1}"
    codes = list(a.drawn or ())
    boats = a.boats
    if boats is not None or run.t.config.fleet == 2:
        if boats is not None:
            mixed = next((k for k in COUNTED if getattr(a, k)), None)
            if mixed is not None:
                raise refuse("fleet.both_shapes", mixed, field=mixed)
        if run.t.config.fleet != 2:
            # A counted game's first action boat by boat: from now on its boats are placed,
            # starting from where the fixed arrangement put them (fleet.settle).
            run.t = replace(run.t, config=replace(run.t.config, fleet=2))
        if boats is None:
            boats = tuple(counted.translate(run.t, seat, a.caught, a.caught_himono, a.unloaded))
        queue = by_boat(run, seat, boats, placed, codes, prefix)
    else:
        before = dict(run.player(seat).at_sea)
        # A boat that catches does not also dock in the same action: unloading is out of
        # what was at sea before it (flows.md).
        unload(run, seat, before, unloaded, placed)
        catch(run, seat, caught)
        himono.catch(run, seat, caught_himono)
        if caught or caught_himono:
            fleet.check_at_sea(run, seat)
        if unloaded:
            fleet.check_docked(run, seat)
        queue = docking_auctions(run, seat, unloaded, codes, prefix)
    reprice(run, seat, a.reprice)
    finish(run)
    if queue:
        first, rest = queue[0], tuple(queue[1:])
        run.t = auction_moves.open_auction(run.t, auction_moves.opening(first, run.name(seat)))
        run.t = replace(run.t, queued_auctions=rest)
        finish(run)
    return run


def by_boat(
    run: Run,
    seat: int,
    boats: tuple[BoatActivity, ...],
    placed: list[ForSale],
    codes: list[str],
    prefix: str,
) -> list[QueuedAuction]:
    """The Fishing action boat by boat (rules/fishing_boats.py): the activities, then the
    boats docked at home unload (the docking bonus, the Harbor, the markets' rules), rented
    ones go back, then the docking auctions and each Overseas group's auction, in turn."""
    v = fishing_boats.activities(run, seat, boats)
    unload_home(run, seat, v, placed)
    fleet.set_fleet(run, seat, fishing_boats.send_back(run, seat, v))
    queue = docking_auctions(run, seat, v.unloaded, codes, prefix)
    pool = list(codes)
    for q in queue:
        if q.drawn in pool:
            pool.remove(q.drawn)
    return queue + fishing_boats.overseas_lots(run, seat, v, pool, prefix, len(queue))


def unload_home(run: Run, seat: int, v: fishing_boats.Voyage, placed: list[ForSale]) -> None:
    """The boats docked at home unload all their cargo: rules/fishing.py's ``unload`` (the
    docking bonus, the Harbor, the markets' rules), out of exactly what they carried."""
    run.set_player(seat, at_sea=dict(v.unloaded), himono_at_sea=dict(v.unloaded_himono))
    unload(run, seat, dict(v.unloaded), dict(v.unloaded), placed)


def triggered_auctions(before: Table, after: Table) -> list[str]:
    """The ids of the auctions an action opened or queued, in the order they run (for the
    API answer's ``"auctions"``)."""
    opened = [aid for aid in after.auctions if aid not in before.auctions]
    return opened + [
        q.id for q in after.queued_auctions if q.id not in {x.id for x in before.queued_auctions}
    ]
