"""The games a server keeps, handed by the app to the shared parts (boardgame.io's
``Server({games: [...]})``): the store, the fold and the door look a game up here, never
by importing one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .game import Game


class Games(Mapping[str, Game]):
    """The games by key. The first is the one a stored setup without a ``"game"`` key
    belongs to (every game stored before a second game was added)."""

    def __init__(self, *games: Game) -> None:
        if not games:
            raise ValueError("a server keeps at least one game")
        self._games = {game.key: game for game in games}
        self.default = games[0].key

    def __getitem__(self, key: str) -> Game:
        return self._games[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._games)

    def __len__(self) -> int:
        return len(self._games)

    def key_of_json(self, data: Mapping[str, Any]) -> str:
        """The key of the game a stored setup belongs to."""
        return str(data.get("game", self.default))

    def of_json(self, data: Mapping[str, Any]) -> Game:
        """The game a stored setup belongs to."""
        return self._games[self.key_of_json(data)]

    def of(self, config: Any) -> Game:
        """The game of a loaded setup (the one that owns it)."""
        for game in self._games.values():
            if game.owns(config):
                return game
        raise LookupError(f"no game of this server owns a {type(config).__name__}")

    def from_json(self, data: dict[str, Any]) -> Any:
        """A stored setup, read back by its game."""
        return self.of_json(data).from_json(data)

    def to_json(self, config: Any) -> dict[str, Any]:
        """A setup as its game stores it."""
        return self.of(config).to_json(config)
