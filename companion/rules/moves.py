"""The registry of the board game's moves, ``MOVES``: what the event log folds over
(``apply``), who may record each move (``may_record``) and its line in the history
(``describe``); ``docs/actions.md`` documents every entry.

The moves themselves live by subject: a player's Yen and tokens (rules/bookkeeping.py),
Fishing Licences (rules/licences.py), the Expansion's items and Bank (rules/holdings.py),
the turn order (rules/rounds.py), the guided turn (rules/guided.py), the auctions
(rules/auctions.py), the fleet's free moves (rules/boats.py, registered when the package
is imported); the shared board's values (tracks, Overfished, a market added by hand) are here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Annotated, Any, Generic, TypeVar

from ..engine.args import OneOf
from . import (
    arrivals,
    auction_moves,
    auctions,
    bookkeeping,
    buyer,
    entering,
    fleet,
    guided,
    holdings,
    licences,
    rounds,
)
from .args import AnyMarket, FishMarket, Id, NoArgs, Printed, read_args
from .bookkeeping import Args
from .catalogue import (
    TRACK_MAX,
    TRACK_MIN,
)
from .errors import IllegalAction
from .messages import Message, render
from .setup import make_config  # noqa: F401 (doctest)
from .table import Table, initial_table  # noqa: F401 (doctest)
from .tokens import (
    auto_overfish,
    fish_market_in_play,
    overfish,
)

A = TypeVar("A")


@dataclass(frozen=True)
class Move(Generic[A]):
    """One kind of entry: ``apply`` takes the table and the move's arguments, read from the
    logged entry as ``args`` (a frozen dataclass, by ``engine.args.read`` in :func:`apply`,
    the one place a logged dict becomes typed; None: the move reads the entry as it is
    logged); ``describe`` words the logged entry for the history, whatever it holds."""

    apply: Callable[[Table, A], Table]
    describe: Callable[[Args, bool], Message]
    args: type[A] | None = None
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


# -- market values ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SetTrack:
    track: Annotated[Id, OneOf(("eel", "swordfish"))]
    value: Printed


@dataclass(frozen=True, kw_only=True)
class Overfished:
    market: FishMarket


@dataclass(frozen=True, kw_only=True)
class AddMarket:
    market: AnyMarket


def set_track(t: Table, a: SetTrack) -> Table:
    """Put the Eel or Swordfish value marker on a space 1..13."""
    track = a.track
    if track not in ("eel", "swordfish"):
        raise IllegalAction(Message("bk.track_kind", {}), "track")
    fish_market_in_play(t, track, "track")
    value = a.value
    if not TRACK_MIN <= value <= TRACK_MAX:
        raise IllegalAction(
            Message("bk.track_space", {"low": TRACK_MIN, "high": TRACK_MAX}), "value"
        )
    values = replace(t.values, eel=value) if track == "eel" else replace(t.values, swordfish=value)
    return replace(t, values=values)


def _describe_track(a: Args, show: bool) -> Message:
    return Message("history.set_track", {"track": str(a.get("track")), "value": a.get("value")})


def mark_overfished(t: Table, a: Overfished) -> Table:
    """A fish market becomes Overfished (permanent). Horse Mackerel pays ¥200 per token
    held; Nori costs ¥100 per token held, down to ¥0."""
    market = fish_market_in_play(t, a.market)
    if market in t.values.overfished:
        raise IllegalAction(Message("bk.overfished_already", {"market": market}), "market")
    return overfish(t, market)


def _describe_overfished(a: Args, show: bool) -> Message:
    return Message("history.overfished", {"market": a.get("market")})


def add_market(t: Table, a: AddMarket) -> Table:
    """A market enters mid-game by hand, set up as at the start (``entering.set_up``;
    Mackerel entering this way gives no licences to anyone). Overfished replacements,
    Expansion tokens and crashes bring theirs by themselves (rules/arrivals.py)."""
    return entering.bring(t, a.market, "hand")


def _describe_add_market(a: Args, show: bool) -> Message:
    return Message("history.add_market", {"market": str(a.get("market"))})


MOVES: dict[str, Move[Any]] = {
    "pay": Move(
        bookkeeping.pay,
        bookkeeping.describe_pay,
        bookkeeping.Pay,
        moves_yen=True,
        owners=("from",),
    ),
    "gain_fish": Move(
        bookkeeping.gain_fish, bookkeeping.describe_fish("gain"), bookkeeping.GainFish
    ),
    "lose_fish": Move(
        bookkeeping.lose_fish, bookkeeping.describe_fish("lose"), bookkeeping.LoseFish
    ),
    "give_fish": Move(
        bookkeeping.give_fish,
        bookkeeping.describe_fish("give"),
        bookkeeping.GiveFish,
        owners=("from",),
    ),
    "take_red_snapper": Move(
        bookkeeping.take_red_snapper, bookkeeping.describe_red_snapper, bookkeeping.RedSnapper
    ),
    "take_license": Move(
        licences.take_license,
        licences.describe_license("history.take_license"),
        licences.TakeLicense,
    ),
    "return_license": Move(
        licences.return_license,
        licences.describe_license("history.return_license"),
        licences.ReturnLicense,
    ),
    "take_item": Move(
        holdings.take_item, holdings.describe_item("history.take_item"), holdings.TakeItem
    ),
    "return_item": Move(
        holdings.return_item, holdings.describe_item("history.return_item"), holdings.ReturnItem
    ),
    "take_loan": Move(
        holdings.take_loan, lambda a, s: holdings.describe_bank(a, s, "loans"), holdings.Bank
    ),
    "buy_share": Move(
        holdings.buy_share, lambda a, s: holdings.describe_bank(a, s, "shares"), holdings.Bank
    ),
    "set_track": Move(set_track, _describe_track, SetTrack, who="anyone"),
    "mark_overfished": Move(mark_overfished, _describe_overfished, Overfished, who="anyone"),
    "add_market": Move(add_market, _describe_add_market, AddMarket, who="anyone"),
    "next_turn": Move(rounds.next_turn, rounds.describe_next_turn, NoArgs, who="current"),
    "assign_buyer": Move(
        lambda t, a: buyer.assign_run(t, a).t, buyer.describe_assign, buyer.AssignBuyer
    ),
    "end_game": Move(
        rounds.end_game, lambda a, s: Message("history.end_game", {}), NoArgs, who="host"
    ),
    # The guided turn (flows.md): the player named acts on their own Yen and tokens, and
    # must be the active player (checked by the move itself, with a sentence naming them).
    "visit": Move(guided.visit, guided.describe("visit")),
    "fishing": Move(guided.fishing, guided.describe("fishing"), guided.RUNS["fishing"][1]),
    "purchase": Move(
        guided.purchase, guided.describe("purchase"), guided.RUNS["purchase"][1], moves_yen=True
    ),
    "start_turn": Move(
        guided.start_turn, guided.describe("start_turn"), guided.RUNS["start_turn"][1]
    ),
    "load_himono": Move(
        guided.load_himono, guided.describe("load_himono"), guided.RUNS["load_himono"][1]
    ),
}


def _register_auction_moves() -> None:
    def overfishing(fn: Callable[[Table, A], Table]) -> Callable[[Table, A], Table]:
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
            "auction_open": Move(
                overfishing(auction_moves.open_auction),
                opened,
                auction_moves.OpenAuction,
                internal=True,
            ),
            "bid_sealed": Move(
                auction_moves.seal,
                lambda a, s: Message("history.bid_sealed", {"player": a.get("player")}),
                auction_moves.SealBid,
                internal=True,
            ),
            "auction_reveal": Move(
                auction_moves.reveal,
                lambda a, s: Message("history.bids_revealed", {}),
                auction_moves.Reveal,
                internal=True,
                moves_yen=False,
            ),
            "auction_choose": Move(
                overfishing(auction_moves.choose), chose, auction_moves.Choose, internal=True
            ),
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
    new = arrivals.settle(t, move.apply(t, arguments(move, action)))
    # A counted game's boats are placed by the fixed arrangement (rules/fleet.py).
    new = fleet.settle_table(t, new)
    return replace(new, actions=t.actions + 1)


def arguments(move: Move[Any], action: Args) -> Any:
    """A logged entry's arguments as its move takes them: its dataclass, read from the
    entry (``args.read_args``: the one place a logged dict becomes typed, also for the
    guided previews, rules/guided.py), or the entry itself for a move that still reads it
    as logged."""
    return action if move.args is None else read_args(move.args, action)


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
