"""Bank (銀行), base: 2 AP or ¥100. Take loans (+¥500 each from the supply) or buy shares
(¥300 each to the supply), several in one visit while the board has them (3 loans, 2
shares); a player who ever took a loan never buys a share, and the other way round. Loans
and shares take no License space; they are settled at the end (turn-and-scoring.md §6)
(external-markets.md §6).

``{"loans": N}`` or ``{"shares": N}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit
from ....cardlines import Line, line
from ....external_catalogue import LOAN_YEN
from ....ledger import Run, refuse
from ....messages import Message
from ....scoring import LOAN_INTEREST, LOAN_PRINCIPAL
from ....setup import GameConfig
from ....table import Table
from ..base import External
from ..pieces import count, move_stock, stock_left

#: ¥300 per share (§6).
SHARE_YEN = 300


@dataclass(frozen=True, kw_only=True)
class BankVisit:
    """Its visit: loans taken or shares bought."""

    loans: Annotated[int, Limit(ge=0, le=3)] | None = None
    shares: Annotated[int, Limit(ge=0, le=2)] | None = None


class Bank(External):
    id = "bank"
    fields = BankVisit
    hint = "ext.hint.bank"
    panel_name: ClassVar[str | None] = "bank"

    def interact(self, run: Run, seat: int, a: BankVisit) -> bool:
        loans, shares = count(a.loans, "loans", 3), count(a.shares, "shares", 2)
        p = run.player(seat)
        if loans and shares:
            raise refuse("ext.loans_and_shares", "shares")
        if loans:
            if p.invested:
                raise refuse("ext.loan_after_share", "loans", player=p.name)
            left = stock_left(run.t, "bank.loans")
            if loans > left:
                raise refuse("ext.bank_loans_left", "loans", left=left)
            move_stock(run, "bank.loans", -loans)
            run.set_player(seat, loans=p.loans + loans, borrowed=True)
            run.note("mv.loans", player=p.name, count=loans, left=left - loans)
            run.pay(None, seat, LOAN_YEN * loans, "loan")
        if shares:
            if p.borrowed:
                raise refuse("ext.share_after_loan", "shares", player=p.name)
            left = stock_left(run.t, "bank.shares")
            if shares > left:
                raise refuse("ext.bank_shares_left", "shares", left=left)
            run.pay(
                seat,
                None,
                SHARE_YEN * shares,
                "share",
                Message("what.shares", {"count": shares}),
                "shares",
            )
            move_stock(run, "bank.shares", -shares)
            run.set_player(seat, shares=p.shares + shares, invested=True)
            run.note("mv.shares", player=p.name, count=shares, left=left - shares)
        return bool(loans or shares)

    def crash_condition(self, t: Table) -> bool:
        return stock_left(t, "bank.loans") == 0 and stock_left(t, "bank.shares") == 0

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        p = t.players[seat]
        return {
            "loans": stock_left(t, "bank.loans"),
            "shares": stock_left(t, "bank.shares"),
            "loan_yen": LOAN_YEN,
            "share_yen": SHARE_YEN,
            "borrowed": p.borrowed,
            "invested": p.invested,
            "yen": p.yen,
        }

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [
                line("rc.bank.loan", amount=LOAN_YEN),
                line("rc.bank.share", amount=SHARE_YEN),
                line(
                    "rc.bank.repay",
                    principal=LOAN_PRINCIPAL,
                    interest=LOAN_INTEREST,
                    amount=LOAN_PRINCIPAL + LOAN_INTEREST,
                ),
                line("rc.bank.interest", "reading", "AMB-34"),
            ]
        if section == "special":
            return [line("rc.bank.never_both"), line("rc.bank.no_space")]
        return []

    def setup_lines(self, config: GameConfig) -> list[Message]:
        return [
            Message("check.loans", {"count": self.data.stock["loans"]}),
            Message("check.shares", {"count": self.data.stock["shares"]}),
        ]


MARKET = Bank()
