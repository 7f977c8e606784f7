"""Mackerel (fish-markets.md §4; AMB-16)."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import act, game, give, refused, rows


def test_three_barrels_and_one_token_pay_200() -> None:
    t = give(
        game(),
        "Aiko",
        fish=Fish(mackerel=1),
        upper=[("mackerel", 100), ("eel", 300)],
        lower=[("mackerel", 0), ("mackerel", 0)],
    )
    board = t.board_barrels["mackerel"]
    t = act(
        t,
        "visit",
        player="Aiko",
        market="mackerel",
        entry="ap",
        sell={"mackerel": 1},
        sell_barrels=[
            {"row": "upper", "price": 100},
            {"row": "lower", "price": 0},
            {"row": "lower", "price": 0},
        ],
    )
    assert t.player("Aiko").yen == 2200 + 100  # + her own licence's payout
    assert rows(t, "Aiko") == ([("eel", 300)], [])
    assert t.board_barrels["mackerel"] == board + 3 and t.board_tokens["mackerel"] == 31


def test_two_tokens_pay_100_and_an_odd_one_earns_nothing() -> None:
    t = give(game(), "Aiko", fish=Fish(mackerel=3), licenses={})
    two = act(t, "visit", player="Aiko", market="mackerel", entry="ap", sell={"mackerel": 2})
    three = act(t, "visit", player="Aiko", market="mackerel", entry="ap", sell={"mackerel": 3})
    assert two.player("Aiko").yen == 2100 and three.player("Aiko").yen == 2100


def test_at_most_one_licence_per_entry_for_100() -> None:
    t = give(game(), "Aiko", licenses={})
    t2 = act(t, "visit", player="Aiko", market="mackerel", entry="ap", licenses=1)
    assert t2.player("Aiko").yen == 1900 and t2.player("Aiko").licenses == {"mackerel": 1}
    refused(
        t, "visit", "licences_per_visit", player="Aiko", market="mackerel", entry="ap", licenses=2
    )


def test_starting_licences_pay_every_holder_on_entry() -> None:
    t = act(
        give(game(), "Aiko", fish=Fish(mackerel=2)),
        "visit",
        player="Aiko",
        market="mackerel",
        entry="ap",
        sell={"mackerel": 2},
    )
    assert [p.yen for p in t.players] == [2200, 2100, 2100, 2100]


def test_only_own_mackerel_barrels_sell() -> None:
    t = give(game(), "Aiko", upper=[("eel", 300)])
    refused(
        t,
        "visit",
        "not_for_sale",
        player="Aiko",
        market="mackerel",
        entry="ap",
        sell_barrels=[{"row": "upper", "price": 300}],
    )
    refused(
        t,
        "visit",
        "sell_barrels_only_mackerel",
        player="Aiko",
        market="eel",
        entry="ap",
        sell_barrels=[{"row": "upper", "price": 300}],
    )
