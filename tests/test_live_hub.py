"""The live hub wakes only the streams of the game that changed (issues #16 and #23)."""

from __future__ import annotations

import threading
import time

from companion.live import Hub


def test_a_change_wakes_only_its_own_games_streams() -> None:
    hub = Hub(":memory:", max_streams=8)
    woken: dict[str, float] = {}
    started = time.monotonic()

    def wait(game: str) -> None:
        hub.wait(game, seen=0, seen_presence=hub.presence_version(game), timeout=2.0)
        woken[game] = time.monotonic() - started

    threads = [threading.Thread(target=wait, args=(g,)) for g in ("a", "b")]
    for t in threads:
        t.start()
    time.sleep(0.1)
    hub.notify("a", 1)
    threads[0].join(timeout=5)
    assert "a" in woken and woken["a"] < 1.0
    assert "b" not in woken  # still asleep: game b did not change
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
