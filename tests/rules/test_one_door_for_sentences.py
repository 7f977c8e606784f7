"""Every sentence through one door (issue #8): the rules core builds each refusal and
history line from a message code and named values (companion/rules/messages.py), never
from English of its own, so that another language is one more catalogue.

Three checks over the source of companion/rules/:
- no ``IllegalAction`` (or ``refuse``) is given English: a string, an f-string, a
  concatenation or a ``.join`` / ``.format`` call instead of a Message;
- no f-string of English words outside messages.py, except in ``ValueError``s for
  impossible input a player never sees (a programming error, not a sentence);
- every message built with literal values names every placeholder its template uses.
And one over the catalogue: every code renders with values of the kinds the rules pass,
for a count of 1 and of 2, leaving no placeholder, no "(s)" and no "None".
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.catalogues import PARTY_KEYS, catalogue, name
from companion.rules.messages import Message, render

RULES = Path(__file__).resolve().parents[2] / "companion" / "rules"
SOURCES = sorted(p for p in RULES.rglob("*.py") if p.name != "messages.py")
ENGLISH = re.compile(r"[A-Za-z]{2,} | [A-Za-z]{2,}")


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_english(node: ast.expr) -> bool:
    """A string built here rather than a Message: a literal, an f-string, a concatenation
    or a str method's result."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_english(node.left) or _is_english(node.right)
    if isinstance(node, ast.Call) and _name(node.func) in ("join", "format", "title", "upper"):
        return True
    return False


def english_refusals(source: str) -> list[int]:
    """Lines where an IllegalAction is given English instead of a Message."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or _name(node.func) != "IllegalAction":
            continue
        given = list(node.args[:1]) + [
            k.value for k in node.keywords if k.arg in ("message", "public_message")
        ]
        if any(_is_english(arg) for arg in given):
            found.append(node.lineno)
    return found


def _functions(tree: ast.AST) -> Iterator[tuple[str, ast.AST]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            yield node.name, node


def english_fstrings(source: str, filename: str) -> list[int]:
    """Lines of f-strings holding English words, outside the exempted places."""
    tree = ast.parse(source)
    exempt: set[int] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Call)
            and _name(node.exc.func) == "ValueError"
        ):
            exempt |= {id(n) for n in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in exempt:
            parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
            literal = "".join(p for p in parts if isinstance(p, str))
            if ENGLISH.search(literal):
                found.append(node.lineno)
    return found


def test_the_scanners_find_english() -> None:
    """The checks below can fail: they flag each way of writing English in a refusal."""
    bad = """
raise IllegalAction("must be a whole number", "amount")
raise IllegalAction(f"{name} holds no Freezer", "freezer")
raise IllegalAction("the kind is one of " + ", ".join(KINDS), "kind")
raise IllegalAction(Message("x", {}), "f", public_message=f"{p} cannot pay")
"""
    assert english_refusals(bad) == [2, 3, 4, 5]
    assert english_fstrings('x = f"{name} took {n} tokens"', "moves.py") == [1]
    good = 'raise IllegalAction(Message("no_freezer", {"player": name}), "freezer")'
    assert english_refusals(good) == [] and english_fstrings('k = f"sell.{key}"', "x.py") == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULES)))
def test_no_refusal_is_given_english(path: Path) -> None:
    assert english_refusals(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULES)))
def test_no_english_fstrings_in_the_rules(path: Path) -> None:
    assert english_fstrings(path.read_text(encoding="utf-8"), path.name) == []


ENGLISH_CODES = catalogue("en").texts()
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def fields(code: str) -> set[str]:
    """The values the English sentence of ``code`` takes: its placeholders (but the words
    of its own entries, ``code.x``) and a plural entry's count."""
    english = catalogue("en")
    names = {n for n in PLACEHOLDER.findall(ENGLISH_CODES[code]) if f"{code}.{n}" not in english}
    if code in english.plurals:
        names.add(english.plurals[code][0])
    for n in PLACEHOLDER.findall(ENGLISH_CODES[code]):
        if f"{code}.{n}" in english:
            names.add(english.plurals[f"{code}.{n}"][0])
    return names


def built_messages() -> Iterator[tuple[str, int, str, set[str]]]:
    """Every message the rules build with a literal code and literal value names:
    ``Message("code", {...})``, ``refuse("code", field, k=v)``, ``run.note("code", k=v)``."""
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            code = node.args[0]
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            name = _name(node.func)
            if name == "Message":
                if len(node.args) < 2:
                    given: set[str] | None = set()
                else:
                    values = node.args[1]
                    ok = isinstance(values, ast.Dict) and all(
                        isinstance(k, ast.Constant) for k in values.keys
                    )
                    given = {k.value for k in values.keys} if ok else None  # type: ignore[union-attr]
            elif name in ("refuse", "note"):
                given = (
                    None
                    if any(k.arg is None for k in node.keywords)
                    else {str(k.arg) for k in node.keywords}
                )
            else:
                continue
            if given is not None:
                yield path.name, node.lineno, code.value, given


def test_every_built_message_names_its_placeholders() -> None:
    missing = []
    for filename, line, code, given in built_messages():
        assert code in ENGLISH_CODES, f"{filename}:{line}: no message {code!r}"
        lacking = fields(code) - given
        if lacking:
            missing.append(f"{filename}:{line} {code} lacks {sorted(lacking)}")
    assert missing == []


#: Sample values of the kinds the rules pass, by placeholder name.
#: Pieces glued onto a sentence, so they begin with their own space.
FRAGMENTS = frozenset(
    {"history.note", "cards.history.effects", "cards.source.draw", "cards.source.steal"}
    # The report's separators and the logged play's pieces (report_text.say), in the
    # same catalogue since #18 step 7.
    | {"play.and", "play.by_app", "play.marks", "play.sep", "play.turns", "report.colon"}
)

SAMPLES: dict[str, Any] = {
    "market": "eel",
    "fish": "tuna",
    "row": "upper",
    "reason": "sale",
    "where": "market",
    "item": "freezer",
    "track": "eel",
    "kind": "auction.tuna",
    "entry": "entry.cart",
    "what": Message("what.fishing", {}),
    "options": [Message("entry.option_ap", {"count": 1, "amount": 1})],
    "items": [Message("history.d_sold", {"count": 2})],
    "details": Message("history.details", {"items": [Message("history.d_sold", {"count": 2})]}),
    "money": Message("history.yen", {"amount": 300}),
    "note": "for the boat",
    "tokens": Message("history.tokens", {"count": 2, "what": "Eel"}),
    "barrels": [Message("au.back_one", {"count": 1, "fish": "tuna"})],
    "lot": [Message("token.valued", {"fish": "tuna", "value": 20})],
    "names": ["Bo", "Chiyo"],
    "choices": [15, 20, 25],
    "values": [4, 6, 8],
    "markets": "Mackerel",
    "phase": "phase.actions",
    "name": "'Dai'",
    "code": "tuna:20",
    "format": "tsukiji-snapshot/1",
    "allowed": "eel",
    "input": "amount",
}


def sample(key: str, count: int) -> Any:
    if key in SAMPLES:
        return SAMPLES[key]
    if key in PARTY_KEYS or key in ("giver", "taker", "chooser"):
        return "Aiko"
    return count


def test_every_code_renders_with_its_values() -> None:
    """Each code, for a count of 1 and of 2 (one loop: the codes are data, not tests)."""
    for code, template in ENGLISH_CODES.items():
        if code.startswith(("name.", "list.")):
            continue  # the names of ids and the list's punctuation: no sentence
        for count in (1, 2):
            values = {key: sample(key, count) for key in fields(code)}
            text = render(Message(code, values))
            assert text.strip() == text or code in FRAGMENTS, code
            # No placeholder is left over (braces only where the sentence prints JSON).
            assert "%(" not in text, code
            assert ("{" not in text and "}" not in text) or "{" in template, code
            assert "(s)" not in text and "None" not in text, code
            plain = set(PLACEHOLDER.findall(template))
            for key, value in values.items():
                if key in plain and isinstance(value, int) and not isinstance(value, bool):
                    assert f"{value:,}" in text or str(value) in text, (code, key)


def test_the_names_of_reasons_and_places_shadow_no_market_or_token() -> None:
    """Ids are named through one table: a Yen reason called like a fish (the oyster bonus
    once was "oyster") would rename that fish in every sentence."""
    from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES

    for key in {*FISH_MARKETS, *EXTERNAL_MARKETS, *TOKEN_NAMES}:
        expected = TOKEN_NAMES.get(key) or (FISH_MARKETS.get(key) or EXTERNAL_MARKETS[key]).en
        assert name(key) == expected, key
