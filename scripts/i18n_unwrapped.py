"""The templates' visible text not wrapped in ``_()`` (``python scripts/i18n.py
unwrapped`` lists it; ``check``, and so tests/test_i18n_po.py, fails on it): a page must
not show an English sentence that no catalogue can translate.

What counts: a template's text and its read attributes (``title``, ``aria-label`` …),
and a word-like string literal inside ``{{ … }}`` or ``{% … %}`` (a label handed to a
macro) that is not a msgid (the positional arguments of ``_``/``gettext``/``ngettext``/
``pgettext``/``npgettext``: the singular, the plural and the context). Not counted: a
class or id list (``page-cards page-cards-deck``, a macro's ``cls=``), a Jinja
expression standing for a tag name (``<{{ h }} class=…>``), a dict's key (looked up, not
shown), markup around a value, and the names of :data:`NAMES`."""

from __future__ import annotations

import html.parser
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import jinja2
from jinja2 import nodes

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"

#: Proper nouns and endonyms: shown as they are in every language, each with its reason.
NAMES: dict[str, str] = {
    "English": "a language's own name, written in it on every page (the language switch)",
    "日本語": "a language's own name, written in it on every page (the language switch)",
    "BG Stats": "the logging app's own name (report/_play.html marks it lang=en)",
    "BoardGameGeek": "the site's own name (report/_play.html marks it lang=en)",
}

#: The calls whose positional string arguments are msgids (and pgettext's context).
GETTEXT = frozenset({"_", "gettext", "ngettext", "pgettext", "npgettext"})

#: A macro's arguments that take a class or an id list (``panel(…, cls='button wide')``).
CLASS_ARGS = frozenset({"cls", "class_", "classes", "id"})

#: Jinja's comments, statements and expressions.
_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_STATEMENT = re.compile(r"\{%.*?%\}", re.S)
_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
#: An expression standing for a tag's name: ``<{{ h }} …>``, ``</{{ h }}>``.
_TAG_NAME = re.compile(r"(</?)(\{\{.*?\}\})", re.S)
#: Attributes people read or hear (a confirm dialog's question too).
_ATTRS = (
    "title",
    "aria-label",
    "placeholder",
    "alt",
    "aria-description",
    "hx-confirm",
    "hx-prompt",
    "data-confirm",
)
_LETTERS = re.compile(r"[A-Za-z]{2,}")
#: A class or id: lowercase words joined by "-" or "_" ("page-cards", "chart_box").
_IDENTIFIER = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")


@dataclass(frozen=True)
class Text:
    line: int
    where: str  # "text", an attribute's name, or "string" (a literal inside {{ }} / {% %})
    text: str


class _Visible(html.parser.HTMLParser):
    """Text and read attributes of a template whose Jinja statements are blanked to a cut
    mark ("\\x00", which splits a text run); a text keeps its ``{{ … }}`` (they become
    the msgid's ``%(name)s`` placeholders)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Text] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        line = self.getpos()[0]
        for name, value in attrs:
            if not value:
                continue
            shown = tag == "input" and ("type", "submit") in attrs  # a button's value is not
            read = name in _ATTRS or (name == "value" and shown)
            for part in value.split("\x00"):
                if read and _visible(part):
                    self.found.append(Text(line, name, _clean(part)))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if self._skip:
            return
        line = self.getpos()[0]
        for part in data.split("\x00"):
            lead = len(part) - len(part.lstrip())
            if _visible(part):
                self.found.append(Text(line + part[:lead].count("\n"), "text", _clean(part)))
            line += part.count("\n")


def _clean(text: str) -> str:
    return " ".join(text.split())


def _identifiers(text: str) -> bool:
    """A class or id list ("page-cards page-cards-deck"), not words."""
    words = text.split()
    return bool(words) and all(_IDENTIFIER.fullmatch(w) for w in words)


def _visible(text: str) -> bool:
    """Whether a piece of markup holds words a person reads (not only Jinja, numbers and
    punctuation, not a class list: the text between its ``{{ … }}``)."""
    plain = re.sub(r"\x01\d+\x02", "", _EXPRESSION.sub("", text)).strip()
    if _identifiers(plain):
        return False
    return bool(_LETTERS.search(plain))


def _wordlike(literal: str) -> bool:
    """A string literal that reads as words ("Spider Crab", "licence space"), not a key,
    a path, a format, a class list or markup around a value."""
    literal = re.sub(r"<[^<>]*>", "", literal)
    if re.fullmatch(r"[a-z0-9_./:-]+", literal) or _identifiers(literal):
        return False
    return re.search(r"[A-Z][a-z]|[a-z] [a-z]", literal) is not None


def _literals(source: str) -> list[Text]:
    """The word-like string literals of the template's expressions and statements that
    are no msgid (Jinja's own parse: an expression over several lines is read too)."""
    found: list[Text] = []

    def walk(node: nodes.Node) -> None:
        if (
            isinstance(node, nodes.Call)
            and isinstance(node.node, nodes.Name)
            and node.node.name in GETTEXT
        ):
            # Its literal arguments are the catalogue's (a value passed by name is not).
            for child in node.iter_child_nodes():
                if not (isinstance(child, nodes.Const) and any(child is a for a in node.args)):
                    walk(child)
            return
        if isinstance(node, nodes.Keyword) and node.key in CLASS_ARGS:
            if not isinstance(node.value, nodes.Const):
                walk(node.value)
            return
        if isinstance(node, nodes.Pair):  # a dict's key is looked up, not shown
            if not isinstance(node.key, nodes.Const):
                walk(node.key)
            walk(node.value)
            return
        if isinstance(node, nodes.Const) and isinstance(node.value, str):
            if _wordlike(node.value):
                found.append(Text(node.lineno, "string", node.value))
        for child in node.iter_child_nodes():
            walk(child)

    walk(jinja2.Environment().parse(source))
    return found


def visible_texts(source: str) -> list[Text]:
    """The strings of one template still to wrap: text and read attributes, then the
    word-like string literals of its expressions and statements (macro labels)."""

    # Blank the statements and comments (keeping their line breaks, so lines stay right).
    def blank(m: re.Match[str]) -> str:
        return "\x00" + "\n" * m.group(0).count("\n")

    body = _STATEMENT.sub(blank, _COMMENT.sub(blank, source))
    # An expression naming a tag becomes a tag name the HTML parser reads as one.
    body = _TAG_NAME.sub(lambda m: m.group(1) + "x-jinja" + "\n" * m.group(2).count("\n"), body)
    # Expressions out of the HTML parser's way (their quotes and "<", ">"), back after.
    exprs: list[str] = []

    def hold(m: re.Match[str]) -> str:
        exprs.append(m.group(0))
        return f"\x01{len(exprs) - 1}\x02" + "\n" * m.group(0).count("\n")

    parser = _Visible()
    parser.feed(_EXPRESSION.sub(hold, body))
    parser.close()

    def restore(text: str) -> str:
        return _clean(re.sub(r"\x01(\d+)\x02", lambda m: exprs[int(m.group(1))], text))

    found = [Text(t.line, t.where, restore(t.text)) for t in parser.found]
    found = [t for t in found if _visible(t.text)] + _literals(source)
    found = [t for t in found if t.text not in NAMES]
    return sorted(set(found), key=lambda t: (t.line, t.where, t.text))


def template_files() -> Iterator[Path]:
    yield from sorted(TEMPLATES.rglob("*.html"))


def unwrapped(known: set[str]) -> list[str]:
    """Each template's text still to wrap, one line each; ``known`` are the msgids the
    catalogues translate already (the line says to wrap it with exactly that text)."""
    out = []
    for path in template_files():
        rel = path.relative_to(ROOT)
        for t in visible_texts(path.read_text(encoding="utf-8")):
            hint = " (translated in the .po already: wrap it as it is)" if t.text in known else ""
            out.append(f"{rel}:{t.line}: {t.where} {t.text!r} is not wrapped in _(){hint}")
    return out
