"""Issue #20: history lines that tell the story — amounts and items, in both languages —
and never a secret before the rules reveal it (closed money: only my own Yen)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.web import create_app

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
SETUP = {
    "players": PLAYERS,
    "fish_markets": ["mackerel", "eel", "tuna", "squid", "octopus"],
    "external_markets": ["ships", "bank", "auction", "government"],
    "seed": 7,
}
JA = {"Accept-Language": "ja"}


class Table:
    def __init__(self, app: Any, money: str = "open") -> None:
        self.app = app
        self.c = app.test_client()
        r = self.c.post("/api/games", json={**SETUP, "money": money})
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}

    def act(self, **action: Any) -> dict[str, Any]:
        r = self.c.post(
            f"/api/games/{self.id}/actions",
            json=action,
            headers={"Authorization": f"Bearer {self.host}"},
        )
        assert r.status_code == 201, r.get_json()
        return dict(r.get_json())

    def bid(self, name: str, aid: str, amount: int) -> None:
        r = self.c.post(
            f"/api/games/{self.id}/auctions/{aid}/bids",
            json={"amount": amount},
            headers={"Authorization": f"Bearer {self.tokens[name]}"},
        )
        assert r.status_code in (200, 201), r.get_json()

    def lines(self, who: str = "host", headers: dict[str, str] | None = None) -> list[str]:
        token = self.host if who == "host" else self.tokens[who]
        r = self.c.get(
            f"/api/games/{self.id}/events",
            headers={"Authorization": f"Bearer {token}", **(headers or {})},
        )
        assert r.status_code == 200
        return [row["text"] for row in r.get_json()["events"]]

    def view_lines(self, who: str = "host") -> list[str]:
        token = self.host if who == "host" else self.tokens[who]
        r = self.c.get(f"/api/games/{self.id}", headers={"Authorization": f"Bearer {token}"})
        return [row["text"] for row in r.get_json()["history"]]


@pytest.fixture
def table(app: Any) -> Table:
    return Table(app)


def bank_and_eel(t: Table) -> None:
    t.act(type="next_turn")
    t.act(type="visit", player="Aiko", market="bank", entry="yen", loans=1)
    t.act(type="gain_fish", player="Aiko", fish="eel", count=2)
    t.act(type="visit", player="Aiko", market="eel", entry="ap", sell={"eel": 2}, licenses=1)


def auction(t: Table) -> str:
    bank_and_eel(t)
    t.act(type="next_turn")
    t.act(type="gain_fish", player="Bo", fish="mackerel", count=4)
    t.act(type="visit", player="Bo", market="government", entry="free", right=["mackerel"])
    body = t.act(type="visit", player="Bo", market="auction", entry="ap", lot=["mackerel"] * 3)
    return str(body["auctions"][0])


def test_a_market_visit_says_what_it_did_with_its_amounts(table: Table) -> None:
    bank_and_eel(table)
    lines = table.lines()
    # Bank: ¥100 entry, +¥500 loan.
    assert "Aiko visited Bank: took 1 loan, +¥400" in lines
    # Eel: 2 tokens sold, a licence bought (¥500), the licence payouts; net −¥300.
    assert "Aiko visited Eel: sold 2 Eel for ¥200, took 1 Eel licence, −¥300" in lines
    # The same in the view's history (the table screen's and the phones' pages).
    assert "Aiko visited Bank: took 1 loan, +¥400" in table.view_lines()


def test_the_lines_in_japanese(table: Table) -> None:
    bank_and_eel(table)
    lines = table.lines("host", JA)
    assert "Aikoが「銀行」市場を訪れました：ローンを1枚受ける、+400円" in lines
    eel = next(x for x in lines if x.startswith("Aikoがウナギ市場を訪れました"))
    assert "ウナギを2個売却して200円" in eel and "−300円" in eel, eel
    assert not any("visited" in x or "loan" in x for x in lines), lines


def test_an_external_market_and_the_reveal_tell_every_bid(table: Table) -> None:
    aid = auction(table)
    lines = table.lines()
    assert "Bo visited Government: put Mackerel onto the Government's right place, +¥200" in (lines)
    opened = next(x for x in lines if x.startswith("Bo visited Auction"))
    assert "put up Mackerel, Mackerel, Mackerel" in opened and "−¥200" in opened, opened
    table.bid("Aiko", aid, 200)
    table.bid("Chiyo", aid, 500)
    # Before the reveal no line carries an amount bid.
    before = table.lines()
    assert not any("¥500" in x or "¥600" in x for x in before), before
    table.bid("Daichi", aid, 600)
    lines = table.lines()
    assert "Bids revealed: Daichi wins with ¥600 — Aiko ¥200, Chiyo ¥500, Daichi ¥600" in lines
    ja = table.lines("Bo", JA)
    assert "入札が公開されました：Daichiが600円で落札 — Aiko 200円、Chiyo 500円、Daichi 600円" in ja


def test_an_undo_line_tells_the_same_story_and_survives_a_restart(tmp_path: Any) -> None:
    db = str(tmp_path / "restart.sqlite3")
    app = create_app({"TESTING": True, "DATABASE": db})
    t = Table(app)
    bank_and_eel(t)
    r = t.c.post(f"/api/games/{t.id}/undo", json={}, headers={"Authorization": f"Bearer {t.host}"})
    assert r.status_code == 200, r.get_json()
    lines = t.lines()
    assert lines[0] == "Undo: Aiko visited Eel: sold 2 Eel for ¥200, took 1 Eel licence, −¥300"
    shutdown = app.extensions.get("companion.shutdown")
    if shutdown:
        shutdown()
    again = create_app({"TESTING": True, "DATABASE": db})
    t.app, t.c = again, again.test_client()
    assert t.lines() == lines
    shutdown = again.extensions.get("companion.shutdown")
    if shutdown:
        shutdown()


def test_closed_money_lines_show_only_my_own_yen(app: Any) -> None:
    t = Table(app, money="closed")
    bank_and_eel(t)
    mine = t.lines("Aiko")
    assert "Aiko visited Bank: took 1 loan, +¥400" in mine
    assert "Aiko visited Eel: sold 2 Eel for ¥200, took 1 Eel licence, −¥300" in mine
    for who in ("host", "Bo"):
        theirs = t.lines(who)
        assert "Aiko visited Bank: took 1 loan" in theirs, theirs
        assert "Aiko visited Eel: sold 2 Eel, took 1 Eel licence" in theirs, theirs
        assert not any("¥" in x for x in theirs if x.startswith("Aiko visited")), theirs


def test_fishing_says_what_the_boats_did(table: Table) -> None:
    table.act(type="next_turn")
    table.act(type="fishing", player="Aiko", boats=[{"boat": "b1", "do": "undock"}])
    assert table.lines()[0] == (
        "Aiko went fishing: the One-slot ship left the leftmost port for the sea"
    )
    assert table.lines("host", JA)[0] == (
        "Aikoが「漁業」アクションを行いました：1スロット漁船が一番左の停泊所から出港"
    )


def test_an_auction_opened_at_the_table_names_its_kind_without_a_wrong_article(
    table: Table,
) -> None:
    """The line used to read "Aiko opened a Auction market" (and "a Overseas auction"): it
    names the kind first now, whatever it is."""
    table.act(type="gain_fish", player="Aiko", fish="mackerel", count=2)
    r = table.c.post(
        f"/api/games/{table.id}/auctions",
        json={"kind": "auction_market", "owner": "Aiko", "lot": ["mackerel", "mackerel"]},
        headers={"Authorization": f"Bearer {table.host}"},
    )
    assert r.status_code == 201, r.get_json()
    assert "Auction market opened by Aiko: Mackerel, Mackerel" in table.lines(), table.lines()
    assert not any(" opened a " in x for x in table.lines()), table.lines()
    assert any(x.startswith("Aikoが") for x in table.lines(headers=JA)), table.lines(headers=JA)
