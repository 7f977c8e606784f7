"""The live hub wakes only the streams of the game that changed (issues #16 and #23)."""

from __future__ import annotations

import threading
import time
from collections import Counter

import pytest

from companion import live
from companion.live import Hub


class CountingCondition(threading.Condition):
    """A condition that counts, per thread, how often a wait returned (woken or not)."""

    wakes: Counter[str] = Counter()

    def wait(self, timeout: float | None = None) -> bool:
        got = super().wait(timeout)
        CountingCondition.wakes[threading.current_thread().name] += 1
        return got


def test_a_change_wakes_only_its_own_games_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live.threading, "Condition", CountingCondition)
    CountingCondition.wakes.clear()
    hub = Hub(":memory:", max_streams=8)
    woken: dict[str, float] = {}
    started = time.monotonic()

    def wait(game: str) -> None:
        hub.wait(game, seen=0, seen_presence=hub.presence_version(game), timeout=2.0)
        woken[game] = time.monotonic() - started

    threads = [threading.Thread(target=wait, args=(g,), name=g) for g in ("a", "b")]
    for t in threads:
        t.start()
    time.sleep(0.3)  # both asleep
    for v in range(1, 6):
        hub.notify("a", v)
        time.sleep(0.02)
    threads[0].join(timeout=5)
    assert "a" in woken and woken["a"] < 1.0
    assert "b" not in woken
    # Game b's stream was not even woken to look (one condition for every game woke it
    # on each of a's changes, to find nothing and sleep again).
    assert CountingCondition.wakes["b"] == 0
    hub.notify("b", 1)
    threads[1].join(timeout=5)
    assert woken["b"] < 2.0
    hub.stop()


def test_stopping_wakes_every_game() -> None:
    hub = Hub(":memory:", max_streams=8)
    results: list[bool] = []

    def wait(game: str) -> None:
        results.append(hub.wait(game, 0, hub.presence_version(game), timeout=30).stopping)

    threads = [threading.Thread(target=wait, args=(g,)) for g in ("a", "b", "c")]
    for t in threads:
        t.start()
    time.sleep(0.1)
    hub.stop()
    for t in threads:
        t.join(timeout=5)
    assert results == [True, True, True]
