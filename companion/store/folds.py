"""The store: the games (their setups), the event log and each game's fold, kept in
memory for the games used last and brought up to date with what other processes wrote."""

from __future__ import annotations

import json
import secrets
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import Game, Games
from ..eventlog import Event, GameState
from .files import new_token, now
from .kept import Kept
from .tokens import Tokens

#: Folded games kept in memory, the least recently used forgotten first (issue #17: a
#: stranger creating games one after another grew the server by ~39 KB a game). A table
#: plays one game at a time; a forgotten game is read back from its log when next used.
GAMES_KEPT = 64


class Store(Tokens, Kept):
    """The one SQLite connection of this process, and the folded games of the games it
    keeps (given by the app: boardgame.io's ``Server({games})``)."""

    def __init__(self, path: str | Path, games: Games) -> None:
        """Open (or create) the database keeping ``games``; :class:`StoreError` says what
        is wrong with it."""
        self._kept = games
        self._games: OrderedDict[str, GameState] = OrderedDict()
        super().__init__(path)

    def _forget(self) -> None:
        self._games.clear()

    # -- games ------------------------------------------------------------------------------
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
