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
        self.seats = {s["name"]: s["token"] for s in body["seats"]}

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
# The Blue ship (青の漁船, [JA] Expansion): "費用は通常の4スロット漁船と同じ（つまり2,000円）ですが
# 、
# それに加えて、自分が所有する別の漁船1隻を下取りに出し、「漁船」市場（「中古漁船」市場を使用して
# いる場合は、そちら）に置かなければなりません。下取りに出す漁船は自分の停泊所から取らなければなら
# ず、
# その対価は受け取れません。" It sells like a normal 4-slot ship at Ships (¥200) or Used Ships (¥80
# 0);
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
    base.refused_visit(
        A, "trading", trades=[{"place": place, "tokens": ["mackerel"] * (place - 1)}]
    )
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
    # #19: the ship undocks, catches, and docks on Aiko's next turn.
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    base.act(type="fishing", player=A, caught={"eel": 1})
    end_turns(base, 3)
    base.act(
        type="fishing", player=A, unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 300}]
    )
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
# 満たした場合、ただちに箱の中から外部市場ボードを無作為に1枚引き、ゲーム開始時と同じように通常どお
# り
# セットアップし、それを場に加えて ... 暴落した市場のボードの上に暴落トークンを1個置き". 「暴落」 s
# ide:
# "二度と暴落しない ... 引き続き訪れて処理を行うことができます". 「閉鎖」 side: "訪れることも処理を
# 行う
# こともできなくなります。それ以降、その市場に戻されるはずのコンポーネントは、代わりに箱に置きます
# 。"

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
    # には、ローンの返済は引き続き行わなければならず、利子も通常どおり株を持つプレイヤーに支払われ
    # ます。
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


# --------------------------------------------------------------------------------------
# Influence (影響力, [JA]): "バイヤートークンと拡張トークンを好きなだけ、1個につき200円". Buyer tok
# en:
# "持っている間、自分の漁港ボードの免許スペースを1つ占有します"; "他のプレイヤー1人に割り当てて";
# "そのプレイヤーの次の手番が終了した直後に、「購入」アクションの通常のルールすべてに従って ... 購入
# できます。購入を行ったかどうかにかかわらず、バイヤートークンを「影響力」市場ボードに戻し、…左隣の
# プレイヤーからゲームを再開します。" (AMB-57: left of the player it was given to.)

EXP4: dict[str, Any] = {**EXP, "players": [A, B, C, D]}


def _eel_at_sea(t: Table, owner: str) -> None:
    """Two Fishing actions of the owner's turn: the starting ship undocks, then catches an
    Eel (#19: a ship catches only at sea, one activity per boat per action)."""
    t.act(type="take_license", player=owner, market="eel", pay=False)
    t.act(type="fishing", player=owner, boats=[{"boat": "b1", "do": "undock"}])
    t.act(type="fishing", player=owner, caught={"eel": 1})


def _eel_docked(t: Table, owner: str, price: int) -> None:
    """A Fishing action: the ship with the Eel docks, the barrel for sale at ``price``."""
    t.act(
        type="fishing",
        player=owner,
        unloaded={"eel": 1},
        for_sale=[{"fish": "eel", "price": price}],
    )


def _eel_barrel_for_sale(t: Table, owner: str, price: int) -> None:
    """The owner's ship undocks and catches an Eel; a round later it docks with the barrel
    for sale (the owner's turn again, 1 AP left)."""
    _eel_at_sea(t, owner)
    end_turns(t, len(t.state()["players"]))
    _eel_docked(t, owner, price)


def test_buyer_token_example_with_four_players(app: Any) -> None:
    # external-markets.md §13 test case, with a 4th player so that AMB-57's reading shows.
    t = Table(app, EXP4)
    t.next_turn()  # Aiko
    # #19: Bo's ship is at sea with an Eel before the story starts (a ship catches at sea).
    t.next_turn()
    _eel_at_sea(t, B)
    end_turns(t, 3)  # Chiyo, Daichi, Aiko
    t.visit(A, "influence", buyer_tokens=1)
    assert t.yen(A) == 1800 and t.player(A)["spaces_used"] == 2
    assert t.stock("influence.buyer_token") == 1
    t.refused(type="assign_buyer", player=A, to=A)  # "他のプレイヤー"
    t.act(type="assign_buyer", player=A, to=C)
    assert t.player(A)["spaces_used"] == 1  # TC-10: given away, no longer held
    t.next_turn()  # Bo lists an Eel barrel for ¥400
    _eel_docked(t, B, 400)
    t.next_turn()  # Chiyo's next turn
    t.next_turn()  # … ends: Aiko's Buyer purchase, no AP
    state = t.state()
    assert state["phase"] == "buyer" and state["turn"]["buyer"] == {"buyer": A, "after": C}
    t.act(
        type="purchase",
        player=A,
        buyer=True,
        barrels=[{"from": B, "fish": "eel", "row": "upper", "price": 400}],
    )
    assert t.yen(A) == 1400 and t.yen(B) == 2400
    assert t.fish_count(A, "eel") == 1
    assert t.stock("influence.buyer_token") == 2  # back on Influence
    assert t.state()["turn"]["current"] == D  # left of Chiyo


def test_buyer_token_needs_a_free_license_space(exp: Table) -> None:
    exp.act(type="take_license", player=A, market="eel", count=3, pay=False)  # 4 spaces used
    exp.refused_visit(A, "influence", buyer_tokens=1)


def test_buyer_purchase_may_be_passed_and_the_token_returns(exp: Table) -> None:
    exp.visit(A, "influence", buyer_tokens=1)
    exp.act(type="assign_buyer", player=A, to=B)
    exp.next_turn()  # Bo
    exp.next_turn()  # Aiko's Buyer purchase
    assert exp.state()["phase"] == "buyer"
    exp.act(type="purchase", player=A, buyer=True, barrels=[])
    assert exp.stock("influence.buyer_token") == 2 and exp.state()["turn"]["current"] == C


def test_expansion_token_goes_to_the_box_and_brings_a_market(exp: Table) -> None:
    # 拡張トークンを購入したら、ただちにそれを箱に戻し、新しい魚市場と外部市場のどちらを場に加えるか
    # を選びます。箱の中から対応する種類のものを無作為に1枚引き、ゲーム開始時と同じようにセットアッ
    # プ
    before = exp.fish_markets()
    exp.visit(A, "influence", expansion_tokens=["fish"])
    assert exp.yen(A) == 1800 and exp.stock("influence.expansion_token") == 1
    after = exp.fish_markets()
    assert len(after) == len(before) + 1
    arrivals = exp.state()["markets"]["arrivals"]
    assert arrivals[-1]["cause"] == "expansion" and arrivals[-1]["kind"] == "fish"
    assert exp.player(A)["spaces_used"] == 1  # an Expansion token takes no space


def test_expansion_token_mackerel_enters_without_licences_for_players(app: Any) -> None:
    # 注意：この方法でサバ市場を引いた場合、サバの漁業免許を取り分けたり、プレイヤーに配ったり
    # はしません。 (setup.md §3.2: P licences on its board.)
    fish = [
        "horse_mackerel",
        "eel",
        "fugu",
        "octopus",
        "red_snapper",
        "salmon",
        "spider_crab",
        "squid",
        "tuna",
        "clams_oysters",
        "himono",
        "nori",
        "sardine",
        "swordfish",
    ]
    t = Table(app, {**EXP, "fixed_fish": "horse_mackerel", "fish_markets": fish})
    assert all(p["licenses"] == [] for p in t.state()["players"])  # AMB-17
    t.next_turn()
    t.visit(A, "influence", expansion_tokens=["fish"])
    mackerel = next(m for m in t.state()["markets"]["fish"] if m["id"] == "mackerel")
    assert mackerel["licenses_left"] == 3 and mackerel["tokens_left"] == 30
    assert mackerel["barrels_left"] == 15
    assert all(p["licenses"] == [] for p in t.state()["players"])


def test_influence_crashes_when_no_buyer_and_no_expansion_token_is_left(app: Any) -> None:
    # 「影響力」市場：市場にバイヤートークンも拡張トークンも残っていない状態になると暴落します。
    # 「暴落」… バイヤートークンは、使用されるたびに引き続き市場に戻さなければならず、その後あらため
    # て購入することもできます。
    t = Table(app, {**EXP, "variants": ["more_markets", "crash"]})
    t.next_turn()
    t.visit(A, "influence", buyer_tokens=2, expansion_tokens=["external"])
    assert t.crash("influence") is None
    t.act(type="assign_buyer", player=A, to=B)
    t.next_turn()
    t.visit(B, "influence", expansion_tokens=["fish"])
    assert t.crash("influence") == "crashed"
    t.next_turn()  # Aiko's Buyer purchase after Bo's turn
    t.act(type="purchase", player=A, buyer=True, barrels=[])
    assert t.stock("influence.buyer_token") == 1  # returned to the Crashed board
    assert t.state()["turn"]["current"] == C
    t.visit(C, "influence", buyer_tokens=1)  # and bought again
    assert t.stock("influence.buyer_token") == 0
    assert crashed_list(t) == [("influence", "crashed")]


# --------------------------------------------------------------------------------------
# Boat Rentals (漁船レンタル, [JA]): "「漁船」市場および／または「中古漁船」市場から船を借りる";
# "借りる時点でその船を置ける空きが自分の停泊所にある必要"; "青の漁船を借りることはできません";
# "漁船もはしけも、スロット1つにつき100円"; after docking "その船を借りた市場に戻し、その漁船
# レンタルトークンを「漁船レンタル」市場に戻します".


def test_boat_rentals_three_slot_ship_for_300_and_back(exp: Table) -> None:
    exp.act(type="open_port", player=A)
    exp.visit(A, "boat_rentals", rent=[{"boat": "three_slot", "from": "ships"}])
    assert exp.yen(A) == 2000 - 500 - 300
    assert exp.stock("boat_rentals.token") == 5 and exp.stock("ships.three_slot") == 1
    assert exp.player(A)["spaces_used"] == 1  # the token lies beside the boat
    exp.act(type="return_rental", player=A, boat="three_slot")
    assert exp.stock("boat_rentals.token") == 6 and exp.stock("ships.three_slot") == 2


def test_boat_rentals_barge_six_slots_600(exp: Table) -> None:
    exp.act(type="open_port", player=A)
    exp.act(type="open_port", player=A)
    exp.visit(A, "boat_rentals", rent=[{"boat": "barge", "from": "ships"}])
    assert exp.yen(A) == 2000 - 1000 - 600


def test_boat_rentals_small_barge_400(app: Any) -> None:
    t = Table(app, {**EXP, "variants": ["more_markets", "small_barges"]})
    t.next_turn()
    assert t.stock("ships.small_barge") == 2 and t.stock("ships.barge") == 0
    t.act(type="open_port", player=A)
    t.act(type="open_port", player=A)
    t.visit(A, "boat_rentals", rent=[{"boat": "small_barge", "from": "ships"}])
    assert t.yen(A) == 2000 - 1000 - 400


def test_boat_rentals_refuses_the_blue_ship_and_a_full_port(exp: Table) -> None:
    exp.refused_visit(A, "boat_rentals", rent=[{"boat": "two_slot", "from": "ships"}])
    exp.act(type="open_port", player=A)
    exp.refused_visit(A, "boat_rentals", rent=[{"boat": "blue", "from": "ships"}])


def test_boat_rentals_from_used_ships_go_back_there(exp: Table) -> None:
    exp.act(type="open_port", player=A)
    exp.act(type="take_boat", player=A, boat="two_slot", pay=False)
    exp.visit(A, "used_ships", sell_boats=["two_slot"])
    exp.visit(A, "boat_rentals", rent=[{"boat": "two_slot", "from": "used_ships"}])
    assert exp.stock("used_ships.two_slot") == 0
    exp.next_turn()
    exp.next_turn()
    exp.next_turn()
    exp.act(type="return_rental", player=A, boat="two_slot")
    assert exp.stock("used_ships.two_slot") == 1


def test_a_rented_boat_cannot_be_sold(exp: Table) -> None:
    # AMB-54.
    exp.act(type="open_port", player=A)
    exp.visit(A, "boat_rentals", rent=[{"boat": "two_slot", "from": "ships"}])
    exp.refused_visit(A, "ships", sell_boats=["two_slot"])


def test_boat_rentals_crash_and_tokens_to_the_box(app: Any) -> None:
    # 「漁船レンタル」市場：市場に漁船レンタルトークンが残っていない状態になると暴落します。「閉鎖
    # 」。
    # それ以降、… 漁船レンタルトークンは、代わりに箱に戻さなければなりません。
    t = Table(app, {**EXP, "variants": ["more_markets", "crash", "blue_ship"]})
    t.next_turn()
    for who in (A, B, C):
        t.act(type="pay", **{"from": "supply", "to": who, "amount": 3000})
        t.act(type="open_port", player=who)
        t.act(type="open_port", player=who)
        boats = {A: ["two_slot", "two_slot"], B: ["two_slot", "three_slot"], C: ["three_slot"]}
        t.visit(who, "boat_rentals", rent=[{"boat": b, "from": "ships"} for b in boats[who]])
        t.next_turn()
    assert t.stock("boat_rentals.token") == 1 and t.crash("boat_rentals") is None
    t.visit(A, "boat_rentals", rent=[{"boat": "four_slot", "from": "ships"}])
    assert t.stock("boat_rentals.token") == 0 and t.crash("boat_rentals") == "closed"
    t.act(type="return_rental", player=A, boat="four_slot")
    assert t.stock("ships.four_slot") == 1  # the boat still goes back
    assert t.stock("boat_rentals.token") == 0  # its token into the box


def test_renting_the_last_boat_crashes_ships(app: Any) -> None:
    # AMB-53: the board's state decides, so the last boat rented crashes Ships.
    t = Table(app, {**EXP, "variants": ["more_markets", "crash"]})
    t.next_turn()
    for who in (A, B, C):
        t.act(type="pay", **{"from": "supply", "to": who, "amount": 9000})
        t.act(type="open_port", player=who)
        t.act(type="open_port", player=who)
        t.next_turn()
    t.visit(A, "ships", buy=["three_slot", "two_slot", "two_slot"])
    t.next_turn()
    t.visit(B, "ships", buy=["two_slot", "barge"])
    t.next_turn()
    t.visit(C, "ships", buy=["three_slot", "four_slot"])
    assert t.crash("ships") is None
    t.visit(C, "boat_rentals", rent=[{"boat": "one_slot", "from": "ships"}])
    assert t.crash("ships") == "crashed"


# --------------------------------------------------------------------------------------
# Sushi Shop (寿司屋, [JA]): "売却できるのは空いているスペースに対してのみで、同じ形のトークン（サ
# バと
# アジ、またはハマグリとカキ）を同じスペースに売却することはできません"; "形の異なる魚トークン1〜5
# 個を
# …対応するスペース"; "例：フグトークン1個、ウナギトークン1個、サケトークン1個をまとめて売却し、700
# 円".


def test_sushi_example_and_the_empty_place_rule(exp: Table) -> None:
    for f in ("fugu", "eel", "salmon", "squid"):
        exp.give(A, f, 2)
    exp.visit(A, "sushi", groups=[["fugu", "eel", "salmon"]])
    assert exp.yen(A) == 2700
    assert sorted(exp.places()["sushi.3"]) == ["eel", "fugu", "salmon"]
    exp.refused_visit(A, "sushi", groups=[["fugu", "eel", "squid"]])  # place 3 is taken


def test_sushi_same_shape_and_same_fish_refused(exp: Table) -> None:
    exp.give(A, "mackerel", 2)
    exp.refused_visit(A, "sushi", groups=[["mackerel", "mackerel"]])


def test_sushi_octopus_and_takoyaki_differ(exp: Table) -> None:
    # AMB-55.
    exp.give(A, "octopus")
    exp.give(A, "takoyaki")
    exp.visit(A, "sushi", groups=[["octopus", "takoyaki"]])
    assert exp.yen(A) == 2000 + 300  # yen_2 entered as a board number


def test_sushi_crash_when_all_places_are_filled(app: Any) -> None:
    # 「寿司屋」市場：そのすべてのスペースが魚トークンで埋まると暴落します。「閉鎖」。
    t = Table(app, {**EXP, "variants": ["more_markets", "crash"]})
    t.next_turn()
    for f in ("fugu", "eel", "salmon", "squid", "mackerel"):
        t.give(A, f, 3)
    t.give(A, "octopus", 3)
    five = ["fugu", "eel", "salmon", "squid", "mackerel"]
    t.visit(A, "sushi", groups=[five, five[:4], ["fugu", "eel", "octopus"], ["octopus", "squid"]])
    assert t.crash("sushi") is None
    t.visit(A, "sushi", "ap", groups=[["octopus"]])
    assert t.crash("sushi") == "closed"


# --------------------------------------------------------------------------------------
# New Aquarium (新水族館, [JA]): "この市場の訪問コストは、自分の漁港ボードで売りに出している魚樽1個
# （種類は問いません）です。その樽は対応する市場に戻します。" "ハマグリ／カキの形をしたスペースには
# 、
# どちらの種類のトークンも置くことができ、両方を1枚ずつ置くこともできます。" Always with Aquarium.


def test_new_aquarium_and_aquarium_come_together_at_setup(app: Any) -> None:
    setup = {**EXP, "external_markets": ["ships", "new_aquarium", "influence", "sushi"]}
    r = app.test_client().post("/api/games", json=setup)
    assert r.status_code == 400  # the Aquarium must come with it


def test_new_aquarium_entry_is_a_barrel_for_sale_back_to_its_market(app: Any) -> None:
    setup = {
        **EXP,
        "fish_markets": EXP["fish_markets"] + ["red_snapper", "clams_oysters"],
        "board_numbers": {
            **EXP["board_numbers"],
            "clams_oysters": {"licenses": 3, "barrels": 6, "clams": 6, "oysters": 6},
            "new_aquarium": {"red_snapper": 2, "red_snapper_yen": 400, "clams_oysters_yen": 600},
        },
    }
    t = Table(app, setup)
    t.next_turn()
    _eel_barrel_for_sale(t, A, 300)
    eel_left = next(m for m in t.state()["markets"]["fish"] if m["id"] == "eel")["barrels_left"]
    t.next_turn()
    t.next_turn()
    t.next_turn()
    t.act(type="take_red_snapper", player=A)
    t.give(A, "clam", 2)
    t.give(A, "oyster")
    barrel = {"barrel": {"fish": "eel", "row": "lower", "price": 300}}
    t.visit(A, "new_aquarium", barrel, tokens=["red_snapper", "clam", "oyster"])
    assert t.yen(A) == 2000 + 400 + 600 + 600
    assert t.player(A)["harbor"] == {"upper": [], "lower": []}
    eel = next(m for m in t.state()["markets"]["fish"] if m["id"] == "eel")
    assert eel["barrels_left"] == eel_left + 1
    assert t.ap() == 2  # the barrel is the whole cost
    t.next_turn()
    _eel_barrel_for_sale(t, B, 0)
    t.give(B, "clam")
    barrel_b = {"barrel": {"fish": "eel", "row": "upper", "price": 0}}
    t.refused_visit(B, "new_aquarium", barrel_b, tokens=["clam"])  # one clam already there


# --------------------------------------------------------------------------------------
# Overfishing (乱獲). [EN]: "If at any point all of a Fish Market's Barrels or Fish tokens have
# been removed ... immediately draw a random Fish Market board from those in the box, set it
# up as usual as if it were the start of the game". [JA] アジ: "サバ市場がまだ使用されていない
# 場合は、乱獲のルールに従って新しい魚市場ボードを引く前に（かつそれに加えて）サバ市場をセット
# アップします"; each player takes ¥200 per Horse Mackerel token. Mackerel entering then:
# "サバの漁業免許を取り分けたり、プレイヤーに配ったりはしません".

SMALL: dict[str, Any] = {
    "players": [A, B, C],
    "seed": 3,
    "fish_markets": ["mackerel", "eel", "squid", "octopus", "fugu"],
    "external_markets": ["ships", "government", "trading"],
}


def test_overfished_market_brings_a_base_board_from_the_box(app: Any) -> None:
    t = Table(app, SMALL)
    t.next_turn()
    t.give(A, "squid", 8)  # the last Squid token leaves the board
    squid = next(m for m in t.state()["markets"]["fish"] if m["id"] == "squid")
    assert squid["overfished"] is True
    arrivals = t.state()["markets"]["arrivals"]
    assert [a["cause"] for a in arrivals] == ["overfished"]
    new = arrivals[0]["market"]
    assert new in {"red_snapper", "salmon", "spider_crab", "tuna"}  # base boards only
    board = next(m for m in t.state()["markets"]["fish"] if m["id"] == new)
    stocked = {
        "red_snapper": (3, 18, 9),
        "salmon": (3, 10, 4),
        "spider_crab": (3, None, 5),
        "tuna": (3, None, 6),
    }[new]
    assert (board["licenses_left"], board["tokens_left"], board["barrels_left"]) == stocked
    assert board["overfished"] is False


def test_overfished_with_an_empty_box_brings_nothing(app: Any) -> None:
    # AMB-23.
    fish = ["mackerel", "eel", "fugu", "octopus", "red_snapper", "salmon", "spider_crab"]
    t = Table(
        app, {**SMALL, "variants": ["more_markets"], "fish_markets": fish + ["squid", "tuna"]}
    )
    t.next_turn()
    t.act(type="mark_overfished", market="eel")
    assert [a["market"] for a in t.state()["markets"]["arrivals"]] == [None]
    assert len(t.fish_markets()) == 9


def test_horse_mackerel_overfished_brings_mackerel_first(app: Any) -> None:
    setup = {
        "players": [A, B, C],
        "seed": 8,
        "expansion": True,
        "fixed_fish": "horse_mackerel",
        "fish_markets": ["horse_mackerel", "eel", "squid", "octopus", "fugu"],
        "external_markets": ["ships", "government", "trading"],
        "board_numbers": {"horse_mackerel": {"licenses": 3, "barrels": 9, "tokens": 20}},
    }
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "horse_mackerel", 3)
    t.give(B, "horse_mackerel", 1)
    t.act(type="mark_overfished", market="horse_mackerel")
    assert t.yen(A) == 2000 + 600 and t.yen(B) == 2000 + 200 and t.yen(C) == 2000
    arrivals = t.state()["markets"]["arrivals"]
    assert [a["cause"] for a in arrivals] == ["mackerel", "overfished"]
    assert arrivals[0]["market"] == "mackerel" and arrivals[1]["market"] != "mackerel"
    mackerel = next(m for m in t.state()["markets"]["fish"] if m["id"] == "mackerel")
    assert mackerel["licenses_left"] == 3  # min(P, 8), none set aside
    assert all(p["licenses"] == [] for p in t.state()["players"])


def test_known_order_overfished_replacement_is_the_next_fish_board(app: Any) -> None:
    # [JA] 既知の市場順: "乱獲や拡張トークンの使用によって新しい魚市場 … が登場するときは、箱から
    # 引く代わりに、対応する並びの次の市場を使います。"
    t = Table(app, {**SMALL, "variants": ["known_order"]})
    queue = [q["id"] for q in t.state()["markets"]["known_order"]["fish"]]
    assert sorted(queue) == ["red_snapper", "salmon", "spider_crab", "tuna"]
    t.next_turn()
    t.act(type="mark_overfished", market="eel")
    assert [a["market"] for a in t.state()["markets"]["arrivals"]] == [queue[0]]
    assert [q["id"] for q in t.state()["markets"]["known_order"]["fish"]] == queue[1:]


def test_known_order_expansion_token_takes_the_next_external_board(app: Any) -> None:
    t = Table(app, {**EXP, "variants": ["more_markets", "known_order"]})
    queue = [q["id"] for q in t.state()["markets"]["known_order"]["external"]]
    t.next_turn()
    t.visit(A, "influence", expansion_tokens=["external"])
    got = [a["market"] for a in t.state()["markets"]["arrivals"]]
    assert got[0] == queue[0]


def test_overfishing_market_scores_plus_and_minus_100(app: Any) -> None:
    # [JA] 乱獲: "乱獲状態になった市場の魚トークンを持っている場合、その1個につき100円を共通
    # サプライに支払います。乱獲状態になっていない魚市場の魚トークン … 100円を受け取ります。"
    # Takoyaki count with Octopus (AMB-38).
    setup = {**SMALL, "expansion": True, "external_markets": ["ships", "government", "overfishing"]}
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "eel", 2)
    t.give(A, "takoyaki", 3)
    t.give(A, "mackerel", 1)
    t.act(type="mark_overfished", market="eel")
    t.act(type="end_game")
    steps = {p["name"]: p["steps"] for p in t.state()["score"]["players"]}
    assert steps[A]["overfishing"] == -200 + 300 + 100
    assert steps[B]["overfishing"] == 0


def test_overfishing_cannot_be_entered(app: Any) -> None:
    setup = {**SMALL, "expansion": True, "external_markets": ["ships", "government", "overfishing"]}
    t = Table(app, setup)
    t.next_turn()
    t.refused_visit(A, "overfishing", "free")
    t.refused_visit(A, "overfishing", "ap")


def test_two_players_never_draw_the_auction(app: Any) -> None:
    # [EN] setup: "Do not use the Auction External Market with fewer than 3 players" — a
    # board entering "as at the start of the game" follows it too, so with every other
    # external board in play a crash brings nothing.
    ext = ["ships", "aquarium", "bank", "barter", "government", "rentals", "trading", "used_ships"]
    setup = {
        "players": [A, B],
        "seed": 2,
        "variants": ["more_markets", "crash"],
        "fish_markets": ["mackerel", "eel", "octopus", "squid"],
        "external_markets": ext,
    }
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "mackerel", 13)
    t.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 10)
    assert t.crash("government") == "closed"
    assert crash_arrivals(t) == [None] and "auction" not in t.external()


def test_horse_mackerel_overfished_with_mackerel_in_play_brings_one_board(app: Any) -> None:
    setup = {
        "players": [A, B, C],
        "seed": 8,
        "expansion": True,
        "variants": ["more_markets"],
        "fish_markets": ["mackerel", "horse_mackerel", "eel", "squid", "octopus", "fugu"],
        "external_markets": ["ships", "government", "trading"],
        "board_numbers": {"horse_mackerel": {"licenses": 3, "barrels": 9, "tokens": 20}},
    }
    t = Table(app, setup)
    t.next_turn()
    t.act(type="mark_overfished", market="horse_mackerel")
    assert [a["cause"] for a in t.state()["markets"]["arrivals"]] == ["overfished"]


def test_a_crash_replacement_is_stocked_as_at_the_start(app: Any) -> None:
    # The board drawn after a crash is "ゲーム開始時と同じように通常どおりセットアップ": Bank 3
    # loans and 2 shares, Rentals 2 Freezers and 2 Carts.
    setup = {
        **CRASH_BASE,
        "variants": ["more_markets", "crash", "known_order"],
        "external_markets": ["ships", "government", "trading"],
    }
    t, first = _seed_whose_queue_starts_with(app, setup, "external", {"bank", "rentals"})
    t.next_turn()
    t.give(A, "mackerel", 13)
    t.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 10)
    assert crash_arrivals(t) == [first]
    if first == "bank":
        assert (t.stock("bank.loans"), t.stock("bank.shares")) == (3, 2)
    else:
        assert (t.stock("rentals.freezer"), t.stock("rentals.cart")) == (2, 2)


def test_buyer_purchase_follows_purchasing_rules(exp: Table) -> None:
    # "「購入」アクションの通常のルールすべてに従って、好きな人数の他のプレイヤーの漁港から": not f
    # rom
    # your own Harbor, and the assigned player's Harbor is one of the others.
    # #19: both ships go to sea and catch first (a ship catches only at sea).
    _eel_at_sea(exp, A)
    exp.next_turn()
    _eel_at_sea(exp, B)
    end_turns(exp, 2)
    _eel_docked(exp, A, 200)
    end_turns(exp, 3)
    exp.visit(A, "influence", buyer_tokens=1)
    exp.act(type="assign_buyer", player=A, to=B)
    exp.next_turn()  # Bo
    _eel_docked(exp, B, 500)
    exp.next_turn()  # Aiko's Buyer purchase, no AP
    exp.refused(
        type="purchase",
        player=A,
        buyer=True,
        barrels=[{"from": A, "fish": "eel", "row": "lower", "price": 200}],
    )
    exp.refused(
        type="purchase",
        player=B,
        buyer=True,
        barrels=[{"from": A, "fish": "eel", "row": "lower", "price": 200}],
    )
    exp.act(
        type="purchase",
        player=A,
        buyer=True,
        barrels=[{"from": B, "fish": "eel", "row": "upper", "price": 500}],
    )
    assert exp.yen(B) == 2500 and exp.fish_count(A, "eel") == 1


def test_trading_crashed_takes_no_more_yen_trades(crash: Table) -> None:
    crash.give(A, "mackerel", 30)
    trades = [{"place": n, "tokens": ["mackerel"] * n} for n in (2, 3, 4, 5, 10)]
    crash.visit(A, "trading", trades=trades)
    assert crash.crash("trading") == "crashed"
    crash.next_turn()
    crash.give(B, "tuna", value=15)
    # Every place holds tokens, so a trade is a swap and pays nothing.
    crash.visit(B, "trading", trades=[{"place": 10, "tokens": ["tuna:15"]}])
    assert crash.yen(B) == 2000 and crash.fish_count(B, "mackerel") == 10


def test_buying_a_boat_ignores_boats_at_sea(base: Table) -> None:
    # [EN] Ships: "(it does not matter how many boats you have at sea when you do this)": the
    # starting ship out at sea leaves the leftmost port free for a new ship.
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])  # empty, at sea
    base.visit(A, "ships", buy=["two_slot"])
    assert base.boats(A) == ["one_slot", "two_slot"]


def test_a_freezer_turn_allows_no_fugu_self_purchase(base: Table) -> None:
    # [EN] Fugu: "if you use a Freezer ... you cannot purchase your own Fugu Barrels".
    base.act(type="take_license", player=A, market="fugu", pay=False)
    # #19: the ship undocks, catches, and docks on Aiko's next turn.
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    base.act(type="fishing", player=A, caught={"fugu": 1})
    end_turns(base, 3)
    base.act(
        type="fishing", player=A, unloaded={"fugu": 1}, for_sale=[{"fish": "fugu", "price": 500}]
    )
    end_turns(base, 3)
    base.visit(A, "rentals", "free", freezers=1)
    end_turns(base, 3)
    assert base.state()["phase"] == "start"
    base.refused(type="start_turn", player=A, freezer=True, buy_fugu=1)
    base.act(type="start_turn", player=A, freezer=True)
    assert base.player(A)["harbor"]["lower"] == [{"fish": "fugu", "price": 500}]  # kept


def test_rentals_may_be_entered_twice_in_a_turn_but_a_cart_never_pays_a_free_entry(
    base: Table,
) -> None:
    # AMB-29: no AP, not once per turn. A Cart gives AP, and Government costs none.
    base.visit(A, "rentals", "free", carts=1)
    base.visit(A, "rentals", "free", freezers=1)
    base.give(A, "mackerel")
    base.refused_visit(A, "government", "cart", left=["mackerel"])


def test_trading_fresh_salmon_priced_before_it_moves(base: Table) -> None:
    # [EN] Salmon: a fresh token is worth the number of Salmon tokens owned; AMB-14: the
    # worth is taken just before the tokens move (2 owned → 2 + 2 = 4 R).
    base.give(A, "salmon", 2)
    base.visit(A, "trading", trades=[{"place": 4, "tokens": ["salmon", "salmon"]}])
    assert base.yen(A) == 2700


def test_sushi_clam_and_oyster_share_a_shape(app: Any) -> None:
    setup = {
        **EXP,
        "fish_markets": EXP["fish_markets"] + ["clams_oysters"],
        "board_numbers": {
            **EXP["board_numbers"],
            "clams_oysters": {"licenses": 3, "barrels": 6, "clams": 6, "oysters": 6},
        },
    }
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "clam")
    t.give(A, "oyster")
    t.give(A, "eel")
    t.refused_visit(A, "sushi", groups=[["clam", "oyster", "eel"]])
    t.visit(A, "sushi", groups=[["clam", "eel"]])
    assert t.yen(A) == 2300


def test_used_ships_refuses_a_blue_ship_sale_in_the_final_turns(exp: Table) -> None:
    exp.act(type="pay", **{"from": "supply", "to": A, "amount": 3000})
    exp.visit(A, "ships", buy=["blue"], trade_in="one_slot")
    end_turns(exp, 3)  # Aiko starts with ¥3,000 … not yet ¥5,000
    exp.act(type="pay", **{"from": "supply", "to": A, "amount": 2000})
    end_turns(exp, 3)
    assert exp.state()["turn"]["triggered_by"] == A
    exp.refused_visit(A, "used_ships", sell_boats=["blue"])


# --------------------------------------------------------------------------------------
# Cart AP. [EN] Rentals: "You may use a Cart during your turn to receive 1 additional Action
# Point to spend entering Markets that turn. ... You may use more than one Cart and/or the
# same Cart twice in the same turn to gain more than 1 additional Action Point for entering
# Markets." AMB-30 (a): a Cart may be switched on at any moment of the turn and enlarges the
# pool, so the turn's last AP is the last of the enlarged pool.


def test_a_cart_enters_a_market_after_the_two_normal_ap(base: Table) -> None:
    base.visit(A, "rentals", "free", carts=1)
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    base.act(type="fishing", player=A, caught={"eel": 1})
    assert base.ap() == 0
    base.act(type="open_port", player=A)
    base.visit(A, "ships", "cart", buy=["one_slot"])
    assert base.boats(A) == ["one_slot", "one_slot"]
    # Cart AP are for entering markets only: no Fishing or Purchasing with them.
    base.refused(type="fishing", player=A, caught={"eel": 1})


def test_one_cart_used_twice_pays_a_two_ap_entry(base: Table) -> None:
    base.give(A, "mackerel")
    base.visit(A, "rentals", "free", carts=1)
    base.visit(A, "aquarium", {"cart": 2}, tokens=["mackerel"])
    assert base.ap() == 2  # both AP of the Aquarium came from the Cart
    assert base.stock("rentals.cart") == 2 and base.player(A)["spaces_used"] == 1
    # The turn's own 2 AP are still there: two Fishing actions.
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    base.act(type="fishing", player=A, caught={"eel": 1})
    assert base.ap() == 0


def test_cart_uses_are_counted(base: Table) -> None:
    base.give(A, "mackerel", 2)
    base.visit(A, "rentals", "free", carts=1)
    base.visit(A, "used_ships", "cart", sell_boats=["one_slot"])  # flipped to "1"
    base.visit(A, "used_ships", "ap", buy=["one_slot"])
    # One use left: two are refused; a 1-AP entry by two uses would overpay.
    assert "1 use left" in base.refused_visit(A, "aquarium", {"cart": 2}, tokens=["mackerel"])
    base.act(type="open_port", player=A)
    base.refused_visit(A, "ships", {"cart": 2}, buy=["one_slot"])
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    assert base.ap() == 0
    # With the normal AP spent, one Cart AP does not cover the Aquarium's 2.
    assert "0 AP left" in base.refused_visit(A, "aquarium", "cart", tokens=["mackerel"])


def test_new_aquarium_crashes_when_its_entered_places_are_full(app: Any) -> None:
    # 「新水族館」市場：（現在場にある魚に関するスペースだけでなく）そのすべてのスペースが魚トークン
    # で埋まると暴落します。「閉鎖」。 The host enters the board's places (AMB-40); a fish the
    # board has no place for is entered as 0 — a place that holds nothing is never waiting.
    numbers = {"red_snapper": 1, "red_snapper_yen": 400, "clams_oysters_yen": 600}
    for fish in ("spider_crab", "himono", "horse_mackerel", "nori", "sardine", "swordfish"):
        numbers[fish] = 0
        numbers[f"{fish}_yen"] = 0
    setup = {
        **EXP,
        "variants": ["more_markets", "crash"],
        "fish_markets": EXP["fish_markets"] + ["red_snapper", "clams_oysters", "spider_crab"],
        "board_numbers": {
            **EXP["board_numbers"],
            "clams_oysters": {"licenses": 3, "barrels": 6, "clams": 6, "oysters": 6},
            "new_aquarium": numbers,
        },
    }
    t = Table(app, setup)
    t.next_turn()
    _eel_barrel_for_sale(t, A, 0)
    end_turns(t, 3)
    t.act(type="take_red_snapper", player=A)
    t.give(A, "clam")
    t.give(A, "oyster")
    t.give(A, "spider_crab", value=4)
    barrel = {"barrel": {"fish": "eel", "row": "lower", "price": 0}}
    # No place for Spider Crab on this board: refused as such, not as an unknown number.
    assert "no place" in t.refused_visit(A, "new_aquarium", barrel, tokens=["spider_crab:4"])
    t.visit(A, "new_aquarium", barrel, tokens=["red_snapper", "clam", "oyster"])
    assert t.crash("new_aquarium") == "closed"


def _bid(t: Table, aid: str, name: str, amount: int) -> dict[str, Any]:
    r = t.client.post(
        f"/api/games/{t.id}/auctions/{aid}/bids",
        json={"amount": amount},
        headers={"Authorization": f"Bearer {t.seats[name]}"},
    )
    assert r.status_code == 201, r.get_json()
    return dict(r.get_json())


def test_auction_market_example(app: Any) -> None:
    # external-markets.md §5: lot 1 Octopus + 4 Mackerel (7 R), bids B ¥400, C ¥600 → fee
    # ¥300; C −¥600; seller +¥600 +¥600 −¥300; [EN] "You must accept the highest bid, which
    # is also matched by the Market".
    t = Table(app, {**BASE, "external_markets": BASE["external_markets"] + ["auction"]})
    t.next_turn()
    t.give(A, "octopus")
    t.give(A, "mackerel", 4)
    answer = t.visit(A, "auction", lot=["octopus"] + ["mackerel"] * 4)
    aid = answer["auctions"][0]
    assert t.yen(A) == 1700
    _bid(t, aid, B, 400)
    _bid(t, aid, C, 600)
    assert t.yen(A) == 1700 + 1200 and t.yen(C) == 1400 and t.yen(B) == 2000
    assert t.fish_count(C, "mackerel") == 4 and t.fish_count(C, "octopus") == 1


def test_overseas_lot_every_player_bids_and_no_docking_bonus(app: Any) -> None:
    # [JA] 海外: "共通サプライに100円を支払い ... 自分を含むすべてのプレイヤーが ... 一斉入札";
    # "他のプレイヤーが勝った場合は、そのプレイヤーが入札額を自分に支払います"; ウナギ: "ウナギ樽1個
    # につき、ウナギの価値マーカーを ... 1マス進めます"; no ¥100 per 2 barrels (not unloaded at
    # your ports). AP: TC-06.
    t = Table(app, {**EXP, "external_markets": EXP["external_markets"] + ["overseas"]})
    t.next_turn()
    t.act(type="take_license", player=A, market="eel", pay=False)
    t.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    t.act(type="fishing", player=A, caught={"eel": 1})
    end_turns(t, 3)
    answer = t.visit(A, "overseas", "yen", barrels={"eel": 1})
    assert t.yen(A) == 1900 and t.ap() == 1
    assert t.state()["markets"]["eel"] == 2  # before the bids
    aid = answer["auctions"][0]
    _bid(t, aid, A, 100)
    _bid(t, aid, B, 300)
    _bid(t, aid, C, 200)
    assert t.yen(B) == 1700 and t.yen(A) == 1900 + 300
    assert t.fish_count(B, "eel") == 1 and t.player(A)["at_sea"] == {}


def test_overfished_barrels_go_to_the_box_and_licences_still_pay(base: Table) -> None:
    # [EN] Overfishing: "immediately remove any remaining Barrels from that Market and place
    # them back in the box"; "an Overfished Market can still be visited ... and players still
    # take ¥100 ... for each matching License"; "Any Barrels of an Overfished type that would
    # normally be returned to their Market ... returned to the box instead."
    base.act(type="take_license", player=B, market="eel", pay=False)
    base.act(type="take_license", player=A, market="eel", pay=False)
    # #19: the ship undocks, catches, and docks on Aiko's next turn.
    base.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    base.act(type="fishing", player=A, caught={"eel": 1})
    end_turns(base, 3)
    base.act(type="fishing", player=A, unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 0}])
    base.act(type="mark_overfished", market="eel")
    eel = next(m for m in base.state()["markets"]["fish"] if m["id"] == "eel")
    assert eel["barrels_left"] == 0
    base.next_turn()
    base.act(
        type="purchase", player=B, barrels=[{"from": A, "fish": "eel", "row": "upper", "price": 0}]
    )
    eel = next(m for m in base.state()["markets"]["fish"] if m["id"] == "eel")
    assert eel["barrels_left"] == 0  # the bought barrel went to the box
    base.give(B, "eel")
    yen_a = base.yen(A)
    base.visit(B, "eel", "ap", sell={"eel": 1})
    assert base.yen(A) == yen_a + 100  # Aiko's licence pays on Bo's visit


def test_red_snapper_overfished_is_worth_a_flat_two(app: Any) -> None:
    # [EN] Red Snapper: "if Red Snapper becomes Overfished ... each Red Snapper token is worth a
    # flat 2 Resources".
    t = Table(app, {**BASE, "fish_markets": BASE["fish_markets"] + ["red_snapper"]})
    t.next_turn()
    t.act(type="take_red_snapper", player=A, count=3)
    assert t.player(A)["resources"] == 3 * 5  # 15 left on the grid: ⌈15 ÷ 3⌉
    t.act(type="mark_overfished", market="red_snapper")
    assert t.player(A)["resources"] == 3 * 2


def test_nori_overfished_each_pays_100_per_token_as_far_as_they_can(app: Any) -> None:
    # [JA] 海苔: "すべてのプレイヤーは、自分が持つ海苔トークン1個につき100円を共通サプライに支払い
    # ます ... 支払えるだけ支払います。"
    setup = {
        **EXP,
        "fish_markets": EXP["fish_markets"] + ["nori"],
        "board_numbers": {
            **EXP["board_numbers"],
            "nori": {"licenses": 3, "barrels": 6, "tokens": 9},
        },
    }
    t = Table(app, setup)
    t.next_turn()
    t.give(A, "nori", 3)
    t.give(B, "nori", 2)
    t.act(type="pay", **{"from": B, "to": "supply", "amount": 1900})
    t.act(type="mark_overfished", market="nori")
    assert t.yen(A) == 1700 and t.yen(B) == 0 and t.yen(C) == 2000


def test_two_small_barges_one_docked_in_port_2(app: Any) -> None:
    # [JA] 4スロットのはしけ: "1人のプレイヤーが4スロットのはしけ2隻を同時に所有してもかまいません";
    # only port "2" holds a barge, one at a time.
    t = Table(app, {**EXP, "variants": ["more_markets", "small_barges"]})
    t.next_turn()
    t.act(type="pay", **{"from": "supply", "to": A, "amount": 2000})
    t.act(type="open_port", player=A)
    t.act(type="open_port", player=A)
    t.visit(A, "ships", buy=["small_barge"])
    t.refused_visit(A, "ships", buy=["small_barge"])  # port "2" holds the first
    # #19: the barge (b2) undocks: port "2" is free for the second one.
    t.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    end_turns(t, 3)
    t.visit(A, "ships", buy=["small_barge"])
    assert t.boats(A) == ["one_slot", "small_barge", "small_barge"]


def test_buyer_purchase_after_a_final_turn_comes_before_scoring(app: Any) -> None:
    # AMB-50: the assigned player's next turn is their last; the purchase still follows it.
    t = Table(app, EXP)
    t.act(type="pay", **{"from": "supply", "to": A, "amount": 3000})
    t.next_turn()  # Aiko starts with ¥5,000: the end is triggered
    assert t.state()["turn"]["triggered_by"] == A
    t.visit(A, "influence", buyer_tokens=1)
    t.act(type="assign_buyer", player=A, to=C)
    t.next_turn()  # Bo's final turn
    t.next_turn()  # Chiyo's final turn
    t.next_turn()
    assert t.state()["phase"] == "buyer" and not t.state()["turn"]["finished"]
    t.act(type="purchase", player=A, buyer=True, barrels=[])
    assert t.state()["turn"]["finished"] is True


def test_a_crash_and_its_arrival_are_one_unit_of_undo(crash: Table) -> None:
    crash.give(A, "mackerel", 13)
    before = crash.state()["markets"]
    crash.visit(A, "government", "free", left=["mackerel"] * 3, right=["mackerel"] * 10)
    after = crash.state()["markets"]
    assert after["crash"]["crashed"] and after["arrivals"]
    assert crash.post("/undo", {}).status_code == 200
    assert crash.state()["markets"] == before
    assert crash.post("/redo", {}).status_code == 200
    assert crash.state()["markets"] == after  # the same board drawn again on replay


def test_a_catch_with_no_boat_is_refused_in_a_plain_sentence(base: Table) -> None:
    base.act(type="take_license", player=A, market="eel", pay=False)
    base.visit(A, "ships", sell_boats=["one_slot"])
    assert base.refused(type="fishing", player=A, caught={"eel": 1}) == (
        "Aiko has no boat to carry 1 barrel at sea."
    )
