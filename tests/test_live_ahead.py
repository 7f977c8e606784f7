"""A write's new state is rendered while its COMMIT waits for the disk, and sent only once
it is on disk (companion.live.Hub.prepare / notify / abandon, companion.door.Door._writing).

The streams may start on a change before it is durable, never show it before: a stream
holds what it rendered ahead until the hub says the version is on disk, and drops it if
the write fails (its version number will be another change's). Real Hub, real Store, real
SQLite; the stream generator is driven in a thread.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.door import Door
from companion.live import Hub, sse
from companion.rules.setup import make_config
from companion.store import Store

PLAYERS = ["Aiko", "Bo", "Chiyo"]
WAIT = 10.0  # seconds: the longest any step may block before the test fails


@dataclass(frozen=True)
class Snap:
    version: int
    text: str


class Stream:
    """One ``sse`` generator read by a thread; what it rendered and what it sent."""

    def __init__(self, hub: Hub, committed: dict[int, str]) -> None:
        self.rendered: queue.Queue[int] = queue.Queue()
        self.sent: queue.Queue[str] = queue.Queue()

        def render(ahead: Any) -> tuple[int, int, str, Callable[[], None]]:
            if ahead is not None:
                version, text = ahead.version, ahead.text
            else:
                version = hub.version("g")
                text = committed.get(version, "")
            self.rendered.put(version)
            return version, 0, text, lambda: None

        self.gen: Iterator[str] = sse(
            hub, "g", "1", hub.open_stream("g", "1", 0) or 0, False, 0,
            lambda: hub.version("g"), render, lambda: True,
        )  # fmt: skip
        assert next(self.gen).startswith("retry:")
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        for chunk in self.gen:
            if chunk.startswith("id:"):
                self.sent.put(chunk)


def test_a_change_rendered_ahead_is_sent_only_once_it_is_on_disk() -> None:
    hub = Hub(":memory:", max_streams=8)
    stream = Stream(hub, {})
    try:
        hub.prepare("g", Snap(1, "first change"))
        assert stream.rendered.get(timeout=WAIT) == 1  # rendered while "committing"
        assert stream.sent.empty(), "sent before the COMMIT said it was on disk"
        hub.notify("g", 1)
        event = stream.sent.get(timeout=WAIT)
        assert event.startswith("id: 1\n") and "first change" in event
    finally:
        hub.stop()


def test_a_write_that_does_not_commit_sends_nothing_and_its_number_is_rendered_anew() -> None:
    committed: dict[int, str] = {}
    hub = Hub(":memory:", max_streams=8)
    stream = Stream(hub, committed)
    try:
        hub.prepare("g", Snap(1, "a change that never reached the disk"))
        assert stream.rendered.get(timeout=WAIT) == 1
        hub.abandon("g", 1)
        assert hub.abandoned == 1
        # Another change takes the same entry number, and commits.
        committed[1] = "the change that was kept"
        hub.notify("g", 1)
        event = stream.sent.get(timeout=WAIT)
        assert "the change that was kept" in event
        assert "never reached" not in event
        assert stream.sent.empty()
    finally:
        hub.stop()


class WatchedHub(Hub):
    """A real hub that also notes, when a write is prepared and when it is notified,
    whether another connection to the file sees the new entry yet."""

    def __init__(self, path: Path, before_commit: Callable[[], None] | None = None) -> None:
        super().__init__(str(path), max_streams=8)
        self.path = path
        self.before_commit = before_commit
        self.seen: list[tuple[str, int, bool]] = []

    def _on_disk(self, game_id: str, version: int) -> bool:
        with sqlite3.connect(self.path) as other:
            row = other.execute(
                "SELECT 1 FROM events WHERE game_id = ? AND seq = ?", [game_id, version]
            ).fetchone()
        return row is not None

    def prepare(self, game_id: str, state: Any) -> None:
        self.seen.append(("prepare", state.version, self._on_disk(game_id, state.version)))
        super().prepare(game_id, state)
        if self.before_commit is not None:
            self.before_commit()

    def notify(self, game_id: str, version: int) -> None:
        self.seen.append(("notify", version, self._on_disk(game_id, version)))
        super().notify(game_id, version)

    def abandon(self, game_id: str, version: int) -> None:
        self.seen.append(("abandon", version, self._on_disk(game_id, version)))
        super().abandon(game_id, version)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(tmp_path / "ahead.sqlite3")
    yield s
    s.close()


def _config() -> Any:
    return make_config(PLAYERS)


def _pay() -> dict[str, Any]:
    return {"from": "supply", "to": PLAYERS[0], "amount": 100}


def test_the_door_prepares_before_the_commit_and_notifies_once_on_disk(
    store: Store, tmp_path: Path
) -> None:
    hub = WatchedHub(tmp_path / "ahead.sqlite3")
    door = Door(store, hub)
    game_id, host, _ = door.create_game(_config())
    event = door.act(game_id, host, "pay", _pay())
    assert hub.seen == [("prepare", event.seq, False), ("notify", event.seq, True)]
    assert hub.pending(game_id) is None
    hub.stop()


def test_a_commit_that_fails_is_abandoned_and_never_notified(store: Store, tmp_path: Path) -> None:
    def break_the_commit() -> None:
        # A row whose foreign key is checked only at COMMIT: the COMMIT fails.
        store.conn.execute("PRAGMA defer_foreign_keys = ON")
        store.conn.execute(
            "INSERT INTO tokens (token, game_id, role, seat, revoked, created_at) "
            "VALUES ('t', 'no such game', 'host', NULL, 0, '')"
        )

    hub = WatchedHub(tmp_path / "ahead.sqlite3")
    door = Door(store, hub)
    game_id, host, _ = door.create_game(_config())
    hub.before_commit = break_the_commit
    with pytest.raises(sqlite3.IntegrityError):
        door.act(game_id, host, "pay", _pay())
    assert hub.seen == [("prepare", 1, False), ("abandon", 1, False)]
    assert hub.pending(game_id) is None and hub.abandoned == 1
    assert hub.version(game_id) == 0
    hub.before_commit = None
    assert door.act(game_id, host, "pay", _pay()).seq == 1  # the number is free again
    assert store.state(game_id).version == 1
    hub.stop()


def test_the_render_caches_start_afresh_after_an_abandoned_write(app: Any) -> None:
    from companion.web.context import hub
    from companion.web.render import caches

    with app.test_request_context("/"):
        before = caches()
        assert caches() is before
        hub().abandon("g", 1)
        after = caches()
        assert after is not before
        assert caches() is after
