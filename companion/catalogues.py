"""The message catalogues: one gettext catalogue per language, for every game alike.

A game says what happened or why a move is refused as ``Message(code, values)``
(:mod:`companion.engine.messages`); the code is a msgid of each language's catalogue,
``companion/translations/<lang>/LC_MESSAGES/messages.po`` (the same files Flask-Babel
reads for the templates), compiled to the committed ``messages.mo`` that this module
reads with the standard library alone, so the CLI, the doctests and the rules' own tests
word messages without Flask. Importing :mod:`companion` registers :func:`render` as the
engine's renderer.

A sentence's placeholders are gettext's named python-format ones, so Babel checks them
(``python scripts/i18n.py check``, run by tests/test_i18n_po.py): ``%(player)s`` puts
the value in as it is, ``%(amount)d`` a whole number with thousands separators
(``¥%(amount)d`` reads ¥1,200). Before a value is put in:

- a nested :class:`Message` is rendered in the same language;
- a value under an id key (:data:`ID_KEYS`: a market, a fish, a reason …) is named by the
  catalogue's ``name.<id>`` entry; so are the reserved parties ``supply``, ``box`` and
  ``bag`` under a party key (:data:`PARTY_KEYS`);
- a list's words are joined by ``list.separator`` (``list.sentence_separator`` for the
  ``notes``), a repeated word named once with its count where the language has a
  ``list.repeated`` entry (「ウナギ×2」);
- a mapping is words given per language by the caller: the language's, else English.

A code whose sentence is a clause ("must be a whole number", completed by the edge with its
field's name) has the context ``msgctxt "clause"`` in every language (:func:`is_clause`).

Plurals are gettext's: a sentence that depends on a count is a plural entry (``msgid`` the
code, ``msgid_plural`` ``"<code> (count: <name>)"`` naming the value that is the count)
and the catalogue's ``Plural-Forms`` picks its form: English has two, Japanese one. A
placeholder the message does not carry, ``%(x)s`` in the sentence of ``code``, is the
catalogue's own entry ``code.x`` (a second count's word in one sentence).

>>> render(Message("not_enough_ap", {"player": "Aiko", "left": 1, "need": 2,
...                                  "what": Message("what.entry", {"market": "squid"})}))
'Aiko has 1 AP left; entering Squid needs 2.'
>>> render(Message("discard_more", {"player": "Bo", "at_sea": 1, "market": "eel", "want": 2}))
'Bo has 1 Eel barrel at sea caught without a Himono licence, not 2.'
>>> render(Message("short_of_yen", {"player": "Aiko", "have": 300, "need": 1000,
...                                 "what": Message("what.entry", {"market": "squid"})}), "ja")
'Aikoの所持金は300円だけです。イカ市場への入場には1,000円かかります。'
"""

from __future__ import annotations

import functools
import gettext
import re
import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from .engine.messages import Message, use_renderer

#: The context (``msgctxt``) of a code whose sentence is a clause the edge completes with
#: its field's name ("must be a whole number": "The amount must be a whole number.").
CLAUSE: Final = "clause"
#: Where the catalogues are: ``<lang>/LC_MESSAGES/messages.mo``.
TRANSLATIONS: Final = Path(__file__).resolve().parent / "translations"
#: The languages, the default (and fallback) first.
LANGS: Final = ("en", "ja")
DEFAULT: Final = "en"

#: Placeholders whose value is an id the catalogue names (``name.<id>``): a market, a
#: fish token, a Harbor row, a reason, a place tokens go to …
ID_KEYS: Final = frozenset(
    {"market", "fish", "row", "reason", "where", "item", "track", "kind", "entry"}
)
#: Placeholders naming a party: a player's name, or one of :data:`RESERVED_PARTIES`
#: ("supply" can never be a player's name: setup refuses it).
PARTY_KEYS: Final = frozenset(
    {"player", "payer", "payee", "owner", "active", "buyer", "seller", "holder", "winner"}
)
RESERVED_PARTIES: Final = frozenset({"supply", "box", "bag"})
_COUNT = re.compile(r" \(count: (\w+)\)\Z")
_PLACEHOLDER = re.compile(r"%%|%\((\w+)\)([sd])")


class Catalogue:
    """One language's compiled catalogue (a ``.mo`` file), read with the standard library:
    each code's sentence, or a plural entry's forms and the name of its count."""

    def __init__(self, data: bytes) -> None:
        self.sentences: dict[str, str] = {}
        self.plurals: dict[str, tuple[str, tuple[str, ...]]] = {}
        self.plural: Callable[[int], int] = lambda n: 0
        #: The codes whose sentence is a clause (``msgctxt "clause"``).
        self.clauses: set[str] = set()
        for key, msgstr in _entries(data):
            context, _, msgid = key.rpartition("\x04")
            if context == CLAUSE:
                self.clauses.add(msgid)
            if not msgid:
                self.plural = _plural_forms(msgstr)
            elif "\x00" in msgid:
                code, _, plural_id = msgid.partition("\x00")
                found = _COUNT.search(plural_id)
                if found:
                    self.plurals[code] = (found.group(1), tuple(msgstr.split("\x00")))
            else:
                self.sentences[msgid] = msgstr
        #: The codes whose sentence holds another entry's word (``code.x`` for ``%(x)s``).
        self.with_words: set[str] = set()
        for code in [*self.sentences, *self.plurals]:
            parent, _, name = code.rpartition(".")
            forms = self.plurals[parent][1] if parent in self.plurals else ()
            text = "".join((self.sentences.get(parent, ""), *forms))
            if f"%({name})s" in text:
                self.with_words.add(parent)

    @classmethod
    def load(cls, path: Path) -> Catalogue:
        return cls(path.read_bytes())

    def __contains__(self, code: object) -> bool:
        return code in self.sentences or code in self.plurals

    def texts(self) -> dict[str, str]:
        """Every code's sentence as written, a plural entry's forms one per line (for
        the tests that read the words of a language)."""
        return {
            **self.sentences,
            **{code: "\n".join(forms) for code, (_, forms) in self.plurals.items()},
        }

    def sentence(self, code: str, values: Mapping[str, Any]) -> str | None:
        """The code's sentence for these values (a plural entry's form by its count), or
        ``None`` where this catalogue has no such code."""
        found = self.sentences.get(code)
        if found is not None:
            return found
        plural = self.plurals.get(code)
        if plural is None:
            return None
        name, forms = plural
        count = values.get(name)
        if isinstance(count, bool) or not isinstance(count, int):
            count = 1 if count == 1 and not isinstance(count, bool) else 2
        return forms[min(self.plural(count), len(forms) - 1)]


def _entries(data: bytes) -> list[tuple[str, str]]:
    """The (msgid, msgstr) pairs of a GNU ``.mo`` file, plural ids and forms joined by NUL
    as the file keeps them (the standard library's reader drops the plural id, which names
    the count here)."""
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">"
    _, count, ids_at, strs_at = struct.unpack(order + "4I", data[4:20])
    out = []
    for i in range(count):
        id_len, id_off = struct.unpack(order + "2I", data[ids_at + 8 * i : ids_at + 8 * i + 8])
        s_len, s_off = struct.unpack(order + "2I", data[strs_at + 8 * i : strs_at + 8 * i + 8])
        msgid = data[id_off : id_off + id_len].decode("utf-8")
        out.append((msgid, data[s_off : s_off + s_len].decode("utf-8")))
    return out


def _plural_forms(header: str) -> Callable[[int], int]:
    found = re.search(r"^Plural-Forms:.*?plural=([^;\n]+)", header, re.M)
    if found is None:
        return lambda n: 0 if n == 1 else 1
    return gettext.c2py(found.group(1))


@functools.cache
def catalogue(lang: str) -> Catalogue:
    """The compiled catalogue of ``lang`` (English for a language the app lacks)."""
    lang = lang if lang in LANGS else DEFAULT
    return Catalogue.load(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo")


def known(code: str) -> bool:
    """Whether the catalogues have a sentence for ``code`` (the English one has them all)."""
    return code in catalogue(DEFAULT)


def is_clause(code: str) -> bool:
    """Whether the sentence of ``code`` is a clause (its entry's ``msgctxt "clause"``).

    >>> is_clause("arg.whole"), is_clause("no_freezer")
    (True, False)
    """
    return code in catalogue(DEFAULT).clauses


def name(key: str, lang: str = DEFAULT) -> str | None:
    """An id's name in ``lang`` (a fish, token, market, reason …: ``name.<key>``)."""
    return catalogue(lang).sentences.get(f"name.{key}")


def names(lang: str = DEFAULT) -> dict[str, str]:
    """Every id the catalogue of ``lang`` names, with its name."""
    return {
        code[5:]: text
        for code, text in catalogue(lang).sentences.items()
        if code.startswith("name.")
    }


def _name(value: object, lang: str) -> object:
    if isinstance(value, str):
        found = name(value, lang)
        return value if found is None else found
    return value


def _joined(key: str, words: list[str], lang: str) -> str:
    own = catalogue(lang).sentences
    if key == "notes":  # sentences: 「。」 between them in Japanese
        return own.get("list.sentence_separator", ", ").join(words)
    repeated = own.get("list.repeated")
    if repeated is not None:
        counts: dict[str, int] = {}
        for w in words:
            counts[w] = counts.get(w, 0) + 1
        words = [
            w if n == 1 else fill(repeated, {"word": w, "count": n}) for w, n in counts.items()
        ]
    return own.get("list.separator", ", ").join(words)


def _value(key: str, value: Any, lang: str) -> Any:
    if isinstance(value, Message):
        return render(value, lang)
    if isinstance(value, Mapping):
        # Words given in each language by the caller: the language's own, else English.
        return value.get(lang) or value.get(DEFAULT, "")
    if key in ID_KEYS:
        return _name(value, lang)
    if key in PARTY_KEYS and value in RESERVED_PARTIES:
        return _name(value, lang)
    if isinstance(value, list | tuple):
        words = [str(render(v, lang) if isinstance(v, Message) else _name(v, lang)) for v in value]
        return _joined(key, words, lang)
    return value


def fill(template: str, values: Mapping[str, Any]) -> str:
    """A sentence with its values put in: ``%(name)s`` as it is, ``%(name)d`` a whole
    number with thousands separators, ``%%`` a percent sign.

    >>> fill("%(who)s pays ¥%(amount)d (100%%)", {"who": "Bo", "amount": 1200})
    'Bo pays ¥1,200 (100%)'
    """

    def put(found: re.Match[str]) -> str:
        key, kind = found.group(1), found.group(2)
        if key is None:
            return "%"
        value = values[key]
        if kind == "d":
            return format(value, ",")
        return str(value)

    return _PLACEHOLDER.sub(put, template)


def render(message: Message, lang: str = DEFAULT) -> str:
    """The message as a sentence in ``lang`` (English where that language lacks it)."""
    own = catalogue(lang)
    template = own.sentence(message.code, message.values)
    if template is None:
        own = catalogue(DEFAULT)
        template = own.sentence(message.code, message.values)
    if template is None:
        raise KeyError(f"no message {message.code!r}")
    values = {k: _value(k, v, lang) for k, v in message.values.items()}
    if message.code in own.with_words:
        for key, _ in _PLACEHOLDER.findall(template):
            if key and key not in values and f"{message.code}.{key}" in own:
                values[key] = render(Message(f"{message.code}.{key}", message.values), lang)
    return fill(template, values)


use_renderer(render, known, is_clause)

__all__ = ["LANGS", "Catalogue", "Message", "catalogue", "known", "name", "names", "render"]
