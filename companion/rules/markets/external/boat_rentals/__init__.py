"""Boat Rentals (漁船レンタル), Expansion: entry not in the sources (AMB-40: a board
number). Rent any number of boats, each needing a Boat Rental token on this board (6 at
setup) and a free port place: take any ship or barge from the Ships or Used Ships board
(not the Blue ship), pay ¥100 per slot to the supply, dock it with the token beside it (no
License space). After its one voyage — when it docks at your port again — it goes back to
the board it came from and the token back here (``return_rental``). A rented boat is not
yours to sell (AMB-54) (external-markets.md §16).

``{"rent": [{"boat": KIND, "from": "ships" | "used_ships"}, ...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit, OneOf
from ....args import BoatKind
from ....cardlines import Line, line
from ....external_catalogue import BOATS, boat_rent_price
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Boat, Table
from ..base import External
from ..pieces import Named, move_stock, stock_left
from ..ships import KINDS, boat_kinds, dock_new_boat

SOURCES = ("ships", "used_ships")
TOKENS = "boat_rentals.token"


@dataclass(frozen=True, kw_only=True)
class RentedBoat:
    """A boat rented, from the Ships or the Used Ships board."""

    boat: BoatKind
    from_: Annotated[str, OneOf(SOURCES)] = field(default="ships", metadata={"key": "from"})


@dataclass(frozen=True, kw_only=True)
class Rent:
    """Its visit: the boats rented."""

    rent: Annotated[tuple[RentedBoat, ...], Limit(min_len=1, max_len=6)] | None = None


class BoatRentals(External):
    id = "boat_rentals"
    fields = Rent
    hint = "ext.hint.boat_rentals"
    panel_name: ClassVar[str | None] = "boat_rentals"

    def interact(self, run: Run, seat: int, a: Rent) -> bool:
        raw = a.rent
        if raw is None:
            return False
        if len(raw) > 6:
            raise refuse("ext.rent_list", "rent")
        for i, item in enumerate(raw):
            self.rent(run, seat, item, f"rent[{i}]")
        return bool(raw)

    def rent(self, run: Run, seat: int, item: RentedBoat, field: str) -> None:
        kind, source = item.boat, item.from_
        if kind not in BOATS:
            raise refuse("ext.boat_kind", f"{field}.boat", kind=repr(kind), kinds=KINDS)
        if source not in SOURCES:
            raise refuse("ext.boat_board", f"{field}.from")
        if source not in run.t.config.external_markets:
            raise refuse("market_not_in_play", f"{field}.from", market=source)
        price = boat_rent_price(kind)
        if price is None:
            raise refuse("ext.not_rentable", f"{field}.boat", kind=kind)
        tokens = stock_left(run.t, TOKENS)
        if tokens < 1:
            raise refuse("ext.rental_tokens_left", field)
        if stock_left(run.t, f"{source}.{kind}") < 1:
            raise refuse("ext.board_has", f"{field}.boat", market=source, left=0, kind=kind)
        what = Message("what.boat_rent", {"kind": kind})
        run.pay(seat, None, price, "boat_rent", what, field)
        move_stock(run, f"{source}.{kind}", -1)
        move_stock(run, TOKENS, -1)
        dock_new_boat(run, seat, Boat(kind, source), field)
        run.note("mv.boat_rented", player=run.name(seat), kind=kind, market=source)

    def crash_condition(self, t: Table) -> bool:
        return stock_left(t, TOKENS) == 0

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [self._card_rent(kind) for kind in boat_kinds(config)]
        if section == "special":
            return [
                line("rc.boat_rentals.voyage"),
                line("rc.boat_rentals.not_yours", "reading", "AMB-54"),
            ]
        return []

    def _card_rent(self, kind: str) -> Line:
        price = boat_rent_price(kind)
        if price is None:
            return line("rc.boat_rentals.not", kind=kind)
        return line("rc.boat_rentals.boat", kind=kind, amount=price)

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        left_tokens = stock_left(t, TOKENS)
        rows = []
        for source in SOURCES:
            if source not in t.config.external_markets:
                continue
            for k in BOATS:
                price = boat_rent_price(k)
                left = stock_left(t, f"{source}.{k}")
                if price is None or left <= 0 or left_tokens <= 0:
                    continue
                rows.append(
                    {
                        # One boat of this kind from this board, counted (web/form_decode.py).
                        "name": f"rent.boat={k}&from={source}",
                        "boat": Named(k),
                        "board": Named(source),
                        "yen": price,
                        "max": min(left, left_tokens),
                        "left": left,
                    }
                )
        return {"rows": rows, "tokens": left_tokens}

    def setup_lines(self, config: GameConfig) -> list[Message]:
        return [
            Message("check.boat_rentals", {"count": self.data.stock["rental_tokens"]}),
        ]


MARKET = BoatRentals()
