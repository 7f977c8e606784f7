"""The external markets through the JSON API (docs/actions.md, "External markets"): the
visit shapes parsed at the edge, the amounts the app computes, an auction a visit opens in
its undo group, the fleet in the state, and refusals that say why and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 7,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "octopus", "squid", "tuna"],
    "external_markets": ["ships", "used_ships", "government", "trading", "auction", "bank"],
}


class Api:
    def __init__(self, app: Any, setup: dict[str, Any] = SETUP) -> None:
        self.client = app.test_client()
        body = self.client.post("/api/games", json=setup).get_json()
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

    def refused(self, **action: Any) -> dict[str, Any]:
        before = self.state()["seq"]
        r = self.post("/actions", action)
        assert r.status_code == 400, r.get_json()
        assert self.state()["seq"] == before
        return dict(r.get_json())

    def state(self) -> dict[str, Any]:
        r = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        )
        return dict(r.get_json())

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.state()["players"] if p["name"] == name)


@pytest.fixture
def api(app: Any) -> Api:
    g = Api(app)
    g.act(type="gain_fish", player=A, fish="squid", count=3)
    g.act(type="gain_fish", player=A, fish="mackerel", count=4)
    g.act(type="gain_fish", player=A, fish="octopus", count=1)
    g.act(type="next_turn")
    return g


def test_a_port_and_a_ship_then_the_fleet_in_the_state(api: Api) -> None:
    api.act(type="open_port", player=A)
    api.act(type="visit", player=A, market="ships", entry="ap", buy=["three_slot"])
    aiko = api.player(A)
    assert aiko["yen"] == 2000 - 500 - 1500
    # #19: each boat with its id, its place (the free port place it went into) and cargo.
    assert aiko["boats"] == [
        {"id": "b1", "kind": "one_slot", "where": "leftmost", "cargo": []},
        {"id": "b2", "kind": "three_slot", "where": "1", "cargo": []},
    ]
    assert aiko["ports"] == 1 and api.state()["ap_left"] == 1
    assert api.state()["markets"]["stock"]["ships.three_slot"] == 1
    # Undo reverts the whole visit.
    r = api.client.post(
        f"/api/games/{api.id}/undo", json={}, headers={"Authorization": f"Bearer {api.host}"}
    )
    assert r.status_code == 200
    assert api.player(A)["boats"] == [
        {"id": "b1", "kind": "one_slot", "where": "leftmost", "cargo": []}
    ]
    assert api.player(A)["yen"] == 1500


def test_government_pays_and_keeps_the_tokens(api: Api) -> None:
    api.act(
        type="visit",
        player=A,
        market="government",
        entry="free",
        left=["squid", "squid", "squid"],
        right=["mackerel", "mackerel"],
    )
    assert api.player(A)["yen"] == 3300
    places = api.state()["markets"]["places"]
    assert places == {"government.left": ["squid"] * 3, "government.right": ["mackerel"] * 2}


def test_a_trading_swap_and_a_refusal(api: Api) -> None:
    api.act(
        type="visit",
        player=A,
        market="trading",
        entry="ap",
        trades=[{"place": 4, "tokens": ["octopus", "mackerel"]}],
    )
    assert api.player(A)["yen"] == 2700
    body = api.refused(
        type="visit",
        player=A,
        market="trading",
        entry="ap",
        trades=[{"place": 4, "tokens": ["mackerel"]}],
    )
    assert body["error"] == (
        "The tokens put on the Trading place 4+ are worth 1 Resources; it needs 4 or more."
    )
    # The edge refuses a place that does not exist with its own sentence.
    body = api.refused(
        type="visit",
        player=A,
        market="trading",
        entry="ap",
        trades=[{"place": 6, "tokens": ["mackerel"]}],
    )
    assert body["field"].startswith("trades")


def test_an_auction_visit_opens_its_auction_in_the_visits_group(api: Api) -> None:
    answer = api.act(
        type="visit",
        player=A,
        market="auction",
        entry="ap",
        lot=["octopus", "mackerel", "mackerel", "mackerel", "mackerel"],
    )
    assert answer["auctions"] == [f"a{answer['seq']}.1"]
    state = api.state()
    assert state["auction"]["status"] == "open" and state["auction"]["kind"] == "auction_market"
    assert api.player(A)["yen"] == 1700  # the ¥300 fee for 7 Resources
    # Nothing else while it is open (TC-04); one undo reverts visit and auction alike.
    api.refused(type="visit", player=A, market="bank", entry="yen", loans=1)
    r = api.client.post(
        f"/api/games/{api.id}/undo", json={}, headers={"Authorization": f"Bearer {api.host}"}
    )
    assert r.status_code == 200
    assert api.player(A)["yen"] == 2000 and api.state()["auction"] is None


def test_the_edge_refuses_fields_of_the_wrong_shape(api: Api) -> None:
    body = api.refused(type="visit", player=A, market="ships", entry="ap", buy=["canoe"])
    assert body["field"] == "buy[0]"
    body = api.refused(type="visit", player=A, market="ships", entry="ap", loans=1)
    assert body["error"] == "Loans is not something a visit to Ships takes."
    body = api.refused(type="visit", player=A, market="ships", entry="ap", buy=["two_slot"])
    assert body["error"].startswith("Aiko has no free port place for the Two-slot ship")
    api.refused(type="open_port", player=B)


#: The New game page with the Expansion's external markets whose numbers are not printed.
EXP_FORM = {
    "player": ["Aiko", "Bo", "Chiyo", ""],
    "money": "open",
    "expansion": "on",
    "manual": "on",
    "seed": "7",
    "fish_market": ["mackerel", "eel", "squid", "tuna", "octopus"],
    "external_market": ["ships", "sushi", "influence"],
}


def test_the_new_game_page_asks_for_the_external_numbers_once(client: Any) -> None:
    """AMB-40: the Sushi Shop's and Influence's entry costs and prices are asked on the
    page, kept by the server, and filled in for the next game."""
    html = client.post("/games/preview", data=EXP_FORM).get_data(as_text=True)
    assert 'name="board.sushi.yen_2"' in html and 'name="board.influence.entry_ap"' in html
    assert "Sushi Shop" in html
    form = {
        **EXP_FORM,
        "board_players": "3",
        "board.sushi.entry_ap": "1",
        "board.sushi.yen_2": "400",
        "board.influence.entry_yen": "200",
    }
    created = client.post("/games", data=form)
    assert created.status_code == 303, created.get_data(as_text=True)
    store = client.application.extensions["companion.store"]
    first = store.state(created.headers["Location"].split("/")[2]).config
    assert first.board_numbers["sushi"] == {"entry_ap": 1, "yen_2": 400}
    again = client.post("/games/preview", data=EXP_FORM).get_data(as_text=True)
    assert 'name="board.sushi.yen_2" value="400"' in " ".join(again.split())


def test_a_price_board_number_is_in_100_yen_steps(client: Any) -> None:
    body = {**{k: v for k, v in SETUP.items()}, "expansion": True}
    body["external_markets"] = ["ships", "sushi", "bank", "government"]
    r = client.post("/api/games", json={**body, "board_numbers": {"sushi": {"yen_2": 450}}})
    assert r.status_code == 400 and r.get_json()["field"] == "board_numbers.sushi.yen_2"
    r = client.post("/api/games", json={**body, "board_numbers": {"sushi": {"yen_2": 400}}})
    assert r.status_code == 201


def test_an_overseas_lot_short_of_tokens_settles_and_play_goes_on(app: Any) -> None:
    """#19: Aiko docks 2 Eel barrels at Overseas while 1 Eel token is left: the lot holds 1
    Eel (its note says the other barrel gives none); the reveal and the owner's
    choice settle it, and the next turn is accepted (before, neither was: stuck)."""
    g = Api(
        app,
        {**SETUP, "expansion": True, "external_markets": [*SETUP["external_markets"], "overseas"]},
    )
    g.act(type="take_license", player=A, market="eel", pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    # #19: boats are placed: the Two-slot ship (b2) undocks before it catches, one barrel
    # per Fishing action.
    g.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    g.act(type="fishing", player=A, caught={"eel": 1})
    for _ in range(3):
        g.act(type="next_turn")
    g.act(type="fishing", player=A, caught={"eel": 1})
    eel = next(m for m in g.state()["markets"]["fish"] if m["id"] == "eel")
    g.act(type="gain_fish", player=B, fish="eel", count=eel["tokens_left"] - 1)
    answer = g.act(type="visit", player=A, market="overseas", entry="yen", barrels={"eel": 2})
    [aid] = answer["auctions"]
    lot = g.state()["auction"]
    ja = g.client.get(
        f"/api/games/{g.id}",
        headers={"Authorization": f"Bearer {g.host}", "Accept-Language": "ja"},
    ).get_json()["auction"]
    assert g.post(f"/auctions/{aid}/reveal", {}).status_code == 200  # every bid ¥0: all tied
    assert g.post(f"/auctions/{aid}/choose", {"winner": A}).status_code == 200
    assert g.state()["auction"] is None
    assert lot["barrels"] == [{"market": "eel", "count": 1}]
    assert (
        lot["note"] == "No token is left for 1 Eel barrel: the winner takes none for these barrels."
    )
    assert ja["note"].startswith(
        "ウナギ樽1個の分のトークンは残っていないため"
    )  # in the asker's language
    assert [(f["key"], f.get("count", 1)) for f in g.player(A)["fish"]] == [("eel", 1)]
    g.act(type="next_turn")
