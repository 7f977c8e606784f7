"""Mackerel (サバ), base: 1 AP; licences ¥100, at most 1 per entry; ¥100 per 2 items
returned — Mackerel tokens and Mackerel barrels from your own Harbor board, either row
(fish-markets.md §4; AMB-16: only whole pairs pay)."""

from __future__ import annotations

from collections.abc import Sequence

from ...args import Sales, SoldBarrel
from ...cardlines import Line, counted, line, per_players
from ...catalogue import MACKEREL_LICENSES_IN_BOX, PLAYER_COUNTS, mackerel_licenses
from ...ledger import Run, refuse
from ...messages import Message
from ...setup import GameConfig
from ...tokens import TokenSpec
from ..base import Market, price_of


class Mackerel(Market):
    id = "mackerel"
    buys_own_barrels = True

    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        tokens = self.count_sold(sell, "mackerel")
        if tokens:
            run.tokens_out(seat, TokenSpec("mackerel", tokens), field="sell.mackerel")
        for k, b in enumerate(barrels):
            where = f"sell_barrels[{k}]"
            if b.row not in ("upper", "lower"):
                raise refuse("bad_field", where, field=where, kind="kind.mackerel_sale")
            run.harbor_take(seat, b.row, "mackerel", price_of(b.price, where), where)
            run.barrels_back("mackerel", 1)
        items = tokens + len(barrels)
        if not items:
            return False
        per = self.numbers["sale_items"]
        yen = self.numbers["sale_yen"] * (items // per)
        run.note("mv.sell", player=run.name(seat), count=items, fish="mackerel", amount=yen)
        if items % per:
            # AMB-16: only whole pairs pay; the preview says so before the player confirms.
            run.note("mv.left_over", count=items % per, per=per, fish="mackerel")
        run.pay(None, seat, yen, "sale")
        return True

    def card_stock_figure(self, what: str, config: GameConfig | None) -> list[Line] | None:
        if what != "licenses":
            return None
        if config is not None:
            set_aside = not config.horse_mackerel_from_start
            n = mackerel_licenses(config.player_count, set_aside)
            code = "rc.mackerel.licences_game" if set_aside else "rc.mackerel.licences_game_hm"
            return [
                line(
                    code,
                    "printed",
                    "AMB-17",
                    count=counted("licenses", n),
                    players=config.player_count,
                )
            ]
        normal = [mackerel_licenses(p) for p in PLAYER_COUNTS]
        without = [mackerel_licenses(p, set_aside=False) for p in PLAYER_COUNTS]
        return [
            line(
                "rc.mackerel.licences",
                box=MACKEREL_LICENSES_IN_BOX,
                counts=per_players("licenses", normal),
            ),
            line(
                "rc.mackerel.licences_hm",
                "printed",
                "AMB-17",
                what=Message("rc.fig.licenses", {}),
                counts=per_players("licenses", without),
            ),
        ]

    def card_sales(self) -> list[Line]:
        n = self.numbers
        return [
            line("rc.sell.mackerel", "printed", "AMB-16", amount=n["sale_yen"], per=n["sale_items"])
        ]

    def licences_entering(self, config: GameConfig) -> int | None:
        """P licences on its board, none handed out or set aside (setup.md §3.2), or the
        number the host entered."""
        entered = config.board_numbers.get(self.id, {}).get("licenses")
        if entered is not None:
            return int(entered)
        return mackerel_licenses(config.player_count, set_aside=False)

    def setup_beside(self) -> tuple[str, ...]:
        # As it enters mid-game: with Horse Mackerel, so none of its licences is set aside.
        return ("horse_mackerel", self.id)

    def setup_more(self, config: GameConfig) -> list[Message]:
        if config.horse_mackerel_from_start:
            return []
        return [Message("check.set_aside_licences", {"count": config.player_count})]


MARKET = Mackerel()
