"""Clams & Oysters (ハマグリとカキ), Expansion: entered with one of its barrels from your
Harbor (returned to this market; other options NOT IN SOURCE); licences ¥500; tokens in the
Auction bag. Sold only as sets of 1 clam + 1 oyster, ¥800 a set, back into the bag (a token
without a partner is kept). A bought barrel draws a clam or an oyster from the bag; an
oyster pays the buyer ¥200 from the supply (fish-markets.md §11, AMB-48)."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, line, unprinted
from ...ledger import Run, refuse
from ...messages import Message
from ...setup import GameConfig
from ...table import ForSale
from ...tokens import TokenSpec
from ..bag import BagMarket


class ClamsOysters(BagMarket):
    id = "clams_oysters"

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        super().sell(run, seat, {}, barrels)
        clams, oysters = self.count_sold(sell, "clam"), self.count_sold(sell, "oyster")
        sets = min(clams, oysters)
        for key, n in (("clam", clams), ("oyster", oysters)):
            if n > sets:
                run.require(seat, TokenSpec(key, n), f"sell.{key}")
                run.note("mv.token_kept", player=run.name(seat), count=n - sets, fish=key)
        if not sets:
            return False
        run.tokens_out(seat, TokenSpec("clam", sets), field="sell.clam")
        run.tokens_out(seat, TokenSpec("oyster", sets), field="sell.oyster")
        yen = self.numbers["set_yen"] * sets
        run.note("mv.sell", player=run.name(seat), count=2 * sets, fish=self.id, amount=yen)
        run.pay(None, seat, yen, "sale")
        return True

    def bought(self, run: Run, buyer: int, item: ForSale, row: str, draws: list[str]) -> None:
        run.barrels_back(self.id, 1)
        if not draws:
            raise refuse("co_draw_needed", "draws")
        code = draws.pop(0)
        if code not in self.data.token_keys:
            raise refuse("co_draw_wrong", "draws", code=code)
        told = len(run.moves)
        run.tokens_in(buyer, TokenSpec(code, 1), "draws")
        bonus = self.numbers["oyster_bonus"]
        if code == "oyster":
            run.pay(None, buyer, bonus, "oyster_bonus")
        # The preview says a token is drawn, never which: the draw is made when the
        # purchase is recorded (issue #17), so trying a purchase cannot peek into the bag.
        del run.moves[told:]
        run.note("mv.draw_clam_oyster", player=run.name(buyer), bonus=bonus)

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [
                unprinted(
                    Message(f"rc.fig.{what}", {}),
                    config.board_numbers.get(self.id, {}).get(what) if config else None,
                    config,
                )
                for what in ("clams", "oysters")
            ]
        if section == "special":
            return [
                line(
                    "rc.clams_oysters.draw",
                    "reading",
                    "AMB-48",
                    amount=self.numbers["oyster_bonus"],
                )
            ]
        return []

    def card_sales(self) -> list[Line]:
        return [line("rc.sell.clams_oysters", amount=self.numbers["set_yen"])]

    def setup_tokens(self, config: GameConfig, tokens: Message) -> Message:
        return Message("check.co_bag", {})


MARKET = ClamsOysters()
