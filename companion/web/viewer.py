"""One viewer's view of a game, asked of the game (``Game.view``) with what the server
knows beside the log: the devices with a live page open and the viewer's own sealed
values. Every game page, JSON body and stream event is made from this view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..engine import Seen
from ..eventlog import GameState
from ..identity import Identity
from .context import hub, store


def seen(game_id: str, who: Identity | None) -> Seen:
    """The devices connected to ``game_id`` and ``who``'s own sealed values (asked only
    if the view needs them; nothing for the table screen or the public)."""
    seat = who.seat if who is not None else None

    def own() -> Mapping[str, tuple[int, str]]:
        return {} if seat is None else store().own_bids(game_id, seat)

    return Seen(frozenset(hub().connected(game_id)), own)


def view_of(game_id: str, who: Identity | None, state: GameState | None = None) -> dict[str, Any]:
    """Everything ``who`` may see of the game at ``state`` (by default the newest)."""
    state = state or store().state(game_id)
    return state.game.view(state, who, seen(game_id, who))
