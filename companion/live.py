"""Live updates: who is waiting for which game, and waking them when its version moves.

Writes made by this process notify at once. Writes made by another process serving the
same SQLite file are seen by one watcher thread per process, which polls
``PRAGMA data_version`` (it changes only when another connection commits) and then reads
the new versions of the games someone here is watching. The SQLite file stays the only
shared truth; nothing is broadcast between processes.

Every open stream holds a server thread, so streams take slots from a bounded pool that
leaves threads free for actions: an action always gets through, however many phones and
screens are listening. On a shared network (issue #17) no one may take the pool from the
tables: a game's first ``GAME_RESERVE`` streams get in whenever a slot is free, its
streams beyond them only while ``HEADROOM`` slots stay free for other tables, and one
client address holds at most ``PER_CLIENT`` streams, one viewer at most
``PER_VIEWER_OPEN`` (replaced ones still closing included).
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: How often the watcher looks for other processes' writes (seconds).
WATCH_INTERVAL = 0.02
#: Open streams one viewer (the host, or one seat) may hold; a newer one replaces the oldest.
PER_VIEWER = 3
#: Open streams of one viewer, replaced ones not yet closed included: beyond it a new one
#: is refused (a replaced stream closes as soon as it wakes, so only a burst meets this).
PER_VIEWER_OPEN = 2 * PER_VIEWER
#: A game's first streams (six phones, the table screen, one spare): taken whenever any
#: slot is free, so a table with no stream yet always gets its own.
GAME_RESERVE = 8
#: Slots a game's streams beyond its ``GAME_RESERVE`` must leave free (other tables' first).
HEADROOM = 2 * GAME_RESERVE
#: Open streams one client address may hold. A phone needs one, a laptop showing the
#: table screen and a few seats' pages a few; but a page closed or reloaded keeps its
#: stream until the server notices it went away (two keepalives, ~5 s), so a device
#: quickly going from page to page holds several at once.
PER_CLIENT = 32


@dataclass
class Wake:
    version: int
    presence: int
    stopping: bool


class Hub:
    def __init__(self, db_path: str, max_streams: int, per_client: int = PER_CLIENT) -> None:
        self.db_path = db_path
        self.max_streams = max_streams
        self.per_client = per_client
        self._lock = threading.Lock()
        #: One condition per game, all on the one lock: a change wakes only the streams
        #: of its own game (issue #23), not every stream of every table.
        self._conds: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._presence_version: Counter[str] = Counter()
        #: Open streams per (game, viewer) in this process; viewer = "host" or seat index.
        self._viewers: Counter[tuple[str, str]] = Counter()
        self._watched: Counter[str] = Counter()
        #: Open streams per client address, and the address of each open stream.
        self._clients: Counter[str] = Counter()
        self._client_of: dict[int, str] = {}
        self._streams: dict[tuple[str, str], list[int]] = {}
        self._replaced: set[int] = set()
        self._next_id = 0
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- notifications ------------------------------------------------------------------------
    def _cond(self, game_id: str) -> threading.Condition:
        """The game's condition (the lock held)."""
        cond = self._conds.get(game_id)
        if cond is None:
            cond = self._conds[game_id] = threading.Condition(self._lock)
        return cond

    def notify(self, game_id: str, version: int) -> None:
        with self._lock:
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._cond(game_id).notify_all()

    def version(self, game_id: str) -> int:
        """The newest version of a game this hub was told of (no database read: a stream
        asks on every wake)."""
        with self._lock:
            return self._versions.get(game_id, 0)

    def kick(self, game_id: str) -> None:
        """Wake every stream of a game so it re-checks its identity (a link was revoked)."""
        with self._lock:
            self._presence_version[game_id] += 1
            self._cond(game_id).notify_all()

    def wait(self, game_id: str, seen: int, seen_presence: int, timeout: float) -> Wake:
        """Block until the game's version passes ``seen``, its presence changes, the hub
        stops, or ``timeout`` passes."""
        with self._lock:
            self._cond(game_id).wait_for(
                lambda: (
                    self._stopping.is_set()
                    or self._versions.get(game_id, 0) > seen
                    or self._presence_version[game_id] != seen_presence
                ),
                timeout=timeout,
            )
            return Wake(
                self._versions.get(game_id, 0),
                self._presence_version[game_id],
                self._stopping.is_set(),
            )

    # -- streams and presence --------------------------------------------------------------------
    def _may_open(self, game_id: str, viewer: str, client: str) -> bool:
        """Whether a stream of ``viewer`` in a game, from ``client``, may take a slot now
        (the lock held)."""
        held = sum(self._watched.values())
        if held >= self.max_streams:
            return False
        if self._clients[client] >= self.per_client:
            return False
        if len(self._streams.get((game_id, viewer), ())) >= PER_VIEWER_OPEN:
            return False
        if self._watched[game_id] < GAME_RESERVE:
            return True
        return self.max_streams - (held + 1) >= HEADROOM

    def open_stream(self, game_id: str, viewer: str, version: int, client: str = "") -> int | None:
        """Take a stream slot; its id, or None when no slot may be taken (the page falls
        back to polling): every slot taken, ``client`` (the address it comes from) holding
        its ``per_client`` already, the viewer its ``PER_VIEWER_OPEN``, or the game its
        ``GAME_RESERVE`` while fewer than ``HEADROOM`` slots are free. A viewer keeps at
        most ``PER_VIEWER`` streams: a phone that reconnects replaces its oldest, which is
        told so and closes."""
        with self._lock:
            if not self._may_open(game_id, viewer, client):
                return None
            self._next_id += 1
            sid = self._next_id
            mine = self._streams.setdefault((game_id, viewer), [])
            mine.append(sid)
            for old in mine[:-PER_VIEWER]:
                self._replaced.add(old)
            self._versions.setdefault(game_id, version)
            self._viewers[(game_id, viewer)] += 1
            self._watched[game_id] += 1
            self._clients[client] += 1
            self._client_of[sid] = client
            self._presence_version[game_id] += 1
            self._cond(game_id).notify_all()
        self._ensure_watcher()
        return sid

    def replaced(self, sid: int) -> bool:
        with self._lock:
            return sid in self._replaced

    def close_stream(self, game_id: str, viewer: str, sid: int) -> None:
        with self._lock:
            mine = self._streams.get((game_id, viewer), [])
            if sid in mine:
                mine.remove(sid)
            if not mine:
                self._streams.pop((game_id, viewer), None)
            self._replaced.discard(sid)
            self._viewers[(game_id, viewer)] -= 1
            if self._viewers[(game_id, viewer)] <= 0:
                del self._viewers[(game_id, viewer)]
            self._watched[game_id] -= 1
            if self._watched[game_id] <= 0:
                del self._watched[game_id]
            client = self._client_of.pop(sid, "")
            self._clients[client] -= 1
            if self._clients[client] <= 0:
                del self._clients[client]
            self._presence_version[game_id] += 1
            self._cond(game_id).notify_all()
            if game_id not in self._watched:
                self._conds.pop(game_id, None)  # nobody waits on it any more

    def connected(self, game_id: str) -> set[str]:
        """Viewers of a game with a live stream open in this process right now."""
        with self._lock:
            return {
                viewer for (game, viewer), n in self._viewers.items() if game == game_id and n > 0
            }

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
            self._watcher = threading.Thread(
                target=self._watch, name="companion-watcher", daemon=True
            )
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
                    "GROUP BY game_id",
                    games,
                ).fetchall()
                for game_id, version in rows:
                    self.notify(game_id, int(version))
        finally:
            conn.close()

    def stop(self) -> None:
        """Wake every stream so it ends; stop the watcher."""
        self._stopping.set()
        with self._lock:
            for cond in self._conds.values():
                cond.notify_all()
        if self._watcher is not None:
            self._watcher.join(timeout=2)

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()


#: A live stream ends after this long; the browser reconnects with Last-Event-ID.
STREAM_LIFETIME = 600.0
#: A comment line this often: it keeps proxies from closing an idle stream, and writing it
#: is how a client that went away is noticed (the write fails), so its slot frees quickly.
KEEPALIVE = 2.5
#: How long a stream lets a burst of changes settle before rendering its latest state.
BURST_PAUSE = 0.01


def sse(
    hub: Hub,
    game_id: str,
    viewer: str,
    sid: int,
    is_host: bool,
    seen: int,
    version_of: Callable[[], int],
    render: Callable[[], tuple[int, int, str]],
    still_valid: Callable[[], bool],
) -> Iterator[str]:
    """The Server-Sent Events of one open stream (slot ``sid``, taken already and given
    back when the generator ends). ``render`` gives (version, presence, events) from one
    state, the events being the Server-Sent Events this stream sends for it (empty when
    the viewer's page did not change: then nothing is sent); ``still_valid`` re-checks the
    stream's token on every wake-up, so a revoked link's stream closes at once with a
    ``signed-out`` event. A stream replaced by a newer one of the same viewer ends with
    ``replaced`` (the page then stops reconnecting)."""
    presence = -1
    burst = False
    started = time.monotonic()
    try:
        yield "retry: 2000\n\n"
        while True:
            if not still_valid():
                yield "event: signed-out\ndata: signed-out\n\n"
                return
            if hub.replaced(sid):
                yield "event: replaced\ndata: replaced\n\n"
                return
            version = version_of()
            pres = hub.presence_version(game_id)
            if version != seen or (is_host and pres != presence):
                if burst:
                    # Changes arrived while the last one was being sent: a burst (several
                    # phones at once). Let it finish, then send its latest state.
                    time.sleep(BURST_PAUSE)
                version, pres, events = render()
                if events:
                    yield events
                seen, presence = version, pres
                burst = version_of() != seen
            if time.monotonic() - started > STREAM_LIFETIME:
                return
            waited = presence if is_host else hub.presence_version(game_id)
            wake = hub.wait(game_id, seen, waited, KEEPALIVE)
            if wake.stopping:
                return
            if wake.version <= seen and wake.presence == waited:
                yield ": keepalive\n\n"
    finally:
        hub.close_stream(game_id, viewer, sid)
