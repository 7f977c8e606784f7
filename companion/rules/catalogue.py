"""The market catalogue: every fish and external market of the base game and the Expansion.

Each market's board is in its own folder, ``markets/<id>/board.toml`` (external markets:
``markets/external/<id>/board.toml``), read here into :data:`FISH_MARKETS` and
:data:`EXTERNAL_MARKETS`; the numbers the game shares (the turn, the boats, the places of
the external boards …) live here. A printed number lives in one place only. Where a number
is printed on a board but is in none of the rulebook texts (most Expansion boards,
AMB-40), the field is ``None`` (left out of ``board.toml``); the tracked game asks the
host for it instead of guessing.

Sources: shared/rules/setup.md §3–§6, fish-markets.md §1, external-markets.md §1–§2.
Player count ``P`` is 2..6; per-P figures are tuples indexed by ``P - 2``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

PlayerCount = Literal[2, 3, 4, 5, 6]
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)
MIN_PLAYERS = 2
MAX_PLAYERS = 6

#: Per-P figures: values for P = 2, 3, 4, 5, 6.
PerP = tuple[int, int, int, int, int]


def per_p(formula: PerP | None, players: int) -> int | None:
    """Read a per-player-count figure; ``None`` stays ``None`` (not in the sources)."""
    if formula is None:
        return None
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"player count {players} is not 2..6")
    return formula[players - MIN_PLAYERS]


def _capped(factor: int, cap: int) -> PerP:
    """``min(factor × P, cap)`` for P = 2..6, as the boards print it ("P×2, max 8")."""
    a, b, c, d, e = (min(factor * p, cap) for p in PLAYER_COUNTS)
    return (a, b, c, d, e)


def _const(n: int) -> PerP:
    return (n, n, n, n, n)


@dataclass(frozen=True)
class EntryOption:
    """One way to pay for entering a market (a visit pays exactly one option)."""

    kind: Literal["ap", "yen", "token", "barrel", "free"]
    amount: int = 0  # AP, Yen, or number of tokens/barrels
    what: str = ""  # for tokens/barrels: which ("any", "takoyaki", "clams_oysters")


@dataclass(frozen=True)
class FishMarket:
    """A fish market board and the numbers printed on it."""

    id: str
    en: str
    ja: str
    expansion: bool
    #: Fish-token keys this market's tokens use in snapshots and in the game.
    token_keys: tuple[str, ...]
    #: Ways to enter; an empty tuple means "not in the sources" (AMB-40).
    entry: tuple[EntryOption, ...]
    #: Yen per licence (0 = free); ``None`` = not in the sources.
    license_price: int | None
    #: Licences one visit may buy (``None`` = as many as the board and spaces allow).
    licenses_per_visit: int | None
    barrels: PerP | None
    tokens: PerP | None
    licenses: PerP | None
    #: Tokens live in the Auction bag rather than on the board.
    tokens_in_bag: bool = False
    #: Whether licence holders get ¥100 per licence when anyone enters.
    pays_license_holders: bool = True
    #: A player may hold at most this many of its licences (Nori: 1).
    max_licenses_per_player: int | None = None
    sell: str = ""
    notes: str = ""
    #: Further printed numbers of this board, by name (sale prices, track moves, auction
    #: sizes, bonuses): the market's module (rules/markets/) reads them from here.
    numbers: Mapping[str, int] = field(default_factory=dict)
    #: Figures the sources contradict, with the reading taken (shown for the host to check).
    disputed: Mapping[str, str] = field(default_factory=dict)
    #: Whether ``entry`` lists every printed option (False: some are NOT IN SOURCE).
    entry_complete: bool = True


@dataclass(frozen=True)
class ExternalMarket:
    """An external market board."""

    id: str
    en: str
    ja: str
    expansion: bool
    entry: tuple[EntryOption, ...]
    summary: str
    #: Crash variant: "crashed" (stays open), "closed", or None (never crashes).
    crash_side: Literal["crashed", "closed"] | None = None
    min_players: int = 2
    stock: dict[str, int] = field(default_factory=dict)
    #: The board that always plays with it (Aquarium and New Aquarium: setup.md §2.2,
    #: AMB-51): it enters with it, with the Expansion.
    partner: str | None = None


AP1 = (EntryOption("ap", 1),)
FREE_ONCE = (EntryOption("free"),)

# Printed values of the bag tokens (setup.md §6).
SPIDER_CRAB_TOKENS: tuple[int, ...] = (4, 4, 4, 4, 6, 6, 6, 6, 8, 8)
TUNA_TOKENS: tuple[int, ...] = (15, 15, 15, 20, 25)
SPIDER_CRAB_VALUES = frozenset(SPIDER_CRAB_TOKENS)
TUNA_VALUES = frozenset(TUNA_TOKENS)

#: Red Snapper grid, printed numbers in take order (fish-markets.md §6).
RED_SNAPPER_GRID: tuple[int, ...] = (6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 2)
RED_SNAPPER_TOKENS = len(RED_SNAPPER_GRID)

TRACK_MIN, TRACK_MAX = 1, 13
TAKOYAKI_TOKENS = 12
EEL_START, SWORDFISH_START = 1, 6

#: Where each market's folder is: ``markets/<id>/board.toml`` (a fish market) and
#: ``markets/external/<id>/board.toml`` (an external market) hold its printed numbers.
MARKETS_FOLDER = Path(__file__).resolve().parent / "markets"


def read_board(path: Path) -> dict[str, Any]:
    """One market's ``board.toml``."""
    return tomllib.loads(path.read_text("utf-8"))


def _boards(folder: Path) -> list[dict[str, Any]]:
    """The ``board.toml`` of every market folder in ``folder``, in their ``order``."""
    boards = [read_board(p) for p in folder.glob("*/board.toml")]
    return sorted(boards, key=lambda b: int(b.pop("order")))


def _entry(raw: list[dict[str, Any]]) -> tuple[EntryOption, ...]:
    return tuple(EntryOption(o["kind"], o.get("amount", 0), o.get("what", "")) for o in raw)


def _figure(raw: list[int] | None) -> PerP | None:
    if raw is None:
        return None
    a, b, c, d, e = raw
    return (a, b, c, d, e)


def _fish(b: dict[str, Any]) -> FishMarket:
    return FishMarket(
        **{
            **b,
            "token_keys": tuple(b["token_keys"]),
            "entry": _entry(b["entry"]),
            "license_price": b.get("license_price"),
            "licenses_per_visit": b.get("licenses_per_visit"),
            "barrels": _figure(b.get("barrels")),
            "tokens": _figure(b.get("tokens")),
            "licenses": _figure(b.get("licenses")),
        }
    )


def external_board(b: dict[str, Any]) -> ExternalMarket:
    """An external market's board from its ``board.toml`` (:func:`read_board`)."""
    b = {k: v for k, v in b.items() if k != "order"}
    return ExternalMarket(**{**b, "entry": _entry(b["entry"])})


#: Every fish market's board by market id, in the order of the boards' ``order``.
FISH_MARKETS: dict[str, FishMarket] = {m.id: m for m in map(_fish, _boards(MARKETS_FOLDER))}
#: Every external market's board by market id, in the order of the boards' ``order``.
EXTERNAL_MARKETS: dict[str, ExternalMarket] = {
    m.id: m for m in map(external_board, _boards(MARKETS_FOLDER / "external"))
}

#: What a Himono licence catches and what may be loaded onto it (fish-markets.md §12); a
#: Himono barrel is caught only when none of these is available.
HIMONO_CATCHES: tuple[str, ...] = ("mackerel", "horse_mackerel", "sardine")

BASE_FISH = tuple(m.id for m in FISH_MARKETS.values() if not m.expansion)
EXPANSION_FISH = tuple(m.id for m in FISH_MARKETS.values() if m.expansion)
BASE_EXTERNAL = tuple(m.id for m in EXTERNAL_MARKETS.values() if not m.expansion)
EXPANSION_EXTERNAL = tuple(m.id for m in EXTERNAL_MARKETS.values() if m.expansion)

#: Every fish-token key, in the order the snapshot spec lists them.
FISH_KEYS: tuple[str, ...] = (
    "mackerel",
    "eel",
    "fugu",
    "octopus",
    "takoyaki",
    "red_snapper",
    "salmon",
    "spider_crab",
    "squid",
    "tuna",
    "clam",
    "oyster",
    "himono",
    "horse_mackerel",
    "nori",
    "sardine",
    "swordfish",
)

#: Which fish market a token key belongs to (Takoyaki → Octopus: AMB-38).
MARKET_OF_TOKEN: dict[str, str] = {
    key: market.id for market in FISH_MARKETS.values() for key in market.token_keys
}

#: English names of the token keys, for people.
TOKEN_NAMES: dict[str, str] = {
    "mackerel": "Mackerel",
    "eel": "Eel",
    "fugu": "Fugu",
    "octopus": "Octopus",
    "takoyaki": "Takoyaki",
    "red_snapper": "Red Snapper",
    "salmon": "Salmon",
    "spider_crab": "Spider Crab",
    "squid": "Squid",
    "tuna": "Tuna",
    "clam": "Clam",
    "oyster": "Oyster",
    "himono": "Himono",
    "horse_mackerel": "Horse Mackerel",
    "nori": "Nori",
    "sardine": "Sardine",
    "swordfish": "Swordfish",
}

#: Fish markets added per player count beyond Mackerel/Horse Mackerel, and external
#: markets beyond Ships (setup.md §2.1).
EXTRA_FISH_MARKETS: PerP = (3, 4, 4, 5, 5)
EXTRA_EXTERNAL_MARKETS: PerP = (2, 2, 3, 3, 4)

STARTING_YEN = 2000
LICENSE_SPACES = 4
#: Physical Mackerel licences in the box (setup.md §3.2).
MACKEREL_LICENSES_IN_BOX = 8


def mackerel_licenses(players: int, set_aside: bool = True) -> int:
    """Mackerel licences placed on the board (setup.md §3.2, AMB-17).

    >>> mackerel_licenses(5), mackerel_licenses(5, set_aside=False)
    (3, 5)
    """
    if set_aside:
        return min(players, MACKEREL_LICENSES_IN_BOX - players)
    return min(players, MACKEREL_LICENSES_IN_BOX)


def sardine_license_price(on_board: int) -> int:
    """Price of the next Sardine licence: ¥500 while both are on the board, else ¥300."""
    n = FISH_MARKETS["sardine"].numbers
    return n["first_licence"] if on_board >= 2 else n["last_licence"]


def ships_on_market(players: int) -> dict[str, int]:
    """Boats placed on the Ships market at setup (setup.md §4), after P one-slot ships
    are set aside for the players (6 exist)."""
    return {
        "one_slot": min(1, 6 - players),
        "two_slot": min(players, 4),
        "three_slot": min(players - 1, 3),
        "four_slot": 1,
        "barge": 1,
    }


# -- the turn and the money actions move (turn-and-scoring.md §1–§2) -------------------------

#: Action points per turn; a Fishing or a Purchasing action costs 1.
AP_PER_TURN = 2
FISHING_AP = 1
PURCHASE_AP = 1
#: A Cart gives 1 AP for a market's entry cost; Freezers and Carts have 2 uses each.
CART_AP = 1
ITEM_USES = 2
#: Every visit pays each holder this much per licence of that market (fish-markets.md §0).
LICENSE_PAYOUT = 100
#: Docking bonus: ¥100 per 2 barrels unloaded in one Fishing action.
DOCKING_BONUS_YEN = 100
DOCKING_BONUS_BARRELS = 2
#: Prices on a Harbor board, bids and payments are whole multiples of the smallest Yen token.
YEN_STEP = 100
#: Auction market fee by the lot's Resources: (at least, fee), highest first (auctions.md §3).
AUCTION_MARKET_FEES: tuple[tuple[int, int], ...] = ((10, 500), (5, 300), (2, 200))
OVERSEAS_ENTRY = 100
#: Crash variant (setup.md §6): crash tokens beside the supply at setup.
CRASH_TOKENS = 12

#: Where the table keeps an external market's printed stock (``stock`` key → table key).
_TABLE_STOCK_KEYS: dict[str, dict[str, str]] = {
    "bank": {"loans": "bank.loans", "shares": "bank.shares"},
    "rentals": {"freezers": "rentals.freezer", "carts": "rentals.cart"},
    "influence": {
        "buyer_tokens": "influence.buyer_token",
        "expansion_tokens": "influence.expansion_token",
    },
    "boat_rentals": {"rental_tokens": "boat_rentals.token"},
}


def table_stock(
    market: str, players: int | None = None, variants: tuple[str, ...] | list[str] = ()
) -> dict[str, int]:
    """An external market's printed stock under the table's keys (``bank.loans`` …); with
    the player count, the Ships board's boats too (``ships.two_slot`` …).

    >>> table_stock("rentals")
    {'rentals.freezer': 2, 'rentals.cart': 2}
    >>> table_stock("ships", 3)["ships.two_slot"]
    3
    """
    keys = _TABLE_STOCK_KEYS.get(market, {})
    out = {keys[k]: n for k, n in EXTERNAL_MARKETS[market].stock.items() if k in keys}
    if market == "ships" and players is not None:
        out.update({f"ships.{k}": n for k, n in ships_board(players, variants).items()})
    return out


def docking_auction_barrels() -> dict[str, int]:
    """Barrels unloaded per docking auction (Spider Crab 2, Tuna 3, Swordfish 2), in the
    order the auctions run (flows.md)."""
    return {
        m: FISH_MARKETS[m].numbers["auction_barrels"] for m in ("spider_crab", "tuna", "swordfish")
    }


def disputed_figures(fish_markets: tuple[str, ...] | list[str]) -> dict[str, dict[str, str]]:
    """Figures of the markets in play that the sources contradict, with the reading taken
    (AMB-11: Salmon licences ``min(P, 4)`` by the board, 4 in the 3-player example); the
    host checks them against the boards and may enter the number (board numbers)."""
    return {
        m: dict(FISH_MARKETS[m].disputed)
        for m in fish_markets
        if m in FISH_MARKETS and FISH_MARKETS[m].disputed
    }


# -- external markets: what the guided visits read (external-markets.md §1–§17) ------------------


@dataclass(frozen=True)
class BoatKind:
    """One kind of boat (setup.md §4, external-markets.md §2)."""

    id: str
    en: str
    slots: int
    barge: bool
    #: Kinds of fish one boat may carry at once: a ship 1, the Blue ship 2 (it uses two
    #: licences at once), a barge any mix (None). No boat carries more than 1 Salmon.
    kinds: int | None
    #: Boats of this kind in the box (the six one-slot ships include the players' own).
    in_box: int
    expansion: bool = False
    #: The Blue ship: buying it trades in one of your ships, without compensation.
    trade_in: bool = False
    #: Whether Boat Rentals may rent it (not the Blue ship).
    rentable: bool = True


BOATS: dict[str, BoatKind] = {
    b.id: b
    for b in (
        BoatKind("one_slot", "One-slot ship", 1, False, 1, 6),
        BoatKind("two_slot", "Two-slot ship", 2, False, 1, 4),
        BoatKind("three_slot", "Three-slot ship", 3, False, 1, 3),
        BoatKind("four_slot", "Four-slot ship", 4, False, 1, 1),
        BoatKind("blue", "Blue four-slot ship", 4, False, 2, 1, True, True, False),
        BoatKind("barge", "Six-slot barge", 6, True, None, 1),
        BoatKind("small_barge", "Four-slot barge", 4, True, None, 2, True),
    )
}
#: The boat every player starts with, docked in the leftmost port (setup.md §5).
STARTING_BOAT = "one_slot"
#: Ships market (§3): ¥500 per slot of a ship, a barge ¥1,000, the Blue ship ¥2,000 plus a
#: trade-in; a boat sells back for 10 % of that list price, rounded up to ¥100 (AMB-31).
SHIP_YEN_PER_SLOT = 500
BARGE_YEN = 1000
BLUE_SHIP_YEN = 2000
SHIPS_SELL_PERCENT = 10
#: Used Ships (§11): sell ¥200 per slot (a barge ¥400), buy ¥300 per slot (a barge ¥600).
USED_SELL_PER_SLOT = 200
USED_BUY_PER_SLOT = 300
USED_BARGE_SELL = 400
USED_BARGE_BUY = 600
#: Boat Rentals (§16, exp.): ¥100 per slot of the rented boat, ships and barges alike.
BOAT_RENT_PER_SLOT = 100
BOAT_RENTAL_TOKENS = 6
#: Ports (setup.md §5): the leftmost is open; the Port Coverings "1" and "2" cost ¥500 each,
#: opened in that order. Ports "0" and "1" hold 1 ship each; port "2" holds 2 ships or
#: 1 barge, and only port "2" holds a barge.
PORT_COVERINGS = 2
PORT_OPEN_YEN = 500
SMALL_PORT_SHIPS = 1
LARGE_PORT_SHIPS = 2


def ships_buy_price(kind: str) -> int:
    """The Ships market's list price (the Blue ship's trade-in comes on top).

    >>> [ships_buy_price(k) for k in BOATS]
    [500, 1000, 1500, 2000, 2000, 1000, 1000]
    """
    b = BOATS[kind]
    if b.trade_in:
        return BLUE_SHIP_YEN
    return BARGE_YEN if b.barge else SHIP_YEN_PER_SLOT * b.slots


def ships_sell_price(kind: str) -> int:
    """10 % of the list price, rounded up to ¥100 (AMB-31).

    >>> [ships_sell_price(k) for k in BOATS]
    [100, 100, 200, 200, 200, 100, 100]
    """
    tenth = ships_buy_price(kind) * SHIPS_SELL_PERCENT
    return -(-tenth // (100 * YEN_STEP)) * YEN_STEP


def used_buy_price(kind: str) -> int:
    """Used Ships' price: ¥300 per slot, a barge ¥600.

    >>> [used_buy_price(k) for k in BOATS]
    [300, 600, 900, 1200, 1200, 600, 600]
    """
    b = BOATS[kind]
    return USED_BARGE_BUY if b.barge else USED_BUY_PER_SLOT * b.slots


def used_sell_price(kind: str) -> int:
    """What Used Ships pays: ¥200 per slot, a barge ¥400.

    >>> [used_sell_price(k) for k in BOATS]
    [200, 400, 600, 800, 800, 400, 400]
    """
    b = BOATS[kind]
    return USED_BARGE_SELL if b.barge else USED_SELL_PER_SLOT * b.slots


def boat_rent_price(kind: str) -> int | None:
    """¥100 per slot; the Blue ship cannot be rented (None).

    >>> [boat_rent_price(k) for k in BOATS]
    [100, 200, 300, 400, None, 600, 400]
    """
    b = BOATS[kind]
    return BOAT_RENT_PER_SLOT * b.slots if b.rentable else None


def ships_board(players: int, variants: tuple[str, ...] | list[str] = ()) -> dict[str, int]:
    """Boats on the Ships board at setup (setup.md §4), by boat kind: ``ships_on_market``,
    with the Expansion's choices — the two four-slot barges instead of the six-slot one
    (variant ``small_barges``), and the optional Blue ship (variant ``blue_ship``)."""
    boats = ships_on_market(players)
    if "small_barges" in variants:
        boats["barge"] = 0
        boats["small_barge"] = BOATS["small_barge"].in_box
    if "blue_ship" in variants:
        boats["blue"] = BOATS["blue"].in_box
    return boats


#: Aquarium (§4): the places by fish, (tokens it holds, ¥ per token). Horse Mackerel go
#: into the Mackerel place (exp.).
AQUARIUM_PLACES: dict[str, tuple[int, int]] = {
    "mackerel": (4, 300),
    "fugu": (2, 500),
    "octopus": (1, 500),
    "eel": (1, 600),
    "squid": (2, 600),
    "takoyaki": (1, 700),
    "salmon": (1, 700),
    "tuna": (1, 2000),
}
AQUARIUM_PLACE_OF: dict[str, str] = {
    **{k: k for k in AQUARIUM_PLACES},
    "horse_mackerel": "mackerel",
}
#: Trading (§10): the five places, by the Resources the tokens put there must reach → ¥.
TRADING_PLACES: dict[int, int] = {2: 300, 3: 500, 4: 700, 5: 900, 10: 1800}
#: Bank (§6): +¥500 per loan (its shares' price is the Bank's own).
LOAN_YEN = 500
#: Sushi Shop (§17, exp.): one place per group of 1–5 tokens of different shapes; only the
#: 3-token price is printed in the sources ([JA] example), the rest are board numbers.
SUSHI_SIZES: tuple[int, ...] = (1, 2, 3, 4, 5)
SUSHI_PRINTED_YEN: dict[int, int] = {3: 700}
#: New Aquarium (§14, exp.): its places and prices are not printed in the sources (AMB-40);
#: the host enters, per fish, the tokens a place holds (``<fish>``) and its price
#: (``<fish>_yen``). The Clams & Oysters place holds one clam and one oyster.
NEW_AQUARIUM_FISH: tuple[str, ...] = (
    "red_snapper",
    "spider_crab",
    "clams_oysters",
    "himono",
    "horse_mackerel",
    "nori",
    "sardine",
    "swordfish",
)
#: Figures of external boards the rulebooks do not print (AMB-40), as board numbers:
#: entry costs (``entry_ap``, ``entry_yen``), Sushi prices, New Aquarium places.
EXTERNAL_FIGURES: dict[str, tuple[str, ...]] = {
    "influence": ("entry_ap", "entry_yen"),
    "boat_rentals": ("entry_ap", "entry_yen"),
    "sushi": (
        "entry_ap",
        "entry_yen",
        *(f"yen_{n}" for n in SUSHI_SIZES if n not in SUSHI_PRINTED_YEN),
    ),
    "new_aquarium": tuple(
        f
        for fish in NEW_AQUARIUM_FISH
        for f in ((fish, f"{fish}_yen") if fish != "clams_oysters" else (f"{fish}_yen",))
    ),
}
