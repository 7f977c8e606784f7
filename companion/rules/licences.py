"""The Fishing Licences a player takes and gives back (``take_license``,
``return_license``): the board's price (Sardine's by the licences left), at most 4 License
spaces, each market's limits per visit and per player, the board's stock; a Himono
licence's items go back when it is given up. Moves of rules/moves.py's ``MOVES``, each
taking its typed dataclass (issue #18 step 8), as rules/bookkeeping.py's do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .args import Count, FishMarket, Name
from .bookkeeping import Args, counted, piece_count, short_of_yen
from .catalogue import FISH_MARKETS, sardine_license_price
from .errors import IllegalAction
from .markets import himono
from .messages import Message
from .table import Table
from .tokens import fish_market_in_play


@dataclass(frozen=True, kw_only=True)
class TakeLicense:
    player: Name
    market: FishMarket
    count: Count = 1
    #: False when the licence was already paid.
    pay: bool = True


@dataclass(frozen=True, kw_only=True)
class ReturnLicense:
    player: Name
    market: FishMarket
    count: Count = 1


def take_license(t: Table, a: TakeLicense) -> Table:
    """Buy Fishing Licences at the board's price (``"pay": false`` when already paid):
    at most 4 License spaces, per-market stock and per-visit/per-player limits."""
    i = t.index(a.player)
    market = fish_market_in_play(t, a.market)
    m = FISH_MARKETS[market]
    count = piece_count(a.count)
    p = t.players[i]
    if m.licenses_per_visit is not None and count > m.licenses_per_visit:
        raise IllegalAction(
            Message("bk.licences_per_visit", {"market": market, "limit": m.licenses_per_visit}),
            "count",
        )
    held = p.licenses.get(market, 0)
    if m.max_licenses_per_player is not None and held + count > m.max_licenses_per_player:
        raise IllegalAction(
            Message(
                "bk.licences_per_player", {"market": market, "limit": m.max_licenses_per_player}
            ),
            "count",
        )
    if count > p.spaces_free:
        raise IllegalAction(
            Message("bk.spaces_free", {"player": p.name, "free": p.spaces_free}), "count"
        )
    on_board = t.board_licenses.get(market)
    if on_board is not None and count > on_board:
        raise IllegalAction(
            Message("bk.licences_left", {"market": market, "left": on_board}), "count"
        )
    price = 0
    if a.pay:
        if market == "sardine" and on_board is not None:
            left = on_board
            for _ in range(count):
                price += sardine_license_price(left)
                left -= 1
        elif m.license_price is None:
            raise IllegalAction(Message("bk.licence_price_unknown", {"market": market}), "pay")
        else:
            price = m.license_price * count
    if price > p.yen:
        raise short_of_yen(t, i, price, "count", licence=True)
    licenses = dict(p.licenses)
    licenses[market] = held + count
    t = t.with_player(i, licenses=licenses, yen=p.yen - price)
    if on_board is not None:
        board = dict(t.board_licenses)
        board[market] = on_board - count
        t = replace(t, board_licenses=board)
    return t


def return_license(t: Table, a: ReturnLicense) -> Table:
    """Give licences back to their board, free, no refund (a Himono licence's items go
    back to their markets, uncompensated)."""
    i = t.index(a.player)
    market = a.market
    p = t.players[i]
    count = piece_count(a.count)
    if p.licenses.get(market, 0) < count:
        raise IllegalAction(
            Message("bk.licences_not_held", {"player": p.name, "count": count}), "market"
        )
    if market == "himono":
        # fish-markets.md §12: what lies on a licence given up goes back uncompensated.
        t = himono.give_up(t, i, count)
    licenses = dict(p.licenses)
    licenses[market] -= count
    if not licenses[market]:
        del licenses[market]
    t = t.with_player(i, licenses=licenses)
    on_board = t.board_licenses.get(market)
    if on_board is not None:
        board = dict(t.board_licenses)
        board[market] = on_board + count
        t = replace(t, board_licenses=board)
    return t


def describe_license(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        values = {"player": a.get("player"), "count": counted(a), "market": a.get("market")}
        return Message(code, values)

    return describe
