"""The catalogues: extract -> update -> compile, with Babel's Python API.

    python scripts/i18n.py             # all three steps
    python scripts/i18n.py extract     # build/messages.pot from babel.cfg's files
    python scripts/i18n.py update      # merge it into companion/translations/*/messages.po
    python scripts/i18n.py compile     # write each messages.mo (committed: no build step)
    python scripts/i18n.py check       # exit 1 if a .mo is stale, a string is untranslated
                                       # or a template's text is not wrapped in _()
    python scripts/i18n.py unwrapped   # that text, listed (scripts/i18n_unwrapped.py)

One catalogue per language (companion/translations/<lang>/LC_MESSAGES/messages.po) holds
both the templates' and the edge's gettext strings (English msgids, so English needs no
entry for them) and the games' message codes (``Message(code, values)``: the code is the
msgid, in every language, English included; companion/catalogues.py words them).
``update`` merges the extracted strings into each language but English and never drops a
code; it keeps the entries the templates do not use yet (the translations are written
ahead of the wrapping of the templates' text in ``_()``); ``update --prune`` drops those.
``check`` also holds each language's codes against the English ones with Babel's
placeholder checker.
"""

from __future__ import annotations

import argparse
import gettext
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message, TranslationError
from babel.messages.checkers import python_format
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "babel.cfg"
TRANSLATIONS = ROOT / "companion" / "translations"
POT = ROOT / "build" / "messages.pot"
PROJECT = "tsukiji-companion"


#: The language whose catalogue holds only the codes: the templates' msgids are English.
SOURCE = "en"


def po_files() -> list[Path]:
    return sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po"))


def lang_of(path: Path) -> str:
    return path.parent.parent.name


def codes() -> set[str]:
    """The message codes: every msgid of the English catalogue."""
    english = read(TRANSLATIONS / SOURCE / "LC_MESSAGES" / "messages.po")
    return {m.id if isinstance(m.id, str) else m.id[0] for m in english if m.id}


def _msgid(m: Message) -> str:
    return m.id if isinstance(m.id, str) else m.id[0]


#: Babel's gettext keywords and Flask-Babel's lazy ones (the web layer's labels built at
#: import: ``lazy_gettext("Loans")``), which Babel does not know.
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "lazy_pgettext": ((1, "c"), 2),
    "lazy_npgettext": ((1, "c"), 2, 3),
}


def extract() -> Catalog:
    """Every ``_()``/``gettext``/``ngettext`` string (and their ``lazy_`` kin) of the files
    babel.cfg names."""
    with CONFIG.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(CONFIG))
    catalog = Catalog(project=PROJECT, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=KEYWORDS,
        comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def write_pot(template: Catalog) -> Path:
    POT.parent.mkdir(exist_ok=True)
    with POT.open("wb") as f:
        write_po(f, template, width=100, include_lineno=False)
    return POT


def read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def write(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path.write_bytes(buf.getvalue())


def update(template: Catalog, prune: bool = False) -> list[str]:
    """Merge the extracted strings into each language's .po; the strings new to it are
    returned (they need a translation)."""
    new: list[str] = []
    # The codes are no template's, nor is the catalogue's own grammar (``list.repeated``).
    keep = codes() | OWN_GRAMMAR
    for path in po_files():
        if lang_of(path) == SOURCE:
            continue
        catalog = read(path)
        before = {m.id for m in catalog if m.id}
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        # Those are never obsolete. The others are written ahead of the templates: kept
        # until a template uses them, unless pruned.
        for message in list(catalog.obsolete.values()):
            if not prune or _msgid(message) in keep:
                catalog[message.id] = message
        catalog.obsolete.clear()
        new += [
            f"{path.parent.parent.name}: {m.id}" for m in catalog if m.id and m.id not in before
        ]
        write(path, catalog)
    return new


def compile_all() -> list[Path]:
    out = []
    for path in po_files():
        mo = path.with_suffix(".mo")
        buf = io.BytesIO()
        write_mo(buf, read(path), use_fuzzy=False)
        mo.write_bytes(buf.getvalue())
        out.append(mo)
    return out


def translations(catalog: Catalog) -> dict[str, str]:
    """What a compiled catalogue must hold: each translated, non-fuzzy entry, plural forms
    as gettext keys them (``msgid\\x00msgid_plural`` -> each form)."""
    out: dict[str, str] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        # gettext keys a message with a context (msgctxt) as "context\x04msgid".
        ctx = "" if m.context is None else f"{m.context}\x04"
        if isinstance(m.id, tuple):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            if all(forms):
                for i, form in enumerate(forms):
                    out[f"{ctx}{m.id[0]}\x00{i}"] = form
        elif m.string:
            out[f"{ctx}{m.id}"] = str(m.string)
    return out


def compiled(mo: Path) -> dict[str, str]:
    """The entries of a compiled catalogue, keyed as :func:`translations` keys them."""
    with mo.open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    out: dict[str, str] = {}
    for key, value in catalog.items():
        if isinstance(key, tuple):
            out[f"{key[0]}\x00{key[1]}"] = value
        elif key:
            out[key] = value
    return out


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%[sd]")


def placeholders(text: str) -> set[str]:
    return {m.group(0) for m in _PLACEHOLDER.finditer(text.replace("%%", ""))}


def lost_placeholders(m: Message) -> list[str]:
    """Each form of the translation shows the values the English shows (babel's own
    checker lets a translation drop every placeholder; a player would lose the number)."""
    ids = m.id if isinstance(m.id, tuple) else (m.id,)
    forms = m.string if isinstance(m.string, tuple) else (m.string,)
    want = set().union(*(placeholders(i) for i in ids))
    return [
        f"{sorted(want)} != {sorted(placeholders(f))}"
        for f in forms
        if f and placeholders(f) != want
    ]


#: A Japanese placeholder that stands for an English one: a boat is "b2" in English (the
#: API's id) and 「船2」 in Japanese (the no-English scan refuses "b2" on a Japanese page).
STANDS_FOR = {"no": "boat", "barge_no": "barge"}
#: English placeholders a language may leave out of a code's sentence: the player's boats
#: listed by their English ids ("b1, b2").
LEFT_OUT = {"fleet.no_such_boat": {"boats"}}
#: Entries a language has for its own grammar only: a list's repeated word named once
#: with its count (「ウナギ×2」); English repeats it.
OWN_GRAMMAR = frozenset({"list.repeated"})


def _word_of(code: str, english: dict[str, Message]) -> bool:
    """An English entry that is another code's word (``code.x`` for its ``%(x)s``: the
    word of a second count in one sentence), which a language without plurals lacks."""
    parent, _, name = code.rpartition(".")
    found = english.get(parent)
    if code not in english or found is None:
        return False
    forms = found.string
    return f"%({name})s" in "".join(forms if isinstance(forms, tuple) else (forms,))


def code_problems(english: Catalog, catalog: Catalog) -> list[str]:
    """A language's codes against the English ones: the same codes, each translated with
    the English placeholders (Babel's python-format checker: no placeholder the English
    lacks, none of another type) and none lost. A plural entry's count (``msgid_plural``
    ``"<code> (count: <name>)"``) may be shown where the English only picks its word."""
    lang = str(catalog.locale)
    theirs = {_msgid(m): m for m in catalog if m.id}
    ours = {_msgid(m): m for m in english if m.id}
    problems = []
    for m in english:
        if not m.id:
            continue
        code = _msgid(m)
        other = theirs.get(code)
        if other is None:
            if not _word_of(code, ours):
                problems.append(f"{lang}: code {code!r} has no entry")
            continue
        en_forms = m.string if isinstance(m.string, tuple) else (m.string,)
        forms = other.string if isinstance(other.string, tuple) else (other.string,)
        if m.context != other.context:
            problems.append(
                f"{lang}: {code!r} has the context {other.context!r}, not {m.context!r}"
            )
        if isinstance(m.id, tuple) != isinstance(other.id, tuple) or m.id != other.id:
            problems.append(f"{lang}: {code!r} is not the English entry's kind ({other.id!r})")
            continue
        count = m.id[1].rsplit("count: ", 1)[-1].rstrip(")") if isinstance(m.id, tuple) else None
        shown = "".join(en_forms) + (f" %({count})s" if count else "")
        for form in forms:
            text = form
            for mine, english_name in STANDS_FOR.items():
                if f"%({mine})" in text and f"%({mine})" not in shown:
                    text = text.replace(f"%({mine})", f"%({english_name})")
            try:
                python_format(english, Message(shown, text, flags={"python-format"}))
            except TranslationError as e:
                problems.append(f"{lang}: {code!r}: {e}")
            # Babel lets a translation drop a placeholder: a player would lose the value.
            shown_all = set().union(*(placeholders(f) for f in en_forms)) - {
                f"%({n})s" for n in LEFT_OUT.get(code, ())
            }
            lost = {
                p for p in shown_all - placeholders(text) if not _word_of(f"{code}.{p[2:-2]}", ours)
            }
            if lost:
                problems.append(f"{lang}: {code!r} loses {sorted(lost)}")
    known = {_msgid(m) for m in english if m.id}
    problems += [
        f"{lang}: code {c!r} is not in English"
        for c in theirs
        if _is_code(c, known) and c not in OWN_GRAMMAR
    ]
    return problems


def _is_code(msgid: str, known: set[str]) -> bool:
    """A msgid that looks like a code (no space, lowercase, dotted) but is no English code."""
    return msgid not in known and re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", msgid) is not None


def unwrapped() -> list[str]:
    """The templates' visible text not wrapped in ``_()`` (scripts/i18n_unwrapped.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from i18n_unwrapped import unwrapped as find  # beside this script

    keep = codes() | OWN_GRAMMAR
    known = {_msgid(m) for path in po_files() for m in read(path) if m.id} - keep
    return list(find(known))


def check() -> list[str]:
    """Problems that must not be committed: a .mo that is not its .po compiled, an entry
    without its translation, a placeholder the translation lost, a code a language lacks,
    a template's text not wrapped in ``_()``."""
    problems: list[str] = []
    extracted = {(m.id, m.context) for m in extract() if m.id}
    english = read(TRANSLATIONS / SOURCE / "LC_MESSAGES" / "messages.po")
    keep = codes()
    for path in po_files():
        lang = lang_of(path)
        catalog = read(path)
        mo = path.with_suffix(".mo")
        if not mo.exists() or compiled(mo) != translations(catalog):
            problems.append(f"{lang}: {mo.relative_to(ROOT)} is stale: run scripts/i18n.py compile")
        for m in catalog:
            if not m.id:
                continue
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            if m.fuzzy or not all(forms):
                problems.append(f"{lang}: no translation for {m.id!r}")
            if _msgid(m) not in keep and _msgid(m) not in OWN_GRAMMAR:
                problems += [f"{lang}: {m.id!r}: placeholders {e}" for e in lost_placeholders(m)]
        for m, errors in catalog.check():
            problems += [f"{lang}: {m.id!r}: {e}" for e in errors]
        if lang == SOURCE:
            continue
        problems += code_problems(english, catalog)
        known = {(m.id, m.context) for m in catalog if m.id}
        problems += [
            f"{lang}: {msgid!r} (context {context!r}) is not in the .po: run update"
            for msgid, context in extracted - known
        ]
    return problems + unwrapped()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "step",
        nargs="?",
        default="all",
        choices=("all", "extract", "update", "compile", "check", "unwrapped"),
    )
    parser.add_argument("--prune", action="store_true", help="update: drop unused entries")
    args = parser.parse_args(argv)
    if args.step in ("check", "unwrapped"):
        problems = check() if args.step == "check" else unwrapped()
        for p in problems:
            print(p)
        return 1 if problems else 0
    if args.step in ("all", "extract", "update"):
        template = extract()
        print(f"extracted {len([m for m in template if m.id])} strings -> {write_pot(template)}")
        if args.step in ("all", "update"):
            for line in update(template, prune=args.prune):
                print(f"new, to translate: {line}")
    if args.step in ("all", "compile"):
        for mo in compile_all():
            print(f"compiled {mo.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
