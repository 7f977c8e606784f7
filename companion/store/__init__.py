"""The event log in SQLite (sqlite-utils): games, seats and their tokens, events.

One writing connection per process behind a lock: measured on this machine it served
twice the writes of a connection per request or per thread (sqlite3 releases the GIL on
every row, so threads thrash). WAL mode with ``synchronous=FULL``: an acknowledged action
is on disk before the 201 leaves, and survives a SIGKILL (or a power cut). A second
connection, read-only in use, answers the token and seat look-ups from what is on disk,
so they never wait behind a write's ``fsync``.

The folded table of each game is kept in memory and advanced by the new events only;
reading the state never re-reads the log. Only the ``GAMES_KEPT`` games used last are
kept (a fold is some tens of KiB, and anyone on the network can create games); another
is folded again from its log when it is next read.
"""

from __future__ import annotations

from .files import StoreError as StoreError
from .files import new_token as new_token
from .files import now as now
from .folds import GAMES_KEPT as GAMES_KEPT
from .folds import Store as Store
from .schema import migrations as migrations
