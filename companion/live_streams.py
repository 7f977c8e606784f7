"""One live stream of a game page: its Server-Sent Events (:func:`sse`), a generator that
yields a :class:`Wait` when it has nothing to send, and the two ways it is driven
(issue #23): parked (a :class:`Pump` resumed by the hub's pump threads, holding no
thread) or blocking (:func:`blocking`, the request's thread waits on its game). The hub
that wakes them is ``companion.live.Hub``."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Streams(Protocol):
    """What a stream asks of the hub (``companion.live.Hub``)."""

    #: Seconds between a quiet stream's keepalives; None: :data:`KEEPALIVE`.
    keepalive: float | None

    def version(self, game_id: str) -> int: ...

    def presence_version(self, game_id: str) -> int: ...

    def replaced(self, sid: int) -> bool: ...

    def close_stream(self, game_id: str, viewer: str, sid: int) -> None: ...

    def wait(
        self, game_id: str, seen: int | None, seen_presence: int | None, timeout: float
    ) -> Wake: ...

    def _park(self, pump: Pump) -> None: ...

    def _hang_up(self, pump: Pump) -> None: ...


@dataclass
class Wake:
    version: int
    presence: int
    stopping: bool


@dataclass(frozen=True)
class Wait:
    """What a stream yields when it has nothing to send: wake it when its game's version
    passes ``seen``, when its presence count differs from ``presence`` (a device came or
    went, a link was revoked), or after ``timeout`` seconds. ``None`` never wakes it."""

    seen: int | None
    presence: int | None
    timeout: float


#: A stream: yields its events (text) and :class:`Wait`\ s, is sent a :class:`Wake` for each.
Stream = Generator["str | Wait", "Wake | None", None]


class Sink(Protocol):
    """Where a parked stream's bytes go: the server's connection."""

    def write(self, data: bytes) -> bool:
        """Queue ``data``; False when the client is gone or reads too slowly (the stream
        then ends)."""

    def close(self) -> None:
        """End the response and the connection (the browser reconnects)."""


#: Set in the WSGI environment by a server that parks streams (``companion.serve``).
PARK = "companion.park"


class Parked(Exception):
    """Raised through the WSGI server by a stream's body once its first bytes are out: the
    server hands :attr:`pump` its connection (a :class:`Sink`) and frees the thread."""

    def __init__(self, pump: Pump) -> None:
        super().__init__("parked")
        self.pump = pump


class Pump:
    """One parked stream: its generator, resumed by the hub's pump threads.

    ``context`` enters what a step of the generator needs (the request's context, for the
    viewer's language and addresses); ``encode`` turns its text into the bytes to send
    (gzip, flushed per step, where the browser accepts it) and ``finish`` gives the last
    bytes of a stream that ended by itself."""

    def __init__(
        self,
        hub: Streams,
        game_id: str,
        stream: Stream,
        context: Callable[[], AbstractContextManager[Any]],
        encode: Callable[[str], bytes],
        finish: Callable[[], bytes],
    ) -> None:
        self.hub, self.game_id, self.stream = hub, game_id, stream
        self.context, self.encode, self.finish = context, encode, finish
        self.wait: Wait | None = None
        self.sink: Sink | None = None
        #: "new", "parked", "queued", "running" or "done" (the hub's lock held).
        self.state = "new"
        self.gone = False
        self.ticket = 0

    def first(self) -> bytes:
        """Run the stream until it first waits (in the request, before any byte is sent):
        the bytes to send at once. A stream that ends at once is finished here."""
        out: list[str] = []
        try:
            item = next(self.stream)
            while not isinstance(item, Wait):
                out.append(item)
                item = next(self.stream)
            self.wait = item
        except StopIteration:
            self.state = "done"
            return self.encode("".join(out)) + self.finish()
        return self.encode("".join(out))

    def attach(self, sink: Sink) -> None:
        """The server's connection for the rest of the stream; from now on it is parked."""
        self.sink = sink
        self.hub._park(self)

    def hang_up(self) -> None:
        """The client closed the connection: end the stream (its slot frees at once)."""
        self.hub._hang_up(self)

    def step(self, wake: Wake) -> None:
        """One resumption (in a pump thread): run the stream until its next wait, and send
        what it yielded. Ends the stream when it returns, fails, or the client is gone."""
        sink = self.sink
        assert sink is not None
        if self.gone:
            self.close()
            return
        out: list[str] = []
        ended = False
        try:
            with self.context():
                item = self.stream.send(wake)
                while not isinstance(item, Wait):
                    out.append(item)
                    item = next(self.stream)
            self.wait = item
        except StopIteration:
            ended = True
        except Exception:
            log.exception("a live stream failed; it ends (the browser reconnects)")
            self.close()
            return
        data = self.encode("".join(out)) if out else b""
        if ended:
            sink.write(data + self.finish())
            self.close()
        elif data and not sink.write(data):
            self.close()

    def close(self) -> None:
        """End the stream: its slot is given back, the connection closed."""
        try:
            self.stream.close()
        finally:
            self.state = "done"
            if self.sink is not None:
                self.sink.close()


#: A live stream ends after this long; the browser reconnects with Last-Event-ID.
STREAM_LIFETIME = 600.0
#: A comment line this often when nothing else is sent: it keeps proxies from closing an
#: idle stream, writing it notices a client that vanished without closing (a phone that
#: left the Wi-Fi), and the stream's token is re-checked then (a link revoked through
#: another process sharing the database; one revoked here wakes its streams at once). A
#: client that closes its connection is noticed at once by the parked streams' server.
KEEPALIVE = 15.0
#: How long a stream lets a burst of changes settle before rendering its latest state.
BURST_PAUSE = 0.01


def sse(
    hub: Streams,
    game_id: str,
    viewer: str,
    sid: int,
    is_host: bool,
    seen: int,
    render: Callable[[], tuple[int, int, str]],
    still_valid: Callable[[], bool],
) -> Stream:
    """The Server-Sent Events of one open stream (slot ``sid``, taken already and given
    back when the generator ends), with a :class:`Wait` yielded whenever it has nothing
    to send. ``render`` gives (version, presence, events) from one state, the events being
    the Server-Sent Events this stream sends for it (empty when the viewer's page did not
    change: then nothing is sent). ``still_valid`` re-checks the stream's token when its
    game's presence moves (a link revoked here kicks it) and at each keepalive: a revoked
    link's stream closes with a ``signed-out`` event. A stream replaced by a newer one of
    the same viewer ends with ``replaced`` (the page then stops reconnecting)."""
    presence = -1
    burst = False
    check = True
    started = time.monotonic()
    try:
        yield "retry: 2000\n\n"
        while True:
            if check and not still_valid():
                yield "event: signed-out\ndata: signed-out\n\n"
                return
            if hub.replaced(sid):
                yield "event: replaced\ndata: replaced\n\n"
                return
            version = hub.version(game_id)
            pres = hub.presence_version(game_id)
            if version != seen or (is_host and pres != presence):
                if burst:
                    # Changes arrived while the last one was being sent: a burst (several
                    # phones at once). Let it finish, then send its latest state.
                    pause = yield Wait(None, None, BURST_PAUSE)
                    if pause is None or pause.stopping:
                        return
                version, pres, events = render()
                if events:
                    yield events
                seen, presence = version, pres
                burst = hub.version(game_id) != seen
            if time.monotonic() - started > STREAM_LIFETIME:
                return
            waited = presence if is_host else hub.presence_version(game_id)
            wake = yield Wait(seen, waited, hub.keepalive or KEEPALIVE)
            if wake is None or wake.stopping:
                return
            moved = wake.presence != waited
            quiet = wake.version <= seen and not moved
            if quiet:
                yield ": keepalive\n\n"
            check = moved or quiet
    finally:
        hub.close_stream(game_id, viewer, sid)


def blocking(hub: Streams, game_id: str, stream: Stream) -> Iterator[str]:
    """A stream driven by the thread that serves it: each :class:`Wait` blocks on the
    game's condition (any WSGI server, the test client)."""
    try:
        item = next(stream)
        while True:
            if isinstance(item, Wait):
                item = stream.send(hub.wait(game_id, item.seen, item.presence, item.timeout))
            else:
                yield item
                item = next(stream)
    except StopIteration:
        return
    finally:
        stream.close()
