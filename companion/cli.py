"""The ``companion`` command: ``serve`` the app on the table's Wi-Fi, or ``score`` a snapshot."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

# ``as lan_address``: still exported from here until every caller imports companion.network.
from .network import check_listen, check_listen_host, listen_problem
from .network import lan_address as lan_address
from .rules.errors import IllegalAction
from .rules.snapshot import score_snapshot

#: Worker threads of the WSGI server: they answer requests. A live stream (SSE) holds one
#: only until its first events are out (then it is parked: companion/serve.py).
DEFAULT_THREADS = 256
#: Live streams one process holds at most (issue #23: 100 tables of 5 devices, and room
#: for more). Each is a connection: the connection limit sits above it by the threads'
#: requests, and the open-file limit is raised to fit (or the limits lowered to fit it).
DEFAULT_STREAMS = 2000
#: The cyclic garbage collector's first threshold in the server (CPython's default: 700).
#: Rendering a change for seven viewers allocates thousands of short-lived objects, so at
#: 700 a young collection ran for nearly every action; see :func:`settle_heap`.
GC_YOUNG_THRESHOLD = 10_000


def settle_heap() -> None:
    """Once the app is built, move everything it holds for good (modules, templates,
    the catalogue) out of the collector's sight (``gc.freeze``), and collect the young
    generation less often: the live streams' renders then spend ~0.1 ms per action on
    collection instead of ~0.6 ms (bench/README.md). Nothing is kept longer: what a
    render leaves behind is freed by reference counting as before; only cycles wait
    for a later pass."""
    import gc

    gc.collect()
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, second, third)


def banner(url: str, qr: bool = True) -> tuple[list[str], str]:
    """What ``companion serve`` prints once it listens at ``url`` (ending in "/"), and the
    address its terminal QR code opens: the New game page, on the device that becomes the
    table screen (issue #20). Players do not scan it: each scans their own seat code,
    which the table screen shows once the game is created."""
    start = f"{url}games/new"
    lines = [
        f"Tsukiji Companion is running at {url}",
        "Open this on the table screen (the tablet or laptop everyone can see) to start a "
        f"game: {start}",
    ]
    then = "each player then scans their own seat's code on the table screen."
    lines.append(f"The QR code below opens it there; {then}" if qr else then.capitalize())
    return lines, start


def terminal_qr(text: str, out: TextIO) -> None:
    """Print a QR code of ``text`` with block characters (phones scan the terminal)."""
    import qrcode

    qr = qrcode.QRCode(border=2)
    qr.add_data(text)
    qr.make(fit=True)
    qr.print_ascii(out=out, invert=True)


def cmd_score(args: argparse.Namespace) -> int:
    source: TextIO
    try:
        if args.file == "-":
            source = sys.stdin
            text = source.read()
        else:
            text = Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"{args.file}: cannot read: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{args.file}: not UTF-8 text", file=sys.stderr)
        return 2
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"snapshot: not valid JSON (line {exc.lineno}, column {exc.colno})", file=sys.stderr)
        return 2
    except RecursionError:
        print("snapshot: nested too deeply to be a snapshot", file=sys.stderr)
        return 2
    try:
        report = score_snapshot(data)
    except IllegalAction as exc:
        print(str(exc), file=sys.stderr)
        return 2
    json.dump(report.to_json(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .paths import default_db_path
    from .store import StoreError  # here, not at the top: ``companion score`` needs no store
    from .store.database import Database

    try:
        db = Path(args.db) if args.db else default_db_path()
    except OSError as exc:
        why = (exc.strerror or str(exc)).lower()
        print(
            f"companion: cannot create the data folder {exc.filename} for the database "
            f"({why}); pass --db to use a file in another folder.",
            file=sys.stderr,
        )
        return 1
    # A database or an address the server cannot use is refused before the app is loaded
    # (Flask, every game's rules and pages: a second or more of a Raspberry Pi's CPU), by
    # the same checks and in the same words as when the app opens them: the store's own
    # open (checked again by the app's store, tens of milliseconds for a thousand games),
    # then a bind of the address as the server's.
    try:
        Database(db).close()
    except StoreError as exc:
        print(f"companion: {exc.message}", file=sys.stderr)
        return 1
    try:
        check_listen(args.host, args.port)
    except OSError as exc:
        print(f"companion: {listen_problem(args.host, args.port, exc)}", file=sys.stderr)
        return 1

    from waitress.server import MultiSocketServer

    from .live import PER_CLIENT
    from .serve import behind_proxies, create_server
    from .serve_channel import PER_CLIENT_CONNECTIONS, Guard
    from .web import create_app
    from .web.export import IMPORT_LIMIT

    try:
        # THREADS sizes the live-stream slots (threads - reserve) to the server's real pool.
        app = create_app(
            {
                "DATABASE": str(db),
                "THREADS": args.threads,
                "STREAMS": args.streams,
                "CLIENT_STREAMS": args.client_streams or PER_CLIENT,
                "ID_PREFIX": args.id_prefix or "",
            }
        )
    except StoreError as exc:
        print(f"companion: {exc.message}", file=sys.stderr)
        return 1
    proxies = frozenset(args.proxy or ())
    if proxies:
        app.wsgi_app = behind_proxies(app.wsgi_app, proxies)  # type: ignore[method-assign]
    settle_heap()
    out = sys.stdout

    def stop(signum: int, frame: object) -> None:
        # End the live streams here, not only in the finally below: waitress's run() joins
        # its worker threads (5 s) as soon as this interrupt reaches it, and a stream
        # thread ends only when woken. From another thread: the signal may arrive while
        # this one (waitress's loop, noticing a client hang up) holds the hub's lock.
        end_streams = app.extensions.get("companion.shutdown.streams")
        if end_streams:
            threading.Thread(target=end_streams, name="companion-stop", daemon=True).start()
        raise KeyboardInterrupt

    # Before the socket listens: a SIGTERM/SIGINT that arrives as soon as the port answers
    # (while the URL and QR code are still being printed) must stop cleanly too. SIGINT is
    # set explicitly because a process started in the background inherits it ignored.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    guard = Guard(per_client=args.client_connections or PER_CLIENT_CONNECTIONS, proxies=proxies)
    if args.header_timeout:  # a test's (else serve_channel.HEADER_TIMEOUT)
        guard.header_timeout = args.header_timeout
    server = None
    try:
        try:
            check_listen_host(args.host, args.port)
            # waitress stops accepting *any* connection at connection_limit (default 100);
            # every open live stream holds one, so the limit must sit well above the stream
            # slots (threads - reserve) or an action cannot get in. One client address
            # holds at most --client-connections of them, and a request must arrive
            # within its deadlines (issue #17, companion/serve.py, which also fits the
            # limit to the open-file limit and to select() where poll() is missing).
            server = create_server(
                app,
                host=args.host,
                port=args.port,
                threads=args.threads,
                connection_limit=args.streams + max(100, 4 * args.threads),
                guard=guard,
                ident="tsukiji-companion",
                # waitress would buffer up to 1 GB before the app's own limit
                # answers. A game file is the largest body (IMPORT_LIMIT: one limit,
                # the import page's promise and the app's own); every other request
                # is refused by the app beyond its 64 KiB, in its own sentence.
                # (waitress refuses a body of exactly its limit: + 1 takes IMPORT_LIMIT.)
                max_request_body_size=IMPORT_LIMIT + 1,
                # waitress strips X-Forwarded-For from every request unless told not to;
                # behind_proxies reads it from the --proxy addresses only.
                clear_untrusted_proxy_headers=not proxies,
                send_buffer=args.send_buffer,
            )
        except OSError as exc:
            print(f"companion: {listen_problem(args.host, args.port, exc)}", file=sys.stderr)
            return 1  # after the finally below has closed the database
        # The connection limit may have been lowered to fit the open-file limit: the
        # streams then fit under it, leaving a quarter (at least 100) for requests, so a
        # stream beyond is told 503 (the page polls) instead of waiting to be accepted.
        limit = int(server.adj.connection_limit)
        streams_hub = app.extensions["companion.hub"]
        streams_hub.max_streams = max(4, min(streams_hub.max_streams, limit - max(100, limit // 4)))
        streams_hub.keepalive = args.keepalive
        # A host name with both IPv4 and IPv6 addresses gives a multi-socket server.
        if isinstance(server, MultiSocketServer):
            port = server.effective_listen[0][1]
        else:  # effective_port is set by waitress's TCP server; its stubs leave it out
            port = int(getattr(server, "effective_port", args.port))
        host = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host
        url = f"http://{host}:{port}/"
        extra_hosts = list(args.allow_host or [])
        if args.public_url:  # behind a proxy: the address phones reach is the proxy's
            url = args.public_url.rstrip("/") + "/"
            extra_hosts.append(urlsplit(url).hostname or host)
        # Join links and QR codes use the address printed here, the one phones can reach.
        app.config["PUBLIC_URL"] = url.rstrip("/")
        # Only these names are answered (DNS rebinding, issue #17): a page of another
        # name pointed at this address gets a 400 (companion/web/security.py).
        app.config["ALLOWED_HOSTS"] = allowed_hosts(host, args.host, extra_hosts)
        lines, qr_target = banner(url, qr=not args.no_qr)
        for line in lines:
            print(line, file=out)
        if not args.no_qr:
            terminal_qr(qr_target, out)
        print(f"Database: {db}", file=out)
        print("Stop with Ctrl-C.", file=out, flush=True)
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        # Wake and end the live streams first, so no worker thread is left writing to a
        # closed server; then let the workers finish and close the sockets.
        end_streams = app.extensions.get("companion.shutdown.streams")
        if end_streams:
            end_streams()
        if server is not None:
            server.task_dispatcher.shutdown(timeout=5)
            server.close()
        shutdown = app.extensions.get("companion.shutdown")
        if shutdown:
            shutdown()
    print("Stopped.", file=out, flush=True)
    return 0


def allowed_hosts(printed: str, listen: str, extra: list[str]) -> frozenset[str]:
    """The Host names the server answers to: the one it printed, the address it listens
    on, this machine's LAN addresses, the loopback names and the operator's own."""
    from .network import lan_addresses
    from .web.security import LOOPBACK_HOSTS, host_name

    names = {printed, *extra} | lan_addresses()
    if listen not in ("0.0.0.0", "::", ""):
        names.add(listen)
    return frozenset(LOOPBACK_HOSTS | {host_name(n) for n in names if n.strip()})


def host_option(text: str) -> str:
    """An ``--allow-host`` name: a host name or an address, without a scheme or a path."""
    name = text.strip()
    if not name or any(c in name for c in "/ @?#") or "://" in name:
        raise argparse.ArgumentTypeError(f"{text!r} is not a host name (e.g. table.local)")
    return name


def id_prefix(text: str) -> str:
    """An ``--id-prefix``: 1 to 8 lower-case letters and digits."""
    if not (1 <= len(text) <= 8 and text.isascii() and text.isalnum() and text.islower()):
        raise argparse.ArgumentTypeError(f"{text!r}: 1 to 8 lower-case letters and digits")
    return text


def public_url(text: str) -> str:
    """A ``--public-url``: http(s)://name[:port] of the proxy in front of this process."""
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path not in ("", "/"):
        raise argparse.ArgumentTypeError(f"{text!r} is not an address like http://table.local/")
    return text


def port_number(text: str) -> int:
    """A TCP port (0 lets the system choose); waitress would wrap 70000 round to 4464."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number (0 to 65535)")
    return port


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Tsukiji Companion: a table companion for Tokyo Tsukiji Market.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the app on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=port_number, default=5000, help="port (default 5000)")
    serve.add_argument("--db", help="SQLite file (default: in your user data folder)")
    serve.add_argument("--threads", type=int, default=DEFAULT_THREADS, help=argparse.SUPPRESS)
    serve.add_argument(
        "--streams",
        type=int,
        default=DEFAULT_STREAMS,
        metavar="N",
        help=f"live streams held at most (default {DEFAULT_STREAMS}); beyond, a page polls",
    )
    # What one client address may hold (issue #17): its open connections (default
    # companion.serve_channel.PER_CLIENT_CONNECTIONS), its live streams (companion.live.PER_CLIENT).
    serve.add_argument("--client-connections", type=int, help=argparse.SUPPRESS)
    serve.add_argument("--client-streams", type=int, help=argparse.SUPPRESS)
    # The kernel's send buffer of each connection in bytes (SO_SNDBUF; default: the
    # system's, which grows to megabytes): a test sets it small so that a client that stops
    # reading fills it, and the server's own backlog, within a few actions.
    serve.add_argument("--send-buffer", type=int, help=argparse.SUPPRESS)
    # Timers shortened for a test of the mechanism itself, so that it waits a second, not
    # the production value (tests/test_serve.py pins the defaults): the seconds between a
    # quiet live stream's keepalives (default companion.live_streams.KEEPALIVE) and from
    # a request's first byte to the end of its headers (default
    # companion.serve_channel.HEADER_TIMEOUT).
    serve.add_argument("--keepalive", type=float, help=argparse.SUPPRESS)
    serve.add_argument("--header-timeout", type=float, help=argparse.SUPPRESS)
    serve.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    # Several processes behind one proxy (issue #23, deploy/README.md).
    serve.add_argument(
        "--id-prefix",
        type=id_prefix,
        metavar="P",
        help="begin every game id and link this process makes with P, so a proxy in front "
        "of several processes routes each game to its owner (deploy/README.md)",
    )
    serve.add_argument(
        "--proxy",
        action="append",
        metavar="ADDRESS",
        help="a reverse proxy's address (repeatable): its X-Forwarded-For names the device",
    )
    serve.add_argument(
        "--public-url",
        type=public_url,
        metavar="URL",
        help="the proxy's address, printed and put in join links and QR codes",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        type=host_option,
        metavar="NAME",
        help="also answer to this host name (repeatable); the server answers only to the "
        "address it prints, this machine's addresses and localhost",
    )
    serve.set_defaults(func=cmd_serve)

    score = sub.add_parser("score", help="score a tsukiji-snapshot/1 JSON file")
    score.add_argument("file", help="the snapshot file, or - for standard input")
    score.set_defaults(func=cmd_score)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
