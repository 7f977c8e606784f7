"""A move's arguments as a typed, frozen dataclass (issue #18 step 8, "Parse once at the
edge"), in the standard library only.

A game declares each client move's arguments as a frozen dataclass of plain types
(``int``, ``bool``, ``str``, ``Literal``, ``X | None``, ``tuple[X, ...]``, ``list[X]``,
``dict[str, X]``, a nested argument dataclass), each field named as the JSON names it
(``key``: a field whose JSON name is a Python keyword, ``"from"``) and bounded by
:class:`Limit` and :class:`OneOf` in ``Annotated`` metadata. That one declaration serves two
readers:

- the web edge turns it into the pydantic model that validates a JSON body or a decoded
  form (strict, closed, the limits and choices below, one sentence per refusal);
- :func:`read` builds it from a logged entry's arguments (a dict in the event log, which
  does not change) when the game folds the entry, checking only the types: a caller that
  skipped the edge (a test, a script on the Door, an old log) still cannot hand the rules a
  string for a number. The limits and choices are the edge's; what the rules refuse with
  their own sentence (at most 4 licences, a fish that is not in play) stays in the rules.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Pay:
...     from_: str = field(metadata={"key": "from"})
...     amount: typing.Annotated[int, Limit(ge=1)]
...     note: str = ""
>>> read(Pay, {"from": "Bo", "amount": 300, "type": "pay"})
Pay(from_='Bo', amount=300, note='')
>>> read(Pay, {"from": "Bo", "amount": "300"})
Traceback (most recent call last):
...
companion.engine.errors.IllegalAction: amount: must be a whole number
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar, Union

from .errors import IllegalAction
from .messages import Message

T = TypeVar("T")


@dataclass(frozen=True)
class Limit:
    """Bounds of a number (``ge``, ``le``, ``multiple_of``) or of a text's, a list's or a
    mapping's length (``min_len``, ``max_len``), a text's ``pattern``, checked at the
    edge."""

    ge: int | None = None
    le: int | None = None
    multiple_of: int | None = None
    min_len: int | None = None
    max_len: int | None = None
    #: A text's pattern (a regular expression it must match whole).
    pattern: str | None = None


@dataclass(frozen=True, eq=False)  # hashed by identity: its choices may be a dict
class OneOf:
    """A value that must be one of ``choices`` (a live view: a market registered later is
    one too), checked at the edge; the rules say their own sentence for the others."""

    choices: Collection[object]


#: A field's metadata (``dataclasses.field(metadata=SERVER)``): the server adds it to the
#: move before the rules see it (a draw, an auction's id), so a client never sends it.
SERVER = {"server": True}


def client_fields(cls: type[Any]) -> tuple[dataclasses.Field[Any], ...]:
    """The fields of an argument dataclass a client may send."""
    return tuple(f for f in dataclasses.fields(cls) if not f.metadata.get("server"))


def key_of(f: dataclasses.Field[Any]) -> str:
    """A field's name in the JSON (and the log): its ``key`` metadata, else its name."""
    return str(f.metadata.get("key", f.name))


_HINTS: dict[type[Any], dict[str, Any]] = {}


def hints(cls: type[Any]) -> dict[str, Any]:
    """A dataclass's field types, ``Annotated`` metadata kept."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, include_extras=True)
    return _HINTS[cls]


def strip(hint: Any) -> Any:
    """A type without its ``Annotated`` metadata."""
    while typing.get_origin(hint) is typing.Annotated:
        hint = typing.get_args(hint)[0]
    return hint


def options(hint: Any) -> tuple[Any, ...]:
    """The members of a union (``X | None``), or the type itself."""
    hint = strip(hint)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return typing.get_args(hint)
    return (hint,)


def read(cls: type[T], data: object, where: str = "") -> T:
    """``cls`` built from a logged entry's arguments; IllegalAction naming the field when
    a value has the wrong type or a required one is missing. The entry's keys that are not
    fields of ``cls`` (``type``, the fields another part of the move reads) are left out;
    inside a list or mapping (``where`` given) an element has only its own fields."""
    assert dataclasses.is_dataclass(cls)
    if not isinstance(data, Mapping):
        raise IllegalAction(Message("arg.shape", {}), where or "type")
    values: dict[str, Any] = {}
    typed = hints(cls)
    if where and set(data) - {key_of(f) for f in dataclasses.fields(cls)}:
        raise IllegalAction(Message("arg.shape", {}), where)
    for f in dataclasses.fields(cls):
        key = key_of(f)
        name = f"{where}.{key}" if where else key
        if key not in data or (data[key] is None and None not in _nones(typed[f.name])):
            if key not in data and (
                f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            ):
                continue
            raise IllegalAction(Message("arg.required", {}), name)
        values[f.name] = _value(typed[f.name], data[key], name)
    return cls(**values)


def _nones(hint: Any) -> tuple[Any, ...]:
    return tuple(None for o in options(hint) if o is type(None))


def _value(hint: Any, value: object, where: str) -> Any:
    """``value`` as ``hint`` (a list read as a tuple), or IllegalAction."""
    wanted = options(hint)
    if value is None and type(None) in wanted:
        return None
    for option in wanted:
        if option is type(None):
            continue
        try:
            return _one(option, value, where)
        except IllegalAction:
            if len([o for o in wanted if o is not type(None)]) == 1:
                raise
    raise IllegalAction(Message("arg.shape", {}), where)


def _one(hint: Any, value: object, where: str) -> Any:
    hint = strip(hint)
    origin = typing.get_origin(hint)
    if hint is bool:
        if not isinstance(value, bool):
            raise IllegalAction(Message("arg.flag", {}), where)
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise IllegalAction(Message("arg.whole", {}), where)
        return value
    if hint is str:
        if not isinstance(value, str):
            raise IllegalAction(Message("arg.text", {}), where)
        return value
    if hint is object or hint is Any:
        return value
    if origin is typing.Literal:
        if value not in typing.get_args(hint) or isinstance(value, bool):
            raise IllegalAction(Message("arg.shape", {}), where)
        return value
    if hint is list or hint is dict:  # a shape another reader checks (an entry option)
        if not isinstance(value, hint):
            raise IllegalAction(Message("arg.shape", {}), where)
        return value
    if origin is tuple or origin is list:
        item = typing.get_args(hint)[0]
        if not isinstance(value, list | tuple):
            raise IllegalAction(Message("arg.shape", {}), where)
        items = (_value(item, v, f"{where}[{i}]") for i, v in enumerate(value))
        return tuple(items) if origin is tuple else list(items)
    if origin is dict:
        k, v = typing.get_args(hint)
        if not isinstance(value, Mapping):
            raise IllegalAction(Message("arg.shape", {}), where)
        return {_value(k, x, where): _value(v, y, f"{where}.{x}") for x, y in value.items()}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return read(hint, value, where)
    raise TypeError(f"no reader for {hint!r}")  # a declaration this module cannot read


def logged(args: object) -> dict[str, Any]:
    """An argument dataclass back as the JSON it was read from (its fields by ``key``,
    tuples as lists), for a move that records another move's arguments."""
    assert dataclasses.is_dataclass(args) and not isinstance(args, type)
    return {key_of(f): _logged(getattr(args, f.name)) for f in dataclasses.fields(args)}


def _logged(value: object) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return logged(value)
    if isinstance(value, tuple | list):
        return [_logged(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _logged(v) for k, v in value.items()}
    return value
