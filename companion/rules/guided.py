"""The guided turn's moves, their previews and their history lines.

Each guided move is one function producing both the new table and the movements
(``rules.ledger.Run``): the move keeps the table, the preview keeps the movements, so a
preview can never disagree with what the move does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import IllegalAction
from .fishing import fishing_run
from .ledger import Run
from .messages import Message, render
from .purchase import purchase_run
from .table import Table
from .turn import start_turn_run
from .visit import visit_run

Args = Mapping[str, Any]

RUNS: dict[str, Callable[[Table, Args], Run]] = {
    "visit": visit_run,
    "fishing": fishing_run,
    "purchase": purchase_run,
    "start_turn": start_turn_run,
}


def visit(t: Table, a: Args) -> Table:
    """A Markets action at a fish market (rules/visit.py)."""
    return visit_run(t, a).t


def fishing(t: Table, a: Args) -> Table:
    """A Fishing action (rules/fishing.py)."""
    return fishing_run(t, a).t


def purchase(t: Table, a: Args) -> Table:
    """A Purchasing action (rules/purchase.py)."""
    return purchase_run(t, a).t


def start_turn(t: Table, a: Args) -> Table:
    """The start-of-turn choices: Freezer, degraded Fugu (rules/turn.py)."""
    return start_turn_run(t, a).t


def preview(t: Table, action: Args) -> list[Message]:
    """The movements a guided action would make, in order, as Message codes (Yen
    ``mv.yen`` with payer/payee/amount/reason, tokens, tracks, boards, AP, auctions).
    IllegalAction when it would be refused."""
    kind = action.get("type")
    run = RUNS.get(str(kind))
    if run is None:
        raise IllegalAction(Message("bad_field", {"field": "type", "kind": "kind.preview"}), "type")
    return run(t, action).moves


def preview_lines(t: Table, action: Args, lang: str = "en") -> list[str]:
    return [render(m, lang) for m in preview(t, action)]


# -- history lines (from the recorded arguments alone) ----------------------------------------

def describe(kind: str) -> Callable[[Args, bool], str]:
    def line(a: Args, show: bool) -> str:
        details: list[Message] = []
        if kind == "visit":
            if a.get("licenses"):
                details.append(Message("history.d_licences", {"count": a["licenses"]}))
            if a.get("sell"):
                details.append(Message("history.d_sold", {}))
            return render(Message("history.visit", {
                "player": a.get("player"), "market": a.get("market"),
                "details": _join(details)}))
        if kind == "fishing":
            for key in ("caught", "unloaded"):
                raw = a.get(key)
                if isinstance(raw, Mapping) and raw:
                    details.append(Message(f"history.d_{key}", {
                        "count": sum(int(v) for v in raw.values() if isinstance(v, int))}))
            if a.get("for_sale"):
                details.append(Message("history.d_for_sale",
                                       {"count": len(a["for_sale"])}))
            return render(Message("history.fishing", {"player": a.get("player"),
                                                      "details": _join(details)}))
        if kind == "purchase":
            raw = a.get("barrels") or []
            items = [Message("history.d_item" if show else "history.d_item_closed",
                             {"owner": b.get("from"), "fish": b.get("fish"),
                              "price": b.get("price", 0)})
                     for b in raw if isinstance(b, Mapping)]
            return render(Message("history.purchase", {"player": a.get("player"),
                                                       "details": items}))
        if a.get("freezer"):
            details.append(Message("history.d_freezer", {}))
        if a.get("buy_fugu"):
            details.append(Message("history.d_fugu", {"count": a["buy_fugu"]}))
        return render(Message("history.start_turn", {"player": a.get("player"),
                                                     "details": _join(details)}))
    return line


def _join(details: list[Message]) -> Message | str:
    if not details:
        return ""
    return Message("history.details", {"items": details})
