"""A move's argument dataclass (``engine.args``) as the pydantic model that validates its
JSON body or its decoded form (issue #18 step 8, "Parse once at the edge").

The rules declare each move's arguments once, as a frozen dataclass of plain types with
:class:`~companion.engine.args.Limit` and :class:`~companion.engine.args.OneOf` in its
``Annotated`` metadata; :func:`model_of` turns it into a model on web/schemas.py's
``ActionBody`` (strict, closed, ``expected_seq`` and ``correction`` beside the move's own
fields): a number is also read from a form's ASCII digits (``FormNumber``), a flag from a
ticked box (``FormFlag``), the bounds become pydantic's, so a refusal names the field and
its kind of error exactly as the hand-written models did. ``model.move()`` is the rules'
dataclass itself, ``model.args()`` the same arguments as the event log records them (the
fields left out stay out, as before). :func:`log_model` is a move as a log a page keeps
holds it (no request fields), :func:`body_of` a body that is no move (a sealed bid); a
field the rules read as any value names the type a client sends in its ``SENT``
metadata.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, Field, create_model

from ..engine.args import Limit, OneOf, client_fields, hints, key_of, read
from .schemas import ActionBody, Body, FormFlag, FormNumber, one_of


class MoveBody(ActionBody):
    """A move's body, made by :func:`model_of` from the move's argument dataclass."""

    #: The rules' dataclass this model validates into.
    __move__: typing.ClassVar[type[Any]]

    def move(self) -> Any:
        """The move's arguments as the rules take them."""
        return read(self.__move__, self.args())


def _constraints(metadata: tuple[Any, ...]) -> list[Any]:
    out: list[Any] = []
    for m in metadata:
        if isinstance(m, Limit):
            bounds: dict[str, Any] = {
                "ge": m.ge,
                "le": m.le,
                "multiple_of": m.multiple_of,
                "min_length": m.min_len,
                "max_length": m.max_len,
                "pattern": m.pattern,
            }
            out.append(Field(**{k: v for k, v in bounds.items() if v is not None}))
        elif isinstance(m, OneOf):
            out.append(one_of(m.choices))
    return out


def pydantic_type(hint: Any, form: bool = True) -> Any:
    """The pydantic annotation of one field's type (its metadata in order). ``form``: a
    number may come as a form's digits (not a mapping's values: a form's decoder reads
    those as numbers itself)."""
    metadata: tuple[Any, ...] = ()
    if typing.get_origin(hint) is Annotated:
        hint, *rest = typing.get_args(hint)
        metadata = tuple(rest)
    constraints = _constraints(metadata)
    origin = typing.get_origin(hint)
    base: Any
    if origin in (Union, types.UnionType):
        members = tuple(pydantic_type(a, form) for a in typing.get_args(hint))
        base = Union[members]  # noqa: UP007 (a tuple of types made at run time)
    elif hint is int:
        return (
            Annotated[(int, FormNumber, *constraints)]
            if form
            else Annotated[(int, *constraints)]
            if constraints
            else int
        )
    elif hint is bool:
        return Annotated[bool, FormFlag]
    elif origin is Literal:
        if all(isinstance(v, int) for v in typing.get_args(hint)):
            return Annotated[(hint, FormNumber, *constraints)]
        base = hint
    elif origin is tuple or origin is list:
        base = list[pydantic_type(typing.get_args(hint)[0])]  # type: ignore[misc]
    elif origin is dict:
        k, v = typing.get_args(hint)
        base = dict[pydantic_type(k, form), pydantic_type(v, False)]  # type: ignore[misc]
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        base = item_model(hint)
    else:
        base = hint
    return Annotated[(base, *constraints)] if constraints else base


#: A field's metadata key for the type a client sends it as, where the rules read it as
#: any value (``object``) to refuse a wrong one in their own sentence:
#: ``field(default=None, metadata={SENT: Annotated[int, Limit(ge=1)] | None})``.
SENT = "sent"


def field_of(f: dataclasses.Field[Any], hint: Any) -> tuple[str, Any]:
    """One field of an argument dataclass as a pydantic model's: its name, and its type
    (``SENT`` where the field says one) with its alias (the JSON's name) and default."""
    hint = f.metadata.get(SENT, hint)
    key = key_of(f)
    info: dict[str, Any] = {}
    if key != f.name:
        info["alias"] = key
    if f.default is not dataclasses.MISSING:
        info["default"] = f.default
    elif f.default_factory is not dataclasses.MISSING:
        info["default_factory"] = f.default_factory
    # A number a form's decoder has read already (``"entry": "cart=2"``) is no form digits.
    return f.name, (pydantic_type(hint, not f.metadata.get("decoded")), Field(**info))


def _fields(cls: type[Any]) -> dict[str, Any]:
    """A model's fields, one per field of ``cls`` a client may send."""
    typed = hints(cls)
    return dict(field_of(f, typed[f.name]) for f in client_fields(cls))


_ITEMS: dict[type[Any], type[BaseModel]] = {}
_MOVES: dict[tuple[str, type[Any]], type[MoveBody]] = {}
_LOGGED: dict[tuple[str, type[Any]], type[BaseModel]] = {}


def item_model(cls: type[Any]) -> type[BaseModel]:
    """One element of a list or mapping inside a move (no ``expected_seq`` of its own)."""
    if cls not in _ITEMS:
        _ITEMS[cls] = create_model(cls.__name__, __base__=Body, **_fields(cls))
    return _ITEMS[cls]


def body_of(cls: type[Any]) -> type[BaseModel]:
    """A request body that is no move of its own (no ``type``, no ``expected_seq``), made
    from the arguments its client fields fill: a sealed bid, a tie's choice."""
    return item_model(cls)


def log_model(kind: str, cls: type[Any]) -> type[BaseModel]:
    """The move ``kind`` as a log a page keeps holds it: its ``type`` and its arguments,
    closed, without a request's ``expected_seq`` and ``correction``."""
    if (kind, cls) not in _LOGGED:
        _LOGGED[kind, cls] = create_model(
            cls.__name__, __base__=Body, type=(Literal[kind], ...), **_fields(cls)
        )
    return _LOGGED[kind, cls]


def model_of(kind: str, cls: type[Any]) -> type[MoveBody]:
    """The body of the move ``kind`` whose arguments are ``cls`` (one model per move)."""
    if (kind, cls) not in _MOVES:
        model = create_model(
            cls.__name__,
            __base__=MoveBody,
            type=(Literal[kind], ...),
            **_fields(cls),
        )
        model.__move__ = cls
        _MOVES[kind, cls] = model
    return _MOVES[kind, cls]
