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
  ``ParkingTask`` hands the stream the connection (a ``ChannelSink``) and frees the
  worker thread (companion/serve_channel.py: a connection, its deadlines and its parked
  stream). The stream's later events are written by the hub's pump threads through
  waitress's own thread-safe ``write_soon``, and waitress's poll loop flushes them and
  notices the client closing (the stream then ends at once). So open streams are bounded
  by descriptors, not threads: thousands on one process.
- **Descriptors**: where the system has ``poll()`` the server uses it (``select()`` fails
  on a descriptor numbered 1024 or more), and the open-file limit is raised to fit the
  connection limit, or the connection limit lowered to fit it: the server stops
  accepting for a while, it never exits because of how many connections are open.
"""

from __future__ import annotations

import select
import socket
from collections.abc import Callable
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from .serve_channel import Guard, GuardedChannel, client_of

#: Seconds a connection with nothing in progress stays open (waitress's channel_timeout).
IDLE_TIMEOUT = 30
#: Descriptors kept for everything but connections (the database, the log, the trigger).
SPARE_FILES = 64


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
