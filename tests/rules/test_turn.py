"""The guided turn (turn-and-scoring.md §1, flows.md "The turn"): 2 AP per turn, the start
of turn (degradation at once, or phase "start" for a Freezer or degraded Fugu), start_turn,
the implicit decline, AP left unspent kept for the history, the active-player check."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.fish import Fish
from companion.rules.guided import preview_lines
from companion.rules.messages import render
from companion.rules.moves import MOVES, apply, may_record
from companion.rules.turn import unspent_message

from .guided_support import act, game, give, refused, rows, yen


def test_before_the_first_turn_there_are_no_ap_and_no_phase() -> None:
    t = game(start=False)
    assert (t.turn.ap_left, t.turn.phase) == (None, None)
    refused(t, "fishing", "no_turn_yet", player="Aiko")
    t = act(t, "next_turn")
    assert (t.turn.current, t.turn.ap_left, t.turn.phase) == (0, 2, "actions")


def test_each_turn_gives_two_ap_and_degrades_at_once_without_a_choice() -> None:
    """§1 step 4: lower-row barrels back to their markets, no payment; upper row moves down;
    Takoyaki never degrade or move."""
    t = game()
    t = give(t, "Bo", upper=[("eel", 300), ("takoyaki", 200)], lower=[("squid", 100)])
    squid = t.board_barrels["squid"]
    t = act(t, "next_turn")
    assert (t.turn.current, t.turn.ap_left, t.turn.phase) == (1, 2, "actions")
    assert rows(t, "Bo") == ([("takoyaki", 200)], [("eel", 300)])
    assert t.board_barrels["squid"] == squid + 1


def test_degraded_fugu_opens_the_start_phase_and_can_be_bought() -> None:
    """§2: "Start of turn: A's lower row has a Fugu barrel at ¥300 and a Mackerel barrel —
    A may pay ¥300 to the supply for 1 Fugu token; the Mackerel barrel returns to its market;
    upper-row barrels move down"."""
    t = game()
    t = give(t, "Bo", upper=[("eel", 400)], lower=[("fugu", 300), ("mackerel", 100)])
    mackerel, fugu = t.board_barrels["mackerel"], t.board_barrels["fugu"]
    t = act(t, "next_turn")
    assert t.turn.phase == "start" and rows(t, "Bo")[1] == [("fugu", 300), ("mackerel", 100)]
    t = act(t, "start_turn", player="Bo", freezer=False, buy_fugu=1)
    assert t.turn.phase == "actions"
    assert t.player("Bo").yen == 1700 and t.player("Bo").fish.fugu == 1
    assert t.board_barrels["fugu"] == fugu + 1
    assert t.board_barrels["mackerel"] == mackerel + 1
    assert rows(t, "Bo") == ([], [("eel", 400)])
    assert t.board_tokens["fugu"] == 6


def test_fugu_bought_cheapest_first() -> None:
    t = game()
    t = give(t, "Bo", lower=[("fugu", 500), ("fugu", 200), ("fugu", 300)])
    t = act(t, "next_turn")
    t = act(t, "start_turn", player="Bo", freezer=False, buy_fugu=2)
    assert t.player("Bo").yen == 2000 - 500 and t.player("Bo").fish.fugu == 2
    assert rows(t, "Bo") == ([], [])  # the third left with the degradation


def test_a_freezer_skips_the_degradation_and_flips_then_returns() -> None:
    t = game()
    t = give(t, "Bo", items={"freezer": 1}, upper=[("eel", 300)], lower=[("squid", 100)])
    t = act(t, "next_turn")
    assert t.turn.phase == "start"
    t = act(t, "start_turn", player="Bo", freezer=True, buy_fugu=0)
    assert rows(t, "Bo") == ([("eel", 300)], [("squid", 100)])
    assert t.player("Bo").flipped == {"freezer": 1} and t.player("Bo").items == {"freezer": 1}
    stock = t.stock["rentals.freezer"]
    for _ in range(4):
        t = act(t, "next_turn")
    assert t.turn.current == 1 and t.turn.phase == "start"
    t = act(t, "start_turn", player="Bo", freezer=True)
    assert t.player("Bo").items == {} and t.player("Bo").flipped == {}
    assert t.stock["rentals.freezer"] == stock + 1
    assert rows(t, "Bo") == ([("eel", 300)], [("squid", 100)])


def test_the_first_action_in_the_start_phase_declines_both() -> None:
    """flows.md: the first visit/fishing/purchase in that phase counts as declining both,
    the degradation first — so a sale reads the degraded rows."""
    t = game()
    t = give(
        t,
        "Bo",
        items={"freezer": 1},
        upper=[("mackerel", 0)],
        lower=[("eel", 100)],
        licenses={"mackerel": 1},
    )
    t = act(t, "next_turn")
    t = act(
        t,
        "visit",
        player="Bo",
        market="mackerel",
        entry="ap",
        sell_barrels=[{"row": "lower", "price": 0}],
        licenses=1,
    )
    assert t.turn.phase == "actions" and rows(t, "Bo") == ([], [])
    assert t.player("Bo").flipped == {}  # the Freezer was not used


def test_next_turn_in_the_start_phase_counts_as_declining() -> None:
    t = game()
    t = give(t, "Bo", lower=[("fugu", 300)], upper=[("eel", 200)])
    t = act(t, "next_turn")
    t = act(t, "next_turn")
    assert rows(t, "Bo") == ([], [("eel", 200)]) and t.player("Bo").fish.fugu == 0


def test_start_turn_refusals_change_nothing() -> None:
    t = game()
    refused(t, "start_turn", "not_start_phase", player="Aiko", freezer=True)
    t = give(t, "Bo", lower=[("fugu", 300)], items={"freezer": 1})
    t = act(t, "next_turn")
    refused(t, "start_turn", "not_your_turn", player="Aiko", freezer=True)
    refused(t, "start_turn", "freezer_and_fugu", player="Bo", freezer=True, buy_fugu=1)
    refused(t, "start_turn", "fugu_too_many", player="Bo", buy_fugu=2)
    poor = give(t, "Bo", yen=200)
    error = refused(poor, "start_turn", "short_of_yen", player="Bo", buy_fugu=1)
    assert error.message == "Bo has only ¥200; 1 degraded Fugu costs ¥300."
    assert error.private_to == 1 and error.public_message == (
        "Bo cannot pay ¥300 for 1 degraded Fugu."
    )
    no_freezer = give(t, "Bo", items={})
    refused(no_freezer, "start_turn", "no_freezer", player="Bo", freezer=True)


def test_the_player_whose_turn_it_is_acts_and_the_refusal_names_them() -> None:
    t = game()
    error = refused(t, "fishing", "not_your_turn", player="Bo")
    assert error.message == "It is Aiko's turn; Bo cannot act now."


def test_no_action_starts_once_the_ap_are_spent() -> None:
    t = game()
    t = give(t, "Aiko", at_sea={"eel": 2})
    t = act(t, "fishing", player="Aiko")
    t = act(t, "fishing", player="Aiko")
    assert t.turn.ap_left == 0
    error = refused(t, "visit", "ap_spent", player="Aiko", market="salmon", entry="yen", licenses=1)
    assert "spent this turn's AP" in error.message


def test_a_turn_ended_with_ap_left_is_kept_for_the_history() -> None:
    t = game()
    t = act(t, "fishing", player="Aiko")
    t = act(t, "next_turn")
    assert t.turn.unspent == ((1, 0, 1),)
    msg = unspent_message(t, 1)
    assert msg is not None and render(msg) == "Aiko ended the turn with 1 AP unspent"
    t = act(t, "fishing", player="Bo")
    t = act(t, "fishing", player="Bo")
    t = act(t, "next_turn")
    assert t.turn.unspent == ((1, 0, 1),) and unspent_message(t, 2) is None


def test_the_end_check_comes_before_the_ap_and_the_final_turn_ends_the_game() -> None:
    t = game(players=("Aiko", "Bo"))
    t = act(t, "next_turn")  # Bo
    t = give(t, "Aiko", yen=5200, fish=Fish(tuna=(25,)))
    t = act(t, "next_turn")  # Aiko triggers the end
    assert t.turn.triggered_by == 0 and t.turn.ap_left == 2
    t = act(t, "next_turn")  # Bo's final turn
    assert t.turn.ap_left == 2
    t = act(t, "next_turn")
    assert t.turn.finished and t.turn.ap_left is None and t.turn.phase is None


def test_guided_moves_are_recorded_by_their_own_player() -> None:
    t = game()
    for kind in ("visit", "fishing", "purchase", "start_turn"):
        assert MOVES[kind].who == "owners" and MOVES[kind].owners == ("player",)
        assert may_record(t, kind, {"player": "Aiko"}, 0)
        assert not may_record(t, kind, {"player": "Aiko"}, 1)


def test_replaying_a_turn_equals_applying_it() -> None:
    t0 = game(start=False)
    actions = [
        {"type": "next_turn"},
        {"type": "fishing", "player": "Aiko", "caught": {"mackerel": 1}},
        {"type": "next_turn"},
    ]
    t = t0
    for a in actions:
        t = apply(t, a)
    again = t0
    for a in actions:
        again = apply(again, dict(a))
    assert t == again and yen(t) == yen(again)
    assert replace(t.turn) == again.turn


# -- discarding barrels at sea (turn-and-scoring.md §1 step 1, fish-markets.md §17) ------------
# Only at the start of your turn, before any action — so not a field of ``fishing``: it is
# ``start_turn``'s ``discarded`` (and ``discarded_himono`` for barrels caught under Himono
# licences), accepted in phase "start" or, in phase "actions", before the turn's first action.


def test_barrels_at_sea_are_discarded_before_the_first_action() -> None:
    t = give(game(), "Aiko", at_sea={"eel": 2, "squid": 1})
    eel = t.board_barrels["eel"]
    lines = preview_lines(t, {"type": "start_turn", "player": "Aiko", "discarded": {"eel": 1}})
    assert lines == [
        "Aiko discards 1 Eel barrel at sea",
        f"Eel barrels on the board: {eel} → {eel + 1}",
    ]
    t = act(t, "start_turn", player="Aiko", discarded={"eel": 1})
    assert t.player("Aiko").at_sea == {"eel": 1, "squid": 1} and t.board_barrels["eel"] == eel + 1
    assert t.turn.ap_left == 2 and t.turn.phase == "actions"
    t = act(t, "start_turn", player="Aiko", discarded={"squid": 1})  # still before any action
    t = act(t, "fishing", player="Aiko")
    refused(t, "start_turn", "discard_too_late", player="Aiko", discarded={"eel": 1})


def test_a_free_or_cart_entry_is_an_action_too() -> None:
    t = give(
        game(["mackerel", "horse_mackerel", "eel", "squid", "tuna"]), "Aiko", at_sea={"eel": 1}
    )
    t = act(t, "visit", player="Aiko", market="horse_mackerel", entry="free", licenses=1)
    assert t.turn.ap_left == 2
    refused(t, "start_turn", "discard_too_late", player="Aiko", discarded={"eel": 1})


def test_discards_in_the_start_phase_come_first() -> None:
    t = give(game(), "Bo", at_sea={"eel": 1}, lower=[("fugu", 300)])
    t = act(t, "next_turn")
    assert t.turn.phase == "start"
    t = act(t, "start_turn", player="Bo", discarded={"eel": 1}, buy_fugu=1)
    assert t.player("Bo").at_sea == {} and t.player("Bo").fish.fugu == 1


def test_a_discarded_barrel_of_an_overfished_market_goes_to_the_box() -> None:
    t = give(game(), "Aiko", at_sea={"eel": 1})
    t = replace(
        t,
        values=replace(t.values, overfished=frozenset({"eel"})),
        board_barrels={**t.board_barrels, "eel": 0},
    )
    t = act(t, "start_turn", player="Aiko", discarded={"eel": 1})
    assert t.board_barrels["eel"] == 0 and t.player("Aiko").at_sea == {}


def test_discard_refusals_change_nothing() -> None:
    t = give(game(), "Aiko", at_sea={"eel": 1})
    refused(t, "start_turn", "discard_more", player="Aiko", discarded={"eel": 2})
    refused(t, "start_turn", "discard_more", player="Aiko", discarded={"squid": 1})
    refused(t, "start_turn", "discard_more_himono", player="Aiko", discarded_himono={"eel": 1})
    refused(t, "start_turn", "not_start_phase", player="Aiko", discarded={"eel": 1}, freezer=True)
    refused(t, "start_turn", "not_start_phase", player="Aiko", discarded={})
    refused(t, "start_turn", "not_a_fish_market", player="Aiko", discarded={"bank": 1})
    refused(t, "start_turn", "bad_field", player="Aiko", discard={"eel": 1})
    refused(t, "start_turn", "not_your_turn", player="Bo", discarded={"eel": 1})


def test_discarding_a_himono_barrel_turns_its_licence_face_up() -> None:
    fish = ["mackerel", "himono", "eel", "squid", "tuna"]
    t = give(
        game(fish),
        "Aiko",
        licenses={"himono": 1},
        at_sea={"mackerel": 3},
        himono_at_sea={"mackerel": 2},
        himono=[([], 2)],
    )
    mackerel = t.board_barrels["mackerel"]
    t = act(t, "start_turn", player="Aiko", discarded_himono={"mackerel": 1})
    p = t.player("Aiko")
    assert p.at_sea == {"mackerel": 2} and p.himono_at_sea == {"mackerel": 1}
    assert p.himono_json() == [{"items": [], "at_sea": 1, "face_down": False}]
    assert t.board_barrels["mackerel"] == mackerel + 1
    t = act(t, "fishing", player="Aiko", caught_himono={"mackerel": 1})
    assert t.player("Aiko").himono_at_sea == {"mackerel": 2}
