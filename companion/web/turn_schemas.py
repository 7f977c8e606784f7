"""The guided turn's bodies (shared/spec/flows.md; docs/actions.md, "The guided turn"), as
pydantic models like every other body (web/schemas.py): a visit and its entry, trades and
sales; a Fishing action, counted or boat by boat; a purchase; the start of a turn; the free
moves of the fleet; loading Himono licences. web/action_schemas.py lists them in
``ACTIONS``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, create_model

from ..engine.args import client_fields, hints
from ..rules.bookkeeping import MAX_COUNT, MAX_YEN
from ..rules.catalogue import FISH_KEYS, FISH_MARKETS
from ..rules.markets import MARKETS
from ..rules.markets.external import EXTERNAL
from ..rules.visit import Visit
from .arg_models import field_of, model_of
from .schemas import (
    ID_MAX,
    ActionBody,
    Body,
    FormNumber,
    Name,
    one_of,
)

#: A price on a Harbor board: ¥0 is allowed (AMB-03), in ¥100 steps.
Price = Annotated[int, FormNumber, Field(ge=0, le=MAX_YEN, multiple_of=100)]
Row = Literal["upper", "lower"]
#: Most barrels, prices or tokens one guided action can name: the box holds 30 of a fish.
MAX_ITEMS = 30
#: Fish named in one action: there are 15 fish markets and a few more token keys.
MAX_KINDS = 20
BarrelKey = Annotated[str, Field(max_length=ID_MAX), one_of(set(FISH_MARKETS) | set(FISH_KEYS))]
Counts = Annotated[
    dict[BarrelKey, Annotated[int, Field(ge=0, le=MAX_COUNT)]], Field(max_length=MAX_KINDS)
]


class _Item(Body):
    """One element of a list inside an action (no ``expected_seq`` of its own)."""


#: The markets' registry contents a visit model was made for, and that model.
_VISIT: dict[tuple[tuple[str, type[Any]], ...], type[ActionBody]] = {}


def visit_model() -> type[ActionBody]:
    """The body of a visit: the fields every visit takes (``rules.visit.Visit``), and each
    market's own fields, fish markets' then external markets', made from its dataclass in
    its folder (``Market.fields``, ``External.fields``, issue #18 step 8), so a new
    market's field needs no field here. One flat model, as the JSON is flat: the rules
    refuse a field the market visited does not take. Made again when a market is
    registered (the test-only market)."""
    markets: list[tuple[str, type[Any]]] = [(k, m.fields) for k, m in MARKETS.items()]
    key = (*markets, *((k, m.fields) for k, m in EXTERNAL.items()))
    if key not in _VISIT:
        own: dict[str, Any] = {}
        said: dict[str, Any] = {}
        for _market, m in key:
            typed = hints(m)
            for f in client_fields(m):
                name, spec = field_of(f, typed[f.name])
                if name in said and said[name] != typed[f.name]:
                    raise TypeError(f"two markets' visit field {name!r} differ in type")
                said[name] = typed[f.name]
                own[name] = spec
        _VISIT[key] = create_model("Visit", __base__=model_of("visit", Visit), **own)
    return _VISIT[key]


class ForSale(_Item):
    fish: BarrelKey
    price: Price


class Reprice(_Item):
    row: Row
    fish: BarrelKey
    price: Price
    to: Price


BoatId = Annotated[str, Field(min_length=2, max_length=8, pattern=r"^b[0-9]{1,6}$")]


class BoatActivity(_Item):
    """One boat's activity in a Fishing action (rules/fishing_boats.py)."""

    boat: BoatId
    do: Literal["undock", "catch", "dock"]
    fish: BarrelKey | Annotated[list[BarrelKey], Field(min_length=1, max_length=2)] | None = None
    at: Literal["leftmost", "1", "2", "overseas"] | None = None
    licence: BarrelKey | None = None
    count: Annotated[int, FormNumber, Field(ge=1, le=2)] | None = None
    group: Annotated[int, FormNumber, Field(ge=1, le=12)] | None = None


class Fishing(ActionBody):
    type: Literal["fishing"]
    player: Name
    #: Boat by boat (flows.md, "The fleet, boat by boat"); not with the counted fields.
    boats: Annotated[list[BoatActivity], Field(max_length=12)] | None = None
    caught: Counts | None = None
    unloaded: Counts | None = None
    for_sale: Annotated[list[ForSale], Field(max_length=MAX_ITEMS)] | None = None
    reprice: Annotated[list[Reprice], Field(max_length=MAX_ITEMS)] | None = None
    #: Barrels caught with Himono licences (Mackerel, Horse Mackerel, Sardine, Himono).
    caught_himono: Counts | None = None
