"""The live stream, against the real server process (issue #16).

An update is the viewer's whole live part, exactly what a reload of #live shows; a
page's own stream starts from the version the page shows (``since``), so it sends
nothing until something changes. Closed money stays closed in every event, a revoked
link's stream is told so, and a viewer's fourth stream pushes out the oldest.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from support import SSE, LiveServer, start_server

pytestmark = pytest.mark.server

TIMEOUT = 10
PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi", "Emi", "Fumio"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    srv = start_server(tmp_path_factory.mktemp("live-diff") / "live.sqlite3")
    try:
        yield srv
    finally:
        srv.stop()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(server: LiveServer, **settings: Any) -> dict[str, Any]:
    r = requests.post(
        f"{server.url}/api/games",
        timeout=TIMEOUT,
        json={"players": PLAYERS, "money": "open", **settings},
    )
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def act(
    server: LiveServer, game: dict[str, Any], body: dict[str, Any], token: str | None = None
) -> int:
    r = requests.post(
        f"{server.url}/api/games/{game['id']}/actions",
        json=body,
        headers=auth(token or game["host_token"]),
        timeout=TIMEOUT,
    )
    assert r.status_code == 201, r.text
    return int(r.json()["seq"])


def pay(server: LiveServer, game: dict[str, Any], payer: str, payee: str, amount: int) -> int:
    return act(server, game, {"type": "pay", "from": payer, "to": payee, "amount": amount})


def streams_of(server: LiveServer, game: dict[str, Any]) -> dict[str, SSE]:
    """One stream per viewer (no page behind them: each starts with its whole page)."""
    out = {"host": SSE(server.port, f"/games/{game['id']}/stream?as=host", game["host_token"])}
    for seat in game["seats"]:
        out[seat["name"]] = SSE(server.port, f"/games/{game['id']}/stream?as=seat", seat["token"])
    for s in out.values():
        assert s.status == 200
    return out


def settle(stream: SSE, quiet: float = 0.6) -> None:
    """Read updates until none comes for ``quiet`` seconds (phones coming and going)."""
    while True:
        try:
            stream.next_update(timeout=quiet)
        except TimeoutError:
            return


def live_of(server: LiveServer, game: dict[str, Any], viewer: str, token: str) -> str:
    """The inside of the viewer's #live as a reload (the polling fallback) gives it."""
    role = "host" if viewer == "host" else "seat"
    r = requests.get(
        f"{server.url}/games/{game['id']}/live?as={role}", headers=auth(token), timeout=TIMEOUT
    )
    assert r.status_code == 200, r.text
    return r.text


def without_times(html_text: str) -> str:
    """The history's clock (seconds) is the only part of #live a reload may render
    differently a second later."""
    return re.sub(r"\d\d:\d\d:\d\d", "hh:mm:ss", html_text)


def test_a_payment_sends_every_viewer_its_whole_live_part_as_a_reload_shows_it(
    server: LiveServer,
) -> None:
    game = new_game(server)
    for i, name in enumerate(PLAYERS):  # a game under way: every player has some history
        pay(server, game, "supply", name, 100 * (i + 1))
    tokens = {"host": game["host_token"], **{s["name"]: s["token"] for s in game["seats"]}}
    streams = streams_of(server, game)
    try:
        for s in streams.values():
            seq, first = s.update()  # no page behind it: the whole live part, once
            assert 'id="seen-version"' in first and 'id="turn"' in first
        settle(streams["host"])
        for payer, payee in (("Aiko", "Bo"), ("supply", "Chiyo")):
            seq = pay(server, game, payer, payee, 300)
            for viewer, s in streams.items():
                got, data = s.update(at_least=seq)
                assert got == seq, viewer
                # One event, the viewer's whole live part: exactly what a reload shows.
                assert without_times(data.strip()) == without_times(
                    live_of(server, game, viewer, tokens[viewer]).strip()
                ), viewer
                assert f'id="h-{seq}"' in data
            assert "¥" in streams[payee].updates[-1][1]
    finally:
        for s in streams.values():
            s.close()


def page_state(page: str) -> tuple[int, str]:
    """The version a page shows (#seen-version) and its stream's address."""
    seen = re.search(r'id="seen-version" name="expected_seq" value="(\d+)"', page)
    stream = re.search(r'id="live" data-stream="([^"]+)"', page)
    assert seen and stream, page[:500]
    return int(seen.group(1)), html.unescape(stream.group(1))


def test_the_first_event_after_a_page_load_sends_nothing_when_nothing_changed(
    server: LiveServer,
) -> None:
    game = new_game(server)
    pay(server, game, "supply", "Bo", 500)
    with requests.Session() as table, requests.Session() as aiko:
        assert table.get(f"{server.url}/join/{game['host_token']}", timeout=TIMEOUT).ok
        assert aiko.get(game["seats"][0]["join_url"], timeout=TIMEOUT).ok
        pages = {
            "host": table.get(f"{server.url}/games/{game['id']}/table", timeout=TIMEOUT),
            "Aiko": aiko.get(f"{server.url}/games/{game['id']}/seat", timeout=TIMEOUT),
        }
        tokens = {"host": game["host_token"], "Aiko": game["seats"][0]["token"]}
        streams: dict[str, SSE] = {}
        try:
            for viewer, r in pages.items():
                assert r.status_code == 200
                version, url = page_state(r.text)
                assert version == 1
                streams[viewer] = SSE(server.port, f"{url}&since={version}", tokens[viewer])
            # Nothing changed for the phone since its page: no event at all. The table
            # screen, which shows who is connected, gets its live part once: Aiko is on.
            with pytest.raises(TimeoutError):
                streams["Aiko"].next_update(timeout=1.0)
            seq, data = streams["host"].update()
            while "Aiko ●" not in data:  # its first, then Aiko's phone connecting
                seq, data = streams["host"].update(timeout=5)
            assert seq == 1
            paid = pay(server, game, "supply", "Chiyo", 200)
            for s in streams.values():
                seq, data = s.update(at_least=paid)
                assert seq == paid and f'id="h-{paid}"' in data
        finally:
            for s in streams.values():
                s.close()


def digits(amount: int) -> re.Pattern[str]:
    """``1700`` or ``1,700`` as a number of its own (not inside a longer number)."""
    return re.compile(rf"(?<![0-9])(?:{amount}|{amount:,})(?![0-9])")


def test_closed_money_never_sends_another_players_yen(server: LiveServer) -> None:
    names = PLAYERS[:4]
    r = requests.post(
        f"{server.url}/api/games", timeout=TIMEOUT, json={"players": names, "money": "closed"}
    )
    assert r.status_code == 201
    game = r.json()
    tokens = {"host": game["host_token"], **{s["name"]: s["token"] for s in game["seats"]}}
    streams: dict[str, SSE] = {}
    try:
        streams["host"] = SSE(server.port, f"/games/{game['id']}/stream?as=host", tokens["host"])
        for s in game["seats"]:
            streams[s["name"]] = SSE(server.port, f"/games/{game['id']}/stream?as=seat", s["token"])
        for s in streams.values():
            s.update()
        # Balances chosen to be unlike any other number on the pages.
        balances: dict[str, set[int]] = {n: {2000} for n in names}
        seen_amounts: dict[str, set[int]] = {v: set() for v in tokens}  # named to them
        steps = [
            ("supply", "Aiko", 3300),
            ("Bo", "supply", 700),
            ("supply", "Chiyo", 1900),
            ("supply", "Daichi", 4100),
            ("Aiko", "Bo", 400),
            ("Chiyo", "Daichi", 500),
        ]
        yen = dict.fromkeys(names, 2000)
        last = 0
        for payer, payee, amount in steps:
            last = pay(server, game, payer, payee, amount)
            for who in (payer, payee):
                if who in yen:
                    yen[who] += amount if who == payee else -amount
                    balances[who].add(yen[who])
                    seen_amounts[who].add(amount)
        last = act(
            server, game, {"type": "gain_fish", "player": "Bo", "fish": "mackerel", "count": 2}
        )
        last = act(server, game, {"type": "next_turn"})
        r = requests.post(
            f"{server.url}/api/games/{game['id']}/undo",
            headers=auth(tokens["host"]),
            timeout=TIMEOUT,
        )
        assert r.status_code == 200
        last = int(r.json()["seq"])
        for viewer, s in streams.items():
            s.update(at_least=last)
            own = balances.get(viewer, set())
            secret = {b for name, bs in balances.items() if name != viewer for b in bs}
            # What the viewer may see: its own Yen, how far it is from ¥5,000, the payments
            # it took part in.
            secret -= own | {5000 - b for b in own} | seen_amounts[viewer]
            assert secret
            for seq, data in s.updates:
                text = re.sub(r"<svg.*?</svg>", "QR", data)  # its drawing is figures too
                for amount in secret:
                    assert not digits(amount).search(text), (viewer, seq, amount)
        # The phones do get their own Yen live (so the search above could find one).
        assert any("¥5,300" in data for _seq, data in streams["Aiko"].updates)
    finally:
        for s in streams.values():
            s.close()


def test_a_revoked_seat_stream_is_signed_out_within_seconds(server: LiveServer) -> None:
    game = new_game(server)
    stream = SSE(server.port, f"/games/{game['id']}/stream?as=seat", game["seats"][1]["token"])
    try:
        stream.update()
        started = time.monotonic()
        r = requests.post(
            f"{server.url}/api/games/{game['id']}/seats/1/reissue",
            headers=auth(game["host_token"]),
            timeout=TIMEOUT,
        )
        assert r.status_code == 200, r.text
        event = stream.next_signal(timeout=5)
        assert event.get("event") == "signed-out"
        with pytest.raises(EOFError):  # and the stream ends
            stream.next_event(timeout=5)
        assert time.monotonic() - started < 5
    finally:
        stream.close()


def test_a_fourth_stream_of_one_viewer_replaces_the_oldest(server: LiveServer) -> None:
    game = new_game(server)
    path, token = f"/games/{game['id']}/stream?as=seat", game["seats"][0]["token"]
    streams = []
    try:
        for _ in range(3):
            streams.append(SSE(server.port, path, token))
            streams[-1].update()
        fourth = SSE(server.port, path, token)
        streams.append(fourth)
        fourth.update()
        event = streams[0].next_signal(timeout=5)
        assert event.get("event") == "replaced"
        with pytest.raises(EOFError):
            streams[0].next_event(timeout=5)
        seq = pay(server, game, "supply", "Aiko", 100)
        for s in streams[1:]:  # the three newest stay live
            assert s.update(at_least=seq)[0] == seq
    finally:
        for s in streams:
            s.close()


def test_the_reveal_is_marked_for_the_page_and_announced(server: LiveServer) -> None:
    game = new_game(server, fish_markets=["mackerel", "tuna", "eel", "squid", "salmon", "fugu"])
    seats = {s["name"]: s["token"] for s in game["seats"]}
    r = requests.post(
        f"{server.url}/api/games/{game['id']}/auctions",
        timeout=TIMEOUT,
        headers=auth(game["host_token"]),
        json={"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
    )
    assert r.status_code == 201, r.text
    aid = r.json()["auction_id"]
    streams = streams_of(server, game)
    try:
        for s in streams.values():
            s.update()
        settle(streams["host"])
        for i, name in enumerate(PLAYERS):
            r = requests.post(
                f"{server.url}/api/games/{game['id']}/auctions/{aid}/bids",
                headers=auth(seats[name]),
                json={"amount": 100 * i},
                timeout=TIMEOUT,
            )
            assert r.status_code == 201, r.text
        revealed = int(r.json()["seq"])
        for viewer, s in streams.items():
            seq, data = s.update(at_least=revealed)
            assert re.search(r'data-status="(revealed|settled)"', data), viewer
            assert re.search(r'data-reveal="[^"]+:(revealed|settled)"', data), viewer
            said = re.search(r'<div id="announce"[^>]*>([^<]*)</div>', data)
            assert said and said.group(1).startswith("Bids revealed: Aiko ¥0, Bo ¥100"), data
    finally:
        for s in streams.values():
            s.close()


def test_pages_and_the_stream_are_compressed_and_static_files_keep(server: LiveServer) -> None:
    game = new_game(server)
    with requests.Session() as http:
        http.headers["Accept-Encoding"] = "gzip"
        assert http.get(f"{server.url}/join/{game['host_token']}", timeout=TIMEOUT).ok
        page = http.get(f"{server.url}/games/{game['id']}/table", timeout=TIMEOUT)
        assert page.status_code == 200
        assert page.headers["Content-Encoding"] == "gzip"
        assert 'id="live"' in page.text
        # The stream is compressed too, by its own compressor, flushed after every event
        # (each leaves when it is written: tests/test_live_compress.py).
        with http.get(
            f"{server.url}/games/{game['id']}/stream?as=host", stream=True, timeout=TIMEOUT
        ) as stream:
            assert stream.status_code == 200
            assert stream.headers["Content-Encoding"] == "gzip"
        # Versioned addresses (a content hash, or a version in the file's name) are kept
        # for a year; the bare name only for the default hour.
        scripts = re.findall(r'src="(/static/[^"]+)"', page.text)
        assert any("game.js?v=" in s for s in scripts), scripts
        for src in scripts:
            r = http.get(server.url + html.unescape(src), timeout=TIMEOUT)
            assert r.status_code == 200
            assert "immutable" in r.headers["Cache-Control"], (src, r.headers)
            assert "max-age=31536000" in r.headers["Cache-Control"]
            assert not re.search(r"[0-9]", src.split("?v=")[-1]) or "?v=" not in src
        plain = http.get(f"{server.url}/static/game.js", timeout=TIMEOUT)
        assert "immutable" not in plain.headers.get("Cache-Control", "")
        stale = http.get(f"{server.url}/static/game.js?v=old", timeout=TIMEOUT)
        assert "immutable" not in stale.headers.get("Cache-Control", "")
