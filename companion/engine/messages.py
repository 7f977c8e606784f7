"""Messages as codes with values: a game says *what* happened or why a move is refused,
and the edge words it in the viewer's language.

The engine keeps no sentences: the catalogues (companion/catalogues.py, one gettext
catalogue per language, registered when :mod:`companion` is imported) give the function
that words a message and the one that tells a code they know (:func:`use_renderer`);
until one has, a message reads as its code.

>>> Message("no_freezer", {"player": "Bo"}).to_json()
{'code': 'no_freezer', 'values': {'player': 'Bo'}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Message:
    """A sentence to be: a code of the catalogue and the values of its placeholders."""

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"code", "values"}``, nested messages as objects too (for the API)."""
        return {
            "code": self.code,
            "values": {
                k: v.to_json() if isinstance(v, Message) else v for k, v in self.values.items()
            },
        }

    def __str__(self) -> str:
        return render(self)


Renderer = Callable[[Message, str], str]

_renderer: list[Renderer] = []
_known: list[Callable[[str], bool]] = []
_clause: list[Callable[[str], bool]] = []


def use_renderer(
    renderer: Renderer,
    known: Callable[[str], bool] | None = None,
    clause: Callable[[str], bool] | None = None,
) -> None:
    """The catalogues' way of wording a message, of telling whether they have a code and
    whether a code's sentence is a clause (the last ones registered answer)."""
    _renderer[:] = [renderer]
    _known[:] = [known] if known is not None else []
    _clause[:] = [clause] if clause is not None else []


def render(message: Message, lang: str = "en") -> str:
    """The message as a sentence in ``lang``, by the registered catalogue."""
    if not _renderer:
        return message.code
    return _renderer[0](message, lang)


def known(code: str) -> bool:
    """Whether the registered catalogues have a sentence for ``code`` (none: no code)."""
    return bool(_known) and _known[0](code)


def clause(code: str) -> bool:
    """Whether the registered catalogues say the sentence of ``code`` is a clause, which
    the edge completes with its field's name (none: no code is)."""
    return bool(_clause) and _clause[0](code)
