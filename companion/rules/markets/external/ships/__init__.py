"""Ships (漁船), base, always in play: 1 AP; sell boats docked in your port for 10 % of the
list price rounded up to ¥100 (AMB-31), then buy boats off the board into a free port place
(¥500 per slot of a ship, a barge ¥1,000; exp.: the Blue ship ¥2,000 plus trading in one of
your ships, which goes to Used Ships if in play, else back here: AMB-52)
(external-markets.md §2–§3).

``{"sell_boats": [KIND, ...], "buy": [KIND, ...], "trade_in": KIND}``: sales first (their
Yen can pay for the purchases, and a boat sold frees its port place), then purchases in
the order named. A rented boat is not yours to sell or trade in (AMB-54).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit
from ....args import MAX_BOATS, BoatKind
from ....cardlines import Line, counted, line, per_players
from ....catalogue import PLAYER_COUNTS
from ....external_catalogue import (
    BOATS,
    PORT_COVERINGS,
    PORT_OPEN_YEN,
    SHIPS_SELL_PERCENT,
    ships_board,
    ships_buy_price,
    ships_on_market,
    ships_sell_price,
    table_stock,
)
from ....fleet import arrangement, kinds_of, new_boat
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Boat, Table
from ..base import External
from ..pieces import Named, move_stock, stock_left

#: The boat ids, as a client writes them (for the refusal of an unknown one).
KINDS = ", ".join(f'"{k}"' for k in BOATS)


def boat_kinds(config: GameConfig | None) -> list[str]:
    """The kinds of boat a rules card lists: the base game's only, in a game without the
    Expansion."""
    if config is not None and not config.expansion:
        return [k for k, b in BOATS.items() if not b.expansion]
    return list(BOATS)


def boat_list(raw: tuple[str, ...] | None, key: str) -> list[str]:
    if raw is None:
        return []
    if len(raw) > len(BOATS) * 6:
        raise refuse("ext.boat_list", key, field=key)
    for i, kind in enumerate(raw):
        if kind not in BOATS:
            raise refuse("ext.boat_kind", f"{key}[{i}]", kind=repr(kind), kinds=KINDS)
    return [str(k) for k in raw]


def own_boat(run: Run, seat: int, kind: str, field: str) -> int:
    """The index of a boat of this kind the player owns (not rented) and that can lie
    docked in a port while the rest of the fleet carries what is at sea."""
    p = run.player(seat)
    owned = [i for i, b in enumerate(p.boats) if b.kind == kind and b.rented is None]
    if not owned:
        if any(b.kind == kind for b in p.boats):
            raise refuse("ext.boat_rented", field, player=p.name, kind=kind)
        raise refuse("ext.boat_not_owned", field, player=p.name, kind=kind)
    if run.t.config.fleet == 2:
        # Boats placed: only a boat lying in a port place can be sold or traded in.
        docked = [i for i in owned if p.boats[i].docked]
        if docked:
            return docked[-1]  # the last of that kind to come first
        b = p.boats[owned[0]]
        raise refuse(
            "fleet.not_in_port",
            field,
            player=p.name,
            kind=kind,
            boat=b.id,
            no=b.id[1:],
            place=Message(f"fleet.where.{b.where}", {}),
        )
    kinds = kinds_of(p)
    for i in owned:
        if arrangement(kinds, p.ports, p.at_sea, docked={i}):
            return i
    raise refuse("ext.boat_at_sea", field, player=p.name, kind=kind)


def remove_boat(run: Run, seat: int, index: int) -> Boat:
    boats: tuple[Boat, ...] = run.player(seat).boats
    run.set_player(seat, boats=boats[:index] + boats[index + 1 :])
    return boats[index]


def dock_new_boat(run: Run, seat: int, boat: Boat, field: str) -> None:
    """A boat bought or rented goes into a free port place at once (any boats at sea do
    not matter)."""
    p = run.player(seat)
    if run.t.config.fleet == 2:
        placed = new_boat(p, boat)
        if placed is None:
            raise refuse("ext.no_port_place", field, player=p.name, kind=boat.kind, ports=p.ports)
        run.set_player(seat, boats=placed[0].boats, boats_came=placed[0].boats_came)
        return
    if not arrangement(kinds_of(p), p.ports, p.at_sea, arriving=[boat.kind]):
        raise refuse("ext.no_port_place", field, player=p.name, kind=boat.kind, ports=p.ports)
    # A counted game: the fixed arrangement places it after the entry (fleet.settle).
    came = p.boats_came + 1
    run.set_player(seat, boats=p.boats + (replace(boat, id=f"b{came}", where=""),), boats_came=came)


@dataclass(frozen=True, kw_only=True)
class Boats:
    """Its visit: boats sold from your ports, boats bought, the Blue ship's trade-in."""

    sell_boats: Annotated[tuple[BoatKind, ...], Limit(max_len=MAX_BOATS)] | None = None
    buy: Annotated[tuple[BoatKind, ...], Limit(max_len=MAX_BOATS)] | None = None
    trade_in: BoatKind | None = None


class BoatMarket(External):
    """Ships and Used Ships: sell boats to the board, buy boats from it."""

    fields = Boats
    hint = "ext.hint.ships"
    panel_name: ClassVar[str | None] = "ships"

    def buy_price(self, kind: str) -> int:
        raise NotImplementedError

    def sell_price(self, kind: str) -> int:
        raise NotImplementedError

    def trade_in_goes(self, run: Run) -> str:
        """Where a Blue ship's trade-in goes: Used Ships if in play, else Ships (§3)."""
        return "used_ships" if "used_ships" in run.t.config.external_markets else "ships"

    def interact(self, run: Run, seat: int, a: Boats) -> bool:
        sells = boat_list(a.sell_boats, "sell_boats")
        buys = boat_list(a.buy, "buy")
        trade_in = a.trade_in
        blue = [k for k in buys if BOATS[k].trade_in]
        if trade_in is not None and not blue:
            raise refuse("ext.trade_in_alone", "trade_in")
        if blue and trade_in is None:
            raise refuse("ext.trade_in_needed", "trade_in", market=self.id)
        if len(blue) > 1:
            raise refuse("ext.board_has", "buy", market=self.id, left=1, kind="blue")
        for i, kind in enumerate(sells):
            self.sell(run, seat, kind, f"sell_boats[{i}]")
        for i, kind in enumerate(buys):
            self.buy(run, seat, kind, f"buy[{i}]", trade_in)
        return bool(sells or buys)

    def sell(self, run: Run, seat: int, kind: str, field: str) -> None:
        index = own_boat(run, seat, kind, field)
        remove_boat(run, seat, index)
        move_stock(run, f"{self.id}.{kind}", 1)
        run.note("mv.boat_sold", player=run.name(seat), kind=kind, market=self.id)
        run.pay(None, seat, self.sell_price(kind), "boat_sale")

    def buy(self, run: Run, seat: int, kind: str, field: str, trade_in: object) -> None:
        key = f"{self.id}.{kind}"
        if stock_left(run.t, key) < 1:
            raise refuse("ext.board_has", field, market=self.id, left=0, kind=kind)
        if BOATS[kind].trade_in:
            self.trade(run, seat, trade_in)
        price = self.buy_price(kind)
        run.pay(
            seat,
            None,
            price,
            "boat",
            Message("what.boat", {"kind": kind, "market": self.id}),
            field,
        )
        move_stock(run, key, -1)
        dock_new_boat(run, seat, Boat(kind), field)
        run.note("mv.boat_bought", player=run.name(seat), kind=kind, market=self.id)

    def trade(self, run: Run, seat: int, trade_in: object) -> None:
        """The Blue ship's trade-in: one of your ships (not a barge, not the Blue ship, not
        rented), docked; no compensation (AMB-52)."""
        if trade_in not in BOATS:
            raise refuse("ext.boat_kind", "trade_in", kind=repr(trade_in), kinds=KINDS)
        assert isinstance(trade_in, str)
        boat = BOATS[trade_in]
        if boat.barge or boat.trade_in:
            raise refuse("ext.trade_in_ship", "trade_in", kind=trade_in)
        index = own_boat(run, seat, trade_in, "trade_in")
        remove_boat(run, seat, index)
        goes = self.trade_in_goes(run)
        move_stock(run, f"{goes}.{trade_in}", 1)
        run.note("mv.boat_traded_in", player=run.name(seat), kind=trade_in, market=goes)

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        p = t.players[seat]
        kinds = kinds_of(p)
        owned: dict[str, int] = {}
        for b in p.boats:
            if b.rented is None:
                owned[b.kind] = owned.get(b.kind, 0) + 1
        sell = [
            {"kind": k, "name": Named(k), "max": n, "yen": self.sell_price(k)}
            for k, n in owned.items()
        ]
        buy = []
        for k, kind in BOATS.items():
            left = stock_left(t, f"{self.id}.{k}")
            if left <= 0:
                continue
            buy.append(
                {
                    "kind": k,
                    "name": Named(k),
                    "max": left,
                    "yen": self.buy_price(k),
                    "blue": kind.trade_in,
                    "barge": kind.barge,
                    "fits": arrangement(kinds, p.ports, p.at_sea, arriving=[k]),
                }
            )
        trade_in = [
            {"kind": k, "name": Named(k)}
            for k in owned
            if not (BOATS[k].barge or BOATS[k].trade_in) and any(x["blue"] for x in buy)
        ]
        fleet = [
            {"name": Named(b.kind), "rented": None if b.rented is None else Named(b.rented)}
            for b in p.boats
        ]
        # A boat that fits no free port place now: the next port can open first (free move).
        open_first = None
        if p.ports < PORT_COVERINGS and any(not b["fits"] for b in buy):
            open_first = {"n": p.ports + 1, "yen": PORT_OPEN_YEN}
        return {
            "open_first": open_first,
            "sell": sell,
            "buy": buy,
            "trade_in": trade_in,
            "fleet": fleet,
            "ports": p.ports,
            "at_sea": sum(p.at_sea.values()),
        }


class Ships(BoatMarket):
    id = "ships"

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return self._card_board(config)
        if section == "sells":
            return [
                *(
                    line(
                        "rc.ships.blue" if BOATS[kind].trade_in else "rc.ships.boat",
                        kind=kind,
                        buy=ships_buy_price(kind),
                        sell=ships_sell_price(kind),
                    )
                    for kind in boat_kinds(config)
                ),
                line("rc.ships.sell_rule", "reading", "AMB-31", percent=SHIPS_SELL_PERCENT),
            ]
        if section == "special":
            return [line("rc.ships.port"), line("rc.ships.blue_trade_in", "reading", "AMB-52")]
        return []

    def _card_board(self, config: GameConfig | None) -> list[Line]:
        if config is not None:
            board = ships_board(config.player_count, config.variants)
            return [
                line("rc.ships.board_game", kind=kind, count=counted("boats", n))
                for kind, n in board.items()
                if n
            ]
        out = []
        for kind in ships_board(PLAYER_COUNTS[0]):
            values = tuple(ships_board(p)[kind] for p in PLAYER_COUNTS)
            if len(set(values)) == 1:
                out.append(
                    line("rc.ships.board_same", kind=kind, count=counted("boats", values[0]))
                )
            else:
                out.append(
                    line("rc.ships.board_per_p", kind=kind, counts=per_players("boats", values))
                )
        return [*out, line("rc.ships.expansion_boats")]

    def buy_price(self, kind: str) -> int:
        return ships_buy_price(kind)

    def sell_price(self, kind: str) -> int:
        return ships_sell_price(kind)

    def crash_condition(self, t: Table) -> bool:
        printed = table_stock(self.id, t.config.player_count, t.config.variants)
        keys = {*printed, *t.stock}
        return all(stock_left(t, k) == 0 for k in keys if k.startswith(f"{self.id}."))

    def setup_lines(self, config: GameConfig) -> list[Message]:
        p = config.player_count
        lines = [
            Message("check.ships_aside", {"count": p}),
            Message("check.ships", dict(ships_on_market(p))),
        ]
        if config.expansion:
            # Expansion setup step 4: the barge is a choice, the Blue ship an option.
            return [*lines, Message("check.barge_choice", {}), Message("check.blue_ship", {})]
        return [*lines, Message("check.barge", {})]


MARKET = Ships()
