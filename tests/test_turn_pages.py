"""The active player's phone runs their turn (companion/web/turn.py, issue #8): the guide
on the active phone only, previews that match the rules, refusals that change nothing,
confirms through the one door (one entry each, the right Yen), and a seat that cannot post
for another player."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

from companion.rules import guided
from companion.web import action_schemas
from companion.web.form_decode import decode

A, B, C = "Aiko", "Bo", "Chiyo"
SETUP = {
    "players": [A, B, C],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}
HX = {"HX-Request": "true", "Sec-Fetch-Site": "same-origin"}


def text(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


class Game:
    """One game: the JSON API for setting up, one signed-in phone per player."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.api = app.test_client()
        r = self.api.post("/api/games", json=SETUP)
        assert r.status_code == 201
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}
        self.phones = {}
        for name, token in self.tokens.items():
            phone = app.test_client()
            assert phone.get(f"/join/{token}").status_code == 303
            self.phones[name] = phone

    def act(self, **action: Any) -> None:
        r = self.api.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()

    def state(self) -> dict[str, Any]:
        return self.api.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        ).get_json()

    def yen(self) -> dict[str, int]:
        return {p["name"]: p["yen"] for p in self.state()["players"]}

    def table(self) -> Any:
        return self.app.extensions["companion.store"].state(self.id).table

    def guide(self, who: str) -> str:
        r = self.phones[who].get(f"/games/{self.id}/turn")
        assert r.status_code == 200
        return r.get_data(as_text=True)

    def preview(self, who: str, form: dict[str, Any]) -> str:
        r = self.phones[who].post(f"/games/{self.id}/turn/preview", data=form, headers=HX)
        assert r.status_code == 200, r.get_data(as_text=True)
        return r.get_data(as_text=True)

    def confirm(self, who: str, form: dict[str, Any]) -> Any:
        seq = self.state()["seq"]
        return self.phones[who].post(
            f"/games/{self.id}/turn/confirm", data={**form, "expected_seq": str(seq)}, headers=HX
        )


@pytest.fixture
def game(app: Any) -> Game:
    g = Game(app)
    g.act(type="gain_fish", player=A, fish="eel", count=3)
    g.act(type="take_license", player=B, market="eel", count=1, pay=False)
    g.act(type="take_license", player=C, market="eel", count=2, pay=False)
    g.act(type="next_turn")
    return g


VISIT = {
    "type": "visit",
    "player": A,
    "market": "eel",
    "entry": "ap",
    "sell.eel": "2",
    "licenses": "0",
}


def test_the_guide_is_on_the_active_phone_only(game: Game) -> None:
    mine = text(game.guide(A))
    assert "Your turn — 2 AP" in mine
    assert all(choice in mine for choice in ("Fishing", "Purchasing", "Markets"))
    for other in (B, C):
        theirs = text(game.guide(other))
        assert "Your turn" not in theirs and "Fishing" not in theirs
        assert "It is Aiko's turn." in theirs and "Aiko has 2 AP left." in theirs
    # Another phone cannot open the active player's panels.
    r = game.phones[B].get(f"/games/{game.id}/turn/markets", headers=HX)
    assert r.status_code == 400 and "It is Aiko's turn." in text(r.get_data(as_text=True))


def test_the_guide_answers_204_while_its_turn_is_unchanged(game: Game) -> None:
    key = re.search(r"name=\"key\" value=\"([^\"]+)\"", game.guide(A)).group(1)  # type: ignore[union-attr]
    r = game.phones[A].get(f"/games/{game.id}/turn?key={key}")
    assert r.status_code == 204


def test_market_grid_and_a_market_panel(game: Game) -> None:
    grid = text(
        game.phones[A].get(f"/games/{game.id}/turn/markets", headers=HX).get_data(as_text=True)
    )
    assert "Eel 1 AP" in grid and "Squid 2 AP or any fish token" in grid
    panel = game.phones[A].get(f"/games/{game.id}/turn/markets/eel", headers=HX)
    html = panel.get_data(as_text=True)
    assert 'name="entry" value="ap"' in html and 'name="sell.eel"' in html
    assert 'max="3"' in html


def test_visit_preview_matches_the_rules(game: Game) -> None:
    html = game.preview(A, VISIT)
    lines = re.findall(r"<li>(.*?)</li>", html)
    expected = guided.preview_lines(
        game.table(),
        {"type": "visit", "player": A, "market": "eel", "entry": "ap", "sell": {"eel": 2}},
    )
    assert [line.rstrip(".").lower() for line in lines] == [e.lower() for e in expected]
    joined = text(html)
    assert "→ Bo: ¥100 (licences)" in joined and "→ Chiyo: ¥200 (licences)" in joined
    assert "Aiko sells 2 Eel for" in joined


def test_a_refused_preview_says_why_and_changes_nothing(game: Game) -> None:
    before = game.state()
    html = game.preview(A, {**VISIT, "sell.eel": "5"})
    assert 'role="alert"' in html and "Aiko does not hold 5 Eel." in text(html)
    # A form the API's model refuses gets its sentence too.
    assert "turn-refused" in game.preview(A, {**VISIT, "licenses": "9"})
    assert game.state() == before


def test_confirming_a_visit_records_one_entry_with_the_right_yen(game: Game) -> None:
    before, seq = game.yen(), game.state()["seq"]
    lines = text(game.preview(A, VISIT))
    sale = int(
        re.search(r"Aiko sells 2 Eel for ¥([\d,]+)", lines)
        .group(1)  # type: ignore[union-attr]
        .replace(",", "")
    )
    r = game.confirm(A, VISIT)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert "Your turn — 1 AP" in text(r.get_data(as_text=True))
    after = game.state()
    assert after["seq"] == seq + 1 and after["ap_left"] == 1
    yen = game.yen()
    assert yen[A] - before[A] == sale
    assert yen[B] - before[B] == 100 and yen[C] - before[C] == 200
    assert after["markets"]["fish"][3]["id"] == "eel"


def test_a_confirm_asks_for_the_live_part_only_while_the_pages_stream_is_down(
    game: Game,
) -> None:
    """One way in for #live: with the stream up, the stream brings the change; while it
    is down the answer asks the page to fetch #live at once (HX-Trigger: live-poll)."""
    seq = game.state()["seq"]
    up = game.phones[A].post(
        f"/games/{game.id}/turn/confirm",
        data={**VISIT, "expected_seq": str(seq)},
        headers={**HX, "X-Live": "up"},
    )
    assert up.status_code == 200
    assert 'id="live"' not in up.get_data(as_text=True)
    assert "live-poll" not in up.headers.get("HX-Trigger", "")
    assert "Recorded" in text(up.get_data(as_text=True))
    down = game.phones[A].post(
        f"/games/{game.id}/turn/confirm",
        data={"type": "fishing", "player": A, "expected_seq": str(seq + 1)},
        headers={**HX, "X-Live": "down"},
    )
    assert down.status_code == 200, down.get_data(as_text=True)
    assert down.headers["HX-Trigger"] == "live-poll"
    assert 'id="live"' not in down.get_data(as_text=True)


def test_a_fishing_action_that_opens_a_tuna_auction(game: Game) -> None:
    game.act(type="take_license", player=A, market="tuna", count=3, pay=False)
    # 3 Tuna need a three-slot ship: Aiko's one-slot ship goes back for one (bookkeeping).
    game.act(type="return_boat", player=A, boat="one_slot")
    game.act(type="take_boat", player=A, boat="three_slot", pay=False)
    # #19: the ship (b2) undocks, then catches one barrel per Fishing action.
    game.act(type="fishing", player=A, boats=[{"boat": "b2", "do": "undock"}])
    r = game.confirm(A, {"type": "fishing", "player": A, "caught.tuna": "1"})
    assert r.status_code == 200, r.get_data(as_text=True)
    for _ in range(3):
        game.act(type="next_turn")
    game.act(type="fishing", player=A, caught={"tuna": 1})
    game.act(type="fishing", player=A, caught={"tuna": 1})
    assert game.state()["players"][0]["at_sea"] == {"tuna": 3}
    for _ in range(3):
        game.act(type="next_turn")
    before, seq = game.yen(), game.state()["seq"]
    form = {"type": "fishing", "player": A, "unloaded.tuna": "3"}
    assert "Tuna auction 1 of 1" in text(game.preview(A, form))
    r = game.confirm(A, form)
    assert r.status_code == 200, r.get_data(as_text=True)
    state = game.state()
    assert state["seq"] == seq + 1  # one entry: the auction opens in its undo group
    assert state["players"][0]["at_sea"] == {}
    assert game.yen()[A] - before[A] == 100  # docking bonus: ¥100 × floor(3 / 2)
    assert state["auction"]["kind"] == "tuna" and state["auction"]["status"] == "open"


def test_a_purchase_records_one_entry_with_the_right_yen(game: Game) -> None:
    game.act(type="take_license", player=A, market="mackerel", count=1, pay=False)
    # #19: the one-slot ship (b1) undocks before it catches.
    game.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    assert (
        game.confirm(A, {"type": "fishing", "player": A, "caught.mackerel": "1"}).status_code == 200
    )
    for _ in range(3):
        game.act(type="next_turn")
    form = {
        "type": "fishing",
        "player": A,
        "unloaded.mackerel": "1",
        "for_sale[0].fish": "mackerel",
        "for_sale[0].price": "300",
    }
    assert "Aiko puts Mackerel for sale at ¥300 (upper row)" in text(game.preview(A, form))
    # A price for a barrel not unloaded: the rules' sentence.
    extra = {**form, "for_sale[1].fish": "mackerel", "for_sale[1].price": "400"}
    said = "Aiko places 2 Mackerel barrels for sale but unloads 1."
    assert said in text(game.preview(A, extra))
    assert game.confirm(A, form).status_code == 200
    game.act(type="next_turn")
    assert "from=Aiko&amp;fish=mackerel&amp;row=upper&amp;price=300" in game.phones[B].get(
        f"/games/{game.id}/turn/purchasing", headers=HX
    ).get_data(as_text=True)
    before, seq = game.yen(), game.state()["seq"]
    buy = {
        "type": "purchase",
        "player": B,
        "barrels": "from=Aiko&fish=mackerel&row=upper&price=300",
    }
    assert "In all you pay ¥300." in text(game.preview(B, buy))
    r = game.confirm(B, buy)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert game.state()["seq"] == seq + 1
    yen = game.yen()
    assert yen[B] - before[B] == -300 and yen[A] - before[A] == 300


def test_a_form_for_another_players_seat_is_refused_403(game: Game) -> None:
    before = game.state()
    r = game.phones[B].post(
        f"/games/{game.id}/turn/confirm",
        data={**VISIT, "expected_seq": str(before["seq"])},
        headers=HX,
    )
    assert r.status_code == 403
    r = game.phones[B].post(f"/games/{game.id}/turn/preview", data=VISIT, headers=HX)
    assert r.status_code == 403
    assert game.state() == before


def test_an_unknown_field_is_refused_with_a_sentence(game: Game) -> None:
    html = game.preview(A, {**VISIT, "ammount": "3"})
    assert 'This form has no field "ammount"' in text(html)


def test_the_flat_form_becomes_the_apis_shape(app: Any) -> None:
    def body(kind: str, who: str, pairs: list[tuple[str, str]]) -> dict[str, Any]:
        with app.test_request_context("/"):
            form = [("type", kind), ("player", who), *pairs]
            return decode(action_schemas.ACTIONS[kind], form, kind)

    assert body(
        "visit",
        A,
        [
            ("market", "tuna"),
            ("entry", "token.fish=eel"),
            ("sell.tuna.20", "2"),
            ("sell.tuna.15", "1"),
            ("sell.eel", "0"),
            ("licenses", "1"),
        ],
    ) == {
        "type": "visit",
        "player": A,
        "market": "tuna",
        "entry": {"token": {"fish": "eel"}},
        "licenses": 1,
        "sell": {"tuna": [20, 20, 15]},
    }
    # Every price sent is an item, in their numbers' order (no page offers a price slot
    # beyond its count: the counted Fishing panel went with #19; the rules refuse a price
    # for a barrel not unloaded, test_a_purchase_records_one_entry_with_the_right_yen).
    assert body(
        "fishing",
        A,
        [
            ("unloaded.eel", "1"),
            ("for_sale[1].fish", "eel"),
            ("for_sale[1].price", "400"),
            ("for_sale[0].fish", "eel"),
            ("for_sale[0].price", "300"),
        ],
    ) == {
        "type": "fishing",
        "player": A,
        "unloaded": {"eel": 1},
        "for_sale": [{"fish": "eel", "price": 300}, {"fish": "eel", "price": 400}],
    }
    assert body("purchase", B, [("barrels", "from=Aiko&fish=eel&row=upper&price=300")]) == {
        "type": "purchase",
        "player": B,
        "barrels": [{"from": "Aiko", "fish": "eel", "row": "upper", "price": 300}],
    }
