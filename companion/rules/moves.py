"""Bookkeeping moves: one function per action type, ``(table, args) -> table``.

Each move validates its arguments against the rules and raises :class:`IllegalAction`
with a sentence a player understands; it never half-applies. The registry ``MOVES``
is what the event log folds over; ``docs/actions.md`` documents every entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import auctions, guided
from .catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    FISH_MARKETS,
    SPIDER_CRAB_VALUES,
    TOKEN_NAMES,
    TRACK_MAX,
    TRACK_MIN,
    TUNA_VALUES,
    sardine_license_price,
)
from .endgame import RESOURCE_THRESHOLD, check_end
from .errors import IllegalAction
from .fish import Fish
from .markets import himono
from .setup import bad_character, bag_contents, board_figure, make_config  # noqa: F401 (doctest)
from .table import SPACE_ITEMS, Table, initial_table, with_new_boards  # noqa: F401 (doctest)
from .tokens import (
    TokenSpec,
    auto_overfish,
    fish_market_in_play,
    overfish,
    return_to_market,
    take_from_market,
    token_label,
)
from .turn import begin_turn, end_turn

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
    describe: Callable[[Args, bool], str]
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
    another player's holdings); settling an auction is the server's (``internal``).

    >>> t = initial_table(make_config(["Aiko", "Bo"]))
    >>> may_record(t, "pay", {"from": "Bo", "to": "Aiko", "amount": 100}, 1)
    True
    >>> may_record(t, "pay", {"from": "Bo", "to": "Aiko", "amount": 100}, 0)
    False
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
    for key in move.owners:
        name = args.get(key)
        if name == SUPPLY and key != "player":
            continue
        if name != t.players[seat].name:
            return False
    return True


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
        raise IllegalAction("is required", key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("must be a whole number", key)
    return value


def _yen(args: Args, key: str = "amount") -> int:
    amount = _int(args, key)
    if amount <= 0:
        raise IllegalAction("must be more than ¥0", key)
    if amount > MAX_YEN:
        raise IllegalAction(f"must be at most ¥{MAX_YEN:,}", key)
    if amount % 100:
        raise IllegalAction("must be a multiple of ¥100", key)
    return amount


def _count(args: Args, key: str = "count") -> int:
    n = _int(args, key, 1)
    if n < 1:
        raise IllegalAction("must be at least 1", key)
    if n > MAX_COUNT:
        raise IllegalAction(f"must be at most {MAX_COUNT}: no board holds more", key)
    return n


def _flag(args: Args, key: str, default: bool = True) -> bool:
    value = args.get(key, default)
    if not isinstance(value, bool):
        raise IllegalAction("must be true or false", key)
    return value


def _party(t: Table, args: Args, key: str) -> int | None:
    """A player index, or None for the supply."""
    value = args.get(key)
    if value == SUPPLY:
        return None
    if value is None:
        raise IllegalAction('is required (a player\'s name or "supply")', key)
    return t.index(value, key)


def _name(t: Table, i: int | None) -> str:
    return "the supply" if i is None else t.players[i].name


def short_of_yen(t: Table, i: int, need: int, field: str, extra: str = "") -> IllegalAction:
    """The refusal "Aiko has only ¥1,700", said to Aiko; with closed money everyone else hears
    only that she cannot pay (as at the table, where nobody sees her Yen)."""
    p = t.players[i]
    return IllegalAction(
        f"{p.name} has only ¥{p.yen:,}{extra}",
        field,
        private_to=i,
        public_message=f"{p.name} cannot pay ¥{need:,}",
    )


def _counted(a: Args, key: str = "count") -> int:
    """The count a history line names (a recorded count may be a string or missing)."""
    n = a.get(key, 1)
    try:
        return int(n)
    except (TypeError, ValueError):
        return 1


def _plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 licence"``, ``"2 licences"``: the count and its noun, singular or plural."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _money(amount: int, show: bool) -> str:
    return f"¥{amount:,}" if show else "Yen"


# -- Yen --------------------------------------------------------------------------------


def pay(t: Table, a: Args) -> Table:
    """Yen from a player or the supply to a player or the supply (AMB-01: the supply is
    unlimited; AMB-04: a player cannot pay more than they hold)."""
    payer, payee = _party(t, a, "from"), _party(t, a, "to")
    amount = _yen(a)
    if payer == payee:
        raise IllegalAction("payer and payee are the same", "to")
    note = a.get("note", "")
    if not isinstance(note, str) or len(note) > NOTE_MAX:
        raise IllegalAction(f"must be a text of at most {NOTE_MAX} characters", "note")
    if bad_character(note) is not None:
        raise IllegalAction("may not hold control or text-direction characters", "note")
    if payer is not None:
        have = t.players[payer].yen
        if amount > have:
            raise short_of_yen(t, payer, amount, "amount")
        t = t.with_player(payer, yen=have - amount)
    if payee is not None:
        t = t.with_player(payee, yen=t.players[payee].yen + amount)
    return t


def _describe_pay(a: Args, show: bool) -> str:
    payer = "The supply" if a.get("from") == SUPPLY else a.get("from")
    payee = "the supply" if a.get("to") == SUPPLY else a.get("to")
    note = f" ({a['note']})" if a.get("note") else ""
    return f"{payer} paid {payee} {_money(int(a.get('amount', 0)), show)}{note}"


# -- fish tokens --------------------------------------------------------------------------


def _token_spec(a: Args) -> TokenSpec:
    key = a.get("fish")
    if not isinstance(key, str) or key not in FISH_KEYS:
        raise IllegalAction(f"there is no fish token called {key!r}", "fish")
    count = _count(a)
    value = side = None
    if key == "spider_crab" or key == "tuna":
        allowed = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
        value = _int(a, "value")
        if value not in allowed:
            raise IllegalAction(
                f"a {TOKEN_NAMES[key]} token is printed " + ", ".join(map(str, sorted(allowed))),
                "value",
            )
    if key == "salmon":
        side = a.get("side", "fresh")
        if side not in ("fresh", "degraded"):
            raise IllegalAction('Salmon is "fresh" or "degraded"', "side")
    return TokenSpec(key, count, value, side)


def _add_tokens(fish: Fish, spec: TokenSpec, sign: int, owner: str) -> Fish:
    """Add (sign 1) or remove (sign -1) tokens; IllegalAction if the owner lacks them."""
    changed = fish.add(spec.key, sign * spec.count, spec.value, spec.side)
    if changed is None:
        if spec.value is not None:
            raise IllegalAction(f"{owner} does not hold {spec.label()}", "count")
        have = (
            fish.salmon_degraded
            if spec.side == "degraded"
            else (fish.salmon_fresh if spec.key == "salmon" else fish.count(spec.key))
        )
        raise IllegalAction(
            f"{owner} holds only {have} {TOKEN_NAMES[spec.key]}"
            + (" (degraded)" if spec.side == "degraded" else ""),
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
        raise IllegalAction('tokens go back to the "market" or into the "box"', "to")
    return t if where == "box" else return_to_market(t, spec)


def give_fish(t: Table, a: Args) -> Table:
    """Tokens move from one player to another (Barter, Auction lots, Trading …)."""
    giver, taker = t.index(a.get("from"), "from"), t.index(a.get("to"), "to")
    if giver == taker:
        raise IllegalAction("giver and taker are the same", "to")
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


def _describe_fish(verb: str) -> Callable[[Args, bool], str]:
    def describe(a: Args, show: bool) -> str:
        n = _counted(a)
        try:
            ts = _token_spec(a)
            name = token_label(ts.key, ts.value, ts.side)
        except IllegalAction:
            name = str(a.get("fish"))
        spec = f"{_plural(n, name + ' token')}"
        if verb == "give":
            return f"{a.get('from')} gave {spec} to {a.get('to')}"
        if verb == "lose":
            where = "into the box" if a.get("to") == "box" else "to the market"
            return f"{a.get('player')} returned {spec} {where}"
        return f"{a.get('player')} took {spec}"

    return describe


def _describe_red_snapper(a: Args, show: bool) -> str:
    n = _counted(a)
    what = "the next Red Snapper token" if n == 1 else _plural(n, "Red Snapper token")
    return f"{a.get('player')} took {what} from the grid"


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
            f"one visit to {m.en} buys at most {m.licenses_per_visit} licence", "count"
        )
    held = p.licenses.get(market, 0)
    if m.max_licenses_per_player is not None and held + count > m.max_licenses_per_player:
        raise IllegalAction(
            f"a player may hold only {m.max_licenses_per_player} {m.en} licence", "count"
        )
    if count > p.spaces_free:
        raise IllegalAction(
            f"{p.name} has {p.spaces_free} free License space"
            f"{'s' if p.spaces_free != 1 else ''} of 4",
            "count",
        )
    on_board = t.board_licenses.get(market)
    if on_board is not None and count > on_board:
        raise IllegalAction(
            f"the {m.en} market has {on_board} licence{'s' if on_board != 1 else ''} left", "count"
        )
    price = 0
    if _flag(a, "pay"):
        if market == "sardine" and on_board is not None:
            left = on_board
            for _ in range(count):
                price += sardine_license_price(left)
                left -= 1
        elif m.license_price is None:
            raise IllegalAction(
                f"the {m.en} licence price is not known; record the payment "
                "separately and take it with pay off",
                "pay",
            )
        else:
            price = m.license_price * count
    if price > p.yen:
        raise short_of_yen(t, i, price, "count", f" (the licence costs ¥{price:,})")
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
            f"{p.name} does not hold {count} such licence{'s' if count != 1 else ''}", "market"
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


def _describe_license(verb: str) -> Callable[[Args, bool], str]:
    def describe(a: Args, show: bool) -> str:
        market = a.get("market")
        name = FISH_MARKETS[market].en if market in FISH_MARKETS else market
        return f"{a.get('player')} {verb} {_plural(_counted(a), f'{name} licence')}"

    return describe


_ITEM_SOURCE = {"freezer": "rentals", "cart": "rentals", "buyer_token": "influence"}


def take_item(t: Table, a: Args) -> Table:
    """Rent a Freezer or Cart (Rentals) or buy a Buyer token (Influence), ¥200 each; each
    takes a License space."""
    i = t.index(a.get("player"))
    item = a.get("item")
    if item not in SPACE_ITEMS:
        raise IllegalAction('the item is a "freezer", "cart" or "buyer_token"', "item")
    assert isinstance(item, str)
    source = _ITEM_SOURCE[item]
    if source not in t.config.external_markets:
        raise IllegalAction(f"{EXTERNAL_MARKETS[source].en} is not in play in this game", "item")
    count = _count(a)
    p = t.players[i]
    key = f"{source}.{item}"
    if t.stock.get(key, 0) < count:
        raise IllegalAction(
            f"no {SPACE_ITEMS[item]} is left on the {EXTERNAL_MARKETS[source].en} board", "count"
        )
    if count > p.spaces_free:
        raise IllegalAction(f"{p.name} has {p.spaces_free} free License spaces of 4", "count")
    price = ITEM_PRICE * count if _flag(a, "pay") else 0
    if price > p.yen:
        raise short_of_yen(t, i, price, "count")
    items = dict(p.items)
    items[item] = items.get(item, 0) + count
    t = t.with_player(i, items=items, yen=p.yen - price)
    return replace(t, stock={**t.stock, key: t.stock[key] - count})


def return_item(t: Table, a: Args) -> Table:
    """A Freezer or Cart after its second use, or a Buyer token after its purchase, goes
    back to its board."""
    i = t.index(a.get("player"))
    item = a.get("item")
    p = t.players[i]
    count = _count(a)
    if item not in SPACE_ITEMS or p.items.get(str(item), 0) < count:
        raise IllegalAction(f"{p.name} does not hold that", "item")
    assert isinstance(item, str)
    items = dict(p.items)
    items[item] -= count
    if not items[item]:
        del items[item]
    t = t.with_player(i, items=items)
    key = f"{_ITEM_SOURCE[item]}.{item}"
    return replace(t, stock={**t.stock, key: t.stock.get(key, 0) + count})


def _describe_item(verb: str) -> Callable[[Args, bool], str]:
    def describe(a: Args, show: bool) -> str:
        item = SPACE_ITEMS.get(str(a.get("item")), str(a.get("item")))
        return f"{a.get('player')} {verb} {_plural(_counted(a), item)}"

    return describe


# -- Bank ---------------------------------------------------------------------------------


def _bank(t: Table, a: Args, kind: str) -> Table:
    if "bank" not in t.config.external_markets:
        raise IllegalAction("the Bank is not in play in this game", "type")
    i = t.index(a.get("player"))
    p = t.players[i]
    count = _count(a)
    key = f"bank.{kind}"
    left = t.stock.get(key, 0)
    if count > left:
        raise IllegalAction(f"the Bank has {left} {kind} left", "count")
    if kind == "loans":
        if p.invested:
            raise IllegalAction(f"{p.name} owns shares and so can never take a loan", "player")
        t = t.with_player(i, loans=p.loans + count, yen=p.yen + LOAN_YEN * count, borrowed=True)
    else:
        if p.borrowed:
            raise IllegalAction(f"{p.name} took a loan and so can never buy a share", "player")
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


def _describe_bank(a: Args, show: bool, kind: str) -> str:
    noun = "loan" if kind == "loans" else "share"
    verb = "took" if kind == "loans" else "bought"
    return f"{a.get('player')} {verb} {_plural(_counted(a), noun)}"


# -- market values ------------------------------------------------------------------------


def set_track(t: Table, a: Args) -> Table:
    """Put the Eel or Swordfish value marker on a space 1..13."""
    track = a.get("track")
    if track not in ("eel", "swordfish"):
        raise IllegalAction('the track is "eel" or "swordfish"', "track")
    assert isinstance(track, str)
    fish_market_in_play(t, track, "track")
    value = _int(a, "value")
    if not TRACK_MIN <= value <= TRACK_MAX:
        raise IllegalAction(f"the marker goes on a space {TRACK_MIN} to {TRACK_MAX}", "value")
    values = replace(t.values, eel=value) if track == "eel" else replace(t.values, swordfish=value)
    return replace(t, values=values)


def _describe_track(a: Args, show: bool) -> str:
    return f"{str(a.get('track')).title()} marker set to {a.get('value')}"


def mark_overfished(t: Table, a: Args) -> Table:
    """A fish market becomes Overfished (permanent). Horse Mackerel pays ¥200 per token
    held; Nori costs ¥100 per token held, down to ¥0."""
    market = fish_market_in_play(t, a.get("market"))
    if market in t.values.overfished:
        raise IllegalAction(f"{FISH_MARKETS[market].en} is already Overfished", "market")
    return overfish(t, market)


def _describe_overfished(a: Args, show: bool) -> str:
    m = a.get("market")
    return f"{FISH_MARKETS[m].en if m in FISH_MARKETS else m} is Overfished"


def add_market(t: Table, a: Args) -> Table:
    """A market enters mid-game (Overfishing replacement, Expansion token, crash), set up as
    at the start; Mackerel entering this way gives no licences to anyone."""
    market = a.get("market")
    cfg = t.config
    if market in FISH_MARKETS:
        assert isinstance(market, str)
        if FISH_MARKETS[market].expansion and not cfg.expansion:
            raise IllegalAction("that market needs the Expansion", "market")
        if market in cfg.fish_markets:
            raise IllegalAction(f"{FISH_MARKETS[market].en} is already in play", "market")
        new_cfg = replace(cfg, fish_markets=cfg.fish_markets + (market,))
        licenses = board_figure(new_cfg, market, "licenses")
        if market == "mackerel":
            licenses = cfg.player_count
        tokens = (
            None if FISH_MARKETS[market].tokens_in_bag else board_figure(new_cfg, market, "tokens")
        )
        board_tokens = dict(t.board_tokens)
        if market not in ("red_snapper",) and not FISH_MARKETS[market].tokens_in_bag:
            board_tokens[market] = tokens
        if market == "octopus":
            board_tokens["takoyaki"] = 12
        return replace(
            t,
            config=new_cfg,
            board_licenses={**t.board_licenses, market: licenses},
            board_tokens=board_tokens,
            bag=tuple(sorted(t.bag + bag_contents((market,), cfg.board_numbers))),
        )
    if market in EXTERNAL_MARKETS:
        assert isinstance(market, str)
        if EXTERNAL_MARKETS[market].expansion and not cfg.expansion:
            raise IllegalAction("that market needs the Expansion", "market")
        if market in cfg.external_markets:
            raise IllegalAction(f"{EXTERNAL_MARKETS[market].en} is already in play", "market")
        stock = dict(t.stock)
        for key, n in {
            "bank": {"bank.loans": 3, "bank.shares": 2},
            "rentals": {"rentals.freezer": 2, "rentals.cart": 2},
            "influence": {"influence.buyer_token": 2},
        }.get(market, {}).items():
            stock[key] = n
        t = replace(
            t,
            config=replace(cfg, external_markets=cfg.external_markets + (market,)),
            values=replace(t.values, external=t.values.external | {market}),
            stock=stock,
        )
        partner = {"aquarium": "new_aquarium", "new_aquarium": "aquarium"}.get(market)
        if partner and cfg.expansion and partner not in t.config.external_markets:
            # Aquarium and New Aquarium always enter together (setup.md §2.2, AMB-51).
            t = add_market(t, {"market": partner})
        return t
    raise IllegalAction(f"there is no market called {market!r}", "market")


def _describe_add_market(a: Args, show: bool) -> str:
    m = a.get("market")
    name = FISH_MARKETS.get(str(m)) or EXTERNAL_MARKETS.get(str(m))
    return f"{name.en if name else m} enters the game"


# -- turns --------------------------------------------------------------------------------


def _start_turn(t: Table, seat: int) -> Table:
    """A player's turn starts: the end check comes first (AMB-05) while not triggered, then
    their 2 AP and the start of turn (rules/turn.py: degradation at once, or phase "start"
    while a Freezer or a degraded Fugu waits for their choice)."""
    turn = replace(
        t.turn, current=seat, number=t.turn.number + 1, last_check=None, revealed_yen=None
    )
    if turn.triggered_by is None:
        yen = [p.yen for p in t.players]
        check = check_end(yen, t.resources(), seat)
        reveal = (
            tuple(yen)
            if t.config.money == "closed" and t.resources()[seat] >= RESOURCE_THRESHOLD
            else None
        )
        turn = replace(turn, last_check=check, revealed_yen=reveal)
        if check.triggered:
            n = len(t.players)
            turn = replace(
                turn, triggered_by=seat, final_turns=tuple((seat + k) % n for k in range(1, n))
            )
    return begin_turn(replace(t, turn=turn))


def next_turn(t: Table, a: Args) -> Table:
    """End the current turn and start the next player's, running the start-of-turn end
    check; after the trigger every other player has exactly one more turn, then the game
    ends (turn-and-scoring.md §4–§5). Accepted with AP left (the table may have played
    something it did not record): the turn's unspent AP are kept on the table; an open
    start-of-turn choice counts as declined (the degradation happens)."""
    turn = t.turn
    if turn.finished:
        raise IllegalAction("the game is over", "type")
    if turn.number == 0:
        return _start_turn(t, turn.current)
    t = end_turn(t)
    turn = t.turn
    if turn.triggered_by is not None:
        if not turn.final_turns:
            return replace(t, turn=replace(turn, finished=True, last_check=None))
        nxt, rest = turn.final_turns[0], turn.final_turns[1:]
        t = _start_turn(replace(t, turn=replace(turn, final_turns=rest)), nxt)
        return t
    return _start_turn(t, (turn.current + 1) % len(t.players))


def _describe_next_turn(a: Args, show: bool) -> str:
    return "Next turn"


def end_game(t: Table, a: Args) -> Table:
    """End the game now and go to final scoring (for tables that did not track turns)."""
    if t.turn.finished:
        raise IllegalAction("the game is over already", "type")
    return replace(t, turn=replace(t.turn, finished=True, last_check=None))


MOVES: dict[str, Move] = {
    "pay": Move(pay, _describe_pay, moves_yen=True, owners=("from",)),
    "gain_fish": Move(gain_fish, _describe_fish("gain")),
    "lose_fish": Move(lose_fish, _describe_fish("lose")),
    "give_fish": Move(give_fish, _describe_fish("give"), owners=("from",)),
    "take_red_snapper": Move(take_red_snapper, _describe_red_snapper),
    "take_license": Move(take_license, _describe_license("took")),
    "return_license": Move(return_license, _describe_license("returned")),
    "take_item": Move(take_item, _describe_item("took")),
    "return_item": Move(return_item, _describe_item("returned")),
    "take_loan": Move(take_loan, lambda a, s: _describe_bank(a, s, "loans")),
    "buy_share": Move(buy_share, lambda a, s: _describe_bank(a, s, "shares")),
    "set_track": Move(set_track, _describe_track, who="anyone"),
    "mark_overfished": Move(mark_overfished, _describe_overfished, who="anyone"),
    "add_market": Move(add_market, _describe_add_market, who="anyone"),
    "next_turn": Move(next_turn, _describe_next_turn, who="current"),
    "end_game": Move(end_game, lambda a, s: "The game was ended", who="host"),
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

    def opened(a: Args, show: bool) -> str:
        kind = auctions.KINDS.get(str(a.get("kind")), "Auction")
        lot = a.get("drawn") or a.get("lot") or a.get("barrels") or ""
        if isinstance(lot, list):
            lot = ", ".join(auctions.Token.parse(str(c)).label() for c in lot)
        elif isinstance(lot, dict):
            lot = ", ".join(f"{n} {FISH_MARKETS[m].en}" for m, n in lot.items() if n)
        elif lot:
            lot = auctions.Token.parse(str(lot)).label()
        return f"{a.get('owner')} opened a {kind}" + (f": {lot}" if lot else "")

    MOVES.update(
        {
            "auction_open": Move(overfishing(auctions.open_auction), opened, internal=True),
            "bid_sealed": Move(
                auctions.seal, lambda a, s: f"{a.get('player')} sealed a bid", internal=True
            ),
            "auction_reveal": Move(
                auctions.reveal, lambda a, s: "Bids revealed", internal=True, moves_yen=False
            ),
            "auction_choose": Move(
                overfishing(auctions.choose),
                lambda a, s: (
                    f"{a.get('chooser', 'The owner')} chose {a.get('winner')}"
                    if a.get("winner")
                    else "The seller declined every offer"
                ),
                internal=True,
            ),
        }
    )


_register_auction_moves()


def apply(t: Table, action: Args) -> Table:
    """Apply one action ``{"type": ..., ...}``; IllegalAction if it breaks a rule."""
    kind = action.get("type")
    move = MOVES.get(kind) if isinstance(kind, str) else None
    if move is None:
        raise IllegalAction(f"there is no action called {kind!r}", "type")
    if t.turn.finished and kind not in ("end_game",):
        raise IllegalAction("the game is over; undo to change the final table", "type")
    if not move.internal:
        unsettled = next((x for x in t.auctions.values() if x.status != "settled"), None)
        if unsettled is not None:
            # The rules perform an auction as soon as it is triggered, before play goes on
            # (TC-04).
            raise IllegalAction(
                f"the {auctions.KINDS[unsettled.kind]} is still open; "
                "finish it (or undo it) before anything else",
                "type",
            )
    new = with_new_boards(move.apply(t, action))
    return replace(new, actions=t.actions + 1)


def describe(action: Args, show_yen: bool = True) -> str:
    """One line for the history; Yen amounts replaced by "Yen" when ``show_yen`` is off."""
    move = MOVES.get(str(action.get("type")))
    if move is None:
        return str(action.get("type"))
    try:
        return move.describe(action, show_yen)
    except (KeyError, TypeError, ValueError):
        return str(action.get("type"))
