"""The phone's forms for what the guided API took and the guide did not offer yet
(companion/web/turn.py, issue #8): Mackerel barrels sold back from your own Harbor,
new prices for barrels already for sale during a Fishing action, and several Swordfish
sales in one visit (the ¥200 once). Each: the panel offers it, the preview names every
movement, the confirm records one entry with the right Yen and changes the table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_turn_pages import HX, Game, text
from werkzeug.datastructures import MultiDict

from companion.web import action_schemas
from companion.web.form_decode import decode

A, B, C = "Aiko", "Bo", "Chiyo"


def panel(game: Game, who: str, path: str) -> str:
    r = game.phones[who].get(f"/games/{game.id}/turn/{path}", headers=HX)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_data(as_text=True)


def confirmed(game: Game, who: str, form: dict[str, Any]) -> None:
    r = game.confirm(who, form)
    assert r.status_code == 200, r.get_data(as_text=True)


def held(game: Game, who: str, fish: str) -> int:
    player = next(p for p in game.state()["players"] if p["name"] == who)
    return sum(f["count"] for f in player["fish"] if f["key"] == fish)


def post(game: Game, who: str, path: str, pairs: list[tuple[str, str]]) -> str:
    """A form with repeated fields (checkboxes), as a browser posts it."""
    r = game.phones[who].post(f"/games/{game.id}/turn/{path}", data=MultiDict(pairs), headers=HX)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_data(as_text=True)


def harbor(game: Game, who: str) -> dict[str, list[dict[str, Any]]]:
    player = next(p for p in game.state()["players"] if p["name"] == who)
    return player["harbor"]  # type: ignore[no-any-return]


@pytest.fixture
def mackerel(app: Any) -> Game:
    """Aiko with two Mackerel barrels on her lower row (¥100, ¥200) and one Mackerel token,
    at the start of her second turn."""
    g = Game(app)
    g.act(type="take_license", player=A, market="mackerel", count=1, pay=False)
    # Two barrels need a ship with two slots (the one-slot ship carries one).
    g.act(type="return_boat", player=A, boat="one_slot")
    g.act(type="take_boat", player=A, boat="three_slot", pay=False)
    g.act(type="next_turn")
    # #19: the ship (b2) undocks, then catches one barrel per Fishing action, then docks.
    g.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    g.act(type="fishing", player=A, caught={"mackerel": 1})
    for _ in range(3):
        g.act(type="next_turn")
    g.act(type="fishing", player=A, caught={"mackerel": 1})
    g.act(
        type="fishing",
        player=A,
        unloaded={"mackerel": 2},
        for_sale=[{"fish": "mackerel", "price": 100}, {"fish": "mackerel", "price": 200}],
    )
    for _ in range(3):
        g.act(type="next_turn")
    g.act(type="gain_fish", player=A, fish="mackerel", count=1)
    assert [x["price"] for x in harbor(g, A)["lower"]] == [100, 200]
    return g


def test_the_mackerel_panel_offers_your_own_barrels(mackerel: Game) -> None:
    html = panel(mackerel, A, "markets/mackerel")
    assert html.count('name="sell_barrels"') == 2
    assert 'value="row=lower&amp;price=100"' in html and 'value="row=lower&amp;price=200"' in html
    assert "¥100 per 2" in text(html)
    # No other market offers them.
    assert 'name="sell_barrels"' not in panel(mackerel, A, "markets/eel")


def test_mackerel_barrels_and_a_token_sold_in_one_visit(mackerel: Game) -> None:
    form = {
        "type": "visit",
        "player": A,
        "market": "mackerel",
        "entry": "ap",
        "sell.mackerel": "1",
    }
    two = [("sell_barrels", "row=lower&price=100"), ("sell_barrels", "row=lower&price=200")]
    # Three items: ¥100 for one pair, and the preview warns of the one left over.
    lines = text(post(mackerel, A, "preview", [*form.items(), *two]))
    assert "Aiko sells 3 Mackerel for ¥100" in lines
    assert "1 Mackerel item is left over: only every 2 items pay" in lines
    before, seq = mackerel.yen(), mackerel.state()["seq"]
    post(mackerel, A, "confirm", [*form.items(), *two[:1], ("expected_seq", str(seq))])
    state = mackerel.state()
    assert state["seq"] == seq + 1
    # Aiko holds two Mackerel licences (¥200), the others one each (¥100); the pair (a
    # token and a barrel) pays Aiko ¥100 more.
    yen = mackerel.yen()
    assert yen[A] - before[A] == 300 and yen[B] - before[B] == 100
    assert [x["price"] for x in harbor(mackerel, A)["lower"]] == [200]
    assert held(mackerel, A, "mackerel") == 0
    assert state["history"][0]["text"] == (
        "Aiko visited Mackerel: sold 2 Mackerel for ¥100, +¥300, Bo +¥100, Chiyo +¥100"
    )


def test_a_barrel_the_page_did_not_offer_is_refused(mackerel: Game) -> None:
    before = mackerel.state()
    base = [("type", "visit"), ("player", A), ("market", "mackerel"), ("entry", "ap")]
    html = post(mackerel, A, "preview", [*base, ("sell_barrels", "row=lower&price=300")])
    assert "Aiko has no Mackerel for sale on the lower row at ¥300." in text(html)
    r = mackerel.phones[A].post(
        f"/games/{mackerel.id}/turn/preview",
        data=MultiDict([*base, ("sell_barrels", "lower")]),
        headers=HX,
    )
    assert "not one the page offered" in text(r.get_data(as_text=True))
    assert mackerel.state() == before


def test_new_prices_during_a_fishing_action(mackerel: Game) -> None:
    html = panel(mackerel, A, "fishing")
    assert "Change prices on your Harbor (2 for sale)" in text(html)
    assert 'data-name="reprice[0].to"' in html and 'data-name="reprice[1].to"' in html
    # A price left as it is is not sent: each barrel's fields are named only once its new
    # price differs (static/game.js, a .turn-changed block), none before.
    assert ' name="reprice[' not in html
    assert html.count('<div class="turn-changed">') == 2
    form = {
        "type": "fishing",
        "player": A,
        "reprice[0].row": "lower",
        "reprice[0].fish": "mackerel",
        "reprice[0].price": "100",
        "reprice[0].to": "400",
    }
    lines = text(mackerel.preview(A, form))
    assert "Aiko's Mackerel on the lower row: ¥100 → ¥400" in lines
    assert "¥200 →" not in lines
    seq = mackerel.state()["seq"]
    confirmed(mackerel, A, form)
    assert mackerel.state()["seq"] == seq + 1 and mackerel.state()["ap_left"] == 1
    assert [x["price"] for x in harbor(mackerel, A)["lower"]] == [400, 200]


def test_a_price_that_is_not_a_multiple_of_100_is_refused(mackerel: Game) -> None:
    before = mackerel.state()
    html = mackerel.preview(
        A,
        {
            "type": "fishing",
            "player": A,
            "reprice[0].row": "lower",
            "reprice[0].fish": "mackerel",
            "reprice[0].price": "100",
            "reprice[0].to": "450",
        },
    )
    assert 'role="alert"' in html
    assert mackerel.state() == before


SWORDFISH = {
    "players": [A, B, C],
    "seed": 5,
    "expansion": True,
    "fish_markets": ["mackerel", "swordfish", "eel", "squid", "tuna"],
    "external_markets": ["ships", "bank", "rentals"],
    # AMB-40: Swordfish's entry cost is printed on its board only; the host enters it.
    "board_numbers": {"swordfish": {"entry_ap": 1}},
}


@pytest.fixture
def swordfish(app: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    import test_turn_pages

    monkeypatch.setattr(test_turn_pages, "SETUP", SWORDFISH)
    g = Game(app)
    g.act(type="gain_fish", player=A, fish="swordfish", count=3)
    g.act(type="next_turn")
    assert g.state()["markets"]
    return g


def test_the_swordfish_panel_has_one_stepper_per_sale(swordfish: Game) -> None:
    html = panel(swordfish, A, "markets/swordfish")
    assert [m for m in re.findall(r'name="(sell\.swordfish\[\d+\])"', html)] == [
        "sell.swordfish[0]",
        "sell.swordfish[1]",
        "sell.swordfish[2]",
    ]
    # Sale 2 shows once sale 1 sells something, sale 3 once sale 2 does (game.js).
    assert 'data-needs="sell.swordfish[0]"' in html and 'data-needs="sell.swordfish[1]"' in html
    # A sale goes only once it sells something: each is named then (game.js), none before.
    assert ' name="sell.swordfish' not in html
    assert html.count('data-name="sell.swordfish[') == 3


def test_two_swordfish_sales_in_one_visit_pay_the_bonus_once(swordfish: Game) -> None:
    form = {
        "type": "visit",
        "player": A,
        "market": "swordfish",
        "entry": "ap",
        "sell.swordfish[0]": "2",
        "sell.swordfish[1]": "1",
    }
    lines = re.findall(r"<li>(.*?)</li>", swordfish.preview(A, form))
    joined = " ".join(lines)
    # Value 6: 2 × 6 = ¥1,200, the marker to 4; 1 × 4 = ¥400, the marker to 3; ¥200 once.
    assert "Aiko sells 2 Swordfish for ¥1,200" in joined
    assert "Aiko sells 1 Swordfish for ¥400" in joined
    assert joined.count("Swordfish bonus") == 1
    before, seq = swordfish.yen(), swordfish.state()["seq"]
    confirmed(swordfish, A, form)
    state = swordfish.state()
    assert state["seq"] == seq + 1
    assert swordfish.yen()[A] - before[A] == 1200 + 400 + 200
    assert held(swordfish, A, "swordfish") == 0
    assert state["markets"]["swordfish"] == 3
    assert state["history"][0]["text"] == (
        "Aiko visited Swordfish: sold 2 Swordfish for ¥1,200, Swordfish value 6 → 4, "
        "sold 1 Swordfish for ¥400, Swordfish value 4 → 3, +¥1,800"
    )


def body(app: Any, kind: str, pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The form's JSON body (web/form_decode.py, the one decoder of every turn form)."""
    with app.test_request_context("/"):
        return decode(action_schemas.ACTIONS[kind], [("type", kind), ("player", A), *pairs], kind)


def test_sales_become_the_apis_list_in_their_order(app: Any) -> None:
    # A sale left at 0 is not sent (the page names it once it sells: game.js).
    visit = [("market", "swordfish"), ("entry", "ap")]
    sales = [("sell.swordfish[1]", "1"), ("sell.swordfish[0]", "2")]
    assert body(app, "visit", [*visit, *sales])["sell"] == {"swordfish": [2, 1]}
    sold = [("sell_barrels", "row=upper&price=100"), ("sell_barrels", "row=lower&price=200")]
    assert body(
        app, "visit", [("market", "mackerel"), ("entry", "ap"), ("sell.mackerel", "1"), *sold]
    )["sell_barrels"] == [{"row": "upper", "price": 100}, {"row": "lower", "price": 200}]
    assert body(
        app,
        "fishing",
        [
            ("reprice[0].row", "upper"),
            ("reprice[0].fish", "eel"),
            ("reprice[0].price", "300"),
            ("reprice[0].to", "500"),
        ],
    )["reprice"] == [{"row": "upper", "fish": "eel", "price": 300, "to": 500}]


def test_confirm_leaves_the_live_region_to_the_stream(mackerel: Game) -> None:
    """While the page's stream is up (X-Live: up, from game.js) the stream brings what
    changed, so Confirm answers with the guide and the notice only; with the stream down
    the answer asks the page to fetch #live (one way in, as forms.live_answer)."""
    # #19: the Fishing panel is boat by boat (b2 lies in port: it undocks).
    form = {"type": "fishing", "player": A}
    seq = mackerel.state()["seq"]
    up = mackerel.phones[A].post(
        f"/games/{mackerel.id}/turn/confirm",
        data={**form, "boats[1]": "boat=b2&do=undock", "expected_seq": str(seq)},
        headers={**HX, "X-Live": "up"},
    )
    assert up.status_code == 200
    html = up.get_data(as_text=True)
    assert 'id="turn-guide"' in html and "Recorded: " in text(html)
    assert 'id="live"' not in html
    down = mackerel.phones[A].post(
        f"/games/{mackerel.id}/turn/confirm",
        # #19: b2 is at sea now: it catches.
        data={**form, "boats[201]": "boat=b2&do=catch&fish=mackerel", "expected_seq": str(seq + 1)},
        headers={**HX, "X-Live": "down"},
    )
    assert down.status_code == 200
    assert down.headers["HX-Trigger"] == "live-poll"
    assert 'id="turn-guide"' in down.get_data(as_text=True)
    assert "HX-Trigger" not in up.headers


def test_a_refused_preview_reads_in_the_phones_language(mackerel: Game) -> None:
    """The preview's refusal is the door's one sentence, in the phone's language."""
    base = [("type", "visit"), ("player", A), ("market", "mackerel"), ("entry", "ap")]
    r = mackerel.phones[A].post(
        f"/games/{mackerel.id}/turn/preview",
        data=MultiDict([*base, ("sell_barrels", "row=lower&price=300")]),
        headers={**HX, "Accept-Language": "ja"},
    )
    said = text(r.get_data(as_text=True))
    assert "Aikoの漁港ボードの下段に300円で売りに出ているサバはありません。" in said, said
    assert "lower row" not in said and "¥" not in said


OCTOPUS = {**SWORDFISH, "fish_markets": ["mackerel", "octopus", "eel", "squid", "tuna"]}


def test_takoyaki_prices_go_only_with_the_octopus_traded(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Octopus: a price per Takoyaki the traded Octopus make (3 each), ``takoyaki_prices[I]``;
    a price slot beyond the Octopus traded is off, so the page does not send it (game.js
    turns a slot on once ``trade`` reaches it; none is on while ``trade`` is 0)."""
    import test_turn_pages

    monkeypatch.setattr(test_turn_pages, "SETUP", OCTOPUS)
    g = Game(app)
    g.act(type="gain_fish", player=A, fish="octopus", count=2)
    g.act(type="next_turn")
    html = panel(g, A, "markets/octopus")
    slots = re.findall(
        r'<div class="turn-slot" data-needs="trade" data-per="3" data-index="(\d)" hidden>', html
    )
    assert slots == [str(i) for i in range(6)]
    prices = re.findall(r'<input[^>]*name="takoyaki_prices\[(\d)\]"[^>]*>', html)
    assert prices == [str(i) for i in range(6)]
    assert len(re.findall(r'name="takoyaki_prices\[\d\]"[^>]* disabled>', html)) == 6
    form = {
        "type": "visit",
        "player": A,
        "market": "octopus",
        "entry": "ap",
        "trade": "1",
        "takoyaki_prices[0]": "300",
        "takoyaki_prices[1]": "400",
        "takoyaki_prices[2]": "500",
    }
    lines = text(g.preview(A, form))
    for price in ("300", "400", "500"):
        assert f"Aiko puts Takoyaki for sale at ¥{price} (upper row)" in lines, lines
    confirmed(g, A, form)
    upper = [(x["fish"], x["price"]) for x in harbor(g, A)["upper"]]
    assert upper == [("takoyaki", 300), ("takoyaki", 400), ("takoyaki", 500)], upper
    assert held(g, A, "octopus") == 1


def test_the_start_of_turn_form(app: Any) -> None:
    """The start card's Freezer radios (``freezer`` = off / on) through the one decoder:
    the form's choice is the logged ``freezer``."""
    g = Game(app)
    g.act(type="take_item", player=A, item="freezer", pay=False)
    g.act(type="next_turn")  # Aiko's first turn: it starts with the Freezer's question
    html = g.guide(A)
    assert 'name="freezer" value="off" checked' in html and 'name="freezer" value="on"' in html
    form = {"type": "start_turn", "player": A, "freezer": "on"}
    assert "Freezer" in text(g.preview(A, form))
    confirmed(g, A, form)
    events = g.app.extensions["companion.store"].state(g.id).events
    assert events[-1].type == "start_turn" and events[-1].data["freezer"] is True
