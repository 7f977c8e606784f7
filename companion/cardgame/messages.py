"""The card game's sentences, registered into the one message function.

The codes live in their own ``cards.`` namespace and are added to the English catalogue
of :mod:`companion.rules.messages` when this module is imported, so ``render`` and
``Message`` work for them exactly as for the board game's (and a translation adds them
to its own catalogue the same way). A code already there with another sentence is an
error at import, never a silent overwrite.

>>> from companion.rules.messages import render
>>> first = Message("cards.wait.take_scale", {"player": "Aiko"})
>>> render(Message("cards.not_yours", {"first": first, "player": "Bo"}))
'Aiko takes a card from the Scale now, not Bo.'
"""

from __future__ import annotations

from ..engine import Message as Message
from ..rules.messages import CATALOGUE, register

__all__ = ["MESSAGES_EN", "Message", "register"]

MESSAGES_EN: dict[str, str] = {
    # -- setup -------------------------------------------------------------------------------
    "cards.players": "Tsukiji Market is played by exactly 2 players with different names.",
    "cards.name": "A player's name is 1 to {most} characters.",
    "cards.notches": "The Scale has from {low} to {high} notches on each side of the centre.",
    "cards.variant": 'The Scale side is "standard" (purple) or "nice_fish" (green).',
    "cards.deck_size": "A defined deck has exactly {cards} cards, not {given}.",
    "cards.halves": "A card has one or two colours (halves), not {given}.",
    # -- refusals ------------------------------------------------------------------------------
    "cards.no_such_move": "There is no card-game action called {kind}.",
    "cards.game_over": "The game is over; undo to change its end.",
    "cards.not_a_player": "{name} is not a player in this game.",
    "cards.waiting": "{first} first; the next bid comes after that.",
    "cards.bids_in": "Both bids are in: they are revealed now, so no bid can change.",
    "cards.bid_missing": "{player} has not bid yet; a missing hand cannot count as 0 fingers.",
    "cards.fingers": "A bid is 1, 2, 3 or 4 fingers.",
    "cards.fingers_for": "The reveal needs the fingers of both {first} and {second}.",
    "cards.nothing_waited": "Nobody has a card to take now; the next step is the bid.",
    "cards.not_yours": "{first} now, not {player}.",
    "cards.wrong_source": "{player} takes a card from {expected} now, not from {given}.",
    "cards.discard_now": "{player} puts a card of {owner}'s into the discard now (discard_card).",
    "cards.take_now": "{player} takes a card now (take_card), not discard_card.",
    "cards.steal_from": "{player} steals from {owner}, the other player.",
    "cards.colour": "A card's colour is a name of 1 to {most} characters, such as red.",
    "cards.points": "A card's points are a whole number from {low} to {high}.",
    "cards.flag": "{name} is true or false.",
    "cards.icon": 'A card\'s icon is "steal", "draw", "discard" or none.',
    "cards.not_held": "{owner} holds no {colour} card worth {points} with those effects.",
    "cards.not_in_deck": "No card of this game's deck is {colour} worth {points} with those "
    "effects and still outside the piles.",
    "cards.speciality_points": "A Speciality bonus is a whole number of points from {low} to "
    "{high}.",
    "cards.speciality_after_knives": "The game ended with 4 Quick Knives; no bonus changes it.",
    # -- who may record it ------------------------------------------------------------------
    "cards.only_own_bid": "Only a player can bid, from their own phone.",
    "cards.only_own_card": "Only {player}'s phone or the table screen can record {player}'s card.",
    "cards.only_host": "Only the table screen can record that.",
    "cards.only_server": "The server reveals the bids when both are in.",
    # -- what happened (history and notes) -----------------------------------------------------
    "cards.note.win": "{winner} wins the bid {high} to {low}: the Barrel moves {notches} "
    "notch(es) toward {loser}",
    "cards.note.clamped": "The Barrel stops at {player}'s end of the Scale",
    "cards.note.night_tie": "Tie on the Night side: both Scale cards are discarded; the "
    "Barrel turns to Day",
    "cards.note.day_tie": "Tie on the Day side: {first} picks first, {second} takes the "
    "other card; the Barrel turns to Night",
    "cards.note.centre_tie": "Tie on the Day side with the Barrel in the centre: both Scale "
    "cards are discarded",
    "cards.note.discard_other": "The other Scale card goes to the discard",
    "cards.note.barrel": "The Barrel moves 1 notch toward {player}",
    "cards.note.steal_icon": "{player} steals a card from {owner}",
    "cards.note.draw_icon": "{player} takes the top card of the deck",
    "cards.note.discard_icon": "{player} discards a card of {owner}'s",
    "cards.note.no_target": "{owner} holds no card: nothing to take or discard",
    "cards.note.no_card": "No card is left to draw",
    "cards.note.refill": "The Scale is refilled with {count} {count:card|cards}",
    "cards.note.ran_out": "The deck runs out for the {nth} time",
    "cards.note.reshuffle": "The discard pile ({count} cards) is shuffled into a new deck",
    "cards.note.last_draws": "The discards ({count}) are turned over to draw from",
    "cards.note.end_of_scale": "The Barrel is at {player}'s end: it goes back to the centre "
    "and {player} steals 1 card from {owner}",
    "cards.note.nice_fish": "The Barrel is at {player}'s end: it goes back to the centre and "
    "{player} takes the 2 top cards of the deck",
    "cards.note.knives": "{player} holds 4 Quick Knives and wins at once",
    "cards.note.deck_end": "The deck ran out for the second time: the game ends",
    "cards.history.reveal": "WA-SA-BI: {first} {first_fingers}, {second} {second_fingers}",
    "cards.history.take": "{player} took a {colour} {points}{effects}{source}",
    "cards.history.discard": "{player} discarded {owner}'s {colour} {points}",
    "cards.history.speciality": "{player} scored a Speciality bonus of {points}",
    "cards.history.effects": " ({effects})",
    "cards.effect.wasabi": "Wasabi",
    "cards.effect.knife": "Quick Knife",
    "cards.effect.barrel": "Barrel",
    "cards.effect.steal": "steal icon",
    "cards.effect.draw": "draw icon",
    "cards.effect.discard": "discard icon",
    "cards.source.draw": " from the deck",
    "cards.source.steal": " stolen from {owner}",
    "cards.nth.1": "first",
    "cards.nth.2": "second",
    "cards.where.scale": "the Scale",
    "cards.where.draw": "the deck (the top card)",
    "cards.where.steal": "{owner}'s piles (a steal)",
    "cards.wait.take_scale": "{player} takes a card from the Scale",
    "cards.wait.take_draw": "{player} takes the top card of the deck",
    "cards.wait.take_steal": "{player} steals a card from {owner}",
    "cards.wait.discard": "{player} discards a card of {owner}'s",
    # -- defined cards (the host's 18 cards, AMB-C2; one tap per card) -------------------------
    "cards.no_defined_cards": "This game has no defined cards: describe the card by its colour, "
    "points and effects.",
    "cards.card_number": "A defined card is numbered from 1 to {most}.",
    "cards.half_one": "Card No. {card} has one colour: its half is 0.",
    "cards.half_two": "Card No. {card} has two colours: its half is 0 (the first) or 1 (the "
    "second).",
    "cards.half_without_card": "A half belongs to a defined card: give the card's number too.",
    "cards.card_mismatch": "Card No. {card} is not the card described: give its number alone, "
    "or its colour, points and effects as defined.",
    "cards.card_held": "Card No. {card} is in {owner}'s piles already, so it cannot be taken "
    "again.",
    "cards.card_not_held": "{owner} does not hold card No. {card}.",
    "cards.deck_conflict": "The cards already in the piles are not all among these 18 cards; "
    "correct the cards or undo those takes first.",
    "cards.deck_host_only": "Only the table screen defines the cards; a phone plays them.",
    "cards.deck_bad_colour": "Card No. {card}: choose a colour, or type one of 1 to {most} "
    "characters.",
    "cards.deck_bad_points": "Card No. {card}: its points are a whole number from {low} to {high}.",
    "cards.deck_none": "This server has no defined cards yet; define the 18 cards first.",
    "cards.deck_not_cards": "This game is not Tsukiji Market, the card game: it has no cards "
    "to define.",
    "cards.deck_saved": "The 18 cards are saved on this server.",
    "cards.deck_forgotten": "This server no longer has defined cards.",
    "cards.bid_endpoint": "A bid is sent from a player's phone to the bids endpoint, not as an "
    "action.",
    "cards.no_finger_bids": "This game has no finger bids: its bids belong to an auction.",
    "cards.no_auctions": "There are no auctions in Tsukiji Market, the card game.",
    "cards.note.use_cards": "From now on each card taken is one of the 18 defined cards",
    "cards.history.use_cards": "The table screen gave this game its 18 defined cards",
    "cards.history.card_no": "{player} took card No. {card}",
}


register(CATALOGUE["en"], MESSAGES_EN)
