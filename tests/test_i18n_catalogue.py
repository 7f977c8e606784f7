"""The Japanese catalogue against the English one: every code the rules can say has its
Japanese sentence with the same placeholders, and every id the English names has its
Japanese name. The English side is read from the running catalogue
(``companion.rules.messages``, plus the card game's and Tokyo Jutaku's codes, which those
packages register into it when imported), so a new English code without Japanese fails
here."""

from __future__ import annotations

import importlib
import importlib.util
import string
from collections.abc import Iterator

import pytest

from companion.rules import messages, messages_ja

#: Packages that add their own codes to the English catalogue when imported.
REGISTERING = ("companion.cardgame.messages", "companion.jutaku.messages")
for _name in REGISTERING:
    if importlib.util.find_spec(_name.rsplit(".", 1)[0]) is not None:
        importlib.import_module(_name)

EN = messages.CATALOGUE["en"]
JA = messages_ja.CATALOGUE
_PARSE = string.Formatter()


def _fields(template: str) -> Iterator[tuple[str, str]]:
    """(name, format spec) of each placeholder, ``{{``/``}}`` being literal braces."""
    for _text, field, spec, _conv in _PARSE.parse(template):
        if field is not None:
            yield field.split(".")[0].split("[")[0], spec or ""


def _placeholders(template: str) -> tuple[set[str], set[str]]:
    """The placeholders whose value is printed, and those only used to pick a plural
    word (``{count:barrel|barrels}``), which a language without plurals leaves out."""
    printed = {n for n, spec in _fields(template) if "|" not in spec}
    plural = {n for n, spec in _fields(template) if "|" in spec} - printed
    return printed, plural


def test_every_english_code_has_japanese() -> None:
    missing = sorted(code for code in EN if not JA.get(code, "").strip())
    assert missing == [], f"codes without Japanese text: {missing}"


#: Japanese placeholder → the English one it stands for.
BOAT_NUMBERS = {"no": "boat", "barge_no": "barge"}
#: The English lists the player's boats by id ("b1, b2"); the Japanese sentence leaves
#: the list out rather than show English ids.
BOAT_LIST_LEFT_OUT = {"fleet.no_such_boat": {"boats"}}


@pytest.mark.parametrize("code", sorted(EN))
def test_placeholders_are_the_same(code: str) -> None:
    if code not in JA:
        pytest.fail(f"{code} has no Japanese text")
    en_printed, en_plural = _placeholders(EN[code])
    ja_fields = set(_fields(JA[code]))
    # A boat is "b2" in English (the API's id) and 「船2」 in Japanese: {no} and
    # {barge_no} are the same boats' numbers (the no-English scan refuses "b2" on a
    # Japanese page).
    ja_names = {
        BOAT_NUMBERS[n] if n in BOAT_NUMBERS and n not in en_printed else n for n, _ in ja_fields
    }
    lacks = en_printed - ja_names - BOAT_LIST_LEFT_OUT.get(code, set())
    assert lacks == set(), f"{code}: Japanese lacks {lacks}"
    extra = ja_names - en_printed - en_plural
    assert extra == set(), f"{code}: Japanese has placeholders the English lacks: {extra}"
    # A format spec in Japanese is the English one (``{amount:,}``): a value the English
    # prints plain may be a name, and ``:,`` on a name would raise.
    en_specs = {(n, spec) for n, spec in _fields(EN[code])}
    for name, spec in ja_fields:
        if spec:
            assert (name, spec) in en_specs, f"{code}: {{{name}:{spec}}} is not the English spec"


@pytest.mark.parametrize("code", sorted(JA))
def test_japanese_templates_format(code: str) -> None:
    """Each Japanese template formats (no stray brace, no plural spec: Japanese writes the
    number itself) and reads as Japanese, not as left-over English."""
    template = JA[code]
    assert all("|" not in spec for _, spec in _fields(template)), code
    values = {name: 1200 for name, _ in _fields(template)}
    text = string.Formatter().vformat(template, (), values)
    assert text
    words = [w for w in template.split() if w.isascii() and w.isalpha() and w.islower()]
    assert len(words) < 3 or any(ord(c) > 0x3000 for c in template), (code, words)


def test_every_id_has_a_japanese_name() -> None:
    missing = sorted(k for k in messages.NAMES["en"] if not messages_ja.NAMES.get(k))
    assert missing == [], f"ids without a Japanese name: {missing}"


def test_market_names_come_from_the_catalogue() -> None:
    """Markets are named as the catalogue's ``ja`` (the rulebook's words); an external
    market in the rulebook's brackets, so 「{market}」市場 reads 「銀行」市場."""
    from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS

    for key, market in FISH_MARKETS.items():
        assert messages_ja.NAMES[key] == market.ja
    for key, market in EXTERNAL_MARKETS.items():
        assert messages_ja.NAMES[key] == f"「{market.ja}」"
    assert messages_ja.NAMES["mackerel"] == "サバ"
    assert messages_ja.NAMES["bank"] == "「銀行」"


def test_rulebook_terms() -> None:
    """The words of the Japanese rulebook (shared/rules/README.md's glossary)."""
    assert JA["what.fishing"] == "「漁業」アクション"
    assert JA["what.purchase"] == "「購入」アクション"
    assert JA["what.visit"] == "「市場」アクション"
    assert "漁業免許" in JA["what.licences"]
    assert "資源" in JA["au.lot_too_small"]
    assert "乱獲状態" in JA["catch_overfished"]
    assert "競り" in messages_ja.NAMES["auction.tuna"]
    assert JA["entry.option_yen"] == "{amount:,}円"
    assert "円" in JA["short_of_yen"] and "¥" not in JA["short_of_yen"]
    assert not [code for code, text in JA.items() if "¥" in text]


def test_no_japanese_code_without_english() -> None:
    stale = sorted(code for code in JA if code not in EN)
    assert stale == [], f"Japanese codes the English no longer has: {stale}"


def test_the_card_games_catalogue_is_covered() -> None:
    """The card game's sentences (its rules, its door refusals, its defined cards) are
    part of the English catalogue checked above, each with Japanese."""
    from companion.cardgame.messages import MESSAGES_EN

    assert len(MESSAGES_EN) > 90
    assert set(MESSAGES_EN) <= set(EN)
    for code in MESSAGES_EN:
        assert JA.get(code, "").strip(), code
    for code in ("cards.card_held", "cards.deck_host_only", "cards.bid_endpoint"):
        assert code in MESSAGES_EN
