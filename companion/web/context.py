"""The app's shared parts for the blueprints: the store, the live hub, the door and the
render cache, created once per app by :func:`init_app`."""

from __future__ import annotations

from flask import Flask, current_app

from ..door import Door
from ..engine import Games
from ..live import PER_CLIENT, Hub
from ..paths import default_db_path
from ..store import Store

#: Threads kept free of live streams so actions always get through.
RESERVED_THREADS = 32


def init_app(app: Flask, games: Games) -> None:
    """The store, live hub and door of the app, keeping ``games`` (the app's)."""
    db_path = app.config.get("DATABASE") or str(default_db_path())
    store = Store(db_path, games)
    store.id_prefix = str(app.config.get("ID_PREFIX") or "")
    threads = int(app.config.get("THREADS", 256))
    hub = Hub(
        db_path,
        # A server that parks streams (companion serve) gives STREAMS; under any other,
        # each stream holds a thread, so they take the pool but for a reserve.
        max_streams=int(app.config.get("STREAMS") or max(4, threads - RESERVED_THREADS)),
        per_client=int(app.config.get("CLIENT_STREAMS", PER_CLIENT)),
    )
    app.extensions["companion.store"] = store
    app.extensions["companion.hub"] = hub
    app.extensions["companion.door"] = Door(store, hub)

    def shutdown() -> None:
        hub.stop()
        store.close()

    app.extensions["companion.shutdown"] = shutdown
    # `companion serve` calls this first on SIGTERM/SIGINT so open streams end before the
    # worker threads are joined (else each waits out its keepalive, then writes to a
    # closed server).
    app.extensions["companion.shutdown.streams"] = hub.stop


def door() -> Door:
    d: Door = current_app.extensions["companion.door"]
    return d


def hub() -> Hub:
    h: Hub = current_app.extensions["companion.hub"]
    return h


def store() -> Store:
    s: Store = current_app.extensions["companion.store"]
    return s
