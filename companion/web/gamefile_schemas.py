"""The shape of a game file (``tsukiji-game/1``, shared/spec/report.md), parsed once at the
edge: strict pydantic models in the manner of :mod:`.schemas`, closed to unknown fields,
every list and text bounded. An action's data is checked with the very model the API
parses that action with (``action_schemas.ACTIONS``), plus the fields the server adds to it (the
bag draws); the entries only the server writes (auctions, undo, redo) have models here.

This module checks shapes only: whether the entries replay is asked of the rules
(companion/gamefile.py). A refusal is one sentence naming the first bad entry
(``events[17]``) or setup field (``setup.players``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, ValidationError
from pydantic_core import ErrorDetails

from ..door import Refused
from ..gamefile import FORMAT, GAME, Entry
from ..report_text import say
from ..rules.auctions import KINDS
from ..rules.bookkeeping import MAX_COUNT
from ..rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS
from ..rules.setup import NAME_MAX
from . import schemas
from .action_schemas import ACTIONS
from .schemas import (
    ID_MAX,
    MAX_LOT,
    BidAmount,
    Body,
    Figure,
    FishMarket,
    Name,
    Seat,
    Seed,
    Seq,
    Stock,
    Text,
    TokenCode,
)

#: Most entries a file may hold: a long game records a few hundred (up to a thousand or
#: so); five long games' worth. Each entry is replayed through the rules at import, so this
#: bounds that work as MAX_REFOLD (companion/gamefile.py) bounds the undos' (issue #17).
MAX_EVENTS = 5_000
#: An entry's time: ISO 8601 as the store writes it ("2025-06-01T19:30:00.123+00:00").
AT_MAX = 40
#: The Auction bag holds a few dozen tokens; a Fishing action records it shuffled.
MAX_BAG = 200

Actor = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]
Key = Annotated[str, Field(max_length=ID_MAX)]


def _receipt_row(row: list[Any]) -> list[Any]:
    if (
        len(row) != 3
        or not isinstance(row[0], int)
        or isinstance(row[0], bool)
        or not 0 <= row[0] <= 5
        or not all(isinstance(x, str) and len(x) <= ID_MAX for x in row[1:])
    ):
        raise ValueError("a receipt is [seat, nonce, receipt]")
    return row


def _seat_key(key: str) -> str:
    if key not in ("0", "1", "2", "3", "4", "5"):
        raise ValueError("a seat number")
    return key


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValueError("one of the auction kinds")
    return kind


Receipt = Annotated[list[int | str], AfterValidator(_receipt_row)]
SeatKey = Annotated[str, AfterValidator(_seat_key)]
Draws = Annotated[list[TokenCode], Field(max_length=MAX_COUNT)]


class Setup(Body):
    """``GameConfig.to_json()`` of the exporting server, key for key."""

    players: list[Annotated[str, Field(max_length=4 * NAME_MAX)]] = Field(max_length=12)
    colors: list[Text] = Field(max_length=12)
    fish_markets: list[Text] = Field(max_length=len(FISH_MARKETS))
    external_markets: list[Text] = Field(max_length=len(EXTERNAL_MARKETS))
    money: Text
    expansion: bool
    variants: list[Text] = Field(max_length=6)
    seed: Seed | None
    start_player: Seat
    board_numbers: dict[Text, dict[Text, Figure]] = Field(max_length=len(FISH_MARKETS))
    #: 2: boats placed (GameConfig.fleet); left out by games recorded before (counted).
    fleet: Literal[2] | None = None


class FileEntry(Body):
    seq: Seq
    type: Key
    data: dict[Key, Any] = Field(max_length=40)
    actor: Actor
    at: Annotated[str, Field(min_length=1, max_length=AT_MAX)]
    undone_by: Seq | None


class GameFile(Body):
    format: Literal["tsukiji-game/1"]
    game: Literal["tokyo_tsukiji_market"]
    rules_version: Text
    setup: Setup
    events: list[FileEntry] = Field(max_length=MAX_EVENTS)


# -- what the server adds to an action, and what only the server writes --------------------


class FishingInputs(Body):
    drawn: list[TokenCode] = Field(max_length=MAX_BAG)
    auction_id: Key


class PurchaseInputs(Body):
    draws: Draws | None = None


#: Fields of an action's data the server wrote (door._server_inputs), by action type.
SERVER_INPUTS: dict[str, type[Body]] = {"fishing": FishingInputs, "purchase": PurchaseInputs}


class AuctionOpenData(Body):
    id: Key
    kind: Annotated[str, AfterValidator(_kind)]
    owner: Name
    drawn: TokenCode | list[TokenCode] | None = None
    draw: Literal["random", "by hand"] | None = None
    lot: list[TokenCode] | None = Field(default=None, max_length=MAX_LOT)
    barrels: dict[FishMarket, Stock] | None = None


class BidSealedData(Body):
    auction: Key
    player: Name


class RevealData(Body):
    auction: Key
    bids: dict[SeatKey, BidAmount] = Field(max_length=6)
    receipts: list[Receipt] = Field(max_length=6)
    draws: Draws | None = None


class ChooseData(Body):
    auction: Key
    winner: Name | None
    chooser: Actor
    draws: Draws | None = None


class UndoData(Body):
    targets: list[Seq] = Field(min_length=1, max_length=MAX_EVENTS)


class RedoData(UndoData):
    undo: Seq


SERVER_ENTRIES: dict[str, type[Body]] = {
    "auction_open": AuctionOpenData,
    "bid_sealed": BidSealedData,
    "auction_reveal": RevealData,
    "auction_choose": ChooseData,
    "undo": UndoData,
    "redo": RedoData,
}


# -- refusals --------------------------------------------------------------------------------


def _where(loc: tuple[int | str, ...]) -> str:
    return schemas.path(loc)


def _first(exc: ValidationError) -> ErrorDetails:
    errors = exc.errors()
    # An unknown field explains a missing one (a typo): say that first, as schemas does.
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def _file_refusal(exc: ValidationError) -> Refused:
    error = _first(exc)
    loc = tuple(error["loc"])
    if loc[:1] == ("format",):
        return Refused(400, say("file.format"), "format")
    if loc[:1] == ("game",):
        return Refused(400, say("file.game"), "game")
    if len(loc) >= 2 and loc[0] == "events" and isinstance(loc[1], int):
        field = f"events[{loc[1]}]"
        if len(loc) == 2 and error["type"] == "too_long":
            return Refused(400, say("file.too_many", limit=MAX_EVENTS), "events")
        # An entry that is no object at all names itself: "the entry" was English on a
        # Japanese page ("（the entryが正しくありません）").
        detail = _where(loc[2:]) or field
        code = "file.entry_missing" if error["type"] == "missing" else "file.entry_shape"
        return Refused(400, say(code, field=field, detail=detail), field)
    if loc == ("events",) and error["type"] == "too_long":
        return Refused(400, say("file.too_many", limit=MAX_EVENTS), "events")
    where = _where(loc) or "body"
    if error["type"] == "extra_forbidden":
        return Refused(400, say("file.extra", field=schemas.quoted(where)), where)
    return Refused(400, say("file.field", field=where), where)


def _entry_refusal(index: int, exc: ValidationError, prefix: str = "data") -> Refused:
    error = _first(exc)
    field = f"events[{index}]"
    detail = ".".join(p for p in (prefix, _where(tuple(error["loc"]))) if p)
    code = "file.entry_missing" if error["type"] == "missing" else "file.entry_shape"
    return Refused(400, say(code, field=field, detail=detail), field)


def _redacted(type_: str, data: dict[str, Any]) -> bool:
    """A player's own export of a closed-money game: an amount was left out (null)."""
    if type_ == "pay":
        return "amount" in data and data["amount"] is None
    if type_ == "purchase" and isinstance(data.get("barrels"), list):
        return any(isinstance(b, dict) and b.get("price", 0) is None for b in data["barrels"])
    return False


def _check_data(index: int, type_: str, data: dict[str, Any]) -> None:
    field = f"events[{index}]"
    if _redacted(type_, data):
        raise Refused(400, say("file.redacted", field=field), field)
    model = ACTIONS.get(type_)
    if model is not None:
        server = SERVER_INPUTS.get(type_)
        added = {k: v for k, v in data.items() if server is not None and k in server.model_fields}
        body = {k: v for k, v in data.items() if k not in added}
        if "expected_seq" in body or "correction" in body or "type" in body:
            # Read by the door, never stored with an action: no export holds them.
            bad = next(k for k in ("type", "expected_seq", "correction") if k in body)
            raise Refused(400, say("file.entry_shape", field=field, detail=f"data.{bad}"), field)
        _validate(model, {**body, "type": type_}, index)
        if server is not None:
            _validate(server, added, index)
        return
    server_entry = SERVER_ENTRIES.get(type_)
    if server_entry is None:
        raise Refused(400, say("file.entry_type", field=field, kind=type_), field)
    _validate(server_entry, data, index)


def _validate(model: type[BaseModel], data: dict[str, Any], index: int) -> None:
    try:
        model.model_validate(data, context={"form": False})
    except ValidationError as exc:
        raise _entry_refusal(index, exc) from None


def parse_file(data: Any) -> tuple[GameFile, list[Entry]]:
    """A game file's envelope, setup and entries, their shapes checked; Refused (400)
    naming the first field or entry that is not what an export holds."""
    if not isinstance(data, dict):
        raise Refused(400, say("file.not_object"))
    if data.get("format") != FORMAT:
        raise Refused(400, say("file.format"), "format")
    if data.get("game") != GAME:
        raise Refused(400, say("file.game"), "game")
    events = data.get("events")
    if isinstance(events, list) and len(events) > MAX_EVENTS:
        # Before every entry's shape is checked: counting is the whole cost of this refusal.
        raise Refused(400, say("file.too_many", limit=MAX_EVENTS), "events")
    try:
        parsed = GameFile.model_validate(data, context={"form": False})
    except ValidationError as exc:
        raise _file_refusal(exc) from None
    entries = []
    for index, e in enumerate(parsed.events):
        _check_data(index, e.type, e.data)
        entries.append(Entry(e.seq, e.type, e.data, e.actor, e.at, e.undone_by))
    return parsed, entries
