"""Sardine (イワシ), Expansion: entry NOT IN SOURCE (AMB-40), and never while holding a
Sardine licence; 2 licences, ¥500 while both are on the board, ¥300 for the last; cannot
sell, but canned sardines are bought at ¥100 each (``"cans": n``). Each Sardine barrel
unloaded at your ports goes for sale as usual and takes 2 tokens from the market's supply:
1 to you, 1 onto the canned space (only 1 left: it goes to you) (fish-markets.md §15,
AMB-22). The market is Overfished by tokens only when supply and canned space are both
empty; a bought barrel gives a token from the supply, else from the canned space."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...args import Count
from ...cardlines import Line, line
from ...catalogue import sardine_license_price
from ...errors import IllegalAction
from ...ledger import Run, refuse
from ...messages import Message
from ...setup import GameConfig
from ...table import ForSale, Table
from ...tokens import TokenSpec
from ..base import Market, whole


@dataclass(frozen=True, kw_only=True)
class Cans:
    """Its visit: canned sardines bought."""

    cans: Count | None = None


class Sardine(Market):
    id = "sardine"
    fields = Cans

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        if t.players[seat].licenses.get(self.id, 0):
            return refuse("sardine_licence_held", "market")
        return None

    def licence_prices(self, t: Table, count: int) -> list[int] | None:
        left = t.board_licenses.get(self.id)
        if left is None:
            left = 2
        return [sardine_license_price(left - k) for k in range(count)]

    def special(self, run: Run, seat: int, a: Cans) -> bool:
        if a.cans is None:
            return False
        n = whole(a.cans, "cans")
        if n > run.t.canned_sardines:
            raise refuse("cans_left", "cans", left=run.t.canned_sardines)
        run.pay(
            seat,
            None,
            self.numbers["can_yen"] * n,
            "cans",
            Message("what.cans", {"count": n}),
            "cans",
        )
        run.t = replace(run.t, canned_sardines=run.t.canned_sardines - n)
        run.holding(seat, TokenSpec(self.id, n), 1, "cans")
        run.note("mv.token_in", player=run.name(seat), count=n, fish=self.id, where="canned")
        return True

    def unloaded(self, run: Run, seat: int, count: int, for_sale: int) -> None:
        per = self.numbers["tokens_per_barrel"]
        for _ in range(count):
            supply = run.t.board_tokens.get(self.id)
            take = per if supply is None else min(per, supply)
            if not take:
                continue
            run.tokens_in(seat, TokenSpec(self.id, 1))
            if take > 1:
                run.t = self.take_tokens(run.t, TokenSpec(self.id, take - 1))
                run.t = replace(run.t, canned_sardines=run.t.canned_sardines + take - 1)
                run.note("mv.canned", count=take - 1)

    def bought(self, run: Run, buyer: int, item: ForSale, row: str, draws: list[str]) -> None:
        if run.t.board_tokens.get(self.id) == 0 and run.t.canned_sardines:
            run.barrels_back(self.id, 1)
            run.t = replace(run.t, canned_sardines=run.t.canned_sardines - 1)
            run.holding(buyer, TokenSpec(self.id, 1), 1, "barrels")
            run.note("mv.token_in", player=run.name(buyer), count=1, fish=self.id, where="canned")
            return
        super().bought(run, buyer, item, row, draws)

    def tokens_exhausted(self, t: Table) -> bool:
        return t.board_tokens.get(self.id) == 0 and t.canned_sardines == 0

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "entry":
            return [line("rc.sardine.no_entry")]
        if section == "stock":
            return [line("rc.sardine.canned_empty")]
        if section == "special":
            return [
                line(
                    "rc.sardine.dock", "reading", "AMB-22", count=self.numbers["tokens_per_barrel"]
                )
            ]
        return []

    def card_licence_price(self) -> list[Line]:
        first, last = sardine_license_price(2), sardine_license_price(1)
        return [line("rc.lic.sardine", first=first, last=last, both=first + last)]

    def card_sales(self) -> list[Line]:
        return [*super().card_sales(), line("rc.sardine.cans", amount=self.numbers["can_yen"])]

    def card_overfished_when(self) -> Line:
        return line("rc.of.sardine", "reading", "AMB-22")

    def setup_tokens(self, config: GameConfig, tokens: Message) -> Message:
        return Message("check.sardine", {"tokens": tokens})


MARKET = Sardine()
