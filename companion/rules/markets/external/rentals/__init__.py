"""Rentals (レンタル), base: no AP; the cost is ¥200 per item rented (AMB-29), so the entry
is ``"free"`` and not limited to once per turn. Rent Freezers and Carts while the board has
them (2 of each); each takes a free License space while held. An item has 2 uses: the
first flips it, the second returns it to this board (rules/turn.py ``use_item``). A Freezer
is used at the start of your turn to skip the degradation (``start_turn``), a Cart pays 1
AP of a market's entry (``"entry": "cart"``: AMB-30) (external-markets.md §9).

``{"freezers": N, "carts": N}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit
from ....cardlines import Line, line
from ....catalogue import CART_AP, ITEM_USES, EntryOption
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ..base import External
from ..pieces import count, move_stock, stock_left

#: ¥200 per Freezer or Cart, no AP (§9, AMB-29).
RENTAL_ITEM_YEN = 200

FIELDS = {"freezers": "freezer", "carts": "cart"}


@dataclass(frozen=True, kw_only=True)
class RentedItems:
    """Its visit: Freezers and Carts rented."""

    freezers: Annotated[int, Limit(ge=0, le=2)] | None = None
    carts: Annotated[int, Limit(ge=0, le=2)] | None = None


class Rentals(External):
    id = "rentals"
    fields = RentedItems
    hint = "ext.hint.rentals"
    panel_name: ClassVar[str | None] = "rentals"

    def pays_own_entry(self) -> bool:
        return True

    def pay_entry(self, run: Run, seat: int, entry: object) -> None:
        if entry != "free":
            raise refuse(
                "entry_not_printed",
                "entry",
                market=self.id,
                entry=f"entry.{entry}" if isinstance(entry, str) else "entry.token",
                options=[Message("ext.option_per_item", {"amount": RENTAL_ITEM_YEN})],
            )

    def interact(self, run: Run, seat: int, a: RentedItems) -> bool:
        wanted = {item: count(getattr(a, field), field, 2) for field, item in FIELDS.items()}
        total = sum(wanted.values())
        if not total:
            return False
        p = run.player(seat)
        if total > p.spaces_free:
            raise refuse("spaces_free", "freezers", player=p.name, free=p.spaces_free)
        for field, item in FIELDS.items():
            n = wanted[item]
            if not n:
                continue
            key = f"rentals.{item}"
            left = stock_left(run.t, key)
            if n > left:
                raise refuse("ext.rentals_left", field, item=item, left=left)
            run.pay(
                seat,
                None,
                RENTAL_ITEM_YEN * n,
                "rental",
                Message("what.rent", {"count": n, "item": item}),
                field,
            )
            move_stock(run, key, -n)
            items = dict(run.player(seat).items)
            items[item] = items.get(item, 0) + n
            run.set_player(seat, items=items)
            run.note("mv.rent_item", player=p.name, count=n, item=item, left=left - n)
        return True

    def crash_condition(self, t: Table) -> bool:
        return stock_left(t, "rentals.freezer") == 0 and stock_left(t, "rentals.cart") == 0

    def option_message(self, o: EntryOption) -> Message | None:
        return Message("ext.option_per_item", {"amount": RENTAL_ITEM_YEN})

    def free_every_time(self) -> bool:
        return True

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        return {
            "yen": RENTAL_ITEM_YEN,
            "free": t.players[seat].spaces_free,
            "rows": [
                {"name": f"{item}s", "item": item, "left": stock_left(t, f"rentals.{item}")}
                for item in ("freezer", "cart")
            ],
        }

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [line("rc.rentals.price", amount=RENTAL_ITEM_YEN)]
        if section == "special":
            return [
                line("rc.rentals.uses", count=ITEM_USES),
                line("rc.rentals.freezer"),
                line("rc.rentals.cart", "reading", "AMB-30", count=CART_AP),
            ]
        return []

    def card_entry(self, config: GameConfig | None) -> list[Line]:
        return [line("rc.entry.rentals", "reading", "AMB-29", amount=RENTAL_ITEM_YEN)]

    def setup_lines(self, config: GameConfig) -> list[Message]:
        return [
            Message("check.freezers", {"count": self.data.stock["freezers"]}),
            Message("check.carts", {"count": self.data.stock["carts"]}),
        ]


MARKET = Rentals()
