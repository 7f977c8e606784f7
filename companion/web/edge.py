"""Parsing at the edge: every request body (JSON or an htmx form) becomes typed arguments
once, here, before the door sees it, through the models of :mod:`.schemas`. A body that
cannot be parsed is refused with one sentence naming the field; nothing is built from a
request before its identity is checked (the routes call these after ``identify``).

The JSON body is read here rather than by Flask's ``get_json``: that one lets a deeply
nested body raise RecursionError (a 500) and reads ``NaN`` as a number. The size of any
body is bounded by the app (``MAX_CONTENT_LENGTH``, companion/web/__init__.py).

What every game's bodies share is here (the body read, the version expected, undo and
redo); the board game's actions, auctions, bids and settings are in :mod:`.edge_board`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final, NoReturn

from flask import request
from werkzeug.datastructures import MultiDict

from ..door import Refused
from ..rules.errors import IllegalAction, is_clause
from ..rules.messages import Message
from ..rules.setup import bad_character
from . import schemas
from .schemas import parse

#: JSON bodies nest no deeper than this (a snapshot is 5 deep); deeper is refused before
#: ``json.loads`` can recurse.
MAX_DEPTH = 20
#: Digits a JSON number may have: enough for the bounds of every field to name the field
#: ("The amount must be at most ¥1,000,000."), and far below Python's 4,300-digit limit.
JSON_DIGITS = 100
#: Form fields the pages send for themselves, not for the action: who is posting
#: (``as``, read by the route) and a security token, should the pages carry one.
PAGE_FIELDS: Final = frozenset({"as", "csrf_token"})


class _Empty:
    """No body at all (as opposed to a JSON ``null``)."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY: Final = _Empty()


@dataclass(frozen=True)
class Action:
    kind: str
    args: dict[str, Any]
    expected: int | None = None
    correction: bool = False


# -- reading the body --------------------------------------------------------------------------


class _TooManyDigits(ValueError):
    pass


def _int(text: str) -> int:
    # Python refuses to read numbers of more than 4,300 digits (ValueError); no number of
    # this game has more than a few, so a long one is refused before it is built.
    if len(text.lstrip("-")) > JSON_DIGITS:
        raise _TooManyDigits(text[:20])
    return int(text)


def _constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _too_deep(text: str) -> bool:
    """Whether brackets outside strings nest deeper than MAX_DEPTH (one linear scan, only
    when there are that many brackets at all)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _first_bad_text(data: Any) -> tuple[str, bool] | None:
    """The path of the first string (or object key: ``True``) holding a character nothing
    may store, walking the whole value (its depth is bounded already)."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            if bad_character(value) is not None:
                return where, False
        elif isinstance(value, dict):
            for key, item in value.items():
                if bad_character(key) is not None:
                    return where, True
                stack.append((f"{where}.{key}" if where else key, item))
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
    return None


def read_json(subject: str = "body") -> Any:
    """The request's JSON body: ``EMPTY`` when there is none; Refused (400) when it is not
    UTF-8 JSON, nests too deeply, holds a number too long for the game, NaN or Infinity,
    or a text with a control character or a lone surrogate."""
    if request.method in ("GET", "HEAD"):
        return EMPTY  # a body means nothing there: never refuse a read for one
    raw = request.get_data(cache=True)  # bounded by MAX_CONTENT_LENGTH: 413 beyond
    if not raw.strip():
        return EMPTY
    try:
        text = raw.decode("utf-8")
        if _too_deep(text):
            raise Refused(400, Message("edge.too_deep", {"depth": MAX_DEPTH}))
        data = json.loads(text, parse_int=_int, parse_constant=_constant)
    except _TooManyDigits:
        raise Refused(400, Message("edge.too_many_digits")) from None
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError too
        raise Refused(400, Message("edge.not_json")) from None
    bad = _first_bad_text(data)
    if bad is not None:
        raise schemas.bad_text(subject, *bad)
    return data


def json_body() -> Any:
    """The request's JSON body, for the routes (see :func:`read_json`)."""
    return read_json()


def _object(data: Any, message: Message, empty_ok: bool = False) -> dict[str, Any]:
    if empty_ok and data is EMPTY:
        return {}
    if not isinstance(data, dict):
        raise Refused(400, message)
    return data


def form_fields(form: MultiDict[str, str] | None = None) -> dict[str, str]:
    """An htmx form as the fields of a body: the first value of each field, trimmed, an
    empty field left out (absent). The take-licence form sends "pay" twice, the checkbox
    before its hidden "off", so the first value is the one meant."""
    form = request.form if form is None else form
    out: dict[str, str] = {}
    for key in form:
        if bad_character(key) is not None:
            raise schemas.bad_text("form", key, key=True)
        if any(bad_character(v) is not None for v in form.getlist(key)):
            raise schemas.bad_text("form", key)
        value = (form.get(key) or "").strip()
        if key not in PAGE_FIELDS and value:
            out[key] = value
    return out


def form_pairs(form: MultiDict[str, str] | None = None) -> list[tuple[str, str]]:
    """An htmx form's ``(name, value)`` pairs in order, every value of a name sent several
    times kept (ticked checkboxes), for web/form_decode.py; checked as :func:`form_fields`
    checks them."""
    form = request.form if form is None else form
    out: list[tuple[str, str]] = []
    for key, value in form.items(multi=True):
        if bad_character(key) is not None:
            raise schemas.bad_text("form", key, key=True)
        if bad_character(value) is not None:
            raise schemas.bad_text("form", key)
        if key not in PAGE_FIELDS:
            out.append((key, value))
    return out


def _with_query_version(fields: dict[str, str]) -> dict[str, str]:
    """A page may send the version it saw as ``?expected_seq=`` instead of a field."""
    query = (request.args.get("expected_seq") or "").strip()
    if "expected_seq" not in fields and query:
        if bad_character(query) is not None:
            raise schemas.bad_text("form", "expected_seq")
        return {**fields, "expected_seq": query}
    return fields


# -- versions ----------------------------------------------------------------------------------


def _if_match() -> int | None:
    """``If-Match: "12"`` (an entity tag) or ``If-Match: 12``."""
    raw = request.headers.get("If-Match")
    if raw is None or not raw.strip():
        return None
    tag = raw.strip().removeprefix("W/").strip('"')
    number = schemas.form_int(tag)
    if number is None or number > schemas.MAX_SEQ:
        raise Refused(
            400,
            Message("edge.if_match"),
            "expected_seq",
        )
    return number


def expected_json(data: Any) -> int | None:
    if isinstance(data, dict) and data.get("expected_seq") is not None:
        return parse(schemas.Redo, {"expected_seq": data["expected_seq"]}, "redo").expected_seq
    return _if_match()


def expected_form() -> int | None:
    return parse(schemas.Redo, _with_query_version(form_fields()), "redo", form=True).expected_seq


# -- undo and redo -----------------------------------------------------------------------------

_UNDO_BODY = Message("edge.undo_shape")


def undo_json(data: Any) -> tuple[int | None, int | None]:
    undo = parse(schemas.Undo, _object(data, _UNDO_BODY, empty_ok=True), "undo")
    return undo.to_seq, undo.expected_seq if undo.expected_seq is not None else _if_match()


def undo_form() -> tuple[int | None, int | None]:
    undo = parse(schemas.Undo, _with_query_version(form_fields()), "undo", form=True)
    return undo.to_seq, undo.expected_seq


def redo_json(data: Any) -> int | None:
    body = _object(
        data,
        Message("edge.redo_shape"),
        empty_ok=True,
    )
    redo = parse(schemas.Redo, body, "redo")
    return redo.expected_seq if redo.expected_seq is not None else _if_match()


# -- new games ---------------------------------------------------------------------------------


def sentence(message: str, field: str | None = None) -> str:
    """A rules clause ("must be a whole number >= 0") as one sentence naming its field,
    for answers whose field is a path (``players[1].fish.eel``)."""
    if field and is_clause(message):
        text = f"The value of {field} {message}"
    elif field:
        text = f"In {field}, {message}"
    else:
        text = message[:1].upper() + message[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def rules_sentence(exc: IllegalAction) -> Message | str:
    """A rules refusal whose field is a path (``players[1].fish.eel``) as one sentence
    naming it, worded in the asker's language when read (a plain string, from code that
    has no message yet, as :func:`sentence` words it)."""
    if exc.code_message is None:
        return sentence(exc.message, exc.field)
    if not exc.field:
        return Message("door.rule", {"said": exc.code_message})
    clause = is_clause(exc.code_message)
    code = "edge.value_of" if clause else "edge.in_field"
    return Message(code, {"field": exc.field, "said": exc.code_message})
