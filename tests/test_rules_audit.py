"""An outside audit of the newest rules code against the rulebooks (issue #9).

Every case here was written from the rulebooks first, without reading the implementation:
the English base game [EN] (shared/seeds/000_…), the Japanese book [JA] (shared/seeds/003_…:
the base game, the Expansion, the variants), the digests in shared/rules/ and the app's own
readings (docs/readings.md). Each case drives the app through the JSON API only (POST
/api/games, POST …/actions, GET …/<id>) with the Flask test client on a real SQLite file, and
each says in a comment which passage it checks. A refusal must change nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

A, B, C, D = "Aiko", "Bo", "Chiyo", "Daichi"

#: Every base market in play (the more-markets variant lifts the count of setup.md §2.1).
BASE: dict[str, Any] = {
    "players": [A, B, C],
    "seed": 11,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "fugu", "octopus", "squid", "salmon", "tuna"],
    "external_markets": [
        "ships",
        "used_ships",
        "aquarium",
        "government",
        "rentals",
        "trading",
        "bank",
    ],
}

#: The Expansion's external markets, with the board numbers the books do not print (AMB-40).
EXP: dict[str, Any] = {
    "players": [A, B, C],
    "seed": 5,
    "expansion": True,
    "variants": ["more_markets", "blue_ship"],
    "fish_markets": ["mackerel", "eel", "fugu", "octopus", "squid", "salmon", "tuna"],
    "external_markets": [
        "ships",
        "used_ships",
        "influence",
        "boat_rentals",
        "sushi",
        "aquarium",
        "new_aquarium",
    ],
    "board_numbers": {
        "influence": {"entry_ap": 1},
        "boat_rentals": {"entry_ap": 1},
        "sushi": {"entry_ap": 1, "yen_1": 100, "yen_2": 300, "yen_4": 1000, "yen_5": 1500},
    },
}


class Table:
    """One game through the JSON API, as the host (the table screen)."""

    def __init__(self, app: Any, setup: dict[str, Any]) -> None:
        self.client = app.test_client()
        r = self.client.post("/api/games", json=setup)
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/games/{self.id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {self.host}"},
        )

    def act(self, **action: Any) -> dict[str, Any]:
        r = self.post("/actions", action)
        assert r.status_code == 201, r.get_json()
        return dict(r.get_json())

    def refused(self, **action: Any) -> str:
        before = self.state()
        r = self.post("/actions", action)
        assert r.status_code == 400, r.get_json()
        after = self.state()
        assert after["seq"] == before["seq"]
        assert after["players"] == before["players"]
        assert after["markets"] == before["markets"]
        return str(r.get_json()["error"])

    def state(self) -> dict[str, Any]:
        r = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        )
        assert r.status_code == 200
        return dict(r.get_json())

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.state()["players"] if p["name"] == name)

    def yen(self, name: str) -> int:
        return int(self.player(name)["yen"])

    def stock(self, key: str) -> int:
        return int(self.state()["markets"]["stock"].get(key, 0))

    def places(self) -> dict[str, list[str]]:
        return dict(self.state()["markets"]["places"])

    def ap(self) -> int | None:
        return self.state()["ap_left"]

    def crash(self, market: str) -> str | None:
        ext = self.state()["markets"]["external"]
        return next(m["crash"] for m in ext if m["id"] == market)

    def external(self) -> list[str]:
        return [m["id"] for m in self.state()["markets"]["external"]]

    def fish_markets(self) -> list[str]:
        return [m["id"] for m in self.state()["markets"]["fish"]]

    def give(self, name: str, fish: str, count: int = 1, **extra: Any) -> None:
        self.act(type="gain_fish", player=name, fish=fish, count=count, **extra)

    def fish_count(self, name: str, key: str) -> int:
        total = 0
        for f in self.player(name)["fish"]:
            if f["key"] == key:
                total += int(f.get("count", 1))
        return total

    def next_turn(self) -> None:
        self.act(type="next_turn")

    def visit(self, name: str, market: str, entry: Any = "ap", **fields: Any) -> dict[str, Any]:
        return self.act(type="visit", player=name, market=market, entry=entry, **fields)

    def refused_visit(self, name: str, market: str, entry: Any = "ap", **fields: Any) -> str:
        return self.refused(type="visit", player=name, market=market, entry=entry, **fields)

    def boats(self, name: str) -> list[str]:
        return sorted(b["kind"] for b in self.player(name)["boats"])


@pytest.fixture
def base(app: Any) -> Table:
    t = Table(app, BASE)
    t.next_turn()  # Aiko's turn
    return t


@pytest.fixture
def exp(app: Any) -> Table:
    t = Table(app, EXP)
    t.next_turn()
    return t


# --------------------------------------------------------------------------------------
# Ships (漁船). [EN] "Ships": "Each Ship costs ¥500 for each slot it has. The Barge costs
# ¥1,000." "You may sell a boat for 10% of its purchase price at the Ships Market, rounded up
# to the nearest ¥100." Board: 1-slot 1, 2-slot P, 3-slot P−1, 4-slot P−2 (min 1), barge 1.


def test_setup_ships_board_for_three_players(base: Table) -> None:
    # [EN] 3-player example: "Ships: 1 One-slot Ship / 3 Two-slot Ships / 2 Three-slot
    # Ships / 1 Four-slot Ship / 1 Barge"; Used Ships starts empty (setup.md §4).
    stock = base.state()["markets"]["stock"]
    assert {k: v for k, v in stock.items() if k.startswith("ships.")} == {
        "ships.one_slot": 1,
        "ships.two_slot": 3,
        "ships.three_slot": 2,
        "ships.four_slot": 1,
        "ships.barge": 1,
    }
    assert not any(k.startswith("used_ships.") and v for k, v in stock.items())


@pytest.mark.parametrize(
    ("boat", "buy", "sell"),
    [
        ("one_slot", 500, 100),  # 10 % of ¥500 = ¥50 → rounded up ¥100
        ("two_slot", 1000, 100),  # 10 % of ¥1,000 = ¥100
        ("three_slot", 1500, 200),  # [EN] example: bought ¥1,500, sold back ¥200
        ("four_slot", 2000, 200),
    ],
)
def test_ships_buy_and_sell_each_ship(base: Table, boat: str, buy: int, sell: int) -> None:
    base.act(type="pay", **{"from": "supply", "to": A, "amount": 1000})
    base.act(type="open_port", player=A)  # ¥500, port "1"
    base.visit(A, "ships", buy=[boat])
    assert base.yen(A) == 3000 - 500 - buy
    assert base.boats(A) == sorted(["one_slot", boat])
    left = base.stock(f"ships.{boat}")
    base.visit(A, "ships", sell_boats=[boat])
    assert base.yen(A) == 3000 - 500 - buy + sell
    assert base.stock(f"ships.{boat}") == left + 1  # back onto the Ships board


def test_ships_barge_costs_1000_sells_100_and_needs_port_2(base: Table) -> None:
    # [EN] "only the '2' Port can hold a Barge"; "The Barge costs ¥1,000"; 10 % → ¥100.
    base.act(type="open_port", player=A)
    base.refused_visit(A, "ships", buy=["barge"])  # port "1" takes no barge
    base.act(type="open_port", player=A)
    base.visit(A, "ships", buy=["barge"])
    assert base.yen(A) == 2000 - 1000 - 1000
    base.visit(A, "ships", sell_boats=["barge"])
    assert base.yen(A) == 2000 - 1000 - 1000 + 100


def test_ships_selling_the_starting_ship_pays_the_list_price_tenth(base: Table) -> None:
    # AMB-31: the list price, not what was paid (nothing for the starting ship).
    base.visit(A, "ships", sell_boats=["one_slot"])
    assert base.yen(A) == 2100 and base.boats(A) == []
    assert base.stock("ships.one_slot") == 2


def test_ships_buying_needs_a_free_port_place(base: Table) -> None:
    # [EN] "you must have space in one of your Ports for it to be placed at the point of
    # purchase". The starting ship fills the only open port.
    base.refused_visit(A, "ships", buy=["two_slot"])
    # Selling first frees the place in the same visit (sales come first, docs/actions.md).
    base.visit(A, "ships", sell_boats=["one_slot"], buy=["two_slot"])
    assert base.boats(A) == ["two_slot"] and base.yen(A) == 2000 + 100 - 1000


def test_port_2_holds_two_ships_or_one_barge(base: Table) -> None:
    # [EN] "The rightmost '2' Port can hold 2 Ships at the same time, or 1 Barge".
    base.act(type="pay", **{"from": "supply", "to": A, "amount": 5000})
    base.act(type="open_port", player=A)
    base.act(type="open_port", player=A)
    base.visit(A, "ships", buy=["two_slot", "two_slot", "two_slot"])
    assert len(base.boats(A)) == 4  # left, "1", and two in "2"
    base.refused_visit(A, "ships", buy=["one_slot"])
    base.refused_visit(A, "ships", buy=["barge"])
    # Sell both ships of port "2" (any two of the docked ships): the barge then fits.
    base.visit(A, "ships", sell_boats=["two_slot", "two_slot"], buy=["barge"])
    assert base.boats(A) == ["barge", "one_slot", "two_slot"]
    base.next_turn()
    base.next_turn()
    base.next_turn()
    # With the barge in "2", a further ship has no place.
    base.refused_visit(A, "ships", buy=["one_slot"])


def test_ports_open_in_order_for_500_each(base: Table) -> None:
    # [EN] "open up a blocked Port ... by paying the ¥500 cost ... in order from left to
    # right".
    base.act(type="open_port", player=A)
    base.act(type="open_port", player=A)
    assert base.player(A)["ports"] == 2 and base.yen(A) == 1000
    base.refused(type="open_port", player=A)


def test_ships_visit_costs_one_ap(base: Table) -> None:
    # [EN] Ships: "Entry cost: 1 Action Point."
    base.visit(A, "ships", sell_boats=["one_slot"])
    assert base.ap() == 1


# --------------------------------------------------------------------------------------
# Used Ships (中古漁船). [EN]: sell "¥200 for each slot ... a Barge, take ¥400 (in total)";
# buy "¥300 for each slot ... a Barge, pay ¥600". "You cannot use this market on your last
# turn (i.e. once the end of the game has been triggered)."


@pytest.mark.parametrize(
    ("boat", "sell", "buy"),
    [("one_slot", 200, 300), ("two_slot", 400, 600), ("three_slot", 600, 900)],
)
def test_used_ships_sell_then_buy_back(base: Table, boat: str, sell: int, buy: int) -> None:
    if boat != "one_slot":
        base.act(type="open_port", player=A)
        base.act(type="take_boat", player=A, boat=boat, pay=False)
    yen0 = base.yen(A)
    base.visit(A, "used_ships", sell_boats=[boat])
    assert base.yen(A) == yen0 + sell
    assert base.stock(f"used_ships.{boat}") == 1
    base.visit(A, "used_ships", buy=[boat])
    assert base.yen(A) == yen0 + sell - buy
    assert base.stock(f"used_ships.{boat}") == 0


def test_used_ships_barge_400_and_600(base: Table) -> None:
    base.act(type="open_port", player=A)
    base.act(type="open_port", player=A)
    base.act(type="take_boat", player=A, boat="barge", pay=False)
    yen0 = base.yen(A)
    base.visit(A, "used_ships", sell_boats=["barge"])
    assert base.yen(A) == yen0 + 400
    base.visit(A, "used_ships", buy=["barge"])
    assert base.yen(A) == yen0 + 400 - 600


def test_used_ships_starts_empty(base: Table) -> None:
    # setup.md §4: "Used Ships starts empty (boats arrive only when sold to it)".
    base.act(type="open_port", player=A)
    base.refused_visit(A, "used_ships", buy=["one_slot"])


def test_used_ships_refused_once_the_end_is_triggered(base: Table) -> None:
    # [EN] Game End: "at least ¥5,000 and do not have the outright lowest total number of
    # Resources" triggers at the start of the turn; Used Ships is then closed to everyone,
    # the trigger player included (AMB-32).
    base.act(type="pay", **{"from": "supply", "to": A, "amount": 3000})
    base.next_turn()
    base.next_turn()
    base.next_turn()  # Aiko's turn starts with ¥5,000: the end is triggered
    assert base.state()["turn"]["triggered_by"] == A
    base.refused_visit(A, "used_ships", sell_boats=["one_slot"])
    # Ships itself stays usable.
    base.visit(A, "ships", sell_boats=["one_slot"])


# --------------------------------------------------------------------------------------
# The Blue ship (青の漁船, [JA] Expansion): "費用は通常の4スロット漁船と同じ（つまり2,000円）ですが、
# それに加えて、自分が所有する別の漁船1隻を下取りに出し、「漁船」市場（「中古漁船」市場を使用して
# いる場合は、そちら）に置かなければなりません。下取りに出す漁船は自分の停泊所から取らなければならず、
# その対価は受け取れません。" It sells like a normal 4-slot ship at Ships (¥200) or Used Ships (¥800);
# bought back from Used Ships for ¥1,200 plus another trade-in onto the Used Ships board.


def test_blue_ship_costs_2000_and_a_trade_in_onto_used_ships(exp: Table) -> None:
    exp.act(type="pay", **{"from": "supply", "to": A, "amount": 1000})
    assert exp.stock("ships.blue") == 1
    exp.refused_visit(A, "ships", buy=["blue"])  # no trade-in named
    exp.visit(A, "ships", buy=["blue"], trade_in="one_slot")
    assert exp.yen(A) == 3000 - 2000  # nothing back for the traded ship
    assert exp.boats(A) == ["blue"]
    assert exp.stock("used_ships.one_slot") == 1  # Used Ships is in play
    assert exp.stock("ships.one_slot") == 1  # unchanged
    assert exp.stock("ships.blue") == 0


def test_blue_ship_sells_like_a_four_slot_ship(exp: Table) -> None:
    exp.act(type="pay", **{"from": "supply", "to": A, "amount": 1000})
    exp.visit(A, "ships", buy=["blue"], trade_in="one_slot")
    exp.visit(A, "used_ships", sell_boats=["blue"])
    assert exp.yen(A) == 1000 + 800
    assert exp.stock("used_ships.blue") == 1
    exp.next_turn()
    exp.next_turn()
    exp.next_turn()
    # Rebuying it from Used Ships: ¥1,200 plus a trade-in onto the Used Ships board.
    exp.act(type="take_boat", player=A, boat="two_slot", pay=False)
    exp.visit(A, "used_ships", buy=["blue"], trade_in="two_slot")
    assert exp.yen(A) == 1800 - 1200
    assert exp.boats(A) == ["blue"]
    assert exp.stock("used_ships.two_slot") == 1
    exp.visit(A, "ships", sell_boats=["blue"])
    assert exp.yen(A) == 600 + 200  # 10 % of ¥2,000


def test_blue_ship_trade_in_goes_to_ships_without_used_ships(app: Any) -> None:
    setup = {**EXP, "external_markets": ["ships", "influence", "sushi", "boat_rentals"]}
    t = Table(app, setup)
    t.next_turn()
    t.act(type="pay", **{"from": "supply", "to": A, "amount": 1000})
    t.visit(A, "ships", buy=["blue"], trade_in="one_slot")
    assert t.stock("ships.one_slot") == 2


def test_blue_ship_trade_in_must_be_a_ship_not_a_barge(exp: Table) -> None:
    # AMB-52: the trade-in is a 漁船 (ship), not a はしけ (barge).
    exp.act(type="pay", **{"from": "supply", "to": A, "amount": 3000})
    exp.act(type="open_port", player=A)
    exp.act(type="open_port", player=A)
    exp.act(type="take_boat", player=A, boat="barge", pay=False)
    exp.refused_visit(A, "ships", buy=["blue"], trade_in="barge")


# --------------------------------------------------------------------------------------
# Aquarium (水族館). [EN] board data: "Mackerel: demand 4, ¥300. Fugu: demand 2, ¥500.
# Octopus: demand 1, ¥500. Eel: demand 1, ¥600. Squid: demand 2, ¥600. Takoyaki: demand 1,
# ¥700. Salmon: demand 1, ¥700. Tuna: demand 1, ¥2000." Entry 2 AP. Tokens stay forever.


def test_aquarium_two_mackerel_and_a_tuna(base: Table) -> None:
    # external-markets.md §4 test case: +¥2,600.
    base.give(A, "mackerel", 2)
    base.give(A, "tuna", value=15)
    base.visit(A, "aquarium", tokens=["mackerel", "mackerel", "tuna:15"])
    assert base.yen(A) == 4600 and base.ap() == 0
    assert base.places()["aquarium.mackerel"] == ["mackerel", "mackerel"]
    assert base.player(A)["fish"] == []


@pytest.mark.parametrize(
    ("fish", "code", "yen", "room"),
    [
        ("mackerel", "mackerel", 300, 4),
        ("fugu", "fugu", 500, 2),
        ("octopus", "octopus", 500, 1),
        ("eel", "eel", 600, 1),
        ("squid", "squid", 600, 2),
        ("takoyaki", "takoyaki", 700, 1),
        ("salmon", "salmon", 700, 1),
        ("tuna", "tuna:15", 2000, 1),
    ],
)
def test_aquarium_price_and_room_per_fish(
    base: Table, fish: str, code: str, yen: int, room: int
) -> None:
    extra = {"value": 15} if fish == "tuna" else {}
    base.give(A, fish, room + 1, **extra)
    base.refused_visit(A, "aquarium", tokens=[code] * (room + 1))  # one over its demand
    base.visit(A, "aquarium", tokens=[code] * room)
    assert base.yen(A) == 2000 + room * yen
    base.next_turn()
    base.next_turn()
    base.next_turn()
    base.refused_visit(A, "aquarium", tokens=[code])  # no demand left for that fish


def test_aquarium_mackerel_place_holding_three_takes_one_more(base: Table) -> None:
    base.give(A, "mackerel", 5)
    base.visit(A, "aquarium", tokens=["mackerel"] * 3)
    base.next_turn()
    base.next_turn()
    base.next_turn()
    base.refused_visit(A, "aquarium", tokens=["mackerel"] * 2)
    base.visit(A, "aquarium", tokens=["mackerel"])
    assert base.yen(A) == 2000 + 4 * 300


def test_aquarium_has_no_place_for_red_snapper_or_spider_crab(app: Any) -> None:
    setup = {**BASE, "fish_markets": BASE["fish_markets"] + ["red_snapper", "spider_crab"]}
    t = Table(app, setup)
    t.next_turn()
    t.act(type="take_red_snapper", player=A)
    t.give(A, "spider_crab", value=4)
    t.refused_visit(A, "aquarium", tokens=["red_snapper"])
    t.refused_visit(A, "aquarium", tokens=["spider_crab:4"])


def test_aquarium_horse_mackerel_goes_into_the_mackerel_place(app: Any) -> None:
    # [JA] アジ: "アジトークンは（形が同じであるため）、通常のサバトークンと同じ「水族館」市場の
    # スペースに売却できます。"
    setup = {
        **EXP,
        "fish_markets": EXP["fish_markets"] + ["horse_mackerel"],
        "board_numbers": {
            **EXP["board_numbers"],
            "horse_mackerel": {"licenses": 3, "barrels": 9, "tokens": 20},
        },
    }
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "horse_mackerel", 2)
    t.give(A, "mackerel", 3)
    t.visit(A, "aquarium", tokens=["horse_mackerel", "horse_mackerel", "mackerel", "mackerel"])
    assert t.yen(A) == 2000 + 4 * 300
    t.next_turn()
    t.next_turn()
    t.next_turn()
    t.refused_visit(A, "aquarium", tokens=["mackerel"])  # the shared place is full


# --------------------------------------------------------------------------------------
# Government (政府). [EN]: "No entry cost. You may only enter this Market once per turn."
# "left space, ¥300 per Fish token, capacity 3; right space, ¥200 per Fish token, capacity
# 10" "(regardless of the Resource value of the tokens themselves)". "It is not possible to
# interact with this Market if both spaces are full."


def test_government_example(base: Table) -> None:
    base.give(A, "squid", 3)
    base.give(A, "mackerel", 2)
    base.visit(A, "government", "free", left=["squid"] * 3, right=["mackerel"] * 2)
    assert base.yen(A) == 2000 + 1300 and base.ap() == 2


def test_government_capacities_and_once_per_turn(base: Table) -> None:
    base.give(A, "mackerel", 14)
    base.refused_visit(A, "government", "free", left=["mackerel"] * 4)
    base.refused_visit(A, "government", "free", right=["mackerel"] * 11)
    base.visit(A, "government", "free", left=["mackerel"])
    base.refused_visit(A, "government", "free", left=["mackerel"])  # once per turn
    base.next_turn()
    base.next_turn()
    base.next_turn()
    base.visit(A, "government", "free", left=["mackerel"] * 2, right=["mackerel"] * 10)
    assert base.yen(A) == 2000 + 3 * 300 + 10 * 200  # the ¥2,900 maximum
    base.next_turn()
    base.next_turn()
    base.next_turn()
    base.refused_visit(A, "government", "free", right=["mackerel"])  # both full


def test_government_pays_per_token_whatever_its_worth(base: Table) -> None:
    base.give(A, "tuna", value=25)
    base.give(A, "takoyaki")
    base.visit(A, "government", "free", left=["tuna:25"], right=["takoyaki"])
    assert base.yen(A) == 2000 + 300 + 200


# --------------------------------------------------------------------------------------
# Trading (取引). [EN] board: "2+ (¥300), 3+ (¥500), 4+ (¥700), 5+ (¥900), 10+ (¥1800)".
# Yen: "only ... if there is at least one empty space"; tokens "with a current combined worth
# of at least the number of Resources shown". Swap: "only ... if Fish tokens have been traded
# for Yen at least once", "a combined worth of at least the number of Resources printed in
# that space".


def test_trading_example_then_a_swap(base: Table) -> None:
    # external-markets.md §10: Octopus + Mackerel (4 R) on 4+ → ¥700; B swaps 4 Mackerel in.
    base.give(A, "octopus")
    base.give(A, "mackerel")
    base.visit(A, "trading", trades=[{"place": 4, "tokens": ["octopus", "mackerel"]}])
    assert base.yen(A) == 2700
    base.next_turn()
    base.give(B, "mackerel", 4)
    base.visit(B, "trading", trades=[{"place": 4, "tokens": ["mackerel"] * 4}])
    assert base.yen(B) == 2000
    assert sorted(base.places()["trading.4"]) == ["mackerel"] * 4
    assert base.fish_count(B, "octopus") == 1 and base.fish_count(B, "mackerel") == 1


@pytest.mark.parametrize(("place", "yen"), [(2, 300), (3, 500), (5, 900), (10, 1800)])
def test_trading_place_prices(base: Table, place: int, yen: int) -> None:
    base.give(A, "mackerel", place)
    base.refused_visit(A, "trading", trades=[{"place": place, "tokens": ["mackerel"] * (place - 1)}])
    base.visit(A, "trading", trades=[{"place": place, "tokens": ["mackerel"] * place}])
    assert base.yen(A) == 2000 + yen


def test_trading_fugu_pair_is_worth_four(base: Table) -> None:
    # AMB-13: k Fugu are worth k².
    base.give(A, "fugu", 2)
    base.visit(A, "trading", trades=[{"place": 4, "tokens": ["fugu", "fugu"]}])
    assert base.yen(A) == 2700


def test_trading_squid_is_worth_nothing(base: Table) -> None:
    # [EN] Squid: "1 Squid token = 0R".
    base.give(A, "squid", 2)
    base.refused_visit(A, "trading", trades=[{"place": 2, "tokens": ["squid", "squid"]}])


def test_trading_swap_leaves_the_printed_number_not_the_taken_worth(base: Table) -> None:
    # AMB-35: 10 Mackerel on 10+; a swap must leave 10 R, even though a Tuna was not on it.
    base.give(A, "mackerel", 10)
    base.visit(A, "trading", trades=[{"place": 10, "tokens": ["mackerel"] * 10}])
    base.next_turn()
    base.give(B, "mackerel", 9)
    base.refused_visit(B, "trading", trades=[{"place": 10, "tokens": ["mackerel"] * 9}])
    base.give(B, "tuna", value=15)
    base.visit(B, "trading", trades=[{"place": 10, "tokens": ["tuna:15"]}])
    assert base.fish_count(B, "mackerel") == 19 and base.yen(B) == 2000


# --------------------------------------------------------------------------------------
# Rentals (レンタル). [EN]: "¥200 each"; "Each Freezer or Cart takes up a License space";
# "can be used twice; ... '2' side face up when you rent it, flip it to the '1' side when
# using it for the first time, and return it to the Market when using it for the second
# time." Freezer: skip degradation. Cart: "1 additional Action Point to spend entering
# Markets"; "cannot be used for Fishing or Purchasing".


def test_rentals_freezer_and_cart_cost_400_and_two_spaces(base: Table) -> None:
    base.visit(A, "rentals", "free", freezers=1, carts=1)
    a = base.player(A)
    assert a["yen"] == 1600 and a["spaces_used"] == 3 and base.ap() == 2
    assert base.stock("rentals.freezer") == 1 and base.stock("rentals.cart") == 1


def test_rentals_need_a_free_license_space(base: Table) -> None:
    base.visit(A, "rentals", "free", freezers=2, carts=1)  # Mackerel licence + 3 = 4 spaces
    base.refused_visit(A, "rentals", "free", carts=1)


def test_a_cart_pays_one_ap_of_an_entry_and_returns_after_two_uses(base: Table) -> None:
    base.give(A, "mackerel", 2)
    base.visit(A, "rentals", "free", carts=1)
    base.visit(A, "aquarium", "cart", tokens=["mackerel"])  # 1 AP from the Cart + 1 AP
    assert base.ap() == 1
    base.visit(A, "ships", "cart", sell_boats=["one_slot"])  # the Cart's second use
    assert base.ap() == 1
    assert base.stock("rentals.cart") == 2  # back on the Rentals board
    assert base.player(A)["spaces_used"] == 1


def test_a_freezer_skips_degradation_and_the_fugu_self_purchase(base: Table) -> None:
    # [EN] Fugu: "if you use a Freezer ..., the Fish Degradation step doesn't happen and so
    # you cannot purchase your own Fugu Barrels that turn".
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.act(type="fishing", player=A, caught={"eel": 1})
    base.act(type="fishing", player=A, unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 300}])
    base.next_turn()
    base.visit(B, "rentals", "free", freezers=1)
    base.next_turn()
    base.next_turn()
    # Aiko's barrel degrades to the lower row (no Freezer).
    assert base.player(A)["harbor"]["lower"] == [{"fish": "eel", "price": 300}]
    base.next_turn()
    # Bo uses the Freezer: it flips to "1"; nothing of his degrades (he has nothing; the
    # flip is what is checked).
    base.act(type="start_turn", player=B, freezer=True)
    item = [i for i in base.player(B)["space_items"] if "freezer" in str(i).lower()]
    assert item and "1" in str(item[0])


# --------------------------------------------------------------------------------------
# Bank (銀行). [EN]: "Entry cost: 2 Action Points, OR ¥100." Loans +¥500 each (3), shares
# ¥300 each (2); "No player can do both".


def test_bank_loans_shares_and_exclusivity(base: Table) -> None:
    base.visit(A, "bank", "yen", loans=2)
    assert base.yen(A) == 2000 - 100 + 1000 and base.ap() == 2
    base.refused_visit(A, "bank", "yen", shares=1)  # took a loan: never a share
    base.next_turn()
    base.visit(B, "bank", "ap", shares=2)
    assert base.yen(B) == 2000 - 600 and base.ap() == 0
    assert base.stock("bank.loans") == 1 and base.stock("bank.shares") == 0


# --------------------------------------------------------------------------------------
# The external market crash variant (外部市場の暴落, [JA] variants): "ある外部市場が暴落する条件を
# 満たした場合、ただちに箱の中から外部市場ボードを無作為に1枚引き、ゲーム開始時と同じように通常どおり
# セットアップし、それを場に加えて ... 暴落した市場のボードの上に暴落トークンを1個置き". 「暴落」 side:
# "二度と暴落しない ... 引き続き訪れて処理を行うことができます". 「閉鎖」 side: "訪れることも処理を行う
# こともできなくなります。それ以降、その市場に戻されるはずのコンポーネントは、代わりに箱に置きます。"

CRASH_BASE: dict[str, Any] = {**BASE, "variants": ["more_markets", "crash"]}


@pytest.fixture
def crash(app: Any) -> Table:
    t = Table(app, CRASH_BASE)
    t.next_turn()
    return t


def crashed_list(t: Table) -> list[tuple[str, str]]:
    return [(c["market"], c["side"]) for c in t.state()["markets"]["crash"]["crashed"]]


def crash_arrivals(t: Table) -> list[str | None]:
    return [a["market"] for a in t.state()["markets"]["arrivals"] if a["cause"] == "crash"]


def end_turns(t: Table, n: int) -> None:
    for _ in range(n):
        t.next_turn()


def test_crash_government_closes_when_both_places_are_full(crash: Table) -> None:
    # 「政府」市場：その2つのスペースが両方とも上限まで埋まると暴落します。「閉鎖」。
    crash.give(A, "mackerel", 13)
    crash.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 9)
    assert crash.crash("government") is None
    end_turns(crash, 3)
    crash.visit(A, "government", "free", right=["mackerel"])
    assert crash.crash("government") == "closed"
    assert crashed_list(crash) == [("government", "closed")]
    assert crash.state()["markets"]["crash"]["tokens_left"] == 11
    new = crash_arrivals(crash)
    assert len(new) == 1 and new[0] in crash.external()  # a board from the box entered
    assert new[0] not in CRASH_BASE["external_markets"]


def test_crash_bank_closes_when_all_loans_and_shares_are_gone(crash: Table) -> None:
    # 「銀行」市場：すべてのローンが受けられ、かつすべての株が購入されると暴落します。ゲーム終了時
    # には、ローンの返済は引き続き行わなければならず、利子も通常どおり株を持つプレイヤーに支払われます。
    crash.visit(A, "bank", "yen", loans=3)
    assert crash.crash("bank") is None
    crash.next_turn()
    crash.visit(B, "bank", "yen", shares=2)
    assert crash.crash("bank") == "closed"
    crash.next_turn()
    assert "Closed" in crash.refused_visit(C, "bank", "yen", loans=1)
    crash.act(type="end_game")
    steps = {p["name"]: p["steps"] for p in crash.state()["score"]["players"]}
    # Aiko repays ¥1,500 + ¥1,500 interest; Bo, the only share owner, receives the ¥1,500.
    assert steps[A]["loan_repayment"] == -3000
    assert steps[B]["interest_received"] == 1500


def test_crash_rentals_closes_and_used_up_items_go_to_the_box(crash: Table) -> None:
    # 「レンタル」市場：市場に冷凍庫も台車も残っていない状態になると暴落します。「閉鎖」。それ以降、
    # 2回目の使用の後に市場へ戻されるはずの冷凍庫と台車は、代わりに箱に戻さなければなりません。
    crash.visit(A, "rentals", "free", carts=2, freezers=1)
    crash.next_turn()
    crash.visit(B, "rentals", "free", freezers=1)
    assert crash.crash("rentals") == "closed"
    crash.next_turn()
    crash.next_turn()
    crash.give(A, "mackerel")
    crash.visit(A, "ships", "cart", sell_boats=["one_slot"])
    crash.visit(A, "aquarium", "cart", tokens=["mackerel"])  # the same Cart, second use
    assert crash.stock("rentals.cart") == 0  # into the box, not onto the Closed board
    assert "Closed" in crash.refused_visit(A, "rentals", "free", carts=1)


def test_crash_ships_is_crashed_stays_open_and_never_crashes_twice(crash: Table) -> None:
    # 「漁船」市場：すべての船が購入されると（つまり市場ボードに1隻も残っていない状態になると）
    # 暴落します。「暴落」の面 ... この市場は引き続き開いたままです。
    crash.act(type="pay", **{"from": "supply", "to": A, "amount": 9000})
    crash.act(type="pay", **{"from": "supply", "to": B, "amount": 9000})
    crash.act(type="pay", **{"from": "supply", "to": C, "amount": 9000})
    crash.act(type="open_port", player=A)
    crash.act(type="open_port", player=A)
    crash.visit(A, "ships", buy=["three_slot", "two_slot", "two_slot"])
    crash.next_turn()
    crash.act(type="open_port", player=B)
    crash.act(type="open_port", player=B)
    crash.visit(B, "ships", buy=["two_slot", "barge"])
    crash.next_turn()
    crash.act(type="open_port", player=C)
    crash.act(type="open_port", player=C)
    crash.visit(C, "ships", buy=["three_slot", "four_slot"])
    assert crash.crash("ships") is None  # the One-slot ship is still on the board
    crash.visit(C, "ships", buy=["one_slot"])
    assert crash.crash("ships") == "crashed"
    assert crash.state()["markets"]["crash"]["tokens_left"] == 11
    crash.next_turn()
    # Still open: a boat sold back refills it, and emptying it again crashes nothing.
    crash.visit(A, "ships", sell_boats=["one_slot"])
    crash.visit(A, "ships", buy=["one_slot"])
    assert crashed_list(crash) == [("ships", "crashed")]
    assert crash.state()["markets"]["crash"]["tokens_left"] == 11
    assert len(crash_arrivals(crash)) == 1


def test_crash_trading_is_crashed_and_swaps_go_on(crash: Table) -> None:
    # 「取引」市場：そのすべてのスペースが魚トークンで埋まると暴落します。「暴落」… 開いたまま。
    crash.give(A, "mackerel", 24)
    crash.visit(
        A,
        "trading",
        trades=[
            {"place": 2, "tokens": ["mackerel"] * 2},
            {"place": 3, "tokens": ["mackerel"] * 3},
            {"place": 4, "tokens": ["mackerel"] * 4},
            {"place": 5, "tokens": ["mackerel"] * 5},
        ],
    )
    assert crash.crash("trading") is None
    crash.visit(A, "trading", trades=[{"place": 10, "tokens": ["mackerel"] * 10}])
    assert crash.crash("trading") == "crashed"
    assert crash.yen(A) == 2000 + 300 + 500 + 700 + 900 + 1800
    crash.next_turn()
    crash.give(B, "octopus")
    crash.visit(B, "trading", trades=[{"place": 3, "tokens": ["octopus"]}])  # a swap
    assert crash.fish_count(B, "mackerel") == 3 and crash.yen(B) == 2000


def test_crash_aquarium_closes_only_when_all_13_places_are_full(crash: Table) -> None:
    # 「水族館」市場：（現在場にある魚に関するスペースだけでなく）そのすべてのスペースが魚トークンで
    # 埋まると暴落します。「閉鎖」。
    for fish, n, extra in [
        ("mackerel", 4, {}),
        ("fugu", 2, {}),
        ("octopus", 1, {}),
        ("eel", 1, {}),
        ("squid", 2, {}),
        ("takoyaki", 1, {}),
        ("salmon", 1, {}),
    ]:
        crash.give(A, fish, n, **extra)
    crash.give(A, "tuna", value=15)
    crash.visit(
        A,
        "aquarium",
        tokens=["mackerel"] * 4 + ["fugu"] * 2 + ["octopus", "eel", "squid", "takoyaki", "salmon"],
    )
    assert crash.crash("aquarium") is None  # one Squid place and the Tuna place are empty
    crash.act(type="pay", **{"from": A, "to": "supply", "amount": 5000})  # no end trigger
    end_turns(crash, 3)
    crash.give(A, "squid")
    crash.visit(A, "aquarium", tokens=["squid", "tuna:15"])
    assert crash.crash("aquarium") == "closed"
    end_turns(crash, 3)
    crash.give(A, "mackerel")
    assert "Closed" in crash.refused_visit(A, "aquarium", tokens=["mackerel"])


def test_crash_markets_that_never_crash(crash: Table) -> None:
    # Used Ships never crashes: "暴落しうる外部市場" does not list it (nor Auction, Barter).
    crash.visit(A, "used_ships", sell_boats=["one_slot"])
    crash.visit(A, "used_ships", buy=["one_slot"])  # Used Ships empty again
    assert crash.crash("used_ships") is None and crashed_list(crash) == []


def _seed_whose_queue_starts_with(
    app: Any, setup: dict[str, Any], kind: str, wanted: set[str]
) -> tuple[Table, str]:
    for seed in range(200):
        t = Table(app, {**setup, "seed": seed})
        queue = t.state()["markets"]["known_order"][kind]
        if queue and queue[0]["id"] in wanted:
            return t, queue[0]["id"]
    raise AssertionError(f"no seed below 200 puts {wanted} first")


def test_crash_drawing_an_aquarium_brings_both(app: Any) -> None:
    # 注意：…市場の暴落にともなう新しい外部市場として「水族館」市場または「新水族館」市場を引いた
    # 場合、両方の市場ボードを同時に場に加えます。
    setup = {
        **EXP,
        "variants": ["more_markets", "crash", "known_order"],
        "external_markets": ["ships", "government", "influence", "sushi"],
    }
    t, first = _seed_whose_queue_starts_with(app, setup, "external", {"aquarium", "new_aquarium"})
    t.next_turn()
    t.give(A, "mackerel", 13)
    t.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 10)
    assert t.crash("government") == "closed"
    assert {"aquarium", "new_aquarium"} <= set(t.external())
    assert first in crash_arrivals(t)


def test_known_order_crash_replacement_is_the_next_of_the_queue(app: Any) -> None:
    # setup.md §8 (and TC-08): with the known market order the new board is the next one of
    # the row, not a random one.
    setup = {**CRASH_BASE, "variants": ["more_markets", "crash", "known_order"]}
    setup["external_markets"] = ["ships", "government", "trading"]
    t = Table(app, setup)
    queue = [q["id"] for q in t.state()["markets"]["known_order"]["external"]]
    t.next_turn()
    t.give(A, "mackerel", 13)
    t.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 10)
    assert crash_arrivals(t) == [queue[0]]
    assert [q["id"] for q in t.state()["markets"]["known_order"]["external"]] == queue[1:]
