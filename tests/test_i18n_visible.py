"""Issue #21, "Visible mistakes": what a Japanese table saw wrong in one evening. A free
licence read 「空き」 (the msgid "free" was shared with the empty License space chip); the
history named the table screen "host"; a tie's buttons read as a result (「あいこの勝利」)
where they are an action; the free moves read 「無料の行動」 although opening a port costs
500円; the history's times were UTC."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
JA = {"Accept-Language": "ja-JP,ja;q=0.9"}
EN = {"Accept-Language": "en"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


class Game:
    def __init__(self, client: Any, **settings: Any) -> None:
        body = {
            "players": PLAYERS,
            "money": "open",
            "expansion": True,
            "variants": ["more_markets"],
            "fish_markets": ["mackerel", "eel", "fugu", "spider_crab", "tuna", "salmon"],
            "external_markets": ["ships", "auction", "barter", "bank"],
            "seed": 11,
            **settings,
        }
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.get_json()
        data = r.get_json()
        self.client = client
        self.id: str = data["id"]
        self.host: str = data["host_token"]
        self.seat: dict[str, str] = {s["name"]: s["token"] for s in data["seats"]}

    def post(self, path: str, token: str, body: Any = None) -> Any:
        return self.client.post(f"/api/games/{self.id}{path}", headers=auth(token), json=body)

    def table(self, lang: dict[str, str]) -> str:
        r = self.client.get(f"/games/{self.id}/table", headers={**auth(self.host), **lang})
        assert r.status_code == 200
        return str(r.get_data(as_text=True))

    def panel(self, name: str, lang: dict[str, str]) -> str:
        """A closed panel's forms, as the table screen fetches them when it is opened."""
        url = f"/games/{self.id}/forms/{name}?as=host"
        r = self.client.get(url, headers={**auth(self.host), **lang})
        assert r.status_code == 200
        return str(r.get_data(as_text=True))

    def history(self, lang: dict[str, str]) -> list[dict[str, Any]]:
        r = self.client.get(f"/api/games/{self.id}", headers={**auth(self.host), **lang})
        assert r.status_code == 200
        return list(r.get_json()["history"])

    def tie(self) -> str:
        """A Spider Crab auction that Aiko and Daichi tie at 500円."""
        r = self.post(
            "/auctions",
            self.host,
            {"kind": "spider_crab", "owner": "Chiyo", "drawn": "spider_crab:6"},
        )
        assert r.status_code == 201, r.get_json()
        aid = str(r.get_json()["auction_id"])
        for name in PLAYERS:
            amount = 500 if name in ("Aiko", "Daichi") else 0
            assert (
                self.post(f"/auctions/{aid}/bids", self.seat[name], {"amount": amount}).status_code
                == 201
            )
        return aid


def test_a_free_licence_is_not_a_vacant_space(client: Any) -> None:
    game = Game(client)
    ja = game.table(JA)
    # The licence price list (the Licences panel's form): Fugu's licence costs nothing
    # (the book: 無料で受け取る).
    form = text(game.panel("licences", JA))
    assert "フグ — 無料" in form
    assert "フグ — 空き" not in form
    # The empty License space chips still read 「空き」.
    assert '<li class="empty">空き</li>' in ja
    en = game.table(EN)
    assert "Fugu — free" in text(game.panel("licences", EN))
    assert '<li class="empty">free</li>' in en


def test_a_tie_is_settled_by_an_action_and_the_table_screen_is_named(client: Any) -> None:
    game = Game(client)
    aid = game.tie()
    ja = text(game.table(JA))
    assert "Aikoを落札者に" in ja and "Daichiを落札者に" in ja
    assert "Aikoの勝利" not in ja
    assert "Make Aiko the winner" in text(game.table(EN))
    assert game.post(f"/auctions/{aid}/choose", game.host, {"winner": "Aiko"}).status_code == 200
    ja_lines = [row["text"] for row in game.history(JA)]
    en_lines = [row["text"] for row in game.history(EN)]
    assert "テーブル画面がAikoを選びました：Aikoが500円で落札" in ja_lines
    assert "The table screen chose Aiko: Aiko wins with ¥500" in en_lines
    assert not any("host" in line for line in ja_lines + en_lines)


def test_the_owner_choosing_is_still_named(client: Any) -> None:
    game = Game(client)
    aid = game.tie()
    assert (
        game.post(f"/auctions/{aid}/choose", game.seat["Chiyo"], {"winner": "Daichi"}).status_code
        == 200
    )
    assert "ChiyoがDaichiを選びました：Daichiが500円で落札" in [
        row["text"] for row in game.history(JA)
    ]


def test_a_player_cannot_be_named_as_the_supply_or_the_table_in_japanese(client: Any) -> None:
    for name in ("共通サプライ", "テーブル画面", "ﾃｰﾌﾞﾙ"):
        r = client.post("/api/games", json={"players": ["Aiko", name]}, headers=JA)
        assert r.status_code == 400, (name, r.get_json())
        assert "別の名前" in r.get_json()["error"]


def test_the_free_moves_are_not_called_costless(client: Any) -> None:
    from flask_babel import force_locale, gettext

    with client.application.test_request_context(headers=JA), force_locale("ja"):
        for msgid in ("Free moves", "Back to the free moves"):
            ja = gettext(msgid)
            assert ja != msgid and "無料" not in ja and "アクションとは別" in ja, ja


def test_history_times_are_machine_readable_for_the_browser(client: Any) -> None:
    """Each history entry's time is a <time> with its UTC instant (the page's script
    writes it in the viewer's time zone: tests/browser/test_i18n_layout.py)."""
    game = Game(client)
    game.tie()
    html = game.table(JA)
    stored = [row["at"] for row in game.history(JA)]
    times = re.findall(r'<time datetime="([^"]+)" data-local>(\d\d:\d\d:\d\d)</time>', html)
    assert len(times) == len(stored) > 3
    for instant, shown in times:
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", instant), instant
        assert shown == instant[11:19]
        assert any(at.startswith(instant[:19]) and at.endswith("+00:00") for at in stored)


def test_a_game_files_refusal_names_the_table_screen(app: Any) -> None:
    from companion.gamefile import BadEntry

    for lang, name in (("ja", "テーブル画面"), ("en", "the table screen")):
        with app.test_request_context(headers={"Accept-Language": lang}):
            message = BadEntry(4, "file.not_allowed", actor="host").message
        assert name in message and "host" not in message, message
