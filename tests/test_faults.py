"""Faults the host and the players must be told about (issue #7, "Trust").

At start, `companion serve` is the real process: a database it cannot use, or a port or
address it cannot listen on, gives one line on stderr, no traceback and a non-zero exit,
and leaves the file as it found it. At run time a write the disk refuses is refused to
the player in one sentence, and nothing acknowledged is lost.

Disks are made full or read-only for real: a small tmpfs, or a read-only bind mount, in
a private mount namespace (`unshare -rm`, which needs no privileges), because the tests
run as root and a chmod does not stop root. Against the Store and the app, a full disk
is SQLite's own ``max_page_count`` limit and a read-only file is ``query_only``.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from support import ROOT, LiveServer, free_port

from companion.games import GAMES
from companion.rules.setup import make_config
from companion.store import Store, StoreError

#: What `companion serve` prints once it listens; a refused start never prints it.
READY = "Stop with Ctrl-C."
#: Guards against a hang only: a refused start exits at once, a started one is stopped.
HANG = 60
PLAYERS = ["Aiko", "Bo", "Chiyo"]


def saving_refused(reason: str) -> str:
    return (
        f"The server cannot save right now ({reason}); nothing was recorded. "
        "Tell whoever runs the server."
    )


# -- the real process ---------------------------------------------------------------------


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONUNBUFFERED="1", PYTHONIOENCODING="utf-8")


def serve_command(db: Path, *extra: str, port: int | None = None) -> list[str]:
    return [
        sys.executable,
        "-m",
        "companion",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port or free_port()),
        "--db",
        str(db),
        "--no-qr",
        *extra,
    ]


def refused_start(command: list[str]) -> str:
    """Run a `companion serve` that must refuse to start; its one stderr line.

    Should it start after all, it is stopped as soon as it says so and the test fails."""
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=_env(),
        cwd=ROOT,
    )
    out: list[str] = []
    err: list[str] = []
    started = threading.Event()

    def read_out() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            out.append(line)
            if READY in line:
                started.set()

    def read_err() -> None:
        assert proc.stderr is not None
        err.extend(proc.stderr)

    readers = [
        threading.Thread(target=read_out, daemon=True),
        threading.Thread(target=read_err, daemon=True),
    ]
    for reader in readers:
        reader.start()
    try:
        finished = False
        for _ in range(HANG * 10):
            if proc.poll() is not None:
                finished = True
                break
            if started.wait(0.1):
                break
        if not finished:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=HANG)
            for reader in readers:
                reader.join(timeout=HANG)
            pytest.fail(
                "the server started instead of refusing to:\n" + "".join(out) + "".join(err)
            )
        for reader in readers:
            reader.join(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pipe in (proc.stdout, proc.stderr):
            if pipe:
                pipe.close()
    stderr = "".join(err)
    assert proc.returncode != 0, f"exit code 0 for a refused start; stderr:\n{stderr}"
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, f"not one line on stderr:\n{stderr}"
    assert lines[0].startswith("companion: ") and lines[0].endswith("."), lines[0]
    assert READY not in "".join(out) and "running" not in "".join(out), "".join(out)
    return lines[0]


def make_database(path: Path, games: int = 1) -> list[str]:
    """A real companion database holding ``games`` games; their ids."""
    store = Store(path, GAMES)
    try:
        config = make_config(PLAYERS)
        return [store.create_game(config)[0] for _ in range(games)]
    finally:
        store.close()


def game_ids(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return sorted(r[0] for r in conn.execute("SELECT id FROM games"))


# -- a damaged or suspicious file ---------------------------------------------------------


def _random_bytes(path: Path) -> None:
    path.write_bytes(os.urandom(20_000))


def _text_file(path: Path) -> None:
    path.write_text("Aiko 2000\nBo 1800\nthese are my notes, not a database\n", encoding="utf-8")


def _truncated(path: Path) -> None:
    make_database(path, games=300)
    data = path.read_bytes()
    assert len(data) > 8 * 4096, "the database is too small to cut in half meaningfully"
    path.write_bytes(data[: len(data) // 2])


def _overwritten_inside(path: Path) -> None:
    # The header and the schema still read: only SQLite's check of the pages finds it.
    make_database(path, games=300)
    data = bytearray(path.read_bytes())
    middle = len(data) // 4096 // 2 * 4096
    data[middle : middle + 4096] = os.urandom(4096)
    path.write_bytes(bytes(data))


@pytest.mark.server
@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (_random_bytes, "the file is not an SQLite database (it may be damaged)"),
        (_text_file, "the file is not an SQLite database (it may be damaged)"),
        (_truncated, "the file is damaged"),
        (_overwritten_inside, "the file is damaged"),
    ],
    ids=["random-bytes", "text-file", "truncated-sqlite", "page-overwritten"],
)
def test_a_damaged_file_is_refused_and_left_as_it_was(
    tmp_path: Path, damage: Any, words: str
) -> None:
    db = tmp_path / "table.sqlite3"
    damage(db)
    before = db.read_bytes()
    line = refused_start(serve_command(db))
    assert line.startswith(f"companion: cannot open the database {db}: {words}"), line
    assert "move it aside or pass --db to use another file." in line, line
    assert db.read_bytes() == before, "the refused file was changed"


@pytest.mark.server
def test_an_empty_existing_file_is_refused_not_started_afresh(tmp_path: Path) -> None:
    db = tmp_path / "table.sqlite3"
    db.write_bytes(b"")
    line = refused_start(serve_command(db))
    assert line.startswith(
        f"companion: cannot open the database {db}: the file is empty (0 bytes)"
    ), line
    assert "pass --db to use another file." in line, line
    assert db.stat().st_size == 0, "the empty file was filled in"


@pytest.mark.server
def test_a_missing_file_is_still_created(tmp_path: Path) -> None:
    db = tmp_path / "new" / "table.sqlite3"
    port = free_port()
    proc = subprocess.Popen(
        serve_command(db, port=port),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        env=_env(),
        cwd=ROOT,
    )
    server = LiveServer(f"http://127.0.0.1:{port}", db, proc, port)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if READY in line:
                break
        else:
            pytest.fail(f"the server exited ({proc.wait()}) instead of creating {db}")
        assert requests.get(server.url + "/", timeout=HANG).status_code == 200
        assert db.is_file() and db.stat().st_size > 0
    finally:
        assert server.stop() == 0, server.captured


@pytest.mark.server
def test_a_folder_or_a_path_through_a_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    line = refused_start(serve_command(folder))
    assert line == (
        f"companion: cannot open the database {folder}: it is a folder, not a "
        f"file; pass --db with a file name, such as {folder / 'companion.sqlite3'}."
    )
    notes = tmp_path / "notes.txt"
    notes.write_text("not a folder", encoding="utf-8")
    line = refused_start(serve_command(notes / "table.sqlite3"))
    assert line.startswith(
        f"companion: cannot create the database {notes / 'table.sqlite3'}: "
        "part of its folder path is a file, not a folder"
    ), line


# -- a read-only or full disk, for real ---------------------------------------------------


@pytest.fixture(scope="module")
def namespaces() -> None:
    """Skip unless `unshare -rm` can give this user a private mount namespace."""
    if shutil.which("unshare") is None:
        pytest.skip("needs unshare(1) (util-linux) to mount a small or read-only disk")
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", "mount -t tmpfs tmpfs /mnt"],
        capture_output=True,
        text=True,
        timeout=HANG,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(
            "this kernel does not let unshare -rm mount a tmpfs (user namespaces "
            f"disabled?): {probe.stderr.strip()}"
        )


#: Runs ``$@`` with ``$0`` read-only (a bind mount remounted ro: it stops root too).
READ_ONLY = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" || exit 90; exec "$@"'
#: Runs ``$@`` with ``$0`` a 1 MiB disk that is full: the database ``$1`` (if any) is
#: copied in first, and copied back out next to ``$0`` afterwards, so it can be checked.
FULL_DISK = """
dir=$0 src=$1; shift
mount -t tmpfs -o size=1m tmpfs "$dir" || exit 90
if [ -n "$src" ]; then cp "$src" "$dir/table.sqlite3" || exit 91; fi
head -c 2M /dev/zero > "$dir/fill" 2>/dev/null
"$@"; code=$?
ls -A "$dir" > "$dir.files"
if [ -n "$src" ]; then cp "$dir/table.sqlite3" "$dir.after"; fi
exit $code
"""


@pytest.mark.server
@pytest.mark.usefixtures("namespaces")
def test_a_read_only_folder_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    existing = folder / "kept.sqlite3"
    make_database(existing)
    for db, verb in ((folder / "new.sqlite3", "create"), (existing, "open")):
        line = refused_start(
            ["unshare", "-rm", "sh", "-c", READ_ONLY, str(folder), *serve_command(db)]
        )
        assert line == (
            f"companion: cannot {verb} the database {db}: its folder {folder} is "
            "read-only, and the database needs to write files next to it; make "
            "the folder writable or pass --db to use a file in another folder."
        )
    assert not (folder / "new.sqlite3").exists()


@pytest.mark.server
@pytest.mark.usefixtures("namespaces")
def test_a_read_only_file_is_refused(tmp_path: Path) -> None:
    # The folder stays writable, so SQLite opens the file read-only without a word: only
    # the write the store tries at start finds it out.
    db = tmp_path / "table.sqlite3"
    games = make_database(db)
    before = db.read_bytes()
    line = refused_start(["unshare", "-rm", "sh", "-c", READ_ONLY, str(db), *serve_command(db)])
    assert line == (
        f"companion: cannot open the database {db}: the file is read-only; make "
        "it writable, or move it aside or pass --db to use another file."
    )
    assert db.read_bytes() == before
    assert game_ids(db) == games


@pytest.mark.server
@pytest.mark.usefixtures("namespaces")
def test_a_full_disk_is_refused_and_leaves_no_empty_file(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "table.sqlite3"
    line = refused_start(
        ["unshare", "-rm", "sh", "-c", FULL_DISK, str(disk), "", *serve_command(db)]
    )
    assert line == (
        f"companion: cannot create the database {db}: the disk is full; free "
        "some space on it, or pass --db to use a file on another disk."
    )
    # An empty file left behind would be refused as suspicious once space is freed.
    assert (tmp_path / "disk.files").read_text().split() == ["fill"]


@pytest.mark.server
@pytest.mark.usefixtures("namespaces")
def test_a_full_disk_under_an_existing_database_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "source.sqlite3"
    games = make_database(source)
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "table.sqlite3"
    line = refused_start(
        ["unshare", "-rm", "sh", "-c", FULL_DISK, str(disk), str(source), *serve_command(db)]
    )
    assert line == (
        f"companion: cannot open the database {db}: the disk is full; free "
        "some space on it, or pass --db to use a file on another disk."
    )
    after = tmp_path / "disk.after"
    assert after.read_bytes() == source.read_bytes()
    assert game_ids(after) == games


# -- a port or an address that cannot be had -----------------------------------------------


@pytest.mark.server
def test_a_port_in_use_is_named_with_another_to_try(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = refused_start(serve_command(tmp_path / "t.sqlite3", port=port))
    prefix = (
        f"companion: port {port} is already in use (another server is running?); start with --port "
    )
    assert line.startswith(prefix) and line.endswith(" or another free port."), line
    suggested = int(line[len(prefix) :].split()[0])
    assert suggested != port and 0 < suggested < 65536


def _foreign_address() -> str:
    """A documentation address (RFC 5737) that is not one of this machine's."""
    for address in ("203.0.113.77", "198.51.100.77", "192.0.2.177"):
        with socket.socket() as s:
            try:
                s.bind((address, 0))
            except OSError as exc:
                if exc.errno == errno.EADDRNOTAVAIL:
                    return address
    pytest.skip("every documentation address tried is configured on this machine")


@pytest.mark.server
def test_an_address_that_is_not_this_machines_is_refused(tmp_path: Path) -> None:
    address = _foreign_address()
    command = serve_command(tmp_path / "t.sqlite3")
    command[command.index("--host") + 1] = address
    line = refused_start(command)
    assert line == (
        f"companion: cannot listen on {address!r}: it is not an address of this "
        "machine; start with --host 0.0.0.0 (every network) or --host 127.0.0.1 "
        "(this machine only)."
    )


@pytest.mark.server
def test_a_host_name_that_names_nothing_is_refused(tmp_path: Path) -> None:
    command = serve_command(tmp_path / "t.sqlite3")
    command[command.index("--host") + 1] = "no-such-host.invalid"  # RFC 6761: never resolves
    line = refused_start(command)
    assert line.startswith(
        "companion: cannot listen on 'no-such-host.invalid': there is no "
        "such address or host name; start with --host 0.0.0.0"
    ), line


@pytest.mark.server
def test_a_port_number_out_of_range_is_refused(tmp_path: Path) -> None:
    # waitress would quietly listen on 70000 - 65536 = 4464.
    result = subprocess.run(
        serve_command(tmp_path / "t.sqlite3", port=70000),
        capture_output=True,
        text=True,
        timeout=HANG,
        env=_env(),
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "argument --port: 70000 is not a port number (0 to 65535)" in result.stderr
    assert "Traceback" not in result.stderr and READY not in result.stdout


# -- run time: the Store ------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "store.sqlite3", GAMES)
    yield s
    s.close()


def _fill_the_disk(s: Store) -> None:
    """No page beyond those the file has: the next write that needs one fails as SQLite
    fails on a full disk (SQLITE_FULL)."""
    (pages,) = s.conn.execute("PRAGMA page_count").fetchone()
    s.conn.execute(f"PRAGMA max_page_count = {pages}")


def _free_the_disk(s: Store) -> None:
    s.conn.execute("PRAGMA max_page_count = 1073741823")


def _counts(path: Path) -> tuple[int, int]:
    with sqlite3.connect(path) as conn:
        games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
        tokens = conn.execute("SELECT count(*) FROM tokens").fetchone()[0]
    return int(games), int(tokens)


def test_a_full_disk_refuses_the_write_and_keeps_every_acknowledged_one(
    store: Store, tmp_path: Path
) -> None:
    config = make_config(PLAYERS)
    acknowledged = [store.create_game(config)[0]]
    _fill_the_disk(store)
    refusal = None
    for _ in range(2000):
        try:
            acknowledged.append(store.create_game(config)[0])
        except StoreError as exc:
            refusal = exc
            break
    assert refusal is not None, "the disk never filled up"
    assert refusal.message == saving_refused("the disk is full")
    assert not store.conn.in_transaction
    # Nothing half-written: every game acknowledged, with all its tokens, and no other.
    path = tmp_path / "store.sqlite3"
    per_game = len(PLAYERS) + 1
    assert _counts(path) == (len(acknowledged), per_game * len(acknowledged))
    assert all(store.game_exists(g) for g in acknowledged)

    _free_the_disk(store)  # space freed: the same server saves again, no restart
    acknowledged.append(store.create_game(config)[0])
    store.close()
    reopened = Store(path, GAMES)
    try:
        assert sorted(acknowledged) == game_ids(path)
        assert all(len(reopened.seat_tokens(g)) == len(PLAYERS) for g in acknowledged)
    finally:
        reopened.close()


def test_a_read_only_database_refuses_the_write_and_changes_nothing(store: Store) -> None:
    game_id, _, seats = store.create_game(make_config(PLAYERS))
    store.conn.execute("PRAGMA query_only = ON")
    with pytest.raises(StoreError) as refused:
        store.reissue_seat(game_id, 1)
    assert refused.value.message == saving_refused("the database file is read-only")
    assert not store.conn.in_transaction
    store.conn.execute("PRAGMA query_only = OFF")
    assert store.seat_tokens(game_id) == seats, "the refused reissue revoked the old link"
    assert store.token_info(seats[1]) == {"game_id": game_id, "role": "seat", "seat": 1}
    fresh = store.reissue_seat(game_id, 1)
    assert store.seat_tokens(game_id)[1] == fresh


def test_a_bug_is_not_passed_off_as_a_storage_fault(store: Store) -> None:
    # A constraint broken by the code is its own error, not "the server cannot save".
    game_id, host, _ = store.create_game(make_config(PLAYERS))
    with pytest.raises(sqlite3.IntegrityError), store.write():
        store.conn.execute(
            "INSERT INTO tokens (token, game_id, role, seat, revoked, "
            "created_at) VALUES (?, ?, 'host', NULL, 0, '')",
            [host, game_id],
        )
    assert not store.conn.in_transaction
    assert store.host_token(game_id) == host


# -- run time: the app (what a player sees) -----------------------------------------------


def _pay(client: Any, game: dict[str, Any], note: str) -> Any:
    return client.post(
        f"/api/games/{game['id']}/actions",
        headers={"Authorization": f"Bearer {game['seats'][0]['token']}"},
        json={"type": "pay", "from": PLAYERS[0], "to": "supply", "amount": 100, "note": note},
    )


def test_the_api_answers_503_with_the_sentence_and_loses_nothing(app: Any, client: Any) -> None:
    game = client.post("/api/games", json={"players": PLAYERS}).get_json()
    store: Store = app.extensions["companion.store"]
    first = _pay(client, game, "before the disk filled")
    assert first.status_code == 201, first.get_data(as_text=True)
    _fill_the_disk(store)
    last = first.get_json()["seq"]
    for i in range(2000):
        r = _pay(client, game, f"payment {i} " + "x" * 100)
        if r.status_code != 201:
            break
        last = r.get_json()["seq"]
    assert r.status_code == 503, r.get_data(as_text=True)
    assert r.get_json() == {"error": saving_refused("the disk is full")}
    # A Japanese device reads it in Japanese.
    ja = client.post(
        f"/api/games/{game['id']}/actions",
        headers={
            "Authorization": f"Bearer {game['seats'][0]['token']}",
            "Accept-Language": "ja",
        },
        json={"type": "pay", "from": PLAYERS[0], "to": "supply", "amount": 100, "note": "x"},
    )
    assert ja.status_code == 503
    assert ja.get_json() == {
        "error": "サーバーは今、記録を保存できません（ディスクがいっぱいです）。何も記録されて"
        "いません。サーバーを動かしている人に知らせてください。"
    }

    host = {"Authorization": f"Bearer {game['host_token']}"}
    state = client.get(f"/api/games/{game['id']}", headers=host).get_json()
    assert state["seq"] == last, "the refused action shows, or an acknowledged one is gone"

    _free_the_disk(store)
    again = _pay(client, game, "after space was freed")
    assert again.status_code == 201 and again.get_json()["seq"] == last + 1


def test_pages_say_it_as_a_page_and_htmx_forms_in_the_flash(app: Any, client: Any) -> None:
    game = client.post("/api/games", json={"players": PLAYERS}).get_json()
    store: Store = app.extensions["companion.store"]
    store.conn.execute("PRAGMA query_only = ON")
    sentence = saving_refused("the database file is read-only")

    page = client.post("/games", data={"player": PLAYERS})
    assert page.status_code == 503
    assert page.mimetype == "text/html"
    assert sentence in page.get_data(as_text=True)

    form = client.post(
        f"/games/{game['id']}/act",
        headers={"HX-Request": "true", "Authorization": f"Bearer {game['seats'][0]['token']}"},
        data={"as": "seat", "type": "pay", "from": PLAYERS[0], "to": "supply", "amount": "100"},
    )
    assert form.status_code == 503
    assert form.headers["HX-Retarget"] == "#flash"
    assert sentence in form.get_data(as_text=True)
    store.conn.execute("PRAGMA query_only = OFF")


# -- run time: the real server on a disk that fills up ------------------------------------


@pytest.mark.server
@pytest.mark.usefixtures("namespaces")
def test_the_real_server_refuses_while_the_disk_is_full_then_saves_again(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "table.sqlite3"
    port = free_port()
    mount = 'mount -t tmpfs -o size=16m tmpfs "$0" || exit 90; exec "$@"'
    proc = subprocess.Popen(
        ["unshare", "-rm", "sh", "-c", mount, str(disk), *serve_command(db, port=port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        env=_env(),
        cwd=ROOT,
    )
    server = LiveServer(f"http://127.0.0.1:{port}", db, proc, port)
    # The server's own view of the folder: the tmpfs exists only in its mount namespace.
    inside = Path(f"/proc/{proc.pid}/root") / disk.relative_to("/")
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if READY in line:
                break
        else:
            pytest.fail(f"the server exited ({proc.wait()}) before listening")
        with requests.Session() as http:
            game = http.post(
                f"{server.url}/api/games", json={"players": PLAYERS}, timeout=HANG
            ).json()
            seat = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
            url = f"{server.url}/api/games/{game['id']}/actions"
            body = {"type": "pay", "from": PLAYERS[0], "to": "supply", "amount": 100}
            assert http.post(url, json=body, headers=seat, timeout=HANG).json() == {"seq": 1}

            with pytest.raises(OSError) as full, open(inside / "fill", "wb") as fill:
                while True:
                    fill.write(bytes(1 << 16))
            assert full.value.errno == errno.ENOSPC
            refused = http.post(url, json=body, headers=seat, timeout=HANG)
            assert refused.status_code == 503, refused.text
            assert refused.json() == {"error": saving_refused("the disk is full")}

            (inside / "fill").unlink()
            assert http.post(url, json=body, headers=seat, timeout=HANG).json() == {"seq": 2}
            host = {"Authorization": f"Bearer {game['host_token']}"}
            state = http.get(
                f"{server.url}/api/games/{game['id']}", headers=host, timeout=HANG
            ).json()
            assert state["seq"] == 2
    finally:
        assert server.stop() == 0, server.captured
    assert "Stopped." in server.captured
    assert "Traceback" not in server.captured, server.captured
