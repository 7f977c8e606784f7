"""The checklist of the templates' visible text not yet wrapped in ``_()``
(``python scripts/i18n.py todo`` rewrites docs/i18n-todo.md with it)."""

from __future__ import annotations

import html.parser
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
TODO = ROOT / "docs" / "i18n-todo.md"
TEMPLATES = ROOT / "templates"


# -- the checklist of visible text not yet wrapped in _() -------------------------------------

#: Jinja's comments, statements and expressions.
_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_STATEMENT = re.compile(r"\{%.*?%\}", re.S)
_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)
_STRING = re.compile(r"""(["'])((?:(?!\1).)*)\1""")
#: Attributes people read or hear.
_ATTRS = ("title", "aria-label", "placeholder", "alt", "aria-description")
_LETTERS = re.compile(r"[A-Za-z]{2,}")
ENDONYMS = frozenset({"English", "日本語"})


@dataclass(frozen=True)
class Text:
    line: int
    where: str  # "text", an attribute's name, or "string" (a literal inside {{ }})
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


def _visible(text: str) -> bool:
    """Whether a piece of markup holds words a person reads (not only Jinja, numbers and
    punctuation, and not already translated)."""
    plain = re.sub(r"\x01\d+\x02", "", _EXPRESSION.sub("", text)).strip()
    if re.fullmatch(r"[a-z0-9]+(?:[-_][a-z0-9]+)+", plain):
        return False  # a class name or an id ("calculator-page"), not words
    return bool(_LETTERS.search(plain)) and "_(" not in text


def visible_texts(source: str) -> list[Text]:
    """The strings of one template still to wrap: text and read attributes, then the
    string literals inside ``{{ … }}`` that look like words (macro labels)."""

    # Blank the statements and comments (keeping their line breaks, so lines stay right).
    def blank(m: re.Match[str]) -> str:
        return "\x00" + "\n" * m.group(0).count("\n")

    body = _STATEMENT.sub(blank, _COMMENT.sub(blank, source))
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
    found = [t for t in found if _visible(t.text)]
    # Literals in expressions and statements: labels handed to macros, words in dicts.
    for n, line in enumerate(source.split("\n"), 1):
        for expr in _EXPRESSION.findall(line) + _STATEMENT.findall(line):
            if "_(" in expr:
                continue
            for _q, literal in _STRING.findall(expr):
                if re.search(r"[A-Z][a-z]|[a-z] [a-z]", literal) and not re.fullmatch(
                    r"[a-z0-9_./:-]+", literal
                ):
                    found.append(Text(n, "string", literal))
    # A language's own name is written in that language on every page (the switch).
    found = [t for t in found if t.text not in ENDONYMS]
    return sorted(set(found), key=lambda t: (t.line, t.where, t.text))


def template_files() -> Iterator[Path]:
    yield from sorted(TEMPLATES.rglob("*.html"))


def todo_markdown(known: set[str], how: dict[str, str], notes: dict[str, str]) -> str:
    out = [
        "# i18n: template strings to wrap in `_()`",
        "",
        "Generated by `python scripts/i18n.py todo` (rerun it after wrapping: what is left is",
        "listed). Each line is a piece of visible text, a read attribute (`aria-label`,",
        "`placeholder`, `title` …) or a word-like string literal inside `{{ … }}` (a label",
        "handed to a macro: wrap the literal, `check(…, _('Expansion'), …)`). **(in .po)**",
        "marks a msgid already translated in `companion/translations/ja/LC_MESSAGES/",
        "messages.po`: wrap it with exactly that text.",
        "",
        "How to wrap (Flask-Babel's gettext is *newstyle*: `%` formatting always runs, so a",
        "literal `%` is `%%`, and values are HTML-escaped):",
        "",
        "- plain text: `<h2>Back to a game</h2>` → `<h2>{{ _('Back to a game') }}</h2>`",
        "- with values: `Player {{ i + 1 }}` → `{{ _('Player %(number)s', number=i + 1) }}`;",
        "  the msgid names each value (`%(name)s`), never an f-string or `~` concatenation",
        "- a count: `{{ ngettext('%(num)s entry', '%(num)s entries', n) }}` (`num` is set)",
        "- markup around a value stays outside the msgid when it can; when it cannot, pass",
        "  the marked-up value: `_('%(yen)s each', yen=top|yen)` (escaped unless Markup)",
        "- money: `{{ yen(amount) }}` (or `amount|yen`), never `¥` in a template; a rules",
        "  message: `{{ msg(message) }}`",
        "- strings built in Python (calculator labels, home.py's roles, error labels) are",
        "  translated there with `flask_babel.lazy_gettext`, or become message codes",
        "",
        "After wrapping: `python scripts/i18n.py` (extract → update → compile), translate",
        "each new entry in the .po, rerun, commit the .po and the .mo.",
        "`tests/test_i18n_po.py` fails while a wrapped string has no Japanese.",
        "",
        'Not in this list (no template text): base.html\'s `<html lang="{{ current_lang() }}">`',
        'and `{% include "_lang_switch.html" %}` in the top bar; the English sentences of',
        "the web layer's Python (security.py's REFUSED, edge.py's and forms.py's refusals,",
        "schemas.py's field sentences): message codes or `lazy_gettext` there; joins such",
        'as `|join(", ")` (Japanese lists with 「、」).',
        "",
    ]
    listed: set[str] = set()
    for path in template_files():
        texts = visible_texts(path.read_text(encoding="utf-8"))
        listed |= {t.text.strip() for t in texts}
        rel = path.relative_to(ROOT)
        out.append(f"## {rel}")
        out.append("")
        if not texts:
            out.append("Nothing left to wrap.")
        for t in texts:
            text = t.text.strip()
            mark = " **(in .po)**" if text in known else ""
            if text in how:
                mark = f" **(in .po)** → `{how[text]}`"
            out.append(f"- [ ] L{t.line} {t.where}: `{text}`{mark}")
        out.append("")

    # What the .po holds that no line above is: Python strings, values built in templates.
    def placed(msgid: str) -> bool:
        note = notes.get(msgid, "")
        wrapped = {text.strip() for text, _call in _WRAP.findall(note)}
        return msgid in listed or note.startswith("#:") or bool(wrapped & listed)

    rest = sorted(m for m in known if not placed(m))
    if rest:
        out.append("## Translated in the .po, not visible text of a template above")
        out.append("")
        out.append("Strings of Python code (wrap with `lazy_gettext`) or built in a template")
        out.append("(the note says where); already wrapped ones are not listed.")
        out.append("")
        for msgid in rest:
            note = notes.get(msgid, "")
            out.append(f"- [ ] `{msgid}`" + (f" — {note}" if note else ""))
        out.append("")
    return "\n".join(out)


_WRAP = re.compile(r"wrap: (.+?) => (.+?)(?= wrap: |$)")


def wraps(catalog: Catalog) -> dict[str, str]:
    """The translators' notes ``#. wrap: <template text> => <the _() call>``: how a text
    with values is wrapped so that its msgid is the one already translated."""
    out: dict[str, str] = {}
    for m in catalog:
        note = " ".join(m.auto_comments)
        for text, call in _WRAP.findall(note):
            out[text.strip()] = call.strip()
    return out


def todo(catalogs: list[Catalog], codes: set[str]) -> Path:
    """Rewrite docs/i18n-todo.md from the templates and the catalogues (the games' message
    codes, ``codes``, are no template's text: left out)."""
    known: set[str] = set()
    how: dict[str, str] = {}
    notes: dict[str, str] = {}
    for catalog in catalogs:
        for m in catalog:
            msgid = m.id[0] if isinstance(m.id, tuple) else m.id
            if not msgid or msgid in codes:
                continue
            known.add(msgid)
            # A location: a template uses it already. Else the translator's note.
            notes[msgid] = "#: in use" if m.locations else " ".join(m.auto_comments)
        how.update(wraps(catalog))
    TODO.write_text(todo_markdown(known, how, notes), encoding="utf-8")
    return TODO
