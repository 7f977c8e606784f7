"""The Japanese rulebook's words (issue #21, "The book's words everywhere"): for each
concept the word the book uses, and the variants no Japanese message may hold: the Japanese
catalogue (the templates', every game's codes, the report's texts and the API fields'
wordings: companion/translations/ja)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parent.parent / "companion/translations/ja/LC_MESSAGES/messages.po"

#: concept -> (the book's word, the variants a message must not use)
GLOSSARY: dict[str, tuple[str, list[str]]] = {
    "turn": ("手番", ["ターン"]),
    "degraded": ("鮮度が落ちた", ["劣化"]),
    "loan": ("ローン", ["借金"]),
    "cart": ("台車", ["カート"]),
    "fish market": ("魚市場", ["漁業市場"]),
    # The Tokyo Jutaku stock cards (ストックカード) are the book's own word.
    "supply": ("共通サプライ / 市場のサプライ", [r"ストック(?!カード)", "供給"]),
    "interest": ("利子", ["利息"]),
    "outright lowest": ("単独最下位", ["単独最少"]),
    "money mode": ("所持金", [r"お金(は|を|の)?(非)?公開"]),
    "free moves": ("アクションとは別の行動", ["無料の行動"]),
    "barter offer": ("提示", ["申し出", "オファー"]),
    "Tokyo Jutaku": ("『TOKYO JUTAKU』", ["東京住宅", "退出"]),
    # The book: 一番左の停泊所, 「1」の停泊所, 「2」の停泊所; never 停泊所0 or 停泊所{port}.
    "port": ("「1」の停泊所", [r"停泊所[0-9０-９]", r"停泊所\{", r"停泊所%\("]),
    # The table screen is never the role name (the API's "host").
    "table screen": ("テーブル画面", ["ホスト"]),
    # The report page is the game's course (ゲームの経過), its total the final money.
    "report": ("ゲームの経過", ["物語"]),
    "final Yen": ("最終所持金", ["最終的な円", "終了時の円"]),
}


def strings(value: Any) -> Iterator[str]:
    """Every string inside a catalogue (dicts, tuples and lists, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def japanese_messages() -> list[tuple[str, str]]:
    """(where, text) for every Japanese message."""
    out: list[tuple[str, str]] = []
    with PO.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if m.id:
            out += [(f"messages.po {m.id!r}", s) for s in strings(m.string) if s]
    return out


def test_the_catalogues_are_read() -> None:
    found = japanese_messages()
    assert len(found) > 1500
    assert any(where.startswith("messages.po") for where, _ in found)


@pytest.mark.parametrize("concept", sorted(GLOSSARY))
def test_every_japanese_message_uses_the_books_word(concept: str) -> None:
    word, forbidden = GLOSSARY[concept]
    wrong = [
        f"{where}: {text!r} (say {word})"
        for where, text in japanese_messages()
        for variant in forbidden
        if re.search(variant, text)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_money_mode_is_shojikin() -> None:
    """The new game's choice of open or closed money is the book's 所持金."""
    with PO.open("rb") as f:
        catalog = read_po(f)
    assert catalog["Money"].string == "所持金"
    assert catalog["setup.money"].string.startswith("所持金")
