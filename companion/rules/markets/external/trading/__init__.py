"""Trading (取引), base: 1 AP; any number of trades in one visit (external-markets.md §10,
AMB-35).

- Tokens for Yen, on an **empty** place: put tokens whose combined Resources, at current
  values, reach the place's number (2+, 3+, 4+, 5+, 10+) and take its Yen (¥300, ¥500,
  ¥700, ¥900, ¥1,800) from the supply. The tokens stay there.
- Tokens for tokens, on a place **with** tokens (so only once a Yen trade has happened):
  take every token on it and leave your own whose Resources reach the place's printed
  number; no money moves. Repeatable, on a place you filled yourself too.

``{"trades": [{"place": 4, "tokens": [TOKEN, ...]}, ...]}`` in order; the board says which
kind each trade is. Resources are those of the tokens just before they move (a group of
k Fugu is worth k²: AMB-13).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated, Any, ClassVar

from .....engine.args import Limit, OneOf
from ....args import MAX_LOT, TokenCode
from ....auctions import Token, lot_worth
from ....cardlines import Line, line
from ....external_catalogue import TRADING_PLACES
from ....ledger import Run, refuse
from ....messages import Message
from ....setup import GameConfig
from ....table import Table
from ....tokens import TokenSpec
from ..base import External
from ..pieces import (
    on_place,
    places_full,
    spec_of,
    steppers,
    token_message,
    token_of,
)

MAX_TRADES = 20
#: Trades one Trading form offers: one per place. The rules allow any number of trades in
#: a visit, but each place takes one that means anything (a second swap on a place would
#: take back the tokens just left on it), so five cover every visit (the API takes 20).
TRADES = len(TRADING_PLACES)


def worth(run: Run, seat: int, specs: list[TokenSpec]) -> int:
    return lot_worth(tuple(Token(s.key, s.value, s.side) for s in specs), run.t, seat)


@dataclass(frozen=True, kw_only=True)
class Trade:
    """One trade: the place (by its number) and the tokens put on it, by code."""

    place: Annotated[int, OneOf(tuple(TRADING_PLACES))]
    tokens: Annotated[tuple[TokenCode, ...], Limit(min_len=1, max_len=MAX_LOT)]


@dataclass(frozen=True, kw_only=True)
class Trades:
    """Its visit: the trades in order."""

    trades: Annotated[tuple[Trade, ...], Limit(min_len=1, max_len=20)] | None = None


class Trading(External):
    id = "trading"
    fields = Trades
    hint = "ext.hint.trading"
    panel_name: ClassVar[str | None] = "trading"

    def interact(self, run: Run, seat: int, a: Trades) -> bool:
        raw = a.trades
        if raw is None:
            return False
        if len(raw) > MAX_TRADES:
            raise refuse("ext.trades", "trades")
        for i, trade in enumerate(raw):
            self.trade(run, seat, trade, f"trades[{i}]")
        return bool(raw)

    def trade(self, run: Run, seat: int, trade: Trade, field: str) -> None:
        place = trade.place
        if place not in TRADING_PLACES:
            raise refuse(
                "ext.trading_place", f"{field}.place", places=[str(n) for n in TRADING_PLACES]
            )
        raw = trade.tokens
        if not raw:
            raise refuse("ext.trade_tokens", f"{field}.tokens")
        specs = [token_of(c, f"{field}.tokens[{k}]") for k, c in enumerate(raw)]
        for spec in specs:  # held? (refused before anything is worked out)
            run.require(seat, spec, f"{field}.tokens")
        key = f"trading.{place}"
        r = worth(run, seat, specs)
        if r < place:
            raise refuse(
                "ext.trade_worth",
                f"{field}.tokens",
                place=self.place_message(key),
                worth=r,
                need=place,
            )
        if on_place(run.t, key):
            # Tokens for tokens: yours go on, every token that lay there comes to you.
            lay = on_place(run.t, key)
            run.t = replace(run.t, places={**run.t.places, key: ()})
            self.tokens_onto(run, seat, specs, key, f"{field}.tokens")
            mine = on_place(run.t, key)
            run.t = replace(run.t, places={**run.t.places, key: lay})
            self.tokens_off(run, seat, key)
            run.t = replace(run.t, places={**run.t.places, key: mine})
            return
        self.tokens_onto(run, seat, specs, key, f"{field}.tokens")
        run.pay(None, seat, TRADING_PLACES[place], "trading")

    def place_message(self, place: str) -> Message:
        return Message("place.trading", {"at_least": int(place.partition(".")[2])})

    def crash_condition(self, t: Table) -> bool:
        return places_full(t, {f"trading.{n}": 1 for n in TRADING_PLACES})

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        places = [
            {
                "place": n,
                "yen": yen,
                "there": [token_message(spec_of(c)) for c in on_place(t, f"trading.{n}")],
            }
            for n, yen in TRADING_PLACES.items()
        ]
        trades = [{"n": n, "rows": steppers(f"trades[{n}].tokens", tokens)} for n in range(TRADES)]
        return {"places": places, "trades": trades}

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "stock":
            return [line("rc.places", count=len(TRADING_PLACES))]
        if section == "sells":
            return [
                *(
                    line("rc.trading.place", at_least=at_least, amount=yen)
                    for at_least, yen in TRADING_PLACES.items()
                ),
                line("rc.trading.total", amount=sum(TRADING_PLACES.values())),
            ]
        if section == "special":
            return [line("rc.trading.swap", "reading", "AMB-35")]
        if section == "resources":
            return [line("rc.res.trading", "reading", "AMB-13", "AMB-14")]
        return []


MARKET = Trading()
