"""Live updates: who is waiting for which game, and waking them when its version moves.

Writes made by this process notify at once. Writes made by another process serving the
same SQLite file are seen by one watcher thread per process, which polls
``PRAGMA data_version`` (it changes only when another connection commits) and then reads
the new versions of the games someone here is watching. The SQLite file stays the only
shared truth; nothing is broadcast between processes.

Every open stream holds a server thread, so streams take slots from a bounded pool that
leaves threads free for actions: an action always gets through, however many phones and
screens are listening.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import Counter
from dataclasses import dataclass

#: How often the watcher looks for other processes' writes (seconds).
WATCH_INTERVAL = 0.02


@dataclass
class Wake:
    version: int
    presence: int
    stopping: bool


class Hub:
    def __init__(self, db_path: str, max_streams: int) -> None:
        self.db_path = db_path
        self.max_streams = max_streams
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._versions: dict[str, int] = {}
        self._presence_version: Counter[str] = Counter()
        #: Open streams per (game, viewer) in this process; viewer = "host" or seat index.
        self._viewers: Counter[tuple[str, str]] = Counter()
        self._watched: Counter[str] = Counter()
        self._slots = threading.BoundedSemaphore(max_streams)
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- notifications ------------------------------------------------------------------------
    def notify(self, game_id: str, version: int) -> None:
        with self._cond:
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._cond.notify_all()

    def wait(self, game_id: str, seen: int, seen_presence: int, timeout: float) -> Wake:
        """Block until the game's version passes ``seen``, its presence changes, the hub
        stops, or ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(
                lambda: self._stopping.is_set()
                or self._versions.get(game_id, 0) > seen
                or self._presence_version[game_id] != seen_presence,
                timeout=timeout,
            )
            return Wake(self._versions.get(game_id, 0), self._presence_version[game_id],
                        self._stopping.is_set())

    # -- streams and presence --------------------------------------------------------------------
    def open_stream(self, game_id: str, viewer: str, version: int) -> bool:
        """Take a stream slot; False when every slot is taken (the page falls back to
        polling)."""
        if not self._slots.acquire(blocking=False):
            return False
        with self._cond:
            self._versions.setdefault(game_id, version)
            self._viewers[(game_id, viewer)] += 1
            self._watched[game_id] += 1
            self._presence_version[game_id] += 1
            self._cond.notify_all()
        self._ensure_watcher()
        return True

    def close_stream(self, game_id: str, viewer: str) -> None:
        with self._cond:
            self._viewers[(game_id, viewer)] -= 1
            if self._viewers[(game_id, viewer)] <= 0:
                del self._viewers[(game_id, viewer)]
            self._watched[game_id] -= 1
            if self._watched[game_id] <= 0:
                del self._watched[game_id]
            self._presence_version[game_id] += 1
            self._cond.notify_all()
        self._slots.release()

    def connected(self, game_id: str) -> set[str]:
        """Viewers of a game with a live stream open in this process right now."""
        with self._lock:
            return {viewer for (game, viewer), n in self._viewers.items()
                    if game == game_id and n > 0}

    def presence_version(self, game_id: str) -> int:
        with self._lock:
            return self._presence_version[game_id]

    def open_streams(self) -> int:
        with self._lock:
            return sum(self._watched.values())

    # -- the cross-process watcher -----------------------------------------------------------------
    def _ensure_watcher(self) -> None:
        with self._lock:
            if self._watcher is not None or self.db_path == ":memory:":
                return
            self._watcher = threading.Thread(target=self._watch, name="companion-watcher",
                                             daemon=True)
            self._watcher.start()

    def _watch(self) -> None:
        conn = sqlite3.connect(self.db_path, check_same_thread=False)
        try:
            last = conn.execute("PRAGMA data_version").fetchone()[0]
            while not self._stopping.wait(WATCH_INTERVAL):
                current = conn.execute("PRAGMA data_version").fetchone()[0]
                if current == last:
                    continue
                last = current
                with self._lock:
                    games = list(self._watched)
                if not games:
                    continue
                marks = ",".join("?" * len(games))
                rows = conn.execute(
                    f"SELECT game_id, max(seq) FROM events WHERE game_id IN ({marks}) "
                    "GROUP BY game_id", games).fetchall()
                for game_id, version in rows:
                    self.notify(game_id, int(version))
        finally:
            conn.close()

    def stop(self) -> None:
        """Wake every stream so it ends; stop the watcher."""
        self._stopping.set()
        with self._cond:
            self._cond.notify_all()
        if self._watcher is not None:
            self._watcher.join(timeout=2)

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()
