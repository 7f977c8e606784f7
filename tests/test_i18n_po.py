"""The templates' catalogues as committed: each .mo is its .po compiled (the package works
after a plain ``pip install .``, with no build step, so a stale .mo would ship), every
entry is translated with the same placeholders, and every string the templates extract is
in the .po. The checks are scripts/i18n.py's own (``python scripts/i18n.py check``)."""

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


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def script() -> ModuleType:
    return _script()


def test_japanese_catalogue_is_committed(script: ModuleType) -> None:
    assert script.po_files() == [PO]
    assert PO.with_suffix(".mo").is_file()


def test_mo_is_the_po_compiled(script: ModuleType) -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    expected = script.translations(catalog)
    assert expected, "the .po has no translation"
    assert script.compiled(PO.with_suffix(".mo")) == expected
    # The same, as gettext reads it: every translated entry, and nothing else.
    with PO.with_suffix(".mo").open("rb") as f:
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


def test_check_finds_nothing(script: ModuleType) -> None:
    """Translated, placeholders kept (babel's checkers), .mo fresh, nothing extracted
    from the templates missing from the .po."""
    assert script.check() == []


def test_placeholders_kept(script: ModuleType) -> None:
    with PO.open("rb") as f:
        catalog = read_po(f)
    assert [m.id for m in catalog if m.id and script.lost_placeholders(m)] == []
    assert [(m.id, [str(e) for e in errs]) for m, errs in catalog.check()] == []
    # A translation that drops the number is caught (babel's own checker lets it pass).
    catalog["Player %(number)s"].string = "プレイヤー"
    assert script.lost_placeholders(catalog["Player %(number)s"]) != []
    plural = catalog["game %(id)s · %(num)s entry"]
    plural.string = ("ゲーム %(id)s",)
    assert script.lost_placeholders(plural) != []
