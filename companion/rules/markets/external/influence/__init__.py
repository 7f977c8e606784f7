"""Influence (影響力), Expansion: entry not in the sources (AMB-40: a board number). Buy
Buyer and Expansion tokens while the board has them (2 of each), ¥200 each
(external-markets.md §13).

- A Buyer token takes a License space while held. Giving it to another player
  (``assign_buyer``) and the purchase it gives after that player's next turn (``purchase``
  with ``"buyer": true``) are rules/buyer.py.
- An Expansion token goes to the box at once, and a market of the kind the buyer chooses
  (``"fish"`` or ``"external"``) enters from the box, set up as at the start (Mackerel: no
  licences handed out; Aquarium and New Aquarium together: AMB-51); an empty box brings
  nothing (AMB-23).

``{"buyer_tokens": N, "expansion_tokens": ["fish" | "external", ...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit, OneOf
from .... import entering
from ....cardlines import Line, line
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ..base import External
from ..pieces import count, move_stock, stock_left

#: ¥200 per Buyer or Expansion token (§13, exp.).
INFLUENCE_TOKEN_YEN = 200


@dataclass(frozen=True, kw_only=True)
class InfluenceVisit:
    """Its visit: Buyer tokens bought; Expansion tokens bought, each bringing a market of
    that kind."""

    buyer_tokens: Annotated[int, Limit(ge=0, le=2)] | None = None
    expansion_tokens: (
        Annotated[
            tuple[Annotated[str, OneOf(("fish", "external"))], ...], Limit(min_len=1, max_len=2)
        ]
        | None
    ) = None


class Influence(External):
    id = "influence"
    fields = InfluenceVisit
    hint = "ext.hint.influence"
    panel_name: ClassVar[str | None] = "influence"

    def interact(self, run: Run, seat: int, a: InfluenceVisit) -> bool:
        buyers = count(a.buyer_tokens, "buyer_tokens", 2)
        kinds = a.expansion_tokens or ()
        if any(k not in entering.KINDS for k in kinds):
            raise refuse("ext.expansion_kinds", "expansion_tokens")
        p = run.player(seat)
        if buyers:
            left = stock_left(run.t, "influence.buyer_token")
            if buyers > left:
                raise refuse("ext.influence_left", "buyer_tokens", item="buyer_token", left=left)
            if buyers > p.spaces_free:
                raise refuse("spaces_free", "buyer_tokens", player=p.name, free=p.spaces_free)
            what = Message("what.influence", {"count": buyers, "item": "buyer_token"})
            run.pay(seat, None, INFLUENCE_TOKEN_YEN * buyers, "influence", what, "buyer_tokens")
            move_stock(run, "influence.buyer_token", -buyers)
            items = dict(p.items)
            items["buyer_token"] = items.get("buyer_token", 0) + buyers
            run.set_player(seat, items=items)
            run.note("mv.buyer_tokens", player=p.name, count=buyers, left=left - buyers)
        if kinds:
            left = stock_left(run.t, "influence.expansion_token")
            if len(kinds) > left:
                raise refuse(
                    "ext.influence_left", "expansion_tokens", item="expansion_token", left=left
                )
        for i, kind in enumerate(kinds):
            what = Message("what.influence", {"count": 1, "item": "expansion_token"})
            run.pay(seat, None, INFLUENCE_TOKEN_YEN, "influence", what, "expansion_tokens")
            move_stock(run, "influence.expansion_token", -1)
            run.note("mv.expansion_token", player=p.name, kind=f"entering.{kind}")
            enter(run, str(kind), f"{run.t.actions}.{i}")
        return bool(buyers or kinds)

    def crash_condition(self, t: Table) -> bool:
        return (
            stock_left(t, "influence.buyer_token") == 0
            and stock_left(t, "influence.expansion_token") == 0
        )

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        return {
            "yen": INFLUENCE_TOKEN_YEN,
            "buyer": stock_left(t, "influence.buyer_token"),
            "expansion": stock_left(t, "influence.expansion_token"),
            "free": t.players[seat].spaces_free,
        }

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [line("rc.influence.price", amount=INFLUENCE_TOKEN_YEN)]
        if section == "special":
            return [
                line("rc.influence.buyer", "reading", "AMB-50"),
                line("rc.influence.expansion", "reading", "AMB-23", "AMB-51"),
            ]
        return []

    def setup_lines(self, config: GameConfig) -> list[Message]:
        return [
            Message("check.buyer_tokens", {"count": self.data.stock["buyer_tokens"]}),
            Message("check.expansion_tokens", {"count": self.data.stock["expansion_tokens"]}),
        ]


def enter(run: Run, kind: str, salt: str) -> None:
    """A market of this kind enters from the box (or nothing, when it is empty)."""
    before = run.t
    run.t = entering.enter(run.t, kind, "expansion", "influence", salt)
    new = entering.new_arrivals(before, run.t)
    for k, a in enumerate(new):
        unseen = entering.drawn_unseen(run.t, new, k)
        if a.market is None:
            run.note("mv.box_empty", kind=f"entering.{kind}")
        elif unseen:  # drawn at random: the preview says so, never which (issue #17)
            run.note("mv.market_drawn", kind=f"entering.{kind}")
        elif unseen is False:
            run.note("mv.market_enters", market=a.market)


MARKET = Influence()
