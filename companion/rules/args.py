"""The field types of the board game's move arguments (issue #18 step 8): each client
move's arguments are a frozen dataclass beside the move (``bookkeeping.Pay``,
``holdings.Item`` …), its fields typed with these and bounded by the physical game
(docs/actions.md, "Field types and limits"). The engine reads them from a logged entry
(``engine.args.read``, in ``rules/moves.py``'s ``apply``); the web edge validates a JSON
body or a form into them with pydantic (web/schemas.py ``model_of``).
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Annotated, Any, TypeVar

from ..engine.args import Limit, OneOf, key_of, read
from .catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    FISH_MARKETS,
    SPIDER_CRAB_VALUES,
    TUNA_VALUES,
)
from .external_catalogue import BOATS
from .ledger import refuse
from .setup import NAME_MAX
from .table import SPACE_ITEMS

#: Most Yen any one payment can move: far beyond any table (everyone starts with ¥2,000),
#: and well inside SQLite's integers.
MAX_YEN = 1_000_000
#: Most pieces one action can move: the box holds 30 barrels of a fish, and no board or
#: bag holds more tokens of one kind.
MAX_COUNT = 30
#: Longest note a payment may carry (one line of the history).
NOTE_MAX = 120
#: Printed values and track spaces: the largest printed number on a token is 25.
MAX_PRINTED = 30
#: Longest id (market, fish, type …) worth looking up; longer text is not an id.
ID_MAX = 40
#: Most tokens in one auction lot: every token one player could hold of several kinds.
MAX_LOT = 100
#: Fish named in one action: there are 15 fish markets and a few more token keys.
MAX_KINDS = 20
#: Boats one visit may name: every boat in the box.
MAX_BOATS = sum(b.in_box for b in BOATS.values())

#: Every token code a lot, a draw or a visit may name (rules.auctions.Token.parse and
#: markets.external.pieces.token_of read them).
TOKEN_CODES: frozenset[str] = frozenset(
    {k for k in FISH_KEYS if k not in ("spider_crab", "tuna")}
    | {f"spider_crab:{v}" for v in SPIDER_CRAB_VALUES}
    | {f"tuna:{v}" for v in TUNA_VALUES}
    | {"salmon:fresh", "salmon:degraded"}
)

#: A player named in a move: the rules look the name up; this only bounds it.
Name = Annotated[str, Limit(min_len=1, max_len=NAME_MAX)]
Note = Annotated[str, Limit(max_len=NOTE_MAX)]
Amount = Annotated[int, Limit(ge=1, le=MAX_YEN)]
Count = Annotated[int, Limit(ge=1, le=MAX_COUNT)]
Printed = Annotated[int, Limit(ge=0, le=MAX_PRINTED)]
Id = Annotated[str, Limit(max_len=ID_MAX)]
FishKey = Annotated[Id, OneOf(FISH_KEYS)]
FishMarket = Annotated[Id, OneOf(FISH_MARKETS)]
#: Any market of the registries (a live view: a market registered later is one too).
AnyMarket = Annotated[Id, OneOf(ChainMap(FISH_MARKETS, EXTERNAL_MARKETS))]
Item = Annotated[Id, OneOf(SPACE_ITEMS)]
Side = Annotated[str, OneOf(("fresh", "degraded"))]
TokenCode = Annotated[Id, OneOf(TOKEN_CODES)]
#: Tokens named by their codes, as in an auction lot (``"eel"``, ``"tuna:20"``).
TokenList = Annotated[tuple[TokenCode, ...], Limit(max_len=MAX_LOT)]
BoatKind = Annotated[Id, OneOf(BOATS)]
BarrelKey = Annotated[Id, OneOf(set(FISH_MARKETS) | set(FISH_KEYS))]
#: A price on a Harbor board: ¥0 is allowed (AMB-03), in ¥100 steps.
Price = Annotated[int, Limit(ge=0, le=MAX_YEN, multiple_of=100)]
Row = Annotated[str, OneOf(("upper", "lower"))]
#: Most barrels, prices or tokens one guided action can name: the box holds 30 of a fish.
MAX_ITEMS = 30
#: A boat of a player's fleet, by its id (``b3``).
BoatId = Annotated[str, Limit(min_len=2, max_len=8, pattern=r"^b[0-9]{1,6}$")]
#: Barrels or tokens by fish: ``{"tuna": 3}``.
Counts = Annotated[
    dict[BarrelKey, Annotated[int, Limit(ge=0, le=MAX_COUNT)]], Limit(max_len=MAX_KINDS)
]


#: Tokens a visit sells by fish: a count, or the printed values / successive sales
#: (``{"tuna": [20, 15]}``), as the markets read them (rules/markets/*: ``sell``).
Sales = dict[str, int | list[int]]


@dataclass(frozen=True, kw_only=True)
class HarborBarrel:
    """A barrel of your own Harbor, named by its fish, row and price: handed back as a
    visit's entry (rules/entry.py), loaded onto a Himono licence."""

    fish: BarrelKey
    row: Row
    price: Price


@dataclass(frozen=True, kw_only=True)
class SoldBarrel:
    """A barrel of your own Harbor sold with the tokens (Mackerel)."""

    row: Row
    price: Price


@dataclass(frozen=True, kw_only=True)
class NoFields:
    """The visit fields of a market that reads none of its own."""


@dataclass(frozen=True, kw_only=True)
class NoArgs:
    """The arguments of a move that takes none (``next_turn``, ``end_game``)."""


A = TypeVar("A")


def read_args(cls: type[A], action: Mapping[str, Any]) -> A:
    """A logged entry's arguments as its move's dataclass (``engine.args.read``); a move
    whose dataclass names ``refused_as`` (the kind of move, ``kind.open_port``) first
    refuses a field it does not take, in a player's words, as the guided moves always
    have."""
    kind = getattr(cls, "refused_as", None)
    if kind is not None:
        known = {"type", *(key_of(f) for f in fields(cls))}  # type: ignore[arg-type]
        for key in action:
            if key not in known:
                raise refuse("bad_field", str(key), field=str(key), kind=kind)
    return read(cls, action)
