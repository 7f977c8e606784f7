"""Element ids built from data (auction ids, card ids, market ids).

An id is looked up as a CSS selector (``#id``) by htmx, by idiomorph and by the pages'
scripts, so every id a page carries must be a valid CSS identifier. Data may hold any
character (the turn guide's auctions are ``a31.1``): :func:`css_id` maps it to one.
"""

from __future__ import annotations

import hashlib
import re

from markupsafe import Markup

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


_TAG = re.compile(r"\s*<[a-zA-Z][a-zA-Z0-9-]*")
#: A digest in letters only: a run of digits on a page could read as an amount to a
#: person (or a test) looking for one.
_LETTERS = str.maketrans("0123456789", "ghijklmnop")


def morph_key(html: str) -> Markup:
    """``html`` (one element) with ``data-morph``, a digest of its markup, on its first
    tag: the browser leaves an element whose digest did not change as it is instead of
    walking it (static/live.js), and morphs the others.

    >>> str(morph_key('<p id="x">Hi</p>'))
    '<p data-morph="cgdocfiabjkcjfmp" id="x">Hi</p>'
    """
    text = str(html)
    found = _TAG.match(text)
    if found is None:
        return Markup(text)
    digest = hashlib.blake2b(text.encode(), digest_size=8).hexdigest().translate(_LETTERS)
    end = found.end()
    return Markup(f'{text[:end]} data-morph="{digest}"{text[end:]}')
