"""The store's migrations on a real SQLite file."""

from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

from companion.games import GAMES
from companion.rules.setup import make_config
from companion.store import Store


def test_a_game_recorded_with_digit_strings_still_folds_after_the_upgrade(tmp_path: Path) -> None:
    """Before the edge parsed forms into numbers, a form payment was stored as
    ``"amount": "300"``; the upgrade rewrites it so the old game loads as it was played."""
    path = tmp_path / "old.sqlite3"
    store = Store(path, GAMES)
    game_id, _, _ = store.create_game(make_config(["Aiko", "Bo"]))
    store.close()
    db = sqlite_utils.Database(path)
    db["events"].insert(
        {
            "game_id": game_id,
            "seq": 1,
            "type": "pay",
            "data": json.dumps({"from": "supply", "to": "Bo", "amount": "300", "note": "42"}),
            "actor": "Bo",
            "created_at": "2026-11-29T10:00:00.000+00:00",
            "undone_by": None,
            "correction": 0,
            "grp": None,
        }
    )
    # As the file was before the upgrade: the migration has not run on it yet.
    db.execute("DELETE FROM _sqlite_migrations WHERE name = 'm004_numbers_in_events'")
    db.conn.commit()
    db.conn.close()

    store = Store(path, GAMES)
    try:
        state = store.state(game_id)
        assert [p.yen for p in state.table.players] == [2000, 2300]
        assert state.events[0].data == {
            "from": "supply",
            "to": "Bo",
            "amount": 300,
            "note": "42",
        }  # a note stays text
    finally:
        store.close()
