"""The fleet on the pages (issue #19): the phone's Fishing panel boat by boat (each boat as
it lies, offering only what it may do now, one tap each), its preview and confirm, the
free moves at sea, and the fleet picture on the table screen and the phones."""

from __future__ import annotations

import re
from html import unescape
from typing import Any
from urllib.parse import parse_qs, urlencode

import pytest
from test_turn_pages import HX, Game, text

A, B, C = "Aiko", "Bo", "Chiyo"


def panel(game: Game, who: str, path: str) -> str:
    r = game.phones[who].get(f"/games/{game.id}/turn/{path}", headers=HX)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_data(as_text=True)


#: A Fishing action's boats go undocks, then docks, then catches: the page names a boat's
#: item ``boats[N]``, N = the rank of what it does × 100 + the boat's place (turn_fleet.py).
ORDER = ("undock", "dock", "catch")


def short(item: dict[str, list[str]]) -> str:
    """A boat's tap as these tests name it: ``undock``, ``catch.eel``, ``catch.eel.tuna``,
    ``catch_by.horse_mackerel.mackerel.2``, ``dock.1``, ``dock.overseas.2``."""
    do = item["do"][0]
    if do == "catch" and "licence" in item:
        return ".".join(
            ["catch_by", item["licence"][0], item["fish"][0], *item.get("count", ["1"])]
        )
    return ".".join([do, *item.get("fish", []), *item.get("at", []), *item.get("group", [])])


def options(html: str, boat: str) -> list[str]:
    """The taps the page offers a boat, each checked to be that boat's item, named by what
    it does ("" for nothing)."""
    box = re.search(rf'<fieldset[^>]*data-boat="{boat}".*?</fieldset>', html, re.S)
    assert box, html
    out = []
    for name, value in re.findall(r'data-name="([^"]*)" value="([^"]*)"', box.group(0)):
        item = parse_qs(unescape(value))
        if not item:
            out.append("")
            continue
        assert item["boat"] == [boat]
        assert name == f"boats[{ORDER.index(item['do'][0]) * 100 + int(boat[1:]) - 1}]"
        out.append(short(item))
    return out


def tap(order: int, boat: str, item: dict[str, Any] | str) -> tuple[str, str]:
    """A boat's field as the page names it (``order``: its place on the page); a text
    ``item`` is sent as it is (a value no page makes)."""
    if isinstance(item, str):
        return f"boats[{order}]", item
    rank = ORDER.index(item["do"]) if item["do"] in ORDER else 0
    return f"boats[{rank * 100 + order}]", urlencode({"boat": boat, **item}, doseq=True)


@pytest.fixture
def fleet(app: Any) -> Game:
    """Aiko (3 players) with one Eel licence, port 1 open and a Two-slot ship (b2) there."""
    g = Game(app)
    g.act(type="take_license", player=A, market="eel", count=1, pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    return g


def test_each_boat_offers_only_what_it_may_do_now(fleet: Game) -> None:
    html = panel(fleet, A, "fishing")
    # Both ships lie in port: each may only undock (no Catch offered for a ship in port).
    assert options(html, "b1") == ["", "undock"]
    assert options(html, "b2") == ["", "undock"]
    assert "One-slot ship b1 · the leftmost port" in text(html)
    form = {"type": "fishing", "player": A, "boats[1]": "boat=b2&do=undock"}
    assert "Aiko's Two-slot ship b2 undocks from port “1” and goes to sea" in text(
        fleet.preview(A, form)
    )
    assert fleet.confirm(A, form).status_code == 200
    html = panel(fleet, A, "fishing")
    # At sea and empty: Catch what her licences catch (the starting Mackerel one and Eel;
    # no Tuna, no Squid), or Dock into the place that fits it now.
    assert options(html, "b2") == ["", "catch.mackerel", "catch.eel", "dock.1"]
    assert options(html, "b1") == ["", "undock"]
    form = {"type": "fishing", "player": A, "boats[201]": "boat=b2&do=catch&fish=eel"}
    assert fleet.confirm(A, form).status_code == 200
    state = fleet.state()
    aiko = state["players"][0]
    assert aiko["boats"][1] == {"id": "b2", "kind": "two_slot", "where": "sea", "cargo": ["eel"]}
    assert state["ap_left"] == 0


def test_docking_at_home_sends_the_prices_of_that_boats_barrels_only(fleet: Game) -> None:
    fleet.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    fleet.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "eel"}])
    for _ in range(3):
        fleet.act(type="next_turn")
    html = panel(fleet, A, "fishing")
    assert 'name="for_sale[0].price"' in html
    # Its price goes only while it docks at home: off until its Dock tap (game.js).
    prices = re.search(r'<div class="fleet-prices turn-slot" data-with="home" hidden>', html)
    assert prices and re.search(r'name="for_sale\[0\]\.price"[^>]* disabled>', html)
    assert 'value="boat=b2&amp;do=dock&amp;at=1" data-opens="home"' in html
    form = {
        "type": "fishing",
        "player": A,
        "boats[0]": "boat=b1&do=undock",
        "boats[101]": "boat=b2&do=dock&at=1",
        "for_sale[0].fish": "eel",
        "for_sale[0].price": "400",
    }
    lines = text(fleet.preview(A, form))
    assert "Aiko's Two-slot ship b2 docks at port “1” and unloads 1 barrel" in lines
    assert "Aiko puts Eel for sale at ¥400 (upper row)" in lines
    assert fleet.confirm(A, form).status_code == 200
    aiko = fleet.state()["players"][0]
    assert aiko["harbor"]["upper"] == [{"fish": "eel", "price": 400}]
    assert [b["where"] for b in aiko["boats"]] == ["sea", "1"]
    # A boat not docking sends no price: the same form with b2 catching sells nothing.
    assert fleet.state()["players"][0]["at_sea"] == {}


def test_the_page_sends_undocks_then_docks_then_catches(app: Any) -> None:
    """The book's example (Naomi's second action): the Two-slot ship docks, and then the
    One-slot ship catches with the Mackerel License it held. The page numbers each boat's
    item by what it does (docks ``boats[1..]``, catches ``boats[2..]``), so the dock goes
    first whatever the order of the boats on the page; the rules do them in that order."""
    g = Game(app)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    g.act(
        type="fishing",
        player=A,
        boats=[{"boat": "b1", "do": "undock"}, {"boat": "b2", "do": "undock"}],
    )
    g.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "mackerel"}])
    for _ in range(3):
        g.act(type="next_turn")
    form = {
        "type": "fishing",
        "player": A,
        "boats[]": "",
        "boats[200]": "boat=b1&do=catch&fish=mackerel",
        "boats[101]": "boat=b2&do=dock&at=1",
        "for_sale[0].fish": "mackerel",
        "for_sale[0].price": "300",
    }
    assert g.confirm(A, form).status_code == 200
    assert recorded(g) == [
        {"boat": "b2", "do": "dock", "at": "1"},
        {"boat": "b1", "do": "catch", "fish": "mackerel"},
    ]
    aiko = g.state()["players"][0]
    assert [(b["where"], b["cargo"]) for b in aiko["boats"]] == [("sea", ["mackerel"]), ("1", [])]
    assert aiko["harbor"]["upper"] == [{"fish": "mackerel", "price": 300}]


def test_discard_and_transfer_appear_when_they_apply(app: Any) -> None:
    g = Game(app)
    g.act(type="take_license", player=A, market="eel", count=2, pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="barge", pay=False)
    free = text(panel(g, A, "free"))
    assert "Discard barrels at sea" not in free and "Transfer barrels to the barge" not in free
    g.act(
        type="fishing",
        player=A,
        boats=[{"boat": "b1", "do": "undock"}, {"boat": "b2", "do": "undock"}],
    )
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "catch", "fish": "eel"}])
    free = text(panel(g, A, "free"))
    assert "Transfer barrels to the barge" in free
    assert "Discard barrels at sea" not in free  # only before the turn's first action
    form = {"type": "transfer", "player": A, ".": "from=b1&to=b2&fish=eel", "count": "1"}
    assert "Aiko transfers 1 Eel barrel from the One-slot ship b1 to the barge b2" in text(
        g.preview(A, form)
    )
    assert g.confirm(A, form).status_code == 200
    for _ in range(3):
        g.act(type="next_turn")
    free = text(panel(g, A, "free"))
    assert "Discard barrels at sea" in free
    form = {"type": "discard", "player": A, ".": "boat=b2&fish=eel", "count": "1"}
    assert g.confirm(A, form).status_code == 200
    assert g.state()["players"][0]["at_sea"] == {}


def test_the_table_screen_and_the_phones_draw_every_fleet(fleet: Game) -> None:
    fleet.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    fleet.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "eel"}])
    screen = fleet.app.test_client()
    screen.get(f"/join/{fleet.host}")
    table = screen.get(f"/games/{fleet.id}/table").get_data(as_text=True)
    phone = fleet.phones[B].get(f"/games/{fleet.id}/seat").get_data(as_text=True)
    for html in (table, phone):
        picture = html[html.index('id="fleet-0"') :]
        picture = picture[: picture.index("</div>")]
        assert 'data-place="sea"' in picture and 'data-boat="b2"' in picture
        assert 'data-fish="eel"' in picture
        assert re.search(r'data-place="2"[^>]*>|is-closed', picture)
        assert 'id="fleet-1"' in html  # Bo's too


@pytest.mark.parametrize(
    "fields",
    [
        dict([tap(1, "b2", {"do": "catch", "fish": ""})]),
        dict([tap(1, "b2", {"do": "dock", "at": "9"})]),
        dict([tap(1, "b2", {"do": "sail"})]),
        dict([tap(8, "b9", {"do": "undock"})]),
        {
            **dict([tap(1, "b2", {"do": "dock", "at": "1"})]),
            "for_sale[0].fish": "eel",
            "for_sale[0].price": "abc",
        },
        {**dict([tap(1, "b2", {"do": "catch", "fish": "eel"})]), "boats[201].extra": "1"},
    ],
)
def test_a_form_the_page_did_not_make_is_refused_in_a_sentence(
    fleet: Game, fields: dict[str, str]
) -> None:
    form = {"type": "fishing", "player": A, **fields}
    before = fleet.state()["seq"]
    html = fleet.preview(A, form)
    assert "turn-refused" in html or "refused" in html.lower(), html
    r = fleet.confirm(A, form)
    assert r.status_code in (200, 400), r.status_code
    assert fleet.state()["seq"] == before


@pytest.mark.parametrize(
    "form",
    [
        {"type": "discard", "player": A, ".": "boat=b1"},
        {"type": "transfer", "player": A, ".": "from=b1&fish=eel", "count": "x"},
    ],
)
def test_a_free_move_form_that_is_not_the_pages_is_refused(
    fleet: Game, form: dict[str, str]
) -> None:
    before = fleet.state()["seq"]
    r = fleet.confirm(A, form)
    assert r.status_code in (200, 400)
    assert fleet.state()["seq"] == before


# -- the API's other catches and Overseas groups, on the phone (issue #19) ------------------

EXPANSION = {
    "players": [A, B, C],
    "seed": 5,
    "expansion": True,
    "variants": ["blue_ship", "more_markets"],
    "fish_markets": ["mackerel", "horse_mackerel", "eel", "tuna", "sardine", "himono"],
    "external_markets": ["ships", "overseas", "bank"],
}


class ExpansionGame(Game):
    """A :class:`Game` with the Expansion: Horse Mackerel, Himono, Overseas, the Blue ship."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.api = app.test_client()
        r = self.api.post("/api/games", json=EXPANSION)
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}
        self.phones = {}
        for name, token in self.tokens.items():
            phone = app.test_client()
            assert phone.get(f"/join/{token}").status_code == 303
            self.phones[name] = phone


def fishing(**boats: dict[str, Any] | str) -> dict[str, str]:
    """Aiko's Fishing form as the page makes it: one tap per boat named, each boat's item
    numbered by what it does and then by the order named (:func:`tap`)."""
    return {
        "type": "fishing",
        "player": A,
        "boats[]": "",
        **dict(tap(k, boat, item) for k, (boat, item) in enumerate(boats.items())),
    }


def recorded(g: Game) -> list[dict[str, Any]]:
    """The ``boats`` of the last Fishing action in the game's log, as the door recorded it."""
    events = g.app.extensions["companion.store"].state(g.id).events
    last = [e for e in events if e.active and e.type == "fishing"][-1]
    return list(last.data["boats"])


def at_sea(g: Game) -> None:
    """Aiko's boats all undock (one Fishing action), and her turn comes round again."""
    aiko = g.state()["players"][0]
    g.act(
        type="fishing",
        player=A,
        boats=[{"boat": b["id"], "do": "undock"} for b in aiko["boats"] if b["where"] != "sea"],
    )
    for _ in range(3):
        g.act(type="next_turn")


@pytest.fixture
def blue(app: Any) -> ExpansionGame:
    """Aiko with Eel and Tuna licences and the Blue ship (b2) in port "1"."""
    g = ExpansionGame(app)
    g.act(type="take_license", player=A, market="eel", count=1, pay=False)
    g.act(type="take_license", player=A, market="tuna", count=1, pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="blue", pay=False)
    return g


def test_the_blue_ship_offers_two_fish_at_once_and_a_ship_does_not(blue: ExpansionGame) -> None:
    html = panel(blue, A, "fishing")
    assert not [o for o in options(html, "b2") if o.startswith("catch")]  # in port
    at_sea(blue)
    html = panel(blue, A, "fishing")
    two = [o for o in options(html, "b2") if o.count(".") == 2 and o.startswith("catch.")]
    # Her licences: Eel and Tuna (no Mackerel one in this game): that one pair, nothing more.
    assert two == ["catch.eel.tuna"]
    assert "Catch Eel and Tuna" in text(html)
    # The One-slot ship b1 takes one fish only.
    assert [o for o in options(html, "b1") if o.startswith("catch")] == ["catch.eel", "catch.tuna"]
    form = fishing(b2={"do": "catch", "fish": ["eel", "tuna"]})
    lines = text(blue.preview(A, form))
    assert "Aiko's Blue ship b2 catches 1 Eel barrel (1 aboard)" in lines
    assert "Aiko's Blue ship b2 catches 1 Tuna barrel (2 aboard)" in lines
    assert blue.confirm(A, form).status_code == 200
    assert recorded(blue) == [{"boat": "b2", "do": "catch", "fish": ["eel", "tuna"]}]
    aiko = blue.state()["players"][0]
    assert aiko["boats"][1]["cargo"] == ["eel", "tuna"]
    japanese = (
        blue.phones[A]
        .get(f"/games/{blue.id}/turn/fishing", headers={**HX, "Accept-Language": "ja-JP,ja;q=0.9"})
        .get_data(as_text=True)
    )
    assert "ウナギとマグロを漁獲" in text(japanese)
    # Loaded with Eel and Tuna, it may take those again; the One-slot ship b1 may not
    # (each of her licences is already on a ship at sea holding its fish).
    html = panel(blue, A, "fishing")
    assert "catch.eel.tuna" in options(html, "b2")
    assert not [o for o in options(html, "b1") if o.startswith("catch")]


@pytest.fixture
def horse(app: Any) -> ExpansionGame:
    """Aiko with a Horse Mackerel licence and a Mackerel one, her ship b1 at sea, and a
    Two-slot ship b2 at sea."""
    g = ExpansionGame(app)
    g.act(type="take_license", player=A, market="mackerel", count=1, pay=False)
    g.act(type="take_license", player=A, market="horse_mackerel", count=1, pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    at_sea(g)
    return g


def test_horse_mackerel_times_two_only_on_a_ship_with_room(horse: ExpansionGame) -> None:
    html = panel(horse, A, "fishing")
    assert "catch_by.horse_mackerel.mackerel.2" in options(html, "b2")
    assert "Catch 2 Mackerel barrels with a Horse Mackerel License" in text(html)
    # The One-slot ship has room for one barrel: no ×2 there.
    assert "catch_by.horse_mackerel.mackerel.2" not in options(html, "b1")
    assert "catch.mackerel" in options(html, "b1")
    left = horse.table().board_barrels["mackerel"]
    form = fishing(
        b2={"do": "catch", "licence": "horse_mackerel", "fish": "mackerel", "count": 2},
        b1={"do": "catch", "fish": "mackerel"},
    )
    lines = text(horse.preview(A, form))
    assert "Aiko's Two-slot ship b2 catches 2 Mackerel barrels (2 aboard)" in lines
    assert "Aiko's One-slot ship b1 catches 1 Mackerel barrel (1 aboard)" in lines
    assert horse.confirm(A, form).status_code == 200
    assert recorded(horse) == [
        {"boat": "b2", "do": "catch", "fish": "mackerel", "licence": "horse_mackerel", "count": 2},
        {"boat": "b1", "do": "catch", "fish": "mackerel"},
    ]
    aiko = horse.state()["players"][0]
    assert [b["cargo"] for b in aiko["boats"]] == [["mackerel"], ["mackerel", "mackerel"]]
    assert aiko["at_sea"] == {"mackerel": 3}
    assert horse.table().board_barrels["mackerel"] == left - 3


def test_a_himono_catch_is_offered_with_a_himono_licence_only(app: Any) -> None:
    g = ExpansionGame(app)
    g.act(type="next_turn")
    at_sea(g)
    html = panel(g, A, "fishing")
    assert not [o for o in options(html, "b1") if o.startswith("catch_by.himono")]
    g.act(type="take_license", player=A, market="himono", count=1, pay=False)
    html = panel(g, A, "fishing")
    himono = [o for o in options(html, "b1") if o.startswith("catch_by.himono")]
    # Mackerel, Horse Mackerel or Sardine; a Himono barrel only when none of those is left.
    assert himono == [
        "catch_by.himono.mackerel.1",
        "catch_by.himono.horse_mackerel.1",
        "catch_by.himono.sardine.1",
    ]
    assert "Catch Sardine with a Himono License" in text(html)
    form = fishing(b1={"do": "catch", "licence": "himono", "fish": "sardine"})
    assert g.confirm(A, form).status_code == 200
    assert recorded(g) == [{"boat": "b1", "do": "catch", "fish": "sardine", "licence": "himono"}]
    aiko = g.state()["players"][0]
    assert aiko["boats"][0]["cargo"] == ["sardine"]
    # A ship holding a Himono catch is offered no plain catch of another fish.
    html = panel(g, A, "fishing")
    assert "catch.mackerel" not in options(html, "b1")


def test_several_overseas_groups_only_with_several_loaded_boats(app: Any) -> None:
    g = ExpansionGame(app)
    g.act(type="take_license", player=A, market="eel", count=1, pay=False)
    g.act(type="take_license", player=A, market="tuna", count=1, pay=False)
    g.act(type="next_turn")
    g.act(type="open_port", player=A)
    g.act(type="take_boat", player=A, boat="two_slot", pay=False)
    at_sea(g)
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "catch", "fish": "eel"}])
    html = panel(g, A, "fishing")
    # One loaded boat: one Overseas tap, no groups; the empty ship cannot dock there.
    assert [o for o in options(html, "b1") if "overseas" in o] == ["dock.overseas"]
    assert "Dock at Overseas" in text(html) and "group 2" not in text(html)
    assert not [o for o in options(html, "b2") if "overseas" in o]
    g.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "catch", "fish": "tuna"}])
    for _ in range(3):
        g.act(type="next_turn")
    html = panel(g, A, "fishing")
    for boat in ("b1", "b2"):
        assert [o for o in options(html, boat) if "overseas" in o] == [
            "dock.overseas",
            "dock.overseas.2",
        ]
    assert "Dock at Overseas, group 2 (¥100 per group)" in text(html)
    # With ¥100 left she pays for one group only: no second group offered.
    yen = g.yen()[A]
    g.act(type="pay", **{"from": A}, to="supply", amount=yen - 100)
    html = panel(g, A, "fishing")
    assert [o for o in options(html, "b1") if "overseas" in o] == ["dock.overseas"]
    g.act(type="pay", **{"from": "supply"}, to=A, amount=yen - 100)
    overseas = {"do": "dock", "at": "overseas"}
    form = fishing(b1=overseas, b2={**overseas, "group": 2})
    lines = text(g.preview(A, form))
    assert "Aiko's One-slot ship b1 docks at the Overseas market with 1 barrel" in lines
    assert "Aiko's Two-slot ship b2 docks at the Overseas market with 1 barrel" in lines
    assert lines.count("Aiko → the supply: ¥100 (entry)") == 2, lines  # one per group
    # Both on group 1: one lot, ¥100 once.
    together = text(g.preview(A, fishing(b1=overseas, b2=overseas)))
    assert together.count("Aiko → the supply: ¥100 (entry)") == 1, together
    r = g.confirm(A, form)
    assert r.status_code == 200
    assert recorded(g) == [
        {"boat": "b1", "do": "dock", "at": "overseas"},
        {"boat": "b2", "do": "dock", "at": "overseas", "group": 2},
    ]
    state = g.state()
    assert [b["where"] for b in state["players"][0]["boats"]] == ["overseas", "overseas"]
    assert state["players"][0]["yen"] == yen - 200  # ¥100 per group, two groups


@pytest.mark.parametrize(
    "value",
    [
        "catch_by.horse_mackerel.mackerel",
        pytest.param(
            {"do": "catch", "licence": "horse_mackerel", "fish": "mackerel", "count": 9},
            id="catch_by.horse_mackerel.mackerel.9",
        ),
        pytest.param(
            {"do": "catch", "licence": "tuna", "fish": "mackerel", "count": 2},
            id="catch_by.tuna.mackerel.2",
        ),
        pytest.param({"do": "catch", "fish": ["eel", "eel"]}, id="catch.eel.eel"),
        pytest.param({"do": "catch", "fish": ["eel", "tuna", "squid"]}, id="catch.eel.tuna.squid"),
        pytest.param({"do": "dock", "at": "overseas", "group": "x"}, id="dock.overseas.x"),
        pytest.param({"do": "dock", "at": "overseas", "group": 0}, id="dock.overseas.0"),
        "dock.1.2.3",
        pytest.param({"do": "undock.now"}, id="undock.now"),
    ],
)
def test_a_catch_or_dock_the_page_did_not_offer_is_refused(
    horse: ExpansionGame, value: dict[str, Any] | str
) -> None:
    form = fishing(b2=value)
    before = horse.state()["seq"]
    html = horse.preview(A, form)
    assert "refused" in html.lower() or "turn-refused" in html, html
    r = horse.confirm(A, form)
    assert r.status_code in (200, 400), r.status_code
    assert horse.state()["seq"] == before
