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
from collections.abc import Mapping, MutableMapping
from typing import Any

from ..engine.messages import Message as Message
from ..engine.messages import use_renderer
from .catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES

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
        "ap_spent": "{player} has spent this turn's AP; {what} cannot start now (next_turn ends "
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
        "guide.from_carts": "{option} from {count} Cart uses",
        "guide.little_yen": "You hold too little Yen.",
        "guide.free_used": "Used already this turn.",
        "guide.visited": "Visited already this turn: its free entry is once per turn.",
        "guide.choose_entry": "Choose how to pay the entry.",
        "guide.bad_field": "{label}: not what the page offered; reload the page.",
        "guide.return_licence": "{player} gives {count} {market} {count:licence|licences} back "
        "to its board, with no refund",
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
        # A count with its word (Japanese: its counter, 漁業免許3枚, 樽15個).
        "check.licences.n": "{count} {count:licence|licences}",
        "check.barrels.n": "{count} {count:barrel|barrels}",
        "check.tokens.n": "{count} {count:token|tokens}",
        "check.octopus_tokens.n": "{count} Octopus {count:token|tokens}",
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
        "au.short": "No token is left for {barrels}: the winner takes none for these barrels.",
        "au.co_unknown": "the Clams & Oysters token counts of this game are not known, so the "
        "app cannot draw them for the winner; record this Overseas lot by hand",
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
        "history.table_chose": "The table screen chose {winner}",
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
_SENTENCE_SEP: dict[str, str] = {"ja": "。"}


def _grouped(words: list[str], lang: str) -> list[str]:
    """A list's words, in Japanese each named once with its count (「ウナギ×2、マグロ」,
    not 「ウナギ、ウナギ、マグロ」), in the order they first come (issue #21).

    >>> _grouped(["ウナギ", "マグロ", "ウナギ"], "ja")
    ['ウナギ×2', 'マグロ']
    """
    if lang != "ja":
        return words
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return [w if n == 1 else f"{w}×{n}" for w, n in counts.items()]


def register(catalogue: MutableMapping[str, str], messages: Mapping[str, str]) -> None:
    """Add another game's ``messages`` to a language's catalogue (the card game's, Tokyo
    Jutaku's); a code it already holds with another sentence is a clash, raised rather
    than overwritten."""
    clash = sorted(c for c, t in messages.items() if c in catalogue and catalogue[c] != t)
    if clash:
        raise RuntimeError(f"message codes registered twice: {', '.join(clash)}")
    catalogue.update(messages)


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
            words = [
                str(render(v, lang) if isinstance(v, Message) else _name(v, lang)) for v in value
            ]
            if key == "notes":  # sentences: 「。」 between them in Japanese
                values[key] = _SENTENCE_SEP.get(lang, ", ").join(words)
            else:
                values[key] = _LIST_SEP.get(lang, ", ").join(_grouped(words, lang))
        else:
            values[key] = value
    return _FORMAT.vformat(template, (), values)


use_renderer(render)  # Message.__str__ and IllegalAction word messages by this catalogue


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
        "mv.overseas_short": "no {market} token is left for {count} {count:barrel|barrels} of the "
        "lot: the winner takes none for them",
    }
)

# -- markets entering during the game and the crash variant (rules/entering.py, crash.py) --
CATALOGUE["en"].update(
    {
        "arrive.market": "{market} enters the game {cause}, set up as at the start",
        "arrive.none": "Nothing enters {cause}: no board of that kind ({kind}) is left in the box",
        "arrive.cause_overfished": "in place of the Overfished {market}",
        "arrive.cause_mackerel": "first, as {market} is Overfished while Mackerel was not in "
        "play (its licences stay on its board; nobody receives one)",
        "arrive.cause_expansion": "with an Expansion token",
        "arrive.cause_crash": "in place of the crashed {market}",
        "arrive.cause_hand": "by hand",
        "arrive.cause_instead": "in its place",
        "crash.crashed_now": "{market} crashes: a crash token goes on it, Crashed side up (it "
        "stays open and cannot crash again)",
        "crash.closed_now": "{market} crashes: a crash token goes on it, Closed side up (it "
        "cannot be visited or used for the rest of the game)",
        "crash.closed": "{market} is Closed by a crash: it cannot be visited or used for the "
        "rest of the game.",
        "mv.item_box": "{player}'s {item} goes to the box (Rentals is Closed)",
        "mv.rental_back_box": "{player}'s rented {kind} goes back to {market}; its token goes to "
        "the box (Boat Rentals is Closed)",
        "history.aftermath": "{line}. {notes}",
    }
)

# -- rules cards (issue #11: a card per market, companion/rules/rulecards.py) ----------------
# Kept apart, at the end: every code starts with "rc.".

CATALOGUE["en"].update(
    {
        "rc.title": "{market}",
        "rc.kind.fish_base": "Fish market (base game)",
        "rc.kind.fish_expansion": "Fish market (Expansion)",
        "rc.kind.external_base": "External market (base game)",
        "rc.kind.external_expansion": "External market (Expansion)",
        "rc.h.entry": "Entry",
        "rc.h.licences": "Licences",
        "rc.h.stock": "On the board at setup",
        "rc.h.sells": "What it buys and pays",
        "rc.h.special": "Special rules",
        "rc.h.resources": "Resources",
        "rc.h.overfished": "Overfished",
        "rc.h.crash": "Crash variant",
        # -- figures
        "rc.fig.barrels": "Barrels",
        "rc.fig.tokens": "Tokens",
        "rc.fig.licenses": "Licences",
        "rc.fig.clams": "Clam tokens in the Auction bag",
        "rc.fig.oysters": "Oyster tokens in the Auction bag",
        "rc.fig.loans": "Loans",
        "rc.fig.shares": "Shares",
        "rc.fig.freezers": "Freezers",
        "rc.fig.carts": "Carts",
        "rc.fig.buyer_tokens": "Buyer tokens",
        "rc.fig.expansion_tokens": "Expansion tokens",
        "rc.fig.rental_tokens": "Boat Rental tokens",
        "rc.fig.na_place": "The {fish} place (its size and price)",
        "rc.fig.na_clams": "The price of the Clams & Oysters place (1 clam and 1 oyster)",
        "rc.fig.sushi_place": "The price of the place for {size}",
        "rc.p_count": "{players} players {count}",
        # A figure with its counter (the Japanese 枚, 個, 隻; the number alone here).
        "rc.n.licenses": "{count}",
        "rc.n.barrels": "{count}",
        "rc.n.tokens": "{count}",
        "rc.n.loans": "{count}",
        "rc.n.shares": "{count}",
        "rc.n.freezers": "{count}",
        "rc.n.carts": "{count}",
        "rc.n.buyer_tokens": "{count}",
        "rc.n.expansion_tokens": "{count}",
        "rc.n.rental_tokens": "{count}",
        "rc.n.boats": "{count}",
        "rc.n.clams": "{count}",
        "rc.n.oysters": "{count}",
        "rc.stock.same": "{what}: {count}.",
        "rc.stock.per_p": "{what}: {counts}.",
        "rc.stock.game": "{what}: {count} (for {players} players).",
        "rc.stock.item": "{what}: {count}.",
        "rc.stock.disputed": "{what}: {count} for {players} players, as this game was set up.",
        "rc.asked": "{what}: on the board, not in the rulebooks; asked on the New game page "
        "and remembered on this server.",
        "rc.entered": "{what}: {count}, copied from the board when this game was set up.",
        "rc.entered_yen": "{what}: ¥{amount:,}, copied from the board when this game was set up.",
        "rc.not_entered": "{what}: printed on the board, not in the rulebooks, and not "
        "entered for this game, so the app does not count it.",
        # -- entry
        "rc.entry.ap": "{count} AP.",
        "rc.entry.yen": "¥{amount:,} to the supply.",
        "rc.entry.token": "1 {fish} token (one you own, or one you have for sale on your "
        "Harbor); it goes back to the {market} board.",
        "rc.entry.any_token": "1 fish token of any kind (Takoyaki and Squid too); it goes "
        "back to its own market.",
        "rc.entry.barrel": "1 {market} barrel you have for sale on your Harbor; it goes back "
        "to this market.",
        "rc.entry.any_barrel": "1 barrel of any fish you have for sale on your Harbor; it goes "
        "back to its market.",
        "rc.entry.free": "No entry cost: at most once per turn.",
        "rc.entry.rentals": "No AP: the cost is ¥{amount:,} per item rented, and the market is "
        "not limited to once per turn.",
        "rc.entry.asked": "Other entry options are printed on the board, not in the "
        "rulebooks: the New game page asks for the AP cost, and this server remembers it.",
        "rc.entry.not_entered": "The board's entry cost was not entered for this game.",
        "rc.entry.cart": "A Cart pays {count} AP of an AP entry cost (the turn has {ap} AP).",
        "rc.entry.payout": "Right after the entry is paid, everyone holding {market} licences "
        "(the visitor too) takes ¥{amount:,} per licence, even when the market is Overfished.",
        "rc.entry.no_payout": "Entering {market} pays its licence holders nothing.",
        "rc.entry.ext_no_payout": "External markets pay no licence money on entry; a visit "
        "must do something there.",
        "rc.entry.cannot": "It cannot be entered: it only adds a step to the final scoring.",
        "rc.entry.min_players": "Only in games of {count} players or more.",
        "rc.sardine.no_entry": "Not while you hold a Sardine licence (return it first, free).",
        "rc.nori.entry": "Entered only to take its licence, so not while you hold one.",
        "rc.government.full": "Not at all once both places are full.",
        "rc.used_ships.final": "Not once the end of the game is triggered (the trigger "
        "player's turn included).",
        "rc.overseas.entry": "Only while docking in a Fishing action: ¥{amount:,} per visit, "
        "and the Fishing action's {ap} AP.",
        # -- licences
        "rc.lic.price": "¥{amount:,} per licence.",
        "rc.lic.free": "The licence is free.",
        "rc.lic.sardine": "¥{first:,} while both licences are on the board, ¥{last:,} for the "
        "last one: ¥{both:,} for both.",
        "rc.lic.per_visit": "At most {count} per visit.",
        "rc.lic.per_player": "At most {count} per player.",
        "rc.lic.any": "As many as the board has and your free License spaces allow ({count} "
        "spaces, shared with Freezers, Carts and Buyer tokens).",
        "rc.lic.return": "A licence may be returned to its market at any time on your turn, "
        "free and without refund.",
        "rc.fugu.licence_back": "Unloading a Fugu barrel at your port sends your Fugu licence "
        "back to the board at once.",
        # -- stock
        "rc.mackerel.licences": "Licences: {box} exist; after setting aside one per player "
        "there are {counts}.",
        "rc.mackerel.licences_hm": "With Horse Mackerel at setup (or Mackerel entering "
        "mid-game) none are set aside: {counts}.",
        "rc.mackerel.licences_game": "Licences: {count} (for {players} players, after one "
        "each was set aside).",
        "rc.mackerel.licences_game_hm": "Licences: {count} (for {players} players; none set "
        "aside, as Horse Mackerel is in the game).",
        "rc.red_snapper.grid_tokens": "Tokens: {count}, one on each spot of the grid.",
        "rc.bag": "Its tokens go into the Auction bag: {values}.",
        "rc.octopus.takoyaki_stock": "Takoyaki tokens: {count}, besides the Octopus tokens.",
        "rc.track_start": "The {market} value marker starts on {value} (track {low}–{high}).",
        "rc.sardine.canned_empty": "The canned-sardine space starts empty.",
        "rc.ships.board_same": "{kind}: {count}.",
        "rc.ships.board_per_p": "{kind}: {counts}.",
        "rc.ships.board_game": "{kind}: {count}.",
        "rc.ships.expansion_boats": "Expansion: the two Four-slot barges may replace the "
        "Six-slot barge, and the Blue ship may be added.",
        "rc.used_ships.empty": "The board starts empty: it holds the boats sold to it.",
        "rc.places": "{count} places for tokens.",
        "rc.sushi.places": "One place for each group size, {low} to {high} tokens.",
        # -- sales
        "rc.sell.none": "{market} buys no tokens.",
        "rc.sell.per_token": "¥{amount:,} per {fish} token sold.",
        "rc.sell.mackerel": "¥{amount:,} per {per} items returned: Mackerel tokens and "
        "Mackerel barrels from your own Harbor (either row); only whole pairs pay.",
        "rc.sell.eel": "¥{amount:,} × tokens sold × the Eel value before the sale; then the "
        "value drops {drop} per token sold.",
        "rc.sell.eel_example": "Example: at value {value}, {count} tokens pay ¥{amount:,} and "
        "the value drops to {after}.",
        "rc.sell.fugu": "¥{amount:,} × k² for k tokens sold at once; you need not sell all.",
        "rc.sell.fugu_example": "Example: {count} Fugu at once pay ¥{amount:,}.",
        "rc.sell.spider_crab": "¥{amount:,} × the printed value + ¥{bonus:,} per token; the "
        "tokens go back into the Auction bag.",
        "rc.sell.tuna": "¥{amount:,} × the printed values of the tokens sold; they go back "
        "into the Auction bag.",
        "rc.sell.clams_oysters": "¥{amount:,} per set of 1 clam and 1 oyster; the tokens go "
        "back into the bag, a token without a partner is kept.",
        "rc.sell.swordfish": "¥{amount:,} × tokens sold × the Swordfish value, plus ¥{bonus:,} "
        "once per visit; the tokens go to the box, then the value drops {drop} per token.",
        "rc.octopus.trade": "Trade: each Octopus token returned gives {count} Takoyaki, put "
        "for sale on your Harbor at prices you choose (as many as the board has left).",
        "rc.sardine.cans": "Canned sardines: buy tokens from the canned space at ¥{amount:,} each.",
        "rc.aquarium_place": "The Aquarium has room for {count} {fish} at ¥{amount:,} each.",
        "rc.aquarium_shared": "The Aquarium takes {fish} into its {place} place ({count} at "
        "¥{amount:,} each, shared).",
        # -- special rules of fish markets
        "rc.mackerel.own_barrels": "The only market that buys your own barrels.",
        "rc.eel.up": "The Eel value goes up {count} per Eel barrel unloaded and placed for sale.",
        "rc.track_clamp": "The marker stops at {low} and {high}; only the excess move is lost.",
        "rc.fugu.self_buy": "At the start of your turn you may buy your own degraded Fugu "
        "barrels, paying the listed price to the supply (not on a turn you use a Freezer).",
        "rc.octopus.takoyaki": "Takoyaki never degrade; a buyer takes the Takoyaki token itself.",
        "rc.red_snapper.grid": "A bought barrel gives the next grid token, column by column; "
        "the numbers under them, in that order: {numbers}.",
        "rc.salmon.sides": "A barrel bought from the upper row gives a fresh token, from the "
        "lower row a degraded (“4”) one.",
        "rc.salmon.boat": "No boat carries more than 1 Salmon barrel at a time.",
        "rc.salmon.disputed": "The board prints “P, max 4”, but the rulebook's 3-player "
        "example puts 4 licences on it: the app follows the board unless the host enters "
        "another number at setup.",
        "rc.docking_auction.bag": "Its barrels are not placed for sale: every {count} unloaded "
        "in one Fishing action open a {market} auction for a token drawn from the bag; a "
        "leftover goes back uncompensated.",
        "rc.docking_auction.board": "Its barrels are not placed for sale: every {count} "
        "unloaded in one Fishing action open a {market} auction for a token from the board; a "
        "leftover goes back uncompensated.",
        "rc.swordfish.marker": "After each Swordfish auction the marker moves {step} up if the "
        "winning bid beats ¥{yen:,} × the value, {step} down if it is lower.",
        "rc.clams_oysters.draw": "A bought barrel draws a clam or an oyster from the bag; an "
        "oyster also pays the buyer ¥{amount:,} from the supply.",
        "rc.himono.catch": "Its licence catches {fishes} barrels; a Himono barrel only when "
        "none of them can be caught.",
        "rc.himono.at_sea": "At most {count} barrels caught under one licence at sea; then "
        "it lies face down until one is unloaded.",
        "rc.himono.dock": "Barrels caught under it are not placed for sale: they go onto your "
        "Himono licences ({count} items each), the rest back to their market.",
        "rc.himono.load": "Any time on your turn, free, put {fishes} barrels from your Harbor "
        "or tokens of your own onto a licence.",
        "rc.himono.convert": "At the start of your turn a licence with {count} items sends "
        "them back and gives {barrels} Himono barrel for sale at a price you choose.",
        "rc.horse_mackerel.catch": "One use of its licence catches 1 Horse Mackerel barrel or "
        "1 to {count} Mackerel barrels.",
        "rc.horse_mackerel.start": "With Horse Mackerel in the game from the start, players "
        "start with no licence.",
        "rc.sardine.dock": "Each Sardine barrel unloaded at your ports is placed for sale and "
        "takes {count} tokens from the supply: 1 to you, 1 onto the canned space.",
        "rc.never_degrades": "{fish} barrels never degrade.",
        # -- Resources
        "rc.res.flat": "Each {fish} token is worth {value} {value:Resource|Resources}.",
        "rc.res.track": "Each token is worth the {market} value now.",
        "rc.res.fugu": "A player's n Fugu are worth n² together (3 Fugu: {example}).",
        "rc.res.red_snapper": "Each token is worth the lowest red number revealed on the grid "
        "(nothing taken yet: {start}; 12 left: {example}).",
        "rc.res.salmon": "A fresh token is worth the number of Salmon tokens all players own; "
        "a degraded one {value}.",
        "rc.res.printed": "Each {fish} token is worth its printed value ({values}).",
        "rc.res.nori": "Each Nori token is worth a tenth, rounded down, of its holder's other "
        "fish (38 Resources: {example}).",
        "rc.res.takoyaki_for_sale": "Takoyaki for sale on a Harbor are worth nothing to the "
        "seller.",
        "rc.res.himono_items": "Himono barrels for sale and items on a licence are worth nothing.",
        "rc.res.places": "Tokens put here stay on the board for the rest of the game: they are "
        "no one's Resources.",
        "rc.res.trading": "Places are reached by the tokens' Resources at current values (k "
        "Fugu are worth k²).",
        "rc.res.auction": "The lot's Resources choose its place and fee; a lot under {count} "
        "Resources has no place.",
        "rc.res.barter": "The lot goes to the accepted bidder with its Resources.",
        "rc.res.overfishing": "It counts tokens, not Resources; Takoyaki count as "
        "Octopus-market tokens.",
        "rc.res.none": "No effect on Resources.",
        # -- Overfished
        "rc.of.when": "When all its barrels or all its tokens have left the market.",
        "rc.of.bag": "When all its barrels, or all its tokens on the board and in the Auction "
        "bag, have left.",
        "rc.of.octopus": "When all its barrels or all its Octopus tokens have left (Takoyaki "
        "do not count).",
        "rc.of.sardine": "When all its barrels have left, or its supply and canned space are "
        "both empty.",
        "rc.of.after": "Then its remaining barrels go to the box and a replacement fish market "
        "enters; it can still be visited, and its licences still pay.",
        "rc.of.red_snapper": "Red Snapper tokens are then worth a flat {value}.",
        "rc.of.horse_mackerel": "Every player takes ¥{amount:,} per Horse Mackerel token held.",
        "rc.of.nori": "Every player pays ¥{amount:,} per Nori token held, as much as they can.",
        # -- external markets: money
        "rc.ships.boat": "{kind}: buy ¥{buy:,}, sell ¥{sell:,}.",
        "rc.ships.blue": "{kind}: buy ¥{buy:,} plus a trade-in ship, sell ¥{sell:,}.",
        "rc.ships.sell_rule": "A boat sells for {percent} % of its list price, rounded up to ¥100.",
        "rc.used_ships.boat": "{kind}: sell to it ¥{sell:,}, buy from it ¥{buy:,}.",
        "rc.used_ships.blue": "{kind}: sell to it ¥{sell:,}, buy from it ¥{buy:,} plus a "
        "trade-in ship.",
        "rc.boat_rentals.boat": "{kind}: ¥{amount:,} for one voyage.",
        "rc.boat_rentals.not": "{kind}: cannot be rented.",
        "rc.aquarium.place": "{fish}: {count} × ¥{amount:,}.",
        "rc.aquarium.shared": "{fish} go into the {place} place.",
        "rc.aquarium.total": "¥{amount:,} in all when every place is filled.",
        "rc.new_aquarium.place": "{fish}: {count} × ¥{amount:,}, copied from the board when "
        "this game was set up.",
        "rc.government.left": "Left place: {count} tokens, ¥{amount:,} each, whatever their "
        "Resources.",
        "rc.government.right": "Right place: {count} tokens, ¥{amount:,} each, whatever their "
        "Resources.",
        "rc.government.total": "¥{amount:,} at most over the game.",
        "rc.trading.place": "Tokens worth {at_least}+ Resources on an empty place: ¥{amount:,}.",
        "rc.trading.total": "¥{amount:,} at most for tokens traded for Yen.",
        "rc.bank.loan": "A loan: +¥{amount:,} from the supply.",
        "rc.bank.share": "A share: ¥{amount:,} to the supply.",
        "rc.bank.repay": "At the end each loan costs ¥{principal:,} + ¥{interest:,} interest = "
        "¥{amount:,}.",
        "rc.bank.interest": "The interest is shared by the share owners, rounded up to ¥100 each.",
        "rc.rentals.price": "¥{amount:,} per Freezer or Cart.",
        "rc.influence.price": "¥{amount:,} per Buyer or Expansion token.",
        "rc.sushi.place": "The place for {size}: ¥{amount:,}.",
        "rc.auction.fee": "Lot of {at_least}+ Resources: ¥{amount:,} fee to the supply before "
        "bidding.",
        "rc.auction.result": "Every other player bids sealed; the highest bidder pays you and "
        "the supply pays you as much again.",
        "rc.barter.result": "Every other player makes one sealed offer (¥0 allowed); you accept "
        "any one of them, or none.",
        "rc.overseas.result": "All the barrels of the boats docked there make one lot; every "
        "player bids, you too; the winner pays you, or the supply if you win.",
        "rc.overfishing.step": "At scoring: +¥{amount:,} per token of a fish market that is not "
        "Overfished, −¥{amount:,} per token of an Overfished one.",
        # -- external markets: special rules
        "rc.ships.port": "A boat bought needs a free port place: ports 0 and 1 hold one ship, "
        "port 2 two ships or one barge.",
        "rc.ships.blue_trade_in": "The Blue ship's trade-in is a ship from your port (not a "
        "barge); it goes to Used Ships if in play.",
        "rc.bank.never_both": "A player who ever took a loan never buys a share, and the "
        "other way round.",
        "rc.bank.no_space": "Loans and shares take no License space.",
        "rc.rentals.uses": "Each item has {count} uses, then goes back to the board; it takes "
        "a License space while held.",
        "rc.rentals.freezer": "A Freezer skips the degradation at the start of your turn.",
        "rc.rentals.cart": "A Cart gives {count} AP for the entry cost of a market.",
        "rc.places_stay": "Tokens put on its places stay there for the rest of the game.",
        "rc.new_aquarium.pair": "Always in play together with the Aquarium.",
        "rc.trading.swap": "On a place with tokens: take them all and leave your own worth at "
        "least its printed number; no money moves.",
        "rc.auction.tie": "A tie: you choose among the tied bidders; only ¥0 bids: the lot "
        "still goes to one of them.",
        "rc.lot.sealed": "Bids are whole multiples of ¥100, no more than the bidder's Yen.",
        "rc.overseas.convert_bag": "Every {count} {market} barrels in the lot become a token "
        "from the bag.",
        "rc.overseas.convert_board": "Every {count} {market} barrels in the lot become a token "
        "from its board.",
        "rc.overseas.eel": "The Eel marker moves up {count} per Eel barrel in the lot, before "
        "the bids.",
        "rc.overseas.bids": "A tie: the docking player chooses.",
        "rc.overseas.no_bonus": "Barrels auctioned there earn no docking bonus.",
        "rc.influence.buyer": "A Buyer token takes a License space; given to another player, "
        "it lets you buy from the Harbors after that player's next turn.",
        "rc.influence.expansion": "An Expansion token goes to the box and brings a market of "
        "the kind you choose; an empty box brings nothing.",
        "rc.boat_rentals.voyage": "A rented boat makes one voyage: when it docks again it goes "
        "back to its board and the token back here.",
        "rc.boat_rentals.not_yours": "A rented boat cannot be sold or traded in.",
        "rc.sushi.shapes": "A group goes only into an empty place, its tokens all of different "
        "shapes: {pairs} are one shape.",
        "rc.same_shape": "{fish} and {other}",
        "rc.overfishing.when": "The step comes just before the loans are repaid.",
        # -- crash variant
        "rc.crash.ships": "It crashes when no boat is left on its board.",
        "rc.crash.aquarium": "It crashes when all its places are full (of fish in play or not).",
        "rc.crash.bank": "It crashes when every loan is taken and every share bought; loans "
        "and interest are still settled.",
        "rc.crash.government": "It crashes when both places are full.",
        "rc.crash.rentals": "It crashes when no Freezer and no Cart is left on its board.",
        "rc.crash.trading": "It crashes when all 5 places are filled.",
        "rc.crash.influence": "It crashes when no Buyer and no Expansion token is left on its "
        "board.",
        "rc.crash.new_aquarium": "It crashes when all its places are full.",
        "rc.crash.boat_rentals": "It crashes when no Boat Rental token is left on its board.",
        "rc.crash.sushi": "It crashes when all its places are filled.",
        "rc.crash.side_crashed": "Its crash token shows “Crashed”: it stays open.",
        "rc.crash.side_closed": "Its crash token shows “Closed”: it cannot be used for the rest "
        "of the game.",
        "rc.crash.never": "It never crashes.",
    }
)

# -- Buyer tokens and the phone's free moves (issue #9) ----------------------------------------

_NAMES_EN.update({"kind.assign_buyer": "assign_buyer"})

CATALOGUE["en"].update(
    {
        "buyer.none_held": "{player} holds no Buyer token to give.",
        "buyer.not_self": "{player} cannot give a Buyer token to themselves: it goes to "
        "another player.",
        "buyer.between_turns": "{buyer} is buying with a Buyer token after {player}'s turn; "
        "the next turn starts once {buyer} has bought or passed.",
        "buyer.no_purchase": "{player} has no Buyer purchase open: it opens right after the "
        "turn of the player the token was given to.",
        "buyer.not_theirs": "The Buyer purchase open now is {buyer}'s, not {player}'s.",
        "mv.buyer_assigned": "{player} gives a Buyer token to {to}: right after {to}'s next "
        "turn, {player} may buy from the Harbors",
        "mv.buyer_back": "{player}'s Buyer token goes back to Influence",
        "mv.buyer_nothing": "{player} buys nothing with the Buyer token",
        "mv.buyer_opens": "{player}'s Buyer purchase opens, after {after}'s turn",
        "mv.game_ends": "The game ends: final scoring follows",
        "mv.turn_starts": "{player}'s turn starts",
        "history.assign_buyer": "{player} gave a Buyer token to {to}",
        "history.buyer_purchase": "{player} bought with a Buyer token {details}",
        "history.buyer_nothing": "{player} bought nothing with a Buyer token",
        "ext.fee_step": "{worth}+ ¥{amount:,}",
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
        "door.reissue_own_host": "Only the table screen can issue a new link for the table screen.",
        "door.no_seat": "There is no such seat.",
        "door.join_invalid": "This join link is no longer valid. Ask the table screen for your "
        "seat's new QR code.",
        "door.joined_already": "A phone has joined this seat already. If that was you on "
        "another phone, ask the table screen to show your seat's code again.",
        "door.join_cross_site": "This join link was opened from another site, so it was "
        "refused; scan your seat's QR code on the table screen instead.",
        "door.stale": "The table changed since you looked (it is at entry {version}, you saw "
        "{expected}); check it and try again.",
        "door.bag_empty": "the Auction bag has no {fish} token left",
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
        "edge.wrong_host": "This server answers only to the addresses it printed when it "
        "started, so open the address shown on the table's screen.",
    }
)


# -- polish: field labels (web/schemas.py's label_of) ----------------------------------------
CATALOGUE["en"].update(
    {
        "field.board_figure": "The {market} board’s “{figure}”",
        "figure.licenses": "Licences",
        "figure.barrels": "Barrels",
        "figure.tokens": "Tokens",
        "figure.clams": "Clam tokens",
        "figure.oysters": "Oyster tokens",
        # The New game page's note beside a disputed figure (setup.DISPUTED_NOTES, AMB-11).
        "note.salmon.licenses": "The Salmon board prints “P, max 4”, but the rulebook’s "
        "3-player example puts 4 licences on it; the app follows the board unless you change "
        "the number here.",
    }
)

# -- Cart AP paying a whole entry (rules audit, issue #9; AMB-30) ------------------------------
CATALOGUE["en"].update(
    {
        "cart.too_many": "Entering {market} costs {need} AP; {count} Cart uses would pay more "
        "than that.",
        "cart.uses_short": "{player}'s Carts have {left} {left:use|uses} left, not {count}.",
        "fleet.no_boat": "{player} has no boat to carry {count} {count:barrel|barrels} at sea.",
    }
)

# -- the store: a write the disk refused (companion/store.py) ---------------------------------
CATALOGUE["en"].update(
    {
        "store.cannot_save": "The server cannot save right now ({reason}); nothing was "
        "recorded. Tell whoever runs the server.",
        "store.why_full": "the disk is full",
        "store.why_read_only": "the database file is read-only",
        "store.why_io": "the disk reported an error",
        "store.why_damaged": "the database file is damaged",
        "store.why_locked": "another program is holding the database locked",
        "store.why_cannot_open": "the database file cannot be opened",
    }
)

# -- what a preview and a seat may not tell (issue #17) -----------------------------------------
CATALOGUE["en"].update(
    {
        # Another player's Yen movement in a preview, with closed money (guided.preview_for).
        "mv.yen_hidden": "{payer} → {payee}: Yen ({reason})",
        # A board drawn at random from the box: a preview says it is drawn, never which.
        "arrive.drawn": "{kind} is drawn from the box {cause} and set up as at the start",
        "mv.market_drawn": "A board of that kind ({kind}) is drawn from the box and set up as "
        "at the start",
        "mv.draw_clam_oyster": "{player} draws a Clam or an Oyster token from the Auction bag "
        "(an Oyster brings ¥{bonus:,} from the supply)",
        "door.supply_host": "Only the table screen can record Yen from the supply; record it "
        "there, in view of the table.",
    }
)

# -- history lines that tell the story (issue #20; rules/history.py) ---------------------------
CATALOGUE["en"].update(
    {
        "history.s_gain": "+¥{amount:,}",
        "history.s_loss": "−¥{amount:,}",
        "history.s_other_gain": "{player} +¥{amount:,}",
        "history.s_other_loss": "{player} −¥{amount:,}",
        "history.s_sell": "sold {count} {fish} for ¥{amount:,}",
        "history.s_sell_closed": "sold {count} {fish}",
        "history.s_catch": "caught {count} {market} {count:barrel|barrels}",
        "history.s_unload": "unloaded {count} {market} {count:barrel|barrels}",
        "history.s_loans": "took {count} {count:loan|loans}",
        "history.s_shares": "bought {count} {count:share|shares}",
        "history.s_licences": "took {count} {market} {count:licence|licences}",
        "history.s_harbor": "{fish} for sale at ¥{price:,}",
        "history.s_discard": "discarded {count} {market} {count:barrel|barrels} at sea",
        "history.s_track": "{track} value {before} → {after}",
        "history.s_overfished": "{market} is Overfished",
        "history.s_onto": "put {tokens} onto {place}",
        "history.s_off": "took {tokens} off {place}",
        "history.s_lot": "put up {tokens}",
        "history.s_auction": "the {kind} opens",
        "history.s_boat_bought": "bought a {kind}",
        "history.s_boat_sold": "sold the {kind}",
        "history.s_boat_traded": "traded in the {kind}",
        "history.s_boat_rented": "rented a {kind}",
        "history.s_rented": "rented {count} {item}{count:|s}",
        "history.s_took": "took {count} {fish}",
        "history.s_bid": "{player} ¥{amount:,}",
        "history.s_bid_void": "{player} ¥0 (void: more than they held)",
        "history.s_revealed_won": "Bids revealed: {winner} wins with ¥{amount:,} — {bids}",
        "history.s_revealed_tie": "Bids revealed: a tie between {names} — {bids}",
        "history.s_revealed": "Bids revealed: {bids}",
        "history.s_chose": "{line}: {winner} wins with ¥{amount:,}",
        "history.s_undock": "the {kind} left {place} for the sea",
        "history.s_dock": "the {kind} docked at {place}",
    }
)

# -- the fleet, boat by boat (issue #19; rules/fishing_boats.py, flows.md) ---------------------
CATALOGUE["en"].update(
    {
        "fleet.fish": "{market}",
        "fleet.where.leftmost": "the leftmost port",
        "fleet.where.1": "port “1”",
        "fleet.where.2": "port “2”",
        "fleet.where.sea": "at sea",
        "fleet.where.overseas": "the Overseas market",
        "fleet.where.port": "a free port place",
        "fleet.where.": "a port",
        "fleet.boats_list": 'Name the boats as a list, such as [{{"boat": "b1", "do": "undock"}}].',
        "fleet.no_such_boat": "{player} has no boat {boat} (their boats: {boats}).",
        "fleet.one_activity": "{player}'s {kind} {boat} already does an activity in this "
        "Fishing action: each boat does one.",
        "fleet.activity": "{player}'s {kind} {boat} may Undock, Catch or Dock "
        '("undock", "catch", "dock").',
        "fleet.undock_at_sea": "{player}'s {kind} {boat} is already at sea: only a boat in a "
        "port can Undock.",
        "fleet.barge_catch": "{player}'s {kind} {boat} is a barge: a barge cannot Catch (it "
        "may only Undock or Dock).",
        "fleet.catch_in_port": "{player}'s {kind} {boat} lies in {place}: a ship must be at sea "
        "to Catch (Undock it first).",
        "fleet.catch_fish": "Say which fish {player}'s {kind} {boat} catches, such as "
        '"fish": "eel".',
        "fleet.catch_two": "{player}'s {kind} {boat} catches one barrel: only the Blue ship "
        "takes two, of different fish.",
        "fleet.himono_mix": "{player}'s {kind} {boat} cannot mix barrels caught with a Himono "
        "License and other barrels: one type per ship.",
        "fleet.licence_wrong": "That License does not catch {market} for {player}'s {kind} {boat}.",
        "fleet.no_licence": "{player} holds no License that catches {market}, so the {kind} "
        "{boat} cannot Catch it.",
        "fleet.licences_used": "{player}'s {market} Licenses were all used to Catch in this "
        "Fishing action already: the {kind} {boat} cannot Catch {market}.",
        "fleet.one_barrel": "{player}'s {kind} {boat} catches one barrel with that License.",
        "fleet.other_fish": "{player}'s {kind} {boat} holds {aboard}: a partly loaded ship "
        "may only Catch the same fish.",
        "fleet.empty_ship": "{player}'s empty {kind} {boat} cannot Catch {market}: they hold "
        "{licences} {market} {licences:License|Licenses} and {ships} {ships:ship|ships} at "
        "sea already {ships:holds|hold} {market} (you need more Licenses than that).",
        "fleet.one_salmon": "{player}'s {kind} {boat} may hold only 1 Salmon barrel at a time.",
        "fleet.boat_full": "{player}'s {kind} {boat} has no empty slot ({slots} "
        "{slots:slot|slots}).",
        "fleet.dock_not_at_sea": "{player}'s {kind} {boat} lies in {place}, not at sea: only a "
        "boat at sea can Dock.",
        "fleet.no_place": "{player} has no free port place for the {kind} {boat} (only port "
        "“2” holds a barge; open a port, or Undock a boat first).",
        "fleet.place_unknown": 'Dock {player}\'s {kind} {boat} at "leftmost", "1", "2" or '
        '"overseas".',
        "fleet.place_taken": "{place} has no room for {player}'s {kind} {boat} (it is closed, "
        "full, or only port “2” holds a barge).",
        "fleet.overseas_empty": "{player} docks no barrels at the Overseas market: a group needs "
        "at least one barrel for its lot.",
        "fleet.counted_unload": "{player} has no boats at sea carrying exactly those barrels: a "
        "docking boat unloads all its barrels. Name the boats "
        '("boats": [{{"boat": "b2", "do": "dock"}}]).',
        "fleet.counted_catch": "{player}'s ships at sea cannot catch those barrels, one barrel "
        "per ship.",
        "fleet.counted_ambiguous": "Several of {player}'s boats could do that: name the boats "
        '("boats": [{{"boat": "b2", "do": "catch", "fish": "eel"}}]).',
        "fleet.both_shapes": 'Name the boats in "boats" or count the barrels in {field}, not both.',
        "fleet.not_in_port": "{player}'s {kind} {boat} is {place}: a boat can be sold or traded "
        "in only from one of your ports.",
        "fleet.discard_which": "{player}'s {market} barrels at sea are on several boats: say "
        'which boat ({{"type": "discard", "boat": "b2", "fish": …}}).',
        "fleet.not_at_sea": "{player}'s {kind} {boat} is in {place}, not at sea.",
        "fleet.not_aboard": "{player}'s {kind} {boat} holds {have} {market} "
        "{have:barrel|barrels}, not {want}.",
        "fleet.transfer_from_barge": "Barrels cannot be transferred from {player}'s barge "
        "{boat} back to a ship.",
        "fleet.transfer_rented": "{player}'s {kind} {boat} is rented: its barrels cannot be "
        "transferred to a barge.",
        "fleet.transfer_to_ship": "{player}'s {kind} {boat} is not a barge: barrels go only "
        "from ships to the barge.",
        "fleet.transfer_himono": "Barrels caught with a Himono License stay on {player}'s "
        "{kind} {boat} until it docks.",
        "fleet.mv_undock": "{player}'s {kind} {boat} undocks from {place} and goes to sea",
        "fleet.mv_catch": "{player}'s {kind} {boat} catches {count} {market} "
        "{count:barrel|barrels} ({aboard} aboard)",
        "fleet.mv_dock": "{player}'s {kind} {boat} docks at {place} and unloads {count} "
        "{count:barrel|barrels}",
        "fleet.mv_dock_overseas": "{player}'s {kind} {boat} docks at the Overseas market with "
        "{count} {count:barrel|barrels}",
        "fleet.mv_transfer": "{player} transfers {count} {market} {count:barrel|barrels} from "
        "the {kind} {boat} to the barge {barge}",
        "kind.discard": "discard",
        "kind.transfer": "transfer",
        "history.discard": "{player} discarded {count} {market} {count:barrel|barrels} from {boat}",
        "history.transfer": "{player} transferred {count} {market} {count:barrel|barrels} from "
        "{boat} to the barge {barge}",
        "history.d_boat_undock": "{boat} undocks",
        "history.d_boat_catch": "{boat} catches {market}",
        "history.d_boat_dock": "{boat} docks at {place}",
        "guide.fleet_boat": "{kind} {boat}",
        "guide.fleet_nothing": "Nothing",
        "guide.fleet_undock": "Undock",
        "guide.fleet_catch": "Catch {market}",
        "guide.fleet_dock": "Dock ({place})",
        "guide.fleet_dock_overseas": "Dock at Overseas",
        "guide.fleet_prices": "If it docks at your port: the price of each barrel placed for "
        "sale (upper row).",
        "guide.fleet_free_moves": "Discard or transfer barrels (free moves)",
        "guide.fleet_pick": "Choose a boat and a fish.",
        "guide.fleet_discard": "Discard barrels at sea",
        "guide.fleet_discard_when": "Only at the start of your turn, before your first action: "
        "the barrels go back to their market.",
        "guide.fleet_discard_one": "{count} {market} {count:barrel|barrels} on the {kind} {boat}",
        "guide.fleet_transfer": "Transfer barrels to the barge",
        "guide.fleet_transfer_one": "{market} from the {kind} {boat} to the barge {barge}",
        "guide.fleet_transfer_none": "No ship at sea has barrels your barge at sea can take.",
        "guide.fleet_count": "How many barrels",
        "guide.fleet_catch_two": "Catch {market} and {fish}",
        "guide.fleet_catch_many": "Catch {count} {market} {count:barrel|barrels} with a {item} "
        "License",
        "guide.fleet_catch_himono": "Catch {market} with a Himono License",
        "guide.fleet_dock_overseas_group": "Dock at Overseas, group {group} (¥100 per group)",
        "guide.fleet_choice": "What a boat does",
        "fleet.pic_label": "{player}’s ports and boats",
        "fleet.pic_covered": "covered",
        "fleet.pic_rented": "rented",
        "fleet.pic_id": "b{no}",
    }
)
