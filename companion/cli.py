"""The ``companion`` command: ``serve`` the app on the table's Wi-Fi, or ``score`` a snapshot."""

from __future__ import annotations

import argparse
import json
import signal
import socket
import sys
from pathlib import Path
from typing import Any, TextIO

from .rules.errors import IllegalAction
from .rules.snapshot import score_snapshot

#: Worker threads of the WSGI server. Every open live stream (SSE) holds one thread, so
#: the pool is sized for 6 phones + the table screen many times over, plus a reserve that
#: streams may never take (see companion/live.py).
DEFAULT_THREADS = 256


def lan_address() -> str:
    """The address phones on the same network should use (not 127.0.0.1).

    A UDP ``connect`` only chooses a route; it sends no packet.
    """
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
        print(f"snapshot: not valid JSON (line {exc.lineno}, column {exc.colno})",
              file=sys.stderr)
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
    from waitress.server import create_server

    from .paths import default_db_path
    from .web import create_app

    db = Path(args.db) if args.db else default_db_path()
    # THREADS sizes the live-stream slots (threads - reserve) to the server's real pool.
    app = create_app({"DATABASE": str(db), "THREADS": args.threads})
    out = sys.stdout

    def stop(signum: int, frame: object) -> None:
        # End the live streams here, not only in the finally below: waitress's run() joins
        # its worker threads (5 s) as soon as this interrupt reaches it, and a stream
        # thread ends only when woken.
        end_streams = app.extensions.get("companion.shutdown.streams")
        if end_streams:
            end_streams()
        raise KeyboardInterrupt

    # Before the socket listens: a SIGTERM/SIGINT that arrives as soon as the port answers
    # (while the URL and QR code are still being printed) must stop cleanly too. SIGINT is
    # set explicitly because a process started in the background inherits it ignored.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    server = None
    try:
        # waitress stops accepting *any* connection at connection_limit (default 100);
        # every open live stream holds one, so the limit must sit well above the stream
        # slots (threads - reserve) or an action cannot get in (select(): < 1024 fds).
        server = create_server(app, host=args.host, port=args.port, threads=args.threads,
                               ident="tsukiji-companion", channel_timeout=300,
                               connection_limit=max(100, 2 * args.threads))
        # A host name with both IPv4 and IPv6 addresses gives a multi-socket server.
        port = getattr(server, "effective_port", None) or server.effective_listen[0][1]
        host = lan_address() if args.host in ("0.0.0.0", "::", "") else args.host
        url = f"http://{host}:{port}/"
        # Join links and QR codes use the address printed here, the one phones can reach.
        app.config["PUBLIC_URL"] = url.rstrip("/")
        print(f"Tsukiji Companion is running. Open this on the table's phones: {url}", file=out)
        if not args.no_qr:
            terminal_qr(url, out)
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
            server.task_dispatcher.shutdown(timeout=5)  # type: ignore[union-attr]
            server.close()
        shutdown = app.extensions.get("companion.shutdown")
        if shutdown:
            shutdown()
    print("Stopped.", file=out, flush=True)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Tsukiji Companion: a table companion for "
        "Tokyo Tsukiji Market.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the app on this network")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument("--db", help="SQLite file (default: in your user data folder)")
    serve.add_argument("--threads", type=int, default=DEFAULT_THREADS, help=argparse.SUPPRESS)
    serve.add_argument("--no-qr", action="store_true", help="do not print the QR code")
    serve.set_defaults(func=cmd_serve)

    score = sub.add_parser("score", help="score a tsukiji-snapshot/1 JSON file")
    score.add_argument("file", help="the snapshot file, or - for standard input")
    score.set_defaults(func=cmd_score)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
