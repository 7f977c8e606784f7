"""Sealed-bid auctions (shared/rules/auctions.md): the auction and its lot, what a lot is
worth, the fees and the settlement. The moves (opening, sealing, the reveal, the
choice) are rules/auction_moves.py's.

The table only ever holds what is public: who has sealed a bid, never how much. Amounts
enter the table at the reveal, all at once. Draws from the Auction bag are made by the
caller (seeded, or the token the table drew by hand) and passed in, so a fold of the log
replays exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.sealed import receipt as receipt  # the one sealed-secret mechanism's
from .catalogue import (
    AUCTION_MARKET_FEES,
    FISH_MARKETS,
    TOKEN_NAMES,
    docking_auction_barrels,
)
from .errors import IllegalAction
from .fish import Fish
from .messages import Message
from .resources import (
    clamp_track,
    fugu_resources,
    nori_value,
    resources_by_fish,
    salmon_in_game,
)
from .table import Table
from .tokens import (
    token_label,
    token_message,
    tokens_left,
)

#: The kinds of auction (named in the message catalogues: ``name.auction.<kind>``).
KINDS: tuple[str, ...] = (
    "spider_crab",
    "tuna",
    "swordfish",
    "auction_market",
    "barter",
    "overseas",
)
#: Kinds where the owner bids too (docking auctions); at the Auction and Barter markets
#: every *other* player bids.
OWNER_BIDS = frozenset({"spider_crab", "tuna", "swordfish", "overseas"})
#: Barrels per converted token in an Overseas lot (auctions.md §5): as at docking.
OVERSEAS_CONVERSIONS = docking_auction_barrels()
SWORDFISH_STEP = FISH_MARKETS["swordfish"].numbers["auction_step"]


@dataclass(frozen=True)
class Token:
    """One fish token: its key and, for Spider Crab / Tuna, its printed value; for
    Salmon, its side."""

    key: str
    value: int | None = None
    side: str | None = None

    @property
    def code(self) -> str:
        if self.value is not None:
            return f"{self.key}:{self.value}"
        if self.side == "degraded":
            return f"{self.key}:degraded"
        return self.key

    @classmethod
    def parse(cls, code: str) -> Token:
        key, _, rest = code.partition(":")
        if key not in TOKEN_NAMES:
            raise IllegalAction(Message("bk.no_fish_token", {"name": repr(key)}), "lot")
        if key in ("spider_crab", "tuna"):
            if not (rest.isascii() and rest.isdigit()):
                raise IllegalAction(Message("au.which_token", {"fish": key, "key": key}), "lot")
            return cls(key, int(rest))
        if key == "salmon":
            return cls(key, side="degraded" if rest == "degraded" else "fresh")
        return cls(key)

    def label(self) -> str:
        return token_label(self.key, self.value, self.side)

    def message(self) -> Message:
        return token_message(self.key, self.value, self.side)


@dataclass(frozen=True)
class Auction:
    """The public state of one sealed-bid auction."""

    id: str
    kind: str
    owner: int
    eligible: tuple[int, ...]
    #: Tokens the winner receives (drawn or converted tokens, or the seller's lot).
    lot: tuple[Token, ...] = ()
    #: Overseas: barrels still in the lot after conversions, by fish market id.
    barrels: tuple[tuple[str, int], ...] = ()
    fee: int = 0
    #: Seats that have sealed a bid (never the amounts).
    sealed: frozenset[int] = frozenset()
    status: str = "open"  # open → revealed → settled
    #: After the reveal: every eligible seat's bid (missing = ¥0), in seat order.
    bids: tuple[tuple[int, int], ...] = ()
    #: Receipts published at the reveal: (seat, nonce, receipt).
    receipts: tuple[tuple[int, str, str], ...] = ()
    #: Seats whose bid exceeded their Yen at the reveal (counted as ¥0).
    void: tuple[int, ...] = ()
    winner: int | None = None
    declined: bool = False
    #: What became of the barrels the bids should know (Overseas: leftovers back, barrels
    #: no token is left for), worded in the viewer's language.
    notes: tuple[Message, ...] = ()

    @property
    def highest(self) -> int:
        return max((amount for _, amount in self.bids), default=0)

    @property
    def tied(self) -> tuple[int, ...]:
        """Seats with the highest bid (all of them when everyone bid ¥0)."""
        if not self.bids:
            return ()
        return tuple(seat for seat, amount in self.bids if amount == self.highest)

    @property
    def missing(self) -> tuple[int, ...]:
        return tuple(s for s in self.eligible if s not in self.sealed)

    def bid_of(self, seat: int) -> int | None:
        return dict(self.bids).get(seat)


def lot_worth(tokens: tuple[Token, ...], table: Table, owner: int | None = None) -> int:
    """Resources of a lot at current values, just before it moves (AMB-13, AMB-14):
    k Fugu in a lot are worth k²; a Nori is worth what it is worth to its holder ``owner``
    just before the move (a tenth of the holder's other fish, AMB-45), not a tenth of the
    lot's other tokens."""
    fish = Fish()
    for t in tokens:
        fish = add_token(fish, t, 1)
    salmon = salmon_in_game([p.fish for p in table.players])
    values = resources_by_fish(fish, table.values, salmon)
    if fish.fugu:
        values["fugu"] = fugu_resources(fish.fugu)
    if fish.nori and owner is not None:
        held = resources_by_fish(table.players[owner].fish, table.values, salmon)
        others = sum(v for k, v in held.items() if k != "nori")
        values["nori"] = nori_value(others) * fish.nori
    return sum(values.values())


def auction_market_fee(worth: int) -> int:
    """The Auction market's fee by the lot's place: 10+ R ¥500, 5+ ¥300, 2+ ¥200;
    a lot under 2 R has no place (AMB-25).

    >>> auction_market_fee(15), auction_market_fee(7), auction_market_fee(2)
    (500, 300, 200)
    """
    for at_least, fee in AUCTION_MARKET_FEES:
        if worth >= at_least:
            return fee
    raise IllegalAction(Message("au.lot_too_small", {}), "lot")


def swordfish_after_auction(value: int, winning_bid: int) -> int:
    """The Swordfish marker after an auction: +2 if the winning bid beats ¥100 × value,
    −2 if below, unchanged if equal; clamped to 1..13 (AMB-47, AMB-09).

    >>> [swordfish_after_auction(6, w) for w in (700, 500, 600, 0)]
    [8, 4, 6, 4]
    """
    target = 100 * value
    if winning_bid > target:
        return clamp_track(value + SWORDFISH_STEP)
    if winning_bid < target:
        return clamp_track(value - SWORDFISH_STEP)
    return value


def settlement(
    kind: str, owner: int, winner: int | None, amount: int, players: int
) -> tuple[list[int], int]:
    """Yen each seat gains (negative: pays) and what the supply gains, for one auction.

    Docking auctions: the owner winning pays the supply, another winner pays the owner.
    Auction market: the winner pays the seller, and the supply pays the seller as much
    again. Barter: the accepted bidder pays the seller (``winner`` None = declined).

    >>> settlement("tuna", 0, 2, 700, 3)
    ([700, 0, -700], 0)
    >>> settlement("auction_market", 0, 2, 1200, 4)
    ([2400, 0, -1200, 0], -1200)
    """
    delta = [0] * players
    supply = 0
    if winner is None:
        return delta, supply
    if kind == "auction_market":
        delta[winner] -= amount
        delta[owner] += 2 * amount
        supply -= amount
    elif kind == "barter":
        delta[winner] -= amount
        delta[owner] += amount
    elif winner == owner:
        delta[owner] -= amount
        supply += amount
    else:
        delta[winner] -= amount
        delta[owner] += amount
    return delta, supply


def add_token(fish: Fish, token: Token, sign: int) -> Fish:
    """One token more (sign 1) or less (sign −1)."""
    changed = fish.add(token.key, sign, token.value, token.side)
    if changed is None:
        raise IllegalAction(Message("au.lot_not_held", {"what": token.message()}), "lot")
    return changed


# -- a lot at Overseas ----------------------------------------------------------------------


def lot_shortfall(t: Table, barrels: Mapping[str, int]) -> dict[str, int]:
    """The barrels of an Overseas lot that give no token, by fish market: a lot gives one
    token per barrel (per 2 Spider Crab, 3 Tuna, 2 Swordfish: one converted) while that
    market's board or the bag has any left, as a docking auction does (AMB-20); the rest
    give nothing, their barrels in the box once the market is Overfished. So every lot
    can settle. Markets whose numbers nobody entered are not counted: never short."""
    short: dict[str, int] = {}
    for market, n in barrels.items():
        per = OVERSEAS_CONVERSIONS.get(market, 1)
        left = tokens_left(t, market)
        if left is not None and n // per > left:
            short[market] = (n // per - left) * per
    return short
