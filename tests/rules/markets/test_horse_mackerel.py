"""Horse Mackerel (fish-markets.md §13; turn-and-scoring.md §2; AMB-39, AMB-43)."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish

from ..guided_support import act, game, give, refused, yen

FISH = ["mackerel", "horse_mackerel", "eel", "squid", "tuna"]


def test_overfished_pays_200_per_token_held() -> None:
    t = game(FISH)
    t = give(t, "Aiko", fish=Fish(horse_mackerel=3), licenses={"horse_mackerel": 1})
    t = give(t, "Chiyo", fish=Fish(horse_mackerel=1))
    t = replace(t, board_barrels={**t.board_barrels, "horse_mackerel": 1})
    t = act(t, "fishing", player="Aiko", caught={"horse_mackerel": 1})
    assert "horse_mackerel" in t.values.overfished
    assert yen(t) == {"Aiko": 2600, "Bo": 2000, "Chiyo": 2200, "Daichi": 2000}


def test_entering_pays_no_licence_holder() -> None:
    t = give(game(FISH), "Bo", licenses={"horse_mackerel": 2})
    t = act(t, "visit", player="Aiko", market="horse_mackerel", entry="free", licenses=1)
    assert yen(t) == {"Aiko": 1800, "Bo": 2000, "Chiyo": 2000, "Daichi": 2000}
    assert t.turn.ap_left == 2


def test_free_once_per_turn() -> None:
    t = act(game(FISH), "visit", player="Aiko", market="horse_mackerel", entry="free", licenses=1)
    refused(
        t, "visit", "free_once", player="Aiko", market="horse_mackerel", entry="free", licenses=1
    )


def test_a_licence_catches_one_horse_mackerel_or_one_or_two_mackerel() -> None:
    t = give(game(FISH), "Aiko", licenses={"horse_mackerel": 1})
    assert act(t, "fishing", player="Aiko", caught={"mackerel": 2}).player("Aiko").at_sea == {
        "mackerel": 2
    }
    assert act(t, "fishing", player="Aiko", caught={"horse_mackerel": 1}).player("Aiko").at_sea == {
        "horse_mackerel": 1
    }
    refused(
        t,
        "fishing",
        "catch_licences_joint",
        player="Aiko",
        caught={"mackerel": 1, "horse_mackerel": 1},
    )
    refused(t, "fishing", "catch_no_licence", player="Aiko", caught={"mackerel": 3})
