"""One guided action being worked out: the table so far and every movement, in order.

A guided move (visit, fishing, purchase, start_turn) builds a :class:`Run` from the table,
asks it to move Yen, tokens, barrels, licences and markers, and either gets the new table
(``run.t``) or an :class:`IllegalAction` — in which case the old table was never touched.
The same run's ``moves`` are the preview the player confirms, so the preview can never
disagree with what happens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from .catalogue import FISH_MARKETS, MARKET_OF_TOKEN
from .errors import IllegalAction
from .messages import Message
from .table import ForSale, Table
from .tokens import TokenSpec, overfish, return_to_market, take_from_market


def short_of_yen(
    t: Table, i: int, need: int, what: Message, field: str = "amount"
) -> IllegalAction:
    """ "Aiko has only ¥300; … costs ¥400", said to Aiko; with closed money everyone else
    hears only that she cannot pay (as at the table, where nobody sees her Yen)."""
    p = t.players[i]
    return IllegalAction(
        Message("short_of_yen", {"player": p.name, "have": p.yen, "need": need, "what": what}),
        field,
        private_to=i,
        public_message=Message("cannot_pay", {"player": p.name, "need": need, "what": what}),
    )


def refuse(code: str, field: str | None = None, /, **values: Any) -> IllegalAction:
    return IllegalAction(Message(code, values), field)


def where_tokens_go(key: str) -> str:
    """ "bag" for the Auction-bag fish, else "market" (AMB-18)."""
    return "bag" if FISH_MARKETS[MARKET_OF_TOKEN[key]].tokens_in_bag else "market"


class Run:
    """The table as a guided action changes it, and the movements it made."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.moves: list[Message] = []

    # -- bookkeeping -----------------------------------------------------------------------
    def note(self, code: str, **values: Any) -> None:
        self.moves.append(Message(code, values))

    def name(self, i: int | None) -> str:
        return "supply" if i is None else self.t.players[i].name

    def player(self, i: int) -> Any:
        return self.t.players[i]

    def set_player(self, i: int, **changes: Any) -> None:
        self.t = self.t.with_player(i, **changes)

    # -- Yen -------------------------------------------------------------------------------
    def pay(
        self,
        payer: int | None,
        payee: int | None,
        amount: int,
        reason: str,
        what: Message | None = None,
        field: str = "amount",
    ) -> None:
        """Yen from a player (or the supply) to a player (or the supply). A player cannot
        pay more than they hold (AMB-04); the supply is unlimited (AMB-01)."""
        if amount <= 0:
            return
        if payer is not None:
            have = self.t.players[payer].yen
            if amount > have:
                raise short_of_yen(self.t, payer, amount, what or Message("what.visit", {}), field)
            self.set_player(payer, yen=have - amount)
        if payee is not None:
            self.set_player(payee, yen=self.t.players[payee].yen + amount)
        self.note(
            "mv.yen", payer=self.name(payer), payee=self.name(payee), amount=amount, reason=reason
        )

    def effect(self, change: Callable[[Table], Table], reason: str) -> None:
        """A rule that moves Yen of several players at once (Overfished effects): the Yen
        each player gained or paid become movements."""
        before = [p.yen for p in self.t.players]
        self.t = change(self.t)
        for b, p in zip(before, self.t.players, strict=True):
            if p.yen > b:
                self.note("mv.yen", payer="supply", payee=p.name, amount=p.yen - b, reason=reason)
            elif p.yen < b:
                self.note("mv.yen", payer=p.name, payee="supply", amount=b - p.yen, reason=reason)

    # -- AP --------------------------------------------------------------------------------
    def spend_ap(self, seat: int, count: int, what: Message) -> None:
        left = self.t.turn.ap_left or 0
        if count > left:
            raise refuse(
                "not_enough_ap", "entry", player=self.name(seat), left=left, need=count, what=what
            )
        self.t = replace(self.t, turn=replace(self.t.turn, ap_left=left - count))
        self.note("mv.ap", player=self.name(seat), count=count, left=left - count)

    # -- tokens ----------------------------------------------------------------------------
    def holding(self, seat: int, spec: TokenSpec, sign: int, field: str) -> None:
        p = self.t.players[seat]
        changed = p.fish.add(spec.key, sign * spec.count, spec.value, spec.side)
        if changed is None:
            if spec.value is not None:
                raise refuse(
                    "not_held_valued", field, player=p.name, fish=spec.key, value=spec.value
                )
            raise refuse("not_held", field, player=p.name, count=spec.count, fish=_token_name(spec))
        self.set_player(seat, fish=changed)

    def require(self, seat: int, spec: TokenSpec, field: str) -> None:
        """Refuse unless the player holds these tokens (nothing moves)."""
        keep = self.t
        self.holding(seat, spec, -1, field)
        self.t = keep

    def tokens_in(self, seat: int, spec: TokenSpec, field: str = "fish") -> None:
        """Tokens from their market (board, grid or Auction bag) to a player."""
        self.t = take_from_market(self.t, spec)
        self.holding(seat, spec, 1, field)
        self._note_tokens("in", seat, spec, where_tokens_go(spec.key))

    def tokens_out(
        self, seat: int, spec: TokenSpec, where: str = "market", field: str = "fish"
    ) -> None:
        """Tokens from a player back to their market (``where`` "market": the bag for bag
        fish, AMB-18) or into the box."""
        self.holding(seat, spec, -1, field)
        if where != "box":
            self.t = return_to_market(self.t, spec)
            where = where_tokens_go(spec.key)
        self._note_tokens("out", seat, spec, where)

    def _note_tokens(self, way: str, seat: int, spec: TokenSpec, where: str) -> None:
        if spec.value is not None:
            for _ in range(spec.count):
                self.note(
                    f"mv.token_{way}_valued",
                    player=self.name(seat),
                    fish=spec.key,
                    value=spec.value,
                    where=where,
                )
        else:
            self.note(
                f"mv.token_{way}",
                player=self.name(seat),
                count=spec.count,
                fish=_token_name(spec),
                where=where,
            )

    # -- barrels ---------------------------------------------------------------------------
    def barrels_back(self, market: str, count: int) -> None:
        """Barrels back to their market's board, or into the box once it is Overfished."""
        if count <= 0:
            return
        if market in self.t.values.overfished:
            self.note("mv.barrels_box", count=count, market=market)
            return
        before = self.t.board_barrels.get(market)
        if before is None:
            return  # not printed and not entered: the app does not count them (AMB-40)
        self.t = replace(self.t, board_barrels={**self.t.board_barrels, market: before + count})
        self.note("mv.barrels_board", market=market, before=before, after=before + count)

    def barrels_out(self, market: str, count: int, field: str) -> None:
        """Barrels caught from a market's board; its last barrel Overfishes it."""
        if count <= 0:
            return
        if market in self.t.values.overfished:
            raise refuse("catch_overfished", field, market=market)
        before = self.t.board_barrels.get(market)
        if before is None:
            return
        if count > before:
            raise refuse("catch_empty", field, market=market, left=before, want=count)
        self.t = replace(self.t, board_barrels={**self.t.board_barrels, market: before - count})
        self.note("mv.barrels_board", market=market, before=before, after=before - count)
        if before - count == 0:
            self.overfish(market)

    def overfish(self, market: str) -> None:
        if market in self.t.values.overfished:
            return
        self.note("mv.overfished", market=market)
        self.effect(lambda t: overfish(t, market), "overfished")

    # -- licences --------------------------------------------------------------------------
    def licence_back(self, seat: int, market: str, count: int) -> None:
        """Licences back to their market's board (free, no refund)."""
        p = self.t.players[seat]
        held = p.licenses.get(market, 0)
        count = min(count, held)
        if not count:
            return
        licenses = dict(p.licenses)
        licenses[market] = held - count
        if not licenses[market]:
            del licenses[market]
        self.set_player(seat, licenses=licenses)
        on_board = self.t.board_licenses.get(market)
        if on_board is not None:
            self.t = replace(
                self.t, board_licenses={**self.t.board_licenses, market: on_board + count}
            )
        self.note("mv.licence_out", player=p.name, market=market)

    # -- the Harbor board ------------------------------------------------------------------
    def harbor_add(self, seat: int, row: str, item: ForSale) -> None:
        p = self.t.players[seat]
        self.set_player(seat, **{row: p.row(row) + (item,)})
        self.note("mv.harbor_add", player=p.name, fish=item.fish, price=item.price, row=row)

    def harbor_take(self, seat: int, row: str, fish: str, price: int, field: str) -> ForSale:
        """Take one item off a Harbor row (the first placed of that fish at that price)."""
        p = self.t.players[seat]
        items = list(p.row(row))
        for k, x in enumerate(items):
            if x.fish == fish and x.price == price:
                del items[k]
                self.set_player(seat, **{row: tuple(items)})
                self.note("mv.harbor_remove", player=p.name, fish=fish, price=price, row=row)
                return x
        raise refuse("not_for_sale", field, owner=p.name, fish=fish, row=row, price=price)

    # -- tracks ----------------------------------------------------------------------------
    def set_track(self, track: str, value: int) -> None:
        before: int = getattr(self.t.values, track)
        if value == before:
            return
        changes: dict[str, Any] = {track: value}
        self.t = replace(self.t, values=replace(self.t.values, **changes))
        self.note("mv.track", track=track, before=before, after=value)


def _token_name(spec: TokenSpec) -> str:
    if spec.key == "salmon" and spec.side == "degraded":
        return "salmon_degraded"
    return spec.key
