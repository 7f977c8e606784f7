"""Printed numbers live once, in the catalogue (issue #8): the numbers the guided turn reads,
the Salmon licence reading (AMB-11), and the Auction market's fee for a lot with Nori
(AMB-14, AMB-45: values just before the tokens move)."""

from __future__ import annotations

from companion.rules.auctions import Token, auction_market_fee, lot_worth
from companion.rules.catalogue import (
    AUCTION_MARKET_FEES,
    FISH_MARKETS,
    disputed_figures,
    docking_auction_barrels,
    sardine_license_price,
)
from companion.rules.external_catalogue import table_stock
from companion.rules.fish import Fish
from companion.rules.moves import apply
from companion.rules.setup import board_figure, make_config
from companion.rules.table import initial_table


def test_docking_auctions_run_spider_crab_tuna_swordfish() -> None:
    assert list(docking_auction_barrels().items()) == [
        ("spider_crab", 2),
        ("tuna", 3),
        ("swordfish", 2),
    ]


def test_sardine_licences_500_then_300() -> None:
    assert (sardine_license_price(2), sardine_license_price(1)) == (500, 300)
    assert FISH_MARKETS["sardine"].numbers["can_yen"] == 100


def test_table_stock_from_the_printed_stock() -> None:
    assert table_stock("bank") == {"bank.loans": 3, "bank.shares": 2}
    assert table_stock("influence") == {
        "influence.buyer_token": 2,
        "influence.expansion_token": 2,
    }
    assert table_stock("ships") == {}


def test_auction_market_fees_are_the_catalogue_table() -> None:
    assert [auction_market_fee(w) for w, _ in AUCTION_MARKET_FEES] == [500, 300, 200]


def test_salmon_licences_follow_the_board_and_are_flagged_amb_11() -> None:
    """setup.md §3.3: the board prints P (max 4): 3 at 3 players; the 3-player example says
    4. AMB-11 (a): min(P, 4) by default, flagged for the host, who may enter 4."""
    cfg = make_config(
        ["A", "B", "C"], fish_markets=["mackerel", "salmon", "eel", "fugu", "squid"], seed=1
    )
    assert board_figure(cfg, "salmon", "licenses") == 3
    assert disputed_figures(cfg.fish_markets) == {"salmon": {"licenses": "AMB-11"}}
    four = make_config(
        ["A", "B", "C"],
        fish_markets=list(cfg.fish_markets),
        seed=1,
        board_numbers={"salmon": {"licenses": 4}},
    )
    assert initial_table(four).board_licenses["salmon"] == 4


def test_a_nori_in_an_auction_lot_is_worth_its_value_to_the_seller() -> None:
    """AMB-14: the lot is priced with the values just before the tokens move. A Nori is a
    tenth of its holder's other fish (AMB-45): with 2 Tuna 25 besides it, 5 R — so a lot of
    the Nori alone is worth 5, not 0 (the lot has no other fish)."""
    cfg = make_config(
        ["A", "B", "C"],
        expansion=True,
        variants=["more_markets"],
        fish_markets=["mackerel", "tuna", "nori", "eel", "squid"],
        external_markets=["ships", "auction", "bank"],
        seed=3,
    )
    t = initial_table(cfg)
    t = t.with_player(0, fish=Fish(nori=1, tuna=(25, 25)))
    assert lot_worth((Token("nori"),), t, 0) == 5
    assert lot_worth((Token("nori"),), t) == 0  # no holder named: the lot alone
    t = apply(
        t,
        {
            "type": "auction_open",
            "id": "a1",
            "kind": "auction_market",
            "owner": "A",
            "lot": ["nori"],
        },
    )
    assert t.players[0].yen == 2000 - 300  # 5 R: the 5+ place, fee ¥300
