"""Tokyo Jutaku at the edge: the exit endpoint's body and the game's log, each parsed once
by strict pydantic models and refused with one sentence naming the field, and the log
kept in the page's address (JSON in base64url: :func:`encode`, :func:`decode`)."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Annotated, Any, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic_core import ErrorDetails

from ..door import Refused
from ..engine import Message
from ..jutaku import catalogue as cat
from ..jutaku.game import BuyTuna, CarriedArgs, Exit
from ..rules.errors import IllegalAction
from ..rules.setup import bad_character
from .arg_models import body_of, log_model
from .schemas import path, quoted

#: Most moves in a game's log: 2 exits per player and the 5 Tuna, with room to spare.
MAX_MOVES = 2 * cat.MAX_PLAYERS + cat.TUNA_PIECES + 8
#: Longest ``g`` worth decoding: a full log is a few KiB.
MAX_LINK = 16_000


class Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


Price = Annotated[int, Field(ge=0, le=cat.PRICE_MAX, multiple_of=cat.PRICE_STEP)]

#: The shop's price of every category, each optional (missing: its setup price).
#: (The categories come from the catalogue, never retyped.)
_PRICE_FIELDS: dict[str, Any] = {c: (Price | None, None) for c in cat.CATEGORIES}
PricesBody = create_model("PricesBody", __base__=Body, **_PRICE_FIELDS)
#: What a player carries out, from the game's dataclass (issue #18 step 8).
CarriedBody = body_of(CarriedArgs)


class ExitBody(Body):
    prices: PricesBody | None = None  # type: ignore[valid-type]
    salmon_cashed: bool = False
    carried: CarriedBody  # type: ignore[valid-type]


PlayerName = Annotated[str, Field(min_length=1, max_length=cat.NAME_MAX)]

#: The moves a log holds, each from its move's dataclass (issue #18 step 8).
ExitMove = log_model("exit", Exit)
TunaMove = log_model("buy_tuna", BuyTuna)


class GameLog(Body):
    """What ``g`` holds: the names and every move, in order."""

    players: list[PlayerName] = Field(min_length=cat.MIN_PLAYERS, max_length=cat.MAX_PLAYERS)
    moves: list[Annotated[ExitMove | TunaMove, Field(discriminator="type")]] = Field(  # type: ignore[valid-type]
        default_factory=list, max_length=MAX_MOVES
    )


# -- refusals: one sentence per field ------------------------------------------------------------


def named(what: str) -> Message:
    return Message(f"jutaku.name.{what}")


def _first(errors: list[ErrorDetails]) -> ErrorDetails:
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def carried_sentence(key: str, kind: str) -> Message:
    if key in ("spider_crab", "tuna"):
        if kind == "too_long":
            most = cat.SPIDER_CRAB_PIECES if key == "spider_crab" else cat.TUNA_PIECES
            return Message("jutaku.pieces", {"what": named(key), "most": most})
        values = cat.SPIDER_CRAB_VALUES if key == "spider_crab" else cat.TUNA_VALUES
        return Message("jutaku.printed", {"what": named(key), "values": values})
    most = cat.SALMON_PIECES if key == "salmon" else cat.MAX_CARRIED
    return Message("jutaku.count", {"what": named(key), "most": most})


def refusal(exc: ValidationError, prefix: tuple[str | int, ...] = ()) -> Refused:
    """The first bad field of a body as one sentence (from the Jutaku catalogue)."""
    error = _first(exc.errors())
    loc = prefix + tuple(error["loc"])
    where = path(loc)
    if error["type"] == "extra_forbidden":
        return Refused(400, Message("jutaku.no_field", {"name": quoted(where)}), where)
    # Drop the tag a discriminated union puts in the location ("exit", "buy_tuna").
    loc = tuple(p for p in loc if p not in ("exit", "buy_tuna"))
    names = [p for p in loc if isinstance(p, str)]
    head = names[0] if names else ""
    message: Message
    if head == "prices" and len(names) > 1:
        message = Message(
            "jutaku.price_value",
            {"what": named(names[1]), "step": cat.PRICE_STEP, "most": cat.PRICE_MAX},
        )
    elif head == "prices":
        message = Message("jutaku.prices_shape")
    elif head == "salmon_cashed":
        message = Message("jutaku.flag")
    elif head == "carried" and len(names) > 1:
        message = carried_sentence(names[1], error["type"])
    elif head == "carried":
        missing = error["type"] == "missing"
        message = Message("jutaku.carried_missing" if missing else "jutaku.carried_shape")
    else:
        message = Message("jutaku.body")
    return Refused(400, message, where or None)


def illegal(exc: IllegalAction) -> Refused:
    said = exc.code_message
    return Refused(400, said if said is not None else exc.message, exc.field)


def dump(model: BaseModel, **options: Any) -> dict[str, Any]:
    return model.model_dump(**options)


# -- the game in its address ------------------------------------------------------------------


def link_refused() -> NoReturn:
    raise Refused(400, Message("jutaku.link"), "g")


def encode(players: list[str], moves: list[dict[str, Any]]) -> str:
    text = json.dumps(
        {"players": players, "moves": moves}, ensure_ascii=False, separators=(",", ":")
    )
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def _constant(name: str) -> NoReturn:
    raise ValueError(name)


def decode(token: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The names and moves a ``g`` holds; Refused (400) when it is not a log this page
    wrote (the rules then check that its moves are legal)."""
    if len(token) > MAX_LINK or not token.isascii():
        link_refused()
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        data = json.loads(raw.decode("utf-8"), parse_constant=_constant)
    except (binascii.Error, ValueError, RecursionError):  # UnicodeDecodeError, JSONDecodeError
        link_refused()
    try:
        log = GameLog.model_validate(data)
    except ValidationError:
        link_refused()
    if any(bad_character(name) is not None for name in log.players):
        link_refused()  # the start form refuses such a name: this page never wrote it
    entries: list[BaseModel] = list(log.moves)
    # Each move's ``type`` has no default: the dump keeps it, first.
    moves = [m.model_dump(exclude_defaults=True) for m in entries]
    return list(log.players), moves
