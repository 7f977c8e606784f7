"""Opening a store's database file and saying what is wrong with it, in one sentence for
whoever sees it: the host at the terminal (start-up) or a player (a refused write)."""

from __future__ import annotations

import os
import secrets
import sqlite3
import stat
from datetime import UTC, datetime
from pathlib import Path

from ..engine import Message, render


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
