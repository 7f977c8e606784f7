"""The guided turn (turn-and-scoring.md §1, flows.md "The turn"): action points, the start of
a turn (Freezer, buying your own degraded Fugu, degradation), and what every guided action
checks first (whose turn, AP left, a start-of-turn choice still open).

AMB-05 orders the start of a turn: end check → discard at sea → Freezer → Fugu self-buy →
degradation → Himono conversion. The end check runs in rounds.next_turn before this.

Phase "start" waits for a choice: a Freezer to use, a degraded Fugu to buy, or a full
Himono licence whose Himono barrel needs its price (only while the Himono market has a
barrel for it: AMB-42). The first visit, fishing or purchase in that phase declines the
Freezer and the Fugu — but a Himono barrel waiting for its price refuses them (the
conversion is not optional); ``next_turn`` there leaves the items on the licence. Barrels
at sea may be discarded by ``start_turn`` (``discarded``, ``discarded_himono``) in phase
"start", or in phase "actions" before the turn's first action (discarding and the
degradation touch different things, so their order does not matter then).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Annotated, ClassVar

from ..engine.args import Limit
from .args import MAX_COUNT, Counts, Name, Price
from .cargo import discard_counted
from .catalogue import AP_PER_TURN, ITEM_USES
from .fleet import set_fleet
from .ledger import Run, refuse
from .markets import MARKETS, himono, market_of_item
from .markets.base import whole
from .messages import Message
from .table import Table
from .tokens import TokenSpec, auto_overfish

START, ACTIONS = "start", "actions"


def has_start_choice(t: Table, seat: int) -> bool:
    """A Freezer to use, a degraded Fugu on the lower row to buy (flows.md), or a Himono
    barrel to price (a full Himono licence, while a Himono barrel is left)."""
    p = t.players[seat]
    return (
        bool(p.items.get("freezer"))
        or any(x.fish == "fugu" for x in p.lower)
        or himono.conversions(t, seat) > 0
    )


def begin_turn(t: Table) -> Table:
    """The active player's turn starts (after the end check): 2 AP, then the start of turn —
    the degradation at once when there is nothing to choose, else phase "start"."""
    seat = t.turn.current
    t = replace(
        t,
        turn=replace(
            t.turn, ap_left=AP_PER_TURN, free_entries=frozenset(), phase=START, acted=False
        ),
    )
    if has_start_choice(t, seat):
        return t
    run = Run(t)
    degrade(run, seat)
    return replace(run.t, turn=replace(run.t.turn, phase=ACTIONS))


def end_turn(t: Table) -> Table:
    """The active player's turn ends (next_turn): an open start-of-turn choice counts as
    declined (so the Harbor degrades), and AP left unspent are kept for the history."""
    turn = t.turn
    if turn.number == 0 or turn.ap_left is None:
        return t
    if turn.phase == START:
        run = Run(t)
        decline(run, turn.current)
        t = run.t
    left = t.turn.ap_left or 0
    unspent = t.turn.unspent + ((turn.number, turn.current, left),) if left else t.turn.unspent
    return replace(
        t,
        turn=replace(
            t.turn, ap_left=None, phase=None, free_entries=frozenset(), unspent=unspent, acted=False
        ),
    )


def unspent_message(t: Table, number: int) -> Message | None:
    """ "Aiko ended the turn with 1 AP unspent" for turn ``number``, if it did."""
    for n, seat, left in t.turn.unspent:
        if n == number:
            return Message("history.turn_unspent", {"player": t.players[seat].name, "count": left})
    return None


def degrade(run: Run, seat: int) -> None:
    """The lower row's barrels go back to their markets (the box if Overfished), the upper
    row's move down; Takoyaki and Himono barrels never degrade or move."""
    p = run.player(seat)
    for x in p.lower:
        if market_of_item(x.fish).degrades(x):
            run.note("mv.degrade_out", player=p.name, fish=x.fish, price=x.price)
            run.barrels_back(market_of_item(x.fish).id, 1)
    moving = tuple(x for x in p.upper if market_of_item(x.fish).degrades(x))
    lower = tuple(x for x in p.lower if not market_of_item(x.fish).degrades(x)) + moving
    upper = tuple(x for x in p.upper if not market_of_item(x.fish).degrades(x))
    run.set_player(seat, upper=upper, lower=lower)
    if moving:
        run.note("mv.degrade_down", player=p.name, count=len(moving))


def decline(run: Run, seat: int) -> None:
    """No Freezer, no Fugu: the degradation happens, and the actions begin."""
    degrade(run, seat)
    run.t = replace(run.t, turn=replace(run.t.turn, phase=ACTIONS))


def use_item(run: Run, seat: int, item: str) -> None:
    """A Freezer or Cart is used: the first use flips it, the second returns it to the
    Rentals board (external-markets.md: 2 uses each)."""
    p = run.player(seat)
    flipped = p.flipped.get(item, 0)
    if ITEM_USES > 1 and flipped == 0:
        run.set_player(seat, flipped={**p.flipped, item: 1})
        run.note("mv.item_flip", player=p.name, item=item)
        return
    items = dict(p.items)
    items[item] -= 1
    if not items[item]:
        del items[item]
    rest = {k: v for k, v in p.flipped.items() if k != item}
    if flipped > 1:
        rest[item] = flipped - 1
    run.set_player(seat, items=items, flipped=rest)
    if run.t.closed("rentals"):
        # A Closed market's components go to the box (external-markets.md §18).
        run.note("mv.item_box", player=p.name, item=item)
        return
    key = f"rentals.{item}"
    run.t = replace(run.t, stock={**run.t.stock, key: run.t.stock.get(key, 0) + 1})
    run.note("mv.item_back", player=p.name, item=item, market="rentals")


def active_seat(t: Table, player: object) -> int:
    """The acting player's seat (``player`` as the move names them), refusing unless a
    turn is on and it is theirs."""
    turn = t.turn
    if turn.finished:
        raise refuse("game_over", "type")
    if turn.buying is not None:
        # Between two turns, only the Buyer purchase (rules/buyer.py) is open.
        raise refuse(
            "buyer.between_turns",
            "type",
            buyer=t.players[turn.buying[0]].name,
            player=t.players[turn.buying[1]].name,
        )
    if turn.number == 0 or turn.ap_left is None:
        raise refuse("no_turn_yet", "type")
    seat = t.index(player)
    if seat != turn.current:
        raise refuse(
            "not_your_turn",
            "player",
            active=t.players[turn.current].name,
            player=t.players[seat].name,
        )
    return seat


def begin_action(t: Table, player: object, what: Message, carts: int = 0) -> tuple[Run, int]:
    """What every guided action checks first: a turn is on, it is this player's, AP are
    left (flows.md: none starts once they are spent, whatever its entry — a visit whose
    entry names Cart uses counts those Cart AP as the turn's, AMB-30, and its entry then
    checks that they cover the cost); a start-of-turn choice still open counts as declined
    (the degradation happens first) — unless a Himono barrel waits for its price."""
    seat = active_seat(t, player)
    turn = t.turn
    name = t.players[seat].name
    if turn.ap_left is not None and turn.ap_left <= 0 and not carts:
        raise refuse("ap_spent", "type", player=name, what=what)
    if turn.phase == START and himono.conversions(t, seat):
        raise refuse("himono_price_needed", "type", player=name, count=himono.conversions(t, seat))
    run = Run(t)
    if turn.phase == START:
        decline(run, seat)
    run.t = replace(run.t, turn=replace(run.t.turn, acted=True))
    return run, seat


def finish(run: Run) -> Table:
    """Markets whose last token left during the action are Overfished, after it (a Horse
    Mackerel or Nori effect during a Purchasing action waits for its end: §13, §14)."""
    before = run.t.values.overfished
    run.effect(auto_overfish, "overfished")
    for market in sorted(run.t.values.overfished - before):
        run.note("mv.overfished", market=market)
    return run.t


# -- start_turn ----------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class StartTurn:
    """``start_turn``'s arguments (refused in its words: a field it does not take)."""

    refused_as: ClassVar[str] = "kind.start_turn"
    player: Name
    freezer: bool = False
    buy_fugu: Annotated[int, Limit(ge=0, le=MAX_COUNT)] = 0
    #: One price per full Himono licence: its new Himono barrel goes up for sale (AMB-42).
    himono_prices: Annotated[tuple[Price, ...], Limit(max_len=4)] | None = None
    #: Barrels at sea given up at the start of the turn (back to their market).
    discarded: Counts | None = None
    discarded_himono: Counts | None = None


def _at_sea_counts(raw: Mapping[str, int] | None, field: str) -> dict[str, int]:
    if raw is None:
        return {}
    out: dict[str, int] = {}
    for market, n in raw.items():
        if market not in MARKETS:
            raise refuse("not_a_fish_market", f"{field}.{market}", name=repr(market))
        n = whole(n, f"{field}.{market}", 0)
        if n:
            out[str(market)] = n
    return out


def start_turn_run(t: Table, a: StartTurn) -> Run:
    """``{"type": "start_turn", "player", "freezer": bool, "buy_fugu": N,
    "himono_prices": [YEN, ...], "discarded": {market: n}, "discarded_himono": {market: n}}``,
    in the rules' order: discard barrels at sea (back to their markets, the box once
    Overfished); use a Freezer (no degradation this turn), or buy N of your degraded Fugu,
    cheapest first, at their listed prices to the supply (each barrel back to the Fugu
    market, a Fugu token to you), then the degradation; then each full Himono licence's
    items back to their markets and a Himono barrel for sale at the next price of
    ``himono_prices`` (one per full licence the Himono market has a barrel for).

    In phase "actions", before the turn's first action, only the discards are accepted."""
    seat = active_seat(t, a.player)
    name = t.players[seat].name
    freezer = a.freezer
    buy = whole(a.buy_fugu, "buy_fugu", 0, 99)
    plain = _at_sea_counts(a.discarded, "discarded")
    on_licence = _at_sea_counts(a.discarded_himono, "discarded_himono")
    prices = None if a.himono_prices is None else list(a.himono_prices)
    if t.turn.phase != START:
        if freezer or buy or prices or not (plain or on_licence):
            raise refuse("not_start_phase", "type", player=name)
        if t.turn.acted:
            raise refuse("discard_too_late", "discarded", player=name)
    run = Run(t)
    if t.config.fleet == 2 and (plain or on_licence):
        # Boats placed: the barrels leave the boats that carry them (rules/cargo.py).
        boats = discard_counted(run, seat, plain, on_licence)
        himono.discard(run, seat, plain, on_licence)
        set_fleet(run, seat, boats)
    else:
        himono.discard(run, seat, plain, on_licence)
    if t.turn.phase != START:
        finish(run)
        return run
    p = t.players[seat]
    if freezer:
        if not p.items.get("freezer"):
            raise refuse("no_freezer", "freezer", player=name)
        if buy:
            # fish-markets.md §3: not possible on a turn where you use a Freezer.
            raise refuse("freezer_and_fugu", "buy_fugu")
        use_item(run, seat, "freezer")
        run.note("mv.freezer", player=name)
        run.t = replace(run.t, turn=replace(run.t.turn, phase=ACTIONS))
    else:
        fugu = sorted((x for x in p.lower if x.fish == "fugu"), key=lambda x: x.price)
        if buy > len(fugu):
            raise refuse("fugu_too_many", "buy_fugu", player=name, have=len(fugu), want=buy)
        what = Message("what.fugu", {"count": buy})
        for x in fugu[:buy]:
            run.harbor_take(seat, "lower", "fugu", x.price, "buy_fugu")
            run.pay(seat, None, x.price, "fugu_self_buy", what, "buy_fugu")
            run.barrels_back("fugu", 1)
            run.tokens_in(seat, TokenSpec("fugu", 1), "buy_fugu")
        decline(run, seat)
    himono.convert(run, seat, prices)
    finish(run)
    return run
