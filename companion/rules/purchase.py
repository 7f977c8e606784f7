"""The Purchasing action: ``purchase`` (fish-markets.md §0, turn-and-scoring.md §2).

One action (1 AP): any number of barrels (and Takoyaki, Himono barrels) from other players'
Harbor boards. Per item the buyer pays its owner the listed price, the barrel goes back to
its market (the box if Overfished) and the buyer takes a token by that fish's rule — asked
of the market object (Red Snapper: the next grid token; Salmon: fresh from the upper row,
degraded from the lower; Clams & Oysters: a draw from the bag, an oyster pays ¥200).
Items are bought in the order named, so an oyster's ¥200 can pay for the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from ..engine.args import SERVER, Limit
from . import buyer
from .args import MAX_ITEMS, BarrelKey, Name, Price, Row
from .catalogue import PURCHASE_AP
from .ledger import Run, refuse
from .markets import market_of_item
from .markets.base import price_of
from .messages import Message
from .rounds import after_turn
from .table import ROWS, Table
from .turn import begin_action, finish


@dataclass(frozen=True, kw_only=True)
class Bought:
    """A barrel bought: whose Harbor, which fish, which row, at its price."""

    from_: Name = field(metadata={"key": "from"})
    fish: BarrelKey
    row: Row
    price: Price


@dataclass(frozen=True, kw_only=True)
class Purchase:
    """``purchase``'s arguments (refused in its words: a field it does not take)."""

    refused_as: ClassVar[str] = "kind.purchase"
    player: Name
    #: At least one, but for the Buyer purchase (``buyer``), where none buys nothing.
    barrels: Annotated[tuple[Bought, ...], Limit(max_len=MAX_ITEMS)]
    #: The Buyer purchase between two turns (Influence, exp.; rules/buyer.py).
    buyer: bool = False
    #: Clams or oysters, one per Clams & Oysters barrel, drawn by the server.
    draws: tuple[str, ...] | None = field(default=None, metadata=SERVER)


def purchase_run(t: Table, a: Purchase) -> Run:
    """``{"type": "purchase", "player", "barrels": [{"from", "fish", "row", "price"}],
    "buyer"?: true, "draws"?: ["clam" | "oyster", ...]}`` (the draws, one per Clams &
    Oysters barrel, are made by the server from the Auction bag).

    With ``"buyer": true`` it is the Buyer purchase open between two turns (rules/buyer.py):
    no AP, ``"barrels": []`` buys nothing, and after it the token goes back to Influence and
    play resumes (the next Buyer purchase due, or the next player's turn)."""
    with_buyer = a.buyer
    if with_buyer:
        seat = buyer.buyer_seat(t, a.player)
        run = Run(t)
    else:
        run, seat = begin_action(t, a.player, Message("what.purchase", {}))
        run.spend_ap(seat, PURCHASE_AP, Message("what.purchase", {}))
    barrels = a.barrels
    if not (barrels or with_buyer):
        raise refuse("nothing_to_buy", "barrels")
    draws = list(a.draws or ())
    for k, b in enumerate(barrels):
        where = f"barrels[{k}]"
        if b.row not in ROWS:
            raise refuse("bad_field", where, field=where, kind="kind.purchase")
        owner = t.index(b.from_, f"{where}.from")
        if owner == seat:
            raise refuse("own_barrel", f"{where}.from", player=run.name(seat))
        fish, row = b.fish, b.row
        price = price_of(b.price, f"{where}.price")
        item = run.harbor_take(owner, row, fish, price, where)
        run.pay(
            seat,
            owner,
            price,
            "purchase",
            Message("what.barrel", {"owner": run.name(owner), "fish": fish}),
            where,
        )
        market_of_item(item.fish).bought(run, seat, item, row, draws)
    finish(run)
    if with_buyer:
        if not barrels:
            run.note("mv.buyer_nothing", player=run.name(seat))
        buyer.close(run)
        resume(run)
    return run


def resume(run: Run) -> None:
    """Play goes on after a Buyer purchase: the next one due, or the next turn (AMB-57)."""
    run.t = after_turn(run.t)
    turn = run.t.turn
    if turn.buying is not None:
        run.note(
            "mv.buyer_opens",
            player=run.name(turn.buying[0]),
            after=run.name(turn.buying[1]),
        )
    elif turn.finished:
        run.note("mv.game_ends")
    else:
        run.note("mv.turn_starts", player=run.name(turn.current))
