"""What every external market does during a guided ``visit``, and the helpers they share.

An external market object answers the shared visit code's questions — how it may be
entered, whether it may be entered now, and what the player does there — from the numbers
printed in the catalogue (external-markets.md). External markets pay no licence money on
entry (§0), and a visit must still do something there (AMB-37).

Tokens are named as token codes, as in an auction lot: a fish key (``"eel"``,
``"takoyaki"``), ``"spider_crab:6"``, ``"tuna:20"``, ``"salmon"`` (fresh) or
``"salmon:degraded"``. Tokens put on an external board stay there for the rest of the
game (``Table.places``); they never go back to their fish market.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ...catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    SPIDER_CRAB_VALUES,
    TUNA_VALUES,
    EntryOption,
    ExternalMarket,
    table_stock,
)
from ...errors import IllegalAction
from ...ledger import Run, refuse
from ...messages import Message
from ...table import Table
from ...tokens import TokenSpec
from ..base import whole

#: Most tokens one list of a visit may name (a player holds no more of all kinds).
MAX_TOKENS = 60


class External:
    """An external market's rules; subclasses set ``id`` and ``visit_fields`` and say what a
    visit does there (``interact``)."""

    id: ClassVar[str]
    #: Visit fields this market reads besides type, player, market, entry.
    visit_fields: ClassVar[tuple[str, ...]] = ()
    #: What a visit there can do, for the refusal of a visit that does nothing.
    hint: ClassVar[str] = ""

    @property
    def data(self) -> ExternalMarket:
        return EXTERNAL_MARKETS[self.id]

    def entry_options(self, t: Table) -> tuple[EntryOption, ...]:
        """The printed options; for a board whose cost is not in the sources (AMB-40), what
        the host entered as board numbers (``entry_ap``, ``entry_yen``)."""
        entered = t.config.board_numbers.get(self.id, {})
        extra = []
        if "entry_ap" in entered:
            extra.append(EntryOption("ap", int(entered["entry_ap"])))
        if "entry_yen" in entered:
            extra.append(EntryOption("yen", int(entered["entry_yen"])))
        return self.data.entry + tuple(extra)

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        """Why this player may not enter now (Used Ships in the final turns, a full
        Government), or None."""
        return None

    def pays_own_entry(self) -> bool:
        """Whether the market takes its entry itself (Rentals: free, not once per turn)."""
        return False

    def pay_entry(self, run: Run, seat: int, entry: object) -> None:
        raise NotImplementedError

    def interact(self, run: Run, seat: int, a: Mapping[str, Any]) -> bool:
        """What the player does there; True if they did anything."""
        return False


# -- the board's stock ----------------------------------------------------------------------------


def stock_left(t: Table, key: str) -> int:
    """What the board ``market.item`` holds (``ships.two_slot``, ``bank.loans``): the table's
    count, or, for a market whose stock the table never counted (one that entered mid-game
    by ``add_market``), its printed stock."""
    if key in t.stock:
        return t.stock[key]
    market = key.split(".", 1)[0]
    if market not in EXTERNAL_MARKETS:
        return 0
    return table_stock(market, t.config.player_count, t.config.variants).get(key, 0)


def move_stock(run: Run, key: str, delta: int) -> None:
    run.t = replace(run.t, stock={**run.t.stock, key: stock_left(run.t, key) + delta})


# -- counts and token lists of a visit --------------------------------------------------------


def count(a: Mapping[str, Any], key: str, high: int = 30) -> int:
    """A whole number 0..high from the visit (0 when left out)."""
    return whole(a.get(key, 0), key, 0, high)


def token_of(code: object, field: str) -> TokenSpec:
    """One token code as a TokenSpec of one token."""
    if not isinstance(code, str):
        raise refuse("ext.token_code", field, code=repr(code))
    key, _, rest = code.partition(":")
    if key not in FISH_KEYS:
        raise refuse("ext.token_code", field, code=code)
    if key in ("spider_crab", "tuna"):
        allowed = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
        if not (rest.isascii() and rest.isdigit()) or int(rest) not in allowed:
            values = sorted(allowed)
            raise refuse(
                "ext.token_value",
                field,
                fish=key,
                fish_id=key,
                values=", ".join(map(str, values)),
                first=values[-1],
            )
        return TokenSpec(key, 1, int(rest))
    if key == "salmon":
        if rest not in ("", "fresh", "degraded"):
            raise refuse("ext.token_code", field, code=code)
        return TokenSpec(key, 1, side="degraded" if rest == "degraded" else "fresh")
    if rest:
        raise refuse("ext.token_code", field, code=code)
    return TokenSpec(key, 1)


def tokens_of(a: Mapping[str, Any], key: str) -> list[TokenSpec]:
    """A list of token codes from the visit (empty when left out)."""
    raw = a.get(key)
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_TOKENS:
        raise refuse("ext.token_list", key, field=key)
    return [token_of(code, f"{key}[{i}]") for i, code in enumerate(raw)]


def code_of(spec: TokenSpec) -> str:
    """The token code of one token (``tuna:20``, ``salmon:degraded``, ``eel``)."""
    if spec.value is not None:
        return f"{spec.key}:{spec.value}"
    if spec.key == "salmon" and spec.side == "degraded":
        return "salmon:degraded"
    return spec.key


def spec_of(code: str) -> TokenSpec:
    """The token of a code on a board (written by ``code_of``)."""
    return token_of(code, "places")


def token_message(spec: TokenSpec) -> Message:
    """A token as people name it, in any language: "Tuna 20", "Salmon (degraded)"."""
    if spec.value is not None:
        return Message("ext.token_valued", {"fish": spec.key, "value": spec.value})
    if spec.key == "salmon" and spec.side == "degraded":
        return Message("ext.token", {"fish": "salmon_degraded"})
    return Message("ext.token", {"fish": spec.key})


# -- tokens onto and off the places of a board ------------------------------------------------


def on_place(t: Table, place: str) -> tuple[str, ...]:
    return t.places.get(place, ())


def tokens_onto(run: Run, seat: int, specs: list[TokenSpec], place: str, field: str) -> None:
    """The player's tokens onto a place of an external board, where they stay."""
    for spec in specs:
        run.holding(seat, spec, -1, field)
    codes = tuple(code_of(s) for s in specs)
    run.t = replace(run.t, places={**run.t.places, place: on_place(run.t, place) + codes})
    run.note(
        "mv.ext_onto",
        player=run.name(seat),
        tokens=[token_message(s) for s in specs],
        place=place_message(place),
    )


def tokens_off(run: Run, seat: int, place: str) -> list[TokenSpec]:
    """Every token on a place into the player's hand (Trading's swaps)."""
    specs = [spec_of(c) for c in on_place(run.t, place)]
    for spec in specs:
        run.holding(seat, spec, 1, "trades")
    run.t = replace(run.t, places={**run.t.places, place: ()})
    run.note(
        "mv.ext_off",
        player=run.name(seat),
        tokens=[token_message(s) for s in specs],
        place=place_message(place),
    )
    return specs


def place_message(place: str) -> Message:
    """``government.left`` → "Government's left place" and so on."""
    market, _, which = place.partition(".")
    if market == "trading":
        return Message("place.trading", {"at_least": int(which)})
    if market == "sushi":
        return Message("place.sushi", {"size": int(which)})
    if market == "government":
        return Message(f"place.government_{which}", {})
    return Message(f"place.{market}", {"fish": which})
