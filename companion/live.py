"""Live updates: who is waiting for which game, and waking them when its version moves.

Writes made by this process notify at once. Writes made by another process serving the
same SQLite file are seen by one watcher thread per process, which polls
``PRAGMA data_version`` (it changes only when another connection commits) and then reads
the new versions of the games someone here is watching; it polls fast only while such
writes keep coming and backs off to once a second when none come (issue #23). The SQLite
file stays the only shared truth; nothing is broadcast between processes.

A stream is a generator (:func:`sse`) that yields its Server-Sent Events and, when it has
nothing to send, a :class:`Wait`. Two drivers run it (issue #23):

- **parked** (``companion serve``): the stream holds no thread. Its :class:`Pump` is
  parked in the hub; a change of its game (or a revocation, or its keepalive timer)
  queues it for one of a few pump threads, which render its events and hand them to the
  server's connection. An open, idle stream costs a socket and a few objects: no thread,
  no polling, no timer but its keepalive.
- **blocking** (:func:`blocking`, any other WSGI server and the test client): the
  request's thread waits on its game's condition.

Streams take slots from a bounded pool. On a shared network (issue #17) no one may take
the pool from the tables: a game's first ``GAME_RESERVE`` streams get in whenever a slot
is free, its streams beyond them only while ``HEADROOM`` slots stay free for other tables,
and one client address holds at most ``PER_CLIENT`` streams, one viewer at most
``PER_VIEWER_OPEN`` (replaced ones still closing included).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import sqlite3
import threading
import time
from collections import Counter, deque

from .live_streams import Pump, Wake

log = logging.getLogger(__name__)

#: How often the watcher looks for other processes' writes (seconds) while they come...
WATCH_INTERVAL = 0.02
#: ... and at most how long it waits between looks when none came for a while.
WATCH_IDLE_INTERVAL = 1.0
#: Threads that render and send the parked streams' events (the GIL runs one at a time;
#: the second one renders while the first waits on a socket or the database).
PUMP_THREADS = 2
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


class Hub:
    def __init__(self, db_path: str, max_streams: int, per_client: int = PER_CLIENT) -> None:
        self.db_path = db_path
        self.max_streams = max_streams
        self.per_client = per_client
        #: Seconds between a quiet stream's keepalives; None (always, but in a test of
        #: the keepalive itself: ``companion serve``'s hidden ``--keepalive``) is
        #: ``live_streams.KEEPALIVE``.
        self.keepalive: float | None = None
        self._lock = threading.Lock()
        #: One condition per game, all on the one lock: a change wakes only the streams
        #: of its own game (issue #23), not every stream of every table.
        self._conds: dict[str, threading.Condition] = {}
        self._versions: dict[str, int] = {}
        self._presence_version: Counter[str] = Counter()
        #: Open streams per game and viewer in this process; viewer = "host" or seat index.
        #: (By game: a view asks who is connected to its own game, not to every table.)
        self._viewers: dict[str, Counter[str]] = {}
        self._watched: Counter[str] = Counter()
        #: Open streams per client address, and the address of each open stream.
        self._clients: Counter[str] = Counter()
        self._client_of: dict[int, str] = {}
        self._streams: dict[tuple[str, str], list[int]] = {}
        self._replaced: set[int] = set()
        self._next_id = 0
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None
        #: Parked streams waiting per game; those due to run; keepalive timers.
        self._parked: dict[str, set[Pump]] = {}
        self._runnable: deque[Pump] = deque()
        self._timers: list[tuple[float, int, Pump]] = []
        self._tickets = itertools.count(1)
        self._work = threading.Condition(self._lock)
        self._pumps: list[threading.Thread] = []

    # -- notifications ------------------------------------------------------------------------
    def _cond(self, game_id: str) -> threading.Condition:
        """The game's condition (the lock held)."""
        cond = self._conds.get(game_id)
        if cond is None:
            cond = self._conds[game_id] = threading.Condition(self._lock)
        return cond

    def _changed(self, game_id: str) -> None:
        """Wake the game's waiting streams, blocked and parked (the lock held)."""
        cond = self._conds.get(game_id)
        if cond is not None:
            cond.notify_all()
        parked = self._parked.get(game_id)
        if parked:
            for pump in [p for p in parked if self._due(p)]:
                self._queue(pump)

    def _due(self, pump: Pump) -> bool:
        """Whether a parked stream's wait is over, but for its timer (the lock held)."""
        wait = pump.wait
        if pump.gone or self._stopping.is_set() or wait is None:
            return True
        game = pump.game_id
        if wait.seen is not None and self._versions.get(game, 0) > wait.seen:
            return True
        return wait.presence is not None and self._presence_version[game] != wait.presence

    def notify(self, game_id: str, version: int) -> None:
        with self._lock:
            if version > self._versions.get(game_id, -1):
                self._versions[game_id] = version
                self._changed(game_id)

    def version(self, game_id: str) -> int:
        """The newest version of a game this hub was told of (no database read: a stream
        asks on every wake)."""
        with self._lock:
            return self._versions.get(game_id, 0)

    def kick(self, game_id: str) -> None:
        """Wake every stream of a game so it re-checks its identity (a link was revoked)."""
        with self._lock:
            self._presence_version[game_id] += 1
            self._changed(game_id)

    def _wake(self, game_id: str) -> Wake:
        """What a waiting stream is told when it wakes (the lock held)."""
        return Wake(
            self._versions.get(game_id, 0),
            self._presence_version[game_id],
            self._stopping.is_set(),
        )

    def wait(
        self, game_id: str, seen: int | None, seen_presence: int | None, timeout: float
    ) -> Wake:
        """Block until the game's version passes ``seen``, its presence changes from
        ``seen_presence``, the hub stops, or ``timeout`` passes (``None``: not that)."""
        with self._lock:
            self._cond(game_id).wait_for(
                lambda: (
                    self._stopping.is_set()
                    or (seen is not None and self._versions.get(game_id, 0) > seen)
                    or (
                        seen_presence is not None
                        and self._presence_version[game_id] != seen_presence
                    )
                ),
                timeout=timeout,
            )
            return self._wake(game_id)

    # -- parked streams ------------------------------------------------------------------------
    def _queue(self, pump: Pump) -> None:
        """Hand a parked stream to the pump threads (the lock held)."""
        if pump.state == "parked":
            self._parked[pump.game_id].discard(pump)
            if not self._parked[pump.game_id]:
                del self._parked[pump.game_id]
        pump.state = "queued"
        self._runnable.append(pump)
        self._work.notify()

    def _park(self, pump: Pump) -> None:
        """After a step: queue the stream again if its wait is over already, else park
        it with its keepalive timer."""
        with self._lock:
            if pump.state == "done":
                return
            if self._due(pump):
                self._queue(pump)
            else:
                assert pump.wait is not None
                pump.state = "parked"
                self._parked.setdefault(pump.game_id, set()).add(pump)
                pump.ticket = next(self._tickets)
                due = time.monotonic() + pump.wait.timeout
                heapq.heappush(self._timers, (due, pump.ticket, pump))
                if self._timers[0][2] is pump:
                    self._work.notify()  # a pump thread may sleep past this timer
            self._start_pumps()

    def _hang_up(self, pump: Pump) -> None:
        with self._lock:
            pump.gone = True
            if pump.state == "parked":
                self._queue(pump)

    def _start_pumps(self) -> None:
        """The pump threads, started with the first parked stream (the lock held)."""
        while len(self._pumps) < PUMP_THREADS:
            thread = threading.Thread(
                target=self._pump, name=f"companion-pump-{len(self._pumps)}", daemon=True
            )
            self._pumps.append(thread)
            thread.start()

    def _next_pump(self) -> tuple[Pump, Wake] | None:
        """The next stream to run and its wake; None once the hub stopped and no stream is
        left to end."""
        with self._lock:
            while True:
                now = time.monotonic()
                while self._timers and self._timers[0][0] <= now:
                    _, ticket, pump = heapq.heappop(self._timers)
                    if pump.state == "parked" and pump.ticket == ticket:
                        self._queue(pump)
                if self._runnable:
                    pump = self._runnable.popleft()
                    pump.state = "running"
                    return pump, self._wake(pump.game_id)
                if self._stopping.is_set() and not self._parked:
                    return None
                timeout = self._timers[0][0] - now if self._timers else None
                self._work.wait(timeout)

    def _pump(self) -> None:
        while (job := self._next_pump()) is not None:
            pump, wake = job
            try:
                pump.step(wake)
            except Exception:  # a sink that failed: never a reason to stop pumping
                log.exception("a live stream could not be sent")
                pump.state = "done"
            self._park(pump)

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
            self._viewers.setdefault(game_id, Counter())[viewer] += 1
            self._watched[game_id] += 1
            self._clients[client] += 1
            self._client_of[sid] = client
            self._presence_version[game_id] += 1
            self._changed(game_id)
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
            viewers = self._viewers.get(game_id, Counter())
            viewers[viewer] -= 1
            if viewers[viewer] <= 0:
                del viewers[viewer]
            if not viewers:
                self._viewers.pop(game_id, None)
            self._watched[game_id] -= 1
            if self._watched[game_id] <= 0:
                del self._watched[game_id]
            client = self._client_of.pop(sid, "")
            self._clients[client] -= 1
            if self._clients[client] <= 0:
                del self._clients[client]
            self._presence_version[game_id] += 1
            self._changed(game_id)
            if game_id not in self._watched:
                self._conds.pop(game_id, None)  # nobody waits on it any more

    def connected(self, game_id: str) -> set[str]:
        """Viewers of a game with a live stream open in this process right now."""
        with self._lock:
            return {viewer for viewer, n in self._viewers.get(game_id, Counter()).items() if n > 0}

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
        """Poll ``PRAGMA data_version``: every ``WATCH_INTERVAL`` while other processes'
        writes come, backing off (doubling) to ``WATCH_IDLE_INTERVAL`` while none come.
        This process's own commits move ``data_version`` too (another connection), but
        they notify directly: finding nothing new, they count as no write."""
        conn = sqlite3.connect(self.db_path, check_same_thread=False)
        interval = WATCH_INTERVAL
        try:
            last = conn.execute("PRAGMA data_version").fetchone()[0]
            while not self._stopping.wait(interval):
                interval = min(WATCH_IDLE_INTERVAL, interval * 2)
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
                    if int(version) > self.version(game_id):
                        interval = WATCH_INTERVAL  # another process writes: look often
                        self.notify(game_id, int(version))
        finally:
            conn.close()

    def stop(self) -> None:
        """Wake every stream so it ends (the parked ones are run once more, and end);
        stop the watcher and the pump threads."""
        self._stopping.set()
        with self._lock:
            for cond in self._conds.values():
                cond.notify_all()
            for pumps in list(self._parked.values()):
                for pump in list(pumps):
                    self._queue(pump)
            self._work.notify_all()
            pumps_running = list(self._pumps)
        if self._watcher is not None:
            self._watcher.join(timeout=2)
        for thread in pumps_running:
            thread.join(timeout=2)

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()
