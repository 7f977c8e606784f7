#!/usr/bin/env python
"""``companion serve`` with the live streams' rendering taken out: the app's floor.

    python bench/floor_serve.py serve --host 127.0.0.1 --port PORT --db FILE --no-qr

The real server in every other respect (the door, SQLite with its durable commit, the
hub, the stream loop with its identity re-checks, waitress), except that each live
stream, when woken, sends a fixed event of ``FLOOR_EVENT_BYTES`` (default 800, a phone's
median payment event) instead of rendering its viewer's page. What this server takes
to bring a change to every device is what the app costs when rendering costs nothing:
``bench/bench_game.py`` runs it beside the app and the bare stack. A benchmark tool
only; nothing of it is in the app.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import companion.live_streams as live_streams  # noqa: E402  (sys.path above)
from companion.cli import main  # noqa: E402

#: The event's data line, with the blank line that ends it (the id and name come first).
EVENT = (
    "data: <p>" + "x" * max(0, int(os.environ.get("FLOOR_EVENT_BYTES", "800")) - 60) + "</p>\n\n"
)
_sse = live_streams.sse


def sse(*args: Any) -> Iterator[Any]:
    """``live_streams.sse`` with its ``render`` (the 7th argument) replaced by a fixed event."""
    hub, game_id = args[0], args[1]

    def rendered_for_nothing() -> tuple[int, int, str]:
        version = hub.version(game_id)
        return version, hub.presence_version(game_id), f"id: {version}\nevent: update\n{EVENT}"

    return _sse(*args[:6], rendered_for_nothing, *args[7:])


live_streams.sse = sse  # companion.web.stream calls live_streams.sse at each stream's start

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
