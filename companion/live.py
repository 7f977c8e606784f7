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
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

#: How often the watcher looks for other processes' writes (seconds).
WATCH_INTERVAL = 0.02
#: Open streams one viewer (the host, or one seat) may hold; a newer one replaces the oldest.
PER_VIEWER = 3


class Versioned(Protocol):
    """A game's state as the hub holds it while its write commits (``GameState``)."""

    @property
    def version(self) -> int: ...


@dataclass
class Wake:
    version: int
    presence: int
    stopping: bool
    #: The version being committed, when it is newer than ``version`` (else ``version``).
    ahead: int = -1


class Hub:
    def __init__(self, db_path: str, max_streams: int) -> None:
        self.db_path = db_path
        self.max_streams = max_streams
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._versions: dict[str, int] = {}
        #: A write's new state while its COMMIT waits for the disk (see :meth:`prepare`).
        self._pending: dict[str, Any] = {}
        #: How many prepared writes did not commit, in all and per game: the renders made
        #: ahead for them are dropped (``companion.web.render`` starts its caches afresh
        #: when ``abandoned`` moves; a stream compares its game's count, see
        #: :meth:`committed`).
        self.abandoned = 0
        self._abandons: Counter[str] = Counter()
        self._presence_version: Counter[str] = Counter()
        #: Open streams per (game, viewer) in this process; viewer = "host" or seat index.
        self._viewers: Counter[tuple[str, str]] = Counter()
        self._watched: Counter[str] = Counter()
        self._slots = threading.BoundedSemaphore(max_streams)
        self._streams: dict[tuple[str, str], list[int]] = {}
        self._replaced: set[int] = set()
        self._next_id = 0
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    # -- notifications ------------------------------------------------------------------------
    def prepare(self, game_id: str, state: Versioned) -> None:
        """A write of this process is about to COMMIT ``state``: streams may render it
        while the COMMIT waits for the disk (``fsync``), but send nothing of it before
        :meth:`notify` says it is on disk. :meth:`abandon` when the COMMIT fails."""
        with self._cond:
            if state.version > self._versions.get(game_id, -1):
                self._pending[game_id] = state
                self._cond.notify_all()

    def abandon(self, game_id: str, version: int) -> None:
        """The prepared write of ``version`` did not commit: nothing rendered for it may
        be sent (its version number will be another change's). Called before the store
        takes the next write, so no other change of that number commits before this."""
        with self._cond:
            found = self._pending.get(game_id)
            if found is not None and found.version == version:
                del self._pending[game_id]
            self.abandoned += 1
            self._abandons[game_id] += 1
            self._cond.notify_all()

    def pending(self, game_id: str) -> Any:
        """The state being committed for ``game_id``, if any (newer than :meth:`version`)."""
        with self._lock:
            return self._pending.get(game_id)

    def ahead(self, game_id: str) -> tuple[Any, int]:
        """The state being committed (or None) and the game's count of abandoned writes,
        read together: :meth:`committed` is asked with that count."""
        with self._lock:
            return self._pending.get(game_id), self._abandons[game_id]

    def notify(self, game_id: str, version: int) -> None:
        with self._cond:
            found = self._pending.get(game_id)
            if found is not None and found.version <= version:
                del self._pending[game_id]
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._cond.notify_all()

    def committed(self, game_id: str, version: int, mark: int, timeout: float) -> bool:
        """Wait until ``version``, rendered ahead from the state :meth:`ahead` gave with
        the count ``mark``, is on disk: True once it is; False when a write of the game
        was abandoned since (that state may be the one that never reached the disk, and
        its number another change's), the hub stops, or ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(
                lambda: (
                    self._stopping.is_set()
                    or self._versions.get(game_id, 0) >= version
                    or self._abandons[game_id] != mark
                ),
                timeout=timeout,
            )
            return self._versions.get(game_id, 0) >= version and self._abandons[game_id] == mark

    def version(self, game_id: str) -> int:
        """The newest version of a game this hub was told of (no database read: a stream
        asks on every wake)."""
        with self._lock:
            return self._versions.get(game_id, 0)

    def kick(self, game_id: str) -> None:
        """Wake every stream of a game so it re-checks its identity (a link was revoked)."""
        with self._cond:
            self._presence_version[game_id] += 1
            self._cond.notify_all()

    def wait(
        self, game_id: str, seen: int, seen_presence: int, timeout: float, ahead: bool = True
    ) -> Wake:
        """Block until the game's version passes ``seen`` (or, with ``ahead``, a write
        about to commit one is prepared), its presence changes, the hub stops, or
        ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(
                lambda: (
                    self._stopping.is_set()
                    or self._versions.get(game_id, 0) > seen
                    or (ahead and getattr(self._pending.get(game_id), "version", -1) > seen)
                    or self._presence_version[game_id] != seen_presence
                ),
                timeout=timeout,
            )
            version = self._versions.get(game_id, 0)
            return Wake(
                version,
                self._presence_version[game_id],
                self._stopping.is_set(),
                max(version, getattr(self._pending.get(game_id), "version", -1)),
            )

    # -- streams and presence --------------------------------------------------------------------
    def open_stream(self, game_id: str, viewer: str, version: int) -> int | None:
        """Take a stream slot; its id, or None when every slot is taken (the page falls back
        to polling). A viewer keeps at most ``PER_VIEWER`` streams: a phone that reconnects
        replaces its oldest, which is told so and closes."""
        if not self._slots.acquire(blocking=False):
            return None
        with self._cond:
            self._next_id += 1
            sid = self._next_id
            mine = self._streams.setdefault((game_id, viewer), [])
            mine.append(sid)
            for old in mine[:-PER_VIEWER]:
                self._replaced.add(old)
            self._versions.setdefault(game_id, version)
            self._viewers[(game_id, viewer)] += 1
            self._watched[game_id] += 1
            self._presence_version[game_id] += 1
            self._cond.notify_all()
        self._ensure_watcher()
        return sid

    def replaced(self, sid: int) -> bool:
        with self._lock:
            return sid in self._replaced

    def close_stream(self, game_id: str, viewer: str, sid: int) -> None:
        with self._cond:
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
            self._presence_version[game_id] += 1
            self._cond.notify_all()
        self._slots.release()

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
        with self._cond:
            self._cond.notify_all()
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
    render: Callable[[Any], tuple[int, int, str, Callable[[], None]]],
    still_valid: Callable[[], bool],
) -> Iterator[str]:
    """The Server-Sent Events of one open stream (slot ``sid``, taken already and given
    back when the generator ends). ``render(ahead)`` gives (version, presence, data, keep)
    from one state, the data being what changed for this stream since its last event
    (empty when nothing did: then no event is sent), and ``keep`` makes that state the one
    the next event starts from, called once the event is sent. ``ahead`` is the state a
    write of this process is committing (:meth:`Hub.prepare`), or None for the newest on
    disk: a stream renders it while the COMMIT waits for the disk and sends it only once
    it is on disk (dropped, unsent, if the write fails). ``still_valid`` re-checks the
    stream's token on every wake-up, so a revoked link's stream closes at once with a
    ``signed-out`` event. A stream replaced by a newer one of the same viewer ends with
    ``replaced`` (the page then stops reconnecting)."""
    presence = -1
    burst = False
    started = time.monotonic()

    def newest() -> tuple[int, Any, int]:
        version = version_of()
        ahead, mark = hub.ahead(game_id)
        if ahead is not None and ahead.version > version:
            return ahead.version, ahead, mark
        return version, None, mark

    try:
        yield "retry: 2000\n\n"
        while True:
            if not still_valid():
                yield "event: signed-out\ndata: signed-out\n\n"
                return
            if hub.replaced(sid):
                yield "event: replaced\ndata: replaced\n\n"
                return
            version, ahead, mark = (version_of(), None, 0) if burst else newest()
            pres = hub.presence_version(game_id)
            if version != seen or (is_host and pres != presence):
                if burst:
                    # Changes arrived while the last one was being sent: a burst (several
                    # phones at once). Let it finish, then send its latest state on disk
                    # (rendering each write ahead of its COMMIT would render them all).
                    time.sleep(BURST_PAUSE)
                    version = version_of()
                version, pres, html, keep = render(ahead)
                if ahead is not None and not hub.committed(game_id, version, mark, KEEPALIVE):
                    if hub.stopping:
                        return
                    continue  # its write failed (or is slow): nothing of it is sent
                keep()
                if html:
                    data = "\n".join(f"data: {line}" for line in html.splitlines())
                    yield f"id: {version}\nevent: update\n{data}\n\n"
                seen, presence = version, pres
                burst = newest()[0] != seen
            if time.monotonic() - started > STREAM_LIFETIME:
                return
            waited = presence if is_host else hub.presence_version(game_id)
            # In a burst, the next change is sent once on disk, with whatever came after it.
            wake = hub.wait(game_id, seen, waited, KEEPALIVE, ahead=not burst)
            if wake.stopping:
                return
            if max(wake.version, wake.ahead if not burst else -1) <= seen and (
                wake.presence == waited
            ):
                yield ": keepalive\n\n"
    finally:
        hub.close_stream(game_id, viewer, sid)
