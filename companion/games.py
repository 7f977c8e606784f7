"""The games this server keeps, and what the shared parts need of each.

The event log, the store, the door, the views and the live stream are shared; what
differs per game is a small record: how its setup is kept as JSON, the table after setup,
the fold's step, and which of its moves are entries of the history (what one undo
reverts). A stored config names its game under ``"game"``; a config without it is Tokyo
Tsukiji Market (every game created before the card game was added).

>>> game_of_json({"players": ["Aiko", "Bo"]}).key
'tokyo_tsukiji_market'
>>> game_of_json({"game": "tsukiji_market"}).key
'tsukiji_market'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import cardgame
from .cardgame.state import Config as CardConfig
from .rules.moves import apply as board_apply
from .rules.setup import GameConfig
from .rules.table import initial_table

#: Tokyo Tsukiji Market, the board game.
BOARD = "tokyo_tsukiji_market"
#: Tsukiji Market, the 2-player card game.
CARDS = "tsukiji_market"


@dataclass(frozen=True)
class Game:
    """One game the shared parts can keep. ``history``: whether a move type is an entry
    of the history by itself (undo reverts entries; a card game's bid is not one)."""

    key: str
    from_json: Callable[[dict[str, Any]], Any]
    to_json: Callable[[Any], dict[str, Any]]
    initial: Callable[[Any], Any]
    apply: Callable[[Any, Mapping[str, Any]], Any]
    history: Callable[[str], bool]


def _board_to_json(config: Any) -> dict[str, Any]:
    # Unchanged from before the card game: no "game" key, so stored games read the same.
    data: dict[str, Any] = config.to_json()
    return data


def _board_apply(table: Any, move: Mapping[str, Any]) -> Any:
    return board_apply(table, dict(move))


def card_config_to_json(config: CardConfig) -> dict[str, Any]:
    """A card game's setup as stored (and as ``make_config`` reads it back)."""
    out: dict[str, Any] = {
        "game": CARDS,
        "players": list(config.players),
        "notches": config.notches,
        "variant": config.variant,
    }
    if config.cards is not None:
        out["cards"] = [[half.to_json() for half in card.halves] for card in config.cards]
    return out


def card_config_from_json(data: dict[str, Any]) -> CardConfig:
    return cardgame.make_config(
        data["players"], data["notches"], data.get("variant", "standard"), data.get("cards")
    )


def _card_history(kind: str) -> bool:
    move = cardgame.MOVES.get(kind)
    return move is None or move.history


GAMES: dict[str, Game] = {
    BOARD: Game(
        BOARD,
        GameConfig.from_json,
        _board_to_json,
        initial_table,
        _board_apply,
        lambda _kind: True,
    ),
    CARDS: Game(
        CARDS,
        card_config_from_json,
        card_config_to_json,
        cardgame.initial_state,
        cardgame.apply,
        _card_history,
    ),
}


def game_of_json(data: Mapping[str, Any]) -> Game:
    """The game a stored config belongs to (no ``"game"``: the board game)."""
    return GAMES[str(data.get("game", BOARD))]


def game_of(config: Any) -> Game:
    """The game of a loaded config."""
    return GAMES[CARDS] if isinstance(config, CardConfig) else GAMES[BOARD]


def is_cards(config: Any) -> bool:
    return isinstance(config, CardConfig)


def config_from_json(data: dict[str, Any]) -> Any:
    return game_of_json(data).from_json(data)


def config_to_json(config: Any) -> dict[str, Any]:
    return game_of(config).to_json(config)
