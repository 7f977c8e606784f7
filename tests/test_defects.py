"""Defects from the issue list, each pinned by a small test on the rendered HTML or JSON."""

from __future__ import annotations

import re
from typing import Any

SETUP = {
    "players": ["Aiko", "Bo", "Chiyo"],
    "seed": 5,
    "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
    "external_markets": ["ships", "bank", "rentals"],
}


class Game:
    def __init__(self, client: Any, **setup: Any) -> None:
        self.client = client
        r = client.post("/api/games", json={**SETUP, **setup})
        assert r.status_code == 201
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}

    def act(self, **action: Any) -> None:
        r = self.client.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()

    def history(self) -> list[str]:
        r = self.client.get(
            f"/api/games/{self.id}", headers={"Authorization": f"Bearer {self.host}"}
        )
        return [h["text"] for h in r.get_json()["history"]]

    def page(self, who: str) -> str:
        token = self.host if who == "host" else self.tokens[who]
        browser = self.client.application.test_client()
        assert browser.get(f"/join/{token}").status_code == 303
        page = "table" if who == "host" else "seat"
        r = browser.get(f"/games/{self.id}/{page}")
        assert r.status_code == 200
        return str(r.get_data(as_text=True))


def test_history_counts_singular_and_plural(client: Any) -> None:
    g = Game(client)
    g.act(type="take_license", player="Aiko", market="eel", count=1)
    g.act(type="take_item", player="Aiko", item="cart", count=1)
    g.act(type="take_loan", player="Bo", count=2)
    g.act(type="buy_share", player="Chiyo", count=1)
    g.act(type="gain_fish", player="Aiko", fish="eel", count=1)
    g.act(type="gain_fish", player="Bo", fish="eel", count=2)
    lines = g.history()
    assert "Aiko took 1 Eel licence" in lines
    assert "Aiko took 1 Cart" in lines
    assert "Bo took 2 loans" in lines
    assert "Chiyo bought 1 share" in lines
    assert "Aiko took 1 Eel token" in lines
    assert "Bo took 2 Eel tokens" in lines
    assert not any(re.search(r"\b1 \w+(?: \w+)? ?\w*s\b", line) for line in lines), lines


def test_only_the_table_screen_is_told_to_tap_start(client: Any) -> None:
    g = Game(client)
    table, phone = g.page("host"), g.page("Bo")
    assert "Tap “Start first turn”" in table and "Start first turn</button>" not in phone.replace(
        "\n", ""
    )
    assert "Tap “Start first turn”" not in phone
    assert "The table screen starts the first turn." in phone


def _current(g: Game) -> str:
    r = g.client.get(f"/api/games/{g.id}", headers={"Authorization": f"Bearer {g.host}"})
    return str(r.get_json()["turn"]["current"])


def test_end_trigger_is_a_notice_and_names_the_final_round(client: Any) -> None:
    g = Game(client)
    first = _current(g)
    g.act(type="pay", **{"from": "supply", "to": first, "amount": 5000})
    g.act(type="next_turn")
    html = g.page("host")
    check = re.search(r'<p class="([^"]*end-check[^"]*)"[^>]*>(.*?)</p>', html, re.S)
    assert check is not None
    assert "error" not in check.group(1) and "notice" in check.group(1)
    text = check.group(2)
    assert "the game ends" not in text
    others = [n for n in SETUP["players"] if n != first]
    assert "final round follows" in text and all(n in text for n in others)


def test_start_of_turn_check_and_card_are_labelled(client: Any) -> None:
    g = Game(client)
    first = _current(g)
    g.act(type="next_turn")
    g.act(type="pay", **{"from": "supply", "to": first, "amount": 700})
    html = g.page("host")
    check = re.search(r'class="notice end-check[^"]*"[^>]*>(.*?)</p>', html, re.S)
    assert check is not None and "at the start of this turn" in check.group(1)
    assert re.search(r'class="small muted end-distance"[^>]*>End, now:', html)


def test_undo_to_here_shows_on_hover_or_focus_only(client: Any) -> None:
    from pathlib import Path

    g = Game(client)
    g.act(type="take_loan", player="Bo")
    g.act(type="take_loan", player="Aiko")
    table, phone = g.page("host"), g.page("Bo")
    assert 'id="btn-undo"' in table
    assert re.search(r'class="[^"]*\bundo-to\b[^"]*" id="undo-to-1"', table)
    assert "undo-to-" not in phone
    css = (Path(__file__).resolve().parent.parent / "static" / "game.css").read_text()
    assert re.search(r"\.log li \.undo-to \{ opacity: 0;", css)
    assert ".log li:focus-within .undo-to" in css and ".log li:hover .undo-to" in css


def _browser(g: Game, who: str) -> Any:
    token = g.host if who == "host" else g.tokens[who]
    browser = g.client.application.test_client()
    assert browser.get(f"/join/{token}").status_code == 303
    return browser


def test_licence_form_shows_the_printed_prices(client: Any) -> None:
    from companion.rules.catalogue import FISH_MARKETS

    g = Game(client)
    html = g.page("host")
    assert 'id="form-license"' not in html  # a closed panel's forms come when it opens (#16)
    html = _browser(g, "host").get(f"/games/{g.id}/forms/licences?as=host").get_data(as_text=True)
    form = html[html.index('id="form-license"') :]
    form = form[: form.index("</form>")]
    for m in SETUP["fish_markets"]:
        price = FISH_MARKETS[m].license_price
        label = "free" if price == 0 else f"¥{price:,}"
        assert f'<option value="{m}">{FISH_MARKETS[m].en} — {label}</option>' in form


def test_eel_track_moves_relative_from_the_current_space(client: Any) -> None:
    g = Game(client)
    g.act(type="set_track", track="eel", value=7)
    browser = _browser(g, "host")
    html = browser.get(f"/games/{g.id}/forms/values?as=host").get_data(as_text=True)
    form = html[html.index('id="form-track-eel"') :]
    form = form[: form.index("</form>")]
    assert 'name="by" value="1"' in form and 'name="by" value="-2"' in form
    space = html[html.index('id="form-track"') :]
    assert 'name="value" value="7"' in space[: space.index("</form>")]
    r = browser.post(
        f"/games/{g.id}/act", data={"as": "host", "type": "set_track", "track": "eel", "by": "-2"}
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    assert g.history()[0] == "Eel marker set to 5"


def test_final_score_is_one_card_per_player_on_a_phone(client: Any) -> None:
    from pathlib import Path

    names = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumi"]
    g = Game(
        client,
        players=names,
        fish_markets=["mackerel", "tuna", "spider_crab", "eel", "squid", "octopus"],
        external_markets=["ships", "bank", "rentals", "barter", "trading"],
    )
    g.act(type="end_game")
    html = g.page("Bo")
    score = html[html.index('id="final-score"') :]
    cards = score[score.index('class="score-cards"') : score.index("</ol>")]
    assert cards.count('class="score-card"') == 6 and all(n in cards for n in names)
    css = (Path(__file__).resolve().parent.parent / "static" / "game.css").read_text()
    assert ".score-table { display: none; }" in css
    assert re.search(r"@media \(min-width: 48rem\) \{\s*\.score-cards \{ display: none; \}", css)


def test_every_summary_has_a_disclosure_marker() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parent.parent / "static" / "app.css").read_text()
    assert re.search(r'details > summary::before \{[^}]*content: "▸"', css)
    assert "details[open] > summary::before" in css


def test_table_screen_shows_harbors_barrels_and_licence_holders(client: Any) -> None:
    g = Game(client)
    g.act(type="take_license", player="Aiko", market="eel", count=2)
    g.act(type="take_license", player="Bo", market="eel")
    html = g.page("host")
    assert html.count('class="harbor"') == 3
    assert 'data-row="upper"' in html and 'data-row="lower"' in html
    board = html[html.index('id="markets-board"') :]
    board = board[: board.index("</section>")]
    eel = re.search(r'<li class="[^"]*" data-market="eel">(.*?)</li>', board, re.S)
    assert eel is not None
    assert "barrels left" in eel.group(1) or "barrel left" in eel.group(1)
    assert "held by Aiko ×2, Bo" in " ".join(eel.group(1).split())


def test_a_settled_auction_stays_only_until_the_next_action(client: Any) -> None:
    from test_auction_server import Game as AuctionGame

    a = AuctionGame(client)
    aid = a.open("spider_crab", drawn="spider_crab:8")
    assert a.bid("Bo", aid, 500).status_code == 201
    assert a.post(f"/auctions/{aid}/reveal", a.host).status_code == 200
    browser = client.application.test_client()
    assert browser.get(f"/join/{a.host}").status_code == 303

    def table() -> str:
        return str(browser.get(f"/games/{a.id}/table").get_data(as_text=True))

    assert "Last auction" in table()
    a.act(a.host, {"type": "take_loan", "player": "Aiko"})
    html = table()
    assert (
        "Last auction" not in html and '<section class="card auction" id="auction" hidden>' in html
    )


def test_table_chips_and_badges_are_at_least_18px() -> None:
    from pathlib import Path

    css = (Path(__file__).resolve().parent.parent / "static" / "game.css").read_text()
    assert (
        ".page-table .chips li, .page-table .chip, .page-table .badge { font-size: max(18px" in css
    )
