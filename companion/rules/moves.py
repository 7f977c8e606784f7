"""Bookkeeping moves: one function per action type, ``(table, args) -> table``.

Each move validates its arguments against the rules and raises :class:`IllegalAction`
with a sentence a player understands; it never half-applies. The registry ``MOVES``
is what the event log folds over; ``docs/actions.md`` documents every entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import arrivals, auctions, buyer, crash, entering, fleet, guided, rounds
from .catalogue import (
    FISH_KEYS,
    FISH_MARKETS,
    SPIDER_CRAB_VALUES,
    TRACK_MAX,
    TRACK_MIN,
    TUNA_VALUES,
    sardine_license_price,
)
from .errors import IllegalAction
from .fish import Fish
from .markets import himono
from .messages import Message, render
from .setup import bad_character, bag_contents, board_figure, make_config  # noqa: F401 (doctest)
from .table import SPACE_ITEMS, Table, initial_table  # noqa: F401 (doctest)
from .tokens import (
    TokenSpec,
    auto_overfish,
    fish_market_in_play,
    overfish,
    return_to_market,
    take_from_market,
    token_message,
)

Args = Mapping[str, Any]
SUPPLY = "supply"
ITEM_PRICE = 200
LOAN_YEN = 500
SHARE_PRICE = 300
#: Longest note a payment may carry (one line of the history).
NOTE_MAX = 120


@dataclass(frozen=True)
class Move:
    apply: Callable[[Table, Args], Table]
    describe: Callable[[Args, bool], Message]
    #: Whether the move moves Yen between named players (closed-money history hides it).
    moves_yen: bool = False
    #: Appended only by the server itself (auctions), never accepted from a client.
    internal: bool = False
    #: Who may record it from a seat (the host may record any client move):
    #: "owners" — only the player named in each of ``owners`` (their own Yen and tokens);
    #: "anyone" — a change to the shared board; "current" — the player whose turn it is;
    #: "host" — the table screen only.
    who: str = "owners"
    #: The fields naming the players whose own Yen or tokens the move takes or changes.
    owners: tuple[str, ...] = ("player",)


def may_record(t: Table, kind: str, args: Args, seat: int | None) -> bool:
    """Whether a seat (None: the host) may record this move (TC-05). A seat may move its own Yen and
    tokens, to anyone or the supply, never another player's (so a refusal can never tell it
    another player's holdings); settling an auction is the server's (``internal``). Yen
    from the supply outside the rules the app computes is the table screen's to record
    (issue #17: a seat paying itself would be money nobody sees).

    >>> t = initial_table(make_config(["Aiko", "Bo"]))
    >>> may_record(t, "pay", {"from": "Bo", "to": "Aiko", "amount": 100}, 1)
    True
    >>> may_record(t, "pay", {"from": "Bo", "to": "Aiko", "amount": 100}, 0)
    False
    >>> may_record(t, "pay", {"from": "supply", "to": "Aiko", "amount": 100}, 0)
    False
    >>> may_record(t, "pay", {"from": "supply", "to": "Aiko", "amount": 100}, None)
    True
    """
    move = MOVES.get(kind)
    if move is None or move.internal:
        return False
    if seat is None:
        return True
    if move.who == "anyone":
        return True
    if move.who == "current":
        return t.turn.current == seat
    if move.who == "host":
        return False
    return all(args.get(key) == t.players[seat].name for key in move.owners)


# -- argument readers ---------------------------------------------------------------------
# The web edge parses every body into typed values (companion/web/schemas.py); these check
# them again so that a caller that skipped the edge (a test, a script on the Door) still
# cannot record a string, a bool or a number beyond the physical game.

#: Most Yen any one payment can move: far beyond any table (everyone starts with ¥2,000),
#: and well inside SQLite's integers.
MAX_YEN = 1_000_000
#: Most pieces one action can move: the box holds 30 barrels of a fish, and no board or
#: bag holds more tokens of one kind.
MAX_COUNT = 30


def _int(args: Args, key: str, default: int | None = None) -> int:
    value = args.get(key, default)
    if value is None:
        raise IllegalAction(Message("arg.required", {}), key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction(Message("arg.whole", {}), key)
    return value


def _yen(args: Args, key: str = "amount") -> int:
    amount = _int(args, key)
    if amount <= 0:
        raise IllegalAction(Message("arg.yen_positive", {}), key)
    if amount > MAX_YEN:
        raise IllegalAction(Message("arg.yen_max", {"max": MAX_YEN}), key)
    if amount % 100:
        raise IllegalAction(Message("arg.yen_step", {}), key)
    return amount


def _count(args: Args, key: str = "count") -> int:
    n = _int(args, key, 1)
    if n < 1:
        raise IllegalAction(Message("arg.count_min", {}), key)
    if n > MAX_COUNT:
        raise IllegalAction(Message("arg.count_max", {"max": MAX_COUNT}), key)
    return n


def _flag(args: Args, key: str, default: bool = True) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise IllegalAction(Message("arg.flag", {}), key)
    return value


def _party(t: Table, args: Args, key: str) -> int | None:
    """A player index, or None for the supply."""
    value = args.get(key)
    if value == SUPPLY:
        return None
    if value is None:
        raise IllegalAction(Message("arg.party", {}), key)
    return t.index(value, key)


def short_of_yen(
    t: Table, i: int, need: int, field: str, *, licence: bool = False
) -> IllegalAction:
    """The refusal "Aiko has only ¥1,700" (with ``licence``: "… (the licence costs
    ¥2,000)"), said to Aiko; with closed money everyone else hears only that she cannot pay
    (as at the table, where nobody sees her Yen)."""
    p = t.players[i]
    return IllegalAction(
        Message(
            "bk.short_licence" if licence else "bk.short",
            {"player": p.name, "have": p.yen, "need": need},
        ),
        field,
        private_to=i,
        public_message=Message("bk.cannot_pay", {"player": p.name, "need": need}),
    )


def _counted(a: Args, key: str = "count") -> int:
    """The count a history line names (a recorded count may be a string or missing)."""
    n = a.get(key, 1)
    try:
        return int(n)
    except (TypeError, ValueError):
        return 1


def _money(amount: int, show: bool) -> Message:
    return Message("history.yen", {"amount": amount}) if show else Message("history.yen_hidden")


# -- Yen --------------------------------------------------------------------------------


def pay(t: Table, a: Args) -> Table:
    """Yen from a player or the supply to a player or the supply (AMB-01: the supply is
    unlimited; AMB-04: a player cannot pay more than they hold)."""
    payer, payee = _party(t, a, "from"), _party(t, a, "to")
    amount = _yen(a)
    if payer == payee:
        raise IllegalAction(Message("bk.same_party", {}), "to")
    note = a.get("note", "")
    if not isinstance(note, str) or len(note) > NOTE_MAX:
        raise IllegalAction(Message("arg.note_long", {"max": NOTE_MAX}), "note")
    if bad_character(note) is not None:
        raise IllegalAction(Message("arg.note_chars", {}), "note")
    if payer is not None:
        have = t.players[payer].yen
        if amount > have:
            raise short_of_yen(t, payer, amount, "amount")
        t = t.with_player(payer, yen=have - amount)
    if payee is not None:
        t = t.with_player(payee, yen=t.players[payee].yen + amount)
    return t


def _describe_pay(a: Args, show: bool) -> Message:
    supply = a.get("from") == SUPPLY
    return Message(
        "history.pay_from_supply" if supply else "history.pay",
        {
            "payer": a.get("from"),
            "payee": a.get("to"),
            "money": _money(int(a.get("amount", 0)), show),
            "note": Message("history.note", {"note": a["note"]}) if a.get("note") else "",
        },
    )


# -- fish tokens --------------------------------------------------------------------------


def _token_spec(a: Args) -> TokenSpec:
    key = a.get("fish")
    if not isinstance(key, str) or key not in FISH_KEYS:
        raise IllegalAction(Message("bk.no_fish_token", {"name": repr(key)}), "fish")
    count = _count(a)
    value = side = None
    if key == "spider_crab" or key == "tuna":
        allowed = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
        value = _int(a, "value")
        if value not in allowed:
            raise IllegalAction(
                Message("bk.printed_values", {"fish": key, "values": sorted(allowed)}), "value"
            )
    if key == "salmon":
        side = a.get("side", "fresh")
        if side not in ("fresh", "degraded"):
            raise IllegalAction(Message("bk.salmon_side", {}), "side")
    return TokenSpec(key, count, value, side)


def _add_tokens(fish: Fish, spec: TokenSpec, sign: int, owner: str) -> Fish:
    """Add (sign 1) or remove (sign -1) tokens; IllegalAction if the owner lacks them."""
    changed = fish.add(spec.key, sign * spec.count, spec.value, spec.side)
    if changed is None:
        if spec.value is not None:
            raise IllegalAction(
                Message("bk.not_held", {"player": owner, "what": spec.message()}), "count"
            )
        have = (
            fish.salmon_degraded
            if spec.side == "degraded"
            else (fish.salmon_fresh if spec.key == "salmon" else fish.count(spec.key))
        )
        raise IllegalAction(
            Message(
                "bk.holds_only_degraded" if spec.side == "degraded" else "bk.holds_only",
                {"player": owner, "count": have, "fish": spec.key},
            ),
            "count",
        )
    return changed


def gain_fish(t: Table, a: Args) -> Table:
    """A player takes tokens from their market (Red Snapper: the next ones of the grid;
    Spider Crab, Tuna, Clam, Oyster: out of the Auction bag)."""
    i = t.index(a.get("player"))
    spec = _token_spec(a)
    t = take_from_market(t, spec)
    t = t.with_player(i, fish=_add_tokens(t.players[i].fish, spec, 1, t.players[i].name))
    return auto_overfish(t)


def lose_fish(t: Table, a: Args) -> Table:
    """A player returns tokens to their market (``"to": "box"`` for tokens that leave the
    game, such as sold Swordfish)."""
    i = t.index(a.get("player"))
    spec = _token_spec(a)
    t = t.with_player(i, fish=_add_tokens(t.players[i].fish, spec, -1, t.players[i].name))
    where = a.get("to", "market")
    if where not in ("market", "box"):
        raise IllegalAction(Message("bk.tokens_go", {}), "to")
    return t if where == "box" else return_to_market(t, spec)


def give_fish(t: Table, a: Args) -> Table:
    """Tokens move from one player to another (Barter, Auction lots, Trading …)."""
    giver, taker = t.index(a.get("from"), "from"), t.index(a.get("to"), "to")
    if giver == taker:
        raise IllegalAction(Message("bk.same_giver", {}), "to")
    spec = _token_spec(a)
    t = t.with_player(
        giver, fish=_add_tokens(t.players[giver].fish, spec, -1, t.players[giver].name)
    )
    return t.with_player(
        taker, fish=_add_tokens(t.players[taker].fish, spec, 1, t.players[taker].name)
    )


def take_red_snapper(t: Table, a: Args) -> Table:
    """The next Red Snapper token of the grid (fish-markets.md §6)."""
    return gain_fish(
        t, {"player": a.get("player"), "fish": "red_snapper", "count": a.get("count", 1)}
    )


def _describe_fish(verb: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        n = _counted(a)
        try:
            ts = _token_spec(a)
            name: Message | str = token_message(ts.key, ts.value, ts.side)
        except IllegalAction:
            name = str(a.get("fish"))
        tokens = Message("history.tokens", {"count": n, "what": name})
        if verb == "give":
            return Message(
                "history.give_fish",
                {"giver": a.get("from"), "tokens": tokens, "taker": a.get("to")},
            )
        if verb == "lose":
            code = "history.lose_fish_box" if a.get("to") == "box" else "history.lose_fish"
            return Message(code, {"player": a.get("player"), "tokens": tokens})
        return Message("history.gain_fish", {"player": a.get("player"), "tokens": tokens})

    return describe


def _describe_red_snapper(a: Args, show: bool) -> Message:
    n = _counted(a)
    code = "history.red_snapper_one" if n == 1 else "history.red_snapper"
    return Message(code, {"player": a.get("player"), "count": n})


# -- licences and License spaces -----------------------------------------------------------


def take_license(t: Table, a: Args) -> Table:
    """Buy Fishing Licences at the board's price (``"pay": false`` when already paid):
    at most 4 License spaces, per-market stock and per-visit/per-player limits."""
    i = t.index(a.get("player"))
    market = fish_market_in_play(t, a.get("market"))
    m = FISH_MARKETS[market]
    count = _count(a)
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
    if _flag(a, "pay"):
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


def return_license(t: Table, a: Args) -> Table:
    """Give licences back to their board, free, no refund (a Himono licence's items go
    back to their markets, uncompensated)."""
    i = t.index(a.get("player"))
    market = a.get("market")
    p = t.players[i]
    count = _count(a)
    if not isinstance(market, str) or p.licenses.get(market, 0) < count:
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


def _describe_license(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        values = {"player": a.get("player"), "count": _counted(a), "market": a.get("market")}
        return Message(code, values)

    return describe


_ITEM_SOURCE = {"freezer": "rentals", "cart": "rentals", "buyer_token": "influence"}


def take_item(t: Table, a: Args) -> Table:
    """Rent a Freezer or Cart (Rentals) or buy a Buyer token (Influence), ¥200 each; each
    takes a License space."""
    i = t.index(a.get("player"))
    item = a.get("item")
    if item not in SPACE_ITEMS:
        raise IllegalAction(Message("bk.item_kind", {}), "item")
    assert isinstance(item, str)
    source = _ITEM_SOURCE[item]
    if source not in t.config.external_markets:
        raise IllegalAction(Message("bk.not_in_play", {"market": source}), "item")
    crash.refuse_closed(t, source, "item")
    count = _count(a)
    p = t.players[i]
    key = f"{source}.{item}"
    if t.stock.get(key, 0) < count:
        raise IllegalAction(Message("bk.item_left", {"item": item, "market": source}), "count")
    if count > p.spaces_free:
        raise IllegalAction(
            Message("bk.spaces_free", {"player": p.name, "free": p.spaces_free}), "count"
        )
    price = ITEM_PRICE * count if _flag(a, "pay") else 0
    if price > p.yen:
        raise short_of_yen(t, i, price, "count")
    items = dict(p.items)
    items[item] = items.get(item, 0) + count
    t = t.with_player(i, items=items, yen=p.yen - price)
    return replace(t, stock={**t.stock, key: t.stock[key] - count})


def return_item(t: Table, a: Args) -> Table:
    """A Freezer or Cart after its second use, or a Buyer token after its purchase, goes
    back to its board. One given back early goes back as it lies: the ones used once
    first, so nothing stays flipped without an item (every rental starts on its "2"
    side: external-markets.md §9)."""
    i = t.index(a.get("player"))
    item = a.get("item")
    p = t.players[i]
    count = _count(a)
    if item not in SPACE_ITEMS or p.items.get(str(item), 0) < count:
        raise IllegalAction(Message("bk.item_not_held", {"player": p.name}), "item")
    assert isinstance(item, str)
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


def _describe_item(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        item, n = str(a.get("item")), _counted(a)
        what = (
            Message(f"item.{item}", {"count": n})
            if item in SPACE_ITEMS
            else Message("item.other", {"item": item})
        )
        return Message(code, {"player": a.get("player"), "count": n, "what": what})

    return describe


# -- Bank ---------------------------------------------------------------------------------


def _bank(t: Table, a: Args, kind: str) -> Table:
    if "bank" not in t.config.external_markets:
        raise IllegalAction(Message("bk.bank_not_in_play", {}), "type")
    crash.refuse_closed(t, "bank", "type")
    i = t.index(a.get("player"))
    p = t.players[i]
    count = _count(a)
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


def take_loan(t: Table, a: Args) -> Table:
    """+¥500 per loan; repaid with ¥500 interest at the end. Never with shares."""
    return _bank(t, a, "loans")


def buy_share(t: Table, a: Args) -> Table:
    """¥300 per share; share owners split the loans' interest. Never with loans."""
    return _bank(t, a, "shares")


def _describe_bank(a: Args, show: bool, kind: str) -> Message:
    code = "history.take_loan" if kind == "loans" else "history.buy_share"
    return Message(code, {"player": a.get("player"), "count": _counted(a)})


# -- market values ------------------------------------------------------------------------


def set_track(t: Table, a: Args) -> Table:
    """Put the Eel or Swordfish value marker on a space 1..13."""
    track = a.get("track")
    if track not in ("eel", "swordfish"):
        raise IllegalAction(Message("bk.track_kind", {}), "track")
    assert isinstance(track, str)
    fish_market_in_play(t, track, "track")
    value = _int(a, "value")
    if not TRACK_MIN <= value <= TRACK_MAX:
        raise IllegalAction(
            Message("bk.track_space", {"low": TRACK_MIN, "high": TRACK_MAX}), "value"
        )
    values = replace(t.values, eel=value) if track == "eel" else replace(t.values, swordfish=value)
    return replace(t, values=values)


def _describe_track(a: Args, show: bool) -> Message:
    return Message("history.set_track", {"track": str(a.get("track")), "value": a.get("value")})


def mark_overfished(t: Table, a: Args) -> Table:
    """A fish market becomes Overfished (permanent). Horse Mackerel pays ¥200 per token
    held; Nori costs ¥100 per token held, down to ¥0."""
    market = fish_market_in_play(t, a.get("market"))
    if market in t.values.overfished:
        raise IllegalAction(Message("bk.overfished_already", {"market": market}), "market")
    return overfish(t, market)


def _describe_overfished(a: Args, show: bool) -> Message:
    return Message("history.overfished", {"market": a.get("market")})


def add_market(t: Table, a: Args) -> Table:
    """A market enters mid-game by hand, set up as at the start (``entering.set_up``;
    Mackerel entering this way gives no licences to anyone). Overfished replacements,
    Expansion tokens and crashes bring theirs by themselves (rules/arrivals.py)."""
    market = a.get("market")
    if not isinstance(market, str):
        raise IllegalAction(Message("bk.no_market", {"name": repr(market)}), "market")
    return entering.bring(t, market, "hand")


def _describe_add_market(a: Args, show: bool) -> Message:
    return Message("history.add_market", {"market": str(a.get("market"))})


MOVES: dict[str, Move] = {
    "pay": Move(pay, _describe_pay, moves_yen=True, owners=("from",)),
    "gain_fish": Move(gain_fish, _describe_fish("gain")),
    "lose_fish": Move(lose_fish, _describe_fish("lose")),
    "give_fish": Move(give_fish, _describe_fish("give"), owners=("from",)),
    "take_red_snapper": Move(take_red_snapper, _describe_red_snapper),
    "take_license": Move(take_license, _describe_license("history.take_license")),
    "return_license": Move(return_license, _describe_license("history.return_license")),
    "take_item": Move(take_item, _describe_item("history.take_item")),
    "return_item": Move(return_item, _describe_item("history.return_item")),
    "take_loan": Move(take_loan, lambda a, s: _describe_bank(a, s, "loans")),
    "buy_share": Move(buy_share, lambda a, s: _describe_bank(a, s, "shares")),
    "set_track": Move(set_track, _describe_track, who="anyone"),
    "mark_overfished": Move(mark_overfished, _describe_overfished, who="anyone"),
    "add_market": Move(add_market, _describe_add_market, who="anyone"),
    "next_turn": Move(rounds.next_turn, rounds.describe_next_turn, who="current"),
    "assign_buyer": Move(lambda t, a: buyer.assign_run(t, a).t, buyer.describe_assign),
    "end_game": Move(rounds.end_game, lambda a, s: Message("history.end_game", {}), who="host"),
    # The guided turn (flows.md): the player named acts on their own Yen and tokens, and
    # must be the active player (checked by the move itself, with a sentence naming them).
    "visit": Move(guided.visit, guided.describe("visit")),
    "fishing": Move(guided.fishing, guided.describe("fishing")),
    "purchase": Move(guided.purchase, guided.describe("purchase"), moves_yen=True),
    "start_turn": Move(guided.start_turn, guided.describe("start_turn")),
    "load_himono": Move(guided.load_himono, guided.describe("load_himono")),
}


def _register_auction_moves() -> None:
    def overfishing(fn: Callable[[Table, Args], Table]) -> Callable[[Table, Args], Table]:
        return lambda t, a: auto_overfish(fn(t, a))

    def opened(a: Args, show: bool) -> Message:
        kind = str(a.get("kind"))
        raw = a.get("drawn") or a.get("lot") or a.get("barrels") or ""
        lot: list[Message] = []
        if isinstance(raw, list):
            lot = [auctions.Token.parse(str(c)).message() for c in raw]
        elif isinstance(raw, dict):
            lot = [
                Message("history.lot_barrels", {"count": n, "market": m})
                for m, n in raw.items()
                if n
            ]
        elif raw:
            lot = [auctions.Token.parse(str(raw)).message()]
        values = {
            "owner": a.get("owner"),
            "kind": f"auction.{kind}" if kind in auctions.KINDS else "Auction",
            "lot": lot,
        }
        return Message("history.auction_open_lot" if lot else "history.auction_open", values)

    def chose(a: Args, show: bool) -> Message:
        if not a.get("winner"):
            return Message("history.declined", {})
        if a.get("chooser") == "host":  # the table screen's entries are recorded as "host"
            return Message("history.table_chose", {"winner": a["winner"]})
        if a.get("chooser"):
            return Message("history.chose", {"chooser": a["chooser"], "winner": a["winner"]})
        return Message("history.owner_chose", {"winner": a["winner"]})

    MOVES.update(
        {
            "auction_open": Move(overfishing(auctions.open_auction), opened, internal=True),
            "bid_sealed": Move(
                auctions.seal,
                lambda a, s: Message("history.bid_sealed", {"player": a.get("player")}),
                internal=True,
            ),
            "auction_reveal": Move(
                auctions.reveal,
                lambda a, s: Message("history.bids_revealed", {}),
                internal=True,
                moves_yen=False,
            ),
            "auction_choose": Move(overfishing(auctions.choose), chose, internal=True),
        }
    )


_register_auction_moves()


def apply(t: Table, action: Args) -> Table:
    """Apply one action ``{"type": ..., ...}``; IllegalAction if it breaks a rule."""
    kind = action.get("type")
    move = MOVES.get(kind) if isinstance(kind, str) else None
    if move is None:
        raise IllegalAction(Message("bk.no_action", {"name": repr(kind)}), "type")
    if t.turn.finished and kind not in ("end_game",):
        raise IllegalAction(Message("bk.game_over_undo", {}), "type")
    if not move.internal:
        unsettled = next((x for x in t.auctions.values() if x.status != "settled"), None)
        if unsettled is not None:
            # The rules perform an auction as soon as it is triggered, before play goes on
            # (TC-04).
            raise IllegalAction(
                Message("bk.auction_open", {"kind": f"auction.{unsettled.kind}"}), "type"
            )
    # Every change passes here: Overfished markets are replaced and crashed ones crash
    # (rules/arrivals.py), as part of this same action.
    new = arrivals.settle(t, move.apply(t, action))
    # A counted game's boats are placed by the fixed arrangement (rules/fleet.py).
    new = fleet.settle_table(t, new)
    return replace(new, actions=t.actions + 1)


def describe(action: Args, show_yen: bool = True) -> Message:
    """One line for the history as a message (the edge renders it in the viewer's
    language); Yen amounts replaced by "Yen" when ``show_yen`` is off. A line that cannot
    be worded (an entry of an unknown type, arguments the rules never recorded) is the
    entry's type.

    >>> render(describe({"type": "pay", "from": "Bo", "to": "Aiko", "amount": 300}), "ja")
    'BoがAikoに300円を支払いました'
    """
    kind = str(action.get("type"))
    move = MOVES.get(kind)
    if move is None:
        return Message("history.raw", {"type": kind})
    try:
        line = move.describe(action, show_yen)
        render(line)  # every value fits its placeholder (in every language alike)
    except (KeyError, TypeError, ValueError, IndexError):
        return Message("history.raw", {"type": kind})
    return line
