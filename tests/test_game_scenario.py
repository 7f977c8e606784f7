"""A whole tracked game, played action by action, against holdings written out by hand.

The same script runs twice: through the :class:`~companion.door.Door` on a real SQLite
file (``Store`` + ``Hub`` + ``Door``, no Flask), and once through the Flask test client's
JSON API. After each player's turn the folded table is compared with what the rules say
it must be; refusals are checked to change nothing (not the table, not the version).

The end of the game: the start-of-turn end check (turn-and-scoring.md §4, with each of its
seven worked cases played out on a real table), the final round, ``finished``, and the
final score of the tracked game equal to the calculator's score of its snapshot.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.door import Door, Refused
from companion.games import GAMES, fold
from companion.live import Hub
from companion.rules.fish import Fish
from companion.rules.setup import make_config
from companion.rules.snapshot import make_snapshot, score_snapshot
from companion.rules.table import Table
from companion.store import Store
from companion.views import game_view

A, B, C = "Aiko", "Bo", "Chiyo"

#: The fixed setup of the long game: the Expansion with the "more markets" variant, so
#: every kind of token the tests need is in play. Horse Mackerel is in the initial setup,
#: so nobody starts with a Mackerel licence and the Mackerel board holds P = 3 licences
#: (setup.md §3.2, §5). Horse Mackerel and Nori print their numbers on the boards only,
#: so the host entered them (board_numbers).
SETUP: dict[str, Any] = {
    "players": [A, B, C],
    "money": "open",
    "expansion": True,
    "variants": ["more_markets"],
    "seed": 20240611,
    "fish_markets": [
        "mackerel",
        "horse_mackerel",
        "eel",
        "red_snapper",
        "salmon",
        "spider_crab",
        "tuna",
        "nori",
        "octopus",
    ],
    "external_markets": ["ships", "bank", "rentals", "influence", "overfishing"],
    "board_numbers": {
        "horse_mackerel": {"licenses": 3, "tokens": 4},
        "nori": {"licenses": 3, "tokens": 6},
    },
}


# -- two ways of playing: the Door, and the JSON API ---------------------------------------


class Game:
    """One tracked game and the tokens to act with; ``act`` returns the new seq."""

    game_id: str
    host: str
    seats: dict[str, str]
    store: Store

    def act(self, who: str, **action: Any) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def refuse(self, who: str, **action: Any) -> tuple[int, str, str | None]:
        """Send an action that must be refused: (status, error, field)."""
        raise NotImplementedError  # pragma: no cover - interface

    def undo(self, to_seq: int | None = None) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def redo(self) -> int:  # pragma: no cover - interface
        raise NotImplementedError

    def token(self, who: str) -> str:
        return self.host if who == "host" else self.seats[who]

    @property
    def table(self) -> Table:
        return self.store.state(self.game_id).table

    @property
    def version(self) -> int:
        return self.store.state(self.game_id).version


class DoorGame(Game):
    def __init__(self, store: Store, door: Door, setup: dict[str, Any]) -> None:
        config = make_config(**setup)
        self.store, self.door = store, door
        self.game_id, self.host, seat_tokens = store.create_game(config)
        self.seats = dict(zip(config.players, seat_tokens, strict=True))

    def act(self, who: str, **action: Any) -> int:
        kind = action.pop("type")
        return self.door.act(self.game_id, self.token(who), kind, action).seq

    def refuse(self, who: str, **action: Any) -> tuple[int, str, str | None]:
        with pytest.raises(Refused) as info:
            kind = action.pop("type")
            self.door.act(self.game_id, self.token(who), kind, action)
        return info.value.status, info.value.message, info.value.field

    def undo(self, to_seq: int | None = None) -> int:
        return self.door.undo(self.game_id, self.host, to_seq).seq

    def redo(self) -> int:
        return self.door.redo(self.game_id, self.host).seq


class ClientGame(Game):
    def __init__(self, client: Any, store: Store, setup: dict[str, Any]) -> None:
        r = client.post("/api/games", json=setup)
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        assert body["fish_markets"] == setup["fish_markets"]
        self.client, self.store = client, store
        self.game_id, self.host = body["id"], body["host_token"]
        self.seats = {s["name"]: s["token"] for s in body["seats"]}

    def _auth(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token(who)}"}

    def act(self, who: str, **action: Any) -> int:
        r = self.client.post(
            f"/api/games/{self.game_id}/actions", json=action, headers=self._auth(who)
        )
        assert r.status_code == 201, (action, r.get_json())
        return int(r.get_json()["seq"])

    def refuse(self, who: str, **action: Any) -> tuple[int, str, str | None]:
        r = self.client.post(
            f"/api/games/{self.game_id}/actions", json=action, headers=self._auth(who)
        )
        body = r.get_json()
        assert r.status_code in (400, 409), (action, r.status_code, body)
        return r.status_code, body["error"], body.get("field")

    def undo(self, to_seq: int | None = None) -> int:
        body = {} if to_seq is None else {"to_seq": to_seq}
        r = self.client.post(
            f"/api/games/{self.game_id}/undo", json=body, headers=self._auth("host")
        )
        assert r.status_code == 200, r.get_json()
        return int(r.get_json()["seq"])

    def redo(self) -> int:
        r = self.client.post(f"/api/games/{self.game_id}/redo", json={}, headers=self._auth("host"))
        assert r.status_code == 200, r.get_json()
        return int(r.get_json()["seq"])


@pytest.fixture
def door_parts(tmp_path: Path) -> Iterator[tuple[Store, Door]]:
    path = tmp_path / "scenario.sqlite3"
    store = Store(path, GAMES)
    hub = Hub(str(path), max_streams=8)
    yield store, Door(store, hub)
    hub.stop()
    store.close()


# -- expectations ----------------------------------------------------------------------------


@dataclass
class Holdings:
    yen: int
    fish: Fish = field(default_factory=Fish)
    licenses: dict[str, int] = field(default_factory=dict)
    items: dict[str, int] = field(default_factory=dict)
    loans: int = 0
    shares: int = 0


def assert_holdings(t: Table, expected: dict[str, Holdings]) -> None:
    for name, want in expected.items():
        p = t.player(name)
        got = Holdings(p.yen, p.fish, p.licenses, p.items, p.loans, p.shares)
        assert got == want, name


def refused_changes_nothing(
    g: Game, who: str, field_name: str | None = None, words: str = "", **action: Any
) -> None:
    """The action is refused with 400, a sentence (and the field), and nothing moves."""
    before, version = g.table, g.version
    status, message, got_field = g.refuse(who, **action)
    assert status == 400
    assert message.endswith(".") and message[0].isupper(), message
    if field_name is not None:
        assert got_field == field_name, (message, got_field)
    assert words.lower() in message.lower(), message
    assert g.table == before
    assert g.version == version


def turn_starts(
    g: Game,
    who: str,
    *,
    triggered: bool,
    reason: str | None = None,
    lowest_yen: bool | None = None,
    lowest_resources: bool | None = None,
    resources: list[int] | None = None,
) -> None:
    """Start the next turn (host) and check whose it is and what the end check said."""
    g.act("host", type="next_turn")
    t = g.table
    assert t.players[t.turn.current].name == who
    if resources is not None:
        assert t.resources() == resources
    check = t.turn.last_check
    assert check is not None and check.player == t.turn.current
    assert check.triggered is triggered
    assert check.reason == reason
    if lowest_yen is not None:
        assert check.lowest_yen is lowest_yen
    if lowest_resources is not None:
        assert check.lowest_resources is lowest_resources


# -- the long game -----------------------------------------------------------------------------


def play_long_game(g: Game) -> None:
    """Thirteen turns of a 3-player Expansion game; every number below is worked out from
    the rules by hand (fish-markets.md, external-markets.md §6, turn-and-scoring.md)."""
    t = g.table
    # Setup: ¥2,000 each, no licences (Horse Mackerel in play from the start).
    assert [p.yen for p in t.players] == [2000, 2000, 2000]
    assert all(p.licenses == {} for p in t.players)
    assert t.board_licenses == {
        "mackerel": 3,
        "horse_mackerel": 3,
        "eel": 3,
        "red_snapper": 3,
        "salmon": 3,
        "spider_crab": 3,
        "tuna": 3,
        "nori": 3,
        "octopus": 3,
    }
    assert t.board_tokens == {
        "mackerel": 30,
        "horse_mackerel": 4,
        "eel": 13,
        "salmon": 10,
        "nori": 6,
        "octopus": 6,
        "takoyaki": 12,
    }
    # The Ships board (setup.md §4, P = 3) and Influence's Expansion tokens are counted too.
    ships = {"ships.one_slot": 1, "ships.two_slot": 3, "ships.three_slot": 2}
    ships |= {"ships.four_slot": 1, "ships.barge": 1}
    assert t.stock == {
        **ships,
        "bank.loans": 3,
        "bank.shares": 2,
        "rentals.freezer": 2,
        "rentals.cart": 2,
        "influence.buyer_token": 2,
        "influence.expansion_token": 2,
    }
    assert t.values.eel == 1 and t.values.red_snapper_remaining == 18
    assert sorted(t.bag) == sorted(
        ["spider_crab:4"] * 4
        + ["spider_crab:6"] * 4
        + ["spider_crab:8"] * 2
        + ["tuna:15"] * 3
        + ["tuna:20", "tuna:25"]
    )
    assert t.turn.number == 0 and t.turn.last_check is None

    # Nothing can happen to a turn tracker that has not started except the first start;
    # but bookkeeping may be recorded before it (the table sets up). Start turn 1.
    turn_starts(g, A, triggered=False, resources=[0, 0, 0])

    # Turn 1, Aiko: two Eel licences (¥500 each), enters Eel (¥100 per own licence),
    # three Eel tokens, three Eel barrels placed for sale (marker 1 → 4), a Mackerel
    # licence (¥100, one per visit) and four Mackerel tokens.
    g.act(A, type="take_license", player=A, market="eel", count=2)
    g.act(
        "host",
        type="pay",
        **{"from": "supply", "to": A, "amount": 200, "note": "Eel entry: 2 licences"},
    )
    g.act(A, type="gain_fish", player=A, fish="eel", count=3)
    g.act(A, type="set_track", track="eel", value=4)
    g.act(A, type="take_license", player=A, market="mackerel")
    refused_changes_nothing(
        g, A, "count", "at most 1", type="take_license", player=A, market="mackerel", count=2
    )
    g.act(A, type="gain_fish", player=A, fish="mackerel", count=4)
    # A slip, undone and redone: the table comes back exactly.
    before = g.table
    g.act("host", type="pay", **{"from": "supply", "to": B, "amount": 1000})
    slipped = g.table
    g.undo()
    assert g.table == before
    g.redo()
    assert g.table == slipped
    g.undo()
    assert g.table == before
    assert_holdings(
        g.table,
        {
            A: Holdings(1100, Fish(eel=3, mackerel=4), {"eel": 2, "mackerel": 1}),
            B: Holdings(2000),
            C: Holdings(2000),
        },
    )
    assert g.table.values.eel == 4
    assert g.table.board_licenses["eel"] == 1 and g.table.board_licenses["mackerel"] == 2

    # Turn 2, Bo: a Tuna licence and two Tuna tokens by printed value, two Red Snapper
    # licences, buys a barrel from Aiko (¥300) and takes three grid tokens, two loans.
    turn_starts(g, B, triggered=False, resources=[16, 0, 0])
    refused_changes_nothing(
        g, B, "count", "1 licence left", type="take_license", player=B, market="eel", count=2
    )
    g.act(B, type="take_license", player=B, market="tuna")
    g.act(B, type="gain_fish", player=B, fish="tuna", value=25)
    g.act(B, type="gain_fish", player=B, fish="tuna", value=15)
    refused_changes_nothing(
        g, B, "value", "15, 20, 25", type="gain_fish", player=B, fish="tuna", value=30
    )
    refused_changes_nothing(
        g, B, "count", "", type="gain_fish", player=B, fish="tuna", value=25
    )  # the only 25 is gone from the bag
    g.act(B, type="take_license", player=B, market="red_snapper", count=2)
    g.act(B, type="pay", **{"from": B, "to": A, "amount": 300, "note": "Red Snapper barrel"})
    refused_changes_nothing(
        g, B, "amount", "only ¥100", type="pay", **{"from": B, "to": A, "amount": 200}
    )
    g.act(B, type="take_red_snapper", player=B)
    g.act(B, type="take_red_snapper", player=B, count=2)
    g.act(B, type="take_loan", player=B, count=2)
    assert_holdings(
        g.table,
        {
            A: Holdings(1400, Fish(eel=3, mackerel=4), {"eel": 2, "mackerel": 1}),
            B: Holdings(
                1100, Fish(tuna=(15, 25), red_snapper=3), {"tuna": 1, "red_snapper": 2}, loans=2
            ),
            C: Holdings(2000),
        },
    )
    t = g.table
    assert t.values.red_snapper_remaining == 15  # 6, 6, 5 taken: the value is now 5
    assert t.stock["bank.loans"] == 1
    assert sorted(c for c in t.bag if c.startswith("tuna")) == ["tuna:15", "tuna:15", "tuna:20"]

    # Turn 3, Chiyo: a share, Salmon (licence ¥400; two fresh tokens, one degraded), a
    # Freezer and a Cart (¥200 each), the free Nori licence: all four License spaces.
    turn_starts(g, C, triggered=False, resources=[16, 55, 0])
    g.act(C, type="buy_share", player=C)
    refused_changes_nothing(g, C, "player", "never take a loan", type="take_loan", player=C)
    g.act(C, type="take_license", player=C, market="salmon")
    g.act(C, type="gain_fish", player=C, fish="salmon", count=2)
    g.act(C, type="gain_fish", player=C, fish="salmon", side="degraded")
    refused_changes_nothing(
        g, C, "side", "fresh", type="gain_fish", player=C, fish="salmon", side="rotten"
    )
    g.act(C, type="take_item", player=C, item="freezer")
    g.act(C, type="take_item", player=C, item="cart")
    g.act(C, type="take_license", player=C, market="nori")
    refused_changes_nothing(
        g, C, "count", "0 free license spaces", type="take_license", player=C, market="octopus"
    )
    refused_changes_nothing(
        g, C, "count", "0 free license spaces", type="take_item", player=C, item="cart"
    )
    g.act(C, type="gain_fish", player=C, fish="spider_crab", value=8)
    g.act(C, type="gain_fish", player=C, fish="spider_crab", value=6, count=2)
    g.act(C, type="gain_fish", player=C, fish="nori", count=2)
    assert_holdings(
        g.table,
        {
            C: Holdings(
                900,
                Fish(salmon_fresh=2, salmon_degraded=1, spider_crab=(6, 6, 8), nori=2),
                {"salmon": 1, "nori": 1},
                {"freezer": 1, "cart": 1},
                shares=1,
            )
        },
    )
    # Salmon fresh = S = 3 each, degraded 4; Spider Crab 6+6+8; Nori ⌊30/10⌋ = 3 each.
    assert g.table.resources() == [16, 55, 36]

    # Turn 4, Aiko: Bo has 55 Resources, but only the player whose turn starts is checked.
    turn_starts(g, A, triggered=False, resources=[16, 55, 36])
    g.act(A, type="take_license", player=A, market="horse_mackerel")
    g.act(A, type="gain_fish", player=A, fish="horse_mackerel", count=3)
    g.act(A, type="give_fish", **{"from": A, "to": C, "fish": "eel"})  # a Barter lot
    g.act(A, type="lose_fish", player=A, fish="eel")  # sold at V_eel 4: ¥400, V −2
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 400, "note": "1 Eel sold"})
    g.act(A, type="set_track", track="eel", value=2)
    refused_changes_nothing(g, A, "value", "1 to 13", type="set_track", track="eel", value=14)
    g.act(A, type="gain_fish", player=A, fish="takoyaki", count=2)
    g.act(A, type="pay", **{"from": A, "to": C, "amount": 400, "note": "2 Takoyaki"})
    refused_changes_nothing(
        g, A, "count", "free license spaces", type="take_license", player=A, market="nori"
    )
    g.act(A, type="return_license", player=A, market="mackerel")
    g.act(A, type="take_license", player=A, market="nori")
    refused_changes_nothing(
        g, A, "count", "only 1 nori licence", type="take_license", player=A, market="nori"
    )
    assert_holdings(
        g.table,
        {
            A: Holdings(
                1200,
                Fish(eel=1, mackerel=4, horse_mackerel=3, takoyaki=2),
                {"eel": 2, "horse_mackerel": 1, "nori": 1},
            ),
            C: Holdings(
                1300,
                Fish(salmon_fresh=2, salmon_degraded=1, spider_crab=(6, 6, 8), nori=2, eel=1),
                {"salmon": 1, "nori": 1},
                {"freezer": 1, "cart": 1},
                shares=1,
            ),
        },
    )
    assert g.table.board_licenses["mackerel"] == 3 and g.table.board_licenses["nori"] == 1

    # Turn 5, Bo: 55 Resources but the outright lowest Yen (¥1,100 < ¥1,200 < ¥1,300): no.
    turn_starts(g, B, triggered=False, reason=None, lowest_yen=True, resources=[19, 55, 38])
    assert g.table.turn.last_check.resources_short == 0
    # The last Horse Mackerel token leaves its board: Overfished at once, ¥200 per token
    # to every holder (Aiko 3, Bo 1). Then Nori is Overfished: ¥100 per token (Chiyo 2).
    g.act(B, type="gain_fish", player=B, fish="horse_mackerel")
    assert "horse_mackerel" in g.table.values.overfished
    assert [p.yen for p in g.table.players] == [1800, 1300, 1300]
    g.act("host", type="mark_overfished", market="nori")
    refused_changes_nothing(
        g, "host", "market", "already overfished", type="mark_overfished", market="nori"
    )
    # Each Overfished market is replaced from the box at once, drawn with the game's seed
    # (setup.md §7): Clams & Oysters for Horse Mackerel, Squid for Nori.
    assert [(a.market, a.trigger) for a in g.table.arrivals] == [
        ("clams_oysters", "horse_mackerel"),
        ("squid", "nori"),
    ]
    refused_changes_nothing(
        g, "host", "market", "already in play", type="add_market", market="mackerel"
    )
    g.act(B, type="gain_fish", player=B, fish="octopus")
    g.act(B, type="return_license", player=B, market="red_snapper")
    g.act(B, type="pay", **{"from": B, "to": "supply", "amount": 100, "note": "Bank entry"})
    assert_holdings(
        g.table,
        {
            A: Holdings(
                1800,
                Fish(eel=1, mackerel=4, horse_mackerel=3, takoyaki=2),
                {"eel": 2, "horse_mackerel": 1, "nori": 1},
            ),
            B: Holdings(
                1200,
                Fish(tuna=(15, 25), red_snapper=3, horse_mackerel=1, octopus=1),
                {"tuna": 1, "red_snapper": 1},
                loans=2,
            ),
            C: Holdings(
                1100,
                Fish(salmon_fresh=2, salmon_degraded=1, spider_crab=(6, 6, 8), nori=2, eel=1),
                {"salmon": 1, "nori": 1},
                {"freezer": 1, "cart": 1},
                shares=1,
            ),
        },
    )
    t = g.table
    assert t.values.overfished == frozenset({"horse_mackerel", "nori"})
    assert "squid" in t.config.fish_markets
    assert t.board_licenses["squid"] == 3 and t.board_tokens["squid"] == 8

    # Turn 6, Chiyo: the Freezer goes back after its second use, a Spider Crab 6 is sold
    # (¥1,000, back into the bag), a Buyer token, a Red Snapper bought from Bo (¥300).
    turn_starts(g, C, triggered=False, resources=[19, 59, 38])
    g.act(C, type="return_item", player=C, item="freezer")
    g.act(C, type="lose_fish", player=C, fish="spider_crab", value=6)
    refused_changes_nothing(
        g, C, "count", "does not hold", type="lose_fish", player=C, fish="spider_crab", value=4
    )
    g.act(
        "host",
        type="pay",
        **{"from": "supply", "to": C, "amount": 1000, "note": "Spider Crab 6 sold"},
    )
    g.act(C, type="take_item", player=C, item="buyer_token")
    g.act(C, type="gain_fish", player=C, fish="red_snapper")
    g.act(C, type="pay", **{"from": C, "to": B, "amount": 300})
    assert_holdings(
        g.table,
        {
            B: Holdings(
                1500,
                Fish(tuna=(15, 25), red_snapper=3, horse_mackerel=1, octopus=1),
                {"tuna": 1, "red_snapper": 1},
                loans=2,
            ),
            C: Holdings(
                1600,
                Fish(
                    salmon_fresh=2,
                    salmon_degraded=1,
                    spider_crab=(6, 8),
                    nori=2,
                    eel=1,
                    red_snapper=1,
                ),
                {"salmon": 1, "nori": 1},
                {"cart": 1, "buyer_token": 1},
                shares=1,
            ),
        },
    )
    assert g.table.stock["rentals.freezer"] == 2 and g.table.stock["influence.buyer_token"] == 1
    assert g.table.values.red_snapper_remaining == 14

    # Turn 7, Aiko: ¥3,700 from the supply (trading), the last share (¥300).
    turn_starts(g, A, triggered=False, resources=[19, 59, 37])
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 3700})
    g.act(A, type="gain_fish", player=A, fish="mackerel", count=2)
    g.act(A, type="buy_share", player=A)
    refused_changes_nothing(g, B, "count", "0 shares left", type="buy_share", player=B)

    # Turn 8, Bo: 59 Resources, outright lowest Yen again (¥1,500): no. The last loan.
    turn_starts(g, B, triggered=False, lowest_yen=True, resources=[21, 59, 37])
    g.act(B, type="set_track", track="eel", value=3)
    g.act(B, type="take_loan", player=B)
    refused_changes_nothing(g, B, "count", "0 loans left", type="take_loan", player=B)

    # Turn 9, Chiyo: a degraded Salmon donated to the Government (it leaves play: "box"),
    # ¥300 for the left place. S falls to 2, so fresh Salmon are worth 2 each.
    turn_starts(g, C, triggered=False, resources=[22, 59, 38])
    g.act(C, type="lose_fish", player=C, fish="salmon", side="degraded", to="box")
    g.act("host", type="pay", **{"from": "supply", "to": C, "amount": 300, "note": "Government"})
    assert g.table.board_tokens["salmon"] == 7  # into the box, not back to the board

    # Turn 10, Aiko: ¥5,200 but the outright lowest Resources (22 < 30 < 59): no.
    turn_starts(g, A, triggered=False, lowest_resources=True, resources=[22, 59, 30])
    assert g.table.turn.last_check.yen_short == 0
    g.act(A, type="gain_fish", player=A, fish="spider_crab", value=4, count=3)

    # Turn 11, Bo: 59 Resources, and Chiyo now has less Yen (¥1,900 < ¥2,000): the end.
    turn_starts(g, B, triggered=True, reason="resources", lowest_yen=False, resources=[34, 59, 30])
    t = g.table
    assert t.turn.triggered_by == 1
    assert t.turn.final_turns == (2, 0)  # Chiyo, then Aiko, one more turn each
    g.act(B, type="pay", **{"from": B, "to": A, "amount": 500})

    # Turn 12 (final round), Chiyo: no check once the end is triggered.
    g.act("host", type="next_turn")
    t = g.table
    assert t.players[t.turn.current].name == C and t.turn.final_turns == (0,)
    assert t.turn.last_check is None and not t.turn.finished
    g.act(C, type="gain_fish", player=C, fish="mackerel", count=2)
    # Squid entered in turn 5: two tokens, one sold back at ¥600 (Squid are worth 0 R).
    g.act(C, type="gain_fish", player=C, fish="squid", count=2)
    g.act(C, type="lose_fish", player=C, fish="squid")
    g.act("host", type="pay", **{"from": "supply", "to": C, "amount": 600, "note": "1 Squid"})

    # Turn 13 (final round), Aiko: sells two Mackerel (¥100 per two).
    g.act("host", type="next_turn")
    t = g.table
    assert t.players[t.turn.current].name == A and t.turn.final_turns == ()
    g.act(A, type="lose_fish", player=A, fish="mackerel", count=2)
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 100})

    # The last final turn ends: the game is over.
    g.act("host", type="next_turn")
    assert g.table.turn.finished
    refused_changes_nothing(g, "host", "type", "game is over", type="next_turn")
    refused_changes_nothing(
        g, "host", "type", "game is over", type="pay", **{"from": "supply", "to": A, "amount": 100}
    )


def check_final_table(t: Table) -> None:
    assert_holdings(
        t,
        {
            A: Holdings(
                5800,
                Fish(eel=1, mackerel=4, horse_mackerel=3, takoyaki=2, spider_crab=(4, 4, 4)),
                {"eel": 2, "horse_mackerel": 1, "nori": 1},
                shares=1,
            ),
            B: Holdings(
                1500,
                Fish(tuna=(15, 25), red_snapper=3, horse_mackerel=1, octopus=1),
                {"tuna": 1, "red_snapper": 1},
                loans=3,
            ),
            C: Holdings(
                2500,
                Fish(
                    salmon_fresh=2,
                    spider_crab=(6, 8),
                    nori=2,
                    eel=1,
                    red_snapper=1,
                    mackerel=2,
                    squid=1,
                ),
                {"salmon": 1, "nori": 1},
                {"cart": 1, "buyer_token": 1},
                shares=1,
            ),
        },
    )
    v = t.values
    assert (v.eel, v.swordfish, v.red_snapper_remaining) == (3, 6, 14)
    assert v.overfished == frozenset({"horse_mackerel", "nori"})
    assert v.external == frozenset({"ships", "bank", "rentals", "influence", "overfishing"})
    assert t.board_licenses == {
        "mackerel": 3,
        "horse_mackerel": 2,
        "eel": 1,
        "red_snapper": 2,
        "salmon": 2,
        "spider_crab": 3,
        "tuna": 2,
        "nori": 1,
        "octopus": 3,
        "clams_oysters": None,  # entered with Horse Mackerel's Overfishing: not printed
        "squid": 3,
    }
    assert t.board_tokens == {
        "mackerel": 24,
        "horse_mackerel": 0,
        "eel": 11,
        "salmon": 7,
        "nori": 4,
        "octopus": 5,
        "takoyaki": 10,
        "squid": 7,
    }
    assert sorted(t.bag) == sorted(
        [
            "spider_crab:4",
            "spider_crab:6",
            "spider_crab:6",
            "spider_crab:6",
            "spider_crab:8",
            "tuna:15",
            "tuna:15",
            "tuna:20",
        ]
    )
    ships = {"ships.one_slot": 1, "ships.two_slot": 3, "ships.three_slot": 2}
    ships |= {"ships.four_slot": 1, "ships.barge": 1}
    assert t.stock == {
        **ships,
        "bank.loans": 0,
        "bank.shares": 0,
        "rentals.freezer": 2,
        "rentals.cart": 1,
        "influence.buyer_token": 1,
        "influence.expansion_token": 2,
    }
    # Resources: Aiko 3 + 4 + 3 + 10 + 12; Bo 40 + 15 + 1 + 3; Chiyo 4 + 14 + 3 + 5 + 2 + 0
    # (Squid) and two Nori worth ⌊28 / 10⌋ = 2 each.
    assert t.resources() == [32, 59, 32]
    assert t.turn.finished and t.turn.triggered_by == 1


#: Final scoring worked by hand (turn-and-scoring.md §6): Bo alone highest R (+¥1,000),
#: Aiko and Chiyo tied lowest (−¥300 each); Overfishing market (counts tokens, Squid
#: too): Aiko 10 healthy − 3 Horse Mackerel, Bo 6 − 1, Chiyo 9 − 2 Nori; Bo repays 3 loans
#: (¥3,000), the ¥1,500 interest goes to the two share owners, ¥800 each (rounded up);
#: fish at ¥100 per R.
FINAL = {
    A: {
        "start_yen": 5800,
        "resource_award": -300,
        "overfishing": 700,
        "loan_repayment": 0,
        "interest_received": 800,
        "fish_yen": 3200,
        "final": 10200,
        "rank": 1,
    },
    B: {
        "start_yen": 1500,
        "resource_award": 1000,
        "overfishing": 500,
        "loan_repayment": -3000,
        "interest_received": 0,
        "fish_yen": 5900,
        "final": 5900,
        "rank": 3,
    },
    C: {
        "start_yen": 2500,
        "resource_award": -300,
        "overfishing": 700,
        "loan_repayment": 0,
        "interest_received": 800,
        "fish_yen": 3200,
        "final": 6900,
        "rank": 2,
    },
}


def check_score(report: dict[str, Any]) -> None:
    assert report["winners"] == [A]
    for p in report["players"]:
        want = dict(FINAL[p["name"]])
        final, rank = want.pop("final"), want.pop("rank")
        assert p["steps"] == want, p["name"]
        assert (p["final_yen"], p["rank"]) == (final, rank), p["name"]


def test_long_game_through_the_door(door_parts: tuple[Store, Door], tmp_path: Path) -> None:
    store, door = door_parts
    g = DoorGame(store, door, SETUP)
    play_long_game(g)
    t = g.table
    check_final_table(t)

    # The tracked game and the calculator agree.
    state = store.state(g.game_id)
    view = game_view(state, door.identify(g.game_id, g.host))
    calculator = score_snapshot(make_snapshot(t.scoring_players(), t.values)).to_json()
    assert view["score"] == calculator
    check_score(view["score"])
    assert view["turn"]["finished"] and view["turn"]["triggered_by"] == B

    # Actions are attributed to whoever recorded them.
    by_type = {e.type: e.actor for e in state.events}
    assert by_type["buy_share"] in (A, C) and by_type["mark_overfished"] == "host"
    assert any(e.actor == B and e.type == "take_loan" for e in state.events)

    # The log on disk folds to the same table, read back by a fresh process's Store.
    fresh = Store(tmp_path / "scenario.sqlite3", GAMES)
    try:
        replayed = fresh.state(g.game_id)
        assert replayed.table == t
        assert fold(replayed.config, replayed.events) == t
        assert replayed.version == g.version
    finally:
        fresh.close()

    # Undo to an entry of the history goes back to the table before it; redo returns.
    seq_of_next_to_last_turn = max(
        e.seq for e in state.events if e.type == "next_turn" and e.undone_by is None
    )
    g.undo(to_seq=seq_of_next_to_last_turn)
    assert not g.table.turn.finished and g.table.turn.final_turns == ()
    g.redo()
    assert g.table == t


def test_long_game_through_the_json_api(client: Any, app: Any) -> None:
    store = app.extensions["companion.store"]
    g = ClientGame(client, store, SETUP)
    play_long_game(g)
    check_final_table(g.table)

    host = {"Authorization": f"Bearer {g.host}"}
    view = client.get(f"/api/games/{g.game_id}", headers=host).get_json()
    snap = client.get(f"/api/games/{g.game_id}/snapshot", headers=host)
    assert snap.status_code == 200
    scored = client.post("/api/score", json=snap.get_json())
    assert scored.status_code == 200
    assert view["score"] == scored.get_json()
    check_score(view["score"])
    assert view["seq"] == g.version
    # A seat cannot export the snapshot; a wrong token is 401; a stale expected_seq 409.
    seat = {"Authorization": f"Bearer {g.seats[B]}"}
    assert client.get(f"/api/games/{g.game_id}/snapshot", headers=seat).status_code == 403
    bad = {"Authorization": "Bearer nope"}
    assert client.get(f"/api/games/{g.game_id}", headers=bad).status_code == 401
    r = client.post(f"/api/games/{g.game_id}/undo", json={"expected_seq": 1}, headers=host)
    assert r.status_code == 409 and "error" in r.get_json()


# -- the end check, case by case (turn-and-scoring.md §4) -------------------------------------

BASE3 = {
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}
BASE2 = {
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel"],
    "external_markets": ["ships", "bank", "rentals"],
}


def _give(g: Game, name: str, yen: int, tokens: list[dict[str, Any]]) -> None:
    """Bring a player from ¥2,000 to ``yen`` and give them tokens."""
    if yen > 2000:
        g.act("host", type="pay", **{"from": "supply", "to": name, "amount": yen - 2000})
    elif yen < 2000:
        g.act("host", type="pay", **{"from": name, "to": "supply", "amount": 2000 - yen})
    for tok in tokens:
        g.act("host", type="gain_fish", player=name, **tok)


def mackerel(n: int) -> dict[str, Any]:
    return {"fish": "mackerel", "count": n}


def tuna(v: int) -> dict[str, Any]:
    return {"fish": "tuna", "value": v}


def crab(v: int, n: int = 1) -> dict[str, Any]:
    return {"fish": "spider_crab", "value": v, "count": n}


#: (case, players' Yen and tokens, expected trigger at A's start, reason)
CASES = [
    (
        "1: A tied lowest R, ¥5,200",
        {A: (5200, [mackerel(10)]), B: (2000, [mackerel(10)]), C: (2000, [tuna(20)])},
        True,
        "yen",
    ),
    (
        "2: A outright lowest R, ¥5,200",
        {A: (5200, [mackerel(8)]), B: (2000, [mackerel(10)]), C: (2000, [tuna(20)])},
        False,
        None,
    ),
    (
        "3: A 52 R, tied lowest Yen",
        {A: (1000, [tuna(25), tuna(15), crab(8), crab(4)]), B: (1000, []), C: (4000, [])},
        True,
        "resources",
    ),
    (
        "4: 2p, A 50 R, outright lowest Yen",
        {A: (900, [tuna(25), tuna(15), mackerel(10)]), B: (3000, [])},
        False,
        None,
    ),
    (
        "5: 2p, A 60 R, equal Yen",
        {A: (2000, [tuna(25), tuna(20), tuna(15)]), B: (2000, [mackerel(10)])},
        True,
        "resources",
    ),
    ("7: 2p, ¥5,000 exactly, R 0 each", {A: (5000, []), B: (2000, [])}, True, "yen"),
]


@pytest.mark.parametrize(
    ("case", "holdings", "triggered", "reason"), CASES, ids=[c[0].split(":")[0] for c in CASES]
)
def test_end_check_worked_cases(
    door_parts: tuple[Store, Door],
    case: str,
    holdings: dict[str, tuple[int, list[dict[str, Any]]]],
    triggered: bool,
    reason: str | None,
) -> None:
    store, door = door_parts
    names = list(holdings)
    g = DoorGame(
        store, door, {"players": names, "seed": 1, **(BASE3 if len(names) == 3 else BASE2)}
    )
    for name, (yen, tokens) in holdings.items():
        _give(g, name, yen, tokens)
    assert [p.yen for p in g.table.players] == [y for y, _ in holdings.values()]

    turn_starts(g, A, triggered=triggered, reason=reason)
    t = g.table
    if not triggered:
        assert t.turn.triggered_by is None and t.turn.final_turns == ()
        g.act("host", type="next_turn")  # play goes on, clockwise
        assert g.table.turn.current == 1 and g.table.turn.number == 2
        return
    # The final round: every other player once, clockwise, then the game is over.
    assert t.turn.triggered_by == 0
    assert [names[s] for s in t.turn.final_turns] == names[1:]
    for k, name in enumerate(names[1:], start=1):
        g.act("host", type="next_turn")
        t = g.table
        assert t.players[t.turn.current].name == name
        assert t.turn.last_check is None  # no more checks once triggered
        assert [names[s] for s in t.turn.final_turns] == names[k + 1 :]
        assert not t.turn.finished
    g.act("host", type="next_turn")
    assert g.table.turn.finished
    view = game_view(store.state(g.game_id), door.identify(g.game_id, g.host))
    t = g.table
    assert view["score"] == score_snapshot(make_snapshot(t.scoring_players(), t.values)).to_json()


def test_end_check_case_6_snapshot_example(door_parts: tuple[Store, Door]) -> None:
    """Aiko ¥4,200 with 143 R, Bo ¥6,100 with 9 R: neither start of turn ends the game."""
    store, door = door_parts
    g = DoorGame(store, door, {"players": [A, B], "seed": 6, **BASE2})
    _give(
        g,
        A,
        4200,
        [
            tuna(15),
            tuna(15),
            tuna(15),
            tuna(20),
            tuna(25),
            crab(8, 2),
            crab(6, 4),
            crab(4, 2),
            mackerel(5),
        ],
    )
    _give(g, B, 6100, [mackerel(9)])
    assert g.table.resources() == [143, 9]
    turn_starts(g, A, triggered=False, lowest_yen=True)
    assert g.table.turn.last_check.resources_short == 0
    turn_starts(g, B, triggered=False, lowest_resources=True)
    assert g.table.turn.last_check.yen_short == 0
    # Every Tuna token is held now, so none is left on the market or in the bag: Tuna is
    # Overfished (fish-markets.md §17); two Spider Crab 4s are still in the bag.
    assert "tuna" in g.table.values.overfished
    assert "spider_crab" not in g.table.values.overfished
    assert [c for c in g.table.bag if c.startswith("spider_crab")] == ["spider_crab:4"] * 2
    # Both checks passed: play goes on with Aiko again.
    turn_starts(g, A, triggered=False)
    assert g.table.turn.number == 3


def test_end_game_by_hand_and_refusals_elsewhere(door_parts: tuple[Store, Door]) -> None:
    """``end_game`` finishes at once; other refusals of the rules core change nothing."""
    store, door = door_parts
    g = DoorGame(store, door, {"players": [A, B, C], "seed": 3, **BASE3})
    # Unknown and internal types, unknown players and markets, bad amounts.
    refused_changes_nothing(g, "host", "type", "no action called", type="fly")
    refused_changes_nothing(g, "host", "type", "auction", type="auction_open", kind="tuna", owner=A)
    refused_changes_nothing(
        g, "host", "player", "no player called", type="take_loan", player="Dora"
    )
    refused_changes_nothing(
        g, "host", "market", "not in play", type="take_license", player=A, market="salmon"
    )
    refused_changes_nothing(
        g,
        "host",
        "amount",
        "multiple of ¥100",
        type="pay",
        **{"from": "supply", "to": A, "amount": 150},
    )
    refused_changes_nothing(
        g, "host", "amount", "more than ¥0", type="pay", **{"from": "supply", "to": A, "amount": 0}
    )
    refused_changes_nothing(
        g, "host", "to", "same", type="pay", **{"from": A, "to": A, "amount": 100}
    )
    refused_changes_nothing(
        g, "host", "item", "not in play", type="take_item", player=A, item="buyer_token"
    )
    refused_changes_nothing(
        g, "host", "track", "not in play", type="set_track", track="swordfish", value=5
    )
    refused_changes_nothing(
        g, "host", "market", "needs the expansion", type="add_market", market="nori"
    )
    # Mackerel: 3 licences set aside for the players, 3 on the board.
    assert g.table.board_licenses["mackerel"] == 3
    assert all(p.licenses == {"mackerel": 1} for p in g.table.players)
    # Four License spaces: three more licences fit, a fifth does not.
    g.act(A, type="take_license", player=A, market="squid", count=3)
    refused_changes_nothing(
        g, A, "count", "0 free license spaces", type="take_license", player=A, market="eel"
    )
    assert g.table.player(A).spaces_used == 4 and g.table.player(A).yen == 1100
    # Licences run out on the board.
    refused_changes_nothing(
        g, B, "count", "0 licences left", type="take_license", player=B, market="squid"
    )
    g.act("host", type="end_game")
    assert g.table.turn.finished
    refused_changes_nothing(g, "host", "type", "over", type="end_game")


# -- setups the rules core must refuse or handle ------------------------------------------------


def test_clams_and_oysters_without_entered_numbers(door_parts: tuple[Store, Door]) -> None:
    """The Clams & Oysters token counts are printed on the board only (setup.md §3.4). A
    game whose host did not enter them cannot track that part of the bag, but a drawn
    clam or oyster must still be recordable (like any board whose stock is unknown)."""
    store, door = door_parts
    g = DoorGame(
        store,
        door,
        {
            "players": [A, B, C],
            "expansion": True,
            "seed": 8,
            "fish_markets": ["mackerel", "clams_oysters", "eel", "tuna", "squid"],
            "external_markets": ["ships", "bank", "rentals"],
        },
    )
    bag = g.table.bag
    assert not any(c in ("clam", "oyster") for c in bag)
    g.act(B, type="gain_fish", player=B, fish="oyster")
    g.act("host", type="pay", **{"from": "supply", "to": B, "amount": 200, "note": "oyster"})
    g.act(B, type="gain_fish", player=B, fish="clam", count=2)
    g.act(B, type="lose_fish", player=B, fish="clam")  # a set sold: back into the bag
    g.act(B, type="lose_fish", player=B, fish="oyster")
    t = g.table
    assert (t.player(B).fish.clam, t.player(B).fish.oyster, t.player(B).yen) == (1, 0, 2200)
    assert t.bag == bag and "clams_oysters" not in t.values.overfished

    # With the numbers entered, the bag holds them, and the last one drawn Overfishes.
    g2 = DoorGame(
        store,
        door,
        {
            "players": [A, B, C],
            "expansion": True,
            "seed": 8,
            "fish_markets": ["mackerel", "clams_oysters", "eel", "tuna", "squid"],
            "external_markets": ["ships", "bank", "rentals"],
            "board_numbers": {"clams_oysters": {"clams": 2, "oysters": 1}},
        },
    )
    assert sorted(c for c in g2.table.bag if c in ("clam", "oyster")) == ["clam", "clam", "oyster"]
    refused_changes_nothing(
        g2, B, "count", "1 oyster token left", type="gain_fish", player=B, fish="oyster", count=2
    )
    g2.act(B, type="gain_fish", player=B, fish="clam", count=2)
    assert "clams_oysters" not in g2.table.values.overfished
    g2.act(B, type="gain_fish", player=B, fish="oyster")
    assert "clams_oysters" in g2.table.values.overfished


@pytest.mark.parametrize(
    ("extra", "field_name"),
    [
        ({"seed": "abc"}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": 2.5}, "seed"),
        ({"board_numbers": {"nori": {"tokens": "abc"}}}, "board_numbers.nori.tokens"),
        ({"board_numbers": {"nori": 5}}, "board_numbers.nori"),
        ({"board_numbers": {"nori": {"tokens": -3}}}, "board_numbers.nori.tokens"),
        ({"board_numbers": {"nori": {"tokens": True}}}, "board_numbers.nori.tokens"),
        ({"board_numbers": {"nori": {"boats": 3}}}, "board_numbers.nori.boats"),
        ({"board_numbers": {"whale": {"tokens": 3}}}, "board_numbers.whale"),
        ({"board_numbers": ["nori"]}, "board_numbers"),
    ],
)
def test_new_game_settings_that_could_never_load_are_refused(
    client: Any, extra: dict[str, Any], field_name: str
) -> None:
    """A game is only created from settings its table can be set up from again: a seed
    that is not a whole number or board numbers that are not counts were accepted (201)
    and then broke every later request for that game."""
    body = {
        "players": [A, B, C],
        "expansion": True,
        "variants": ["more_markets"],
        "fish_markets": ["mackerel", "nori", "eel", "tuna", "squid"],
        "external_markets": ["ships", "bank", "rentals"],
        **extra,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["field"] == field_name


def test_new_game_with_entered_numbers_loads(client: Any) -> None:
    body = {
        "players": [A, B, C],
        "expansion": True,
        "variants": ["more_markets"],
        "seed": 12,
        "fish_markets": ["mackerel", "nori", "eel", "tuna", "squid"],
        "external_markets": ["ships", "bank", "rentals"],
        "board_numbers": {"nori": {"licenses": 3, "tokens": 6, "barrels": 4}},
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201
    game = r.get_json()
    view = client.get(
        f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['host_token']}"}
    ).get_json()
    nori = next(m for m in view["markets"]["fish"] if m["id"] == "nori")
    assert (nori["licenses_left"], nori["tokens_left"]) == (3, 6)
