"""The connections of the shared-network server (companion/serve.py, issue #17): the
bounds a client address is held to and its open connections (:class:`Guard`), and
waitress's channel that knows when its request began (for the guard's read deadlines) and
that a live stream may be parked on (issue #23).

A stream's first events go out as an ordinary response; then its body raises
``companion.live_streams.Parked`` and :class:`ParkingTask` hands the stream the
connection (a :class:`ChannelSink`) and frees the worker thread. The stream's later events
are written by the hub's pump threads through waitress's own thread-safe ``write_soon``;
waitress's poll loop flushes them and notices the client closing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.task import WSGITask

from .live_streams import PARK, Parked, Pump

#: Open connections one client address may hold: a browser opens at most six to a host,
#: a script on the table's laptop may send a few dozen requests at once (the tests' forty).
PER_CLIENT_CONNECTIONS = 64
#: Seconds from a request's first byte to the end of its headers.
HEADER_TIMEOUT = 10.0
#: Seconds from a request's first byte to the end of its body (2 MiB at ~35 KB/s).
REQUEST_TIMEOUT = 60.0
#: Bytes a parked stream may have waiting for a client that does not read: beyond it the
#: stream ends (its browser reconnects and gets the page's whole live part anew).
PARKED_BACKLOG = 1 << 20


@dataclass
class Guard:
    """The bounds, and the open connections of each client address (shared by the
    listening sockets of one server)."""

    per_client: int = PER_CLIENT_CONNECTIONS
    #: Addresses of reverse proxies (``--proxy``): each carries many devices' connections,
    #: so the per-address bound is not theirs (the proxy bounds its own clients).
    proxies: frozenset[str] = frozenset()
    header_timeout: float = HEADER_TIMEOUT
    request_timeout: float = REQUEST_TIMEOUT
    lock: threading.Lock = field(default_factory=threading.Lock)
    by_client: dict[str, list[GuardedChannel]] = field(default_factory=dict)
    #: Connections closed at once because their address held too many (for the log).
    refused: int = 0

    def open(self, client: str) -> int:
        with self.lock:
            return len(self.by_client.get(client, ()))

    def add(self, channel: GuardedChannel) -> None:
        with self.lock:
            self.by_client.setdefault(channel.client, []).append(channel)

    def remove(self, channel: GuardedChannel) -> None:
        with self.lock:
            mine = self.by_client.get(channel.client)
            if mine and channel in mine:
                mine.remove(channel)
                if not mine:
                    del self.by_client[channel.client]

    def idle_of(self, client: str) -> GuardedChannel | None:
        """The address's longest idle connection with nothing in progress, if any."""
        with self.lock:
            idle = [c for c in self.by_client.get(client, ()) if c.idle()]
        return min(idle, key=lambda c: c.last_activity) if idle else None


def client_of(addr: Any) -> str:
    """The client address of a socket's peer address (host, port[, flow, scope])."""
    if isinstance(addr, tuple) and addr:
        return str(addr[0])
    return str(addr)


class ChannelSink:
    """A parked stream's connection: its bytes framed as the response began (chunked or
    not), queued with waitress's thread-safe ``write_soon`` and sent at once from the
    pump thread when the socket takes them (else by waitress's loop)."""

    def __init__(self, channel: GuardedChannel, chunked: bool) -> None:
        self.channel, self.chunked = channel, chunked
        #: The client stopped reading: close without flushing what waits for it.
        self.abort = False

    def write(self, data: bytes) -> bool:
        channel = self.channel
        if not data:
            return True
        if not channel.connected:
            return False
        if channel.total_outbufs_len > PARKED_BACKLOG:
            self.abort = True
            return False
        if self.chunked:
            data = b"%X\r\n%b\r\n" % (len(data), data)
        try:
            channel.write_soon(data)
            with channel.outbuf_lock:
                channel._flush_exception(channel._flush_some, do_close=False)
        except ClientDisconnected:
            return False
        if channel.total_outbufs_len:
            channel.server.pull_trigger()
        return True

    def close(self) -> None:
        channel = self.channel
        channel.parked = None
        if channel.connected and self.abort:
            with channel.requests_lock:
                channel.will_close = True  # its backlog is dropped, not flushed
            channel.server.pull_trigger()
        elif channel.connected:
            try:
                if self.chunked:
                    channel.write_soon(b"0\r\n\r\n")
            except ClientDisconnected:
                pass
            with channel.requests_lock:
                channel.close_when_flushed = True
            channel.server.pull_trigger()


class ParkingTask(WSGITask):
    """waitress's WSGI task that tells the app it may park a stream, and parks it."""

    channel: GuardedChannel

    def get_environment(self) -> Any:
        environ = super().get_environment()
        environ[PARK] = True
        return environ

    def service(self) -> None:
        try:
            self.start()
            self.execute()
            self.finish()
        except Parked as parked:
            # The response stays open (no final chunk); the connection is the stream's
            # until it ends, and the worker thread is free.
            self.close_on_finish = False
            channel = self.channel
            if channel.connected:
                channel.pumped = True
                channel.parked = parked.pump
                parked.pump.attach(ChannelSink(channel, self.chunked_response))
            else:
                parked.pump.close()
        except OSError:  # as waitress's Task.service
            self.close_on_finish = True
            if self.channel.adj.log_socket_errors:
                raise


class GuardedChannel(HTTPChannel):
    """waitress's channel that knows when its current request began, and may be handed
    to a parked live stream."""

    task_class = ParkingTask
    #: The parked stream this connection belongs to, if any.
    parked: Pump | None = None
    #: Once parked, always: pump threads write here, so every flush takes the lock.
    pumped = False
    # set by waitress, left out of its stubs
    requests_lock: threading.Lock
    _flush_exception: Callable[..., tuple[bool, bool]]
    _flush_some: Callable[..., bool]
    _flush_some_if_lockable: Callable[..., None]

    #: When the first byte of the request being read arrived (None between requests).
    request_started: float | None = None
    #: Whether the client has sent anything yet (a keep-alive between requests has).
    spoke = False
    client = ""
    guard: Guard | None = None

    def received(self, data: bytes) -> bool:
        if self.parked is not None:
            return True  # nothing is read on a live stream's connection (no browser sends)
        before = self.request
        self.spoke = self.spoke or bool(data)
        result: bool = super().received(data)
        if self.request is None:
            self.request_started = None
        elif self.request is not before:
            self.request_started = time.time()
        return result

    def idle(self) -> bool:
        """A keep-alive between requests: one was sent, and nothing is in progress now (no
        request being read, answered or flushed). A connection that has sent nothing yet
        is not idle: its request may be on its way."""
        return self.spoke and not (
            self.parked is not None
            or self.requests
            or self.request is not None
            or self.total_outbufs_len
            or self.will_close
            or self.close_when_flushed
        )

    def too_slow(self, now: float) -> bool:
        """A request read for longer than its deadline (headers, then the whole)."""
        started, request, guard = self.request_started, self.request, self.guard
        if started is None or request is None or guard is None or self.requests:
            return False
        limit = guard.request_timeout if request.headers_finished else guard.header_timeout
        return now - started > limit

    def handle_write(self) -> None:
        if not self.pumped:
            super().handle_write()
            return
        # waitress flushes a connection with no request in progress without its lock,
        # since no task writes then; a parked stream's pump thread does.
        self._flush_exception(self._flush_some_if_lockable)
        if self.close_when_flushed and not self.total_outbufs_len:
            self.close_when_flushed = False
            self.will_close = True
        if self.will_close:
            self.handle_close()

    def handle_close(self) -> None:
        pump, self.parked = self.parked, None
        super().handle_close()
        if pump is not None:
            pump.hang_up()  # the client went away: its stream ends, its slot frees now

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self.guard is not None:
            self.guard.remove(self)
