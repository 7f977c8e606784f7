"""Auction (競り), base, 3 players or more: 1 AP; one auction per entry. Put up a lot of
your tokens; the fee by the lot's Resources goes to the supply before bidding (10+ ¥500,
5+ ¥300, 2+ ¥200; a lot under 2 R has no place: AMB-25); every other player bids sealed;
the highest bidder pays you and the supply pays you as much again (external-markets.md §5,
auctions.md). The sealed bids, reveal and choice are rules/auctions.py's, through the
auction endpoints; the visit opens the auction in its own undo group.

``{"lot": [TOKEN, ...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from .....engine.args import SERVER, Limit
from ....args import MAX_LOT, TokenCode
from ....auction_moves import OpenAuction, open_auction
from ....auctions import Token, auction_market_fee, lot_worth
from ....cardlines import Line, line
from ....catalogue import AUCTION_MARKET_FEES
from ....ledger import Run, refuse, short_of_yen
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ....tokens import TokenSpec
from ..base import External
from ..pieces import code_of, steppers, token_message, tokens_of


def auction_id(run: Run, named: str | None) -> str:
    """The id of the auction a visit opens: ``<the visit's group>.1`` (the server names the
    group, ``a<seq>``, so the auction's entries share the visit's undo)."""
    return f"{named or f'g{run.t.actions + 1}'}.1"


def check_lot(run: Run, seat: int, specs: list[TokenSpec]) -> None:
    """Refuse unless the player holds every token of the lot (nothing moves)."""
    if not specs:
        raise refuse("ext.lot_empty", "lot")
    keep = run.t
    for i, spec in enumerate(specs):
        run.holding(seat, spec, -1, f"lot[{i}]")
    run.t = keep


@dataclass(frozen=True, kw_only=True)
class LotVisit:
    """Its visit: the lot put up for sealed bids, by code; the server names the auction."""

    lot: Annotated[tuple[TokenCode, ...], Limit(min_len=1, max_len=MAX_LOT)] | None = None
    auction_id: str | None = field(default=None, metadata=SERVER)


class Lot(External):
    """A market where a visit puts up one lot for sealed bids (Auction, Barter)."""

    fields = LotVisit
    kind = "auction_market"
    opens_auction = True
    panel_name: ClassVar[str | None] = "lot"

    def fee(self, run: Run, seat: int, specs: list[TokenSpec]) -> int:
        return 0

    def interact(self, run: Run, seat: int, a: LotVisit) -> bool:
        specs = tokens_of(a.lot, "lot")
        if not specs and a.lot is None:
            return False
        check_lot(run, seat, specs)
        fee = self.fee(run, seat, specs)
        p = run.player(seat)
        if fee > p.yen:
            raise short_of_yen(run.t, seat, fee, Message("what.auction_fee", {}), "lot")
        aid = auction_id(run, a.auction_id)
        run.t = open_auction(
            run.t,
            OpenAuction(id=aid, kind=self.kind, owner=p.name, lot=tuple(code_of(s) for s in specs)),
        )
        run.note("mv.lot", player=p.name, tokens=[token_message(s) for s in specs], kind=self.kind)
        if fee:
            run.note("mv.yen", payer=p.name, payee="supply", amount=fee, reason="auction_fee")
        run.note("mv.auction_opens", kind=self.kind, auction=aid)
        return True

    def fees(self) -> list[Message]:
        """The fee by the lot's Resources, as its panel says it (none at Barter)."""
        return []

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        return {"rows": steppers("lot", tokens), "auction": bool(self.fees()), "fees": self.fees()}


class Auction(Lot):
    id = "auction"
    hint = "ext.hint.lot"

    def fee(self, run: Run, seat: int, specs: list[TokenSpec]) -> int:
        worth = lot_worth(tuple(Token(s.key, s.value, s.side) for s in specs), run.t, seat)
        if worth < 2:
            raise refuse("ext.lot_worth", "lot", worth=worth)
        return auction_market_fee(worth)

    def fees(self) -> list[Message]:
        return [
            Message("ext.fee_step", {"worth": worth, "amount": fee})
            for worth, fee in AUCTION_MARKET_FEES
        ]

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [
                *(
                    line("rc.auction.fee", at_least=at_least, amount=fee)
                    for at_least, fee in AUCTION_MARKET_FEES
                ),
                line("rc.auction.result"),
            ]
        if section == "special":
            return [
                line("rc.auction.tie", "reading", "AMB-24", "AMB-26"),
                line("rc.lot.sealed", "reading", "AMB-02"),
            ]
        if section == "resources":
            return [line("rc.res.auction", "reading", "AMB-25", count=AUCTION_MARKET_FEES[-1][0])]
        return []


MARKET = Auction()
