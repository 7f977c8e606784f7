"""Messages as codes with values: the rules say *what* happened or why an action is
refused; the edge words it in the viewer's language.

A :class:`Message` holds a code and named values (player names, market and fish ids,
amounts). The sentences are not here: each code is a msgid of one gettext catalogue per
language (``companion/translations/<lang>/LC_MESSAGES/messages.po``, shared by every
game, the templates and the edge), worded by :mod:`companion.catalogues` through the
engine's renderer. This module keeps the rules' imports short and standard-library only.

A new code is a new entry in each language's ``messages.po`` (``msgid`` the code), then
``python scripts/i18n.py compile``; tests/test_catalogues.py fails while a code a game
says is missing from a language, and ``python scripts/i18n.py check`` (run by
tests/test_i18n_po.py) while a translation's placeholders differ from the English.

>>> render(Message("not_enough_ap", {"player": "Aiko", "left": 1, "need": 2,
...                                  "what": Message("what.entry", {"market": "squid"})}))
'Aiko has 1 AP left; entering Squid needs 2.'
"""

from __future__ import annotations

from ..engine.messages import Message as Message
from ..engine.messages import known as known
from ..engine.messages import render as render

__all__ = ["Message", "known", "render"]
