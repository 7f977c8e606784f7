"""Helpers shared by the test modules: the real server process on a free port.

A plain module (not conftest) so tests can import it by name: two conftest.py files
(tests/ and tests/browser/) would shadow each other under one module name.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LiveServer:
    """`companion serve` running as a real process on a free port with its own database."""

    url: str
    db: Path
    process: subprocess.Popen
    port: int
    #: What the server printed, once stopped.
    captured: str = ""

    def stop(self, sig: int | None = None) -> int:
        if self.process.poll() is None:
            if sig is None:
                self.process.terminate()
            else:
                self.process.send_signal(sig)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout and not self.process.stdout.closed:
            self.captured = self.process.stdout.read()
            self.process.stdout.close()
        return self.process.returncode


def start_server(db: Path, port: int | None = None, extra: list[str] | None = None) -> LiveServer:
    port = port or free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(db), "--no-qr", *(extra or [])],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early: {proc.stdout.read() if proc.stdout else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        raise RuntimeError("server did not start listening within 30 s")
    return LiveServer(f"http://127.0.0.1:{port}", db, proc, port)


