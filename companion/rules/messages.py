"""Messages as codes with values: the rules say *what* happened or why an action is refused;
the edge renders it in the viewer's language.

A :class:`Message` holds a code and named values (player names, market and fish ids,
amounts). Ids are rendered through the language's names; amounts through the template's
own format spec (``¥{amount:,}``). Nested messages render in the same language.

>>> render(Message("not_enough_ap", {"player": "Aiko", "left": 1, "need": 2,
...                                  "what": Message("what.entry", {"market": "squid"})}))
'Aiko has 1 AP left; entering Squid needs 2.'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES


@dataclass(frozen=True)
class Message:
    """A sentence to be: a code of the catalogue and the values of its placeholders."""

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"code", "values"}``, nested messages as objects too (for the API)."""
        return {
            "code": self.code,
            "values": {
                k: v.to_json() if isinstance(v, Message) else v for k, v in self.values.items()
            },
        }

    def __str__(self) -> str:
        return render(self)


#: Placeholders whose value is an id to be named in the language (a market, a fish token,
#: a Harbor row, a reason, a place tokens go to).
ID_KEYS = frozenset({"market", "fish", "row", "reason", "where", "item", "track", "kind", "entry"})
#: Placeholders naming a party: a player's name, or one of the reserved words below
#: ("supply" can never be a player's name: setup refuses it).
PARTY_KEYS = frozenset(
    {"player", "payer", "payee", "owner", "active", "buyer", "seller", "holder", "winner"}
)

_NAMES_EN: dict[str, str] = {
    **{k: v.en for k, v in FISH_MARKETS.items()},
    **{k: v.en for k, v in EXTERNAL_MARKETS.items()},
    **TOKEN_NAMES,
    "salmon_degraded": "Salmon (degraded)",
    "supply": "the supply",
    "box": "the box",
    "bag": "the Auction bag",
    "market": "its market",
    "harbor": "the Harbor board",
    "hand": "their own tokens",
    "docking_auction": "their docking auction",
    "for_sale": "the upper row",
    "upper": "upper row",
    "lower": "lower row",
    "canned": "the canned-sardine space",
    # reasons of Yen movements
    "entry": "entry",
    "licence_payout": "licences",
    "sale": "sale",
    "licence": "licence",
    "docking_bonus": "docking bonus",
    "purchase": "purchase",
    "oyster": "oyster",
    "cans": "canned sardines",
    "fugu_self_buy": "degraded Fugu",
    "overfished": "Overfished",
    "swordfish_bonus": "Swordfish bonus",
    # ways to pay an entry
    "entry.ap": "AP",
    "entry.cart": "a Cart",
    "entry.yen": "Yen",
    "entry.free": "a free entry",
    "entry.token": "a token",
    "entry.barrel": "a barrel",
    # kinds of request (in "… is not something a … takes")
    "kind.fishing": "Fishing action",
    "kind.purchase": "Purchasing action",
    "kind.start_turn": "start_turn",
    "kind.visit": "visit",
    "kind.preview": "preview",
    "kind.load_himono": "load_himono",
    "kind.mackerel_sale": "Mackerel sale",
    # items
    "freezer": "Freezer",
    "cart": "Cart",
    "buyer_token": "Buyer token",
}

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        # -- refusals ------------------------------------------------------------------------
        "not_your_turn": "It is {active}'s turn; {player} cannot act now.",
        "no_turn_yet": "No turn has started yet; start the first turn with next_turn.",
        "game_over": "The game is over.",
        "not_enough_ap": "{player} has {left} AP left; {what} needs {need}.",
        "ap_spent": "{player} has spent this turn's AP; no {what} can start now (next_turn ends "
        "the turn).",
        "not_start_phase": "{player} has no start-of-turn choice to make now; start_turn is for "
        "the start of a turn with a Freezer, degraded Fugu or a full Himono "
        "licence, or for discarding barrels at sea before the turn's first "
        "action.",
        "discard_too_late": "Barrels at sea may be discarded only at the start of the turn, "
        "before any action; {player} has acted this turn.",
        "discard_more": "{player} has {at_sea} {market} barrel(s) at sea caught without a "
        "Himono licence, not {want}.",
        "discard_more_himono": "{player} has {at_sea} {market} barrel(s) at sea caught with "
        "Himono licences, not {want}.",
        "himono_no_licence": "{player} holds no Himono licence.",
        "himono_catch_wrong": "A Himono licence catches Mackerel, Horse Mackerel or Sardine "
        "barrels (a Himono barrel only when none of them is available), "
        "not {market}.",
        "himono_catch_licences": "{player} has {usable} face-up Himono licence(s) of {held}: at "
        "most {usable} barrel(s) with Himono licences in this Fishing "
        "action, not {want} (each licence catches once, and none while "
        "2 barrels it caught are at sea).",
        "himono_barrel_not_yet": "A Himono licence catches a Himono barrel only when no "
        "Mackerel, Horse Mackerel or Sardine barrel is available; "
        "{markets} still is.",
        "himono_not_for_sale": "{player} has {plain} {market} barrel(s) at sea caught without a "
        "Himono licence and places {placed} for sale: barrels caught with "
        "a Himono licence go onto the licence, never for sale.",
        "not_placed_himono": "{player} unloads {unloaded} {market} barrels and places {placed}, "
        "but only {himono} of those at sea were caught with a Himono "
        "licence (they go onto it): every other unloaded {market} barrel "
        "goes for sale on the upper row of the Harbor board (for_sale).",
        "himono_prices_count": "{player} has {count} full Himono licence(s) turning into a "
        "Himono barrel now: give {count} price(s) in himono_prices, not "
        "{given}.",
        "himono_price_needed": "{player}'s full Himono licence(s) turn into {count} Himono "
        "barrel(s) first: answer start_turn with their prices "
        "(himono_prices).",
        "himono_no_room": "{player}'s Himono licences have room for {room} more item(s), not "
        "{want}.",
        "himono_load_wrong": "Only Mackerel, Horse Mackerel and Sardine barrels or tokens go onto "
        "a Himono licence, not {fish}.",
        "himono_nothing": "Name the tokens or barrels to put onto the Himono licences.",
        "no_freezer": "{player} holds no Freezer.",
        "freezer_and_fugu": "A turn that uses a Freezer has no degradation, so no degraded Fugu "
        "can be bought in it.",
        "fugu_too_many": "{player} has {have} degraded Fugu on the lower row, not {want}.",
        "short_of_yen": "{player} has only ¥{have:,}; {what} costs ¥{need:,}.",
        "cannot_pay": "{player} cannot pay ¥{need:,} for {what}.",
        "not_a_fish_market": "There is no fish market called {name}.",
        "market_not_in_play": "{market} is not in play in this game.",
        "external_not_guided": "Visits to {market} are not guided yet; record them with the "
        "bookkeeping actions.",
        "entry_unknown": "The entry cost of {market} is not in the rulebooks; enter it as a board "
        "number, or record this visit with the bookkeeping actions.",
        "entry_not_printed": "{market} cannot be entered with {entry}; it prints: {options}.",
        "entry_bad": 'Say how the entry is paid: "ap", "cart", "yen", "free", '
        '{{"token": …}} or {{"barrel": …}}.',
        "free_once": "{market} has no entry cost and may be entered only once per turn.",
        "no_cart": "{player} holds no Cart.",
        "entry_token_wrong": "{market} takes {allowed} as its entry token, not {fish}.",
        "entry_barrel_wrong": "{market} takes a {allowed} barrel from your Harbor as its entry, "
        "not {fish}.",
        "not_held": "{player} does not hold {count} {fish}.",
        "bag_tokens_left": "The Auction bag has {left} {fish} left.",
        "bag_tokens_left_valued": "The Auction bag has {left} {fish} {value} left.",
        "market_tokens_left": "The {market} market has only {left} {fish} tokens left.",
        "not_held_valued": "{player} does not hold a {fish} {value}.",
        "not_for_sale": "{owner} has no {fish} for sale on the {row} at ¥{price:,}.",
        "sardine_licence_held": "Sardine cannot be entered while holding a Sardine licence; "
        "return it first (free).",
        "nori_licence_held": "Nori can only be entered to take a licence, and {player} holds one "
        "already.",
        "no_interaction": "A visit must do something at {market}: buy a licence, sell, or use "
        "its special.",
        "cannot_sell": "{market} buys no tokens.",
        "sell_wrong_fish": "{market} buys only {allowed}, not {fish}.",
        "sell_list": 'Name the printed values sold, e.g. {{"{fish}": [20, 15]}}.',
        "sell_barrels_only_mackerel": "Only the Mackerel market takes barrels from your Harbor.",
        "bad_count": "{what} must be a whole number from {low} to {high}.",
        "bad_price": "A price on the Harbor board is a multiple of ¥100 (¥0 allowed), not {price}.",
        "bad_field": "{field} is not something a {kind} takes.",
        "licence_price_unknown": "The {market} licence price is not in the rulebooks; record it "
        "with take_license.",
        "licences_per_visit": "One visit to {market} buys at most {limit} licence.",
        "licences_per_player": "A player may hold only {limit} {market} licence.",
        "licences_left": "The {market} market has {left} licences left.",
        "spaces_free": "{player} has {free} free License spaces of 4.",
        "takoyaki_count": "Trading {octopus} Octopus gives {gets} Takoyaki: give {gets} prices.",
        "takoyaki_left": "The Octopus market has {left} Takoyaki left.",
        "cans_left": "The canned-sardine space holds {left} tokens.",
        "catch_no_licence": "{player} holds {licences} licence(s) that can catch {market}: at "
        "most {can} {market} barrels per Fishing action, not {want}.",
        "catch_overfished": "{market} is Overfished: its barrels are in the box.",
        "catch_empty": "The {market} market has {left} barrels left, not {want}.",
        "catch_licences_joint": "{player}'s licences cannot make all these catches in one Fishing "
        "action: each licence catches once.",
        "unload_more_than_at_sea": "{player} has {at_sea} {market} barrels at sea, not {want}.",
        "not_placed": "{player} unloads {unloaded} {market} barrels and places {placed}: every "
        "unloaded {market} barrel goes for sale on the upper row of the Harbor "
        "board (for_sale).",
        "not_for_sale_fish": "{market} barrels are not placed for sale: they go to {where}.",
        "for_sale_not_unloaded": "{player} places {placed} {market} barrels for sale but unloads "
        "{unloaded}.",
        "reprice_only_fishing": "Prices can only change during a Fishing action.",
        "draw_needed": "The {kind} auction needs its drawn token ({fish}); the server draws it.",
        "drawn_wrong": "The drawn token {code} is not in the Auction bag.",
        "own_barrel": "{player} cannot buy from their own Harbor board.",
        "nothing_to_buy": "Name at least one barrel to buy.",
        "co_draw_needed": "Each Clams & Oysters barrel bought draws a clam or oyster: name the "
        "draws (the server draws them).",
        "co_draw_wrong": "The draw {code} is not a clam or oyster in the Auction bag.",
        "auction_open": "The {kind} is still open; finish it (or undo it) before anything else.",
        "entry.option_ap": "{count} AP",
        "entry.option_yen": "¥{amount:,}",
        "entry.option_free": "free once per turn",
        "entry.option_token": "a {fish} token",
        "entry.option_token_any": "any fish token",
        "entry.option_barrel": "a {fish} barrel from your Harbor",
        "entry.option_barrel_any": "a barrel from your Harbor",
        # -- what an action is, inside other sentences ---------------------------------------
        "what.entry": "entering {market}",
        "kind.visit_to": "visit to {market}",
        "what.fishing": "a Fishing action",
        "what.purchase": "a Purchasing action",
        "what.visit": "a Markets action",
        "what.licences": "{count} {market} licence(s)",
        "what.entry_yen": "the entry to {market}",
        "what.barrels": "the barrels",
        "what.fugu": "{count} degraded Fugu",
        "what.cans": "{count} canned sardines",
        "what.barrel": "{owner}'s {fish} barrel",
        # -- movements (preview and history) ---------------------------------------------------
        "mv.yen": "{payer} → {payee}: ¥{amount:,} ({reason})",
        "mv.ap": "{player} spends {count} AP ({left} left)",
        "mv.cart": "{player} uses a Cart for {count} AP",
        "mv.item_flip": "{player}'s {item} flips to its last use",
        "mv.item_back": "{player}'s {item} goes back to {market}",
        "mv.free_entry": "{player} enters {market} free (once this turn)",
        "mv.token_in": "{player} takes {count} {fish} from {where}",
        "mv.token_in_valued": "{player} takes a {fish} {value} from {where}",
        "mv.token_out": "{player} returns {count} {fish} to {where}",
        "mv.token_out_valued": "{player} returns a {fish} {value} to {where}",
        "mv.token_kept": "{player} keeps {count} {fish}: no partner for a set",
        "mv.sell": "{player} sells {count} {fish} for ¥{amount:,}",
        "mv.track": "{track} value {before} → {after}",
        "mv.licence_in": "{player} takes {count} {market} licence(s) ({left} left on the board)",
        "mv.licence_out": "{player}'s {market} licence goes back to the board",
        "mv.barrels_board": "{market} barrels on the board: {before} → {after}",
        "mv.barrels_box": "{count} {market} barrel(s) go to the box (Overfished)",
        "mv.harbor_add": "{player} puts {fish} for sale at ¥{price:,} ({row})",
        "mv.harbor_remove": "{fish} at ¥{price:,} leaves {player}'s {row}",
        "mv.harbor_reprice": "{player}'s {fish} on the {row}: ¥{before:,} → ¥{price:,}",
        "mv.degrade_out": "{player}'s {fish} at ¥{price:,} leaves the lower row (degraded)",
        "mv.degrade_down": "{player}'s upper row moves down ({count} barrel(s))",
        "mv.freezer": "{player} uses a Freezer: no degradation this turn",
        "mv.catch": "{player} catches {count} {market} barrel(s) ({at_sea} at sea)",
        "mv.unload": "{player} unloads {count} {market} barrel(s)",
        "mv.auction": "{kind} auction {number} of {total}: a {fish} token, drawn as it opens",
        "mv.canned": "{count} Sardine to the canned-sardine space",
        "mv.overfished": "{market} is Overfished",
        "mv.phase": "{player}'s turn: {phase}",
        "mv.himono": "{player}'s Himono licence: 2 items back, a Himono barrel for sale",
        "mv.catch_himono": "{player} catches {count} {market} barrel(s) with Himono licences "
        "({at_sea} at sea)",
        "mv.himono_face_down": "{player}'s Himono licence goes face down: {count} barrels it "
        "caught are at sea",
        "mv.himono_face_up": "{player}'s Himono licence turns face up",
        "mv.himono_barrel_on": "{player} puts a {fish} barrel on a Himono licence ({count} of "
        "{limit})",
        "mv.himono_token_on": "{player} puts a {fish} token on a Himono licence ({count} of "
        "{limit})",
        "mv.himono_overflow": "{player}'s Himono licences are full: the {market} barrel goes back",
        "mv.himono_barrel_back": "A {fish} barrel goes back from {player}'s Himono licence",
        "mv.himono_token_back": "A {fish} token goes back from {player}'s Himono licence to its "
        "market",
        "mv.himono_waits": "{player}'s full Himono licence waits: no Himono barrel is left "
        "(AMB-42)",
        "mv.discard": "{player} discards {count} {market} barrel(s) at sea",
        "mv.discard_himono": "{player} discards {count} {market} barrel(s) at sea caught with "
        "Himono licences",
        # -- history lines -------------------------------------------------------------------
        "history.visit": "{player} visited {market}{details}",
        "history.fishing": "{player} went fishing{details}",
        "history.purchase": "{player} bought {details}",
        "history.start_turn": "{player} started the turn{details}",
        "history.details": ": {items}",
        "history.d_licences": "{count} licence(s)",
        "history.d_sold": "sold tokens",
        "history.d_caught": "caught {count}",
        "history.d_unloaded": "unloaded {count}",
        "history.d_for_sale": "{count} for sale",
        "history.d_item": "{owner}'s {fish} at ¥{price:,}",
        "history.d_item_closed": "{owner}'s {fish}",
        "history.d_freezer": "with a Freezer",
        "history.d_fugu": "bought {count} degraded Fugu",
        "history.d_discarded": "discarded {count} at sea",
        "history.d_himono": "{count} Himono barrel(s) for sale",
        "history.load_himono": "{player} put {count} item(s) onto Himono licences",
        "history.turn_unspent": "{player} ended the turn with {count} AP unspent",
        "phase.start": "start-of-turn choices (Freezer, degraded Fugu, Himono prices)",
        "phase.actions": "actions",
    }
}


def _name(value: object, lang: str) -> object:
    if isinstance(value, str):
        return NAMES.get(lang, NAMES["en"]).get(value, value)
    return value


NAMES: dict[str, dict[str, str]] = {"en": _NAMES_EN}

from . import messages_ja  # noqa: E402  (the Japanese catalogue needs nothing above)

CATALOGUE["ja"] = messages_ja.CATALOGUE
NAMES["ja"] = messages_ja.NAMES
_LIST_SEP: dict[str, str] = {"ja": "、"}


def render(message: Message, lang: str = "en") -> str:
    """The message as a sentence in ``lang`` (English where that language lacks it)."""
    templates = CATALOGUE.get(lang, CATALOGUE["en"])
    template = templates.get(message.code) or CATALOGUE["en"].get(message.code)
    if template is None:
        raise KeyError(f"no message {message.code!r}")
    values: dict[str, Any] = {}
    for key, value in message.values.items():
        if isinstance(value, Message):
            values[key] = render(value, lang)
        elif key in ID_KEYS:
            values[key] = _name(value, lang)
        elif key in PARTY_KEYS and value in ("supply", "box", "bag"):
            values[key] = _name(value, lang)
        elif isinstance(value, list | tuple):
            values[key] = _LIST_SEP.get(lang, ", ").join(
                str(render(v, lang) if isinstance(v, Message) else _name(v, lang)) for v in value
            )
        else:
            values[key] = value
    return template.format_map(values)


def known(code: str) -> bool:
    return code in CATALOGUE["en"]
