"""Trading (external-markets.md §10, AMB-35): 1 AP; tokens for Yen on an empty place whose
number their Resources reach; tokens for tokens on a place with tokens (no money)."""

from __future__ import annotations

from companion.rules.external_catalogue import TRADING_PLACES
from companion.rules.fish import Fish

from ..guided_support import give, turn_of
from .support import lines, refuse_visit, table, visit


def test_the_places() -> None:
    assert TRADING_PLACES == {2: 300, 3: 500, 4: 700, 5: 900, 10: 1800}
    assert sum(TRADING_PLACES.values()) == 4200


def test_octopus_and_mackerel_for_700_then_four_mackerel_swap_them_out() -> None:
    """§10 test case: 1 Octopus + 1 Mackerel (4 R) on the empty 4+ place → +¥700. Later B
    swaps 4 Mackerel (4 R) onto that place and takes the Octopus + Mackerel (no money)."""
    t = give(table(), "Aiko", fish=Fish(octopus=1, mackerel=1))
    t = give(t, "Bo", fish=Fish(mackerel=4))
    t = visit(t, "trading", trades=[{"place": 4, "tokens": ["octopus", "mackerel"]}])
    assert t.player("Aiko").yen == 2700 and t.player("Aiko").fish == Fish()
    assert t.places["trading.4"] == ("octopus", "mackerel")
    t = turn_of(t, "Bo")
    assert lines(t, "trading", player="Bo", trades=[{"place": 4, "tokens": ["mackerel"] * 4}]) == [
        "Bo spends 1 AP (1 left)",
        "Bo puts Mackerel, Mackerel, Mackerel, Mackerel onto the Trading place 4+",
        "Bo takes Octopus, Mackerel off the Trading place 4+",
    ]
    t = visit(t, "trading", player="Bo", trades=[{"place": 4, "tokens": ["mackerel"] * 4}])
    assert t.player("Bo").yen == 2000 and t.player("Bo").fish == Fish(octopus=1, mackerel=1)
    assert t.places["trading.4"] == ("mackerel",) * 4


def test_worth_at_current_values_and_the_threshold_is_printed() -> None:
    t = give(table(), "Aiko", fish=Fish(squid=3, mackerel=1, eel=1))
    # Squid are worth 0: 3 Squid reach no place.
    refuse_visit(t, "trading", "ext.trade_worth", trades=[{"place": 2, "tokens": ["squid"] * 3}])
    # Eel at 1 + Mackerel 1 = 2 R: the 2+ place, not the 3+ one.
    refuse_visit(
        t, "trading", "ext.trade_worth", trades=[{"place": 3, "tokens": ["eel", "mackerel"]}]
    )
    t2 = visit(t, "trading", trades=[{"place": 2, "tokens": ["eel", "mackerel"]}])
    assert t2.player("Aiko").yen == 2300


def test_several_trades_in_one_visit_and_fugu_squared() -> None:
    t = give(table(), "Aiko", fish=Fish(fugu=3, mackerel=5))
    t = visit(
        t,
        "trading",
        trades=[{"place": 5, "tokens": ["fugu"] * 3}, {"place": 3, "tokens": ["mackerel"] * 3}],
    )
    assert t.player("Aiko").yen == 2000 + 900 + 500


def test_a_swap_needs_the_printed_number_and_refusals_change_nothing() -> None:
    t = give(table(), "Aiko", fish=Fish(octopus=1, mackerel=5))
    t = visit(t, "trading", trades=[{"place": 4, "tokens": ["octopus", "mackerel"]}])
    t = turn_of(t, "Aiko")
    refuse_visit(t, "trading", "ext.trade_worth", trades=[{"place": 4, "tokens": ["mackerel"] * 3}])
    refuse_visit(t, "trading", "ext.trading_place", trades=[{"place": 6, "tokens": ["mackerel"]}])
    refuse_visit(t, "trading", "not_held", trades=[{"place": 2, "tokens": ["eel", "eel"]}])
    refuse_visit(t, "trading", "ext.trade_tokens", trades=[{"place": 2, "tokens": []}])
    refuse_visit(t, "trading", "ext.no_interaction")
