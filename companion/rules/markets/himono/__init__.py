"""Himono (干物, dried fish), Expansion (fish-markets.md §12): entry NOT IN SOURCE (AMB-40:
the host enters it); licences ¥400, at most 1 per entry; cannot sell; Himono tokens are
worth 5.

A Himono licence catches Mackerel, Horse Mackerel or Sardine barrels — a Himono barrel only
when none of those three is available (not in play, or Overfished) — one barrel per licence
per Fishing action (``fishing`` ``caught_himono``). At most 2 barrels caught under the same
licence may be at sea; at 2 it lies face down (red ✕) and catches nothing until one of them
is unloaded or discarded. Unloaded at your ports, those barrels are not placed for sale:
they go onto your Himono licences while there is room (2 items per licence), the rest back
to their market; they still count for the docking bonus (AMB-15, AMB-41) and give no
Sardine tokens (AMB-41). Any time on your turn, free, Mackerel / Horse Mackerel / Sardine
barrels from your Harbor or tokens of your own may be loaded onto a licence
(``load_himono``). At the start of your turn each licence holding 2 items sends both back
to their markets and gives 1 Himono barrel from this market, for sale on your Harbor at the
price you choose (``start_turn`` ``himono_prices``); with no Himono barrel left, the items
wait on the licence (AMB-42). Himono barrels never degrade; a buyer pays the listed price,
the barrel goes back to this market and the buyer takes a Himono token. A licence given up
sends its items back uncompensated.

Readings of ours where the text is silent: the [JA] text puts docked barrels "onto your
Himono licence(s), as far as there is room", so any of the player's licences takes them,
fullest first (so 2 items meet on one licence); a catch is counted on the face-up licence
with the fewest barrels at sea (so the most licences stay usable), an unloaded or discarded
one off the licence with the most; a licence given up is the emptiest one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, ClassVar

from ....engine.args import Limit
from ...args import MAX_ITEMS, Counts, HarborBarrel, Name
from ...cardlines import Line, line
from ...catalogue import FISH_MARKETS, HIMONO_CATCHES
from ...ledger import Run, refuse
from ...setup import GameConfig
from ...table import ForSale, HimonoItem, HimonoLicence, Table
from ...tokens import TokenSpec, return_to_market
from ..base import Market, price_of, whole

ID = "himono"
NUMBERS = FISH_MARKETS[ID].numbers
#: Items one licence holds, and barrels caught under one licence that may be at sea.
ITEMS = NUMBERS["items_per_licence"]
AT_SEA = NUMBERS["at_sea_per_licence"]


class Himono(Market):
    id = ID

    def catches(self) -> dict[str, int]:
        return {}  # its licences catch through ``caught_himono`` only

    def degrades(self, item: ForSale) -> bool:
        return False

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        n = self.numbers
        if section == "special":
            return [
                line("rc.himono.catch", fishes=list(HIMONO_CATCHES)),
                line("rc.himono.at_sea", count=n["at_sea_per_licence"]),
                line("rc.himono.dock", "reading", "AMB-15", "AMB-41", count=n["items_per_licence"]),
                line("rc.himono.load", fishes=list(HIMONO_CATCHES)),
                line(
                    "rc.himono.convert",
                    "reading",
                    "AMB-42",
                    count=n["items_per_barrel"],
                    barrels=n["barrels_per_conversion"],
                ),
            ]
        if section == "resources":
            return [line("rc.res.himono_items", "reading", "AMB-06")]
        return []


MARKET = Himono()


# -- the licences' state ---------------------------------------------------------------------


def licences(t: Table, seat: int) -> list[HimonoLicence]:
    return list(t.players[seat].himono_licences())


def store(run: Run, seat: int, lics: Sequence[HimonoLicence]) -> None:
    """Keep the non-empty licences, fullest first (the table's canonical form)."""
    kept = sorted((x for x in lics if x.items or x.at_sea), key=HimonoLicence.sort_key)
    run.set_player(seat, himono=tuple(kept))


def available(t: Table, market: str) -> bool:
    """Whether a Himono licence could still catch this fish's barrels: in play, not
    Overfished, barrels on the board (or not counted: AMB-40)."""
    return (
        market in t.config.fish_markets
        and market not in t.values.overfished
        and t.board_barrels.get(market) != 0
    )


def room(t: Table, seat: int) -> int:
    return sum(ITEMS - len(x.items) for x in licences(t, seat))


def _put(run: Run, seat: int, item: HimonoItem) -> bool:
    """One item onto the fullest licence with room; False when none has room."""
    lics = licences(run.t, seat)
    free = [k for k, x in enumerate(lics) if len(x.items) < ITEMS]
    if not free:
        return False
    k = max(free, key=lambda k: (len(lics[k].items), -k))
    lics[k] = replace(lics[k], items=lics[k].items + (item,))
    store(run, seat, lics)
    run.note(
        "mv.himono_barrel_on" if item.barrel else "mv.himono_token_on",
        player=run.name(seat),
        fish=item.fish,
        count=len(lics[k].items),
        limit=ITEMS,
    )
    return True


def _off_sea(run: Run, seat: int, count: int) -> None:
    """``count`` barrels caught under Himono licences leave the sea: off the licences with
    the most at sea first (a face-down licence turns face up)."""
    lics = licences(run.t, seat)
    for _ in range(count):
        at = [k for k, x in enumerate(lics) if x.at_sea]
        if not at:
            break  # caught under a licence given up since
        k = max(at, key=lambda k: (lics[k].at_sea, -k))
        if lics[k].at_sea == AT_SEA:
            run.note("mv.himono_face_up", player=run.name(seat))
        lics[k] = replace(lics[k], at_sea=lics[k].at_sea - 1)
    store(run, seat, lics)


def _sea(run: Run, seat: int, market: str, delta: int) -> None:
    """Change a player's Himono barrels at sea of one fish (and all barrels at sea)."""
    p = run.player(seat)
    at_sea = {**p.at_sea, market: p.at_sea.get(market, 0) + delta}
    himono = {**p.himono_at_sea, market: p.himono_at_sea.get(market, 0) + delta}
    run.set_player(
        seat,
        at_sea={m: n for m, n in at_sea.items() if n},
        himono_at_sea={m: n for m, n in himono.items() if n},
    )


# -- fishing -----------------------------------------------------------------------------------


def catch(run: Run, seat: int, caught: Mapping[str, int]) -> None:
    """``caught_himono``: barrels caught under Himono licences, one per face-up licence; the
    three fish first, then Himono barrels — only if none of the three can still be caught
    once this action's other catches are made."""
    if not caught:
        return
    name = run.name(seat)
    lics = licences(run.t, seat)
    if not lics:
        raise refuse("himono_no_licence", "caught_himono", player=name)
    for market in caught:
        if market not in (*HIMONO_CATCHES, ID):
            raise refuse("himono_catch_wrong", f"caught_himono.{market}", market=market)
    usable = sorted(
        (k for k, x in enumerate(lics) if x.at_sea < AT_SEA), key=lambda k: (lics[k].at_sea, k)
    )
    want = sum(caught.values())
    if want > len(usable):
        raise refuse(
            "himono_catch_licences",
            "caught_himono",
            player=name,
            usable=len(usable),
            held=len(lics),
            want=want,
        )
    order = [m for m in HIMONO_CATCHES if caught.get(m)] + ([ID] if caught.get(ID) else [])
    for market in order:
        if market == ID:
            still = [m for m in HIMONO_CATCHES if available(run.t, m)]
            if still:
                raise refuse("himono_barrel_not_yet", "caught_himono.himono", markets=still)
        n = caught[market]
        run.barrels_out(market, n, f"caught_himono.{market}")
        _sea(run, seat, market, n)
        run.note(
            "mv.catch_himono",
            player=name,
            count=n,
            market=market,
            at_sea=run.player(seat).at_sea[market],
        )
    for k in usable[:want]:
        lics[k] = replace(lics[k], at_sea=lics[k].at_sea + 1)
        if lics[k].at_sea == AT_SEA:
            run.note("mv.himono_face_down", player=name, count=AT_SEA)
    store(run, seat, lics)


def dock(run: Run, seat: int, unloaded: Mapping[str, int]) -> None:
    """Barrels caught under Himono licences unloaded at the player's ports (already off
    ``at_sea``): onto the licences while there is room, the rest back to their market."""
    if not unloaded:
        return
    p = run.player(seat)
    himono = {m: p.himono_at_sea.get(m, 0) - unloaded.get(m, 0) for m in p.himono_at_sea}
    run.set_player(seat, himono_at_sea={m: n for m, n in himono.items() if n})
    _off_sea(run, seat, sum(unloaded.values()))
    for market, n in unloaded.items():
        for _ in range(n):
            if not _put(run, seat, HimonoItem(market, True)):
                run.note("mv.himono_overflow", player=run.name(seat), market=market)
                run.barrels_back(market, 1)


def discard(run: Run, seat: int, plain: Mapping[str, int], himono: Mapping[str, int]) -> None:
    """Barrels at sea back to their market (the box once Overfished): ``plain`` caught under
    other licences, ``himono`` under Himono licences (turn-and-scoring.md §1 step 1)."""
    name = run.name(seat)
    p = run.player(seat)
    for market, n in plain.items():
        have = p.at_sea.get(market, 0) - p.himono_at_sea.get(market, 0)
        if n > have:
            raise refuse(
                "discard_more",
                f"discarded.{market}",
                player=name,
                at_sea=have,
                market=market,
                want=n,
            )
    for market, n in himono.items():
        have = p.himono_at_sea.get(market, 0)
        if n > have:
            raise refuse(
                "discard_more_himono",
                f"discarded_himono.{market}",
                player=name,
                at_sea=have,
                market=market,
                want=n,
            )
    for market, n in plain.items():
        at_sea = {**run.player(seat).at_sea}
        at_sea[market] -= n
        run.set_player(seat, at_sea={m: k for m, k in at_sea.items() if k})
        run.note("mv.discard", player=name, count=n, market=market)
        run.barrels_back(market, n)
    for market, n in himono.items():
        _sea(run, seat, market, -n)
        run.note("mv.discard_himono", player=name, count=n, market=market)
        run.barrels_back(market, n)
    _off_sea(run, seat, sum(himono.values()))


# -- loading a licence -------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class LoadHimono:
    """``load_himono``'s arguments (refused in its words: a field it does not take)."""

    refused_as: ClassVar[str] = "kind.load_himono"
    player: Name
    tokens: Counts | None = None
    barrels: Annotated[tuple[HarborBarrel, ...], Limit(max_len=MAX_ITEMS)] | None = None


def load(
    run: Run,
    seat: int,
    tokens: Mapping[str, int] | None,
    barrels: tuple[HarborBarrel, ...] | None,
) -> None:
    """Free, any time on your turn: tokens of your own and barrels from your Harbor (either
    row) onto your Himono licences, 2 items per licence in any mix."""
    name = run.name(seat)
    if not licences(run.t, seat):
        raise refuse("himono_no_licence", "type", player=name)
    tokens = tokens or {}
    barrels = barrels or ()
    items: list[tuple[str, HimonoItem, HarborBarrel | None]] = []
    for key, n in tokens.items():
        if key not in HIMONO_CATCHES:
            raise refuse("himono_load_wrong", f"tokens.{key}", fish=str(key))
        for _ in range(whole(n, f"tokens.{key}", 0)):
            items.append((f"tokens.{key}", HimonoItem(str(key), False), None))
    for k, b in enumerate(barrels):
        where = f"barrels[{k}]"
        if b.row not in ("upper", "lower"):
            raise refuse("bad_field", where, field=where, kind="kind.load_himono")
        if b.fish not in HIMONO_CATCHES:
            raise refuse("himono_load_wrong", f"{where}.fish", fish=b.fish)
        items.append((where, HimonoItem(b.fish, True), b))
    if not items:
        raise refuse("himono_nothing", "tokens")
    free = room(run.t, seat)
    if len(items) > free:
        raise refuse("himono_no_room", "tokens", player=name, room=free, want=len(items))
    for where, item, loaded in items:
        if loaded is not None:
            price = price_of(loaded.price, f"{where}.price")
            run.harbor_take(seat, loaded.row, item.fish, price, where)
        else:
            run.holding(seat, TokenSpec(item.fish, 1), -1, where)
        _put(run, seat, item)


# -- the start of a turn -------------------------------------------------------------------------


def full(t: Table, seat: int) -> int:
    return sum(1 for x in licences(t, seat) if len(x.items) >= NUMBERS["items_per_barrel"])


def conversions(t: Table, seat: int) -> int:
    """Full licences that turn into a Himono barrel now: as many as the Himono market has
    barrels (not counted: all; none once Overfished: AMB-42)."""
    n = full(t, seat)
    if not n or ID not in t.config.fish_markets or ID in t.values.overfished:
        return 0
    left = t.board_barrels.get(ID)
    return n if left is None else min(n, left)


def convert(run: Run, seat: int, prices: object) -> None:
    """Step 5 of the start of a turn: each full licence's items back to their markets, and a
    Himono barrel for sale on the upper row at the price given, one price per conversion in
    ``himono_prices`` (fullest licences first)."""
    name = run.name(seat)
    n = conversions(run.t, seat)
    if prices is None:
        prices = []
    if not isinstance(prices, list):
        raise refuse("bad_field", "himono_prices", field="himono_prices", kind="kind.start_turn")
    if len(prices) != n:
        raise refuse(
            "himono_prices_count", "himono_prices", player=name, count=n, given=len(prices)
        )
    chosen = [price_of(p, f"himono_prices[{k}]") for k, p in enumerate(prices)]
    lics = licences(run.t, seat)
    done = 0
    for k, lic in enumerate(lics):
        if len(lic.items) < NUMBERS["items_per_barrel"]:
            continue
        if done == n:
            run.note("mv.himono_waits", player=name)
            continue
        for item in lic.items:
            if item.barrel:
                run.note("mv.himono_barrel_back", player=name, fish=item.fish)
                run.barrels_back(item.fish, 1)
            else:
                run.t = return_to_market(run.t, TokenSpec(item.fish, 1))
                run.note("mv.himono_token_back", player=name, fish=item.fish)
        lics[k] = replace(lic, items=())
        store(run, seat, lics)
        run.note("mv.himono", player=name)
        run.barrels_out(ID, NUMBERS["barrels_per_conversion"], "himono_prices")
        run.harbor_add(seat, "upper", ForSale(ID, chosen[done]))
        done += 1


# -- giving a licence up (bookkeeping) -------------------------------------------------------


def give_up(t: Table, seat: int, count: int) -> Table:
    """``count`` Himono licences leave the player (before their count drops): the emptiest
    go, and their items return to their markets uncompensated (barrels to the box once
    Overfished). Barrels they caught stay at sea and still dock onto a Himono licence."""
    lics = list(t.players[seat].himono_licences())
    keep, gone = lics[: len(lics) - count], lics[len(lics) - count :]
    for lic in gone:
        for item in lic.items:
            if not item.barrel:
                t = return_to_market(t, TokenSpec(item.fish, 1))
            elif (
                item.fish not in t.values.overfished and t.board_barrels.get(item.fish) is not None
            ):
                t = replace(
                    t,
                    board_barrels={
                        **t.board_barrels,
                        item.fish: (t.board_barrels[item.fish] or 0) + 1,
                    },
                )
    kept = sorted((x for x in keep if x.items or x.at_sea), key=HimonoLicence.sort_key)
    return t.with_player(seat, himono=tuple(kept))
