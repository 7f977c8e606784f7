"""The market catalogue: every fish and external market of the base game and the Expansion.

Each market's board is in its own folder, ``markets/<id>/board.toml`` (external markets:
``markets/external/<id>/board.toml``), read here into :data:`FISH_MARKETS` and
:data:`EXTERNAL_MARKETS`; the numbers the game shares (the turn, the money actions move,
the bag's tokens …) live here, the boats' and the external boards' printed tables in
:mod:`.external_catalogue`. A printed number lives in one place only. Where a number
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
