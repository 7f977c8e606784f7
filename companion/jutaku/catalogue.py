"""Every number of Tokyo Jutaku's shopping centre (the joke game at the end of [JA];
shared/rules/tokyo-jutaku.md) in one place: the setup prices, what each piece pays at
an exit, the Tuna price, and the bounds of what a player can carry.
"""

from __future__ import annotations

from typing import Final

#: The drink colours with their setup price: "6 colours … ¥300 on each, except the
#: black one: ¥200". [JA] names only black (and red, in its example); the app calls the
#: other four orange, yellow, green and blue (TC-J1).
DRINK_PRICES: Final = {
    "black": 200,
    "red": 300,
    "orange": 300,
    "yellow": 300,
    "green": 300,
    "blue": 300,
}
#: The four stacks of clothing, linen and appliance cards, with the money set on each.
STACK_PRICES: Final = {
    "washer_dryer": 500,
    "sheets_pillowcase": 400,
    "shirt_trousers": 300,
    "bra_underwear_socks": 200,
}
#: Every category whose price lies on a card and drops by ¥100 after an exit that cashed
#: one of it (AMB-J4: per stack, per drink colour), in the order the pages show them.
SETUP_PRICES: Final = {**DRINK_PRICES, **STACK_PRICES}
CATEGORIES: Final = tuple(SETUP_PRICES)
#: The stacks whose pieces are clothing, which detergent doubles (AMB-J7): the 16 pieces
#: on the outer cards, not the appliances.
CLOTHING: Final = ("sheets_pillowcase", "shirt_trousers", "bra_underwear_socks")
#: How much a price drops after an exit that cashed its category, and the floor (AMB-J5).
PRICE_DROP: Final = 100
PRICE_FLOOR: Final = 0
#: The highest price a category can have (the setup's highest is ¥500; the API takes up
#: to ¥1,000, shared/spec/cards.md) and the step every price moves in.
PRICE_MAX: Final = 1000
PRICE_STEP: Final = 100

#: Salmon pays ¥500 ("f" side) while nobody has left the store with Salmon, then ¥400
#: ("4" side) (AMB-J6).
SALMON_FIRST: Final = 500
SALMON_LATER: Final = 400
#: Printed values of the bag's pieces, each paid × ¥100 (the crab example; AMB-J2 for Tuna).
SPIDER_CRAB_VALUES: Final = (4, 6, 8)
TUNA_VALUES: Final = (15, 20, 25)
YEN_PER_PRINTED: Final = 100
#: The n-th Tuna bought in the game costs ¥500 × n (AMB-J2).
TUNA_PRICE_STEP: Final = 500

#: Each player leaves the store twice; the game ends when all but one have (AMB-J8: the
#: Mackerel barrels only count exits).
EXITS: Final = 2
#: Players (AMB-J9: not in [JA]; the base game's 2 to 6).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
NAME_MAX: Final = 30
#: Starting money (AMB-J1).
START_MONEY: Final = 0

# -- what one player can carry out (bounds from the pieces in the box) ----------------------

#: Salmon: "5 Salmon pieces" on each of two cards.
SALMON_PIECES: Final = 10
#: Spider Crab: two "4" pieces on the cards, and the bag's 4, 4, 6, 6, 6, 6, 8, 8.
SPIDER_CRAB_PIECES: Final = 10
#: Tuna: two "15" pieces on the cards, and the bag's 15, 20, 25.
TUNA_PIECES: Final = 5
#: Any other piece (drinks, clothing, detergent, newspapers): a generous bound, far above
#: what fits in a shopping basket, that keeps every sum small.
MAX_CARRIED: Final = 99
