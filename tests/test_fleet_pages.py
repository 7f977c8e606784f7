"""The fleet on the pages (issue #19): the phone's Fishing panel boat by boat (each boat as
it lies, offering only what it may do now, one tap each), its preview and confirm, the
free moves at sea, and the fleet picture on the table screen and the phones."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_turn_pages import HX, Game, text

A, B, C = "Aiko", "Bo", "Chiyo"


def panel(game: Game, who: str, path: str) -> str:
    r = game.phones[who].get(f"/games/{game.id}/turn/{path}", headers=HX)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_data(as_text=True)


def options(html: str, boat: str) -> list[str]:
    return re.findall(rf'name="boat\.{boat}" value="([^"]*)"', html)


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
    form = {"type": "fishing", "player": A, "fleet": "1", "boat.b2": "undock"}
    assert "Aiko's Two-slot ship b2 undocks from port “1” and goes to sea" in text(
        fleet.preview(A, form)
    )
    assert fleet.confirm(A, form).status_code == 200
    html = panel(fleet, A, "fishing")
    # At sea and empty: Catch what her licences catch (the starting Mackerel one and Eel;
    # no Tuna, no Squid), or Dock into the place that fits it now.
    assert options(html, "b2") == ["", "catch.mackerel", "catch.eel", "dock.1"]
    assert options(html, "b1") == ["", "undock"]
    form = {"type": "fishing", "player": A, "fleet": "1", "boat.b2": "catch.eel"}
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
    assert 'name="sale.b2.0.price"' in html
    form = {
        "type": "fishing",
        "player": A,
        "fleet": "1",
        "boat.b1": "undock",
        "boat.b2": "dock.1",
        "sale.b2.0.fish": "eel",
        "sale.b2.0.price": "400",
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
    form = {"type": "transfer", "player": A, "pick": "b1|b2|eel", "count": "1"}
    assert "Aiko transfers 1 Eel barrel from the One-slot ship b1 to the barge b2" in text(
        g.preview(A, form)
    )
    assert g.confirm(A, form).status_code == 200
    for _ in range(3):
        g.act(type="next_turn")
    free = text(panel(g, A, "free"))
    assert "Discard barrels at sea" in free
    form = {"type": "discard", "player": A, "pick": "b2|eel", "count": "1"}
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
        {"boat.b2": "catch."},
        {"boat.b2": "dock.9"},
        {"boat.b2": "sail"},
        {"boat.b9": "undock"},
        {"boat.b2": "dock.1", "sale.b2.0.fish": "eel", "sale.b2.0.price": "abc"},
        {"boat.b2": "catch.eel", "boat.b2.extra": "1"},
    ],
)
def test_a_form_the_page_did_not_make_is_refused_in_a_sentence(
    fleet: Game, fields: dict[str, str]
) -> None:
    form = {"type": "fishing", "player": A, "fleet": "1", **fields}
    before = fleet.state()["seq"]
    html = fleet.preview(A, form)
    assert "turn-refused" in html or "refused" in html.lower(), html
    r = fleet.confirm(A, form)
    assert r.status_code in (200, 400), r.status_code
    assert fleet.state()["seq"] == before


@pytest.mark.parametrize(
    "form",
    [
        {"type": "discard", "player": A, "pick": "b1"},
        {"type": "transfer", "player": A, "pick": "b1|eel", "count": "x"},
    ],
)
def test_a_free_move_form_that_is_not_the_pages_is_refused(
    fleet: Game, form: dict[str, str]
) -> None:
    before = fleet.state()["seq"]
    r = fleet.confirm(A, form)
    assert r.status_code in (200, 400)
    assert fleet.state()["seq"] == before
