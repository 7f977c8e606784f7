"""Markets that enter during the game (setup.md §7, §8; TC-08): an Overfished fish market is
replaced from the box at once, by every path that Overfishes it; Horse Mackerel brings
Mackerel first; an Expansion token brings a market; the known-order queue is taken in
order; an empty box brings nothing (AMB-23). All of it is part of the action that caused
it: one unit of undo, the same on replay."""

from __future__ import annotations

from dataclasses import replace

from companion.eventlog import Event
from companion.games import fold
from companion.rules import entering
from companion.rules.arrivals import notes_at
from companion.rules.catalogue import BASE_FISH, FISH_MARKETS
from companion.rules.checklist import board_setup, render_checklist
from companion.rules.fish import Fish
from companion.rules.guided import preview
from companion.rules.messages import render
from companion.rules.moves import apply
from companion.rules.setup import board_figure, make_config
from companion.rules.table import Table, initial_table

from .external.exp_support import exp_table
from .guided_support import act, game, give, refused

FOUR = ["mackerel", "eel", "squid", "tuna", "fugu"]


def base(seed: int = 5, variants: tuple[str, ...] = (), **kw: object) -> Table:
    cfg = make_config(
        ["Aiko", "Bo", "Chiyo"],
        fish_markets=kw.pop("fish", FOUR),  # type: ignore[arg-type]
        external_markets=["ships", "bank", "rentals"],
        variants=["more_markets", *variants],
        seed=seed,
    )
    return apply(initial_table(cfg), {"type": "next_turn"})


def fish_entered(t: Table) -> list[tuple[str | None, str, str | None]]:
    return [(a.market, a.cause, a.trigger) for a in t.arrivals]


def test_marking_a_market_overfished_brings_a_random_replacement_at_once() -> None:
    t = base()
    after = act(t, "mark_overfished", market="squid")
    [arrival] = after.arrivals
    assert arrival.cause == "overfished" and arrival.trigger == "squid" and arrival.kind == "fish"
    new = arrival.market
    assert new in BASE_FISH and new not in FOUR  # never the Overfished one nor one in play
    assert after.config.fish_markets == (*FOUR, new)
    # Set up as at the start, for 3 players.
    assert after.board_licenses[new] == entering.set_up(t, new).board_licenses[new]
    assert after.board_barrels[new] is not None or FISH_MARKETS[new].barrels is None
    # The same action replayed draws the same board; the draw depends on the seed.
    assert act(t, "mark_overfished", market="squid") == after
    draws = {
        act(base(seed=s), "mark_overfished", market="squid").arrivals[0].market for s in range(12)
    }
    assert len(draws) > 1


def test_a_market_whose_last_token_leaves_is_replaced_too() -> None:
    t = base()
    t = replace(t, board_tokens={**t.board_tokens, "eel": 1})
    after = act(t, "gain_fish", player="Aiko", fish="eel")
    assert "eel" in after.values.overfished
    assert [(a.cause, a.trigger) for a in after.arrivals] == [("overfished", "eel")]


def test_a_fishing_that_takes_the_last_barrel_brings_a_replacement_shown_in_the_preview() -> None:
    t = game(fish=FOUR)
    t = replace(t, board_barrels={**t.board_barrels, "eel": 1})
    t = give(t, "Aiko", licenses={"eel": 1})
    action = {"type": "fishing", "player": "Aiko", "caught": {"eel": 1}}
    lines = "\n".join(render(m) for m in preview(t, action))
    after = apply(t, action)
    [arrival] = after.arrivals
    assert arrival.trigger == "eel"
    # The preview says a board is drawn, never which (issue #17: the draw is made when the
    # action is recorded); the history names it.
    assert "a fish market is drawn from the box in place of the Overfished Eel" in lines
    assert FISH_MARKETS[str(arrival.market)].en not in lines
    assert (
        f"{FISH_MARKETS[str(arrival.market)].en} enters the game in place of the Overfished Eel"
        in "\n".join(render(m) for m in notes_at(after, t.actions))
    )
    # With the known market order the next board is public: the preview names it.
    known = replace(t, config=replace(t.config, variants=(*t.config.variants, "known_order")))
    [queued] = apply(known, action).arrivals
    assert (
        f"{FISH_MARKETS[str(queued.market)].en} enters the game in place of the Overfished Eel"
        in "\n".join(render(m) for m in preview(known, action))
    )


def test_horse_mackerel_overfished_without_mackerel_brings_mackerel_first() -> None:
    t = game(fish=["horse_mackerel", *FOUR[1:]], players=("Aiko", "Bo", "Chiyo"))
    assert "mackerel" not in t.config.fish_markets
    after = act(t, "mark_overfished", market="horse_mackerel")
    first, second = after.arrivals
    assert (first.market, first.cause, first.trigger) == ("mackerel", "mackerel", "horse_mackerel")
    assert second.cause == "overfished" and second.market not in ("mackerel", "horse_mackerel")
    # P licences on the Mackerel board, none handed out (setup.md §3.2).
    assert after.board_licenses["mackerel"] == 3
    assert all("mackerel" not in p.licenses for p in after.players)
    assert after.board_tokens["mackerel"] == board_figure(after.config, "mackerel", "tokens")
    text = [render(m) for m in notes_at(after, t.actions)]
    assert text[0].startswith("Mackerel enters the game first")


def test_horse_mackerel_overfished_with_mackerel_in_play_brings_only_a_replacement() -> None:
    t = game(fish=["horse_mackerel", *FOUR], players=("Aiko", "Bo", "Chiyo"))
    after = act(t, "mark_overfished", market="horse_mackerel")
    assert [a.cause for a in after.arrivals] == ["overfished"]


def test_two_markets_overfished_by_one_action_are_each_replaced() -> None:
    t = base()
    t = replace(t, board_tokens={**t.board_tokens, "eel": 1, "squid": 1})
    t = act(t, "gain_fish", player="Aiko", fish="eel")
    t = act(t, "gain_fish", player="Aiko", fish="squid")
    assert [a.trigger for a in t.arrivals] == ["eel", "squid"]
    assert len({a.market for a in t.arrivals}) == 2


def test_the_known_order_queue_is_taken_in_order() -> None:
    t = base(variants=("known_order",))
    queue = entering.known_order(t.config, "fish")
    assert set(queue) == set(BASE_FISH) - set(FOUR)
    t = act(t, "mark_overfished", market="squid")
    t = act(t, "mark_overfished", market="eel")
    assert [a.market for a in t.arrivals] == list(queue[:2])
    assert entering.known_order(t.config, "fish") == queue[2:]


def test_an_empty_box_brings_nothing_and_says_so() -> None:
    t = base(fish=list(BASE_FISH))
    after = act(t, "mark_overfished", market="squid")
    [arrival] = after.arrivals
    assert arrival.market is None and arrival.kind == "fish"
    assert after.config.fish_markets == t.config.fish_markets
    assert "squid" in after.values.overfished  # the Overfishing still happens (AMB-23)
    [note] = notes_at(after, t.actions)
    assert render(note) == (
        "Nothing enters in place of the Overfished Squid: no board of that kind (a fish "
        "market) is left in the box"
    )
    assert "何も加わらない" in render(note, "ja")


def test_an_expansion_token_brings_a_fish_market() -> None:
    t = exp_table(seed=4)
    t = give(t, "Aiko", yen=2000)
    after = apply(
        t,
        {
            "type": "visit",
            "player": "Aiko",
            "market": "influence",
            "entry": "ap",
            "expansion_tokens": ["fish"],
        },
    )
    [arrival] = after.arrivals
    assert arrival.cause == "expansion" and arrival.kind == "fish"
    assert (
        arrival.market in after.config.fish_markets and arrival.market not in t.config.fish_markets
    )
    assert after.stock["influence.expansion_token"] == 1


def test_a_market_added_by_hand_sets_up_external_stock_from_the_catalogue() -> None:
    t = exp_table(external=("ships", "used_ships", "bank", "rentals"))
    t = act(t, "add_market", market="influence")
    assert t.stock["influence.buyer_token"] == 2 and t.stock["influence.expansion_token"] == 2
    t = act(t, "add_market", market="boat_rentals")
    assert t.stock["boat_rentals.token"] == 6
    t = act(t, "add_market", market="aquarium")
    assert {"aquarium", "new_aquarium"} <= set(t.config.external_markets)
    assert [a.market for a in t.arrivals][-2:] == ["aquarium", "new_aquarium"]


def test_the_auction_market_never_enters_a_two_player_game() -> None:
    """setup.md §2.2: no Auction market under 3 players. Setup and the draws leave it out;
    adding it by hand is refused as well (#19), and at 3 players it enters."""
    two = game(players=["Aiko", "Bo"], external=("ships", "bank", "rentals"))
    assert "auction" not in entering.all_boards(two.config, "external")
    e = refused(two, "add_market", "setup.auction_players", market="auction")
    assert e.field == "market"
    three = game(players=["Aiko", "Bo", "Chiyo"], external=("ships", "bank", "rentals"))
    assert "auction" in act(three, "add_market", market="auction").config.external_markets


def test_the_just_entered_box_lists_the_boards_setup_until_the_next_action() -> None:
    t = base()
    t = act(t, "mark_overfished", market="squid")
    [shown] = entering.just_entered(t)
    setup = board_setup(t.config, str(shown.market))
    assert setup["board"] == FISH_MARKETS[str(shown.market)].en and setup["lines"]
    t = act(t, "set_track", track="eel", value=2)
    assert entering.just_entered(t) == ()


def test_mackerel_entering_mid_game_shows_p_licences_and_no_set_aside() -> None:
    cfg = make_config(
        ["Aiko", "Bo", "Chiyo", "Daichi", "Emi"],
        fish_markets=["horse_mackerel", "eel", "squid", "tuna", "fugu", "octopus"],
        external_markets=["ships", "bank", "rentals", "trading"],
        expansion=True,
        variants=["more_markets"],
    )
    [item] = render_checklist([board_setup(cfg, "mackerel")])
    assert item["lines"][0] == "5 licences"
    assert not any("aside" in line for line in item["lines"])


def test_replay_through_the_fold_equals_live_and_undo_restores() -> None:
    cfg = base().config
    actions = [
        {"type": "next_turn"},
        {"type": "mark_overfished", "market": "squid"},
        {"type": "mark_overfished", "market": "eel"},
    ]
    events = [
        Event(i + 1, a["type"], {k: v for k, v in a.items() if k != "type"}, "host", "now")
        for i, a in enumerate(actions)
    ]
    live = initial_table(cfg)
    tables = [live]
    for a in actions:
        live = apply(live, a)
        tables.append(live)
    assert fold(cfg, events) == live
    undone = replace(events[-1], undone_by=4)
    assert fold(cfg, [*events[:-1], undone]) == tables[-2]
    assert len(tables[-2].arrivals) == 1 and len(live.arrivals) == 2


def test_fish_tokens_held_are_not_touched_by_an_arrival() -> None:
    t = give(base(), "Aiko", fish=Fish(squid=2))
    after = act(t, "mark_overfished", market="squid")
    assert after.players[0].fish == Fish(squid=2)
