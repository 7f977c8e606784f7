"""Every number of Tsukiji Market (the 2-player card game, [TM]) in one place.

What [TM] prints is here once; what it leaves to the physical components (the Scale's
notches, AMB-C1; the cards themselves, AMB-C2) is an input of the game's setup, bounded
here so no other module repeats a limit.
"""

from __future__ import annotations

from typing import Final

#: "18 double-sided Fish cards".
CARDS: Final = 18
#: "Take the first 2 cards of the deck and hang them side by side on the Scale."
SCALE_SLOTS: Final = 2
#: The two players, and the finger counts of a WA-SA-BI bid ("between 1 and 4").
PLAYERS: Final = 2
FINGERS: Final = (1, 2, 3, 4)
#: "If you have 4 knives at any time during the game, you immediately win" (AMB-C11).
KNIVES_TO_WIN: Final = 4
#: A colour pile with this many Wasabi or more scores double (AMB-C4).
WASABI_TO_DOUBLE: Final = 2
#: "2 points for each notch of the Barrel in your direction" (AMB-C8: the other gets 0).
POINTS_PER_NOTCH: Final = 2
#: Nice Fish variant: at the end of the Scale "the player takes the 2 top cards".
NICE_FISH_DRAWS: Final = 2
#: "The game ends when the deck is exhausted for the second time" (AMB-C10).
EXHAUSTIONS_TO_END: Final = 2

#: The Scale's two sides: purple = standard, green = the Nice Fish variant.
VARIANTS: Final = ("standard", "nice_fish")
#: The Barrel card's two sides; it starts on Night.
FACES: Final = ("night", "day")
#: The icon effects a card may show besides Wasabi, Barrel and Quick Knife (the Barrel
#: icon is the card's ``barrel`` flag: both move the Barrel one notch toward the taker).
ICONS: Final = ("steal", "draw", "discard")
#: Where a taken card comes from.
SOURCES: Final = ("scale", "draw", "steal")

# -- bounds of what the table enters (not printed in [TM]) ------------------------------------

#: The Scale's notches on each side of the centre (AMB-C1; shared/spec/cards.md).
NOTCHES_MIN: Final = 1
NOTCHES_MAX: Final = 9
#: A card's points when the host has not defined the cards (shared/spec/cards.md).
POINTS_MIN: Final = 0
POINTS_MAX: Final = 9
#: A colour is a short name the table chooses ("red", "blue" …).
COLOUR_MAX: Final = 20
#: A player's name.
NAME_MAX: Final = 30
#: Most points (either way) a move may say at the edge; the rules say what is allowed.
POINTS_SAID: Final = 1000
#: The Speciality bonus the host enters when it triggers (AMB-C3), in points.
SPECIALITY_MIN: Final = 1
SPECIALITY_MAX: Final = 99
