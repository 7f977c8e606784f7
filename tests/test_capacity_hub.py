"""Parked live streams in the hub (issue #23): a stream holds no thread; a change of its
game resumes it (and no other game's), its keepalive timer resumes it when nothing
changes, a client hanging up ends it and frees its slot at once, a revocation kick makes
it re-check its token, and stopping the hub ends every parked stream."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from companion import live, live_streams
from companion.live import Hub
from companion.live_streams import Pump


class Sink:
    """A connection that records what it was sent."""

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.closed = threading.Event()
        self.sent = threading.Event()

    def write(self, data: bytes) -> bool:
        self.chunks.append(data.decode())
        self.sent.set()
        return True

    def close(self) -> None:
        self.closed.set()

    def text(self) -> str:
        return "".join(self.chunks)


class Stream:
    """One parked stream of a game: its renders counted, its token valid until revoked."""

    def __init__(self, hub: Hub, game: str, viewer: str = "seat0") -> None:
        self.hub, self.game = hub, game
        self.renders = 0
        self.valid = True
        self.checks = 0
        sid = hub.open_stream(game, viewer, hub.version(game), client=f"10.0.0.{viewer}")
        assert sid is not None
        self.sid = sid
        body = live_streams.sse(hub, game, viewer, sid, False, -1, self.render, self.still_valid)
        self.pump = Pump(hub, game, body, _nothing, str.encode, bytes)
        self.sink = Sink()
        self.first = self.pump.first().decode()
        self.pump.attach(self.sink)

    def render(self) -> tuple[int, int, str]:
        self.renders += 1
        version = self.hub.version(self.game)
        return version, self.hub.presence_version(self.game), f"id: {version}\n\n"

    def still_valid(self) -> bool:
        self.checks += 1
        return self.valid


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _nothing() -> _Nothing:
    return _Nothing()


def until(check: object, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


@pytest.fixture
def hub() -> Iterator[Hub]:
    h = Hub(":memory:", max_streams=100, per_client=100)
    yield h
    h.stop()


def test_a_parked_stream_holds_no_thread_and_wakes_only_for_its_game(hub: Hub) -> None:
    before = threading.active_count()
    streams = [Stream(hub, f"g{i % 10}", viewer=str(i)) for i in range(50)]
    assert all(s.first.startswith("retry: 2000") and "id: 0" in s.first for s in streams)
    # 50 open streams: the two pump threads, no thread per stream
    assert threading.active_count() - before <= live.PUMP_THREADS
    renders = [s.renders for s in streams]
    hub.notify("g3", 1)
    mine = [s for s in streams if s.game == "g3"]
    assert until(lambda: all("id: 1" in s.sink.text() for s in mine))
    time.sleep(0.1)
    for s, was in zip(streams, renders, strict=True):
        assert s.renders == was + (1 if s.game == "g3" else 0), s.game
        if s.game != "g3":
            assert not s.sink.chunks, "another game's stream was sent something"


def test_the_keepalive_timer_resumes_an_idle_stream(
    hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_streams, "KEEPALIVE", 0.2)
    s = Stream(hub, "g")
    assert until(lambda: ": keepalive" in s.sink.text(), 3)
    checks = s.checks
    assert checks >= 2  # at the start and at the keepalive: the token re-checked then
    assert s.renders == 1  # nothing changed: nothing rendered


def test_no_token_check_on_a_change_only_on_a_kick(hub: Hub) -> None:
    s = Stream(hub, "g")
    checks = s.checks
    for v in range(1, 4):
        hub.notify("g", v)
        assert until(lambda v=v: f"id: {v}" in s.sink.text())
    assert s.checks == checks, "the token was re-checked on a change"
    s.valid = False
    hub.kick("g")  # a link revoked: the game's streams wake and re-check
    assert until(lambda: "signed-out" in s.sink.text())
    assert s.sink.closed.wait(2)
    assert hub.open_streams() == 0


def test_a_client_hanging_up_frees_its_slot_at_once(hub: Hub) -> None:
    s = Stream(hub, "g")
    assert hub.open_streams() == 1 and hub.connected("g") == {"seat0"}
    s.pump.hang_up()
    assert until(lambda: hub.open_streams() == 0, 2)
    assert hub.connected("g") == set()
    assert s.sink.closed.is_set()


def test_stopping_the_hub_ends_every_parked_stream() -> None:
    hub = Hub(":memory:", max_streams=100, per_client=100)
    streams = [Stream(hub, f"g{i}", viewer=str(i)) for i in range(5)]
    hub.stop()
    assert all(s.sink.closed.wait(2) for s in streams)
    assert hub.open_streams() == 0
