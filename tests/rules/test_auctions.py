"""Sealed-bid auctions in the rules core (shared/rules/auctions.md, AMB-02, AMB-24…28,
AMB-47, AMB-49): settlement of every kind, ties, the Swordfish marker, the Auction
market's fee, Barter, Overseas; worked examples 1–9 of §6; and, with hypothesis, that
settlement conserves Yen and that undoing an auction restores the table exactly.

Tables are built the way the server builds them: ``make_config`` + ``initial_table`` and
``moves.apply`` of the internal moves (``auction_open``, ``bid_sealed``,
``auction_reveal``, ``auction_choose``) with explicit drawn tokens and ``bids`` dicts
``{"seat index": amount}``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.eventlog import Event
from companion.games import fold
from companion.rules.auctions import (
    KINDS,
    OWNER_BIDS,
    Token,
    auction_market_fee,
    lot_worth,
    receipt,
    settlement,
    swordfish_after_auction,
)
from companion.rules.errors import IllegalAction
from companion.rules.messages import render
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import Table, initial_table

NAMES = ["A", "B", "C", "D"]
A, B, C, D = range(4)
FISH = [
    "mackerel",
    "eel",
    "fugu",
    "spider_crab",
    "tuna",
    "swordfish",
    "salmon",
    "squid",
    "octopus",
    "red_snapper",
]
EXTERNAL = ["ships", "auction", "barter", "overseas", "bank"]
CONFIG = make_config(
    NAMES,
    expansion=True,
    variants=["more_markets"],
    fish_markets=FISH,
    external_markets=EXTERNAL,
    seed=7,
)
START = 2000


def table() -> Table:
    return initial_table(CONFIG)


def run(t: Table, *actions: dict[str, Any]) -> Table:
    for action in actions:
        t = apply(t, action)
    return t


def yen(t: Table) -> list[int]:
    return [p.yen for p in t.players]


def open_(kind: str, owner: str = "A", aid: str = "x", **extra: Any) -> dict[str, Any]:
    return {"type": "auction_open", "id": aid, "kind": kind, "owner": owner, **extra}


def reveal(bids: dict[int, int], aid: str = "x", **extra: Any) -> dict[str, Any]:
    return {
        "type": "auction_reveal",
        "auction": aid,
        "bids": {str(seat): amount for seat, amount in bids.items()},
        **extra,
    }


def choose(winner: str | None, aid: str = "x") -> dict[str, Any]:
    return {"type": "auction_choose", "auction": aid, "winner": winner}


def gain(player: str, fish: str, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {"type": "gain_fish", "player": player, "fish": fish, "count": count, **extra}


def pay(frm: str, to: str, amount: int) -> dict[str, Any]:
    return {"type": "pay", "from": frm, "to": to, "amount": amount}


# -- §6 example 1–3: Spider Crab and Tuna ----------------------------------------------------


def test_example_1_spider_crab_tie_the_owner_picks_among_the_tied() -> None:
    t0 = table()
    t = run(t0, open_("spider_crab", drawn="spider_crab:6"), reveal({A: 500, B: 700, C: 700, D: 0}))
    auction = t.auctions["x"]
    assert auction.status == "revealed"  # a tie waits for the owner
    assert auction.tied == (B, C) and auction.highest == 700
    assert yen(t) == [START] * 4  # nothing moves before the choice
    with pytest.raises(IllegalAction, match="tied bidders: B, C"):
        apply(t, choose("A"))  # A bid 500: not among the tied
    t = apply(t, choose("C"))
    assert yen(t) == [START + 700, START, START - 700, START]
    assert t.players[C].fish.spider_crab == (6,)
    assert t.auctions["x"].status == "settled" and t.auctions["x"].winner == C
    # The drawn token left the bag at the draw (before bidding: AMB-27).
    assert t0.bag.count("spider_crab:6") - t.bag.count("spider_crab:6") == 1


def test_example_2_the_owner_wins_and_pays_the_supply() -> None:
    t = run(table(), open_("spider_crab", drawn="spider_crab:4"), reveal({A: 900, B: 700}))
    auction = t.auctions["x"]
    assert auction.status == "settled" and auction.winner == A  # one highest: no choice
    assert yen(t) == [START - 900, START, START, START]  # to the supply, nobody else
    assert t.players[A].fish.spider_crab == (4,)
    assert sum(yen(t)) == 4 * START - 900


def test_example_3_all_zero_every_player_tied_and_the_owner_may_pick_herself() -> None:
    t = run(table(), open_("tuna", drawn="tuna:25"), reveal({A: 0, B: 0, C: 0, D: 0}))
    auction = t.auctions["x"]
    assert auction.status == "revealed" and auction.tied == (A, B, C, D)
    t = apply(t, choose("A"))
    assert yen(t) == [START] * 4  # no money moves
    assert t.players[A].fish.tuna == (25,)
    assert "tuna:25" not in t.bag


def test_missing_bids_count_zero_and_everyone_tied_when_nobody_bid() -> None:
    t = run(table(), open_("tuna", drawn="tuna:15"), reveal({}))
    auction = t.auctions["x"]
    assert auction.bids == ((A, 0), (B, 0), (C, 0), (D, 0))
    assert auction.tied == (A, B, C, D) and auction.highest == 0


def test_the_tie_list_when_everyone_bids_zero_at_the_auction_market() -> None:
    t = run(
        table(),
        gain("A", "mackerel", 3),
        open_("auction_market", lot=["mackerel"] * 3),
        reveal({B: 0, C: 0, D: 0}),
    )
    auction = t.auctions["x"]
    # The seller does not bid: the tie is among the three others (AMB-24, AMB-26).
    assert auction.eligible == (B, C, D) and auction.tied == (B, C, D)
    t = apply(t, choose("D"))
    assert t.players[D].fish.mackerel == 3
    assert yen(t) == [START - 200, START, START, START]  # only the fee was paid


# -- §6 examples 4–5 and §4: Swordfish ------------------------------------------------------


def swordfish_auction(bids: dict[int, int], marker: int = 6) -> Table:
    t = run(
        table(),
        {"type": "set_track", "track": "swordfish", "value": marker},
        open_("swordfish"),
        reveal(bids),
    )
    if t.auctions["x"].status == "revealed":
        t = apply(t, choose(NAMES[t.auctions["x"].tied[0]]))
    return t


def test_example_4_swordfish_bid_equal_to_the_value_keeps_the_marker() -> None:
    t = swordfish_auction({A: 0, B: 600})
    assert yen(t) == [START + 600, START - 600, START, START]
    assert t.values.swordfish == 6
    assert t.players[B].fish.swordfish == 1


def test_example_5_swordfish_bid_above_the_value_moves_the_marker_up() -> None:
    t = swordfish_auction({B: 800})
    assert yen(t) == [START + 800, START - 800, START, START]
    assert t.values.swordfish == 8


def test_swordfish_bid_below_the_value_moves_the_marker_down() -> None:
    assert swordfish_auction({B: 500}).values.swordfish == 4
    # All ¥0: the owner picks a winner; W = 0 < 600.
    assert swordfish_auction({}).values.swordfish == 4


def test_swordfish_marker_with_a_tie_compares_the_tied_amount() -> None:
    t = swordfish_auction({B: 700, C: 700})
    assert t.auctions["x"].winner == B and t.values.swordfish == 8  # AMB-47


@pytest.mark.parametrize(
    ("value", "bid", "after"),
    [
        (6, 600, 6),
        (6, 800, 8),
        (6, 400, 4),
        (12, 2000, 13),
        (13, 1400, 13),
        (2, 0, 1),
        (1, 0, 1),
        (13, 1300, 13),
        (12, 1300, 13),
    ],
)
def test_swordfish_after_auction_clamps_at_1_and_13(value: int, bid: int, after: int) -> None:
    assert swordfish_after_auction(value, bid) == after


def test_swordfish_marker_clamps_at_13_in_play() -> None:
    assert swordfish_auction({B: 1500}, marker=12).values.swordfish == 13


# -- §6 examples 6–7, AMB-25: the Auction market --------------------------------------------


@pytest.mark.parametrize(
    ("lot", "gains", "worth", "fee"),
    [
        (["tuna:15"], [gain("A", "tuna", value=15)], 15, 500),
        (["mackerel"] * 2, [gain("A", "mackerel", 2)], 2, 200),
        (["mackerel"] * 5, [gain("A", "mackerel", 5)], 5, 300),
        (["mackerel"] * 9, [gain("A", "mackerel", 9)], 9, 300),
        (
            ["spider_crab:4", "spider_crab:6"],
            [gain("A", "spider_crab", value=4), gain("A", "spider_crab", value=6)],
            10,
            500,
        ),
        # k Fugu of a lot are worth k² together (AMB-13): 2 → 4 R, 3 → 9 R, 4 → 16 R.
        (["fugu"] * 2, [gain("A", "fugu", 2)], 4, 200),
        (["fugu"] * 3, [gain("A", "fugu", 3)], 9, 300),
        (["fugu"] * 4, [gain("A", "fugu", 4)], 16, 500),
    ],
)
def test_auction_market_fee_by_the_lots_worth(
    lot: list[str], gains: list[dict[str, Any]], worth: int, fee: int
) -> None:
    t = run(table(), *gains)
    tokens = tuple(Token.parse(code) for code in lot)
    assert lot_worth(tokens, t) == worth
    assert auction_market_fee(worth) == fee
    opened = apply(t, open_("auction_market", lot=lot))
    assert opened.auctions["x"].fee == fee
    assert yen(opened)[A] == START - fee  # paid before bidding


@pytest.mark.parametrize(
    ("lot", "gains"),
    [
        (["fugu"], [gain("A", "fugu")]),  # one Fugu: 1 R
        (["mackerel"], [gain("A", "mackerel")]),
        (["squid"] * 3, [gain("A", "squid", 3)]),  # Squid are worth 0 (AMB-25)
    ],
)
def test_auction_market_refuses_a_lot_under_2_resources(
    lot: list[str], gains: list[dict[str, Any]]
) -> None:
    t = run(table(), *gains)
    with pytest.raises(IllegalAction, match="at least 2 Resources"):
        apply(t, open_("auction_market", lot=lot))
    with pytest.raises(IllegalAction):
        auction_market_fee(1)


def test_auction_market_refuses_a_lot_the_seller_does_not_hold() -> None:
    with pytest.raises(IllegalAction, match="not held"):
        apply(table(), open_("auction_market", lot=["mackerel", "mackerel"]))


def test_auction_market_refuses_a_fee_the_seller_cannot_pay() -> None:
    t = run(table(), gain("A", "tuna", value=25), pay("A", "supply", 1600))
    with pytest.raises(IllegalAction, match="cannot pay the ¥500 fee"):
        apply(t, open_("auction_market", lot=["tuna:25"]))


def test_example_6_auction_market_the_supply_matches_the_highest_bid() -> None:
    t = run(
        table(),
        gain("A", "tuna", value=15),
        open_("auction_market", lot=["tuna:15"]),
        reveal({B: 1000, C: 1200, D: 0}),
    )
    assert t.auctions["x"].winner == C
    assert yen(t) == [START + 1900, START, START - 1200, START]  # A: −500 + 1,200 + 1,200
    assert t.players[C].fish.tuna == (15,) and t.players[A].fish.tuna == ()


def test_example_7_auction_market_owner_receives_twice_the_highest_bid() -> None:
    t = run(table(), gain("A", "mackerel", 2), open_("auction_market", lot=["mackerel"] * 2))
    before = yen(t)[A]  # after the ¥200 fee
    t = apply(t, reveal({B: 300, C: 100}))
    assert yen(t)[A] - before == 600
    # The seller nets 2W − fee.
    assert yen(t)[A] - START == 2 * 300 - 200


def test_auction_market_the_seller_never_bids() -> None:
    t = run(table(), gain("A", "mackerel", 2), open_("auction_market", lot=["mackerel"] * 2))
    assert A not in t.auctions["x"].eligible
    with pytest.raises(IllegalAction, match="does not bid"):
        apply(t, {"type": "bid_sealed", "auction": "x", "player": "A"})
    # Even if a bid for the seller reached the reveal, it is not counted.
    t = apply(t, reveal({A: 900, B: 300}))
    assert dict(t.auctions["x"].bids) == {B: 300, C: 0, D: 0}


def test_auction_market_tie_the_seller_chooses() -> None:
    t = run(
        table(),
        gain("A", "mackerel", 2),
        open_("auction_market", lot=["mackerel"] * 2),
        reveal({B: 400, C: 400}),
    )
    assert t.auctions["x"].tied == (B, C)
    t = apply(t, choose("B"))
    assert yen(t) == [START - 200 + 800, START - 400, START, START]


# -- §6 example 8: Barter -------------------------------------------------------------------


def barter_revealed() -> tuple[Table, Table]:
    before = run(table(), gain("A", "mackerel", 2), gain("A", "eel"))
    t = run(before, open_("barter", lot=["mackerel", "mackerel", "eel"]), reveal({B: 300, C: 500}))
    return before, t


def test_example_8_barter_the_owner_may_accept_any_offer() -> None:
    before, t = barter_revealed()
    # Never settled automatically, even with one highest offer.
    assert t.auctions["x"].status == "revealed"
    t = apply(t, choose("B"))  # not the highest
    assert yen(t) == [START + 300, START - 300, START, START]
    assert t.players[B].fish.mackerel == 2 and t.players[B].fish.eel == 1
    assert t.players[A].fish.mackerel == 0 and t.players[A].fish.eel == 0
    assert t.auctions["x"].winner == B


def test_example_8_barter_decline_nothing_moves() -> None:
    before, t = barter_revealed()
    t = apply(t, choose(None))
    assert t.auctions["x"].status == "settled" and t.auctions["x"].declined
    assert t.auctions["x"].winner is None
    assert yen(t) == yen(before)
    # The lot stays with the seller: nothing moves.
    assert [p.fish for p in t.players] == [p.fish for p in before.players]


def test_barter_accept_must_name_a_bidder() -> None:
    _, t = barter_revealed()
    with pytest.raises(IllegalAction, match="one of the bidders"):
        apply(t, choose("A"))


# -- §6 example 9 and §5: Overseas ----------------------------------------------------------

EXAMPLE_9_BARRELS = {"eel": 2, "mackerel": 1, "tuna": 3, "swordfish": 2, "spider_crab": 1}


def test_example_9_overseas() -> None:
    t0 = run(table(), {"type": "set_track", "track": "eel", "value": 3})
    t = apply(t0, open_("overseas", barrels=EXAMPLE_9_BARRELS, drawn=["tuna:20", "swordfish"]))
    auction = t.auctions["x"]
    # Before the bids: ¥100 entry, conversions done, the Eel track +2 (AMB-49).
    assert yen(t)[A] == START - 100 and auction.fee == 100
    assert t.values.eel == 5
    assert sorted(tok.code for tok in auction.lot) == ["swordfish", "tuna:20"]
    assert auction.barrels == (("eel", 2), ("mackerel", 1))
    # the leftover goes back uncompensated
    assert render(auction.notes[0]) == "Back to their markets: 1 Spider Crab barrel."
    assert t0.bag.count("tuna:20") - t.bag.count("tuna:20") == 1
    assert t.bag.count("spider_crab:4") == t0.bag.count("spider_crab:4")  # nothing drawn
    assert auction.eligible == (A, B, C, D)  # the owner bids too

    t = apply(t, reveal({A: 0, B: 1500, C: 1200}))
    assert t.auctions["x"].winner == B
    assert yen(t) == [START - 100 + 1500, START - 1500, START, START]
    fish = t.players[B].fish
    assert (fish.eel, fish.mackerel, fish.tuna, fish.swordfish) == (2, 1, (20,), 1)
    assert t.players[A].fish == t0.players[A].fish  # the owner gets nothing but Yen
    assert t.values.swordfish == 8  # 1,500 > 600
    assert t.board_tokens["eel"] == t0.board_tokens["eel"] - 2
    assert t.board_tokens["mackerel"] == t0.board_tokens["mackerel"] - 1


def test_overseas_conversions_must_match_the_barrels() -> None:
    with pytest.raises(IllegalAction, match="convert to 1 token"):
        apply(table(), open_("overseas", barrels={"tuna": 3}, drawn=[]))
    with pytest.raises(IllegalAction, match="without barrels"):
        apply(table(), open_("overseas", barrels={"eel": 0}))


def test_overseas_owner_wins_pays_the_supply_and_swordfish_rule_applies_once() -> None:
    t = run(
        table(),
        open_("overseas", barrels={"swordfish": 4}, drawn=["swordfish"] * 2),
        reveal({A: 500}),
    )
    assert t.auctions["x"].winner == A
    assert yen(t)[A] == START - 100 - 500
    assert t.players[A].fish.swordfish == 2
    assert t.values.swordfish == 4  # 500 < 600: one −2 however many tokens


def test_overseas_without_swordfish_leaves_the_marker() -> None:
    t = run(table(), open_("overseas", barrels={"eel": 1}), reveal({B: 2000}))
    assert t.values.swordfish == 6 and t.values.eel == 2


def test_overseas_taking_the_last_tokens_at_the_reveal_overfishes_the_market() -> None:
    """Settled straight at the reveal (one highest bid) or after a tie, the winner takes
    the barrels' tokens from the markets; a board left empty is Overfished (AMB-21)."""
    cfg = replace(CONFIG, board_numbers={"eel": {"tokens": 1}})
    t0 = initial_table(cfg)
    t = run(t0, open_("overseas", barrels={"eel": 1}))
    at_reveal = apply(t, reveal({B: 300}))
    after_tie = run(t, reveal({B: 300, C: 300}), choose("B"))
    assert at_reveal.board_tokens["eel"] == after_tie.board_tokens["eel"] == 0
    assert "eel" in after_tie.values.overfished
    assert "eel" in at_reveal.values.overfished


# -- the common protocol ----------------------------------------------------------------------


def test_a_bid_above_the_bidders_yen_at_the_reveal_counts_zero() -> None:
    t = run(
        table(),
        open_("spider_crab", drawn="spider_crab:8"),
        {"type": "bid_sealed", "auction": "x", "player": "B"},
    )
    # No move may be recorded while an auction is open, but the reveal must still hold if
    # a bidder's Yen fell below the sealed bid: B had ¥2,000 when sealing ¥1,500; now ¥1,000.
    t = t.with_player(B, yen=t.players[B].yen - 1000)
    t = apply(t, reveal({B: 1500, C: 400}))
    auction = t.auctions["x"]
    assert auction.void == (B,)
    assert dict(auction.bids)[B] == 0
    assert auction.winner == C
    assert yen(t) == [START + 400, START - 1000, START - 400, START]


def test_nothing_else_is_recorded_while_an_auction_is_open() -> None:
    t = run(table(), open_("tuna", drawn="tuna:20"))
    for action in (pay("B", "supply", 100), {"type": "next_turn"}, {"type": "end_game"}):
        with pytest.raises(IllegalAction, match="Tuna auction is still open"):
            apply(t, action)


def test_a_bid_equal_to_the_yen_is_valid() -> None:
    t = run(table(), open_("spider_crab", drawn="spider_crab:8"), reveal({B: START}))
    assert t.auctions["x"].void == () and yen(t)[B] == 0


def test_seal_records_who_and_never_how_much() -> None:
    t = run(
        table(),
        open_("tuna", drawn="tuna:20"),
        {"type": "bid_sealed", "auction": "x", "player": "C", "amount": 1700},
    )
    auction = t.auctions["x"]
    assert auction.sealed == frozenset({C}) and auction.missing == (A, B, D)
    assert auction.bids == () and "1700" not in repr(t)


def test_no_bid_changes_after_the_reveal() -> None:
    t = run(table(), open_("tuna", drawn="tuna:20"), reveal({B: 100, C: 100}))
    with pytest.raises(IllegalAction, match="revealed"):
        apply(t, {"type": "bid_sealed", "auction": "x", "player": "B"})
    with pytest.raises(IllegalAction, match="revealed already"):
        apply(t, reveal({B: 900}))


def test_one_auction_at_a_time() -> None:
    t = apply(table(), open_("tuna", drawn="tuna:20"))
    with pytest.raises(IllegalAction, match="still open"):
        apply(t, open_("spider_crab", aid="y", drawn="spider_crab:4"))


@pytest.mark.parametrize(
    ("action", "field"),
    [
        (reveal({}) | {"bids": {"1": "800"}}, "bids.1"),
        (reveal({}) | {"receipts": "none"}, "receipts"),
        ({"type": "bid_sealed", "player": "B"}, "auction"),
        ({"type": "bid_sealed", "auction": "x", "player": 1}, "player"),
        ({"type": "auction_choose", "auction": "x"}, "winner"),
        (open_("spider_crab", aid="y") | {"owner": None}, "owner"),
        (open_("overseas", aid="y", barrels={"eel": "2"}), "barrels.eel"),
    ],
)
def test_the_auction_moves_read_typed_arguments_from_the_log(
    action: dict[str, Any], field: str
) -> None:
    """Issue #18 step 8: an auction move's logged entry is read into its dataclass once;
    a caller that skipped the server still cannot hand the rules a wrong type."""
    t = apply(table(), open_("tuna", drawn="tuna:20"))
    with pytest.raises(IllegalAction) as info:
        apply(t, action)
    assert info.value.field == field


def test_a_drawn_token_must_be_in_the_bag() -> None:
    t = run(table(), gain("B", "tuna", value=25))  # the only 25 left the bag
    with pytest.raises(IllegalAction, match="Auction bag"):
        apply(t, open_("tuna", drawn="tuna:25"))


def test_receipt_is_deterministic_and_binds_amount_nonce_seat_and_auction() -> None:
    code = receipt("a3", 1, 1700, "00ff")
    assert code == receipt("a3", 1, 1700, "00ff")
    assert len(code) == 9 and code[4] == "-" and code == code.upper()
    others = {
        receipt("a3", 1, 1800, "00ff"),
        receipt("a3", 1, 1700, "00fe"),
        receipt("a3", 2, 1700, "00ff"),
        receipt("a4", 1, 1700, "00ff"),
        receipt("a3", 1, 0, "00ff"),
    }
    assert code not in others and len(others) == 5


# -- properties ---------------------------------------------------------------------------

FAST = settings(max_examples=300, deadline=None)
TABLES = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(
    st.sampled_from(sorted(KINDS)),
    st.integers(2, 6),
    st.data(),
    st.integers(0, 200).map(lambda n: 100 * n),
)
def test_settlement_conserves_yen(
    kind: str, players: int, data: st.DataObject, amount: int
) -> None:
    owner = data.draw(st.integers(0, players - 1))
    bidders = [s for s in range(players) if kind in OWNER_BIDS or s != owner]
    winner = data.draw(st.sampled_from([*bidders, None]))
    delta, supply = settlement(kind, owner, winner, amount, players)
    assert len(delta) == players
    assert sum(delta) + supply == 0  # nothing created or lost between players and supply
    if winner is None:
        assert delta == [0] * players and supply == 0
        return
    if kind == "auction_market":
        assert supply == -amount  # the supply pays the seller W
        assert delta[owner] == 2 * amount and delta[winner] == -amount
    elif kind == "barter":
        assert supply == 0 and delta[owner] == amount and delta[winner] == -amount
    elif winner == owner:
        assert supply == amount and delta[owner] == -amount
    else:
        assert supply == 0 and delta[owner] == amount and delta[winner] == -amount
    assert all(d == 0 for s, d in enumerate(delta) if s not in (owner, winner))


@st.composite
def auctions(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Actions before an auction, and one whole auction (open, seals, reveal, choice)."""
    kind = draw(st.sampled_from(sorted(KINDS)))
    owner = draw(st.integers(0, 3))
    name = NAMES[owner]
    pre: list[dict[str, Any]] = []
    # Vary the Yen so that bids above a player's Yen (void at the reveal) happen.
    for seat in range(4):
        delta = draw(st.integers(-15, 15)) * 100
        if delta > 0:
            pre.append(pay("supply", NAMES[seat], delta))
        elif delta < 0:
            pre.append(pay(NAMES[seat], "supply", -delta))
    pre.append({"type": "set_track", "track": "swordfish", "value": draw(st.integers(1, 13))})
    pre.append({"type": "set_track", "track": "eel", "value": draw(st.integers(1, 13))})
    t = run(table(), *pre)
    bag = list(t.bag)
    opened: dict[str, Any] = {}
    if kind in ("spider_crab", "tuna"):
        opened["drawn"] = draw(st.sampled_from(sorted(c for c in bag if c.startswith(kind))))
    elif kind in ("auction_market", "barter"):
        lot = draw(
            st.lists(
                st.sampled_from(
                    [
                        "mackerel",
                        "eel",
                        "fugu",
                        "tuna:15",
                        "tuna:20",
                        "spider_crab:6",
                        "salmon",
                        "squid",
                    ]
                ),
                min_size=1,
                max_size=4,
                unique=True,
            )
        )
        lot += ["mackerel"] * draw(st.integers(0, 2)) + ["fugu"] * draw(st.integers(0, 2))
        if kind == "auction_market" and not any(c.startswith(("tuna", "spider")) for c in lot):
            lot.append("tuna:15")  # worth at least 2 R
        for code in lot:
            key, _, value = code.partition(":")
            extra = {"value": int(value)} if value else {}
            pre.append(gain(name, key, **extra))
        opened["lot"] = lot
    elif kind == "overseas":
        barrels = draw(
            st.dictionaries(
                st.sampled_from(
                    [
                        "eel",
                        "mackerel",
                        "tuna",
                        "swordfish",
                        "spider_crab",
                        "salmon",
                        "octopus",
                        "fugu",
                        "red_snapper",
                    ]
                ),
                st.integers(1, 4),
                min_size=1,
                max_size=4,
            )
        )
        drawn: list[str] = []
        for fish, per in (("spider_crab", 2), ("tuna", 3), ("swordfish", 2)):
            for _ in range(barrels.get(fish, 0) // per):
                if fish == "swordfish":
                    drawn.append("swordfish")
                else:
                    choice = draw(st.sampled_from(sorted(c for c in bag if c.startswith(fish))))
                    bag.remove(choice)
                    drawn.append(choice)
        opened.update(barrels=barrels, drawn=drawn)
    events = [open_(kind, name, aid="x", **opened)]
    eligible = [s for s in range(4) if kind in OWNER_BIDS or s != owner]
    bids = {
        s: draw(st.integers(0, 25)) * 100
        for s in draw(st.lists(st.sampled_from(eligible), unique=True))
    }
    events += [{"type": "bid_sealed", "auction": "x", "player": NAMES[s]} for s in bids]
    events.append(reveal(bids))
    events.append({"choice": draw(st.integers(0, 20))})  # resolved once the reveal is known
    return pre, events


def play(
    pre: list[dict[str, Any]], auction: list[dict[str, Any]]
) -> tuple[Table, list[dict[str, Any]]]:
    """Apply the actions and the auction; returns the table before the auction and the
    auction's moves as applied (the choice resolved)."""
    before = run(table(), *pre)
    t = before
    applied = []
    for action in auction:
        if "choice" in action:
            a = t.auctions["x"]
            if a.status != "revealed":
                break
            options = (
                [NAMES[s] for s in a.eligible] + [None]
                if a.kind == "barter"
                else [NAMES[s] for s in a.tied]
            )
            action = choose(options[action["choice"] % len(options)])
        t = apply(t, action)
        applied.append(action)
    assert t.auctions["x"].status == "settled"
    return before, applied


@TABLES
@given(auctions())
def test_undoing_an_auction_restores_the_table_exactly(
    scenario: tuple[list[dict[str, Any]], list[dict[str, Any]]],
) -> None:
    pre, auction = scenario
    before, applied = play(pre, auction)
    events = [
        Event(i + 1, a["type"], {k: v for k, v in a.items() if k != "type"}, "host", "")
        for i, a in enumerate(pre)
    ]
    n = len(events)
    events += [
        Event(
            n + i + 1, a["type"], {k: v for k, v in a.items() if k != "type"}, "host", "", grp="x"
        )
        for i, a in enumerate(applied)
    ]
    after = fold(CONFIG, events)
    assert after.auctions["x"].status == "settled"
    undo_seq = len(events) + 1
    undone = [replace(e, undone_by=undo_seq) if e.grp == "x" else e for e in events]
    undone.append(
        Event(undo_seq, "undo", {"targets": [e.seq for e in events if e.grp]}, "host", "")
    )
    assert fold(CONFIG, undone) == before
    assert fold(CONFIG, events[:n]) == before


@TABLES
@given(auctions(), st.sampled_from(NAMES), st.integers(1, 20))
def test_no_payment_is_recorded_while_an_auction_is_open(
    scenario: tuple[list[dict[str, Any]], list[dict[str, Any]]], payee: str, hundreds: int
) -> None:
    """The rules perform an auction before play goes on: between its opening and its
    settlement every bookkeeping move is refused, and the table does not change."""
    pre, auction = scenario
    opened = run(table(), *pre, auction[0])
    with pytest.raises(IllegalAction, match="still open"):
        apply(opened, pay("supply", payee, 100 * hundreds))


@TABLES
@given(auctions())
def test_a_settled_auction_moves_yen_as_its_kind_says(
    scenario: tuple[list[dict[str, Any]], list[dict[str, Any]]],
) -> None:
    """At table level: the players' total Yen changes by exactly what the supply gives
    or takes (the fee and Overseas entry go to the supply before the bids)."""
    pre, auction = scenario
    before, applied = play(pre, auction)
    opened = apply(before, applied[0])
    after = run(before, *applied)
    a = after.auctions["x"]
    fee = a.fee
    assert sum(yen(opened)) == sum(yen(before)) - fee
    if a.winner is None:  # Barter declined
        assert yen(after) == yen(opened)
        assert [p.fish for p in after.players] == [p.fish for p in before.players]
        return
    w = a.bid_of(a.winner)
    assert w is not None
    if a.kind != "barter":
        assert w == a.highest
    for seat, amount in a.bids:  # a bid above the Yen at the reveal counted ¥0
        assert amount <= opened.players[seat].yen
    delta, supply = settlement(a.kind, a.owner, a.winner, w, 4)
    assert [y1 - y0 for y0, y1 in zip(yen(opened), yen(after), strict=True)] == delta
    assert sum(yen(after)) - sum(yen(opened)) == -supply
    assert min(yen(after)) >= 0
