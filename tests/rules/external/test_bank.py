"""Bank (external-markets.md §6): entry 2 AP or ¥100; loans +¥500 each, shares ¥300 each,
never both in a game; 3 loans and 2 shares on the board."""

from __future__ import annotations

from ..guided_support import give, turn_of
from .support import lines, refuse_visit, table, visit


def test_entry_by_2_ap_or_100_yen() -> None:
    t = table()
    by_yen = visit(t, "bank", entry="yen", loans=1)
    assert by_yen.player("Aiko").yen == 2400 and by_yen.turn.ap_left == 2
    by_ap = visit(t, "bank", entry="ap", loans=1)
    assert by_ap.player("Aiko").yen == 2500 and by_ap.turn.ap_left == 0
    refuse_visit(t, "bank", "entry_not_printed", entry="free", loans=1)


def test_loans_and_shares_as_printed() -> None:
    t = table()
    assert lines(t, "bank", entry="yen", loans=2) == [
        "Aiko → the supply: ¥100 (entry)",
        "Aiko takes 2 loans (1 left at the Bank)",
        "the supply → Aiko: ¥1,000 (loan)",
    ]
    t = visit(t, "bank", entry="yen", loans=2)
    assert (t.player("Aiko").loans, t.stock["bank.loans"]) == (2, 1)
    t = visit(turn_of(t, "Bo"), "bank", entry="yen", player="Bo", shares=2)
    assert t.player("Bo").yen == 2000 - 100 - 600 and t.stock["bank.shares"] == 0


def test_never_both_and_never_beyond_the_board() -> None:
    t = table()
    refuse_visit(t, "bank", "ext.loans_and_shares", entry="yen", loans=1, shares=1)
    borrowed = visit(t, "bank", entry="yen", loans=1)
    refuse_visit(turn_of(borrowed, "Aiko"), "bank", "ext.share_after_loan", entry="yen", shares=1)
    invested = visit(t, "bank", entry="yen", shares=1)
    refuse_visit(turn_of(invested, "Aiko"), "bank", "ext.loan_after_share", entry="yen", loans=1)
    t2 = visit(t, "bank", entry="yen", loans=3)
    refuse_visit(turn_of(t2, "Aiko"), "bank", "ext.bank_loans_left", entry="yen", loans=1)
    refuse_visit(give(t, "Aiko", yen=300), "bank", "short_of_yen", entry="yen", shares=1)
    refuse_visit(t, "bank", "ext.no_interaction", entry="yen")
