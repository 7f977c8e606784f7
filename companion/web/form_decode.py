"""A move's form as its JSON body: the one decoder for every form that posts a move
(issue #18, "Parse once at the edge: one decoder for nested form names").

A form field's name is the path of its value in the JSON body (docs/actions.md, "Forms"),
and the move's own model (web/arg_models.py ``model_of``, the model that validates the
JSON too) says what each value is, so one walk over the model turns any move's form into
its body; the model then validates that body as it validates JSON.

- ``name=value`` is a field; ``a.b``: the field or the key ``b`` of ``a``; ``a[3].b``: the
  field ``b`` of the list ``a``'s item numbered 3 (items in the order of their numbers).
- A list of plain values is sent as counts, ``left.squid=2`` (``"squid"`` twice),
  ``sell.tuna.20=2`` (the printed 20, twice), or item by item, ``sell.swordfish[0]=3``, or
  as one name sent several times (ticked checkboxes); a list of items with fields as
  counts too, each item named by its fields, ``&``-joined: ``rent.boat=two_slot&from=ships=2``
  (two such items).
- A radio or a checkbox that picks several fields at once carries them as its value, in
  the same names relative to its own name, ``&``-joined: ``entry`` =
  ``token.fish=tuna&token.value=20``, ``barrels`` = ``from=Aiko&fish=eel&row=upper&price=300``;
  the name ``.`` is the move itself (``.`` = ``boat=b2&fish=eel``).
- What a phone leaves at nothing is not sent: an empty field, a 0 in a field whose default
  is ``None`` (a field whose default is 0 keeps a sent 0, as its log always had it), a
  key or an item counted 0, a list left empty, an item whose
  fields are all left at nothing (``trades[1].place=`` with ``trades[1].tokens.eel=0``) —
  but a list the move requires, left empty (no checkbox ticked), is the empty list, and so
  is a list a form names with ``a[]`` (a hidden field, any value): ``boats[]`` sends
  ``"boats": []`` when no item of it is sent.
- A whole number is read from ASCII digits where the model wants one; other digits
  (``"２"``, ``"-1"``) are left for the model to refuse in the player's words, and a text
  with no digits at all (``"x"``) is refused as not what the page offered.

A name the move does not take is refused (``guide.unknown_field``), as a JSON body's unknown
field is.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Sequence
from typing import Annotated, Any, Literal, Union
from urllib.parse import parse_qsl

from pydantic import BaseModel

from ..door import Refused
from ..i18n import msg
from ..rules.messages import Message
from . import schemas

#: Most times a count may repeat its item (``lot.mackerel=30``): the box holds 30 of a fish.
MAX_COUNTED = 30

_HEAD = re.compile(r"[^.\[\]]+")
_NEXT = re.compile(r"\.([^.\[\]]+)|\[([0-9]{1,6})\]")

#: A part of a name's path: a key, or an item's number.
Part = str | int


class Leaf(list[str]):
    """The values a form sent under one name, in order (checkboxes send several)."""


class Tree(dict[Part, "Leaf | Tree"]):
    """The fields under one name, by the next part of their path."""


class _Absent:
    """A value the phone left at nothing: its field is not sent."""


ABSENT: Any = _Absent()


def split(name: str) -> list[Part] | None:
    """``"for_sale[2].price"`` → ``["for_sale", 2, "price"]``; ``"."``, the move itself:
    ``[]``; None when the name is no such path."""
    if name == ".":
        return []
    head = _HEAD.match(name)
    if head is None:
        return None
    parts: list[Part] = [head.group()]
    at = head.end()
    while at < len(name):
        m = _NEXT.match(name, at)
        if m is None:
            return None
        parts.append(m.group(1) if m.group(1) is not None else int(m.group(2)))
        at = m.end()
    return parts


def unknown(name: str) -> Refused:
    """The refusal of a field the move does not take."""
    return Refused(400, msg(Message("guide.unknown_field", {"field": schemas.quoted(name)})), name)


def tree_of(pairs: Sequence[tuple[str, str]]) -> Tree:
    """The form's ``(name, value)`` pairs as the tree of their paths (empty values left
    out)."""
    root = Tree()
    for name, value in pairs:
        if name.endswith("[]"):  # the list itself: there even with no item sent
            parts = split(name[:-2])
            if not parts:
                raise unknown(name)
            _declare(root, parts, name)
        elif value.strip():
            parts = split(name)
            if parts is None:
                raise unknown(name)
            _put(root, parts, value.strip(), name)
    return root


def _declare(node: Tree, parts: list[Part], name: str) -> None:
    """``a[]``: the list ``a``, an empty subtree until its items come."""
    for part in parts:
        child = node.setdefault(part, Tree())
        if isinstance(child, Leaf):
            raise unknown(name)
        node = child


def _put(node: Tree, parts: list[Part], value: str, name: str) -> None:
    if not parts:  # the fields a radio or checkbox picks, relative to its name
        for sub, text in parse_qsl(value):
            inner = split(sub)
            if inner is None or not inner:
                raise unknown(name)
            if text.strip():
                _put(node, inner, text.strip(), name)
        return
    *path, last = parts
    for part in path:
        child = node.setdefault(part, Tree())
        if isinstance(child, Leaf):  # ``a=x`` beside ``a.b=y``
            raise unknown(name)
        node = child
    here = node.get(last)
    if here is None:
        node[last] = Leaf([value])
    elif isinstance(here, Leaf):
        here.append(value)
    else:
        _put(here, [], value, name)


# -- the model's types ------------------------------------------------------------------------


def _strip(hint: Any) -> Any:
    while typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    return hint


def _members(hint: Any) -> tuple[Any, ...]:
    """A type's members (a union's, ``None`` left out), without their metadata."""
    hint = _strip(hint)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return tuple(_strip(a) for a in typing.get_args(hint) if a is not type(None))
    return (hint,)


def _is_object(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, BaseModel)


def _is_list(hint: Any) -> bool:
    return typing.get_origin(hint) in (list, tuple)


def _is_plain(hint: Any) -> bool:
    return not _is_list(hint) and typing.get_origin(hint) is not dict and not _is_object(hint)


def _wants_number(hint: Any) -> bool:
    """Whether a plain value of ``hint`` is a number (no member of it takes a text)."""

    def number(k: Any) -> bool:
        args = typing.get_args(k)
        return k is int or (
            typing.get_origin(k) is Literal and all(isinstance(a, int) for a in args)
        )

    return all(number(k) for k in _members(hint) if _is_plain(k)) and any(
        _is_plain(k) for k in _members(hint)
    )


#: An object's fields by their JSON name: their type and whether a default of none
#: (``None``) stands when the form sends none.
Fields = dict[str, tuple[Any, bool]]


def fields_of(model: type[BaseModel]) -> Fields:
    """A model's fields by their JSON name (an argument dataclass inside a move is a
    model too: web/arg_models.py ``item_model``)."""
    return {
        info.alias or name: (info.annotation, info.default is None)
        for name, info in model.model_fields.items()
    }


# -- the walk ---------------------------------------------------------------------------------


def _is_zero(value: object) -> bool:
    return value == 0 and not isinstance(value, bool)


def _plain(hint: Any, text: str, where: str) -> Any:
    if _wants_number(hint):
        number = schemas.form_int(text)
        if number is None and not text.lstrip("+-").isdigit():
            raise NotACount(where)  # no digits at all: not what the page's field sends
        return text if number is None else number
    return text


def value_of(hint: Any, node: Leaf | Tree, name: str) -> Any:
    """The JSON value of ``node`` as ``hint`` wants it, or :data:`ABSENT`."""
    kinds = _members(hint)
    lists = [typing.get_args(k)[0] for k in kinds if _is_list(k)]
    maps = [typing.get_args(k)[1] for k in kinds if typing.get_origin(k) is dict]
    objects = [k for k in kinds if _is_object(k)]
    if not node and lists:  # a list named with ``a[]`` and no item of it sent
        return []
    if isinstance(node, Leaf):
        if lists and (len(node) > 1 or not any(_is_plain(k) for k in kinds)):
            return _items([value_of(lists[0], Leaf([v]), name) for v in node])
        if objects and "=" in node[0]:
            picked = Tree()
            _put(picked, [], node[0], name)
            return value_of(hint, picked, name)
        return _plain(hint, node[0], name)
    if node and all(isinstance(k, int) for k in node):  # items by their numbers
        if not lists:
            raise unknown(f"{name}[{next(iter(node))}]")
        return _items([value_of(lists[0], node[k], f"{name}[{k}]") for k in sorted(node)])
    if lists and not maps and not objects:
        return _counted(lists[0], node, name)
    if maps:
        out: dict[str, Any] = {}
        for key, sub in node.items():
            got = value_of(maps[0], sub, f"{name}.{key}")
            if got is not ABSENT and not _is_zero(got):
                out[str(key)] = got
        return out or ABSENT
    for cls in objects:
        own = fields_of(cls)
        if all(k in own for k in node):
            return decode_fields(own, node, name) or ABSENT
    bad = next((k for k in node if not objects or k not in fields_of(objects[0])), "")
    raise unknown(f"{name}.{bad}")


def _items(values: list[Any]) -> Any:
    kept = [v for v in values if v is not ABSENT]
    return kept or ABSENT


class NotACount(Exception):
    """A count, or a number, that is no whole number in any digits (a form that is not the
    page's own)."""

    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


def _counted(item: Any, node: Tree, name: str) -> Any:
    """``name.X=n``: the item X, n times; an item with fields is named by them, ``&``-joined
    (``rent.boat=two_slot&from=ships=2``)."""
    out: list[Any] = []
    for key, sub in node.items():
        where = f"{name}.{key}"
        if not isinstance(sub, Leaf):
            raise unknown(where)
        count = schemas.form_int(sub[0])
        if count is None:
            raise NotACount(where)
        if _is_object(_strip(item)):
            if "=" not in str(key):
                raise unknown(where)
            picked = Tree()
            _put(picked, [], str(key), where)
            one = value_of(item, picked, where)
        else:
            one = _plain(item, str(key), where)
        out += [one] * min(count, MAX_COUNTED)
    return out or ABSENT


def decode_fields(fields: Fields, node: Tree, where: str = "") -> dict[str, Any]:
    """One object's fields (the move's, or an item's) from their subtree."""
    out: dict[str, Any] = {}
    for key, sub in node.items():
        name = f"{where}.{key}" if where else str(key)
        if not isinstance(key, str) or key not in fields:
            raise unknown(name)
        hint, nothing = fields[key]
        got = value_of(hint, sub, name)
        if got is ABSENT or (nothing and _is_zero(got)):
            continue
        out[key] = got
    return out


def decode(
    model: type[BaseModel], pairs: Sequence[tuple[str, str]], subject: str
) -> dict[str, Any]:
    """A form's ``(name, value)`` pairs as the JSON body of ``model`` (a move's model);
    ``subject``: the move's kind, to word a refusal."""
    try:
        body = decode_fields(fields_of(model), tree_of(pairs))
    except NotACount as exc:
        label = schemas.wording(subject, exc.where.split(".")[0].split("[")[0]).label_message()
        raise Refused(400, msg(Message("guide.bad_field", {"label": label})), exc.where) from None
    for name in required_lists(model):
        body.setdefault(name, [])
    return body


def required_lists(model: type[BaseModel]) -> list[str]:
    """The JSON names of the lists a model requires: a form sends none of their items
    when no checkbox is ticked."""
    return [
        info.alias or name
        for name, info in model.model_fields.items()
        if info.is_required() and all(_is_list(k) for k in _members(info.annotation))
    ]
