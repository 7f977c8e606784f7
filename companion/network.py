"""This machine on the table's network: the address phones should open."""

from __future__ import annotations

import errno
import socket
import time

#: How long a looked-up LAN address is used before it is looked up again (seconds): the
#: table screen draws its join codes anew on every change, and each lookup asks the
#: system for a route and for this host's addresses.
LAN_ADDRESS_TTL = 5.0
_looked_up: tuple[float, str] = (float("-inf"), "")


def lan_address() -> str:
    """The address phones on the same network should use (not 127.0.0.1), looked up at
    most every ``LAN_ADDRESS_TTL`` seconds."""
    global _looked_up
    at, address = _looked_up
    now = time.monotonic()
    if now - at >= LAN_ADDRESS_TTL:
        address = _lan_address()
        _looked_up = (now, address)
    return address


def _lan_address() -> str:
    """A UDP ``connect`` only chooses a route; it sends no packet."""
    candidates: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: picks the default route's interface
            candidates.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            candidates.append(str(info[4][0]))
    except OSError:
        pass
    for address in candidates:
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    return "127.0.0.1"


def lan_addresses() -> set[str]:
    """Every address of this machine that phones might open: the default route's, and
    each its host name resolves to (IPv4 and IPv6), loopback included."""
    found = {lan_address()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            found.add(str(info[4][0]).split("%")[0].lower())
    except OSError:
        pass
    return found


def check_listen(host: str, port: int) -> None:
    """Bind ``host``:``port`` as waitress will (each of its addresses, ``SO_REUSEADDR``, an
    IPv6 socket IPv6 only) and let go at once: raise the :class:`OSError` the server's own
    bind would (no such host, an address not this machine's, a port in use or below 1024),
    so ``companion serve`` refuses before it loads the app. Its real bind still says the
    same should the port be taken in between."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPV6_V6ONLY"):
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.bind(address)


def _can_listen(host: str, port: int) -> bool:
    """Whether ``host``:``port`` can be bound now, with the socket options waitress uses."""
    try:
        check_listen(host, port)
    except OSError:
        return False
    return True


def free_port_after(host: str, port: int, tries: int = 20) -> int:
    """The first port after ``port`` that ``host`` can listen on now (to suggest one);
    the next port when none of the next few is free."""
    for candidate in range(port + 1, min(port + 1 + tries, 65536)):
        if _can_listen(host, candidate):
            return candidate
    return port + 1 if port < 65535 else port - 1


def check_listen_host(host: str, port: int) -> None:
    """Raise :class:`socket.gaierror` for a host that names no address, before the server
    tries it (waitress reports that as a bare ValueError)."""
    socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)


def listen_problem(host: str, port: int, exc: OSError) -> str:
    """Why the server cannot listen on ``host``:``port``, and what to start with instead:
    one sentence for the terminal (after ``companion: ``)."""
    if exc.errno == errno.EADDRINUSE:
        bind_host = host or "0.0.0.0"
        return (
            f"port {port} is already in use (another server is running?); start with "
            f"--port {free_port_after(bind_host, port)} or another free port."
        )
    if exc.errno == errno.EACCES:
        return (
            f"this user may not listen on port {port} (ports below 1024 need "
            "administrator rights); start with --port 5000 or another port above 1023."
        )
    hosts = "start with --host 0.0.0.0 (every network) or --host 127.0.0.1 (this machine only)."
    if isinstance(exc, socket.gaierror):
        return f"cannot listen on {host!r}: there is no such address or host name; {hosts}"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host!r}: it is not an address of this machine; {hosts}"
    why = exc.strerror or str(exc)
    return f"cannot listen on {host} port {port} ({why}); start with another --host or --port."
