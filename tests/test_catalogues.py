"""One gettext catalogue per language (companion/catalogues.py, companion/translations):
every code the games can say is in each language, a message is worded from them with the
standard library alone (no Flask, as the CLI and the doctests word it), plurals come from
the catalogue's Plural-Forms and amounts are written with thousands separators.

That each language's codes keep the English placeholders is Babel's check, run by
tests/test_i18n_po.py (scripts/i18n.py check)."""

from __future__ import annotations

import ast
import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion import catalogues
from companion.catalogues import Catalogue, Message, render

ROOT = Path(__file__).resolve().parent.parent
GAMES = [ROOT / "companion" / game for game in ("rules", "cardgame", "jutaku")]
#: The calls whose first argument, a string literal, is a message code.
SAYING = frozenset({"Message", "refuse", "note", "IllegalAction"})


def _callee(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def codes_said() -> set[str]:
    """Every code the games' modules write out: the first argument of ``Message("…")``,
    ``refuse("…")`` and ``….note("…")``."""
    found: set[str] = set()
    for game in GAMES:
        for path in game.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and _callee(node.func) in SAYING):
                    continue
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    if _callee(node.func) != "IllegalAction" or " " not in first.value:
                        found.add(first.value)
    return found


def test_the_games_say_codes() -> None:
    said = codes_said()
    assert {"no_freezer", "cards.fingers", "jutaku.over", "short_of_yen"} <= said
    assert len(said) > 500


@pytest.mark.parametrize("lang", catalogues.LANGS)
def test_every_code_said_is_in_each_language(lang: str) -> None:
    own = catalogues.catalogue(lang)
    missing = sorted(code for code in codes_said() if code not in own)
    assert missing == [], f"codes without a {lang} sentence: {missing}"


def test_every_english_code_has_japanese_and_no_more() -> None:
    en, ja = catalogues.catalogue("en"), catalogues.catalogue("ja")
    english = set(en.texts())
    words = {code for code in english if code.rpartition(".")[0] in english}
    assert sorted(english - set(ja.texts()) - words) == []
    dotted = re.compile(r"[a-z0-9_]+(\.[a-z0-9_]+)+")
    assert sorted(c for c in set(ja.texts()) - english if dotted.fullmatch(c)) == ["list.repeated"]


def test_plurals_come_from_the_catalogue() -> None:
    def catch(n: int, lang: str = "en") -> str:
        said = Message("history.s_catch", {"count": n, "market": "eel"})
        return render(said, lang)

    assert [catch(1), catch(2), catch(0)] == [
        "caught 1 Eel barrel",
        "caught 2 Eel barrels",
        "caught 0 Eel barrels",
    ]
    # Japanese has one form: the sentence differs by its number alone.
    assert catch(1, "ja") != catch(2, "ja") == catch(1, "ja").replace("1", "2")
    # A second count in one sentence picks its word by its own count (an entry of its own).
    convert = Message("au.convert", {"have": 1, "fish": "tuna", "count": 2})
    assert render(convert) == "1 Tuna barrel converts to 2 tokens"
    convert = Message("au.convert", {"have": 3, "fish": "tuna", "count": 1})
    assert render(convert) == "3 Tuna barrels convert to 1 token"


def test_amounts_ids_lists_and_nesting() -> None:
    said = Message("mv.yen", {"payer": "Aiko", "payee": "supply", "amount": 1200, "reason": "sale"})
    assert render(said) == "Aiko → the supply: ¥1,200 (sale)"
    assert render(said, "ja").startswith("Aiko → 共通サプライ：1,200円")
    assert catalogues.fill("¥%(amount)d (100%%)", {"amount": -12345}) == "¥-12,345 (100%)"
    # A Japanese list names a repeated word once, with its count; English repeats it.
    lot = Message("history.s_lot", {"tokens": ["eel", "tuna", "eel"]})
    assert render(lot) == "put up Eel, Tuna, Eel"
    assert "ウナギ×2、マグロ" in render(lot, "ja")


def test_every_game_renders_from_the_same_catalogues() -> None:
    """The card game's and Tokyo Jutaku's codes are worded as the board game's (the
    examples their modules carried when they registered into the board game's table)."""
    first = Message("cards.wait.take_scale", {"player": "Aiko"})
    said = Message("cards.not_yours", {"first": first, "player": "Bo"})
    assert render(said) == "Aiko takes a card from the Scale now, not Bo."
    line = Message(
        "jutaku.line",
        {"count": 2, "what": Message("jutaku.name.shirt_trousers"), "each": 300, "amount": 600},
    )
    assert render(line) == "2 × shirt / trousers at ¥300: ¥600"


@pytest.mark.parametrize("lang", catalogues.LANGS)
def test_a_code_is_written_once_per_catalogue(lang: str) -> None:
    """A code one game adds cannot silently replace another's sentence: each msgid is
    written once in a language's .po (gettext would keep only one of them)."""
    po = ROOT / "companion" / "translations" / lang / "LC_MESSAGES" / "messages.po"
    msgids = re.findall(r'^(?:msgctxt "(.*)"\n)?msgid "(.+)"$', po.read_text("utf-8"), re.M)
    assert len(msgids) > 1000
    assert sorted({m for m in msgids if msgids.count(m) > 1}) == []


def test_an_unknown_language_falls_back_to_english_and_an_unknown_code_fails() -> None:
    assert render(Message("no_freezer", {"player": "Bo"}), "xx") == "Bo holds no Freezer."
    with pytest.raises(KeyError):
        render(Message("no.such_code"))
    assert catalogues.known("no_freezer") and not catalogues.known("no.such_code")


def test_names_are_the_rulebooks() -> None:
    """Markets are named as the rules' catalogue names them (the rulebook's words); an
    external market in the rulebook's brackets, so 「{market}」市場 reads 「銀行」市場."""
    from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES

    for key, market in FISH_MARKETS.items():
        assert catalogues.name(key, "ja") == market.ja
        assert catalogues.name(key, "en") == TOKEN_NAMES.get(key, market.en)
    for key, market in EXTERNAL_MARKETS.items():
        assert catalogues.name(key, "ja") == f"「{market.ja}」"
        assert catalogues.name(key, "en") == market.en
    missing = sorted(set(catalogues.names("en")) - set(catalogues.names("ja")))
    assert missing == [], f"ids without a Japanese name: {missing}"


def test_rulebook_terms() -> None:
    """The words of the Japanese rulebook (shared/rules/README.md's glossary)."""
    ja = catalogues.catalogue("ja").texts()
    assert ja["what.fishing"] == "「漁業」アクション"
    assert ja["what.purchase"] == "「購入」アクション"
    assert ja["what.visit"] == "「市場」アクション"
    assert "漁業免許" in ja["what.licences"]
    assert "資源" in ja["au.lot_too_small"]
    assert "乱獲状態" in ja["catch_overfished"]
    assert "競り" in ja["name.auction.tuna"]
    assert ja["entry.option_yen"] == "%(amount)d円"
    assert "円" in ja["short_of_yen"] and "¥" not in ja["short_of_yen"]
    assert not [code for code, text in ja.items() if "¥" in text]


def test_a_catalogue_is_read_from_its_compiled_file(tmp_path: Path) -> None:
    """The reader keeps what gettext's drops: a plural entry's id, which names its count."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="en")
    catalog.add("x.plain", "%(who)s waits")
    catalog.add(("x.many", "x.many (count: n)"), ("%(n)s boat", "%(n)s boats"))
    buf = io.BytesIO()
    write_mo(buf, catalog)
    read = Catalogue(buf.getvalue())
    assert read.sentence("x.plain", {}) == "%(who)s waits"
    assert [read.sentence("x.many", {"n": n}) for n in (1, 2)] == ["%(n)s boat", "%(n)s boats"]
    assert read.sentence("x.none", {}) is None and "x.many" in read


def test_messages_are_worded_without_flask() -> None:
    """The CLI and the rules' tests word messages from the same compiled files, by the
    standard library: importing the rules and rendering loads no Flask (nor Babel)."""
    code = (
        "import sys\n"
        "from companion.rules.messages import Message, render\n"
        "from companion.rules.errors import IllegalAction\n"
        "e = IllegalAction(Message('no_freezer', {'player': 'Bo'}))\n"
        "assert str(e) == 'Bo holds no Freezer.', str(e)\n"
        "assert render(Message('no_freezer', {'player': 'Bo'}), 'ja').startswith('Bo')\n"
        "assert not {'flask', 'babel', 'flask_babel'} & set(sys.modules), sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_docstring_examples() -> None:
    result = doctest.testmod(catalogues)
    assert result.attempted and result.failed == 0


def test_a_clause_is_marked_in_the_catalogue() -> None:
    """The edge completes a clause with its field's name ("The amount must be a whole
    number."): which codes are clauses is the catalogue's word (``msgctxt "clause"``), not
    a test of the English; here the English checks that none is left unmarked."""
    from companion.engine import is_clause

    en = catalogues.catalogue("en")
    starts = {code for code, text in en.texts().items() if text.startswith(("must ", "is "))}
    assert en.clauses == starts and len(starts) >= 30
    assert catalogues.catalogue("ja").clauses == en.clauses
    assert is_clause(Message("arg.whole")) and not is_clause(Message("no_freezer"))
    assert render(Message("arg.whole"), "ja") == "整数でなければなりません"
