"""A store's database: the one writing connection of this process behind a lock, a
reader beside it for what needs nothing of a write in progress, and the write
transaction, which says in a player's words when the storage fails."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils

from .files import (
    StoreError,
    _check_integrity,
    _check_path,
    _check_writable,
    _connect,
    _open_reason,
    _remove_new,
    _save_error,
)
from .schema import migrations


class Database:
    """The one SQLite connection of this process (and its reader)."""

    #: What every game id and token this process mints begins with (``companion serve
    #: --id-prefix``): a proxy in front of several processes routes a game's requests to
    #: its owner by it (deploy/README.md, issue #23).
    id_prefix = ""

    def __init__(self, path: str | Path) -> None:
        """Open (or create) the database; :class:`StoreError` says what is wrong with it."""
        self.path = str(path)
        self.lock = threading.RLock()
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
                if self._dirty:  # what was cached ran ahead of what was kept: reload
                    self._forget()
                if isinstance(exc, sqlite3.Error):
                    refusal = _save_error(exc, Path(self.path).parent)
                    if refusal is not None:
                        raise refusal from exc
                raise

    def _forget(self) -> None:
        """Forget what is cached of the database (after a write was rolled back)."""
