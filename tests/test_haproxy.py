"""Beyond one process (issue #23): two ``companion serve`` processes, each owning the games
it creates, behind a real HAProxy running ``deploy/haproxy.cfg``; a game is created and
played through the proxy, its live streams included, and every request of it reaches its
owner only."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import requests
from support import ROOT, SSE, LiveServer, free_port, start_server

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("haproxy") is None,
        reason="needs HAProxy (apt-get install haproxy; .ci/run installs it)",
    ),
]

CONFIG = ROOT / "deploy" / "haproxy.cfg"
PLAYERS = ["Aiko", "Bo", "Chiyo"]
TIMEOUT = 20


@dataclass
class Farm:
    url: str
    port: int
    owners: dict[str, LiveServer]  # prefix -> process
    proxy: subprocess.Popen[str]


def wait_listening(port: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}")


@pytest.fixture(scope="module")
def farm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Farm]:
    """The two processes and the proxy, started once for the module: each test makes its
    own games, and every stream a test opens it closes."""
    tmp_path = tmp_path_factory.mktemp("farm")
    front = free_port()
    public = f"http://127.0.0.1:{front}"
    owners: dict[str, LiveServer] = {}
    proxy: subprocess.Popen[str] | None = None
    try:
        for prefix in ("a1", "b1"):
            extra = ["--id-prefix", prefix, "--proxy", "127.0.0.1", "--public-url", public]
            owners[prefix] = start_server(tmp_path / f"{prefix}.sqlite3", extra=extra)
        env = dict(
            os.environ,
            COMPANION_FRONT=f"127.0.0.1:{front}",
            COMPANION_A=f"127.0.0.1:{owners['a1'].port}",
            COMPANION_B=f"127.0.0.1:{owners['b1'].port}",
        )
        proxy = subprocess.Popen(
            ["haproxy", "-db", "-f", str(CONFIG)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_listening(front, proxy)
        yield Farm(public, front, owners, proxy)
    finally:
        if proxy is not None:
            proxy.terminate()
            try:
                proxy.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proxy.kill()
                proxy.wait()
            if proxy.stdout:
                proxy.stdout.close()
        for server in owners.values():
            server.stop()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(farm: Farm) -> dict[str, Any]:
    r = requests.post(
        f"{farm.url}/api/games", json={"players": PLAYERS, "money": "open"}, timeout=TIMEOUT
    )
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def test_a_game_is_created_and_played_through_haproxy_on_its_owner(farm: Farm) -> None:
    # Creation goes to any process (round robin); each mints ids and links with its prefix.
    games = [create(farm) for _ in range(4)]
    prefixes = {g["id"][:2] for g in games}
    assert prefixes == {"a1", "b1"}, [g["id"] for g in games]
    for game in games:
        prefix = game["id"][:2]
        assert game["host_token"].startswith(prefix)
        for seat in game["seats"]:
            assert seat["token"].startswith(prefix)
            assert seat["join_url"].startswith(f"{farm.url}/join/{prefix}"), seat["join_url"]

    streams: list[SSE] = []
    try:
        one_each = [next(g for g in games if g["id"].startswith(p)) for p in ("a1", "b1")]
        for g, game in enumerate(one_each):
            gid, host = game["id"], game["host_token"]
            # Each device from its own address: the proxy's X-Forwarded-For names it.
            mine = [
                SSE(
                    farm.port,
                    f"/games/{gid}/stream?as={role}",
                    token,
                    timeout=TIMEOUT,
                    source=f"127.0.6.{10 * g + i + 1}",
                )
                for i, (role, token) in enumerate(
                    [("host", host)] + [("seat", s["token"]) for s in game["seats"]]
                )
            ]
            streams += mine
            for s in mine:
                assert s.status == 200, s.status
                assert s.next_update(timeout=TIMEOUT)["id"] == "0"
            for n in range(3):
                r = requests.post(
                    f"{farm.url}/api/games/{gid}/actions",
                    json={"type": "pay", "from": "supply", "to": PLAYERS[n], "amount": 100},
                    headers=auth(host),
                    timeout=TIMEOUT,
                )
                assert r.status_code == 201, r.text
                seq = r.json()["seq"]
                for s in mine:  # through the proxy, at once
                    assert s.wait_for_id(seq, timeout=TIMEOUT)["event"] == "update"
            state = requests.get(f"{farm.url}/api/games/{gid}", headers=auth(host), timeout=TIMEOUT)
            assert state.status_code == 200 and state.json()["seq"] == 3

            # A phone opens its join link through the proxy and gets its page.
            phone = requests.Session()
            page = phone.get(game["seats"][1]["join_url"], timeout=TIMEOUT)
            assert page.status_code == 200, page.text[:300]
            assert f"/games/{gid}/" in page.url
            table = requests.get(
                f"{farm.url}/games/{gid}/table", headers=auth(host), timeout=TIMEOUT
            )
            assert table.status_code == 200

            # The game lives on its owner only.
            for prefix, server in farm.owners.items():
                direct = requests.get(
                    f"{server.url}/api/games/{gid}", headers=auth(host), timeout=TIMEOUT
                )
                assert direct.status_code == (200 if gid.startswith(prefix) else 404), prefix
    finally:
        for s in streams:
            s.close()
    assert farm.proxy.poll() is None
    for server in farm.owners.values():
        assert server.process.poll() is None, server.captured


def test_a_game_created_from_the_new_game_page_comes_back_to_its_owner(farm: Farm) -> None:
    """The HTML form: POST /games goes to any process, whose redirect names a game it
    owns; following it through the proxy opens the table screen."""
    browser = requests.Session()
    seen = set()
    for _ in range(2):
        r = browser.post(
            f"{farm.url}/games",
            data={"player": PLAYERS, "money": "open", "seed": "7"},
            headers={"Origin": farm.url},
            timeout=TIMEOUT,
            allow_redirects=False,
        )
        assert r.status_code in (302, 303), r.text[:500]
        where = r.headers["Location"]
        gid = where.split("/games/", 1)[1].split("/", 1)[0]
        seen.add(gid[:2])
        page = browser.get(f"{farm.url}/games/{gid}/table", timeout=TIMEOUT)
        assert page.status_code == 200
    assert seen == {"a1", "b1"}


def test_each_device_behind_the_proxy_is_bounded_by_its_own_address(farm: Farm) -> None:
    """The processes see every device's address in the proxy's X-Forwarded-For (--proxy):
    80 devices, 40 or so on each process, all get their streams (were the proxy's address
    taken for theirs, each process would give it its 32, issue #17); and one device
    holding streams in many games is still held to its 32."""
    games = [create(farm) for _ in range(20)]
    streams: list[SSE] = []
    try:
        n = 0
        for game in games:
            for role, token in [("host", game["host_token"])] + [
                ("seat", s["token"]) for s in game["seats"]
            ]:
                n += 1
                path = f"/games/{game['id']}/stream?as={role}"
                s = SSE(farm.port, path, token, timeout=TIMEOUT, source=f"127.0.7.{n}")
                streams.append(s)
                assert s.status == 200, f"device {n}: {s.status}"
        assert n == 80
        greedy = []
        for i in range(80):  # one address, two viewers' worth of streams in every game
            game = games[i % 20]
            token = game["seats"][i // 20 % 3]["token"]
            s = SSE(
                farm.port,
                f"/games/{game['id']}/stream?as=seat",
                token,
                timeout=TIMEOUT,
                source="127.0.8.1",
            )
            streams.append(s)
            greedy.append(s.status)
        assert greedy.count(200) <= 2 * 32, greedy.count(200)  # at most 32 on each process
    finally:
        for s in streams:
            s.close()
