"""The shape of every request body, as pydantic v2 models: one per action type and one per
endpoint body, strict (a JSON string is never a number, a number never a bool) and closed
(``extra="forbid"``: a typo such as ``"ammount"`` is refused with its name, not dropped).

The JSON API and the htmx forms go through the same models. A form sends strings; the one
step that reads a form string as a number or a flag is :func:`_form_number` /
:func:`_form_flag`, applied only when validating with ``form=True``: ASCII digits only, so
``"²"`` and ``"１００"`` are not numbers. Every number is bounded by the physical game
(``MAX_YEN``, ``MAX_COUNT`` …; docs/actions.md, "Field types and limits").

The board game's bodies are web/action_schemas.py's (the bookkeeping actions,
``ACTIONS``, the auctions' bodies, a new game's ``Config``) and web/turn_schemas.py's (the
guided turn); this module holds what every game's bodies share: the limits, the form
numbers and flags, the field types, ``Body`` and ``ActionBody``, and the refusals.

A refusal is one sentence for a person naming the first bad field (:func:`refusal`),
never pydantic's own wording. The rules core checks the typed values again (it stays
standard library only: pydantic lives here, in the web layer).
"""

from __future__ import annotations

import json
import unicodedata
from collections import ChainMap
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from .. import catalogues
from ..door import Refused
from ..i18n import use_field_labels
from ..rules.auctions import KINDS
from ..rules.bookkeeping import MAX_COUNT, MAX_YEN, NOTE_MAX
from ..rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_KEYS,
    FISH_MARKETS,
    SPIDER_CRAB_VALUES,
    TUNA_VALUES,
)
from ..rules.figures import figure_labels
from ..rules.messages import Message
from ..rules.setup import MAX_SEED, NAME_MAX
from ..rules.table import SPACE_ITEMS

#: Entry numbers (``expected_seq``, ``to_seq``): a game never gets near a billion entries.
MAX_SEQ = 10**9
#: Printed values and track spaces: the largest printed number on a token is 25.
MAX_PRINTED = 30
#: Numbers the host enters for Expansion boards (AMB-40): counts up to 99, and the prices
#: of external boards up to ¥9,900 (the rules check which is which).
MAX_FIGURE = 9900
#: Most tokens in one auction lot: every token one player could hold of several kinds.
MAX_LOT = 100
#: Digits a form number may have before it is read as "too large" rather than parsed:
#: keeps ``int()`` far from Python's 4,300-digit limit.
MAX_DIGITS = 18
#: Longest id (market, fish, type …) worth looking up; longer text is not an id.
ID_MAX = 40

#: Every token code a lot or a draw may name (rules.auctions.Token.parse reads them).
TOKEN_CODES: frozenset[str] = frozenset(
    {k for k in FISH_KEYS if k not in ("spider_crab", "tuna")}
    | {f"spider_crab:{v}" for v in SPIDER_CRAB_VALUES}
    | {f"tuna:{v}" for v in TUNA_VALUES}
    | {"salmon:fresh", "salmon:degraded"}
)


# -- form strings → numbers and flags (the one place) -------------------------------------


def typed_text(raw: str | None) -> str:
    """A field's text as a phone typed it: full-width digits and letters ("２", "１，０００",
    a Japanese keyboard's) read as their own (NFKC), spaces around dropped; nothing else
    changes, so :func:`form_int` still refuses what is no number.

    >>> typed_text(" １２ "), typed_text("１，０００"), typed_text(None)
    ('12', '1,000', '')
    """
    return unicodedata.normalize("NFKC", raw or "").strip()


def form_int(text: str, *, signed: bool = False) -> int | None:
    """A whole number typed into a form: ASCII digits only (``str.isdigit`` also accepts
    "²" and "１００", which ``int`` then breaks on or reads as 100), with a leading sign
    when ``signed``; None when the text is not such a number or has more than
    ``MAX_DIGITS`` digits.

    >>> form_int("300"), form_int(" 7 "), form_int("²"), form_int("１００"), form_int("-3")
    (300, 7, None, None, None)
    >>> form_int("-3", signed=True), form_int("+", signed=True)
    (-3, None)
    """
    text = text.strip()
    sign = 1
    if signed and text[:1] in ("+", "-"):
        sign = -1 if text[0] == "-" else 1
        text = text[1:]
    if not text or len(text) > MAX_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    return sign * int(text)


def _is_form(info: ValidationInfo) -> bool:
    context = info.context
    return isinstance(context, Mapping) and bool(context.get("form"))


def _form_number(value: object, info: ValidationInfo) -> object:
    """In a form, ASCII digits are a number; anything else is left for the strict check to
    refuse. Too many digits read as a number beyond every bound, so the refusal says the
    limit instead of "not a number"."""
    if not _is_form(info) or not isinstance(value, str):
        return value
    number = form_int(value)
    if number is None and value.isascii() and value.isdigit():
        return 10**MAX_DIGITS
    return value if number is None else number


_TRUE = frozenset({"on", "1", "true"})
_FALSE = frozenset({"off", "0", "false"})


def _form_flag(value: object, info: ValidationInfo) -> object:
    """A ticked checkbox sends "on"; "1"/"true" and "off"/"0"/"false" are read too."""
    if not _is_form(info) or not isinstance(value, str):
        return value
    word = value.strip().lower()
    return True if word in _TRUE else False if word in _FALSE else value


def one_of(choices: Collection[object]) -> AfterValidator:
    def check(value: object) -> object:
        if value not in choices:
            raise PydanticCustomError("not_one_of", "not one of the choices")
        return value

    return AfterValidator(check)


FormNumber = BeforeValidator(_form_number)
FormFlag = BeforeValidator(_form_flag)

Flag = Annotated[bool, FormFlag]
Seq = Annotated[int, FormNumber, Field(ge=0, le=MAX_SEQ)]
Amount = Annotated[int, FormNumber, Field(ge=1, le=MAX_YEN)]
BidAmount = Annotated[int, FormNumber, Field(ge=0, le=MAX_YEN, multiple_of=100)]
Count = Annotated[int, FormNumber, Field(ge=1, le=MAX_COUNT)]
Stock = Annotated[int, FormNumber, Field(ge=0, le=MAX_COUNT)]
Printed = Annotated[int, FormNumber, Field(ge=0, le=MAX_PRINTED)]
Figure = Annotated[int, FormNumber, Field(ge=0, le=MAX_FIGURE)]
Seed = Annotated[int, FormNumber, Field(ge=0, le=MAX_SEED)]
Seat = Annotated[int, FormNumber, Field(ge=0, le=5)]
#: A player named in an action: the rules look the name up; this only bounds it.
Name = Annotated[str, Field(min_length=1, max_length=NAME_MAX)]
Note = Annotated[str, Field(max_length=NOTE_MAX)]
Text = Annotated[str, Field(max_length=ID_MAX)]
FishKey = Annotated[str, Field(max_length=ID_MAX), one_of(FISH_KEYS)]
FishMarket = Annotated[str, Field(max_length=ID_MAX), one_of(FISH_MARKETS)]
#: Any market of the registries (a live view: a market registered later is one too).
AnyMarket = Annotated[
    str, Field(max_length=ID_MAX), one_of(ChainMap(FISH_MARKETS, EXTERNAL_MARKETS))
]
Item = Annotated[str, Field(max_length=ID_MAX), one_of(SPACE_ITEMS)]
TokenCode = Annotated[str, Field(max_length=ID_MAX), one_of(TOKEN_CODES)]
Side = Literal["fresh", "degraded"]


class Body(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# -- actions (POST /actions, the /act form) -------------------------------------------------


class ActionBody(Body):
    #: Not arguments of the move: read by the door, never stored with the action.
    expected_seq: Seq | None = None
    correction: Flag = False

    def args(self) -> dict[str, Any]:
        """The move's arguments as typed values; fields left out keep the rules' defaults
        (and stay out of the log, as before)."""
        return self.model_dump(
            by_alias=True,
            exclude_unset=True,
            exclude_none=True,
            exclude={"type", "expected_seq", "correction"},
        )


# -- the other bodies ------------------------------------------------------------------------


class Undo(Body):
    to_seq: Seq | None = None
    expected_seq: Seq | None = None


class Redo(Body):
    expected_seq: Seq | None = None


#: The action types whose unknown field is said as that action's ("… is no field of a
#: pay"): the board game's, given by web/action_schemas.py (its ``ACTIONS``).
ACTION_SUBJECTS: set[str] = set()


# -- refusals: one sentence per field and kind of error -------------------------------------


@dataclass(frozen=True)
class Wording:
    """How to say that a field is wrong, from the catalogues' ``wording.<key>.*`` entries
    (``key`` the field's name, or ``<body>.<name>`` where one field name means something
    else in one body): ``label`` and ``what`` make the default sentence ("The amount must
    be a whole number of Yen, such as 300."); ``wording.<key>.<kind>`` overrides it per
    kind of error (``must``, ``missing``, ``low``, ``high``, ``multiple``, ``shape``)."""

    key: str
    #: The field's name as sent, for a field no wording knows ("The field "x"").
    name: str = ""

    def _said(self, part: str) -> Message:
        return Message(f"wording.{self.key}.{part}", {**WORDING_VALUES, "name": quoted(self.name)})

    def sentence(self, kind: str) -> Message:
        """The refusal of a bad value of this field, worded in the asker's language."""
        if catalogues.known(f"wording.{self.key}.{kind}"):
            return self._said(kind)
        return Message("field.must", {"label": self.label_message(), "what": self._said("what")})

    def label_message(self) -> Message:
        """The field's name at the start of a sentence, in each language."""
        return self._said("label")


def phrase(en: str, ja: str) -> Message:
    """Words of the web layer in each language (``ja`` empty: the English)."""
    return Message("phrase", {"text": {"en": en, "ja": ja or en}})


#: The numbers the wordings quote (``%(max_count)s``, ``¥%(max_yen)d`` …).
WORDING_VALUES: Mapping[str, Any] = {
    "max_seq": MAX_SEQ,
    "max_lot": MAX_LOT,
    "max_seed": MAX_SEED,
    "max_figure": MAX_FIGURE,
    "max_count": MAX_COUNT,
    "max_yen": MAX_YEN,
    "note_max": NOTE_MAX,
    # Ids, not names: each language lists them with its own separator.
    "kinds": {"en": ", ".join(KINDS), "ja": "、".join(KINDS)},
}


#: pydantic's error types, by the kind of sentence that answers them.
_KINDS = {
    "missing": "missing",
    "greater_than_equal": "low",
    "greater_than": "low",
    "less_than_equal": "high",
    "less_than": "high",
    "multiple_of": "multiple",
    "dict_type": "shape",
    "list_type": "shape",
    "model_type": "shape",
}


def wording(subject: str, name: str) -> Wording:
    """How to word a bad ``name`` in a ``subject`` body, in English and Japanese."""
    for key in (f"{subject}.{name}", name):
        if catalogues.known(f"wording.{key}.label"):
            return Wording(key)
    return Wording("unknown", name)


def known_field(name: str) -> bool:
    """Whether the catalogues word the field ``name`` (in any body)."""
    return catalogues.known(f"wording.{name}.label")


#: The figures of a board the host enters (``board_numbers.<market>.<figure>``), named as
#: the New game page names them; the external boards' own are ``figure_labels``'.
_FIGURE_CODES = {f: f"figure.{f}" for f in ("licenses", "barrels", "tokens", "clams", "oysters")}


def _figure(figure: str) -> Message:
    code = _FIGURE_CODES.get(figure)
    if code is not None:
        return Message(code)
    en, ja = figure_labels("en").get(figure), figure_labels("ja").get(figure)
    return phrase(en or figure, ja or en or figure)


def label_of(where: str) -> Message:
    """A field a refusal names, as people call it in each language (capitalised in
    English, as the start of a sentence): ``amount`` → "The amount" / 「金額」. A path is
    named by its last part the table knows (``players[2].fish`` → "The fish"; a fish or
    market id by its name: ``sell.eel`` → "Eel"); a board number by its board and figure
    (``board_numbers.nori.tokens`` → "The Nori board’s “Tokens”")."""
    parts = [p.split("[")[0] for p in where.split(".") if p]
    if len(parts) == 3 and parts[0] == "board_numbers":
        return Message("field.board_figure", {"market": parts[1], "figure": _figure(parts[2])})
    for part in reversed(parts):
        if known_field(part):
            return wording("", part).label_message()
        en, ja = catalogues.name(part, "en"), catalogues.name(part, "ja")
        if en and ja:
            return phrase(en, ja)
    return wording("", parts[-1] if parts else where).label_message()


use_field_labels(label_of)


def quoted(name: str) -> str:
    """A field name as a client typed it, short and with any odd character escaped."""
    return json.dumps(name[:ID_MAX], ensure_ascii=False)


def path(loc: tuple[int | str, ...]) -> str:
    """``("board_numbers", "nori", "tokens")`` → ``board_numbers.nori.tokens``;
    ``("lot", 3)`` → ``lot[3]``."""
    out = ""
    for part in loc:
        if part == "[key]":  # pydantic's marker for a dict key that failed
            continue
        if isinstance(part, str) and (part[:1].isupper() or any(c in part for c in "[]'-,")):
            continue  # the tag of a union's member ("literal[...]", "TokenEntry")
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


def _first(errors: list[ErrorDetails]) -> ErrorDetails:
    # An unknown field explains a missing one ("ammount" for "amount"): say that first.
    return next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])


def refusal(exc: ValidationError, subject: str) -> Refused:
    """The first bad field of a body as one sentence. ``subject`` is the action type or
    the body's name ("bid", "undo", "config", "auction" …), for the wording."""
    error = _first(exc.errors())
    loc = tuple(error["loc"])
    where = path(loc)
    name = str(loc[0]) if loc else ""
    if error["type"] == "extra_forbidden":
        if subject in ACTION_SUBJECTS:
            said = Message("field.extra_action", {"action": subject, "field": quoted(where)})
        else:
            said = Message("field.extra", {"field": quoted(where)})
        return Refused(400, said, where)
    kind = _KINDS.get(error["type"], "must")
    return Refused(400, wording(subject, name).sentence(kind), where or None)


M = TypeVar("M", bound=BaseModel)


def parse(model: type[M], data: object, subject: str, *, form: bool = False) -> M:
    """``data`` as ``model``, or the refusal naming its first bad field. ``form``: the
    values are form strings, read as numbers and flags where the model wants them."""
    try:
        return model.model_validate(data, context={"form": form})
    except ValidationError as exc:
        raise refusal(exc, subject) from None


def bad_text(subject: str, where: str, key: bool = False) -> Refused:
    """The refusal of a text holding a character nothing may store."""
    if key:
        return Refused(400, Message("field.bad_key"), where or None)
    root = where.split(".")[0].split("[")[0]
    label = wording(subject, root).label_message() if root else Message("field.the_body")
    return Refused(400, Message("field.bad_text", {"label": label}), where)
