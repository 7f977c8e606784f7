"""Barter (物々交換), base: 1 AP; one offer per entry. Put up a lot of your tokens; every
other player makes one sealed offer (¥0 allowed); you accept any one offer, or none (the
lot comes back). No fee, no matching (external-markets.md §7, auctions.md). The sealed
offers and the choice are rules/auctions.py's, through the auction endpoints.

``{"lot": [TOKEN, ...]}``.
"""

from __future__ import annotations

from .auction import Lot


class Barter(Lot):
    id = "barter"
    hint = "ext.hint.lot"
    kind = "barter"


MARKET = Barter()
