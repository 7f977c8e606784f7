"""Issue #22, items 1 and 4, through the Flask test client on a real SQLite file.

1. At the end of a game (the board game and the card game) the phones, the table screen
   and the report page link the play to BG Stats: the link's JSON, decoded, is the final
   score; the same play is there as text. Nothing of it before the end.
4. The report page's replay: the fragment for entry N shows the table as it was right
   after entry N (checked against the state the store held at that version, undo and redo
   included), Yen as the public view shows them (closed money: none while the game runs),
   for an imported game too.
"""

from __future__ import annotations

import html
import json
import re
from datetime import datetime
from typing import Any
from urllib.parse import unquote

from test_cardgame_server import NEW
from test_cardgame_server import Game as CardGame
from test_game_scenario import DoorGame
from test_story import AUCTION_SETUP, CLOSED_YEN, A, B, C, closed_game, figures, sealed_auction

from companion.play_log import logged_play
from companion.rules.table import Table

JA = {"Accept-Language": "ja-JP,ja;q=0.9"}
BGSTATS = "https://app.bgstatsapp.com/createPlay.html?data="


def parts(app: Any) -> tuple[Any, Any]:
    return app.extensions["companion.store"], app.extensions["companion.door"]


def page(app: Any, token: str, path: str, headers: dict[str, str] | None = None) -> str:
    device = app.test_client()
    device.get(f"/join/{token}")
    r = device.get(path, headers=headers or {})
    assert r.status_code == 200, path
    return str(r.get_data(as_text=True))


def the_play(text: str) -> dict[str, Any]:
    """The JSON of the page's BG Stats link, decoded."""
    links = re.findall(r'href="(https://app\.bgstatsapp\.com/[^"]*)"', text)
    assert links, "no BG Stats link"
    url = html.unescape(links[0])
    assert url.startswith(BGSTATS)
    return dict(json.loads(unquote(url[len(BGSTATS) :])))


def the_text(text: str) -> str:
    m = re.search(r'<textarea readonly[^>]*id="play-text-[a-z]+">(.*?)</textarea>', text, re.S)
    assert m, "no text of the play"
    return html.unescape(m.group(1))


def minutes(state: Any) -> int:
    first = datetime.fromisoformat(state.events[0].created_at)
    last = datetime.fromisoformat(state.events[-1].created_at)
    return round((last - first).total_seconds() / 60)


def finished_game(store: Any, door: Any, money: str = "open") -> DoorGame:
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": money, "start_player": 1})
    g.act("host", type="next_turn")  # turn 1, Bo (the start player)
    g.act("host", type="pay", **{"from": "supply", "to": A, "amount": 1300})
    g.act("host", type="next_turn")
    g.act("host", type="end_game")
    assert g.table.turn.finished
    return g


# -- 1. the logged play -----------------------------------------------------------------------


def test_the_board_games_play_for_bg_stats_is_its_final_score(app: Any) -> None:
    store, door = parts(app)
    g = finished_game(store, door)
    state = store.state(g.game_id)
    score = state.table.score()
    pages = {
        "table": page(app, g.host, f"/games/{g.game_id}/table"),
        "phone": page(app, g.seats[C], f"/games/{g.game_id}/seat"),
        "report": page(app, g.host, f"/games/{g.game_id}/report"),
    }
    for where, text in pages.items():
        play = the_play(text)
        assert play["game"] == {"name": "Tokyo Tsukiji Market"}, where
        assert play["playDate"] == state.events[0].created_at[:19] + "+00:00"
        assert play["durationMin"] == minutes(state)
        assert play["players"] == [
            {
                "name": p.name,
                "score": p.final_yen,
                "rank": p.rank,
                "winner": p.name in score.winners,
                "startPlayer": p.name == B,
            }
            for p in score.players
        ]
        assert A in score.winners  # the ¥1,300 from the supply
        assert play["comments"] == (
            f"{A} won with ¥{score.players[0].final_yen:,}. 3 players, 2 turns. "
            "Recorded with Tsukiji Companion."
        )
        lines = the_text(text).splitlines()
        assert lines[0].startswith("Tokyo Tsukiji Market, ")
        assert lines[0].endswith(f", {minutes(state)} min, 3 players")
        ranked = sorted(score.players, key=lambda p: p.rank)
        for line, p in zip(lines[1:4], ranked, strict=True):
            assert line.startswith(f"{p.rank}. {p.name}: ¥{p.final_yen:,}"), line
        assert "(start player)" in next(x for x in lines if f" {B}: " in x)
        assert lines[-1] == play["comments"]


def test_the_play_in_japanese(app: Any) -> None:
    store, door = parts(app)
    g = finished_game(store, door)
    score = store.state(g.game_id).table.score()
    text = page(app, g.seats[A], f"/games/{g.game_id}/seat", JA)
    play = the_play(text)
    assert play["game"]["name"] == "Tokyo Tsukiji Market"  # BG Stats' name of the game
    assert play["comments"].startswith(f"{A}の勝利（{score.players[0].final_yen:,}円）。")
    assert '<span lang="en">BG Stats</span>にこのプレイを記録' in text
    assert the_text(text).startswith("TOKYO TSUKIJI MARKET、")
    summary = the_text(text)
    assert f"1位 {A}：{score.players[0].final_yen:,}円（勝者）" in summary
    assert "スタートプレイヤー" in summary


def test_nothing_of_the_play_before_the_end(app: Any) -> None:
    store, door = parts(app)
    g = closed_game(store, door)  # closed money, in play
    assert logged_play(store.state(g.game_id), "en") is None
    for token, path in (
        (g.host, f"/games/{g.game_id}/table"),
        (g.seats[A], f"/games/{g.game_id}/seat"),
        (g.host, f"/games/{g.game_id}/report"),
        (g.seats[B], f"/games/{g.game_id}/report"),
    ):
        text = page(app, token, path)
        assert "bgstatsapp" not in text and "play-text" not in text, path
    g.act("host", type="end_game")
    assert the_play(page(app, g.host, f"/games/{g.game_id}/table"))["players"]


def test_the_card_games_play_for_bg_stats_is_its_final_score(app: Any, client: Any) -> None:
    g = CardGame(client, {**NEW, "players": [A, B], "notches": 9})
    text = page(app, g.host, f"/games/{g.id}/table")
    assert "bgstatsapp" not in text
    for _ in range(4):
        g.round(2, 1)
        assert g.take(A, knife=True).status_code == 201
    s = g.state()
    assert s["finished"] and s["winners"] == [A]
    store, _ = parts(app)
    state = store.state(g.id)
    for token, path in ((g.host, f"/games/{g.id}/table"), (g.b, f"/games/{g.id}/seat")):
        text = page(app, token, path)
        play = the_play(text)
        assert play["game"] == {"name": "Tsukiji Market"}
        assert play["durationMin"] == minutes(state)
        assert play["players"] == [
            {
                "name": p["name"],
                "score": p["score"]["total"],
                "rank": 1 if p["name"] == A else 2,
                "winner": p["name"] == A,
                "startPlayer": False,
            }
            for p in s["players"]
        ]
        assert play["comments"] == f"{A} won with 4 Quick Knives. Recorded with Tsukiji Companion."
        summary = the_text(text)
        assert f"1. {A}: {s['players'][0]['score']['total']} points (winner)" in summary


# -- 4. the replay ------------------------------------------------------------------------------


def replay(device: Any, game_id: str, n: int, role: str = "host") -> str:
    r = device.get(f"/games/{game_id}/report/replay/{n}?as={role}")
    assert r.status_code == 200, r.get_data(as_text=True)
    return str(r.get_data(as_text=True))


def cells(fragment: str, attr: str) -> dict[str, list[str]]:
    """The rows of a replay table by their data-* key: each cell's text."""
    out = {}
    for key, row in re.findall(rf'<tr {attr}="([^"]+)">(.*?)</tr>', fragment, re.S):
        out[key] = [
            re.sub(r"<[^>]+>|\s+", " ", html.unescape(c)).strip()
            for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
    return out


def expected(table: Table, yen_shown: bool) -> tuple[dict[str, tuple[str, str]], dict[str, Any]]:
    players = {
        p.name: (f"¥{p.yen:,}" if yen_shown else "hidden", str(r))
        for p, r in zip(table.players, table.resources(), strict=True)
    }
    markets = {
        m: [
            str(table.board_licenses.get(m, "–")),
            str(
                table.values.red_snapper_remaining
                if m == "red_snapper"
                else table.board_tokens.get(m, "–")
            ),
        ]
        for m in table.config.fish_markets
    }
    return players, markets


def shown(fragment: str) -> tuple[dict[str, tuple[str, str]], dict[str, Any]]:
    players = {k: (v[1], v[2]) for k, v in cells(fragment, "data-player").items()}
    markets = {k: v[1:] for k, v in cells(fragment, "data-market").items()}
    return players, markets


def recorded_game(store: Any, door: Any, money: str = "open") -> tuple[DoorGame, list[Any]]:
    """A game with an auction undone and redone, a payment undone for good, and the end;
    with the store's state after every entry (the table as it was then)."""
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": money})
    states = [store.state(g.game_id)]

    def keep() -> None:
        now = store.state(g.game_id)
        while len(states) <= now.version:  # an auction records several entries
            states.append(None)
        states[now.version] = now

    g.act("host", type="next_turn")
    keep()
    g.act(A, type="take_license", player=A, market="tuna")
    keep()
    sealed_auction(door, g, "tuna", A, {A: 300, B: 700, C: 500})
    keep()
    g.undo()
    keep()
    g.redo()
    keep()
    g.act("host", type="pay", **{"from": "supply", "to": B, "amount": 900})
    keep()
    g.undo()
    keep()
    g.act("host", type="next_turn")
    keep()
    g.act("host", type="end_game")
    keep()
    return g, states


def test_the_replay_at_entry_n_is_the_table_as_it_was_after_entry_n(app: Any) -> None:
    store, door = parts(app)
    g, states = recorded_game(store, door)
    final = store.state(g.game_id)
    device = app.test_client()
    device.get(f"/join/{g.host}")
    checked = 0
    for n, then in enumerate(states):
        if then is None:
            continue
        fragment = replay(device, g.game_id, n)
        assert f'data-n="{n}"' in fragment and f'data-total="{final.version}"' in fragment
        assert shown(fragment) == expected(then.table, True), n
        checked += 1
    assert checked >= 8
    # The undone payment was on the table right after it (Bo's ¥900), not after its undo.
    pay = next(e.seq for e in final.events if e.type == "pay")
    assert (
        shown(replay(device, g.game_id, pay))[0][B][0] == f"¥{states[pay].table.players[1].yen:,}"
    )
    assert states[pay].table.players[1].yen == states[pay + 1].table.players[1].yen + 900
    # Each step says the line that made it; 0 is the setup; past the end is the end.
    assert "Setup" not in replay(device, g.game_id, 0)
    assert "The table as set up, before the first entry." in replay(device, g.game_id, 0)
    line = re.search(r'id="replay-line">(.*?)</p>', replay(device, g.game_id, pay), re.S)
    assert line and "900" in html.unescape(line.group(1))
    assert f'data-n="{final.version}"' in replay(device, g.game_id, 10_000)


def test_the_report_page_has_the_scrubber_at_the_newest_entry(app: Any) -> None:
    store, door = parts(app)
    g, _ = recorded_game(store, door)
    final = store.state(g.game_id)
    text = page(app, g.seats[A], f"/games/{g.game_id}/report")
    assert re.search(
        rf'<input type="range" id="replay-range" min="0" max="{final.version}" '
        rf'value="{final.version}"',
        text,
    )
    assert f'data-url="/games/{g.game_id}/report/replay/0?as=seat"' in text
    assert shown(text) == expected(final.table, True)


def test_closed_money_the_replay_hides_every_yen_while_the_game_runs(app: Any) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    total = store.state(g.game_id).version
    for token, role in ((g.host, "host"), (g.seats[A], "seat"), (g.seats[B], "seat")):
        device = app.test_client()
        device.get(f"/join/{token}")
        for n in range(total + 1):
            fragment = replay(device, g.game_id, n, role)
            assert not any(figures(yen).search(fragment) for yen in CLOSED_YEN.values()), n
            assert not re.search(r"¥[0-9]", fragment), (role, n)
            assert "Closed money: the Yen stay hidden until the game ends." in fragment
    # Once the game has ended, every Yen of every entry is public.
    g.act("host", type="end_game")
    device = app.test_client()
    device.get(f"/join/{g.host}")
    fragment = replay(device, g.game_id, total)
    for name, yen in CLOSED_YEN.items():
        assert shown(fragment)[0][name][0] == f"¥{yen:,}"


def test_the_replay_of_an_imported_game(app: Any, client: Any) -> None:
    store, door = parts(app)
    g, states = recorded_game(store, door)
    client.get(f"/join/{g.host}")
    doc = json.loads(client.get(f"/games/{g.game_id}/export.json?as=host").data)
    r = client.post("/api/games/import", data=json.dumps(doc), content_type="application/json")
    assert r.status_code == 201, r.get_json()
    made = r.get_json()
    device = app.test_client()
    device.get(f"/join/{made['host_token']}")
    for n, then in enumerate(states):
        if then is not None:
            assert shown(replay(device, made["id"], n)) == expected(then.table, True), n


def test_the_replay_refuses_in_a_sentence_never_a_500(app: Any, client: Any) -> None:
    g = CardGame(client, {**NEW, "players": [A, B], "notches": 9})
    device = app.test_client()
    device.get(f"/join/{g.host}")
    r = device.get(f"/games/{g.id}/report/replay/1?as=host")
    assert r.status_code == 404
    assert "This is a game of Tsukiji Market, the card game" in r.get_data(as_text=True)
    assert client.get("/games/nope/report/replay/1").status_code == 404
    store, door = parts(app)
    board = DoorGame(store, door, AUCTION_SETUP)
    assert client.get(f"/games/{board.game_id}/report/replay/-1").status_code == 404
    assert client.get(f"/games/{board.game_id}/report/replay/x").status_code == 404


# -- 2. this server's league ---------------------------------------------------------------------


def league_games(store: Any, door: Any) -> list[Any]:
    """Three finished games, Bo written three ways ("Bo", "bo", "Bob"), and one game in
    play that does not count."""
    spelled = [[A, B, C], [A, "bo", C], ["Bob", A, C]]
    out = []
    for i, names in enumerate(spelled):
        g = DoorGame(store, door, {**AUCTION_SETUP, "players": names, "seed": 11 + i})
        g.act("host", type="next_turn")
        winner = names[i]  # each game another winner: Aiko, bo, Chiyo
        if i == 2:
            winner = C
        g.act("host", type="pay", **{"from": "supply", "to": winner, "amount": 1000 * (i + 1)})
        g.act("host", type="end_game")
        out.append(store.state(g.game_id))
    running = DoorGame(store, door, {**AUCTION_SETUP, "players": [A, B, "Dai"]})
    running.act("host", type="next_turn")
    return out


def league_rows(text: str) -> dict[str, list[str]]:
    return cells(text, "data-player")


def test_the_league_of_three_finished_games_with_a_merged_name(app: Any, client: Any) -> None:
    store, door = parts(app)
    games = league_games(store, door)
    finals = [{p.name.casefold(): p for p in s.table.score().players} for s in games]
    text = client.get("/league").get_data(as_text=True)
    assert "Finished games: 3" in text
    rows = league_rows(text)
    assert set(rows) == {"aiko", "bo", "bob", "chiyo"}  # "Bo" and "bo" are one; Dai never ended
    assert rows["bo"][1:3] == ["2", "1"]  # two games, one won
    assert rows["bob"][1:3] == ["1", "0"]
    yen = [finals[0]["bo"].final_yen, finals[1]["bo"].final_yen]
    assert rows["bo"][3] == f"¥{round(sum(yen) / 2):,}"
    assert rows["aiko"][1:3] == ["3", "1"]
    assert rows["chiyo"][1:3] == ["3", "1"]
    # Merge "Bob" into Bo: one player, three games.
    merged = client.get("/league", query_string={"merge": "Bob", "into": "Bo"})
    text = merged.get_data(as_text=True)
    rows = league_rows(text)
    assert set(rows) == {"aiko", "bo", "chiyo"}
    assert rows["bo"][1:3] == ["3", "1"]
    yen.append(finals[2]["bob"].final_yen)
    assert rows["bo"][3] == f"¥{round(sum(yen) / 3):,}"
    assert "also written" in rows["bo"][0] and "Bob" in rows["bo"][0]
    best = max(yen)
    assert f"¥{best:,}" in rows["bo"][4]
    assert "Merged: Bob → Bo" in html.unescape(text)
    # The chart's data is the table's.
    m = re.search(r'<script type="application/json" class="story-data">(.*?)</script>', text, re.S)
    assert m
    chart = json.loads(html.unescape(m.group(1)))["charts"]["league"]
    assert chart["datasets"][0]["data"][chart["labels"].index("Bo")] == round(sum(yen) / 3)
    # In Japanese, and never a 500 for odd merges.
    ja = client.get("/league", headers=JA).get_data(as_text=True)
    assert "このサーバーのリーグ" in ja and "終了したゲーム：3" in ja
    for query in ({"merge": "x" * 5000, "into": ""}, {"merge": ["a", "b"], "into": ["b", "a"]}):
        assert client.get("/league", query_string=query).status_code == 200


def test_the_league_with_no_finished_game(client: Any) -> None:
    assert 'href="/league"' in client.get("/").get_data(as_text=True)
    text = client.get("/league").get_data(as_text=True)
    assert "No game on this server has finished yet." in text


# -- 3. the table screen speaks ------------------------------------------------------------------


def moments(text: str) -> dict[str, str]:
    m = re.search(r'<ul id="speak" hidden>(.*?)</ul>', text, re.S)
    if not m:
        return {}
    return {
        k: html.unescape(v) for k, v in re.findall(r'<li data-key="([^"]+)">(.*?)</li>', m.group(1))
    }


def test_the_table_screens_big_moments_and_never_a_phones(app: Any) -> None:
    store, door = parts(app)
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": "closed"})
    table = f"/games/{g.game_id}/table"
    assert moments(page(app, g.host, table)) == {}
    g.act("host", type="next_turn")
    assert moments(page(app, g.host, table)) == {"turn:1:0": f"Turn 1: {A}'s turn."}
    g.act(A, type="take_license", player=A, market="tuna")
    tuna = sealed_auction(door, g, "tuna", A, {A: 300, B: 700, C: 500})
    said = moments(page(app, g.host, table))
    result = said[f"auction:{tuna}:settled"]
    assert B in result and "700" in result  # the bids are public from the reveal on
    g.act("host", type="end_game")
    text = page(app, g.host, table)
    winners = store.state(g.game_id).table.score().winners
    assert moments(text)["end"] == f"The game is over. The winner is {winners[0]}."
    assert 'id="speak-toggle" aria-pressed="false"' in text
    # A phone has none of it; in Japanese the table says it in Japanese.
    phone = page(app, g.seats[A], f"/games/{g.game_id}/seat")
    assert 'id="speak"' not in phone and "speak-toggle" not in phone
    ja = moments(page(app, g.host, table, JA))
    assert ja["end"] == f"ゲーム終了。勝者は{winners[0]}です。"


def test_a_sealed_bid_is_never_said_aloud(app: Any) -> None:
    store, door = parts(app)
    g = DoorGame(store, door, {**AUCTION_SETUP, "money": "closed"})
    g.act("host", type="next_turn")
    g.act(A, type="take_license", player=A, market="tuna")
    aid = str(
        door.server_move(g.game_id, g.host, "open_auction", {"kind": "tuna", "owner": A}).data["id"]
    )
    door.seal(g.game_id, g.seats[B], "bids", aid, 900)
    said = moments(page(app, g.host, f"/games/{g.game_id}/table"))
    assert said[f"auction:{aid}:open"] == f"{A} opens an auction: Tuna auction."
    assert not any("900" in text for text in said.values())
