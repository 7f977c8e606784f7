"""The catalogues as committed, one per language: each .mo is its .po compiled (the
package works after a plain ``pip install .``, with no build step, so a stale .mo would
ship), every entry is translated with the same placeholders (Babel's checkers, and the
English codes' placeholders for each language's codes), and every string the templates
extract is in the Japanese .po, and no template shows text that is not wrapped in ``_()``
(scripts/i18n_unwrapped.py: a future unwrapped sentence fails here, it does not grow a
checklist). The checks are scripts/i18n.py's own (``python scripts/i18n.py check``)."""

from __future__ import annotations

import gettext
import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "companion" / "translations" / "ja" / "LC_MESSAGES" / "messages.po"
EN = ROOT / "companion" / "translations" / "en" / "LC_MESSAGES" / "messages.po"


def _script(name: str = "i18n") -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{name}_script", ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _script()


def test_one_catalogue_per_language_is_committed(script: ModuleType) -> None:
    assert script.po_files() == [EN, PO]
    assert PO.with_suffix(".mo").is_file() and EN.with_suffix(".mo").is_file()


@pytest.mark.parametrize("po", [EN, PO], ids=["en", "ja"])
def test_mo_is_the_po_compiled(script: ModuleType, po: Path) -> None:
    with po.open("rb") as f:
        catalog = read_po(f)
    expected = script.translations(catalog)
    assert expected, "the .po has no translation"
    assert script.compiled(po.with_suffix(".mo")) == expected
    # The same, as gettext reads it: every translated entry, and nothing else.
    with po.with_suffix(".mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in catalog:
        if isinstance(m.id, str) and m.id:
            found = mo.gettext(m.id) if m.context is None else mo.pgettext(m.context, m.id)
            assert found == m.string, (m.context, m.id)


def test_a_stale_mo_is_caught(script: ModuleType, tmp_path: Path) -> None:
    """The comparison fails when the .po changed after the .mo was compiled."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    catalog["New game"].string = "新規ゲーム"
    buf = io.BytesIO()
    write_mo(buf, catalog)
    stale = tmp_path / "messages.mo"
    stale.write_bytes(buf.getvalue())
    with PO.open("rb") as f:
        committed = read_po(f)
    assert script.compiled(stale) != script.translations(committed)


@pytest.fixture(scope="module")
def unwrapped() -> ModuleType:
    return _script("i18n_unwrapped")


def test_check_finds_nothing(script: ModuleType) -> None:
    """Translated, placeholders kept (babel's checkers), .mo fresh, nothing extracted
    from the templates missing from the .po, no template text left unwrapped."""
    assert script.check() == []


def test_the_web_layers_lazy_strings_are_extracted(script: ModuleType) -> None:
    """``lazy_gettext`` (the calculator's counters, the cross-site refusal) is no Babel
    keyword: the extraction names it, so its strings are checked and kept like the rest."""
    extracted = {m.id for m in script.extract() if m.id}
    assert {"Loans", "Shares", "Red Snapper left"} <= extracted
    assert any(isinstance(i, str) and i.startswith("This request came from") for i in extracted)


def found(unwrapped: ModuleType, source: str) -> list[tuple[int, str, str]]:
    return [(t.line, t.where, t.text) for t in unwrapped.visible_texts(source)]


def test_an_unwrapped_sentence_is_found(unwrapped: ModuleType) -> None:
    """Text (beside a wrapped one too), a read attribute, a label handed to a macro (over
    several lines as well) and a value passed by name to ``_()``."""
    assert found(unwrapped, "<p>\n  Back to a game</p>") == [(2, "text", "Back to a game")]
    assert found(unwrapped, "<p>{{ _('Market') }} held by {{ n }}</p>") == [
        (1, "text", "{{ _('Market') }} held by {{ n }}")
    ]
    assert found(unwrapped, '<a title="Open the rules" href="/r">→</a>') == [
        (1, "title", "Open the rules")
    ]
    assert found(unwrapped, "<button hx-confirm=\"End the game now?\">{{ _('End') }}</button>") == [
        (1, "hx-confirm", "End the game now?")
    ]
    assert found(unwrapped, "{{ stepper('loans',\n  'Loans to take', 3) }}") == [
        (2, "string", "Loans to take")
    ]
    assert found(unwrapped, "{{ name_of('red_snapper', 'Red Snapper') }}") == [
        (1, "string", "Red Snapper")
    ]
    assert found(unwrapped, "{{ _('The %(name)s marker', name='Eel track') }}") == [
        (1, "string", "Eel track")
    ]
    assert found(unwrapped, "{% set label = 'Shared win' %}{{ label }}") == [
        (1, "string", "Shared win")
    ]


def test_what_is_no_unwrapped_sentence_is_not_found(unwrapped: ModuleType) -> None:
    """The msgids themselves (an ngettext's plural, a pgettext's context), a class list, a
    tag named by an expression, a dict's key, markup around a value and the names people
    keep as they are (each with its reason)."""
    for source in (
        "{{ ngettext('%(num)s loan', '%(num)s loans', n) }}",
        "{{ npgettext('fish table', '%(num)s token', '%(num)s tokens', n) }}",
        "<li>{{ pgettext('licence space', 'free') }}</li>",
        "<p>{{ _('Back to a game') }}</p>",
        "{% block body_class %}page-cards page-cards-deck{% endblock %}",
        "{{ panel('auction', cls='button wide') }}",
        '<{{ h }} class="chart-title" id="chart-{{ id }}-title">{{ title }}</{{ h }}>',
        "{{ {'price not printed': _('price not printed')}.get(lp) }}",
        "{{ ('<strong data-track-now=\"%s\">%s</strong>'|safe) % (t, now) }}",
        '{% set app %}<span lang="en">BG Stats</span>{% endset %}',
        '<span lang="en">BoardGameGeek</span>',
        "<button>English</button><button>日本語</button>",
        "<p>{{ name_of('eel') }} {{ f.count }} · 12</p>",
    ):
        assert found(unwrapped, source) == [], source
    assert all(reason.strip() for reason in unwrapped.NAMES.values())


def test_placeholders_kept(script: ModuleType) -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    codes = script.codes() | script.OWN_GRAMMAR
    templates = [m for m in catalog if m.id and script._msgid(m) not in codes]
    assert [m.id for m in templates if script.lost_placeholders(m)] == []
    assert [(m.id, [str(e) for e in errs]) for m, errs in catalog.check()] == []
    # A translation that drops the number is caught (babel's own checker lets it pass).
    catalog["Player %(number)s"].string = "プレイヤー"
    assert script.lost_placeholders(catalog["Player %(number)s"]) != []
    plural = catalog["game %(id)s · %(num)s entry"]
    plural.string = ("ゲーム %(id)s",)
    assert script.lost_placeholders(plural) != []


def test_a_code_is_checked_against_the_english(script: ModuleType) -> None:
    """Each language's codes hold the English placeholders (Babel's checker: none the
    English lacks, none of another type; and none lost), and every English code has an
    entry: a mistake in any of these is caught."""
    english = script.read(EN)
    assert script.code_problems(english, script.read(PO)) == []

    def problems(code: str, text: str | None) -> list[str]:
        catalog = script.read(PO)
        if text is None:
            del catalog[code]
        else:
            catalog[code].string = text
        return [str(p) for p in script.code_problems(english, catalog)]

    assert problems("no_freezer", None) == ["ja: code 'no_freezer' has no entry"]
    assert problems("no_freezer", "冷凍庫がありません。") == [
        "ja: 'no_freezer' loses ['%(player)s']"
    ]
    assert "unknown named placeholder 'who'" in problems("no_freezer", "%(who)sは冷凍庫なし")[0]
    # A clause is one in every language (the edge puts its field's name before it).
    catalog = script.read(PO)
    clause = catalog.get("arg.whole", context="clause")
    del catalog["arg.whole", "clause"]
    catalog.add("arg.whole", clause.string)
    assert script.code_problems(english, catalog) == [
        "ja: 'arg.whole' has the context None, not 'clause'"
    ]
    # ¥%(amount)d is a number written 1,200: a translation must not write it plain.
    yen = script.read(PO)["entry.option_yen"].string
    assert yen == "%(amount)d円"
    assert "incompatible format" in problems("entry.option_yen", "%(amount)s円")[0]
