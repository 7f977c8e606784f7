"""Element ids built from data (auction ids, card ids, market ids).

An id is looked up as a CSS selector (``#id``) by htmx, by idiomorph and by the pages'
scripts, so every id a page carries must be a valid CSS identifier. Data may hold any
character (the turn guide's auctions are ``a31.1``): :func:`css_id` maps it to one.
"""

from __future__ import annotations

import re

_KEEP = re.compile(r"[A-Za-z0-9-]")


def css_id(value: object) -> str:
    """``value`` as the tail of an element id: letters, digits and '-' stay, every other
    character becomes ``_<hex>_`` (so two values never give the same id).

    >>> css_id("a31.1")
    'a31_2e_1'
    >>> css_id("a_1")
    'a_5f_1'
    """
    return "".join(c if _KEEP.fullmatch(c) else f"_{ord(c):x}_" for c in str(value))
