"""A market Overfished inside a guided action (fish-markets.md §6, §13, §14, §17): by the
last barrel caught — with its own licence or a Himono licence — its effects apply at once
and are movements of the action (so the preview shows them): Horse Mackerel +¥200 per
token held, Nori −¥100 per token held down to ¥0 (AMB-44), Red Snapper tokens a flat 2
even with tokens left on the grid. During a Purchasing action they wait for its end."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.guided import preview, preview_lines
from companion.rules.moves import apply
from companion.rules.resources import table_resources
from companion.rules.table import Table

from .guided_support import act, game, give, refused, yen

EXP = ["mackerel", "horse_mackerel", "nori", "himono", "red_snapper", "eel", "squid", "tuna"]


def last_barrel(t: Table, market: str) -> Table:
    return replace(t, board_barrels={**t.board_barrels, market: 1})


def test_horse_mackerel_overfished_by_the_last_barrel_caught_pays_200_per_token() -> None:
    """§13: "Horse Mackerel becomes Overfished; A holds 3, B 0, C 1 → A +¥600, C +¥200"."""
    t = game(EXP)
    t = give(t, "Aiko", fish=Fish(horse_mackerel=3), licenses={"horse_mackerel": 1})
    t = give(t, "Chiyo", fish=Fish(horse_mackerel=1))
    t = last_barrel(t, "horse_mackerel")
    action = {"type": "fishing", "player": "Aiko", "caught": {"horse_mackerel": 1}}
    lines = preview_lines(t, action)
    assert lines[1:5] == [
        "Horse Mackerel barrels on the board: 1 → 0",
        "Horse Mackerel is Overfished",
        "the supply → Aiko: ¥600 (Overfished)",
        "the supply → Chiyo: ¥200 (Overfished)",
    ]
    t = apply(t, action)
    assert yen(t) == {"Aiko": 2600, "Bo": 2000, "Chiyo": 2200, "Daichi": 2000}
    assert t.board_barrels["horse_mackerel"] == 0
    refused(t, "fishing", "catch_overfished", player="Aiko", caught={"horse_mackerel": 1})


def test_horse_mackerel_overfished_by_a_himono_licence_catch() -> None:
    t = give(game(EXP), "Aiko", fish=Fish(horse_mackerel=2), licenses={"himono": 1})
    t = last_barrel(t, "horse_mackerel")
    t = act(t, "fishing", player="Aiko", caught_himono={"horse_mackerel": 1})
    assert "horse_mackerel" in t.values.overfished and yen(t)["Aiko"] == 2400


def test_nori_overfished_by_the_last_barrel_caught_costs_100_per_token_down_to_0() -> None:
    """§14: "Nori Overfished; A holds 3 Nori and ¥200 → A pays ¥200 (all she has), ends at
    ¥0" (AMB-44); B pays ¥100 for his one."""
    t = give(game(EXP), "Aiko", fish=Fish(nori=3), yen=200, licenses={"nori": 1})
    t = give(t, "Bo", fish=Fish(nori=1))
    t = last_barrel(t, "nori")
    action = {"type": "fishing", "player": "Aiko", "caught": {"nori": 1}}
    moves = [m for m in preview(t, action) if m.code == "mv.yen"]
    assert [(m.values["payer"], m.values["amount"]) for m in moves] == [("Aiko", 200), ("Bo", 100)]
    t = apply(t, action)
    assert yen(t) == {"Aiko": 0, "Bo": 1900, "Chiyo": 2000, "Daichi": 2000}
    assert t.player("Aiko").fish.nori == 3  # tokens kept


def test_red_snapper_overfished_by_the_last_barrel_caught_is_a_flat_2() -> None:
    """§6: "Red Snapper barrels ran out (Overfished) with 7 tokens still on the grid → 2
    each (formula would give 3)"."""
    t = give(game(EXP), "Aiko", fish=Fish(red_snapper=2), licenses={"red_snapper": 1})
    t = replace(t, values=replace(t.values, red_snapper_remaining=7))
    t = last_barrel(t, "red_snapper")
    assert table_resources([p.fish for p in t.players], t.values)[0] == 6
    t = act(t, "fishing", player="Aiko", caught={"red_snapper": 1})
    assert "red_snapper" in t.values.overfished
    assert table_resources([p.fish for p in t.players], t.values)[0] == 4


def test_nori_overfished_in_a_purchase_waits_for_its_end() -> None:
    """§14: during a Purchasing action the Nori penalty comes after it ends: Bo (¥700) buys
    the Nori barrel (¥300) that takes the last Nori token, then an Eel barrel (¥400) — the
    penalty first would have left him short — and pays what is left, ¥0."""
    t = give(game(EXP), "Aiko", upper=[("nori", 300), ("eel", 400)])
    t = replace(t, board_tokens={**t.board_tokens, "nori": 1})
    t = act(t, "next_turn")
    t = give(t, "Bo", yen=700)
    t = act(
        t,
        "purchase",
        player="Bo",
        barrels=[
            {"from": "Aiko", "fish": "nori", "row": "upper", "price": 300},
            {"from": "Aiko", "fish": "eel", "row": "upper", "price": 400},
        ],
    )
    assert "nori" in t.values.overfished and yen(t)["Bo"] == 0
    assert t.player("Bo").fish.nori == 1 and t.player("Bo").fish.eel == 1


def test_horse_mackerel_overfished_in_a_purchase_counts_the_token_just_bought() -> None:
    t = give(game(EXP), "Aiko", upper=[("horse_mackerel", 100)])
    t = replace(t, board_tokens={**t.board_tokens, "horse_mackerel": 1})
    t = act(t, "next_turn")
    t = act(
        t,
        "purchase",
        player="Bo",
        barrels=[{"from": "Aiko", "fish": "horse_mackerel", "row": "upper", "price": 100}],
    )
    assert "horse_mackerel" in t.values.overfished
    assert yen(t)["Bo"] == 2000 - 100 + 200
