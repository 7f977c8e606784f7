"""Tokyo Jutaku's exit calculator (companion/jutaku/): every worked example of
shared/rules/tokyo-jutaku.md §3.4, the end and the winner (§4), every reading AMB-J1 … AMB-J9, and
properties of any game of exits."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.jutaku import catalogue, rules
from companion.jutaku import game as whole_game
from companion.jutaku.catalogue import SETUP_PRICES
from companion.jutaku.game import Outcome, apply, buy_tuna, exit_store, new_game, outcome, replay
from companion.jutaku.rules import Carried, cash_exit, prices_from
from companion.rules.errors import IllegalAction
from companion.rules.messages import render


def carried(**items: Any) -> Carried:
    return Carried.parse(items)


def lines(result: rules.ExitResult) -> list[str]:
    return [render(line.message()) for line in result.lines]


# -- §3.4 worked examples --------------------------------------------------------------------


def test_example1_the_first_exit_of_the_game() -> None:
    result = cash_exit(
        SETUP_PRICES, False, carried(shirt_trousers=2, red=1, salmon=1, spider_crab=[6])
    )
    assert result.payout == 2000  # 600 + 300 + 500 + 600
    assert [line.amount for line in result.lines] == [300, 600, 500, 600]
    assert result.prices["shirt_trousers"] == 200 and result.prices["red"] == 200
    assert result.salmon_cashed is True and rules.salmon_price(result.salmon_cashed) == 400
    assert sorted(result.dropped()) == ["red", "shirt_trousers"]
    assert lines(result) == [
        "1 × red drink at ¥300: ¥300",
        "2 × shirt / trousers at ¥300: ¥600",
        "1 × Salmon at ¥500 (f side): ¥500",
        "1 × Spider Crab 6 at ¥600: ¥600",
    ]


def test_example2_the_detergent_example_with_the_bra_stack_at_its_setup_price() -> None:
    # AMB-J3: the bra stack's current price (¥200 at setup), not the ¥300 the text shows.
    result = cash_exit(
        SETUP_PRICES, False, carried(bra_underwear_socks=2, shirt_trousers=1, detergent=2)
    )
    assert result.payout == 1200  # 600 (shirt, doubled) + 400 (bra, doubled) + 200 (bra)
    assert lines(result)[-2:] == [
        "Detergent doubles a shirt / trousers: +¥300",
        "Detergent doubles a bra / underwear / socks: +¥200",
    ]
    # The rulebook's own ¥1,500 is what the same exit pays with the bra stack at ¥300.
    at_300 = prices_from({"bra_underwear_socks": 300})
    assert (
        cash_exit(
            at_300, False, carried(bra_underwear_socks=2, shirt_trousers=1, detergent=2)
        ).payout
        == 1500
    )


def test_example3_the_second_player_out_with_salmon_gets_400_each() -> None:
    game = new_game(["Aiko", "Bo"])
    game = exit_store(game, 0, carried(shirt_trousers=2, red=1, salmon=1, spider_crab=[6]))
    game = exit_store(game, 1, carried(salmon=2))
    assert game.last is not None and game.last[1].payout == 800
    assert [p.money for p in game.players] == [2000, 800]


def test_example4_a_stack_at_100_drops_to_0_and_pays_nothing_after() -> None:
    prices = prices_from({"shirt_trousers": 100})
    first = cash_exit(prices, False, carried(shirt_trousers=1))
    assert first.payout == 100 and first.prices["shirt_trousers"] == 0
    later = cash_exit(first.prices, False, carried(shirt_trousers=1))
    assert later.payout == 0 and later.prices["shirt_trousers"] == 0  # AMB-J5: never below ¥0


def test_example5_the_third_tuna_of_the_game_costs_1500() -> None:
    game = new_game(["Aiko", "Bo"])
    game = exit_store(game, 0, carried(washer_dryer=2, shirt_trousers=4))  # ¥2,200
    assert game.tuna_price == 500
    game = buy_tuna(game, 0)
    game = exit_store(game, 1, carried(washer_dryer=2, sheets_pillowcase=1))  # ¥800 + ¥400
    game = buy_tuna(game, 1)  # Bo's first Tuna is the game's second: ¥1,000
    assert [p.money for p in game.players] == [1700, 200]
    assert game.tuna_price == 1500  # AMB-J2: one count for the whole game
    with pytest.raises(IllegalAction) as info:
        buy_tuna(game, 1)
    assert info.value.message == "Bo has ¥200; Tuna number 3 of the game costs ¥1,500."
    game = buy_tuna(game, 0)
    assert game.players[0].money == 200 and game.tuna_bought == 3


# -- the end and the winner (§4) ----------------------------------------------------------------


def four_exits(names: list[str], payouts: list[dict[str, Any]]) -> whole_game.Game:
    game = new_game(names)
    for i, items in enumerate(payouts):
        game = exit_store(game, i % len(names), Carried.parse(items))
    return game


def test_the_game_ends_when_all_but_one_have_left_twice() -> None:
    game = new_game(["Aiko", "Bo", "Chie"])
    game = exit_store(game, 0, carried(red=1))
    game = exit_store(game, 1, carried(blue=1))
    game = exit_store(game, 0, carried(green=1))
    assert not game.finished and outcome(game) is None
    game = exit_store(game, 1, carried(yellow=1))
    assert game.finished
    # Chie is still in the store: her basket pays nothing, and nobody can leave any more.
    with pytest.raises(IllegalAction) as info:
        exit_store(game, 2, carried(washer_dryer=1))
    assert info.value.message == "The game is over: every player but one has left the store twice."
    assert [p.money for p in game.players] == [600, 600, 0]
    assert outcome(game) == Outcome((0, 1), "shared")


def test_with_two_players_the_game_ends_when_one_has_left_twice() -> None:
    game = four_exits(["Aiko", "Bo"], [{"red": 1}, {"washer_dryer": 1}])
    assert not game.finished
    game = exit_store(game, 0, carried(blue=1))
    assert game.finished and [p.exits for p in game.players] == [2, 1]


def test_most_money_wins() -> None:
    game = four_exits(["Aiko", "Bo"], [{"red": 1}, {"washer_dryer": 1}, {"blue": 1}])
    assert [p.money for p in game.players] == [600, 500]
    assert outcome(game) == Outcome((0,), "money")


def test_equal_money_goes_to_the_most_newspapers_then_shared() -> None:
    game = four_exits(
        ["Aiko", "Bo"],
        [{"red": 1, "newspaper": 1}, {"washer_dryer": 1, "newspaper": 2}, {"black": 1}],
    )
    assert [p.money for p in game.players] == [500, 500]
    assert [p.newspapers for p in game.players] == [1, 2]
    assert outcome(game) == Outcome((1,), "newspapers")
    game = four_exits(["Aiko", "Bo"], [{"red": 1}, {"washer_dryer": 1}, {"black": 1}])
    assert outcome(game) == Outcome((0, 1), "shared")


def test_a_player_leaves_twice_at_most() -> None:
    game = four_exits(["Aiko", "Bo", "Chie"], [{"red": 1}, {}, {}, {"red": 1}])
    with pytest.raises(IllegalAction) as info:
        exit_store(game, 0, carried(red=1))
    assert info.value.message == "Aiko has left the store twice already."
    with pytest.raises(IllegalAction):
        buy_tuna(game, 0)


# -- the readings AMB-J1 … AMB-J9 -------------------------------------------------------


def test_amb_j1_players_start_with_nothing() -> None:
    game = new_game(["Aiko", "Bo"])
    assert [p.money for p in game.players] == [0, 0]
    with pytest.raises(IllegalAction) as info:
        buy_tuna(game, 0)
    assert info.value.message == "Aiko has ¥0; Tuna number 1 of the game costs ¥500."


def test_amb_j2_tuna_pays_its_printed_value_and_must_be_bought_first() -> None:
    game = exit_store(new_game(["Aiko", "Bo"]), 0, carried(washer_dryer=1))
    with pytest.raises(IllegalAction) as info:
        exit_store(game, 1, carried(tuna=[20]))
    assert info.value.field == "carried.tuna"
    game = buy_tuna(game, 0)
    assert game.players[0].money == 0 and game.players[0].tuna_held == 1
    game = exit_store(game, 0, carried(tuna=[25]))
    assert game.players[0].money == 2500 and game.players[0].tuna_held == 0
    assert cash_exit(SETUP_PRICES, False, carried(tuna=[15, 20, 15])).payout == 5000


def test_amb_j2_there_are_five_tuna_in_the_game() -> None:
    game = exit_store(new_game(["Aiko", "Bo"]), 0, carried(washer_dryer=99))
    for _ in range(catalogue.TUNA_PIECES):
        game = buy_tuna(game, 0)
    assert game.players[0].money == 500 * 99 - 500 * (1 + 2 + 3 + 4 + 5)
    with pytest.raises(IllegalAction):
        buy_tuna(game, 0)


def test_amb_j4_each_category_drops_once_whatever_the_count_drinks_by_colour() -> None:
    result = cash_exit(SETUP_PRICES, False, carried(red=5, blue=1, washer_dryer=3))
    assert result.prices["red"] == 200 and result.prices["blue"] == 200
    assert result.prices["washer_dryer"] == 400
    assert result.prices["green"] == 300 and result.prices["black"] == 200
    assert result.payout == 5 * 300 + 300 + 3 * 500


def test_amb_j5_prices_stop_at_zero() -> None:
    prices = dict(SETUP_PRICES)
    for _ in range(5):
        prices = dict(cash_exit(prices, False, carried(black=1)).prices)
    assert prices["black"] == 0


def test_amb_j6_salmon_pays_500_until_somebody_leaves_with_salmon() -> None:
    game = new_game(["Aiko", "Bo"])
    game = exit_store(game, 0, carried(red=1))  # the first out carries no Salmon
    assert not game.salmon_cashed
    game = exit_store(game, 1, carried(salmon=2))
    assert game.last is not None and game.last[1].payout == 1000
    game = exit_store(game, 0, carried(salmon=1))
    assert game.last is not None and game.last[1].payout == 400


def test_amb_j7_detergent_doubles_clothing_only_the_dearest_first_one_each() -> None:
    washer = cash_exit(SETUP_PRICES, False, carried(washer_dryer=1, red=1, detergent=1))
    assert washer.payout == 800  # nothing to double
    assert lines(washer)[-1] == "1 detergent with no clothing left to double: ¥0"
    mixed = cash_exit(
        SETUP_PRICES, False, carried(sheets_pillowcase=1, bra_underwear_socks=1, detergent=3)
    )
    assert mixed.payout == 2 * 400 + 2 * 200  # two items, two doubled, one detergent left


def test_amb_j8_each_exit_is_counted() -> None:
    game = exit_store(new_game(["Aiko", "Bo"]), 0, carried())
    assert [p.exits for p in game.players] == [1, 0]
    assert game.last is not None and game.last[1].payout == 0


@pytest.mark.parametrize("names", [["Aiko"], ["A", "B", "C", "D", "E", "F", "G"], ["Aiko", "Aiko"]])
def test_amb_j9_two_to_six_players_with_different_names(names: list[str]) -> None:
    with pytest.raises(IllegalAction):
        new_game(names)
    assert len(new_game(["A", "B", "C", "D", "E", "F"]).players) == 6


# -- what is carried and the prices are checked ------------------------------------------------


@pytest.mark.parametrize(
    ("items", "field"),
    [
        ({"sofa": 1}, "carried.sofa"),
        ({"red": -1}, "carried.red"),
        ({"red": 100}, "carried.red"),
        ({"red": True}, "carried.red"),
        ({"salmon": 11}, "carried.salmon"),
        ({"spider_crab": [5]}, "carried.spider_crab[0]"),
        ({"spider_crab": 6}, "carried.spider_crab"),
        ({"tuna": [15] * 6}, "carried.tuna"),
        ({"tuna": [True]}, "carried.tuna[0]"),
    ],
)
def test_what_is_carried_is_checked(items: dict[str, Any], field: str) -> None:
    with pytest.raises(IllegalAction) as info:
        Carried.parse(items)
    assert info.value.field == field
    assert info.value.message.endswith(".")


@pytest.mark.parametrize("price", [-100, 1100, 150, "300", None, True])
def test_a_price_is_a_multiple_of_100_up_to_1000(price: Any) -> None:
    with pytest.raises(IllegalAction) as info:
        prices_from({"red": price})
    assert info.value.field == "prices.red"
    assert (
        info.value.message
        == "The price of the red drink must be a multiple of ¥100 from ¥0 to ¥1,000."
    )


def test_missing_prices_take_their_setup_price() -> None:
    assert prices_from(None) == SETUP_PRICES
    assert SETUP_PRICES["black"] == 200 and SETUP_PRICES["red"] == 300
    assert [SETUP_PRICES[s] for s in catalogue.STACK_PRICES] == [500, 400, 300, 200]


# -- properties ------------------------------------------------------------------------------

category = st.sampled_from(catalogue.CATEGORIES)
carried_items = st.builds(
    lambda counts, salmon, crab, tuna, detergent, newspaper: {
        **counts,
        "salmon": salmon,
        "spider_crab": crab,
        "tuna": tuna,
        "detergent": detergent,
        "newspaper": newspaper,
    },
    st.dictionaries(category, st.integers(0, 6), max_size=4),
    st.integers(0, 3),
    st.lists(st.sampled_from(catalogue.SPIDER_CRAB_VALUES), max_size=2),
    st.just([]),
    st.integers(0, 3),
    st.integers(0, 2),
)


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6), st.data())
def test_any_game_of_exits(players: int, data: st.DataObject) -> None:
    names = [f"P{i}" for i in range(players)]
    game = new_game(names)
    moves: list[dict[str, Any]] = []
    while not game.finished:
        open_ = [i for i, p in enumerate(game.players) if p.exits < catalogue.EXITS]
        who = data.draw(st.sampled_from(open_))
        if (
            game.players[who].money >= game.tuna_price
            and game.tuna_bought < 5
            and data.draw(st.booleans())
        ):
            move: dict[str, Any] = {"type": "buy_tuna", "player": who}
        else:
            items = data.draw(carried_items)
            items["tuna"] = data.draw(
                st.lists(
                    st.sampled_from(catalogue.TUNA_VALUES), max_size=game.players[who].tuna_held
                )
            )
            move = {"type": "exit", "player": who, "carried": items}
        before = game
        game = apply(game, move)
        moves.append(move)
        assert all(0 <= p <= catalogue.PRICE_MAX for p in game.prices.values())
        assert all(game.prices[c] <= before.prices[c] for c in catalogue.CATEGORIES)
        if move["type"] == "exit":
            assert game.last is not None
            result = game.last[1]
            assert result.payout == sum(line.amount for line in result.lines) >= 0
            spent = sum(p.money for p in game.players) - sum(p.money for p in before.players)
            assert spent == result.payout
    assert replay(names, moves) == game
    assert sum(1 for p in game.players if p.exits == catalogue.EXITS) == players - 1
    result = outcome(game)
    assert result is not None
    best = max(p.money for p in game.players)
    assert all(game.players[w].money == best for w in result.winners)


@given(carried_items)
def test_what_is_carried_round_trips_through_json(items: dict[str, Any]) -> None:
    parsed = Carried.parse(items)
    assert Carried.parse(parsed.to_json()) == parsed


@pytest.mark.parametrize("module", [rules, whole_game, catalogue])
def test_doctests(module: Any) -> None:
    assert doctest.testmod(module).failed == 0
