"""The boats and the external boards' printed tables: what the guided visits of the
external markets read (external-markets.md §1–§17): the kinds of boat and their prices
(Ships, Used Ships, Boat Rentals), the ports, the places of Aquarium, Trading and Sushi, the
figures of external boards the rulebooks do not print (AMB-40), and an external board's
printed stock under the table's keys (``table_stock``). The boards themselves, and the
numbers the whole game shares, are :mod:`.catalogue`'s.

Sources: shared/rules/setup.md §4–§5, external-markets.md §1–§17.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import EXTERNAL_MARKETS, YEN_STEP


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
