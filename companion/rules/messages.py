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

import string
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
    "oyster_bonus": "oyster",
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
    # auctions
    "auction.spider_crab": "Spider Crab auction",
    "auction.tuna": "Tuna auction",
    "auction.swordfish": "Swordfish auction",
    "auction.auction_market": "Auction market",
    "auction.barter": "Barter",
    "auction.overseas": "Overseas auction",
    # the Bank's stock
    "bank.loans": "loans",
    "bank.shares": "shares",
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
        "the start of a turn with a Freezer, degraded Fugu or a full Himono licence, or for "
        "discarding barrels at sea before the turn's first action.",
        "discard_too_late": "Barrels at sea may be discarded only at the start of the turn, "
        "before any action; {player} has acted this turn.",
        "discard_more": "{player} has {at_sea} {market} {at_sea:barrel|barrels} at sea caught "
        "without a Himono licence, not {want}.",
        "discard_more_himono": "{player} has {at_sea} {market} {at_sea:barrel|barrels} at sea "
        "caught with Himono licences, not {want}.",
        "himono_no_licence": "{player} holds no Himono licence.",
        "himono_catch_wrong": "A Himono licence catches Mackerel, Horse Mackerel or Sardine "
        "barrels (a Himono barrel only when none of them is available), not {market}.",
        "himono_catch_licences": "{player} has {usable} face-up Himono {usable:licence|licences} "
        "of {held}: at most {usable} {usable:barrel|barrels} with Himono licences in this Fishing "
        "action, not {want} (each licence catches once, and none while 2 barrels it caught are at "
        "sea).",
        "himono_barrel_not_yet": "A Himono licence catches a Himono barrel only when no Mackerel, "
        "Horse Mackerel or Sardine barrel is available; {markets} still is.",
        "himono_not_for_sale": "{player} has {plain} {market} {plain:barrel|barrels} at sea "
        "caught without a Himono licence and places {placed} for sale: barrels caught with a "
        "Himono licence go onto the licence, never for sale.",
        "not_placed_himono": "{player} unloads {unloaded} {market} {unloaded:barrel|barrels} and "
        "places {placed}, but only {himono} of those at sea were caught with a Himono licence "
        "(they go onto it): every other unloaded {market} barrel goes for sale on the upper row "
        "of the Harbor board (for_sale).",
        "himono_prices_count": "{player} has {count} full Himono {count:licence|licences} turning "
        "into {count:a Himono barrel|Himono barrels} now: give {count} {count:price|prices} in "
        "himono_prices, not {given}.",
        "himono_price_needed": "{player}'s full Himono {count:licence turns|licences turn} into "
        "{count} Himono {count:barrel|barrels} first: answer start_turn with their prices "
        "(himono_prices).",
        "himono_no_room": "{player}'s Himono licences have room for {room} more "
        "{room:item|items}, not {want}.",
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
        "entry_bad": 'Say how the entry is paid: "ap", "cart", "yen", "free", {{"token": …}} or '
        '{{"barrel": …}}.',
        "free_once": "{market} has no entry cost and may be entered only once per turn.",
        "no_cart": "{player} holds no Cart.",
        "entry_token_wrong": "{market} takes {allowed} as its entry token, not {fish}.",
        "entry_barrel_wrong": "{market} takes a {allowed} barrel from your Harbor as its entry, "
        "not {fish}.",
        "not_held": "{player} does not hold {count} {fish}.",
        "bag_tokens_left": "The Auction bag has {left} {fish} {left:token|tokens} left.",
        "bag_tokens_left_valued": "The Auction bag has {left} {fish} {value} left.",
        "market_tokens_left": "The {market} market has only {left} {fish} {left:token|tokens} "
        "left.",
        "not_held_valued": "{player} does not hold a {fish} {value}.",
        "not_for_sale": "{owner} has no {fish} for sale on the {row} at ¥{price:,}.",
        "sardine_licence_held": "Sardine cannot be entered while holding a Sardine licence; "
        "return it first (free).",
        "nori_licence_held": "Nori can only be entered to take a licence, and {player} holds one "
        "already.",
        "no_interaction": "A visit must do something at {market}: buy a licence, sell, or use its "
        "special.",
        "cannot_sell": "{market} buys no tokens.",
        "sell_wrong_fish": "{market} buys only {allowed}, not {fish}.",
        "sell_list": 'Name the printed values sold, e.g. {{"{key}": [20, 15]}}.',
        "sell_barrels_only_mackerel": "Only the Mackerel market takes barrels from your Harbor.",
        "bad_count": "{what} must be a whole number from {low} to {high}.",
        "bad_price": "A price on the Harbor board is a multiple of ¥100 (¥0 allowed), not {price}.",
        "bad_field": "{field} is not something a {kind} takes.",
        "licence_price_unknown": "The {market} licence price is not in the rulebooks; record it "
        "with take_license.",
        "licences_per_visit": "One visit to {market} buys at most {limit} "
        "{limit:licence|licences}.",
        "licences_per_player": "A player may hold only {limit} {market} {limit:licence|licences}.",
        "licences_left": "The {market} market has {left} {left:licence|licences} left.",
        "spaces_free": "{player} has {free} free License {free:space|spaces} of 4.",
        "takoyaki_count": "Trading {octopus} Octopus gives {gets} Takoyaki: give {gets} "
        "{gets:price|prices}.",
        "takoyaki_left": "The Octopus market has {left} Takoyaki left.",
        "cans_left": "The canned-sardine space holds {left} {left:token|tokens}.",
        "catch_no_licence": "{player} holds {licences} {licences:licence|licences} that can catch "
        "{market}: at most {can} {market} {can:barrel|barrels} per Fishing action, not {want}.",
        "catch_overfished": "{market} is Overfished: its barrels are in the box.",
        "catch_empty": "The {market} market has {left} {left:barrel|barrels} left, not {want}.",
        "catch_licences_joint": "{player}'s licences cannot make all these catches in one Fishing "
        "action: each licence catches once.",
        "unload_more_than_at_sea": "{player} has {at_sea} {market} {at_sea:barrel|barrels} at "
        "sea, not {want}.",
        "not_placed": "{player} unloads {unloaded} {market} {unloaded:barrel|barrels} and places "
        "{placed}: every unloaded {market} barrel goes for sale on the upper row of the Harbor "
        "board (for_sale).",
        "not_for_sale_fish": "{market} barrels are not placed for sale: they go to {where}.",
        "for_sale_not_unloaded": "{player} places {placed} {market} {placed:barrel|barrels} for "
        "sale but unloads {unloaded}.",
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
        # -- the bookkeeping moves (moves.py): clauses the edge words as a sentence with the
        # -- field they refuse ("Amount must be a whole number.") ---------------------------
        "arg.required": "is required",
        "arg.whole": "must be a whole number",
        "arg.yen_positive": "must be more than ¥0",
        "arg.yen_max": "must be at most ¥{max:,}",
        "arg.yen_step": "must be a multiple of ¥100",
        "arg.count_min": "must be at least 1",
        "arg.count_max": "must be at most {max}: no board holds more",
        "arg.flag": "must be true or false",
        "arg.party": 'is required (a player\'s name or "supply")',
        "arg.note_long": "must be a text of at most {max} characters",
        "arg.note_chars": "may not hold control or text-direction characters",
        "bk.short": "{player} has only ¥{have:,}",
        "bk.short_licence": "{player} has only ¥{have:,} (the licence costs ¥{need:,})",
        "bk.cannot_pay": "{player} cannot pay ¥{need:,}",
        "bk.same_party": "payer and payee are the same",
        "bk.same_giver": "giver and taker are the same",
        "bk.no_player": "there is no player called {name}",
        "bk.no_fish_token": "there is no fish token called {name}",
        "bk.no_fish_market": "there is no fish market called {name}",
        "bk.no_market": "there is no market called {name}",
        "bk.no_action": "there is no action called {name}",
        "bk.not_in_play": "{market} is not in play in this game",
        "bk.printed_values": "a {fish} token is printed {values}",
        "bk.salmon_side": 'Salmon is "fresh" or "degraded"',
        "bk.not_held": "{player} does not hold {what}",
        "bk.holds_only": "{player} holds only {count} {fish}",
        "bk.holds_only_degraded": "{player} holds only {count} {fish} (degraded)",
        "bk.tokens_go": 'tokens go back to the "market" or into the "box"',
        "bk.licences_per_visit": "one visit to {market} buys at most {limit} "
        "{limit:licence|licences}",
        "bk.licences_per_player": "a player may hold only {limit} {market} "
        "{limit:licence|licences}",
        "bk.spaces_free": "{player} has {free} free License {free:space|spaces} of 4",
        "bk.licences_left": "the {market} market has {left} {left:licence|licences} left",
        "bk.licence_price_unknown": "the {market} licence price is not known; record the payment "
        "separately and take it with pay off",
        "bk.licences_not_held": "{player} does not hold {count} such {count:licence|licences}",
        "bk.item_kind": 'the item is a "freezer", "cart" or "buyer_token"',
        "bk.item_left": "no {item} is left on the {market} board",
        "bk.item_not_held": "{player} does not hold that",
        "bk.bank_not_in_play": "the Bank is not in play in this game",
        "bk.bank_left": "the Bank has {left} {kind} left",
        "bk.shares_no_loan": "{player} owns shares and so can never take a loan",
        "bk.loan_no_share": "{player} took a loan and so can never buy a share",
        "bk.track_kind": 'the track is "eel" or "swordfish"',
        "bk.track_space": "the marker goes on a space {low} to {high}",
        "bk.overfished_already": "{market} is already Overfished",
        "bk.needs_expansion": "that market needs the Expansion",
        "bk.in_play_already": "{market} is already in play",
        "bk.game_over": "the game is over",
        "bk.game_over_already": "the game is over already",
        "bk.game_over_undo": "the game is over; undo to change the final table",
        "bk.auction_open": "the {kind} is still open; finish it (or undo it) before anything else",
        # -- a new game (setup.py) and final scoring (scoring.py) ----------------------------
        "setup.players_list": "give a list of 2 to 6 player names",
        "setup.name_needed": "every player needs a name",
        "setup.name_long": "names are at most {max} characters",
        "setup.name_chars": "a name may hold only visible characters and spaces, no control or "
        "formatting characters",
        "setup.name_reserved": "a player called {name} would read as the supply or the table "
        "screen in the history; pick another name",
        "setup.name_twice": "two players are called {name}",
        "setup.player_count": "a game has 2 to 6 players",
        "setup.fixed_fish": "the fixed fish market is Mackerel (or Horse Mackerel with the "
        "Expansion)",
        "setup.needs_expansion": "{market} needs the Expansion",
        "setup.no_external": "there is no external market called {name}",
        "setup.market_once": "each market can be in play only once",
        "setup.mackerel_always": "Mackerel is always in play (or Horse Mackerel with the "
        "Expansion)",
        "setup.ships_always": "the Ships market is always in play",
        "setup.auction_players": "the Auction market needs at least 3 players",
        "setup.aquarium_pair": "Aquarium and New Aquarium are always in play together",
        "setup.markets_at_least": "{players} players use at least {fish} fish and {ext} external "
        "markets",
        "setup.markets_count": "{players} players use {fish} fish and {ext} external markets "
        "(turn on the 'more markets' variant for more)",
        "setup.numbers_object": "must be an object of fish markets",
        "setup.counts_object": "must be an object of counts",
        "setup.not_a_figure": "{name} is not a board figure; use {allowed}",
        "setup.figure_range": "must be a whole number 0 to 99",
        "figure.entry_ap": "Entry (AP)",
        "figure.entry_yen": "Entry (¥)",
        "figure.yen_for": "¥ for {count} {count:token|tokens}",
        "figure.places": "{market} places",
        "figure.yen_each": "{market} ¥ each",
        "setup.figure_yen_range": "must be a price from ¥0 to ¥{most:,}",
        "setup.figure_yen_step": "must be a multiple of ¥100",
        "setup.variant_needs_expansion": "the {name} variant needs the Expansion",
        "setup.money": 'money is "open" or "closed"',
        "setup.expansion": "the Expansion is on (true) or off (false)",
        "setup.variant": "unknown variant {name}",
        "setup.seed": "the seed must be a whole number from 0 to {max:,}",
        "setup.start_player": "the start player must be one of the players",
        "score.players": "a game has at least two players",
        "score.bank": "loans and shares need the Bank in play",
        # -- a snapshot to score (snapshot.py) ----------------------------------------------
        "snap.count": "must be a whole number >= 0",
        "snap.object": "must be an object",
        "snap.printed_list": "must be a list of printed values",
        "snap.one_of": "must be one of {choices}",
        "snap.unknown_fish": "unknown fish '{name}'",
        "snap.salmon_object": 'must be {{"fresh": n, "degraded": n}}',
        "snap.salmon_side": "unknown Salmon side '{name}'",
        "snap.required_holds": "required when a player holds {name}",
        "snap.range": "must be a whole number {low}..{high}",
        "snap.fish_list": "must be a list of fish markets",
        "snap.unknown_market": "unknown fish market {name}",
        "snap.external_list": "must be a list of external markets",
        "snap.unknown_external": "unknown external market {name}",
        "snap.format": 'must be "{format}"',
        "snap.players_list": "must be a list of 2 to 6 players",
        "snap.player_count": "must list 2 to 6 players, not {count}",
        "snap.name": "must be a non-empty name",
        "snap.name_twice": "'{name}' is already the name of another player",
        "snap.yen": "must be a whole number of Yen",
        "snap.bank": "{what} need the Bank in markets.external",
        # -- the turn guide on the active phone (companion/web/turn.py) ----------------------
        "guide.unknown_field": "This form has no field {field}; reload the page.",
        "guide.entry_token": "The entry names a token this form does not offer.",
        "guide.barrel_not_offered": "A barrel on this form is not one the page offered; reload "
        "the page.",
        "guide.token": "a {fish} token",
        "guide.token_valued": "a {fish} {value} token",
        "guide.salmon_fresh": "a fresh Salmon token",
        "guide.salmon_degraded": "a degraded Salmon token",
        "guide.takoyaki_for_sale": "a Takoyaki for sale at ¥{price:,}",
        "guide.few_ap": "You have too few AP left.",
        "guide.from_cart": "{option} from your Cart",
        "guide.little_yen": "You hold too little Yen.",
        "guide.free_used": "Used already this turn.",
        "guide.hold_none": "You hold none.",
        "guide.own_barrel": "your {market} barrel at ¥{price:,} ({row})",
        "guide.harbor_none": "Your Harbor has none.",
        "guide.ap_spent": "No action starts once the turn's AP are spent.",
        "guide.entry_unknown": "This board's entry cost is not printed in the rules; record the "
        "visit with the forms below.",
        "guide.barrel_n": "{market} barrel {n}",
        "guide.seat_only": "The turn guide runs on the phone of the player whose turn it is.",
        "guide.not_yours": "It is {active}'s turn.",
        "guide.no_panel": "There is no such part of the turn guide.",
        "guide.kind": "This form records a guided turn: a visit, a fishing or a purchasing "
        "action, or the start-of-turn choices.",
        "guide.recorded": "Recorded: {line}",
        # -- the start-of-turn end check (endgame.py) ----------------------------------------
        "end.yen": "{player} has ¥{goal_yen:,} or more without the outright lowest Resources: the "
        "game ends.",
        "end.resources": "{player} has {goal_r} Resources or more without the outright lowest "
        "Yen: the game ends.",
        "end.yen_blocked": "{player} has ¥{goal_yen:,} but the outright lowest Resources: play "
        "goes on.",
        "end.resources_blocked": "{player} has {goal_r} Resources but the outright lowest Yen: "
        "play goes on.",
        "end.both_blocked": "{player} has ¥{goal_yen:,} but the outright lowest Resources and has "
        "{goal_r} Resources but the outright lowest Yen: play goes on.",
        "end.short": "{player} is ¥{yen:,} short of ¥{goal_yen:,} and {resources} Resources short "
        "of {goal_r}: play goes on.",
        # -- the setup checklist (setup.py) --------------------------------------------------
        "check.count": "{count} {what}",
        "check.unknown": "{what} as printed on the board",
        "check.licences": "{count:licence|licences}",
        "check.barrels": "{count:barrel|barrels}",
        "check.tokens": "{count:token|tokens}",
        "check.octopus_tokens": "Octopus {count:token|tokens}",
        "check.co_bag": "every Clam and Oyster token into the Auction bag",
        "check.into_bag": "{tokens} into the Auction bag",
        "check.red_snapper": "a token on each of the {spots} grid spots",
        "check.octopus": "{tokens} and {takoyaki} Takoyaki tokens",
        "check.sardine": "{tokens} in the supply; the canned space stays empty",
        "check.marker": "the value marker on {value}",
        "check.set_aside_licences": "set aside {count} {count:licence|licences} for the "
        "players first",
        "check.ships_aside": "set aside {count} one-slot {count:ship|ships} for the players",
        "check.ships": "{one_slot} one-slot, {two_slot} two-slot, {three_slot} three-slot, "
        "{four_slot} four-slot ships",
        "check.barge_choice": "the six-slot barge or the two four-slot barges (the other goes "
        "back in the box)",
        "check.blue_ship": "if you like, the Blue four-slot ship as well, beside the four-slot "
        "ship",
        "check.barge": "the six-slot barge",
        "check.loans": "{count} Loan {count:token|tokens}",
        "check.shares": "{count} Share {count:token|tokens}",
        "check.freezers": "{count} {count:Freezer|Freezers}",
        "check.carts": "{count} {count:Cart|Carts}",
        "check.buyer_tokens": "{count} Buyer {count:token|tokens}",
        "check.expansion_tokens": "{count} Expansion {count:token|tokens}",
        "check.boat_rentals": "{count} Boat Rental {count:token|tokens}",
        "check.starts_empty": "starts empty",
        "check.empty_places": "empty places",
        "check.co_uncounted": "every Clam and Oyster token (the app does not count them)",
        "check.board_bag": "Auction bag",
        "check.board_known_order": "Known market order",
        "check.known_fish": "shuffle the fish boards not in play and lay them out face up in "
        "a row, in that order",
        "check.known_external": "do the same with the external boards, in a second row",
        "check.bag_to_box": "the Auction bag goes back in the box",
        "check.board_box": "Back in the box",
        "check.box_boards": "every board not in play, with its pieces",
        "check.box_bag": "the Auction bag",
        "check.yen": "¥{amount:,}",
        "check.first_ship": "a one-slot ship in the leftmost port",
        "check.harbor_board": "a Harbor board, its small Port Covering (1) over the middle port "
        "and the large one (2) over the rightmost port",
        "check.mackerel_licence": "a Mackerel licence",
        "check.no_licence": "no licence (Horse Mackerel is in play)",
        "check.board_player": "Each player",
        "check.board_supply": "The supply",
        "check.other_yen": "all the other Yen",
        "check.board_crash": "Crash tokens",
        "check.crash": "{count} crash {count:token|tokens} beside the supply",
        "check.open_money": "open money: every player's Yen stays in view",
        "check.closed_money": "closed money: every player keeps their Yen hidden",
        "check.board_start": "Before play",
        "check.first_player": "{player} plays first; play goes clockwise",
        "check.bag_item": "{count}× {what}",
        "check.list": "{items}",
        # -- tokens as people name them ("Tuna 25", "Salmon (degraded)") --------------------
        "token.name": "{fish}",
        "token.valued": "{fish} {value}",
        "token.degraded": "{fish} (degraded)",
        "token.count": "{count} {what}",
        # -- auctions (auctions.py) -----------------------------------------------------------
        "au.which_token": "say which {fish} token (e.g. {key}:20)",
        "au.lot_too_small": "a lot must be worth at least 2 Resources to be auctioned",
        "au.lot_not_held": "the lot's {what} is not held",
        "au.no_auction": "there is no such auction",
        "au.kind": "the kind is one of {kinds}",
        "au.another_open": "another auction is still open; settle it first",
        "au.sells": "a {kind} sells a {fish} token",
        "au.market_not_in_play": "the {market} market is not in play in this game",
        "au.name_lot": "name the tokens in the lot",
        "au.fee": "{player} cannot pay the ¥{fee:,} fee",
        "au.list_barrels": "list the barrels on the docked boats",
        "au.not_a_market": "{name} is not a fish market in play",
        "au.barrel_counts": "barrel counts are whole numbers",
        "au.no_barrels": "a boat without barrels cannot visit Overseas",
        "au.entry": "{player} cannot pay the ¥{fee:,} to enter",
        "au.convert": "{have} {fish} {have:barrel converts|barrels convert} to {count} "
        "{count:token|tokens}",
        "au.back": "Back to their markets: {barrels}.",
        "au.back_one": "{count} {fish} {count:barrel|barrels}",
        "au.revealed_no_change": "the bids are revealed; no bid can change now",
        "au.not_bidder": "{player} does not bid in this auction",
        "au.revealed_already": "the bids are revealed already",
        "au.nothing_to_choose": "there is nothing to choose in this auction now",
        "au.accept_offer": "accept an offer from one of the bidders",
        "au.choose_tied": "choose among the tied bidders: {names}",
        "au.draws": "draw one clam or oyster per barrel",
        # -- history lines of the bookkeeping moves and the auctions -------------------------
        "history.pay": "{payer} paid {payee} {money}{note}",
        "history.pay_from_supply": "The supply paid {payee} {money}{note}",
        "history.yen": "¥{amount:,}",
        "history.yen_hidden": "Yen",
        "history.note": " ({note})",
        "history.tokens": "{count} {what} {count:token|tokens}",
        "history.gain_fish": "{player} took {tokens}",
        "history.lose_fish": "{player} returned {tokens} to the market",
        "history.lose_fish_box": "{player} returned {tokens} into the box",
        "history.give_fish": "{giver} gave {tokens} to {taker}",
        "history.red_snapper_one": "{player} took the next Red Snapper token from the grid",
        "history.red_snapper": "{player} took {count} Red Snapper {count:token|tokens} from the "
        "grid",
        "history.take_license": "{player} took {count} {market} {count:licence|licences}",
        "history.return_license": "{player} returned {count} {market} {count:licence|licences}",
        "history.take_item": "{player} took {count} {what}",
        "history.return_item": "{player} returned {count} {what}",
        "item.freezer": "{count:Freezer|Freezers}",
        "item.cart": "{count:Cart|Carts}",
        "item.buyer_token": "{count:Buyer token|Buyer tokens}",
        "item.other": "{item}",
        "history.take_loan": "{player} took {count} {count:loan|loans}",
        "history.buy_share": "{player} bought {count} {count:share|shares}",
        "history.set_track": "{track} marker set to {value}",
        "history.overfished": "{market} is Overfished",
        "history.add_market": "{market} enters the game",
        "history.next_turn": "Next turn",
        "history.end_game": "The game was ended",
        "history.auction_open": "{owner} opened a {kind}",
        "history.auction_open_lot": "{owner} opened a {kind}: {lot}",
        "history.lot_barrels": "{count} {market}",
        "history.bid_sealed": "{player} sealed a bid",
        "history.bids_revealed": "Bids revealed",
        "history.chose": "{chooser} chose {winner}",
        "history.owner_chose": "The owner chose {winner}",
        "history.declined": "The seller declined every offer",
        # -- what an action is, inside other sentences ---------------------------------------
        "what.entry": "entering {market}",
        "kind.visit_to": "visit to {market}",
        "what.fishing": "a Fishing action",
        "what.purchase": "a Purchasing action",
        "what.visit": "a Markets action",
        "what.licences": "{count} {market} {count:licence|licences}",
        "what.entry_yen": "the entry to {market}",
        "what.barrels": "the barrels",
        "what.fugu": "{count} degraded Fugu",
        "what.cans": "{count} canned {count:sardine|sardines}",
        "what.barrel": "{owner}'s {fish} barrel",
        # -- movements (preview and history) ---------------------------------------------------
        "mv.yen": "{payer} → {payee}: ¥{amount:,} ({reason})",
        "mv.ap": "{player} spends {count} AP ({left} left)",
        "mv.cart": "{player} uses a Cart for {count} AP",
        "mv.item_flip": "{player}'s {item} flips to its last use",
        "mv.item_back": "{player}'s {item} goes back to {market}",
        "mv.free_entry": "{player} enters {market} free (once this turn)",
        "mv.token_in": "{player} takes {count} {fish} {count:token|tokens} from {where}",
        "mv.token_in_valued": "{player} takes a {fish} {value} from {where}",
        "mv.token_out": "{player} returns {count} {fish} {count:token|tokens} to {where}",
        "mv.token_out_valued": "{player} returns a {fish} {value} to {where}",
        "mv.token_kept": "{player} keeps {count} {fish} {count:token|tokens}: no partner for a set",
        "mv.sell": "{player} sells {count} {fish} for ¥{amount:,}",
        "mv.track": "{track} value {before} → {after}",
        "mv.licence_in": "{player} takes {count} {market} {count:licence|licences} ({left} left "
        "on the board)",
        "mv.licence_out": "{player}'s {market} licence goes back to the board",
        "mv.barrels_board": "{market} barrels on the board: {before} → {after}",
        "mv.barrels_box": "{count} {market} {count:barrel goes|barrels go} to the box (Overfished)",
        "mv.harbor_add": "{player} puts {fish} for sale at ¥{price:,} ({row})",
        "mv.harbor_remove": "{fish} at ¥{price:,} leaves {player}'s {row}",
        "mv.harbor_reprice": "{player}'s {fish} on the {row}: ¥{before:,} → ¥{price:,}",
        "mv.degrade_out": "{player}'s {fish} at ¥{price:,} leaves the lower row (degraded)",
        "mv.degrade_down": "{player}'s upper row moves down ({count} {count:barrel|barrels})",
        "mv.freezer": "{player} uses a Freezer: no degradation this turn",
        "mv.catch": "{player} catches {count} {market} {count:barrel|barrels} ({at_sea} at sea)",
        "mv.unload": "{player} unloads {count} {market} {count:barrel|barrels}",
        "mv.auction": "{kind} auction {number} of {total}: a {fish} token, drawn as it opens",
        "mv.left_over": "{count} {fish} {count:item is|items are} left over: only every {per} "
        "items pay",
        "mv.canned": "{count} Sardine {count:token|tokens} to the canned-sardine space",
        "mv.overfished": "{market} is Overfished",
        "mv.phase": "{player}'s turn: {phase}",
        "mv.himono": "{player}'s Himono licence: 2 items back, a Himono barrel for sale",
        "mv.catch_himono": "{player} catches {count} {market} {count:barrel|barrels} with Himono "
        "licences ({at_sea} at sea)",
        "mv.himono_face_down": "{player}'s Himono licence goes face down: {count} "
        "{count:barrel|barrels} it caught are at sea",
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
        "mv.discard": "{player} discards {count} {market} {count:barrel|barrels} at sea",
        "mv.discard_himono": "{player} discards {count} {market} {count:barrel|barrels} at sea "
        "caught with Himono licences",
        # -- history lines -------------------------------------------------------------------
        "history.visit": "{player} visited {market}{details}",
        "history.fishing": "{player} went fishing{details}",
        "history.purchase": "{player} bought {details}",
        "history.start_turn": "{player} started the turn{details}",
        "history.details": ": {items}",
        "history.d_licences": "{count} {count:licence|licences}",
        "history.d_sold": "sold {count} {count:token|tokens}",
        "history.d_sold_barrels": "sold {count} {count:barrel|barrels} back",
        "history.d_caught": "caught {count} {count:barrel|barrels}",
        "history.d_unloaded": "unloaded {count} {count:barrel|barrels}",
        "history.d_for_sale": "{count} for sale",
        "history.d_item": "{owner}'s {fish} at ¥{price:,}",
        "history.d_item_closed": "{owner}'s {fish}",
        "history.d_freezer": "with a Freezer",
        "history.d_fugu": "bought {count} degraded Fugu",
        "history.d_discarded": "discarded {count} at sea",
        "history.d_himono": "{count} Himono {count:barrel|barrels} for sale",
        "history.load_himono": "{player} put {count} {count:item|items} onto Himono licences",
        "history.turn_unspent": "{player} ended the turn with {count} AP unspent",
        "phase.start": "start-of-turn choices (Freezer, degraded Fugu, Himono prices)",
        "phase.actions": "actions",
    }
}


class _Formatter(string.Formatter):
    """``str.format`` plus one spec: ``{count:one|many}`` is the word for a count of 1 or
    for any other count, so English lines read "1 barrel", "2 barrels" (a language without
    plurals leaves it out).

    >>> _Formatter().format("{n} {n:barrel|barrels}, {m} {m:barrel|barrels}", n=1, m=3)
    '1 barrel, 3 barrels'
    """

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if value == 1 and not isinstance(value, bool) else many
        return super().format_field(value, format_spec)


_FORMAT = _Formatter()


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
        elif isinstance(value, Mapping):
            # Words given in each language by the caller (the web layer's field table):
            # the language's own, else the English.
            values[key] = value.get(lang) or value.get("en", "")
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
    return _FORMAT.vformat(template, (), values)


def known(code: str) -> bool:
    return code in CATALOGUE["en"]


# -- external markets, boats and ports (issue #9) ---------------------------------------------
# Kept apart, at the end, so this block only ever grows by appending.

_NAMES_EN.update(
    {
        # boats
        "one_slot": "One-slot ship",
        "two_slot": "Two-slot ship",
        "three_slot": "Three-slot ship",
        "four_slot": "Four-slot ship",
        "blue": "Blue ship",
        "barge": "Six-slot barge",
        "small_barge": "Four-slot barge",
    }
)

CATALOGUE["en"].update(
    {
        "fleet_full": "{player}'s boats ({boats}) cannot carry {count} "
        "{count:barrel|barrels} at sea: a ship carries one kind of fish up to its slots "
        "(the Blue ship two kinds), a barge any mix, and no boat more than 1 Salmon.",
        "fleet_no_port": "{player}'s open ports have no room for every boat that would lie "
        "docked ({boats}): ports 0 and 1 hold one ship each, port 2 two ships or one barge; "
        "open a port first (¥500).",
    }
)

_NAMES_EN.update(
    {
        # reasons of Yen movements at external markets
        "boat": "boat",
        "boat_sale": "boat sold",
        "boat_rent": "boat rental",
        "loan": "loan",
        "share": "shares",
        "rental": "rental",
        "port": "port opened",
        "auction_fee": "Auction fee",
        "influence": "Influence",
        "sushi": "Sushi Shop",
        "new_aquarium": "New Aquarium",
    }
)

CATALOGUE["en"].update(
    {
        # -- refusals at external markets ----------------------------------------------------
        "ext.no_interaction": "A visit must do something at {market}: {what}.",
        "ext.hint.ships": "sell or buy a boat",
        "ext.hint.bank": "take loans or buy shares",
        "ext.hint.government": "donate tokens to one of its places",
        "ext.hint.aquarium": "sell tokens into its places",
        "ext.hint.trading": "trade tokens on one of its places",
        "ext.hint.rentals": "rent a Freezer or a Cart",
        "ext.token_code": '{code} is not a fish token: name one such as "eel", "tuna:20" or '
        '"salmon:degraded".',
        "ext.token_value": "Say which {fish} token by its printed value, one of {values} (e.g. "
        '"{fish_id}:{first}").',
        "ext.token_list": '{field} is a list of fish tokens, such as ["eel", "tuna:20"].',
        "ext.boat_list": '{field} is a list of boats, such as ["two_slot"].',
        "ext.boat_kind": "{kind} is not a boat; the boats are {kinds}.",
        "ext.boat_rented": "{player}'s {kind} is rented: it goes back after its voyage and "
        "cannot be sold or traded in.",
        "ext.boat_not_owned": "{player} has no {kind}.",
        "ext.boat_at_sea": "{player}'s {kind} is needed at sea for the barrels there: only a "
        "boat docked in a port can be sold or traded in.",
        "ext.no_port_place": "{player} has no free port place for the {kind}: ports 0 and 1 "
        "hold one ship each, port 2 (once opened) two ships or one barge; open a port first.",
        "ext.trade_in_alone": "A trade-in comes only with buying the Blue ship.",
        "ext.trade_in_needed": "The Blue ship at {market} costs a trade-in as well: name one "
        "of your ships docked in a port (trade_in).",
        "ext.trade_in_ship": "The Blue ship's trade-in is one of your ships, not a barge or "
        "the Blue ship ({kind}).",
        "ext.board_has": "The {market} board has {left} {kind} left.",
        "ext.used_ships_final": "Used Ships cannot be used once the end of the game is triggered.",
        "ext.loans_and_shares": "A player who takes a loan can never buy a share: take loans "
        "or buy shares, not both.",
        "ext.loan_after_share": "{player} owns shares and so can never take a loan.",
        "ext.share_after_loan": "{player} took a loan and so can never buy a share.",
        "ext.bank_loans_left": "The Bank has {left} {left:loan|loans} left.",
        "ext.bank_shares_left": "The Bank has {left} {left:share|shares} left.",
        "ext.government_full": "Both places of the Government are full: it cannot be entered "
        "for the rest of the game.",
        "ext.place_room": "There is room for {left} more {left:token|tokens} on {place}.",
        "ext.no_place": "{market} has no place for {fish}.",
        "ext.trades": 'Trades are a list such as [{{"place": 4, "tokens": ["octopus", '
        '"mackerel"]}}].',
        "ext.trading_place": "A Trading place is one of {places}.",
        "ext.trade_tokens": 'Name the tokens put on the place, such as ["octopus", "mackerel"].',
        "ext.trade_worth": "The tokens put on {place} are worth {worth} Resources; it needs "
        "{need} or more.",
        "ext.rentals_left": "The Rentals board has {left} {item}{left:|s} left.",
        "ext.option_per_item": "free, then ¥{amount:,} per item rented",
        # -- what is paid for, inside other sentences ------------------------------------------
        "what.boat": "a {kind} from {market}",
        "what.shares": "{count} {count:share|shares}",
        "what.rent": "{count} {item}{count:|s}",
        # -- tokens and places --------------------------------------------------------------
        "ext.token": "{fish}",
        "ext.token_valued": "{fish} {value}",
        "place.government_left": "the Government's left place",
        "place.government_right": "the Government's right place",
        "place.aquarium": "the Aquarium's {fish} place",
        "place.new_aquarium": "the New Aquarium's {fish} place",
        "place.trading": "the Trading place {at_least}+",
        "place.sushi": "the Sushi Shop's place for {size}",
        # -- movements ----------------------------------------------------------------------
        "mv.ext_onto": "{player} puts {tokens} onto {place}",
        "mv.ext_off": "{player} takes {tokens} off {place}",
        "mv.boat_sold": "{player}'s {kind} goes to the {market} board",
        "mv.boat_bought": "{player}'s new {kind} from {market} docks in a port",
        "mv.boat_traded_in": "{player} trades in the {kind}: it goes to the {market} board",
        "mv.loans": "{player} takes {count} {count:loan|loans} ({left} left at the Bank)",
        "mv.shares": "{player} buys {count} {count:share|shares} ({left} left at the Bank)",
        "mv.rent_item": "{player} rents {count} {item}{count:|s} ({left} left on the board)",
    }
)

_NAMES_EN.update({"kind.open_port": "open_port"})

CATALOGUE["en"].update(
    {
        "ext.ports_open": "{player} has opened both ports already.",
        "what.port": "opening port {port}",
        "mv.port_open": "{player} opens port {port}",
        "history.open_port": "{player} opened a port",
    }
)

_NAMES_EN.update({"kind.take_boat": "take_boat", "kind.return_boat": "return_boat"})

CATALOGUE["en"].update(
    {
        "ext.boat_board": 'A boat comes from and goes back to "ships" or "used_ships".',
        "history.take_boat": "{player} took a {kind} from {market}",
        "history.return_boat": "{player} returned a {kind} to {market}",
    }
)

_NAMES_EN.update(
    {
        "kind.return_rental": "return_rental",
        "entering.fish": "a fish market",
        "entering.external": "an external market",
        "expansion_token": "Expansion token",
        "auction_market": "Auction",
    }
)

CATALOGUE["en"].update(
    {
        "ext.hint.influence": "buy a Buyer or an Expansion token",
        "ext.hint.sushi": "sell a group of tokens into an empty place",
        "ext.hint.boat_rentals": "rent a boat",
        "ext.hint.lot": "put up a lot of your tokens",
        "ext.expansion_kinds": "Each Expansion token brings a market of the kind you choose: "
        '"fish" or "external".',
        "ext.influence_left": "The Influence board has {left} {item}{left:|s} left.",
        "ext.sushi_groups": "Sushi groups are lists of 1 to 5 tokens, one group per place, "
        'such as [["fugu", "eel", "salmon"]].',
        "ext.sushi_shapes": "The tokens of one Sushi group must all differ in shape (Mackerel "
        "and Horse Mackerel are one shape, Clam and Oyster another).",
        "ext.sushi_taken": "{place} is taken: a Sushi group goes only into an empty place.",
        "ext.sushi_price": "The price of the Sushi Shop's place for {size} is not in the "
        "rulebooks; enter it as a board number.",
        "ext.rent_list": 'Boats rented are a list such as [{{"boat": "three_slot", "from": '
        '"ships"}}].',
        "ext.not_rentable": "The {kind} cannot be rented.",
        "ext.rental_tokens_left": "No Boat Rental token is left on the board.",
        "ext.new_aquarium_unknown": "The New Aquarium's place for {fish} is not in the "
        "rulebooks; enter its size and price as board numbers.",
        "ext.lot_empty": "Name the tokens of the lot.",
        "ext.lot_worth": "The lot is worth {worth} Resources; the Auction takes lots worth 2 "
        "or more.",
        "ext.no_rental": "{player} has no rented {kind}.",
        "what.influence": "{count} {item}{count:|s}",
        "what.boat_rent": "renting a {kind}",
        "what.auction_fee": "the Auction fee",
        "mv.buyer_tokens": "{player} takes {count} Buyer {count:token|tokens} "
        "({left} left on the board)",
        "mv.expansion_token": "{player}'s Expansion token goes to the box: {kind} enters",
        "mv.box_empty": "The box holds no more boards of that kind ({kind}): nothing enters",
        "mv.market_enters": "{market} enters the game, set up as at the start",
        "mv.boat_rented": "{player} rents a {kind} from {market}: it docks in a port",
        "mv.rental_back": "{player}'s rented {kind} goes back to {market}, its token to Boat "
        "Rentals",
        "mv.lot": "{player} puts up {tokens} ({kind})",
        "mv.auction_opens": "The {kind} opens for sealed bids",
        "history.return_rental": "{player} returned a rented {kind} to {market}",
    }
)

CATALOGUE["en"].update(
    {
        "ext.hint.overseas": "dock boats with their barrels",
        "ext.overseas_barrels": 'Name the barrels at sea docked at Overseas, such as {{"eel": 2}}.',
        "mv.overseas_dock": "{player} docks {count} {market} {count:barrel|barrels} at Overseas",
    }
)

# -- history, views and setup lines in the viewer's language (issue #11) ----------------------
# Kept apart, at the end, so this block only ever grows by appending.

CATALOGUE["en"].update(
    {
        # a history line the rules cannot word (an unknown type): the entry's type
        "history.raw": "{type}",
        "history.undo": "Undo: {line}",
        "history.undo_back": "Undo back to entry {seq} ({count} {count:entry|entries})",
        "history.redo": "Redo of {count} {count:entry|entries}",
        # views.py: a player's Salmon, a settled auction, the start-of-turn end check
        "view.salmon_detail": "{fresh} fresh, {degraded} degraded",
        "view.auction_declined": "The seller declined every offer; the lot goes back.",
        "view.auction_won": "{winner} wins with ¥{amount:,}.",
        "view.auction_gain": "{player} +¥{amount:,}",
        "view.auction_loss": "{player} −¥{amount:,}",
        "view.auction_supply_gain": "the supply +¥{amount:,}",
        "view.auction_supply_loss": "the supply −¥{amount:,}",
        "view.auction_moves": "{moves}.",
        "view.auction_moves_supply": "{moves}; {supply}.",
        "view.auction_result": "{won} {moved}",
        "view.end_why_yen": "{player} has ¥{goal_yen:,} or more without the outright lowest "
        "Resources",
        "view.end_why_resources": "{player} has {goal_r} Resources or more without the "
        "outright lowest Yen",
        "view.end_triggered": "{why}: the end is triggered.",
        "view.end_final_round": "{why}: the end is triggered. A final round follows: {still} "
        "still {count:plays|play} one more turn.",
        "view.end_goes_on": "{player} does not end the game: play goes on.",
    }
)

CATALOGUE["en"].update(
    {
        # web/render.py: what a screen reader hears, an entry no longer on show
        "view.said_by": "{actor}: {text}",
        "view.bid": "{player} ¥{amount:,}",
        "view.bids_revealed": "Bids revealed: {bids}.",
        "view.done": "done",
    }
)

# -- the door's and the web edge's refusals (issue #11) ----------------------------------------
# One finished sentence each, in the asker's language (companion/door.py, companion/web/).

CATALOGUE["en"].update(
    {
        "door.rule": "{said}",
        "door.no_game": "There is no game with that code on this server.",
        "door.sign_in": "Sign in first: scan your seat's QR code on the table screen.",
        "door.link_invalid": "This link is no longer valid; scan your seat's QR code again.",
        "door.other_game": "That sign-in belongs to another game.",
        "door.no_action": "There is no action called {name}.",
        "door.auction_internal": "Auctions are opened, bid on and settled through the auction "
        "pages and endpoints.",
        "door.bid_not_action": "A bid is sent from a player's phone to the bids endpoint, not "
        "as an action.",
        "door.no_finger_bids": "This game has no finger bids: its bids belong to an auction.",
        "door.host_only": "Only the table screen can do that.",
        "door.current_only": "Only the player whose turn it is, or the table screen, can do that.",
        "door.own_only": "You can record changes to your own Yen and tokens only; ask that "
        "player, or the table screen, to record this one.",
        "door.undo_host": "Only the table screen can undo.",
        "door.undo_entry": "That entry is not in the history, or is undone already.",
        "door.nothing_to_undo": "There is nothing to undo.",
        "door.redo_host": "Only the table screen can redo.",
        "door.nothing_to_redo": "There is nothing to redo.",
        "door.auction_shape": 'An auction is a JSON object with a "kind" and an "owner".',
        "door.auction_own": "You can open an auction of your own only; the table screen can "
        "open one for another player.",
        "door.bid_player": "Only a player can bid, from their own phone.",
        "door.bid_whole": "A bid is a whole number of Yen.",
        "door.bid_negative": "A bid cannot be negative; ¥0 is allowed.",
        "door.bid_step": "A bid must be a multiple of ¥100.",
        "door.no_auction": "There is no such auction in this game.",
        "door.bids_revealed": "The bids are revealed; no bid can change now.",
        "door.not_bidder": "You do not bid in this auction.",
        "door.bid_over": "You have only ¥{have:,}; a bid cannot be more.",
        "door.revealed_already": "The bids are revealed already.",
        "door.nothing_to_choose": "There is nothing to choose in this auction now.",
        "door.owner_or_host": "Only the table screen or the auction's owner can {what}.",
        "door.to_reveal": "reveal the bids",
        "door.to_settle": "settle this auction",
        "door.reissue_host": "Only the table screen can issue new join links.",
        "door.no_seat": "There is no such seat.",
        "door.join_invalid": "This join link is no longer valid. Ask the table screen for your "
        "seat's new QR code.",
        "door.joined_already": "A phone has joined this seat already. If that was you on "
        "another phone, ask the table screen to show your seat's code again.",
        "door.cards_no_auctions": "There are no auctions in Tsukiji Market, the card game.",
        "door.stale": "The table changed since you looked (it is at entry {version}, you saw "
        "{expected}); check it and try again.",
        "door.bag_empty": "the Auction bag has no {fish} token left",
        "door.co_unknown": "the Clams & Oysters token counts of this game are not known, so the "
        "app cannot draw them; record this Overseas lot by hand",
        "door.drawn_list": 'list the tokens drawn by hand, e.g. ["tuna:20"]',
    }
)

CATALOGUE["en"].update(
    {
        "edge.too_deep": "The request body nests deeper than {depth} levels.",
        "edge.too_many_digits": "A number in the request body has more digits than any number "
        "of this game.",
        "edge.not_json": "The request body is not valid JSON.",
        "edge.if_match": "The If-Match header must be the number of the last entry you saw, "
        'such as "12".',
        "edge.needs_type": 'The action needs a "type", such as "pay" or "next_turn".',
        "edge.no_such_type": "There is no action of that type (docs/actions.md lists them).",
        "edge.action_shape": 'An action is a JSON object with a "type", such as '
        '{{"type": "next_turn"}}.',
        "edge.auction_shape": 'An auction is a JSON object with a "kind" and an "owner", such '
        'as {{"kind": "tuna", "owner": "Aiko"}}.',
        "edge.lot_counts": "Every count of the lot and of the barrels is a whole number from 0 "
        "to {max}.",
        "edge.lot_token": "The lot names a token that does not exist.",
        "edge.barrels_market": "The barrels name a market that does not exist.",
        "edge.no_field": "This request has no field {field}.",
        "edge.choose_shape": 'Send {{"winner": name}}, or {{"winner": null}} to decline every '
        "offer at Barter.",
        "edge.bid_shape": 'Send {{"amount": …}} in Yen; ¥0 is allowed.',
        "edge.undo_shape": 'An undo is {{}} or {{"to_seq": n}}, with "expected_seq" if you '
        "like; send it as a JSON object.",
        "edge.redo_shape": 'A redo is {{}}, with "expected_seq" if you like; send it as a JSON '
        "object.",
        "edge.config_shape": 'The game settings are a JSON object, such as {{"players": '
        '["Aiko", "Bo"]}}.',
        "edge.setting_chars": "a setting holds a control character or a text-direction character",
        "edge.value_of": "The value of {field} {said}",
        "edge.in_field": "In {field}, {said}",
        "edge.send_snapshot": "Send a tsukiji-snapshot/1 as the JSON body.",
    }
)

CATALOGUE["en"].update(
    {
        "edge.claim_host": "Only the table screen can open a seat on this device.",
        "edge.no_seat": "There is no such seat in this game.",
        "edge.table_page": "This is the table screen's page; your phone has its own.",
        "edge.snapshot_host": "Only the table screen can export the snapshot.",
        "edge.snapshot_closed": "With closed money the snapshot shows everyone's Yen, so it can "
        "be exported when the game has ended.",
        "edge.count_whole": "must be a whole number >= 0",
        "edge.count_max": "must be at most {max}",
        "flash.auction_opened": "Auction opened: the phones show the bid sheet.",
        "flash.bid_last": "Your bid ¥{amount:,} (receipt {receipt}) was the last: bids revealed.",
        "flash.bid_sealed": "Bid sealed: ¥{amount:,}. Your receipt is {receipt}.",
        "flash.bids_revealed": "Bids revealed.",
        "flash.settled": "Settled.",
    }
)

CATALOGUE["en"].update(
    {
        # web/schemas.py: a field's words (its table holds both languages) and the
        # sentences around them
        "phrase": "{text}",
        "field.must": "{label} must be {what}.",
        "field.extra_action": 'A "{action}" action has no field {field} (docs/actions.md lists '
        "the fields).",
        "field.extra": "This request has no field {field} (docs/actions.md lists the fields).",
        "field.bad_key": "A field name in the request holds a control character, a lone "
        "surrogate or a text-direction character.",
        "field.bad_text": "{label} holds a control character, a lone surrogate or a "
        "text-direction character, which cannot be stored.",
        "field.the_body": "The request body",
    }
)

CATALOGUE["en"].update(
    {
        "edge.too_large": "The request is too large: this app takes at most {kib} KiB.",
        "edge.unreadable": "The request could not be read; reload the page and try again.",
    }
)
