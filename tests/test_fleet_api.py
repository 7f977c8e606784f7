"""The fleet through the JSON API (issue #19; flows.md, "The fleet, boat by boat"):
``boats[]`` with ids, places and cargoes in ``GET /api/games/<id>``, Fishing boat by boat,
refusals in one sentence in both languages, undo, and the free moves."""

from __future__ import annotations

from typing import Any

import pytest

A, B = "Aiko", "Bo"
SETUP = {
    "players": [A, B],
    "seed": 7,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "squid", "tuna"],
    "external_markets": ["ships", "used_ships", "bank"],
}


class Api:
    def __init__(self, app: Any, setup: dict[str, Any] = SETUP) -> None:
        self.client = app.test_client()
        body = self.client.post("/api/games", json=setup).get_json()
        self.id, self.host = body["id"], body["host_token"]

    def post(self, path: str, body: dict[str, Any], lang: str = "en") -> Any:
        return self.client.post(
            f"/api/games/{self.id}{path}",
            json=body,
            headers={"Authorization": f"Bearer {self.host}", "Accept-Language": lang},
        )

    def act(self, **action: Any) -> dict[str, Any]:
        r = self.post("/actions", action)
        assert r.status_code == 201, r.get_json()
        return dict(r.get_json())

    def refused(self, lang: str = "en", **action: Any) -> dict[str, Any]:
        before = self.state()
        r = self.post("/actions", action, lang)
        assert r.status_code == 400, r.get_json()
        after = self.state()
        assert after["seq"] == before["seq"] and after["players"] == before["players"]
        return dict(r.get_json())

    def state(self) -> dict[str, Any]:
        r = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        )
        return dict(r.get_json())

    def boats(self, name: str = A) -> list[dict[str, Any]]:
        p = next(p for p in self.state()["players"] if p["name"] == name)
        return list(p["boats"])

    def undo(self) -> None:
        r = self.client.post(
            f"/api/games/{self.id}/undo", json={}, headers={"Authorization": f"Bearer {self.host}"}
        )
        assert r.status_code == 200, r.get_json()


@pytest.fixture
def api(app: Any) -> Api:
    g = Api(app)
    g.act(type="take_license", player=A, market="eel", pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    return g


def test_the_state_carries_each_boat_with_its_id_place_and_cargo(api: Api) -> None:
    assert api.boats() == [
        {"id": "b1", "kind": "one_slot", "where": "leftmost", "cargo": []},
        {"id": "b2", "kind": "two_slot", "where": "1", "cargo": []},
    ]
    assert api.boats(B) == [{"id": "b1", "kind": "one_slot", "where": "leftmost", "cargo": []}]


def test_a_whole_fishing_turn_boat_by_boat_and_its_undo(api: Api) -> None:
    api.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    assert api.boats()[1] == {"id": "b2", "kind": "two_slot", "where": "sea", "cargo": []}
    api.act(
        type="fishing",
        player=A,
        boats=[{"boat": "b2", "do": "catch", "fish": "eel"}, {"boat": "b1", "do": "undock"}],
    )
    state = api.state()
    aiko = next(p for p in state["players"] if p["name"] == A)
    assert aiko["boats"] == [
        {"id": "b1", "kind": "one_slot", "where": "sea", "cargo": []},
        {"id": "b2", "kind": "two_slot", "where": "sea", "cargo": ["eel"]},
    ]
    assert aiko["at_sea"] == {"eel": 1}
    assert state["ap_left"] == 0
    # One undo takes the whole second action back.
    api.undo()
    assert api.boats()[1] == {"id": "b2", "kind": "two_slot", "where": "sea", "cargo": []}
    assert api.boats()[0]["where"] == "leftmost"


def test_refusals_name_the_boat_in_each_language(api: Api) -> None:
    body = api.refused(
        type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "eel"}]
    )
    assert body["error"] == (
        "Aiko's Two-slot ship b2 lies in port “1”: a ship must be at sea to Catch "
        "(Undock it first)."
    )
    ja = api.refused(
        "ja", type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "eel"}]
    )
    assert ja["error"].startswith("Aikoの2スロット漁船（船2）は「1」の停泊所にあります")
    # The counted shape cannot say which boat undocks: a catch with both in port.
    body = api.refused(type="fishing", player=A, caught={"eel": 1})
    assert "one barrel per ship" in body["error"]


@pytest.mark.parametrize(
    "boats",
    [
        [{"boat": "b2", "do": "sail"}],
        [{"boat": "2", "do": "undock"}],
        [{"boat": "b2", "do": "dock", "at": "3"}],
        [{"boat": "b2", "do": "catch", "fish": ["eel", "eel", "eel"]}],
        "b2",
        [{"boat": "b2", "do": "undock", "extra": 1}],
    ],
)
def test_a_malformed_boat_list_is_a_400_never_a_500(api: Api, boats: Any) -> None:
    r = api.post("/actions", {"type": "fishing", "player": A, "boats": boats})
    assert r.status_code == 400, r.get_json()
    assert r.get_json()["error"]


def test_transfer_and_discard_through_the_api(app: Any) -> None:
    g = Api(app)
    g.act(type="take_license", player=A, market="eel", pay=False)
    g.act(type="take_license", player=A, market="eel", pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="barge", pay=False)
    g.act(
        type="fishing",
        player=A,
        boats=[{"boat": "b1", "do": "undock"}, {"boat": "b2", "do": "undock"}],
    )
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "catch", "fish": "eel"}])
    g.act(type="transfer", player=A, **{"from": "b1"}, to="b2", fish="eel")
    assert [b["cargo"] for b in g.boats()] == [[], ["eel"]]
    g.act(type="next_turn")
    g.act(type="next_turn")
    g.act(type="discard", player=A, boat="b2", fish="eel")
    assert [b["cargo"] for b in g.boats()] == [[], []]
    assert next(p for p in g.state()["players"] if p["name"] == A)["at_sea"] == {}


def test_an_old_game_recorded_counted_opens_replays_and_goes_on(app: Any) -> None:
    """A file from before boats were placed (no ``setup.fleet``): its counted Fishing
    action — two Eel barrels caught with both ships in port, which the placed fleet
    refuses — replays as recorded; the boats are shown placed by the fixed arrangement
    (docs/actions.md, "The fleet"), and the game goes on boat by boat."""
    g = Api(app)
    g.act(type="take_license", player=A, market="eel", count=2, pay=False)
    g.act(type="next_turn")
    doc = g.client.get(
        f"/api/games/{g.id}/export", headers={"Authorization": f"Bearer {g.host}"}
    ).get_json()
    assert doc["setup"].pop("fleet") == 2
    last = doc["events"][-1]
    extra = [
        {"type": "open_port", "data": {"player": A}},
        {"type": "take_boat", "data": {"player": A, "boat": "two_slot", "pay": False}},
        {
            "type": "fishing",
            "data": {"player": A, "caught": {"eel": 2}, "drawn": [], "auction_id": "a"},
        },
    ]
    for k, e in enumerate(extra, start=last["seq"] + 1):
        if e["type"] == "fishing":
            e["data"]["auction_id"] = f"a{k}"  # the server's id, a<seq>
        doc["events"].append({**last, "seq": k, "undone_by": None, **e})
    r = g.client.post("/api/games/import", json=doc)
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    old = Api.__new__(Api)
    old.client, old.id, old.host = g.client, made["id"], made["host_token"]
    assert old.boats() == [
        {"id": "b1", "kind": "one_slot", "where": "leftmost", "cargo": []},
        {"id": "b2", "kind": "two_slot", "where": "sea", "cargo": ["eel", "eel"]},
    ]
    # The same counted action in a game created now is refused (both ships lie in port).
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    assert "one barrel per ship" in g.refused(type="fishing", player=A, caught={"eel": 2})["error"]
    # The old game goes on boat by boat: the Two-slot ship docks at port "1".
    old.act(
        type="fishing",
        player=A,
        boats=[{"boat": "b2", "do": "dock"}],
        for_sale=[{"fish": "eel", "price": 300}, {"fish": "eel", "price": 300}],
    )
    assert [(b["id"], b["where"]) for b in old.boats()] == [("b1", "leftmost"), ("b2", "1")]
