"""Tokyo Jutaku's sentences, registered into the one message function (as the card
game's: :mod:`companion.cardgame.messages`). A category's name is a message of its own
(``jutaku.name.<category>``) so a translation names it too.

>>> from companion.rules.messages import render
>>> render(Message("jutaku.line", {"count": 2, "what": Message("jutaku.name.shirt_trousers"),
...                                "each": 300, "amount": 600}))
'2 × shirt / trousers at ¥300: ¥600'
"""

from __future__ import annotations

from ..engine import Message as Message
from ..rules.messages import CATALOGUE, register

__all__ = ["MESSAGES_EN", "Message"]

MESSAGES_EN: dict[str, str] = {
    # -- names ---------------------------------------------------------------------------
    "jutaku.name.black": "black drink",
    "jutaku.name.red": "red drink",
    "jutaku.name.orange": "orange drink",
    "jutaku.name.yellow": "yellow drink",
    "jutaku.name.green": "green drink",
    "jutaku.name.blue": "blue drink",
    "jutaku.name.washer_dryer": "washer / dryer",
    "jutaku.name.sheets_pillowcase": "sheets / pillowcase",
    "jutaku.name.shirt_trousers": "shirt / trousers",
    "jutaku.name.bra_underwear_socks": "bra / underwear / socks",
    "jutaku.name.salmon": "Salmon",
    "jutaku.name.spider_crab": "Spider Crab",
    "jutaku.name.tuna": "Tuna",
    "jutaku.name.detergent": "detergent",
    "jutaku.name.newspaper": "newspaper / magazine",
    # -- payout lines ----------------------------------------------------------------------
    "jutaku.line": "{count} × {what} at ¥{each:,}: ¥{amount:,}",
    "jutaku.line.detergent": "Detergent doubles a {what}: +¥{amount:,}",
    "jutaku.line.detergent_unused": "{count} detergent with no clothing left to double: ¥0",
    "jutaku.line.salmon": "{count} × Salmon at ¥{each:,} ({side} side): ¥{amount:,}",
    "jutaku.line.printed": "{count} × {what} {value} at ¥{each:,}: ¥{amount:,}",
    "jutaku.line.newspaper": "{count} × newspaper / magazine: ¥0, kept for the tie-break",
    "jutaku.price": "{what}: ¥{before:,} → ¥{after:,}",
    # -- refusals ----------------------------------------------------------------------------
    "jutaku.players": "Tokyo Jutaku needs {low} to {high} players with different names.",
    "jutaku.name": "A player's name is 1 to {most} characters.",
    "jutaku.no_player": "There is no player number {player} at this table.",
    "jutaku.over": "The game is over: every player but one has left the store twice.",
    "jutaku.left_twice": "{player} has left the store twice already.",
    "jutaku.price_value": "The price of the {what} must be a multiple of ¥{step} from ¥0 to "
    "¥{most:,}.",
    "jutaku.unknown": "{name} is not something a player carries out of the store.",
    "jutaku.count": "The {what} count must be a whole number from 0 to {most}.",
    "jutaku.printed": "Each {what} is one of the printed values {values}.",
    "jutaku.pieces": "There are only {most} {what} pieces in the game.",
    "jutaku.tuna_unbought": "{player} has {bought} Tuna bought and not cashed yet, so cannot "
    "cash {carried}; record each Tuna bought first.",
    "jutaku.tuna_money": "{player} has ¥{held:,}; Tuna number {number} of the game costs "
    "¥{price:,}.",
    "jutaku.tuna_left": "All {most} Tuna pieces are bought already.",
    # -- the edge (POST /api/jutaku/exit, the /jutaku page) -----------------------------------
    "jutaku.body": 'Send a JSON object with the prices, "salmon_cashed" and what the player '
    'carries ("carried").',
    "jutaku.carried_missing": 'Send what the player carries out as "carried", such as '
    '{{"red": 1, "salmon": 2}}.',
    "jutaku.carried_shape": 'What the player carries ("carried") is an object of counts, such '
    'as {{"red": 1}}.',
    "jutaku.prices_shape": 'The prices are an object of Yen per category, such as {{"red": 200}}.',
    "jutaku.flag": 'Whether Salmon was cashed yet ("salmon_cashed") is true or false.',
    "jutaku.no_field": "This request has no field {name} (docs/actions.md lists the fields).",
    "jutaku.who_leaves": "Choose who leaves the store.",
    "jutaku.who_buys": "Choose who buys the Tuna.",
    "jutaku.link": "This game's address is damaged, so it cannot be read; start a new game.",
    "jutaku.nothing_to_undo": "There is nothing to undo.",
}


register(CATALOGUE["en"], MESSAGES_EN)
