"""A scenario: four players play three and a half rounds with guided actions only, at a
fixed table (base and Expansion markets), and every holding is checked against amounts
worked out by hand in the comments.

Setup (P = 4, setup.md §3.3; Expansion numbers entered by the host, AMB-40): Mackerel
15 barrels / 30 tokens / 4 licences; Eel 8 / 13 / 4, marker on 1; Octopus 6 / 6 + 12
Takoyaki / 3; Tuna 6 / bag 15,15,15,20,25 / 3; Squid 7 / 8 / 4; Sardine 6 / 10 / 2,
entry 1 AP; Swordfish 6 / 6 / 3, entry 1 AP. Everyone starts with ¥2,000 and a Mackerel
licence (so 4 are set aside and 4 lie on the board).
"""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Table, initial_table
from companion.rules.turn import unspent_message

from .guided_support import refused, roomy, rows

NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]
FISH = ["mackerel", "eel", "octopus", "tuna", "squid", "sardine", "swordfish"]


def setup() -> Table:
    cfg = make_config(
        NAMES,
        expansion=True,
        variants=["more_markets"],
        fish_markets=FISH,
        external_markets=["ships", "rentals", "bank", "trading"],
        seed=2026,
        board_numbers={
            "sardine": {"barrels": 6, "tokens": 10},
            "swordfish": {"barrels": 6, "tokens": 6, "licenses": 3},
        },
    )
    numbers = {
        **cfg.board_numbers,
        "sardine": {**cfg.board_numbers["sardine"], "entry_ap": 1},
        "swordfish": {**cfg.board_numbers["swordfish"], "entry_ap": 1},
    }
    # Everyone has four ships and both ports open, so the boats never limit this scenario.
    return roomy(initial_table(replace(cfg, board_numbers=numbers)))


def go(t: Table, kind: str, **args: object) -> Table:
    return apply(t, {"type": kind, **args})


def yen(t: Table) -> list[int]:
    return [p.yen for p in t.players]


def test_three_and_a_half_rounds() -> None:
    t = setup()
    assert t.board_barrels == {
        "mackerel": 15,
        "eel": 8,
        "octopus": 6,
        "tuna": 6,
        "squid": 7,
        "sardine": 6,
        "swordfish": 6,
    }
    t = go(t, "next_turn")

    # -- Round 1 ---------------------------------------------------------------------------
    # Aiko: Eel, 1 AP, a licence for ¥500 (nobody holds an Eel licence: no payout) → ¥1,500.
    t = go(t, "visit", player="Aiko", market="eel", entry="ap", licenses=1)
    # Fishing: 1 Mackerel + 1 Eel onto her boats (Mackerel 15 → 14, Eel 8 → 7).
    t = go(t, "fishing", player="Aiko", caught={"mackerel": 1, "eel": 1})
    assert yen(t) == [1500, 2000, 2000, 2000] and t.turn.ap_left == 0
    t = go(t, "next_turn")
    # Bo: Tuna licence ¥1,000 → ¥1,000; catches 1 Tuna (6 → 5) and 1 Mackerel (14 → 13).
    t = go(t, "visit", player="Bo", market="tuna", entry="ap", licenses=1)
    t = go(t, "fishing", player="Bo", caught={"tuna": 1, "mackerel": 1})
    t = go(t, "next_turn")
    # Chiyo: Mackerel. Every holder takes ¥100 per Mackerel licence (all four hold one,
    # Chiyo too), then her second licence costs ¥100: Chiyo 2,000 + 100 − 100 = 2,000;
    # Aiko 1,600, Bo 1,100, Daichi 2,100. She catches 2 Mackerel with her 2 licences
    # (13 → 11).
    t = go(t, "visit", player="Chiyo", market="mackerel", entry="ap", licenses=1)
    assert yen(t) == [1600, 1100, 2000, 2100] and t.board_licenses["mackerel"] == 3
    t = go(t, "fishing", player="Chiyo", caught={"mackerel": 2})
    t = go(t, "next_turn")
    # Daichi: Sardine (1 AP, as entered), both licences: ¥500 + ¥300 → ¥1,300; catches
    # 2 Sardine (6 → 4) and 1 Mackerel (11 → 10).
    t = go(t, "visit", player="Daichi", market="sardine", entry="ap", licenses=2)
    t = go(t, "fishing", player="Daichi", caught={"sardine": 2, "mackerel": 1})
    assert yen(t) == [1600, 1100, 2000, 1300]
    assert t.board_barrels == {
        "mackerel": 10,
        "eel": 7,
        "octopus": 6,
        "tuna": 5,
        "squid": 7,
        "sardine": 4,
        "swordfish": 6,
    }
    assert [p.at_sea for p in t.players] == [
        {"mackerel": 1, "eel": 1},
        {"tuna": 1, "mackerel": 1},
        {"mackerel": 2},
        {"sardine": 2, "mackerel": 1},
    ]
    t = go(t, "next_turn")

    # -- Round 2 ---------------------------------------------------------------------------
    # Aiko unloads her 2 barrels: docking bonus ¥100 (U = 2) → ¥1,700; Eel for sale ¥400
    # moves the Eel marker 1 → 2; Mackerel for sale ¥100.
    assert t.turn.phase == "actions"
    t = go(
        t,
        "fishing",
        player="Aiko",
        unloaded={"mackerel": 1, "eel": 1},
        for_sale=[{"fish": "eel", "price": 400}, {"fish": "mackerel", "price": 100}],
    )
    assert t.values.eel == 2 and t.player("Aiko").yen == 1700
    # …and catches again: Mackerel 10 → 9, Eel 7 → 6.
    t = go(t, "fishing", player="Aiko", caught={"mackerel": 1, "eel": 1})
    t = go(t, "next_turn")
    # Bo unloads 1 Tuna (no auction: fewer than 3; it goes back, Tuna 5 → 6) and 1 Mackerel
    # for sale at ¥200; bonus ¥100 → ¥1,200. Refused first: the Tuna placed for sale.
    refused(
        t,
        "fishing",
        "not_for_sale_fish",
        player="Bo",
        unloaded={"tuna": 1, "mackerel": 1},
        for_sale=[{"fish": "tuna", "price": 900}, {"fish": "mackerel", "price": 200}],
    )
    t = go(
        t,
        "fishing",
        player="Bo",
        unloaded={"tuna": 1, "mackerel": 1},
        for_sale=[{"fish": "mackerel", "price": 200}],
    )
    assert t.board_barrels["tuna"] == 6 and t.auctions == {}
    # He buys Aiko's Eel at ¥400: Bo 800, Aiko 2,100; the barrel back (Eel 6 → 7) and an Eel
    # token to Bo (13 → 12).
    t = go(
        t,
        "purchase",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "eel", "row": "upper", "price": 400}],
    )
    assert yen(t) == [2100, 800, 2000, 1300] and t.player("Bo").fish.eel == 1
    t = go(t, "next_turn")
    # Chiyo unloads 2 Mackerel at ¥100 each: bonus ¥100 → ¥2,100. Then Eel: Aiko's Eel
    # licence earns her ¥100 (→ ¥2,200); Chiyo's licence costs ¥500 → ¥1,600.
    t = go(
        t,
        "fishing",
        player="Chiyo",
        unloaded={"mackerel": 2},
        for_sale=[{"fish": "mackerel", "price": 100}, {"fish": "mackerel", "price": 100}],
    )
    t = go(t, "visit", player="Chiyo", market="eel", entry="ap", licenses=1)
    assert yen(t) == [2200, 800, 1600, 1300]
    t = go(t, "next_turn")
    # Daichi unloads 2 Sardine and 1 Mackerel, all for sale: bonus ¥100 (U = 3) → ¥1,400.
    # Each Sardine barrel takes 2 tokens from the supply: 1 to him, 1 to the canned space
    # (supply 10 → 6; Daichi 2 Sardine; canned 2).
    t = go(
        t,
        "fishing",
        player="Daichi",
        unloaded={"sardine": 2, "mackerel": 1},
        for_sale=[
            {"fish": "sardine", "price": 200},
            {"fish": "sardine", "price": 300},
            {"fish": "mackerel", "price": 100},
        ],
    )
    assert t.player("Daichi").fish.sardine == 2 and t.canned_sardines == 2
    assert t.board_tokens["sardine"] == 6
    # He buys Aiko's and Chiyo's Mackerel at ¥100 each: Daichi 1,200, Aiko 2,300, Chiyo
    # 1,700; both barrels back (Mackerel 9 → 11), 2 Mackerel tokens to him (30 → 28).
    t = go(
        t,
        "purchase",
        player="Daichi",
        barrels=[
            {"from": "Aiko", "fish": "mackerel", "row": "upper", "price": 100},
            {"from": "Chiyo", "fish": "mackerel", "row": "upper", "price": 100},
        ],
    )
    assert yen(t) == [2300, 800, 1700, 1200]
    assert t.board_barrels["mackerel"] == 11 and t.board_tokens["mackerel"] == 28
    assert rows(t, "Aiko") == ([], []) and rows(t, "Bo") == ([("mackerel", 200)], [])
    assert rows(t, "Chiyo") == ([("mackerel", 100)], [])
    assert rows(t, "Daichi") == ([("sardine", 200), ("sardine", 300), ("mackerel", 100)], [])
    t = go(t, "next_turn")

    # -- Round 3 ---------------------------------------------------------------------------
    # Aiko unloads Mackerel (¥0) and Eel (¥500): bonus ¥100 → ¥2,400; Eel marker 2 → 3.
    t = go(
        t,
        "fishing",
        player="Aiko",
        unloaded={"mackerel": 1, "eel": 1},
        for_sale=[{"fish": "eel", "price": 500}, {"fish": "mackerel", "price": 0}],
    )
    assert t.values.eel == 3 and t.player("Aiko").yen == 2400
    # Squid needs 2 AP; she has 1 left: refused, nothing changes.
    refused(t, "visit", "not_enough_ap", player="Aiko", market="squid", entry="ap", licenses=1)
    # Octopus for ¥200 (no AP) and a licence ¥300 → ¥1,900 (nobody held an Octopus licence).
    t = go(t, "visit", player="Aiko", market="octopus", entry="yen", licenses=1)
    assert t.player("Aiko").yen == 1900 and t.turn.ap_left == 1
    # Her last AP: catch 1 Octopus (6 → 5) and 1 Eel (7 → 6).
    t = go(t, "fishing", player="Aiko", caught={"octopus": 1, "eel": 1})
    t = go(t, "next_turn")
    # Bo's start: his upper-row Mackerel moves down.
    assert rows(t, "Bo") == ([], [("mackerel", 200)])
    # Eel: Aiko and Chiyo each hold 1 Eel licence: +¥100 each (Aiko 2,000, Chiyo 1,800). Bo
    # sells his Eel at value 3: ¥300 → ¥1,100; the marker 3 → 1 (clamped); the token back.
    t = go(t, "visit", player="Bo", market="eel", entry="ap", sell={"eel": 1})
    assert t.values.eel == 1 and yen(t) == [2000, 1100, 1800, 1200]
    # Mackerel: payouts Aiko 100, Bo 100, Chiyo 200, Daichi 100; Bo returns his own lower-row
    # barrel (one item earns nothing: AMB-16) and buys a licence for ¥100:
    # Aiko 2,100, Bo 1,100, Chiyo 2,000, Daichi 1,300. The barrel back: Mackerel 11 → 12.
    t = go(
        t,
        "visit",
        player="Bo",
        market="mackerel",
        entry="ap",
        licenses=1,
        sell_barrels=[{"row": "lower", "price": 200}],
    )
    assert yen(t) == [2100, 1100, 2000, 1300] and t.board_barrels["mackerel"] == 12
    t = go(t, "next_turn")
    # Chiyo buys Daichi's Sardine at ¥200 and Aiko's Eel at ¥500: Chiyo 1,300, Daichi
    # 1,500, Aiko 2,600. Sardine back (4 → 5) and a Sardine token from the supply (6 → 5);
    # Eel back (6 → 7) and an Eel token (13 → 12).
    t = go(
        t,
        "purchase",
        player="Chiyo",
        barrels=[
            {"from": "Daichi", "fish": "sardine", "row": "upper", "price": 200},
            {"from": "Aiko", "fish": "eel", "row": "upper", "price": 500},
        ],
    )
    assert yen(t) == [2600, 1100, 1300, 1500]
    assert t.board_barrels["sardine"] == 5 and t.board_tokens["sardine"] == 5
    assert t.board_barrels["eel"] == 7 and t.board_tokens["eel"] == 12
    # She ends her turn with 1 AP unspent.
    t = go(t, "next_turn")
    assert t.turn.unspent == ((11, 2, 1),)
    msg = unspent_message(t, 11)
    assert msg is not None and str(msg) == "Chiyo ended the turn with 1 AP unspent"
    # Daichi holds Sardine licences: Sardine refused. Mackerel: payouts Aiko 100, Bo 200,
    # Chiyo 200, Daichi 100; he sells 2 Mackerel tokens for ¥100:
    # Aiko 2,700, Bo 1,300, Chiyo 1,500, Daichi 1,700.
    refused(
        t, "visit", "sardine_licence_held", player="Daichi", market="sardine", entry="ap", cans=1
    )
    t = go(t, "visit", player="Daichi", market="mackerel", entry="ap", sell={"mackerel": 2})
    assert yen(t) == [2700, 1300, 1500, 1700] and t.board_tokens["mackerel"] == 30
    # He catches 2 Sardine (5 → 3) and 1 Mackerel (12 → 11).
    t = go(t, "fishing", player="Daichi", caught={"sardine": 2, "mackerel": 1})
    t = go(t, "next_turn")

    # -- Round 4, Aiko ------------------------------------------------------------------------
    # Her upper-row Mackerel (¥0) moved down at the start of her turn.
    assert rows(t, "Aiko") == ([], [("mackerel", 0)])
    # She unloads the Octopus (¥300) and the Eel (¥200): bonus ¥100 → ¥2,800; Eel 1 → 2.
    t = go(
        t,
        "fishing",
        player="Aiko",
        unloaded={"octopus": 1, "eel": 1},
        for_sale=[{"fish": "octopus", "price": 300}, {"fish": "eel", "price": 200}],
    )
    t = go(t, "next_turn")

    # -- Every holding ------------------------------------------------------------------------
    assert yen(t) == [2800, 1300, 1500, 1700]
    assert [p.licenses for p in t.players] == [
        {"mackerel": 1, "eel": 1, "octopus": 1},
        {"mackerel": 2, "tuna": 1},
        {"mackerel": 2, "eel": 1},
        {"mackerel": 1, "sardine": 2},
    ]
    assert [p.fish for p in t.players] == [Fish(), Fish(), Fish(sardine=1, eel=1), Fish(sardine=2)]
    assert [p.at_sea for p in t.players] == [{}, {}, {}, {"sardine": 2, "mackerel": 1}]
    assert rows(t, "Aiko") == ([("octopus", 300), ("eel", 200)], [("mackerel", 0)])
    assert rows(t, "Bo") == ([], [])
    assert rows(t, "Chiyo") == ([], [("mackerel", 100)])
    assert rows(t, "Daichi") == ([], [("sardine", 300), ("mackerel", 100)])
    assert t.values.eel == 2 and t.canned_sardines == 2
    # Mackerel: 15 − 1 − 1 − 2 − 1 (round 1) − 1 + 2 (round 2) + 1 − 1 (round 3) = 11.
    assert t.board_barrels == {
        "mackerel": 11,
        "eel": 7,
        "octopus": 5,
        "tuna": 6,
        "squid": 7,
        "sardine": 3,
        "swordfish": 6,
    }
    assert t.board_licenses == {
        "mackerel": 2,
        "eel": 2,
        "octopus": 2,
        "tuna": 2,
        "squid": 4,
        "sardine": 0,
        "swordfish": 3,
    }
    assert (t.turn.current, t.turn.number, t.turn.ap_left) == (1, 14, 2)
    assert t.turn.unspent == ((11, 2, 1), (13, 0, 1))
