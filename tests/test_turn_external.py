"""The phone's turn guide at the external markets (companion/web/turn_external.py, issue
#9): the Markets grid lists the game's external markets with their entry cost now; each
panel offers what the rules let the player do there; the preview names every Yen; the
confirm records one entry with the right Yen; refusals change nothing."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from test_turn_pages import HX, text

from companion.web.form_decode import decode
from companion.web.turn_schemas import visit_model

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 7,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "octopus", "squid", "tuna"],
    "external_markets": [
        "ships",
        "used_ships",
        "bank",
        "government",
        "aquarium",
        "trading",
        "rentals",
        "auction",
        "barter",
    ],
}


class Game:
    """One game: the JSON API for setting up, one signed-in phone per player."""

    def __init__(self, app: Any, setup: dict[str, Any] = SETUP) -> None:
        self.api = app.test_client()
        r = self.api.post("/api/games", json=setup)
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.phones = {}
        for seat in body["seats"]:
            phone = app.test_client()
            assert phone.get(f"/join/{seat['token']}").status_code == 303
            self.phones[seat["name"]] = phone

    def act(self, **action: Any) -> None:
        r = self.api.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()

    def state(self) -> dict[str, Any]:
        return dict(
            self.api.get(
                f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
            ).get_json()
        )

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.state()["players"] if p["name"] == name)

    def yen(self) -> dict[str, int]:
        return {p["name"]: p["yen"] for p in self.state()["players"]}

    def panel(self, path: str, who: str = A) -> str:
        r = self.phones[who].get(f"/games/{self.id}/turn/{path}", headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.get_data(as_text=True)

    def preview(self, form: dict[str, str], who: str = A) -> str:
        r = self.phones[who].post(f"/games/{self.id}/turn/preview", data=form, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        return text(r.get_data(as_text=True))

    def confirm(self, form: dict[str, str], who: str = A) -> Any:
        seq = self.state()["seq"]
        return self.phones[who].post(
            f"/games/{self.id}/turn/confirm", data={**form, "expected_seq": str(seq)}, headers=HX
        )

    def recorded(self, form: dict[str, str]) -> dict[str, Any]:
        """Confirm the form; exactly one entry is added. The state after."""
        seq = self.state()["seq"]
        r = self.confirm(form)
        assert r.status_code == 200, r.get_data(as_text=True)
        state = self.state()
        assert state["seq"] == seq + 1
        return state

    def refused(self, form: dict[str, str], says: str) -> None:
        """The preview and the confirm both refuse with this sentence; nothing changes."""
        assert says in self.preview(form)
        before = self.state()
        r = self.confirm(form)
        assert says in text(r.get_data(as_text=True))
        after = self.state()
        assert after["seq"] == before["seq"]
        assert after["players"] == before["players"] and after["markets"] == before["markets"]


@pytest.fixture
def game(app: Any) -> Game:
    """Aiko, to play, holds 3 Squid, 4 Mackerel and an Eel."""
    g = Game(app)
    g.act(type="gain_fish", player=A, fish="squid", count=3)
    g.act(type="gain_fish", player=A, fish="mackerel", count=4)
    g.act(type="gain_fish", player=A, fish="eel", count=1)
    g.act(type="next_turn")
    return g


def visit(market: str, entry: str, **fields: str) -> dict[str, str]:
    return {"type": "visit", "player": A, "market": market, "entry": entry, **fields}


# -- the grid --------------------------------------------------------------------------------


def test_the_grid_lists_the_external_markets_with_their_cost_now(game: Game) -> None:
    html = game.panel("markets")
    page = text(html)
    assert "External markets" in page
    for market in SETUP["external_markets"]:
        assert f'/turn/markets/{market}"' in html
    assert "Bank 2 AP or ¥100" in page
    assert "Government free once per turn" in page
    assert "Rentals free, then ¥200 per item rented" in page


def test_a_full_government_is_a_disabled_tile_that_says_why(game: Game) -> None:
    game.act(type="gain_fish", player=A, fish="mackerel", count=9)
    game.act(
        type="visit",
        player=A,
        market="government",
        entry="free",
        left=["mackerel"] * 3,
        right=["mackerel"] * 10,
    )
    html = game.panel("markets")
    tile = html[html.index('/turn/markets/government"') - 300 :]
    assert "disabled" in tile[:400]
    assert 'id="why-government"' in html


def test_with_the_crash_variant_a_closed_market_is_off_and_a_crashed_one_has_its_chip(
    app: Any,
) -> None:
    g = Game(app, {**SETUP, "variants": ["more_markets", "crash"]})
    g.act(type="gain_fish", player=A, fish="mackerel", count=13)
    g.act(type="next_turn")
    # Both Government places filled: it crashes, Closed side up.
    g.act(
        type="visit",
        player=A,
        market="government",
        entry="free",
        left=["mackerel"] * 3,
        right=["mackerel"] * 10,
    )
    assert g.state()["markets"]["crash"]["tokens_left"] == 11
    html = g.panel("markets")
    tile = html[html.index('/turn/markets/government"') - 300 :]
    assert "disabled" in tile[:400] and 'data-crash="closed"' in tile[:900]
    assert (
        "Government is Closed by a crash: it cannot be visited or used for the rest of the "
        "game." in text(html)
    )
    # A crashed market that stays open keeps its tile, with its chip.
    g = Game(app, {**SETUP, "variants": ["more_markets", "crash"]})
    g.act(type="next_turn")
    stock = g.state()["markets"]["stock"]
    # Every boat off the Ships board (each into Aiko's ports, both opened, then on to
    # Used Ships): no boat left on the board, so it crashes, Crashed side up.
    g.act(type="return_boat", player=A, boat="one_slot", to="used_ships")
    g.act(type="open_port", player=A)
    g.act(type="open_port", player=A)
    for key, n in stock.items():
        if key.startswith("ships.") and n:
            boat = key.split(".", 1)[1]
            for _ in range(n):
                g.act(type="take_boat", player=A, boat=boat, pay=False)
                g.act(type="return_boat", player=A, boat=boat, to="used_ships")
    assert g.state()["markets"]["crash"]["tokens_left"] == 11
    html = g.panel("markets")
    tile = html[html.index('/turn/markets/ships"') - 300 :]
    assert 'data-crash="crashed"' in tile[:900]


# -- Bank --------------------------------------------------------------------------------------


def test_the_bank_panel_offers_its_entries_loans_and_shares(game: Game) -> None:
    html = game.panel("markets/bank")
    assert 'value="ap"' in html and 'value="yen"' in html
    assert 'name="loans"' in html and 'max="3"' in html
    assert 'name="shares"' in html and 'max="2"' in html
    assert "+¥500 each; 3 on the board" in text(html)


def test_a_bank_visit_from_the_phone(game: Game) -> None:
    form = visit("bank", "yen", loans="2", shares="0")
    lines = game.preview(form)
    assert "¥100" in lines and "¥1,000" in lines
    before = game.yen()
    state = game.recorded(form)
    assert game.yen()[A] - before[A] == 1000 - 100
    assert state["ap_left"] == 2  # the ¥100 entry spends no AP
    assert state["markets"]["stock"]["bank.loans"] == 1
    assert state["history"][0]["text"].startswith("Aiko visited Bank")
    # Having borrowed, the panel no longer offers shares.
    html = game.panel("markets/bank")
    assert 'name="shares"' not in html and "you may not buy shares" in text(html)


def test_a_share_after_a_loan_is_refused_and_changes_nothing(game: Game) -> None:
    game.recorded(visit("bank", "yen", loans="1"))
    game.refused(visit("bank", "ap", shares="1"), "Aiko took a loan")


# -- Government --------------------------------------------------------------------------------


def test_the_government_panel_offers_each_token_per_place(game: Game) -> None:
    html = game.panel("markets/government")
    assert 'name="left.squid"' in html and 'name="right.mackerel"' in html
    assert 'name="left.eel"' in html
    page = text(html)
    assert "¥300 per token, whatever its Resources; room for 3 of 3" in page
    assert "¥200 per token, whatever its Resources; room for 10 of 10" in page


def test_a_government_visit_from_the_phone(game: Game) -> None:
    form = visit("government", "free", **{"left.squid": "3", "right.mackerel": "2"})
    lines = game.preview(form)
    assert "¥900" in lines and "¥400" in lines
    before = game.yen()
    state = game.recorded(form)
    assert game.yen()[A] - before[A] == 1300
    assert state["markets"]["places"]["government.left"] == ["squid"] * 3
    assert state["ap_left"] == 2
    # The left place is full now: its steppers are gone, the panel says so.
    html = game.panel("markets/government")
    assert 'name="left.' not in html and "This place is full." in text(html)
    assert 'name="right.mackerel"' in html


def test_a_fourth_token_in_the_left_place_is_refused(game: Game) -> None:
    game.refused(visit("government", "free", **{"left.squid": "3", "left.eel": "1"}), "left place")


def test_tokens_not_held_are_refused(game: Game) -> None:
    game.refused(visit("government", "free", **{"right.tuna:20": "1"}), "Aiko")


# -- Ships -------------------------------------------------------------------------------------


def test_the_ships_panel_shows_the_fleet_ports_and_the_board(game: Game) -> None:
    html = game.panel("markets/ships")
    page = text(html)
    assert "Your boats: One-slot ship." in page
    assert "Open port: the leftmost (one ship)." in page
    assert 'name="sell_boats.one_slot"' in html
    assert 'name="buy.three_slot"' in html and 'name="buy.barge"' in html
    # The leftmost port holds Aiko's ship: a new one needs it sold (or a port opened).
    assert "no free port place now" in page
    # The next port opens from here (the free move's own form), its Yen named.
    assert "Open port 1 first (¥500, no AP)" in page
    assert "/turn/free/open_port" in html


def test_with_both_ports_open_the_ships_panel_offers_no_port(game: Game) -> None:
    game.act(type="open_port", player=A)
    game.act(type="open_port", player=A)
    page = text(game.panel("markets/ships"))
    assert "port 2 (two ships or one barge)" in page
    assert "first (¥500, no AP)" not in page


def test_a_ship_sold_and_a_bigger_one_bought_in_one_visit(game: Game) -> None:
    form = visit("ships", "ap", **{"sell_boats.one_slot": "1", "buy.three_slot": "1"})
    lines = game.preview(form)
    assert "¥100" in lines and "¥1,500" in lines
    before = game.yen()
    game.recorded(form)
    assert game.yen()[A] - before[A] == 100 - 1500
    assert [b["kind"] for b in game.player(A)["boats"]] == ["three_slot"]


def test_a_boat_with_no_port_place_is_refused(game: Game) -> None:
    game.refused(visit("ships", "ap", **{"buy.two_slot": "1"}), "port")


# -- Rentals, Trading, Aquarium ----------------------------------------------------------------


def test_rentals_from_the_phone(game: Game) -> None:
    html = game.panel("markets/rentals")
    assert 'name="freezers"' in html and 'name="carts"' in html
    before = game.yen()
    state = game.recorded(visit("rentals", "free", freezers="1", carts="1"))
    assert game.yen()[A] - before[A] == -400
    assert state["markets"]["stock"]["rentals.freezer"] == 1
    assert state["ap_left"] == 2


def test_a_trading_yen_trade_from_the_phone(game: Game) -> None:
    html = game.panel("markets/trading")
    assert 'name="trades[0].place"' in html and 'name="trades[0].tokens.mackerel"' in html
    # Its token steppers are sent only once its place is chosen (static/game.js): "No
    # trade" is chosen as the panel opens, so they start hidden and off.
    assert re.search(r'data-needs="trades\[0\]\.place" data-index="0" hidden>\s*<div', html)
    stepper = re.search(r'<input[^>]*name="trades\[0\]\.tokens\.mackerel"[^>]*>', html)
    assert stepper and " disabled" in stepper.group(0)
    assert "Place 4+: empty; tokens worth 4+ Resources for ¥700" in text(html)
    form = visit("trading", "ap", **{"trades[0].place": "4", "trades[0].tokens.mackerel": "4"})
    assert "¥700" in game.preview(form)
    before = game.yen()
    state = game.recorded(form)
    assert game.yen()[A] - before[A] == 700
    assert state["markets"]["places"]["trading.4"] == ["mackerel"] * 4
    # Now the place holds tokens: the panel offers a swap.
    assert "Place 4+: holds" in text(game.panel("markets/trading"))


def test_a_trading_visit_offers_a_trade_for_every_place(game: Game) -> None:
    """'Any number of trades' (external-markets.md §10): one visit fills several places."""
    game.act(type="gain_fish", player=A, fish="mackerel", count=5)  # 9 Mackerel, 1 R each
    html = game.panel("markets/trading")
    assert 'name="trades[4].place"' in html and 'name="trades[5].place"' not in html
    form = visit(
        "trading",
        "ap",
        **{
            "trades[0].place": "2",
            "trades[0].tokens.mackerel": "2",
            "trades[1].place": "4",
            "trades[1].tokens.mackerel": "4",
            "trades[2].place": "3",
            "trades[2].tokens.mackerel": "3",
        },
    )
    before = game.yen()
    game.recorded(form)
    assert game.yen()[A] - before[A] == 300 + 700 + 500


def test_a_trade_worth_too_little_is_refused(game: Game) -> None:
    game.refused(
        visit("trading", "ap", **{"trades[0].place": "10", "trades[0].tokens.mackerel": "2"}), "10+"
    )


def test_an_aquarium_visit_from_the_phone(game: Game) -> None:
    html = game.panel("markets/aquarium")
    assert 'name="tokens.squid"' in html and 'max="2"' in html  # the Squid place holds 2
    assert 'name="tokens.mackerel"' in html
    form = visit("aquarium", "ap", **{"tokens.squid": "2", "tokens.eel": "1"})
    lines = game.preview(form)
    assert "¥1,200" in lines and "¥600" in lines
    before = game.yen()
    state = game.recorded(form)
    assert game.yen()[A] - before[A] == 1800
    assert state["ap_left"] == 0
    assert state["markets"]["places"]["aquarium.squid"] == ["squid", "squid"]


def test_a_cart_pays_the_aquarium_whole_after_the_turns_two_ap(game: Game) -> None:
    """AMB-30 ([EN] Rentals: "the same Cart twice in the same turn"): with the 2 AP spent,
    the Markets grid keeps the 2-AP Aquarium open to a Cart, and its panel offers the two
    Cart uses as one entry."""
    game.act(type="take_item", player=A, item="cart", pay=False)
    game.recorded(visit("aquarium", "ap", **{"tokens.squid": "1"}))
    assert game.state()["ap_left"] == 0
    html = game.panel("markets")
    tile = html[html.index('/turn/markets/aquarium"') - 300 :]
    assert "disabled" not in tile[:400]
    trading = html[html.index('/turn/markets/trading"') - 300 :]
    assert "disabled" not in trading[:400]  # 1 AP: one Cart use pays it
    html = game.panel("markets/aquarium")
    assert 'value="cart=2"' in html and "2 AP from 2 Cart uses" in text(html)
    one = html[html.index('value="cart"') - 200 : html.index('value="cart"')]
    assert "disabled" in one  # one use leaves 1 AP to pay, and none is left
    state = game.recorded(visit("aquarium", "cart=2", **{"tokens.squid": "1"}))
    aiko = next(p for p in state["players"] if p["name"] == A)
    assert not [i for i in aiko["space_items"] if i["item"] == "cart"]  # used up: to the box
    assert state["markets"]["places"]["aquarium.squid"] == ["squid", "squid"]


def test_a_third_squid_in_the_aquarium_is_refused(game: Game) -> None:
    game.refused(visit("aquarium", "ap", **{"tokens.squid": "3"}), "Squid")


# -- Auction, Barter ---------------------------------------------------------------------------


def test_an_auction_lot_from_the_phone(game: Game) -> None:
    html = game.panel("markets/auction")
    assert 'name="lot.mackerel"' in html
    assert "The lot (fee by its Resources: 10+ ¥500, 5+ ¥300, 2+ ¥200;" in text(html)
    form = visit("auction", "ap", **{"lot.mackerel": "4", "lot.squid": "1"})
    assert "¥" in game.preview(form)
    before = game.yen()
    state = game.recorded(form)
    assert state["auction"]["kind"] == "auction_market"
    assert before[A] - game.yen()[A] in (200, 300, 500)


# -- the form's edge ---------------------------------------------------------------------------


def decoded(form: dict[str, str]) -> dict[str, Any]:
    """The phone's form as the visit's body, read by the one decoder (web/form_decode.py)."""
    return decode(visit_model(), list(form.items()), "visit")


def test_the_form_becomes_the_api_body(app: Any) -> None:
    with app.test_request_context("/"):
        body = decoded(
            {
                "type": "visit",
                "player": A,
                "market": "trading",
                "entry": "ap",
                "trades[0].place": "4",
                "trades[0].tokens.mackerel": "2",
                "trades[0].tokens.tuna:20": "1",
                "trades[1].place": "",
                "trades[1].tokens.eel": "0",
            }
        )
        assert body["trades"] == [{"place": 4, "tokens": ["mackerel", "mackerel", "tuna:20"]}]
        body = decoded(visit("ships", "ap", **{"sell_boats.one_slot": "1", "buy.two_slot": "2"}))
        assert body["sell_boats"] == ["one_slot"] and body["buy"] == ["two_slot"] * 2
        body = decoded(visit("government", "free", **{"left.squid": "0", "right.eel": "1"}))
        assert "left" not in body and body["right"] == ["eel"]


def test_an_unknown_field_or_a_bad_count_is_refused_with_a_sentence(game: Game) -> None:
    game.refused(visit("bank", "ap", loans="1", bogus="1"), 'no field "bogus"')
    # A page from before the forms' names were the body's paths is told to reload.
    old = {"trades.0.place": "4", "trades.0.mackerel": "4"}
    game.refused(visit("trading", "ap", **old), "reload the page")
    # A field of another market's visit: the rules' own sentence, as for the JSON API.
    game.refused(
        visit("bank", "ap", loans="1", licenses="1"),
        "Licenses is not something a visit to Bank takes.",
    )
    # Issue #20: a form that is not the page's own is told to reload, in a player's words
    # (no field key, no JSON shape such as ["squid", "tuna:20"]).
    game.refused(
        visit("government", "free", **{"left.squid": "two"}),
        "The tokens for the left place: not what the page offered; reload the page.",
    )
    game.refused(
        visit("government", "free", **{"left.bogus": "1"}),
        "The tokens for the left place: not what the page offered; reload the page.",
    )


def test_a_market_not_in_play_has_no_panel(game: Game) -> None:
    r = game.phones[A].get(f"/games/{game.id}/turn/markets/sushi", headers=HX)
    assert r.status_code == 404
    game.refused(visit("sushi", "ap", **{"groups[1].eel": "1"}), "Sushi")


def test_another_phone_cannot_open_an_external_panel(game: Game) -> None:
    r = game.phones[B].get(f"/games/{game.id}/turn/markets/bank", headers=HX)
    assert r.status_code == 400 and "It is Aiko's turn." in text(r.get_data(as_text=True))


# -- the Expansion's external markets ------------------------------------------------------------

EXP_SETUP = {
    "players": [A, B, C],
    "seed": 7,
    "expansion": True,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "octopus", "squid", "tuna"],
    "external_markets": [
        "ships",
        "used_ships",
        "influence",
        "boat_rentals",
        "sushi",
        "aquarium",
        "new_aquarium",
        "overseas",
    ],
    # AMB-40: numbers printed on these boards only; the host enters them.
    "board_numbers": {
        "influence": {"entry_ap": 1},
        "boat_rentals": {"entry_ap": 1},
        "sushi": {"entry_ap": 1, "yen_2": 400},
        "new_aquarium": {"nori": 2, "nori_yen": 500},
    },
}


@pytest.fixture
def exp(app: Any) -> Game:
    g = Game(app, EXP_SETUP)
    g.act(type="gain_fish", player=A, fish="eel", count=1)
    g.act(type="gain_fish", player=A, fish="squid", count=1)
    g.act(type="gain_fish", player=A, fish="mackerel", count=1)
    g.act(type="next_turn")
    return g


def test_influence_from_the_phone(exp: Game) -> None:
    html = exp.panel("markets/influence")
    assert 'name="buyer_tokens"' in html and 'name="expansion_tokens.fish"' in html
    before = exp.yen()
    state = exp.recorded(visit("influence", "ap", buyer_tokens="1"))
    assert exp.yen()[A] - before[A] == -200
    assert state["markets"]["stock"]["influence.buyer_token"] == 1


def test_a_boat_rented_from_the_phone(exp: Game) -> None:
    exp.act(type="open_port", player=A)
    html = exp.panel("markets/boat_rentals")
    assert 'name="rent.boat=two_slot&amp;from=ships"' in html
    before = exp.yen()
    exp.recorded(visit("boat_rentals", "ap", **{"rent.boat=two_slot&from=ships": "1"}))
    assert exp.yen()[A] - before[A] == -200
    boats = exp.player(A)["boats"]
    # #19: the rented boat lies in a free port place, with its id.
    assert {
        "id": "b2",
        "kind": "two_slot",
        "where": "1",
        "cargo": [],
        "rented_from": "ships",
    } in boats


def test_a_sushi_group_from_the_phone(exp: Game) -> None:
    html = exp.panel("markets/sushi")
    assert 'name="groups[2].eel"' in html and 'name="groups[3].squid"' in html
    form = visit("sushi", "ap", **{"groups[2].eel": "1", "groups[2].squid": "1"})
    assert "¥400" in exp.preview(form)
    before = exp.yen()
    state = exp.recorded(form)
    assert exp.yen()[A] - before[A] == 400
    assert sorted(state["markets"]["places"]["sushi.2"]) == ["eel", "squid"]
    assert "taken" in text(exp.panel("markets/sushi"))


def test_the_new_aquarium_is_entered_with_a_barrel_from_the_harbor(exp: Game) -> None:
    html = exp.panel("markets/new_aquarium")
    assert "Your Harbor has none." in text(html)
    assert "Nori: ¥500 each, 2 of 2 free" in text(html)


def test_a_barrel_for_sale_pays_the_new_aquarium_entry_from_the_phone(app: Any) -> None:
    fish = ["mackerel", "eel", "nori", "squid", "tuna"]
    g = Game(app, {**EXP_SETUP, "fish_markets": fish})
    g.act(type="gain_fish", player=A, fish="nori", count=1)
    g.act(type="take_license", player=A, market="mackerel", count=1, pay=False)
    g.act(type="next_turn")
    # #19: the one-slot ship (b1) undocks before it catches; it docks on the next turn.
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    g.act(type="fishing", player=A, caught={"mackerel": 1})
    for _ in range(3):
        g.act(type="next_turn")
    g.act(
        type="fishing",
        player=A,
        unloaded={"mackerel": 1},
        for_sale=[{"fish": "mackerel", "price": 200}],
    )
    for _ in range(3):
        g.act(type="next_turn")
    html = g.panel("markets/new_aquarium")
    [entry] = map(unescape, re.findall(r'name="entry" value="(barrel\.fish=mackerel[^"]*)"', html))
    assert re.fullmatch(r"barrel\.fish=mackerel&barrel\.row=[a-z]+&barrel\.price=200", entry)
    form = visit("new_aquarium", entry, **{"tokens.nori": "1"})
    assert "¥500" in g.preview(form)
    before = g.yen()
    state = g.recorded(form)
    assert g.yen()[A] - before[A] == 500
    aiko = next(p for p in state["players"] if p["name"] == A)
    assert aiko["harbor"] == {"upper": [], "lower": []}  # the barrel went back to its market


def test_overseas_docks_the_barrels_at_sea(exp: Game) -> None:
    exp.act(type="take_license", player=A, market="eel", count=1, pay=False)
    # #19: the one-slot ship (b1) undocks before it catches.
    exp.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    for _ in range(3):
        exp.act(type="next_turn")
    exp.act(type="fishing", player=A, caught={"eel": 1})
    html = exp.panel("markets/overseas")
    assert 'name="barrels.eel"' in html
    form = visit("overseas", "yen", **{"barrels.eel": "1"})
    assert "¥100" in exp.preview(form)
    state = exp.recorded(form)
    assert state["auction"]["kind"] == "overseas" and state["ap_left"] == 0


def test_used_ships_buys_a_boat_sold_to_it(exp: Game) -> None:
    before = exp.yen()
    exp.recorded(visit("used_ships", "ap", **{"sell_boats.one_slot": "1"}))
    assert exp.yen()[A] - before[A] == 200
    html = exp.panel("markets/used_ships")
    assert 'name="buy.one_slot"' in html and "¥300 each; 1 on the board" in text(html)


# -- the free moves: ports, rented boats, Buyer tokens -------------------------------------------


def free(move: str, **fields: str) -> dict[str, str]:
    return {"type": move, "player": A, **fields}


def test_ports_open_from_the_free_moves_with_their_yen(exp: Game) -> None:
    page = text(exp.panel("free"))
    assert "Open port 1 ¥500" in page
    html = exp.panel("free/open_port")
    assert 'name="type" value="open_port"' in html
    preview = exp.preview(free("open_port"))
    assert "Aiko → the supply: ¥500 (port opened)" in preview and "Aiko opens port 1" in preview
    before = exp.yen()
    state = exp.recorded(free("open_port"))
    assert exp.yen()[A] - before[A] == -500 and exp.player(A)["ports"] == 1
    assert state["ap_left"] == 2  # free: no AP
    assert "Open port 2 ¥500" in text(exp.panel("free"))
    assert "Aiko opens port 2" in exp.preview(free("open_port"))
    exp.recorded(free("open_port"))
    page = text(exp.panel("free"))
    assert "Both ports are open." in page
    exp.refused(free("open_port"), "Aiko has opened both ports already.")


def test_a_port_with_too_little_yen_is_off_and_refused(exp: Game) -> None:
    exp.act(type="pay", **{"from": A, "to": "supply", "amount": 1700})
    assert "You hold too little Yen." in text(exp.panel("free"))
    exp.refused(free("open_port"), "Aiko has only ¥300")


def test_a_rented_boat_goes_back_from_the_free_moves(exp: Game) -> None:
    exp.act(type="open_port", player=A)
    exp.act(
        type="visit",
        player=A,
        market="boat_rentals",
        entry="ap",
        rent=[{"boat": "two_slot", "from": "ships"}],
    )
    stock = exp.state()["markets"]["stock"]
    html = exp.panel("free/return_rental")
    assert 'name="boat" value="two_slot"' in html and "Two-slot ship, back to Ships" in text(html)
    form = free("return_rental", boat="two_slot")
    preview = exp.preview(form)
    assert "Aiko's rented Two-slot ship goes back to Ships, its token to Boat Rentals" in preview
    assert "¥" not in preview  # no Yen moves
    before = exp.yen()
    state = exp.recorded(form)
    assert exp.yen() == before
    after = state["markets"]["stock"]
    assert after["ships.two_slot"] == stock["ships.two_slot"] + 1
    assert after["boat_rentals.token"] == stock["boat_rentals.token"] + 1
    assert "You have no rented boat." in text(exp.panel("free"))


def test_a_rented_boat_at_sea_is_off(exp: Game) -> None:
    exp.act(type="return_boat", player=A, boat="one_slot")
    exp.act(
        type="visit",
        player=A,
        market="boat_rentals",
        entry="ap",
        rent=[{"boat": "one_slot", "from": "ships"}],
    )
    exp.act(type="take_license", player=A, market="eel", count=1, pay=False)
    # #19: the rented ship (b2) undocks before it catches.
    exp.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    for _ in range(3):
        exp.act(type="next_turn")
    exp.act(type="fishing", player=A, caught={"eel": 1})
    assert "Your rented boats are carrying barrels at sea." in text(exp.panel("free"))
    exp.refused(free("return_rental", boat="one_slot"), "at sea")


def test_a_buyer_token_given_and_used_from_the_phones(exp: Game) -> None:
    """§13's example on the phones: Aiko buys a Buyer token, gives it to Chiyo; right after
    Chiyo's next turn Aiko buys Bo's Eel barrel at ¥400 with no AP; the token goes back
    and play resumes to the left of Chiyo (Aiko, in a 3-player game)."""
    # #19: Bo's ship undocks and catches on his first turn, and docks on his second.
    exp.act(type="next_turn")
    exp.act(type="take_license", player=B, market="eel", count=1, pay=False)
    exp.act(type="fishing", player=B, boats=[{"boat": "b1", "do": "undock"}])
    exp.act(type="fishing", player=B, caught={"eel": 1})
    exp.act(type="next_turn")
    exp.act(type="next_turn")
    assert "You hold no Buyer token." in text(exp.panel("free"))
    exp.act(type="visit", player=A, market="influence", entry="ap", buyer_tokens=1)
    html = exp.panel("free/assign_buyer")
    assert 'name="to" value="Chiyo"' in html and 'name="to" value="Aiko"' not in html
    form = free("assign_buyer", to=C)
    assert "Aiko gives a Buyer token to Chiyo" in exp.preview(form)
    state = exp.recorded(form)
    assert state["turn"]["buyers"] == [{"buyer": A, "to": C}]
    assert exp.player(A)["space_items"] == []
    assert "Given to Chiyo" in text(exp.panel("free"))
    # Bo puts an Eel barrel up for ¥400 on his turn; Chiyo plays; her turn ends.
    exp.act(type="next_turn")
    exp.act(type="fishing", player=B, unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 400}])
    exp.act(type="next_turn")
    exp.act(type="next_turn")
    state = exp.state()
    assert state["turn"]["buyer"] == {"buyer": A, "after": C} and state["phase"] == "buyer"
    # Everyone else's phone says who buys; Aiko's offers the Harbors but her own.
    other = text(exp.phones[B].get(f"/games/{exp.id}/turn", headers=HX).get_data(as_text=True))
    assert "Aiko buys with a Buyer token." in other
    guide = exp.phones[A].get(f"/games/{exp.id}/turn", headers=HX).get_data(as_text=True)
    assert "Your Buyer purchase" in text(guide) and 'name="buyer" value="on"' in guide
    assert 'value="from=Bo&amp;fish=eel&amp;row=upper&amp;price=400"' in guide
    buy = {
        "type": "purchase",
        "player": A,
        "buyer": "on",
        "barrels": "from=Bo&fish=eel&row=upper&price=400",
    }
    preview = exp.preview(buy)
    assert "Aiko → Bo: ¥400" in preview and "In all you pay ¥400." in preview
    assert "Aiko's Buyer token goes back to Influence" in preview
    assert "Aiko's turn starts" in preview
    before = exp.yen()
    state = exp.recorded(buy)
    after = exp.yen()
    assert after[A] - before[A] == -400 and after[B] - before[B] == 400
    assert state["markets"]["stock"]["influence.buyer_token"] == 2
    assert state["turn"]["buyer"] is None and state["turn"]["current"] == A
    assert state["ap_left"] == 2
    assert state["history"][0]["text"].startswith("Aiko bought with a Buyer token")


def test_the_buyer_may_pass_and_no_one_else_may_buy(exp: Game) -> None:
    exp.act(type="visit", player=A, market="influence", entry="ap", buyer_tokens=1)
    exp.act(type="assign_buyer", player=A, to=B)
    exp.act(type="next_turn")
    exp.act(type="next_turn")
    r = exp.phones[B].post(
        f"/games/{exp.id}/turn/preview",
        data={"type": "purchase", "player": B, "buyer": "on"},
        headers=HX,
    )
    assert "The Buyer purchase open now is Aiko's, not Bo's." in text(r.get_data(as_text=True))
    passing = {"type": "purchase", "player": A, "buyer": "on"}
    assert "Aiko buys nothing with the Buyer token" in exp.preview(passing)
    state = exp.recorded(passing)
    assert state["turn"]["current"] == C and state["markets"]["stock"]["influence.buyer_token"] == 2
    assert state["history"][0]["text"] == "Aiko bought nothing with a Buyer token"
