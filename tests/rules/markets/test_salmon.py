"""Salmon (fish-markets.md §7; AMB-11)."""

from __future__ import annotations

from companion.rules.fish import Fish, MarketValues
from companion.rules.markets import MARKETS
from companion.rules.resources import salmon_in_game

from ..guided_support import act, game, give, refused

SALMON = MARKETS["salmon"]


def test_s_counts_every_owned_salmon() -> None:
    a, b = Fish(salmon_fresh=1), Fish(salmon_fresh=1, salmon_degraded=1)
    s = salmon_in_game([a, b])
    assert s == 3
    assert SALMON.resources(a, MarketValues(), s) == 3
    assert SALMON.resources(b, MarketValues(), s) == 7


def test_snapshot_example() -> None:
    aiko, bo = Fish(salmon_fresh=1, salmon_degraded=2), Fish(salmon_fresh=1)
    s = salmon_in_game([aiko, bo])
    assert (SALMON.resources(aiko, MarketValues(), s), SALMON.resources(bo, MarketValues(), s)) == (
        12,
        4,
    )


def test_only_one_salmon_owned_fresh_is_one() -> None:
    assert SALMON.resources(Fish(salmon_fresh=1), MarketValues(), 1) == 1


def test_entry_400_and_licences_400() -> None:
    t = act(game(), "visit", player="Aiko", market="salmon", entry="yen", licenses=2)
    assert t.player("Aiko").yen == 2000 - 400 - 800 and t.turn.ap_left == 2
    refused(
        game(), "visit", "entry_not_printed", player="Aiko", market="salmon", entry="ap", licenses=1
    )


def test_salmon_licences_on_the_board_min_p_4() -> None:
    assert game(players=("A", "B", "C")).board_licenses["salmon"] == 3
    assert game().board_licenses["salmon"] == 4


def test_bought_from_the_upper_row_fresh_from_the_lower_degraded() -> None:
    t = give(game(), "Bo", upper=[("salmon", 500)], lower=[("salmon", 200)])
    t = act(
        t,
        "purchase",
        player="Aiko",
        barrels=[
            {"from": "Bo", "fish": "salmon", "row": "upper", "price": 500},
            {"from": "Bo", "fish": "salmon", "row": "lower", "price": 200},
        ],
    )
    f = t.player("Aiko").fish
    assert (f.salmon_fresh, f.salmon_degraded) == (1, 1) and t.player("Bo").yen == 2700
    assert t.board_tokens["salmon"] == 8
