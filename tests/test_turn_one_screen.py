"""Issue #20, "A turn in one screen", its smaller points, through the Flask test client:
"End my turn" / "Next turn" ask while AP are left; a barrel's price starts at the price the
player last set (else ¥300) with one-tap chips; every entry starts at the cheapest option
the player can pay; a market that cannot be entered is off before it is tapped, and no
developer's sentence reaches a phone; the preview posts what Confirm posts; returning a
licence is a free move; final scoring by rank, without an Overfishing row out of play;
the ⓘ links of a form open in a new tab; the terminal's QR code opens the New game page."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["government", "bank", "ships"],
}
HX = {"HX-Request": "true", "Sec-Fetch-Site": "same-origin"}
JA = {"Accept-Language": "ja-JP,ja;q=0.9"}
DEVELOPER = 'The entry must be "ap"'


def text(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


class Game:
    """One game: the JSON API for setting up, a signed-in table screen, one phone each."""

    def __init__(self, app: Any) -> None:
        self.api = app.test_client()
        r = self.api.post("/api/games", json=SETUP)
        assert r.status_code == 201
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.table = app.test_client()
        assert self.table.get(f"/join/{self.host}").status_code in (302, 303)
        self.phones = {}
        for seat in body["seats"]:
            phone = app.test_client()
            assert phone.get(f"/join/{seat['token']}").status_code == 303
            self.phones[seat["name"]] = phone

    def act(self, **action: Any) -> Any:
        r = self.api.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()
        return r

    def seq(self) -> int:
        r = self.api.get(f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"})
        return int(r.get_json()["seq"])

    def page(self, who: str, headers: dict[str, str] | None = None) -> str:
        client = self.table if who == "host" else self.phones[who]
        r = client.get(f"/games/{self.id}/{'table' if who == 'host' else 'seat'}", headers=headers)
        assert r.status_code == 200
        return r.get_data(as_text=True)

    def get(self, who: str, path: str) -> str:
        r = self.phones[who].get(f"/games/{self.id}/turn/{path}", headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.get_data(as_text=True)

    def preview(self, who: str, form: dict[str, Any]) -> str:
        r = self.phones[who].post(f"/games/{self.id}/turn/preview", data=form, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        return text(r.get_data(as_text=True))

    def confirm(self, who: str, form: dict[str, Any]) -> Any:
        data = {**form, "expected_seq": str(self.seq())}
        return self.phones[who].post(f"/games/{self.id}/turn/confirm", data=data, headers=HX)


@pytest.fixture
def game(app: Any) -> Game:
    g = Game(app)
    g.act(type="gain_fish", player=A, fish="eel", count=3)
    g.act(type="next_turn")
    return g


def end_button(html: str) -> str:
    found = re.search(r'<button[^>]*id="btn-next-turn"[^>]*>', html)
    assert found, "no End my turn / Next turn button"
    return htmllib.unescape(found.group(0))


# -- 2. one stray tap does not end a turn -------------------------------------------------------


def test_ending_a_turn_with_ap_left_asks_first_on_the_phone_and_the_table(game: Game) -> None:
    ask = 'hx-confirm="Aiko has 2 AP left — end the turn anyway?"'
    assert ask in end_button(game.page(A))
    assert ask in end_button(game.page("host"))
    ja = end_button(game.page(A, JA))
    assert 'hx-confirm="Aikoにはアクションポイントがまだ2点残っています。' in ja
    # With the AP spent, the turn ends at one tap.
    game.act(type="visit", player=A, market="eel", entry="ap", sell={"eel": 1})
    assert "1 AP left" in end_button(game.page("host"))
    game.act(type="visit", player=A, market="eel", entry="ap", sell={"eel": 1})
    assert "hx-confirm" not in end_button(game.page(A))
    assert "hx-confirm" not in end_button(game.page("host"))


def test_no_question_while_an_auction_is_on(game: Game) -> None:
    """An auction still on holds the turn: "Next turn" / "End my turn" asked "Aiko has 2 AP
    left — end the turn anyway?" and then refused ("The Spider Crab auction is still
    open…"). It asks nothing now and the tap is refused at once, in the rules' words."""
    r = game.api.post(
        f"/api/games/{game.id}/auctions",
        json={"kind": "spider_crab", "owner": A},
        headers={"Authorization": f"Bearer {game.host}"},
    )
    assert r.status_code == 201, r.get_json()
    assert "hx-confirm" not in end_button(game.page(A))
    assert "hx-confirm" not in end_button(game.page("host"))
    before = game.seq()
    r = game.table.post(
        f"/games/{game.id}/act",
        data={"type": "next_turn", "as": "host", "expected_seq": str(before)},
        headers=HX,
    )
    assert "auction is still open" in text(r.get_data(as_text=True))
    assert game.seq() == before


def test_the_api_still_ends_a_turn_with_ap_left(game: Game) -> None:
    game.act(type="next_turn")  # Aiko had 2 AP left: taken, as docs/flows.md says
    assert 'hx-confirm="Bo has 2 AP left — end the turn anyway?"' in end_button(game.page(B))


def test_confirm_and_end_my_turn_only_when_the_action_spends_the_last_ap(game: Game) -> None:
    """#20: beside Confirm, "Confirm and end my turn" once the previewed action leaves no
    AP (and opens no auction); it records the action, then the turn change, each its own
    entry; with AP left it is not offered, and a forged ?then=end does not end the turn."""
    sell = {"type": "visit", "player": A, "market": "eel", "entry": "ap", "sell.eel": "1"}
    r = game.phones[A].post(f"/games/{game.id}/turn/preview", data=sell, headers=HX)
    assert "Confirm and end my turn" not in r.get_data(as_text=True)  # 1 AP would be left
    url = f"/games/{game.id}/turn/confirm?then=end"
    data = {**sell, "expected_seq": str(game.seq())}
    assert game.phones[A].post(url, data=data, headers=HX).status_code == 200
    state = game.api.get(
        f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.host}"}
    ).get_json()
    assert state["turn"]["current"] == A and state["ap_left"] == 1
    r = game.phones[A].post(f"/games/{game.id}/turn/preview", data=sell, headers=HX)
    offered = r.get_data(as_text=True)
    assert "Confirm and end my turn" in offered and "then=end" in offered
    before = game.seq()
    data = {**sell, "expected_seq": str(before)}
    answer = game.phones[A].post(url, data=data, headers=HX).get_data(as_text=True)
    assert "It is Bo" in text(answer)
    state = game.api.get(
        f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.host}"}
    ).get_json()
    assert state["turn"]["current"] == B and state["seq"] == before + 2


# -- 3. sensible defaults -----------------------------------------------------------------------


def test_a_barrels_price_starts_at_300_then_at_the_price_last_set(app: Any) -> None:
    g = Game(app)
    g.act(type="take_license", player=A, market="eel", count=1, pay=False)
    g.act(type="next_turn")
    # #19: the Fishing panel is boat by boat: the one-slot ship b1 undocks, then catches.
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    g.act(type="fishing", player=A, caught={"eel": 1})
    panel = g.get(A, "fishing")
    assert re.search(r'name="for_sale\[0\]\.price" value="300"', panel), panel
    chips = re.findall(r'data-set="(\d+)"\s+aria-controls="f-sale-b1-0-price"', panel)
    assert chips == ["200", "300", "400", "500"]
    # Aiko unloads it at ¥500: her next Eel barrel starts at ¥500.
    for _ in range(3):
        g.act(type="next_turn")
    g.act(type="fishing", player=A, unloaded={"eel": 1}, for_sale=[{"fish": "eel", "price": 500}])
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    for _ in range(3):
        g.act(type="next_turn")
    g.act(type="fishing", player=A, caught={"eel": 1})
    panel = g.get(A, "fishing")
    assert re.search(r'name="for_sale\[0\]\.price" value="500"', panel), panel


def test_the_banks_entry_starts_at_the_cheapest_option_that_can_be_paid(game: Game) -> None:
    panel = game.get(A, "markets/bank")
    checked = re.findall(r'name="entry" value="([^"]*)"\s+checked', panel)
    assert checked == ["yen"], panel


def test_a_token_entry_starts_at_the_token_worth_least(game: Game) -> None:
    """Squid takes 2 AP or any fish token: of Aiko's tokens the page offers first the one
    that costs her the fewest Resources (a Squid, not an Eel that counts on the Eel track),
    whatever order she holds them in."""
    game.act(type="gain_fish", player=A, fish="squid", count=1)
    state = game.api.get(
        f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.host}"}
    ).get_json()
    rows = {f["key"]: f for f in next(p for p in state["players"] if p["name"] == A)["fish"]}
    each = {k: rows[k]["resources"] / rows[k]["count"] for k in ("eel", "squid")}
    assert each["eel"] > each["squid"], each  # the case this test is about
    panel = game.get(A, "markets/squid")
    offered = re.findall(r'name="entry" value="(token\.[^"]*)"', panel)
    assert offered.index("token.fish=eel") < offered.index("token.fish=squid"), offered
    checked = re.findall(r'name="entry" value="([^"]*)"\s+checked', panel)
    assert checked == ["token.fish=squid"], checked


# -- 4. a market that cannot be entered says so before it is tapped -----------------------------


def test_a_visited_government_tile_is_off_with_a_players_reason(game: Game) -> None:
    visit = {"type": "visit", "player": A, "market": "government", "entry": "free"}
    r = game.confirm(A, {**visit, "left.eel": "1"})
    assert r.status_code == 200, r.get_data(as_text=True)
    grid = game.get(A, "markets")
    tile = re.search(r'<button[^>]*hx-get="[^"]*/markets/government"[^>]*>', grid)
    assert tile and "disabled" in tile.group(0), grid
    why = re.search(r'<p class="turn-why" id="why-government">(.*?)</p>', grid)
    assert why and "once per turn" in why.group(1)
    # Its panel, sent anyway with no entry (each radio is off): a player's sentence.
    form = {"type": "visit", "player": A, "market": "government"}
    said = game.preview(A, form)
    assert "Choose how to pay the entry." in said and DEVELOPER not in said
    r = game.confirm(A, form)
    assert r.status_code == 400 and DEVELOPER not in r.get_data(as_text=True)
    assert "Choose how to pay the entry." in text(r.get_data(as_text=True))
    ja = game.phones[A].post(f"/games/{game.id}/turn/preview", data=form, headers={**HX, **JA})
    assert "入場コストの支払い方を選んでください。" in text(ja.get_data(as_text=True))


def test_no_entry_shape_reaches_a_phone_even_from_a_bad_form(game: Game) -> None:
    form = {"type": "visit", "player": A, "market": "eel", "entry": "nonsense"}
    assert DEVELOPER not in game.preview(A, form)
    assert DEVELOPER not in game.confirm(A, form).get_data(as_text=True)


@pytest.mark.parametrize(
    "form",
    [
        {"type": "visit", "market": "eel", "entry": "ap", "sell.eel": "x"},
        {"type": "visit", "market": "nope", "entry": "ap"},
        {"type": "fishing", "caught.eel": "x"},
        {
            "type": "fishing",
            "unloaded.eel": "1",
            "for_sale[0].fish": "eel",
            "for_sale[0].price": "x",
        },
        {"type": "purchase", "barrels": "from=Bo&fish=eel&row=upper&price=x"},
        {"type": "visit", "market": "bank", "entry": "yen", "loans": "x"},
        {"type": "visit", "market": "government", "entry": "free", "left.zz": "1"},
    ],
)
def test_a_form_that_is_not_the_pages_own_gets_no_json_shape(
    game: Game, form: dict[str, str]
) -> None:
    said = game.preview(A, {**form, "player": A})
    assert "not what the page offered; reload the page." in said
    assert not any(c in said for c in '{["'), said


# -- 5. the preview shows what Confirm will do --------------------------------------------------


def test_the_turn_forms_preview_the_values_confirm_sends(game: Game) -> None:
    panel = game.get(A, "markets/mackerel")
    form = re.search(r'<form id="turn-visit"[^>]*>', panel)
    # No browser check holding a refused value back from the preview (Confirm sends it).
    assert form and "novalidate" in form.group(0)
    assert re.search(r'data-over="No more than 1 here\."', panel)
    refused = "One visit to Mackerel buys at most 1 licence."
    over = {"type": "visit", "player": A, "market": "mackerel", "entry": "ap", "licenses": "2"}
    assert refused in game.preview(A, over)
    assert refused in text(game.confirm(A, over).get_data(as_text=True))


# -- 8. smaller points --------------------------------------------------------------------------


def test_returning_a_licence_is_a_free_move(game: Game) -> None:
    game.act(type="take_license", player=A, market="eel", count=2, pay=False)
    free = text(game.get(A, "free"))
    assert "Return a licence" in free
    panel = game.get(A, "free/return_license")
    assert 'name="market" value="eel"' in panel
    form = {"type": "return_license", "player": A, "market": "eel", "count": "1"}
    said = game.preview(A, form)
    assert "Aiko gives 1 Eel licence back to its board, with no refund" in said
    ja = game.phones[A].post(f"/games/{game.id}/turn/preview", data=form, headers={**HX, **JA})
    assert "Aikoがウナギの漁業免許を1枚ボードに戻します" in text(ja.get_data(as_text=True))
    r = game.confirm(A, form)
    assert r.status_code == 200, r.get_data(as_text=True)
    state = game.api.get(
        f"/api/games/{game.id}", headers={"Authorization": f"Bearer {game.host}"}
    ).get_json()
    held = {x["market"]: x["count"] for x in state["players"][0]["licenses"]}
    assert held.get("eel") == 1


def test_no_overfishing_row_on_the_phone_when_that_market_is_not_in_play(game: Game) -> None:
    html = game.page(A)
    assert 'id="ie-table"' in html and "Overfishing market" not in text(html)


def test_final_scoring_on_the_phone_is_in_rank_order_without_an_overfishing_row(
    game: Game,
) -> None:
    game.act(type="pay", **{"from": "supply"}, to=C, amount=5000)
    game.act(type="pay", **{"from": "supply"}, to=B, amount=2000)
    game.act(type="end_game")
    html = game.page(A)
    cards = re.search(r'<ol class="score-cards">(.*?)</ol>', html, re.S)
    assert cards
    names = re.findall(r"<h3>\d+\. (\w+)", cards.group(1))
    assert names == [C, B, A]
    assert "Overfishing market" not in text(html)


def test_the_rules_links_of_a_turn_panel_open_in_a_new_tab(game: Game) -> None:
    for path in ("markets", "markets/eel", "markets/bank"):
        links = re.findall(r'<a class="rules-link"[^>]*>', game.get(A, path))
        assert links and all('target="_blank"' in a for a in links), path


def test_ticking_a_market_on_the_new_game_page_chooses_by_hand(client: Any) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    form = re.search(r'<form id="new-game"[^>]*>', html, re.S)
    assert form and "manual.checked = true" in htmllib.unescape(form.group(0))


# -- 9. the terminal's QR code -------------------------------------------------------------------


def test_the_serve_banner_and_qr_code_open_the_new_game_page_on_the_table_screen() -> None:
    from companion.cli import banner

    lines, qr = banner("http://192.168.1.5:5000/")
    assert qr == "http://192.168.1.5:5000/games/new"
    said = " ".join(lines)
    assert "http://192.168.1.5:5000/" in lines[0]
    assert "table screen" in said and qr in said and "table's phones" not in said


def test_purchasing_with_nothing_for_sale_offers_no_confirm(game: Game) -> None:
    """Every Harbor empty: each says so, and Confirm is off (nothing it could record); once a
    barrel is for sale, Confirm is on again."""
    panel = game.get(A, "purchasing")
    said = text(panel)
    assert "Bo has nothing for sale." in said and "Chiyo has nothing for sale." in said, said
    confirm = re.search(r'<button[^>]*class="turn-confirm"[^>]*>', panel)
    assert confirm and " disabled" in confirm.group(0), confirm
    game.act(type="take_license", player=B, market="eel", count=1, pay=False)
    game.act(type="next_turn")  # Bo's turn: his ship out and back with an Eel barrel
    game.act(type="fishing", player=B, boats=[{"boat": "b1", "do": "undock"}])
    game.act(type="fishing", player=B, boats=[{"boat": "b1", "do": "catch", "fish": "eel"}])
    for _ in range(3):
        game.act(type="next_turn")
    game.act(
        type="fishing",
        player=B,
        boats=[{"boat": "b1", "do": "dock"}],
        for_sale=[{"fish": "eel", "price": 300}],
    )
    for _ in range(2):
        game.act(type="next_turn")  # Aiko's turn again
    panel = game.get(A, "purchasing")
    assert "from=Bo&amp;fish=eel&amp;row=upper&amp;price=300" in panel, text(panel)
    confirm = re.search(r'<button[^>]*class="turn-confirm"[^>]*>', panel)
    assert confirm and " disabled" not in confirm.group(0), confirm


def test_the_rules_links_of_the_live_pages_open_in_a_new_tab(game: Game) -> None:
    """Point 8: an ⓘ on the table screen (its markets, its setup checklist beside the
    corrections) or on a phone (the table's markets) never navigates away from a page
    holding a form being filled in."""
    for who in ("host", A):
        links = re.findall(r'<a class="rules-link"[^>]*>', game.page(who))
        assert len(links) >= 5, who
        assert all('target="_blank"' in a and 'rel="noopener"' in a for a in links), (who, links)
