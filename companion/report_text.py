"""The sentences and labels of the game file (export, import), the game's story (the report
page, its charts and the table screen's panel), the logged play and the phone's wake-lock
hint (issue #11).

They are codes with named values, as the games' messages, in the same catalogue per
language (companion/translations/<lang>/LC_MESSAGES/messages.po: ``file.*``,
``report.*``, ``play.*`` …): the templates, the chart labels and the refusals ask
:func:`say`, which puts a market's (or a kind's) id as its name in the language.

>>> say("file.at", "en", field="events[3]")
'Entry events[3] of the game file has no readable time (at).'
>>> say("file.too_many", "ja", limit=100000)
'ゲームファイルの記録は100,000件までです。'
"""

from __future__ import annotations

from typing import Any

from . import catalogues
from .i18n import current_lang

#: The values :func:`say` names in the language (a market's or a kind's id).
NAMED = ("market", "kind_id")


def say(code: str, lang: str | None = None, **values: Any) -> str:
    """The text of ``code`` in ``lang`` (English where that language lacks it), its
    placeholders filled; an id value (a market, a fish) is named in the language. Without
    ``lang``: the language of the request being answered (English outside a request)."""
    if lang is None:
        lang = current_lang()
    template = catalogues.catalogue(lang).sentence(code, values)
    if template is None:
        template = catalogues.catalogue(catalogues.DEFAULT).sentence(code, values)
    if template is None:
        raise KeyError(f"no text {code!r}")
    filled = {k: catalogues.name(v, lang) or v if k in NAMED else v for k, v in values.items()}
    return catalogues.fill(template, filled)


def yen_parts(lang: str | None = None) -> tuple[str, str]:
    """What comes before and after an amount of Yen in ``lang`` (the catalogue's
    ``yen.amount``): ``("¥", "")`` in English, ``("", "円")`` in Japanese, for the charts.

    >>> yen_parts("en"), yen_parts("ja")
    (('¥', ''), ('', '円'))
    """
    before, _, after = say("yen.amount", lang, amount=0).partition("0")
    return before, after


def sentence(text: str) -> str:
    """A clause from the rules as the end of one of these sentences: one final stop."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."
