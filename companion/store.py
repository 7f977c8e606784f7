"""The event log in SQLite (sqlite-utils): games, seats and their tokens, events.

One writing connection per process behind a lock: measured on this machine it served
twice the writes of a connection per request or per thread (sqlite3 releases the GIL on
every row, so threads thrash). WAL mode with ``synchronous=FULL``: an acknowledged action
is on disk before the 201 leaves, and survives a SIGKILL (or a power cut). A second
connection, read-only in use, answers the token and seat look-ups from what is on disk,
so they never wait behind a write's ``fsync``.

The folded table of each game is kept in memory and advanced by the new events only;
reading the state never re-reads the log. Only the ``GAMES_KEPT`` games used last are
kept (a fold is some tens of KiB, and anyone on the network can create games); another
is folded again from its log when it is next read.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .engine import Game, Games, Message, render
from .eventlog import Event, GameState

migrations = Migrations("tsukiji-companion")


@migrations()
def m001_games_seats_events(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {"id": str, "created_at": str, "rules_version": str, "config": str},
        pk="id",
    )
    db.table("tokens").create(
        {"token": str, "game_id": str, "role": str, "seat": int, "revoked": int, "created_at": str},
        pk="token",
        foreign_keys=[("game_id", "games", "id")],
        defaults={"revoked": 0},
    )
    db.table("tokens").create_index(["game_id", "role", "seat"])
    db.table("events").create(
        {
            "game_id": str,
            "seq": int,
            "type": str,
            "data": str,
            "actor": str,
            "created_at": str,
            "undone_by": int,
            "correction": int,
            "grp": str,
        },
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
        defaults={"correction": 0},
    )


@migrations()
def m002_bids(db: sqlite_utils.Database) -> None:
    # Sealed bids live only here until the reveal: never in the event log, never in the
    # folded table, so no view can carry an amount before everyone sees it.
    db.table("bids").create(
        {
            "game_id": str,
            "auction_id": str,
            "seat": int,
            "amount": int,
            "nonce": str,
            "receipt": str,
            "updated_at": str,
        },
        pk=("game_id", "auction_id", "seat"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m003_token_joined(db: sqlite_utils.Database) -> None:
    # One seat, one phone: a join link signs in one device; showing the code again issues
    # a new link (and signs that device out).
    db.table("tokens").add_column("joined_at", str)
    db.table("tokens").add_column("replaces_joined", int, not_null_default=0)


#: Fields the forms recorded as digit strings before the edge parsed them into numbers.
_NUMBER_FIELDS = ("amount", "count", "value")


@migrations()
def m004_numbers_in_events(db: sqlite_utils.Database) -> None:
    # Early form actions stored "count": "2"; the rules now take numbers only, so an old
    # game would no longer fold. Rewrite those strings as the numbers they meant.
    rows = db.execute("SELECT game_id, seq, data FROM events").fetchall()
    for game_id, seq, raw in rows:
        data = json.loads(raw)
        changed = False
        for key in _NUMBER_FIELDS:
            value = data.get(key) if isinstance(data, dict) else None
            if isinstance(value, str) and value.isascii() and value.strip().isdigit():
                data[key] = int(value)
                changed = True
        if changed:
            db.execute(
                "UPDATE events SET data = ? WHERE game_id = ? AND seq = ?",
                [json.dumps(data, ensure_ascii=False), game_id, seq],
            )


# The migration's name is recorded in every database made since: it keeps it.
@migrations(name="m005_board_numbers")
def m005_remembered_numbers(db: sqlite_utils.Database) -> None:
    # Numbers printed only on the boards (AMB-40) or disputed by the rulebooks (AMB-11),
    # entered once by the host and used by this server's next games, not kept per game:
    # one row per market, figure and player count (0 for the box's counts, the same for
    # every count). A game's own numbers stay in its config, so a change here never
    # alters a game already created.
    db.table("board_numbers").create(
        {"market": str, "figure": str, "players": int, "value": int, "updated_at": str},
        pk=("market", "figure", "players"),
    )


#: Folded games kept in memory, the least recently used forgotten first (issue #17: a
#: stranger creating games one after another grew the server by ~39 KB a game). A table
#: plays one game at a time; a forgotten game is read back from its log when next used.
GAMES_KEPT = 64


@migrations()
def m006_bid_token(db: sqlite_utils.Database) -> None:
    # A sealed bid shows its amount only to the link that sealed it (issue #17): a seat's
    # link issued anew (a lost phone, a code someone else scanned) does not hand over the
    # bid sealed before. A bid sealed before this column was sealed by the link live now.
    db.table("bids").add_column("token", str)
    db.execute(
        "UPDATE bids SET token = (SELECT token FROM tokens WHERE tokens.game_id = bids.game_id "
        "AND tokens.role = 'seat' AND tokens.seat = bids.seat AND tokens.revoked = 0)"
    )


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_token() -> str:
    """At least 128 bits from ``secrets`` (api.md, Identities): 192 bits here."""
    return secrets.token_urlsafe(24)


class StoreError(Exception):
    """The database cannot be opened or written. ``message`` is one finished sentence for
    whoever sees it: the host at the terminal (start-up) or a player (a refused action)."""

    def __init__(self, message: str, said: Message | None = None) -> None:
        super().__init__(message)
        self.message = message
        #: The sentence as a message code, for a player's device to read in its language
        #: (a write refused at run time); ``message`` is its English.
        self.said = said


#: Above this size the start-up check is ``quick_check`` (pages and cells, not indexes):
#: ``integrity_check`` reads every index too and grows with the whole log.
FULL_CHECK_BYTES = 32 * 1024 * 1024

#: What to do after a start-up refusal.
ADVICE = "move it aside or pass --db to use another file."


#: SQLite's words for its result codes, for an error that does not carry the code.
_CODE_WORDS = (
    ("disk is full", sqlite3.SQLITE_FULL),
    ("readonly", sqlite3.SQLITE_READONLY),
    ("i/o error", sqlite3.SQLITE_IOERR),
    ("not a database", sqlite3.SQLITE_NOTADB),
    ("malformed", sqlite3.SQLITE_CORRUPT),
    ("unable to open", sqlite3.SQLITE_CANTOPEN),
    ("database is locked", sqlite3.SQLITE_BUSY),
    ("table is locked", sqlite3.SQLITE_LOCKED),
)


def _sqlite_code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code (an extended code carries it in its low byte)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(exc).lower()
    return next((c for words, c in _CODE_WORDS if words in text), None)


def _disk_full(folder: Path) -> bool:
    """Whether the disk holding ``folder`` has (next to) no space left for this user.

    SQLite reports SQLITE_FULL only when a write to the database or its WAL comes up
    short; growing the WAL index on a full disk fails as an I/O error
    (SQLITE_IOERR_SHMSIZE), so the disk itself is asked.
    """
    try:
        fs = os.statvfs(folder)
    except (OSError, AttributeError):  # AttributeError: no statvfs on Windows
        return False
    return fs.f_bavail * fs.f_frsize < 64 * 1024


def _save_reason(exc: sqlite3.Error, folder: Path) -> Message | None:
    """Why a write failed, in a player's words; None when it is no fault of the storage
    (a constraint or an SQL mistake is a bug, and keeps its own exception)."""
    code = _sqlite_code(exc)
    if code == sqlite3.SQLITE_FULL or (code == sqlite3.SQLITE_IOERR and _disk_full(folder)):
        return Message("store.why_full")
    reasons = {
        sqlite3.SQLITE_READONLY: "store.why_read_only",
        sqlite3.SQLITE_IOERR: "store.why_io",
        sqlite3.SQLITE_CORRUPT: "store.why_damaged",
        sqlite3.SQLITE_NOTADB: "store.why_damaged",
        sqlite3.SQLITE_BUSY: "store.why_locked",
        sqlite3.SQLITE_LOCKED: "store.why_locked",
        sqlite3.SQLITE_CANTOPEN: "store.why_cannot_open",
        sqlite3.SQLITE_PERM: "store.why_cannot_open",
    }
    reason = reasons.get(code) if code is not None else None
    return None if reason is None else Message(reason)


def _save_error(exc: sqlite3.Error, folder: Path) -> StoreError | None:
    reason = _save_reason(exc, folder)
    if reason is None:
        return None
    said = Message("store.cannot_save", {"reason": reason})
    return StoreError(render(said), said)


def _writable(path: Path) -> bool:
    # access() answers EROFS even for root, so a read-only mount shows here; a chmod does
    # not stop root, and then SQLite's own error is the answer.
    return os.access(path, os.W_OK)


def _open_reason(exc: sqlite3.Error, path: Path) -> str:
    """Why SQLite could not open (or first write) the database, and what to do."""
    code = _sqlite_code(exc)
    folder = path.parent
    if code == sqlite3.SQLITE_NOTADB:
        return f"the file is not an SQLite database (it may be damaged); {ADVICE}"
    if code == sqlite3.SQLITE_CORRUPT:
        return (
            "the file is damaged: part of it is missing or overwritten (it may have been "
            f"cut short); {ADVICE}"
        )
    if code in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR) and (
        code == sqlite3.SQLITE_FULL or _disk_full(folder)
    ):
        return (
            "the disk is full; free some space on it, or pass --db to use a file on another disk."
        )
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
        if not _writable(folder):
            # SQLite keeps its -wal and -shm files next to the database.
            return (
                f"its folder {folder} is read-only, and the database needs to write "
                "files next to it; make the folder writable or pass --db to use a file "
                "in another folder."
            )
        if code == sqlite3.SQLITE_READONLY or (path.exists() and not _writable(path)):
            return f"the file is read-only; make it writable, or {ADVICE}"
        return f"SQLite cannot open the file (check that you may read and write it); {ADVICE}"
    if code == sqlite3.SQLITE_IOERR:
        return (
            f"the disk reported an error while reading or writing it; check the disk, or {ADVICE}"
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return f"another program is holding the database locked; close that program, or {ADVICE}"
    return f'SQLite reports "{exc}"; {ADVICE}'


def _check_path(path: Path) -> bool:
    """Refuse what SQLite would misread, before it opens anything; True when the file
    does not exist yet (it is created)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise StoreError(
            f"cannot create the database {path}: part of its folder path is a "
            "file, not a folder; pass --db to use another file."
        ) from None
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
        raise StoreError(
            f"cannot create the folder {path.parent} for the database ({why}); "
            "pass --db to use a file in another folder."
        ) from None
    try:
        info = path.stat()
    except FileNotFoundError:
        return True
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
        raise StoreError(f"cannot open the database {path} ({why}); {ADVICE}") from None
    if stat.S_ISDIR(info.st_mode):
        raise StoreError(
            f"cannot open the database {path}: it is a folder, not a file; pass "
            f"--db with a file name, such as {path / 'companion.sqlite3'}."
        )
    if not stat.S_ISREG(info.st_mode):
        raise StoreError(
            f"cannot open the database {path}: it is not a regular file; pass "
            "--db to use another file."
        )
    if info.st_size == 0:
        # SQLite would take an empty file for a new database and fill it. The store leaves
        # none behind (a failed first start removes its file; only a kill in the instant
        # between creating and first writing it could), so most likely a copy failed or the
        # disk lost the data: starting afresh would hide that the games are gone.
        raise StoreError(
            f"cannot open the database {path}: the file is empty (0 bytes), and "
            "a Tsukiji Companion database never is (a failed copy or a disk "
            "fault may have emptied it); delete it if nothing should be in it, "
            "or pass --db to use another file."
        )
    return False


def _check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    """Read the schema and check the pages, so a damaged file is refused at start and not
    in the middle of a game."""
    conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    size = path.stat().st_size if path.exists() else 0
    check = "integrity_check" if size <= FULL_CHECK_BYTES else "quick_check"
    rows = conn.execute(f"PRAGMA {check}(1)").fetchall()
    if rows != [("ok",)]:
        raise StoreError(
            f"cannot open the database {path}: the file is damaged (SQLite's "
            f"check found a problem); {ADVICE}"
        )


def _check_writable(conn: sqlite3.Connection) -> None:
    """Commit one tiny write (the header's user_version, rewritten unchanged), so a
    read-only file or a full disk is refused at start rather than on the first action:
    SQLite opens a file it may not write read-only without a word."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {int(version)}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None, timeout=15)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _remove_new(path: Path) -> None:
    """Remove a database this start created and could not finish, so the next start does
    not find an empty (suspicious) file it left behind."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            Path(f"{path}{suffix}").unlink()
        except OSError:
            pass


class Store:
    """The one SQLite connection of this process, and the folded games."""

    #: What every game id and token this process mints begins with (``companion serve
    #: --id-prefix``): a proxy in front of several processes routes a game's requests to
    #: its owner by it (deploy/README.md, issue #23).
    id_prefix = ""

    def __init__(self, path: str | Path, games: Games) -> None:
        """Open (or create) the database keeping ``games`` (given by the app:
        boardgame.io's ``Server({games})``); :class:`StoreError` says what is wrong with
        it."""
        self.path = str(path)
        self._kept = games
        self.lock = threading.RLock()
        self._games: OrderedDict[str, GameState] = OrderedDict()
        self._dirty = False
        file = Path(self.path)
        on_disk = self.path != ":memory:"
        created = _check_path(file) if on_disk else False
        try:
            self.conn = _connect(self.path)
            try:
                if on_disk:
                    _check_integrity(self.conn, file)
                self.db = sqlite_utils.Database(self.conn)
                with self.lock:
                    migrations.apply(self.db)
                if on_disk:
                    _check_writable(self.conn)
                # Reads that need nothing of a write in progress (a token, the seats) go
                # through a second connection: in WAL mode it reads what is on disk while
                # a write's COMMIT waits for fsync, so checking a token (twice per action)
                # or the table screen's join cards never queues behind the disk.
                self._reader = _connect(self.path) if on_disk else self.conn
                self._read_lock = threading.Lock() if on_disk else self.lock
            except BaseException:
                self.conn.close()
                raise
        except BaseException as exc:
            if created:
                _remove_new(file)
            if isinstance(exc, sqlite3.Error):
                verb = "create" if created else "open"
                raise StoreError(
                    f"cannot {verb} the database {file}: {_open_reason(exc, file)}"
                ) from exc
            raise

    def close(self) -> None:
        with self.lock:
            if self._reader is not self.conn:
                self._reader.close()
            self.conn.close()

    def _read(self, sql: str, params: Sequence[Any]) -> list[Any]:
        """Rows of a read of committed data only (the reader connection)."""
        with self._read_lock:
            return self._reader.execute(sql, params).fetchall()

    @contextmanager
    def write(self) -> Iterator[None]:
        """A write transaction that holds SQLite's write lock from the start, so the
        version read inside it cannot change under us, even from another process.

        When the storage fails (a full disk, a read-only file, an I/O error) the whole
        transaction is rolled back and :class:`StoreError` says so in a player's words:
        nothing of it was recorded, so nothing of it may be acknowledged."""
        with self.lock:
            self._dirty = False
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                refusal = _save_error(exc, Path(self.path).parent)
                if refusal is None:
                    raise
                raise refusal from exc
            try:
                yield
                self.conn.execute("COMMIT")
            except BaseException as exc:
                if self.conn.in_transaction:
                    try:
                        self.conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        # SQLite has rolled back by itself after some I/O errors; the
                        # first error is the one worth reporting.
                        pass
                if self._dirty:  # the cached folds ran ahead of what was kept: reload
                    self._games.clear()
                if isinstance(exc, sqlite3.Error):
                    refusal = _save_error(exc, Path(self.path).parent)
                    if refusal is not None:
                        raise refusal from exc
                raise

    # -- games and tokens -------------------------------------------------------------------
    def create_game(self, config: Any, events: Sequence[Event] = ()) -> tuple[str, str, list[str]]:
        """A new game; returns its id, the host token and one token per seat. ``events``:
        the log of an imported game, already replayed by the rules (companion/gamefile.py),
        written in the same transaction, so a game is created whole or not at all."""
        game_id = self.id_prefix + secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        host = self.id_prefix + new_token()
        seats = [self.id_prefix + new_token() for _ in config.players]
        created = now()
        with self.write():
            self.db.table("games").insert(
                {
                    "id": game_id,
                    "created_at": created,
                    "rules_version": self._kept.of(config).rules_version,
                    "config": json.dumps(self._kept.to_json(config)),
                }
            )
            rows = [
                {
                    "token": host,
                    "game_id": game_id,
                    "role": "host",
                    "seat": None,
                    "revoked": 0,
                    "created_at": created,
                }
            ]
            rows += [
                {
                    "token": tok,
                    "game_id": game_id,
                    "role": "seat",
                    "seat": i,
                    "revoked": 0,
                    "created_at": created,
                }
                for i, tok in enumerate(seats)
            ]
            self.db.table("tokens").insert_all(rows)
            self.conn.executemany(
                "INSERT INTO events (game_id, seq, type, data, actor, created_at, undone_by, "
                "correction, grp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    [
                        game_id,
                        e.seq,
                        e.type,
                        json.dumps(e.data, ensure_ascii=False),
                        e.actor,
                        e.created_at,
                        e.undone_by,
                        int(e.correction),
                        e.grp,
                    ]
                    for e in events
                ],
            )
        return game_id, host, seats

    def game_exists(self, game_id: str) -> bool:
        if game_id in self._games:
            return True
        with self.lock:
            return bool(self.conn.execute("SELECT 1 FROM games WHERE id = ?", [game_id]).fetchone())

    def game_ids(self) -> list[str]:
        """Every game on this server, oldest first (the league reads the finished ones)."""
        return [
            str(row[0]) for row in self._read("SELECT id FROM games ORDER BY created_at, id", [])
        ]

    def game_key(self, game_id: str) -> str:
        """Which of the games kept ``game_id`` is; the first game's key for an unknown id.
        A game's config never changes, so a cached fold answers."""
        cached = self._games.get(game_id)
        if cached is not None:
            return cached.game.key
        with self.lock:
            row = self.conn.execute("SELECT config FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            return self._kept.default
        return self._kept.key_of_json(json.loads(row[0]))

    def game(self, game_id: str) -> Game:
        """The game ``game_id`` is (the first game for an unknown id), as the engine's
        ``Game``: what the door asks of it."""
        return self._kept[self.game_key(game_id)]

    def games(self) -> Mapping[str, Game]:
        """Every game this server keeps, by key."""
        return self._kept

    def token_info(self, token: str) -> dict[str, Any] | None:
        """The live (not revoked) token's game, role and seat."""
        rows = self._read(
            "SELECT game_id, role, seat FROM tokens WHERE token = ? AND revoked = 0", [token]
        )
        if not rows:
            return None
        row = rows[0]
        return {"game_id": row[0], "role": row[1], "seat": row[2]}

    def seat_tokens(self, game_id: str) -> list[str]:
        return [seat["token"] for seat in self.seats(game_id)]

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        """Each seat's live token: whether a phone has joined with it, and whether it
        replaced a link that a phone had joined with (that phone was signed out)."""
        rows = self._read(
            "SELECT seat, token, joined_at, replaces_joined FROM tokens WHERE game_id = ? "
            "AND role = 'seat' AND revoked = 0 ORDER BY seat",
            [game_id],
        )
        return [
            {"seat": r[0], "token": r[1], "joined": r[2] is not None, "signed_out": bool(r[3])}
            for r in rows
        ]

    def mark_joined(self, token: str) -> bool:
        """Record that a device joined with this seat token; False if one already has."""
        with self.write():
            cur = self.conn.execute(
                "UPDATE tokens SET joined_at = ? WHERE token = ? AND revoked = 0 AND "
                "joined_at IS NULL",
                [now(), token],
            )
            return cur.rowcount == 1

    def host_token(self, game_id: str) -> str:
        with self.lock:
            row = self.conn.execute(
                "SELECT token FROM tokens WHERE game_id = ? AND role = 'host' AND revoked = 0",
                [game_id],
            ).fetchone()
        return str(row[0])

    def reissue_seat(self, game_id: str, seat: int) -> str:
        """Revoke a seat's join link and issue a new one."""
        token = self.id_prefix + new_token()
        with self.write():
            joined = self.conn.execute(
                "SELECT 1 FROM tokens WHERE game_id = ? AND role = 'seat' AND seat = ? AND "
                "revoked = 0 AND joined_at IS NOT NULL",
                [game_id, seat],
            ).fetchone()
            self.conn.execute(
                "UPDATE tokens SET revoked = 1 WHERE game_id = ? AND role = 'seat' AND seat = ?",
                [game_id, seat],
            )
            self.db.table("tokens").insert(
                {
                    "token": token,
                    "game_id": game_id,
                    "role": "seat",
                    "seat": seat,
                    "revoked": 0,
                    "created_at": now(),
                    "replaces_joined": int(joined is not None),
                }
            )
        return token

    def reissue_host(self, game_id: str) -> str:
        """Revoke the table screen's link (every device signed in with it) and issue a
        new one (issue #17: a host link left in a browser's history)."""
        token = self.id_prefix + new_token()
        with self.write():
            self.conn.execute(
                "UPDATE tokens SET revoked = 1 WHERE game_id = ? AND role = 'host'", [game_id]
            )
            self.db.table("tokens").insert(
                {
                    "token": token,
                    "game_id": game_id,
                    "role": "host",
                    "seat": None,
                    "revoked": 0,
                    "created_at": now(),
                }
            )
        return token

    # -- the log and its fold -----------------------------------------------------------------
    def state(self, game_id: str) -> GameState:
        """The folded game, brought up to date with the log (cheap when nothing changed).
        A state is immutable, so it may be read outside the lock and kept by a renderer."""
        with self.lock:
            state = self._games.get(game_id)
            state = self._load(game_id) if state is None else self._catch_up(state)
            self._keep(state)
            return state

    def _keep(self, state: GameState) -> None:
        """Cache a game's fold as the one used last (inside the lock), forgetting the
        least recently used beyond ``GAMES_KEPT``."""
        self._games[state.id] = state
        self._games.move_to_end(state.id)
        while len(self._games) > GAMES_KEPT:
            self._games.popitem(last=False)

    def _load(self, game_id: str) -> GameState:
        row = self.conn.execute(
            "SELECT config, rules_version FROM games WHERE id = ?", [game_id]
        ).fetchone()
        if row is None:
            raise KeyError(game_id)
        data = json.loads(row[0])
        game = self._kept.of_json(data)
        config = game.from_json(data)
        return GameState.load(game_id, config, row[1], self._rows(game_id, 0), game=game)

    def _rows(self, game_id: str, after: int) -> list[Event]:
        cur = self.conn.execute(
            "SELECT seq, type, data, actor, created_at, undone_by, correction, grp FROM events "
            "WHERE game_id = ? AND seq > ? ORDER BY seq",
            [game_id, after],
        )
        return [
            Event(
                seq=r[0],
                type=r[1],
                data=json.loads(r[2]),
                actor=r[3],
                created_at=r[4],
                undone_by=r[5],
                correction=bool(r[6]),
                grp=r[7],
            )
            for r in cur.fetchall()
        ]

    def _catch_up(self, state: GameState) -> GameState:
        """Apply events another process appended since we last looked."""
        new = self._rows(state.id, state.version)
        if not new:
            return state
        if any(e.meta for e in new):
            return self._load(state.id)  # undo/redo changed earlier rows: fold anew
        return state.extended(new)

    def append(self, state: GameState, event: Event) -> GameState:
        """Insert one event (inside :meth:`write`); returns and caches the state after it.
        The rules ran before (``state.after`` raises on a refusal), so nothing is written
        for a refused action."""
        new = state.after(event)
        self._dirty = True
        # Plain SQL on the hot path: sqlite-utils' insert reads the table's schema first,
        # which cost more than the row itself.
        self.conn.execute(
            "INSERT INTO events (game_id, seq, type, data, actor, created_at, undone_by, "
            "correction, grp) VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)",
            [
                state.id,
                event.seq,
                event.type,
                json.dumps(event.data, ensure_ascii=False),
                event.actor,
                event.created_at,
                int(event.correction),
                event.grp,
            ],
        )
        self._keep(new)
        return new

    def put_bid(
        self,
        game_id: str,
        auction_id: str,
        seat: int,
        amount: int,
        nonce: str,
        receipt: str,
        token: str | None = None,
    ) -> None:
        """Store (or replace) a sealed bid, sealed with the seat's link ``token``; call
        inside :meth:`write`. Plain SQL, as for the events: sqlite-utils' upsert reads the
        table's schema first."""
        self.conn.execute(
            "INSERT INTO bids (game_id, auction_id, seat, amount, nonce, receipt, updated_at, "
            "token) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, auction_id, seat) DO "
            "UPDATE SET amount = excluded.amount, nonce = excluded.nonce, receipt = "
            "excluded.receipt, updated_at = excluded.updated_at, token = excluded.token",
            [game_id, auction_id, seat, amount, nonce, receipt, now(), token],
        )

    def bids(self, game_id: str, auction_id: str) -> dict[int, tuple[int, str, str]]:
        """Every sealed bid of an auction: seat → (amount, nonce, receipt). Only the reveal
        may call this for anyone but the bidder."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT seat, amount, nonce, receipt FROM bids WHERE game_id = ? AND "
                "auction_id = ?",
                [game_id, auction_id],
            ).fetchall()
        return {int(r[0]): (int(r[1]), str(r[2]), str(r[3])) for r in rows}

    def own_bids(self, game_id: str, seat: int) -> dict[str, tuple[int, str]]:
        """One seat's own bids: auction id → (amount, receipt), those sealed with the
        seat's live link only (issue #17). A link issued anew does not read a bid sealed
        with the one it replaced: that bid stays in force, and counts at the reveal, but
        whoever scanned the new code cannot learn its amount (they may seal a new one)."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT b.auction_id, b.amount, b.receipt FROM bids b JOIN tokens t ON "
                "t.token = b.token AND t.game_id = b.game_id AND t.role = 'seat' AND "
                "t.seat = b.seat AND t.revoked = 0 WHERE b.game_id = ? AND b.seat = ?",
                [game_id, seat],
            ).fetchall()
        return {str(r[0]): (int(r[1]), str(r[2])) for r in rows}

    def mark_undone(self, state: GameState, seqs: list[int], by: int | None) -> GameState:
        """Set (or, for a redo, clear) the ``undone_by`` of events, then fold anew."""
        self._dirty = True
        marks = ",".join("?" * len(seqs))
        self.conn.execute(
            f"UPDATE events SET undone_by = ? WHERE game_id = ? AND seq IN ({marks})",
            [by, state.id, *seqs],
        )
        new = state.with_undone(seqs, by)
        self._keep(new)
        return new

    # -- numbers remembered by the server (m005) ------------------------------------------
    # A game's printed numbers a host enters once for this server's next games (not kept
    # per game): the game names what they are, the store keeps them as rows of (part,
    # figure, player count, value).
    def remembered_numbers(self, players: int) -> dict[str, dict[str, int]]:
        """The numbers remembered for games of this many players, with those of every
        count (kept under 0): part → figure → value."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT market, figure, value FROM board_numbers WHERE players IN (0, ?) "
                "ORDER BY market, figure",
                [players],
            ).fetchall()
        out: dict[str, dict[str, int]] = {}
        for market, figure, value in rows:
            out.setdefault(str(market), {})[str(figure)] = int(value)
        return out

    def remember_numbers(self, rows: list[tuple[str, str, int, int | None]]) -> None:
        """Keep (or, for None, forget) numbers as (part, figure, player count, value).
        Only what changes is written, so ``updated_at`` says when a host last changed a
        number, and a game that changes none costs no extra write."""
        with self.lock:
            current = {
                (str(r[0]), str(r[1]), int(r[2])): int(r[3])
                for r in self.conn.execute(
                    "SELECT market, figure, players, value FROM board_numbers"
                ).fetchall()
            }
        changes = [row for row in rows if current.get(row[:3]) != row[3]]
        if not changes:
            return
        with self.write():
            for market, figure, players, value in changes:
                if value is None:
                    self.conn.execute(
                        "DELETE FROM board_numbers WHERE market = ? AND figure = ? AND players = ?",
                        [market, figure, players],
                    )
                else:
                    self.db.table("board_numbers").upsert(
                        {
                            "market": market,
                            "figure": figure,
                            "players": players,
                            "value": value,
                            "updated_at": now(),
                        },
                        pk=("market", "figure", "players"),
                    )
