"""The games this server keeps: each an :class:`~companion.engine.Game`, the one place
that names them all.

The event log, the store, the door and the live stream are shared; what differs per game
is what the ``Game`` protocol asks: how its setup is kept as JSON, the table after setup,
a move's step of the fold, its moves and who may make each, what the server draws for a
move, the end, and each viewer's view (made by the game's edge: ``views.board_view``,
``card_views.card_view``, which import no registry). A stored config names its game
under ``"game"``; a config without it is Tokyo Tsukiji Market (every game created before
the card game was added).

>>> game_of_json({"players": ["Aiko", "Bo"]}).key
'tokyo_tsukiji_market'
>>> game_of_json({"game": "tsukiji_market"}).key
'tsukiji_market'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import cardgame
from .card_views import card_view
from .cardgame import secret as card_secret
from .cardgame.scoring import outcome as card_outcome
from .cardgame.state import Config as CardConfig
from .engine import Drawn, Game, Games, Message, Outcome, Secret, Seen, ServerMove, log
from .engine.log import Event
from .rules import RULES_VERSION, draws, sealed_bids
from .rules.bookkeeping import SUPPLY
from .rules.moves import MOVES, may_record
from .rules.moves import apply as board_apply
from .rules.setup import COLOR_HEX, GameConfig
from .rules.table import initial_table
from .views import board_view

#: Tokyo Tsukiji Market, the board game.
BOARD = "tokyo_tsukiji_market"
#: Tsukiji Market, the 2-player card game.
CARDS = "tsukiji_market"


class BoardGame:
    """Tokyo Tsukiji Market, the board game (companion/rules)."""

    key = BOARD
    rules_version = RULES_VERSION

    def owns(self, config: Any) -> bool:
        return isinstance(config, GameConfig)

    def from_json(self, data: dict[str, Any]) -> GameConfig:
        return GameConfig.from_json(data)

    def to_json(self, config: Any) -> dict[str, Any]:
        # Unchanged from before the card game: no "game" key, so stored games read the same.
        data: dict[str, Any] = config.to_json()
        return data

    def setup(self, config: Any) -> Any:
        return initial_table(config)

    def apply(self, table: Any, move: Mapping[str, Any]) -> Any:
        return board_apply(table, dict(move))

    def moves(self) -> Mapping[str, object]:
        return MOVES

    def history(self, kind: str) -> bool:
        return True

    def client_move(self, kind: str) -> Message | None:
        """Why a client may never send this kind (a 400), or None."""
        move = MOVES.get(kind)
        if move is None:
            return Message("door.no_action", {"name": repr(kind)[:40]})
        if move.internal:
            return Message("door.auction_internal")
        return None

    def why_not(
        self, table: Any, kind: str, args: Mapping[str, Any], seat: int | None
    ) -> Message | None:
        if may_record(table, kind, dict(args), seat):
            return None
        move = MOVES[kind]
        if move.who == "host":
            return Message("door.host_only")
        if move.who == "current":
            return Message("door.current_only")
        if any(args.get(key) == SUPPLY for key in move.owners):
            return Message("door.supply_host")
        return Message("door.own_only")

    def draws(self, table: Any, config: Any, kind: str, args: dict[str, Any], seq: int) -> Drawn:
        data, group = draws.server_inputs(table, config.seed, kind, args, seq)
        return Drawn(data, group)

    def secrets(self) -> Mapping[str, Secret]:
        return sealed_bids.SECRETS

    def server_moves(self) -> Mapping[str, ServerMove]:
        return sealed_bids.SERVER_MOVES

    def private_refusals(self, config: Any) -> bool:
        return bool(config.money == "closed")

    def outcome(self, table: Any) -> Outcome | None:
        if not table.turn.finished:
            return None
        winners = table.score().winners
        return Outcome("final_scoring", tuple(table.index(name) for name in winners))

    def view(self, state: Any, viewer: Any, seen: Seen) -> dict[str, Any]:
        return board_view(state, viewer, seen)

    def seat_colours(self, config: Any) -> tuple[str, ...]:
        return tuple(COLOR_HEX[colour] for colour in config.colors)


class CardGame:
    """Tsukiji Market, the 2-player card game (companion/cardgame)."""

    key = CARDS
    #: Stored with each game (the board game's, as ever since the card game was added).
    rules_version = RULES_VERSION

    def owns(self, config: Any) -> bool:
        return isinstance(config, CardConfig)

    def from_json(self, data: dict[str, Any]) -> CardConfig:
        return card_config_from_json(data)

    def to_json(self, config: Any) -> dict[str, Any]:
        return card_config_to_json(config)

    def setup(self, config: Any) -> Any:
        return cardgame.initial_state(config)

    def apply(self, table: Any, move: Mapping[str, Any]) -> Any:
        return cardgame.apply(table, move)

    def moves(self) -> Mapping[str, object]:
        return cardgame.MOVES

    def history(self, kind: str) -> bool:
        # A bid is not an entry by itself: the reveal is (shared/spec/cards.md).
        move = cardgame.MOVES.get(kind)
        return move is None or move.history

    def client_move(self, kind: str) -> Message | None:
        """Why a client may never send this kind as an action (a 400), or None."""
        move = cardgame.MOVES.get(kind)
        if move is None:
            return Message("cards.no_such_move", {"kind": str(kind)[:30]})
        if move.who == "bidder":
            return Message("cards.bid_endpoint")
        if move.who == "server":
            return Message("cards.only_server")
        return None

    def why_not(
        self, table: Any, kind: str, args: Mapping[str, Any], seat: int | None
    ) -> Message | None:
        return cardgame.why_not(table, kind, {**args, "type": kind}, seat)

    def draws(self, table: Any, config: Any, kind: str, args: dict[str, Any], seq: int) -> Drawn:
        return Drawn(args)  # the deck's order is the config's: nothing is drawn per move

    def secrets(self) -> Mapping[str, Secret]:
        return card_secret.SECRETS

    def server_moves(self) -> Mapping[str, ServerMove]:
        return {}

    def private_refusals(self, config: Any) -> bool:
        return False

    def outcome(self, table: Any) -> Outcome | None:
        result = card_outcome(table)
        return None if result is None else Outcome(result.reason, result.winners)

    def view(self, state: Any, viewer: Any, seen: Seen) -> dict[str, Any]:
        return card_view(state, viewer, seen)

    def seat_colours(self, config: Any) -> tuple[str, ...]:
        return ()  # the card game's seats have no colour


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


#: The games this server keeps, by key, the board game first (a stored config without
#: ``"game"`` is the board game's): what the app gives the store and the door.
GAMES = Games(BoardGame(), CardGame())


def game_of_json(data: Mapping[str, Any]) -> Game:
    """The game a stored config belongs to (no ``"game"``: the board game)."""
    return GAMES.of_json(data)


def game_of(config: Any) -> Game:
    """The game of a loaded config."""
    return GAMES.of(config)


def is_cards(config: Any) -> bool:
    return isinstance(config, CardConfig)


def config_from_json(data: dict[str, Any]) -> Any:
    return GAMES.from_json(data)


def config_to_json(config: Any) -> dict[str, Any]:
    return GAMES.to_json(config)


def fold(config: Any, events: Iterable[Event]) -> Any:
    """The table of ``config``'s game: the events that are not undone, applied in order to
    the set-up table (:func:`companion.engine.log.fold`)."""
    return log.fold(game_of(config), config, events)


def step(table: Any, event: Event, config: Any) -> Any:
    """The table after one event, by the rules of ``config``'s game."""
    return log.step(game_of(config), table, event)
