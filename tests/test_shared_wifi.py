"""Trust on a shared Wi-Fi (issue #17, items 3, 5, 7, 8, 11, 12, 13): what the server
refuses when strangers share the table's network, each tested where it happens: the seed
kept off every page, the host's link after an import, joins from another site, the Host
header (DNS rebinding), the folded games kept in memory, the cost of an import, and one
body limit for a game file."""

from __future__ import annotations

from pathlib import Path

from companion.rules.setup import make_config
from companion.store import GAMES_KEPT, Store

PLAYERS = ["Aiko", "Bo", "Chiyo"]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


# -- 11. the folded games kept in memory ----------------------------------------------------


def test_the_store_keeps_only_the_games_used_last(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.sqlite3")
    try:
        ids = [store.create_game(make_config(["Aiko", "Bo"]))[0] for _ in range(GAMES_KEPT + 20)]
        for game_id in ids:
            store.state(game_id)
        kept = list(store._games)
        assert len(kept) == GAMES_KEPT
        assert kept == ids[-GAMES_KEPT:]  # the least recently used went first
        # A game used again moves to the end; a forgotten one is folded again from its log.
        store.state(ids[-GAMES_KEPT])
        assert next(reversed(store._games)) == ids[-GAMES_KEPT]
        first = store.state(ids[0])
        assert first.id == ids[0] and first.config.players == ("Aiko", "Bo")
        assert len(store._games) == GAMES_KEPT and ids[0] in store._games
        assert ids[-GAMES_KEPT + 1] not in store._games
    finally:
        store.close()
