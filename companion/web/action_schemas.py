"""The board game's bodies besides the guided turn's (web/turn_schemas.py): the bookkeeping
actions (POST /actions, the /act form), ``ACTIONS`` (every action type a client may send,
and its model), the auctions' opening bodies (``AUCTIONS``) and a new game's settings
(``Config``) — pydantic models on web/schemas.py's field types.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from ..rules.auctions import KINDS
from ..rules.bookkeeping import MAX_COUNT
from ..rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_MARKETS,
)
from ..rules.moves import MOVES
from ..rules.setup import NAME_MAX
from . import schemas
from .arg_models import model_of
from .schemas import (
    MAX_LOT,
    ActionBody,
    Body,
    Figure,
    FishMarket,
    Flag,
    Name,
    Seat,
    Seed,
    Seq,
    Stock,
    Text,
    TokenCode,
)
from .turn_schemas import (
    visit_model,
)


#: Every action type a client may send, and its model (the rules' MOVES without the
#: internal auction types; tests/test_edge.py checks that the two agree).
class _Actions(Mapping[str, type[ActionBody]]):
    """The action types a client may send and their models; a visit's model is made from
    the markets registered now (``turn_schemas.visit_model``)."""

    def __init__(self, models: dict[str, type[ActionBody] | None]) -> None:
        self._models = models

    def __getitem__(self, kind: str) -> type[ActionBody]:
        model = self._models[kind]
        return visit_model() if model is None else model

    def __iter__(self) -> Iterator[str]:
        return iter(self._models)

    def __len__(self) -> int:
        return len(self._models)


ACTIONS: Mapping[str, type[ActionBody]] = _Actions(
    {
        # The moves whose arguments the rules declare as a dataclass (issue #18 step 8).
        **{kind: model_of(kind, m.args) for kind, m in MOVES.items() if m.args and not m.internal},
        "visit": None,
    }
)
schemas.ACTION_SUBJECTS.update(ACTIONS)


class AuctionBody(Body):
    owner: Name
    expected_seq: Seq | None = None

    def body(self) -> dict[str, Any]:
        return self.model_dump(exclude_unset=True, exclude_none=True, exclude={"expected_seq"})


class DockingAuction(AuctionBody):
    kind: Literal["spider_crab", "tuna"]
    #: The token drawn by hand; left out, the server draws one.
    drawn: TokenCode | None = None


class SwordfishAuction(AuctionBody):
    kind: Literal["swordfish"]


class LotAuction(AuctionBody):
    kind: Literal["auction_market", "barter"]
    lot: list[TokenCode] = Field(max_length=MAX_LOT)


class OverseasAuction(AuctionBody):
    kind: Literal["overseas"]
    barrels: dict[FishMarket, Stock]
    drawn: list[TokenCode] | None = Field(default=None, max_length=MAX_COUNT)


AUCTIONS: dict[str, type[AuctionBody]] = {
    "spider_crab": DockingAuction,
    "tuna": DockingAuction,
    "swordfish": SwordfishAuction,
    "auction_market": LotAuction,
    "barter": LotAuction,
    "overseas": OverseasAuction,
}
assert set(AUCTIONS) == set(KINDS)


class Config(Body):
    """A new game's settings; the rules (make_config) check them against setup."""

    # Bounds generous enough for the rules to say what is wrong ("2 to 6 players",
    # "at most 24 characters") while no list or text can grow without end.
    players: list[Annotated[str, Field(max_length=4 * NAME_MAX)]] = Field(max_length=12)
    money: Text = "open"
    expansion: Flag = False
    fish_markets: list[Text] | None = Field(default=None, max_length=len(FISH_MARKETS))
    external_markets: list[Text] | None = Field(default=None, max_length=len(EXTERNAL_MARKETS))
    variants: list[Text] = Field(default_factory=list, max_length=6)
    seed: Seed | None = None
    fixed_fish: Text = "mackerel"
    start_player: Seat = 0
    board_numbers: dict[Text, dict[Text, Figure]] | None = None


#: One count of a form's auction lot or Overseas barrels (``lot_eel=3``, ``barrel_tuna=2``).
FORM_STOCK: TypeAdapter[int] = TypeAdapter(Stock, config=ConfigDict(strict=True))
