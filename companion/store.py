"""The event log in SQLite (sqlite-utils): games, seats and their tokens, events.

One connection per process behind a lock: measured on this machine it served twice the
writes of a connection per request or per thread (sqlite3 releases the GIL on every row,
so threads thrash). WAL mode with ``synchronous=FULL``: an acknowledged action is on disk
before the 201 leaves, and survives a SIGKILL (or a power cut).

The folded table of each game is kept in memory and advanced by the new events only;
reading the state never re-reads the log.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils
from sqlite_utils.migrations import Migrations

from .eventlog import Event, GameState
from .rules import RULES_VERSION
from .rules.setup import GameConfig

migrations = Migrations("tsukiji-companion")

@migrations()
def m001_games_seats_events(db: sqlite_utils.Database) -> None:
    db.table("games").create(
        {"id": str, "created_at": str, "rules_version": str, "config": str},
        pk="id",
    )
    db.table("tokens").create(
        {"token": str, "game_id": str, "role": str, "seat": int, "revoked": int,
         "created_at": str},
        pk="token", foreign_keys=[("game_id", "games", "id")], defaults={"revoked": 0},
    )
    db.table("tokens").create_index(["game_id", "role", "seat"])
    db.table("events").create(
        {"game_id": str, "seq": int, "type": str, "data": str, "actor": str,
         "created_at": str, "undone_by": int, "correction": int, "grp": str},
        pk=("game_id", "seq"), foreign_keys=[("game_id", "games", "id")],
        defaults={"correction": 0},
    )


@migrations()
def m002_bids(db: sqlite_utils.Database) -> None:
    # Sealed bids live only here until the reveal: never in the event log, never in the
    # folded table, so no view can carry an amount before everyone sees it.
    db.table("bids").create(
        {"game_id": str, "auction_id": str, "seat": int, "amount": int, "nonce": str,
         "receipt": str, "updated_at": str},
        pk=("game_id", "auction_id", "seat"), foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m003_token_joined(db: sqlite_utils.Database) -> None:
    # One seat, one phone: a join link signs in one device; showing the code again issues
    # a new link (and signs that device out).
    db.table("tokens").add_column("joined_at", str)
    db.table("tokens").add_column("replaces_joined", int, not_null_default=0)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_token() -> str:
    """At least 128 bits from ``secrets`` (api.md, Identities): 192 bits here."""
    return secrets.token_urlsafe(24)


class Store:
    """The one SQLite connection of this process, and the folded games."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                    timeout=15)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.db = sqlite_utils.Database(self.conn)
        self.lock = threading.RLock()
        with self.lock:
            migrations.apply(self.db)
        self._games: dict[str, GameState] = {}
        self._dirty = False

    def close(self) -> None:
        with self.lock:
            self.conn.close()

    @contextmanager
    def write(self) -> Iterator[None]:
        """A write transaction that holds SQLite's write lock from the start, so the
        version read inside it cannot change under us, even from another process."""
        with self.lock:
            self._dirty = False
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                if self._dirty:  # the cached folds ran ahead of what was kept: reload
                    self._games.clear()
                raise

    # -- games and tokens -------------------------------------------------------------------
    def create_game(self, config: GameConfig) -> tuple[str, str, list[str]]:
        """A new game; returns its id, the host token and one token per seat."""
        game_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        host = new_token()
        seats = [new_token() for _ in config.players]
        created = now()
        with self.write():
            self.db.table("games").insert({"id": game_id, "created_at": created,
                                     "rules_version": RULES_VERSION,
                                     "config": json.dumps(config.to_json())})
            rows = [{"token": host, "game_id": game_id, "role": "host", "seat": None,
                     "revoked": 0, "created_at": created}]
            rows += [{"token": tok, "game_id": game_id, "role": "seat", "seat": i,
                      "revoked": 0, "created_at": created} for i, tok in enumerate(seats)]
            self.db.table("tokens").insert_all(rows)
        return game_id, host, seats

    def game_exists(self, game_id: str) -> bool:
        if game_id in self._games:
            return True
        with self.lock:
            return bool(self.conn.execute("SELECT 1 FROM games WHERE id = ?",
                                          [game_id]).fetchone())

    def token_info(self, token: str) -> dict[str, Any] | None:
        """The live (not revoked) token's game, role and seat."""
        with self.lock:
            row = self.conn.execute(
                "SELECT game_id, role, seat FROM tokens WHERE token = ? AND revoked = 0",
                [token]).fetchone()
        if row is None:
            return None
        return {"game_id": row[0], "role": row[1], "seat": row[2]}

    def seat_tokens(self, game_id: str) -> list[str]:
        return [seat["token"] for seat in self.seats(game_id)]

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        """Each seat's live token: whether a phone has joined with it, and whether it
        replaced a link that a phone had joined with (that phone was signed out)."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT seat, token, joined_at, replaces_joined FROM tokens WHERE game_id = ? "
                "AND role = 'seat' AND revoked = 0 ORDER BY seat", [game_id]).fetchall()
        return [{"seat": r[0], "token": r[1], "joined": r[2] is not None,
                 "signed_out": bool(r[3])} for r in rows]

    def mark_joined(self, token: str) -> bool:
        """Record that a device joined with this seat token; False if one already has."""
        with self.write():
            cur = self.conn.execute(
                "UPDATE tokens SET joined_at = ? WHERE token = ? AND revoked = 0 AND "
                "joined_at IS NULL", [now(), token])
            return cur.rowcount == 1

    def host_token(self, game_id: str) -> str:
        with self.lock:
            row = self.conn.execute(
                "SELECT token FROM tokens WHERE game_id = ? AND role = 'host' AND revoked = 0",
                [game_id]).fetchone()
        return str(row[0])

    def reissue_seat(self, game_id: str, seat: int) -> str:
        """Revoke a seat's join link and issue a new one."""
        token = new_token()
        with self.write():
            joined = self.conn.execute(
                "SELECT 1 FROM tokens WHERE game_id = ? AND role = 'seat' AND seat = ? AND "
                "revoked = 0 AND joined_at IS NOT NULL", [game_id, seat]).fetchone()
            self.conn.execute("UPDATE tokens SET revoked = 1 WHERE game_id = ? AND role = "
                              "'seat' AND seat = ?", [game_id, seat])
            self.db.table("tokens").insert({"token": token, "game_id": game_id, "role": "seat",
                                      "seat": seat, "revoked": 0, "created_at": now(),
                                      "replaces_joined": int(joined is not None)})
        return token

    # -- the log and its fold -----------------------------------------------------------------
    def state(self, game_id: str) -> GameState:
        """The folded game, brought up to date with the log (cheap when nothing changed).
        A state is immutable, so it may be read outside the lock and kept by a renderer."""
        with self.lock:
            state = self._games.get(game_id)
            state = self._load(game_id) if state is None else self._catch_up(state)
            self._games[game_id] = state
            return state

    #: Reading for rendering and reading for writing are the same now that states are
    #: immutable; kept as a name for what the caller means.
    snapshot = state

    def _load(self, game_id: str) -> GameState:
        row = self.conn.execute("SELECT config, rules_version FROM games WHERE id = ?",
                                [game_id]).fetchone()
        if row is None:
            raise KeyError(game_id)
        config = GameConfig.from_json(json.loads(row[0]))
        return GameState.load(game_id, config, row[1], self._rows(game_id, 0))

    def _rows(self, game_id: str, after: int) -> list[Event]:
        cur = self.conn.execute(
            "SELECT seq, type, data, actor, created_at, undone_by, correction, grp FROM events "
            "WHERE game_id = ? AND seq > ? ORDER BY seq", [game_id, after])
        return [Event(seq=r[0], type=r[1], data=json.loads(r[2]), actor=r[3],
                      created_at=r[4], undone_by=r[5], correction=bool(r[6]), grp=r[7])
                for r in cur.fetchall()]

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
        self.db.table("events").insert({
            "game_id": state.id, "seq": event.seq, "type": event.type,
            "data": json.dumps(event.data, ensure_ascii=False), "actor": event.actor,
            "created_at": event.created_at, "undone_by": None,
            "correction": int(event.correction), "grp": event.grp,
        })
        self._games[state.id] = new
        return new

    def put_bid(self, game_id: str, auction_id: str, seat: int, amount: int, nonce: str,
                receipt: str) -> None:
        """Store (or replace) a sealed bid; call inside :meth:`write`."""
        self.db.table("bids").upsert({"game_id": game_id, "auction_id": auction_id, "seat": seat,
                                "amount": amount, "nonce": nonce, "receipt": receipt,
                                "updated_at": now()}, pk=("game_id", "auction_id", "seat"))

    def bids(self, game_id: str, auction_id: str) -> dict[int, tuple[int, str, str]]:
        """Every sealed bid of an auction: seat → (amount, nonce, receipt). Only the reveal
        may call this for anyone but the bidder."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT seat, amount, nonce, receipt FROM bids WHERE game_id = ? AND "
                "auction_id = ?", [game_id, auction_id]).fetchall()
        return {int(r[0]): (int(r[1]), str(r[2]), str(r[3])) for r in rows}

    def own_bids(self, game_id: str, seat: int) -> dict[str, tuple[int, str]]:
        """One seat's own bids: auction id → (amount, receipt)."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT auction_id, amount, receipt FROM bids WHERE game_id = ? AND seat = ?",
                [game_id, seat]).fetchall()
        return {str(r[0]): (int(r[1]), str(r[2])) for r in rows}

    def mark_undone(self, state: GameState, seqs: list[int], by: int | None) -> GameState:
        """Set (or, for a redo, clear) the ``undone_by`` of events, then fold anew."""
        self._dirty = True
        marks = ",".join("?" * len(seqs))
        self.conn.execute(f"UPDATE events SET undone_by = ? WHERE game_id = ? AND seq IN "
                          f"({marks})", [by, state.id, *seqs])
        new = state.with_undone(seqs, by)
        self._games[state.id] = new
        return new
