"""The WSGI server on a shared network (issue #17): waitress, with what one device may
hold bounded.

waitress stops accepting *every* connection once ``connection_limit`` are open, and a
request that arrives one byte at a time keeps its connection for as long as the bytes
trickle (its ``channel_timeout`` counts from the last byte, and only between requests).
So one phone on the café's Wi-Fi holding a few hundred half-sent requests used to lock
the whole table out. Here:

- **Connections per client address** (``per_client``): beyond it, the address's oldest
  keep-alive with nothing in progress is closed to make room (the browser opens another);
  when it has none, the new connection is closed at once. A phone needs its live stream
  and a few requests, so the bound is far above any browser's (six per host).
- **Read deadlines**: a request's line and headers must arrive within
  ``header_timeout`` of its first byte, the whole request (a 2 MiB game file included)
  within ``request_timeout``; a connection with nothing in progress closes after
  ``idle_timeout`` (waitress's ``channel_timeout``). A live stream is a request being
  answered, so none of these touch it.
- **Live streams hold no thread** (issue #23): a stream's first events go out as an
  ordinary response; then its body raises ``companion.live_streams.Parked`` and
  :class:`ParkingTask` hands the stream the connection (a :class:`ChannelSink`) and
  frees the worker thread. The stream's later events are written by the hub's pump
  threads through waitress's own thread-safe ``write_soon``, and waitress's poll loop
  flushes them and notices the client closing (the stream then ends at once). So open
  streams are bounded by descriptors, not threads: thousands on one process.
- **Descriptors**: where the system has ``poll()`` the server uses it (``select()`` fails
  on a descriptor numbered 1024 or more), and the open-file limit is raised to fit the
  connection limit, or the connection limit lowered to fit it: the server stops
  accepting for a while, it never exits because of how many connections are open.
"""

from __future__ import annotations

import select
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher, WSGITask

from .live_streams import PARK, Parked, Pump

#: Open connections one client address may hold: a browser opens at most six to a host,
#: a script on the table's laptop may send a few dozen requests at once (the tests' forty).
PER_CLIENT_CONNECTIONS = 64
#: Seconds from a request's first byte to the end of its headers.
HEADER_TIMEOUT = 10.0
#: Seconds from a request's first byte to the end of its body (2 MiB at ~35 KB/s).
REQUEST_TIMEOUT = 60.0
#: Seconds a connection with nothing in progress stays open (waitress's channel_timeout).
IDLE_TIMEOUT = 30
#: Descriptors kept for everything but connections (the database, the log, the trigger).
SPARE_FILES = 64
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


class GuardedServer(TcpWSGIServer):
    """waitress's TCP server with the bounds of a :class:`Guard`."""

    channel_class = GuardedChannel
    # set by waitress, left out of its stubs
    _map: dict[int, Any]
    effective_host: str
    effective_port: int

    def __init__(self, *args: Any, guard: Guard, **kw: Any) -> None:
        self.guard = guard
        super().__init__(*args, **kw)

    def handle_accept(self) -> None:
        try:
            pair = self.accept()
            if pair is None:
                return
            conn, addr = pair
            self.set_socket_options(conn)
        except OSError:
            # as waitress: a peer gone before accept() finished, or no descriptor left
            # (EMFILE): never a reason to stop serving
            return
        addr = self.fix_addr(addr)
        client = client_of(addr)
        if client not in self.guard.proxies and self.guard.open(client) >= self.guard.per_client:
            oldest = self.guard.idle_of(client)
            if oldest is None:
                self.guard.refused += 1
                conn.close()
                return
            oldest.handle_close()  # an idle keep-alive: the browser opens another
        channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
        channel.client = client
        channel.guard = self.guard
        self.guard.add(channel)

    def maintenance(self, now: float) -> None:
        # waitress's own, but for the parked live streams: a connection with no request
        # and no activity for channel_timeout closes; a live stream has no request in
        # progress in waitress's eyes, and is never idle.
        cutoff = now - self.adj.channel_timeout
        # (the stubs call active_channels one channel; it is waitress's dict of them)
        channels: dict[int, HTTPChannel] = self.active_channels  # type: ignore[assignment]
        for channel in list(channels.values()):
            guarded = channel if isinstance(channel, GuardedChannel) else None
            if guarded is not None and guarded.parked is not None:
                continue
            if not channel.requests and channel.last_activity < cutoff:
                channel.will_close = True
            elif guarded is not None and guarded.too_slow(now):
                channel.will_close = True


def behind_proxies(app: Callable[..., Any], proxies: frozenset[str]) -> Callable[..., Any]:
    """``app`` with the client address of a request relayed by one of ``proxies`` taken
    from the last ``X-Forwarded-For`` entry (the one the proxy added: HAProxy's
    ``option forwardfor``). From any other peer the header is ignored: a phone cannot
    pose as another address to escape its bounds (issue #17)."""

    def wsgi(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if environ.get("REMOTE_ADDR") in proxies:
            forwarded = str(environ.get("HTTP_X_FORWARDED_FOR", "")).rsplit(",", 1)[-1].strip()
            if forwarded:
                environ["REMOTE_ADDR"] = forwarded
        return app(environ, start_response)

    return wsgi


def fit_open_files(connections: int) -> int:
    """Raise the soft open-file limit to hold ``connections`` sockets and the spares;
    the connection limit that fits when it cannot be raised that far."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return connections
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        want = connections + SPARE_FILES
        if soft != resource.RLIM_INFINITY and soft < want:
            new = want if hard == resource.RLIM_INFINITY else min(want, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
    except (OSError, ValueError):
        return connections
    if soft == resource.RLIM_INFINITY:
        return connections
    return max(16, min(connections, soft - SPARE_FILES))


def create_server(
    app: Callable[..., Any],
    *,
    host: str,
    port: int,
    threads: int,
    connection_limit: int,
    guard: Guard,
    send_buffer: int | None = None,
    **adjustments: Any,
) -> Any:
    """waitress's ``create_server`` for TCP, with :class:`GuardedServer` on each
    listening socket (two for a name with IPv4 and IPv6 addresses). ``send_buffer``: each
    connection's kernel send buffer in bytes (``SO_SNDBUF``), else the system's."""
    use_poll = hasattr(select, "poll")
    if not use_poll:  # select() holds at most FD_SETSIZE descriptors (512 on Windows)
        connection_limit = min(connection_limit, 500)
    adj = Adjustments(
        host=host,
        port=port,
        threads=threads,
        connection_limit=fit_open_files(connection_limit),
        channel_timeout=IDLE_TIMEOUT,
        cleanup_interval=1,
        asyncore_use_poll=use_poll,
        **adjustments,
    )
    if send_buffer is not None:
        adj.socket_options = [
            *adj.socket_options,
            (socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer),
        ]
    socket_map: dict[int, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = [
        GuardedServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info, guard=guard)
        for info in adj.listen
    ]
    if len(servers) == 1:
        return servers[0]
    listen = [(s.effective_host, s.effective_port) for s in servers]
    return MultiSocketServer(socket_map, adj, listen, dispatcher, servers[-1].log_info)
