"""Used Ships (中古漁船), base: 1 AP; never once the end of the game is triggered, the
trigger player's turn included (AMB-32). Sell a boat docked in your port onto this board
for ¥200 per slot (a barge ¥400); buy a boat off it for ¥300 per slot (a barge ¥600). The
Blue ship sells for ¥800 and costs ¥1,200 plus a trade-in ship, which comes onto this
board (external-markets.md §2, §11). The board starts empty: it holds what was sold to
it (``used_ships.<kind>`` in the table's stock).

Same fields as Ships: ``{"sell_boats": [KIND, ...], "buy": [KIND, ...], "trade_in": KIND}``.
"""

from __future__ import annotations

from ....cardlines import Line, line
from ....errors import IllegalAction
from ....external_catalogue import BOATS, used_buy_price, used_sell_price
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ..ships import BoatMarket, boat_kinds


class UsedShips(BoatMarket):
    id = "used_ships"

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        if t.turn.triggered_by is not None:
            return refuse("ext.used_ships_final", "market")
        return None

    def buy_price(self, kind: str) -> int:
        return used_buy_price(kind)

    def sell_price(self, kind: str) -> int:
        return used_sell_price(kind)

    def trade_in_goes(self, run: Run) -> str:
        return self.id

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "entry":
            return [line("rc.used_ships.final", "reading", "AMB-32")]
        if section == "stock":
            return [line("rc.used_ships.empty")]
        if section == "sells":
            return [
                line(
                    "rc.used_ships.blue" if BOATS[kind].trade_in else "rc.used_ships.boat",
                    kind=kind,
                    buy=used_buy_price(kind),
                    sell=used_sell_price(kind),
                )
                for kind in boat_kinds(config)
            ]
        return []

    def setup_lines(self, config: GameConfig) -> list[Message]:
        return [Message("check.starts_empty", {})]


MARKET = UsedShips()
