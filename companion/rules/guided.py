"""The guided turn's moves, their previews and their history lines.

Each guided move is one function producing both the new table and the movements
(``rules.ledger.Run``): the move keeps the table, the preview keeps the movements, so a
preview can never disagree with what the move does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import arrivals, buyer
from .args import read_args
from .errors import IllegalAction
from .fishing import Fishing, fishing_run
from .ledger import Run
from .markets import MARKETS, himono
from .messages import Message, render
from .purchase import Purchase, purchase_run
from .table import Table
from .turn import StartTurn, active_seat, finish, start_turn_run
from .visit import visit_run

Args = Mapping[str, Any]


def load_himono_run(t: Table, a: himono.LoadHimono) -> Run:
    """``{"type": "load_himono", "player", "tokens"?: {fish: n}, "barrels"?: [{"fish",
    "row", "price"}]}``: free, any time on your own turn (no AP, not an action, so also in
    phase "start", where a licence it fills converts with start_turn, and after the
    last AP):
    Mackerel, Horse Mackerel or Sardine tokens of your own and barrels from your Harbor
    onto your Himono licences, 2 items per licence (fish-markets.md §12)."""
    seat = active_seat(t, a.player)
    run = Run(t)
    himono.load(run, seat, a.tokens, a.barrels)
    finish(run)
    return run


#: The guided moves' runs, and each one's arguments' dataclass (None: the run reads the
#: entry as logged); rules/moves.py registers the same dataclass as the move's ``args``.
RUNS: dict[str, tuple[Callable[[Table, Any], Run], type[Any] | None]] = {
    "visit": (visit_run, None),
    "fishing": (fishing_run, Fishing),
    "purchase": (purchase_run, Purchase),
    "start_turn": (start_turn_run, StartTurn),
    "load_himono": (load_himono_run, himono.LoadHimono),
    "assign_buyer": (buyer.assign_run, buyer.AssignBuyer),
}


def run_entry(kind: str, t: Table, action: Args) -> Run:
    """The run of a guided move on ``t``, its arguments read from the entry as the log's
    fold reads them (``args.read_args``)."""
    run, args = RUNS[kind]
    return run(t, action if args is None else read_args(args, action))


def visit(t: Table, a: Args) -> Table:
    """A Markets action at a fish market (rules/visit.py)."""
    return visit_run(t, a).t


def fishing(t: Table, a: Fishing) -> Table:
    """A Fishing action (rules/fishing.py)."""
    return fishing_run(t, a).t


def purchase(t: Table, a: Purchase) -> Table:
    """A Purchasing action (rules/purchase.py)."""
    return purchase_run(t, a).t


def start_turn(t: Table, a: StartTurn) -> Table:
    """The start-of-turn choices: discards at sea, Freezer, degraded Fugu, Himono prices
    (rules/turn.py)."""
    return start_turn_run(t, a).t


def load_himono(t: Table, a: himono.LoadHimono) -> Table:
    """Loading Himono licences (rules/markets/himono.py)."""
    return load_himono_run(t, a).t


def preview(t: Table, action: Args) -> list[Message]:
    """The movements a guided action would make, in order, as Message codes (Yen
    ``mv.yen`` with payer/payee/amount/reason, tokens, tracks, boards, AP, auctions).
    IllegalAction when it would be refused."""
    kind = action.get("type")
    if str(kind) not in RUNS:
        raise IllegalAction(Message("bad_field", {"field": "type", "kind": "kind.preview"}), "type")
    done = run_entry(str(kind), t, action)
    # What the table does by itself afterwards (rules/arrivals.py), as the action will; a
    # board drawn from the box is said to be drawn, never which (issue #17).
    return done.moves + arrivals.preview_notes(done.t, arrivals.settle(t, done.t))


def preview_for(t: Table, action: Args, seat: int | None) -> list[Message]:
    """:func:`preview` as the player at ``seat`` (None: the table screen) may read it. With
    closed money, during play, a Yen movement of other players has no amount, as their
    entries in the history have none: a rule that pays "down to ¥0" (Nori Overfished:
    ¥100 per token, or all they have) would otherwise tell a poorer player's Yen.

    >>> from .setup import make_config
    >>> from .table import initial_table
    >>> t = initial_table(make_config(["Aiko", "Bo"], money="closed"))
    >>> m = Message("mv.yen", {"payer": "Bo", "payee": "supply", "amount": 37, "reason": "x"})
    >>> [hidden_yen(t, m, 0).code, hidden_yen(t, m, 1).code]
    ['mv.yen_hidden', 'mv.yen']
    """
    return [hidden_yen(t, m, seat) for m in preview(t, action)]


def hidden_yen(t: Table, m: Message, seat: int | None) -> Message:
    """One movement as ``seat`` may read it (:func:`preview_for`)."""
    if m.code != "mv.yen" or t.config.money != "closed" or t.turn.finished:
        return m
    me = None if seat is None else t.players[seat].name
    if me is not None and me in (m.values.get("payer"), m.values.get("payee")):
        return m
    return Message("mv.yen_hidden", {k: v for k, v in m.values.items() if k != "amount"})


def preview_lines(t: Table, action: Args, lang: str = "en") -> list[str]:
    return [render(m, lang) for m in preview(t, action)]


# -- history lines (from the recorded arguments alone) ----------------------------------------


def describe(kind: str) -> Callable[[Args, bool], Message]:
    def line(a: Args, show: bool) -> Message:
        details: list[Message] = []
        if kind == "visit":
            if a.get("licenses"):
                details.append(Message("history.d_licences", {"count": a["licenses"]}))
            sold = _sold(a.get("sell"))
            if sold:
                details.append(Message("history.d_sold", {"count": sold}))
            barrels = a.get("sell_barrels")
            if isinstance(barrels, list) and barrels:
                details.append(Message("history.d_sold_barrels", {"count": len(barrels)}))
            return Message(
                "history.visit",
                {
                    "player": a.get("player"),
                    "market": a.get("market"),
                    "details": _join(details),
                },
            )
        if kind == "fishing":
            for item in a.get("boats") or []:
                if isinstance(item, Mapping) and item.get("do") in ("undock", "catch", "dock"):
                    fish = item.get("fish")
                    fishes = fish if isinstance(fish, list) else [fish] if fish else []
                    at = item.get("at")
                    at = at if at in ("leftmost", "1", "2", "overseas") else "port"
                    details.append(
                        Message(
                            f"history.d_boat_{item['do']}",
                            {
                                "boat": str(item.get("boat"))[:8],
                                "no": str(item.get("boat"))[1:8],
                                "market": str(fishes[0]) if fishes else "",
                                "place": Message(f"fleet.where.{at}", {}),
                            },
                        )
                    )
            caught = _total(a.get("caught")) + _total(a.get("caught_himono"))
            if caught:
                details.append(Message("history.d_caught", {"count": caught}))
            if _total(a.get("unloaded")):
                details.append(Message("history.d_unloaded", {"count": _total(a.get("unloaded"))}))
            if a.get("for_sale"):
                details.append(Message("history.d_for_sale", {"count": len(a["for_sale"])}))
            return Message(
                "history.fishing", {"player": a.get("player"), "details": _join(details)}
            )
        if kind == "load_himono":
            barrels = a.get("barrels")
            count = _total(a.get("tokens")) + (len(barrels) if isinstance(barrels, list) else 0)
            return Message("history.load_himono", {"player": a.get("player"), "count": count})
        if kind == "purchase":
            raw = a.get("barrels") or []
            items = [
                Message(
                    "history.d_item" if show else "history.d_item_closed",
                    {"owner": b.get("from"), "fish": b.get("fish"), "price": b.get("price", 0)},
                )
                for b in raw
                if isinstance(b, Mapping)
            ]
            if a.get("buyer") is True:  # the Buyer purchase between two turns
                code = "history.buyer_purchase" if items else "history.buyer_nothing"
                return Message(code, {"player": a.get("player"), "details": items})
            return Message("history.purchase", {"player": a.get("player"), "details": items})
        discarded = _total(a.get("discarded")) + _total(a.get("discarded_himono"))
        if discarded:
            details.append(Message("history.d_discarded", {"count": discarded}))
        if a.get("freezer"):
            details.append(Message("history.d_freezer", {}))
        if a.get("buy_fugu"):
            details.append(Message("history.d_fugu", {"count": a["buy_fugu"]}))
        prices = a.get("himono_prices")
        if isinstance(prices, list) and prices:
            details.append(Message("history.d_himono", {"count": len(prices)}))
        return Message("history.start_turn", {"player": a.get("player"), "details": _join(details)})

    return line


def _sold(raw: object) -> int:
    """Tokens a visit sold: ``{key: n}``, or lists of printed values / successive sales
    (``{"tuna": [20, 15]}`` is 2 tokens, ``{"swordfish": [2, 1]}`` 3)."""
    if not isinstance(raw, Mapping):
        return 0
    total = 0
    for key, v in raw.items():
        if isinstance(v, list):
            counts = [x for x in v if isinstance(x, int) and not isinstance(x, bool)]
            market = MARKETS.get(str(key))
            total += sum(counts) if market is not None and market.successive_sales else len(counts)
        elif isinstance(v, int) and not isinstance(v, bool):
            total += v
    return total


def _total(raw: object) -> int:
    if not isinstance(raw, Mapping):
        return 0
    return sum(v for v in raw.values() if isinstance(v, int) and not isinstance(v, bool))


def _join(details: list[Message]) -> Message | str:
    if not details:
        return ""
    return Message("history.details", {"items": details})
