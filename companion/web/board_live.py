"""The board game's live pages for the shared stream: the inside of ``#live``
(``render.render_live``) and, on a player's phone, the turn guide, which lives outside
``#live`` and is sent only when what it shows moves (``render.guide_key``)."""

from __future__ import annotations

from ..eventlog import GameState
from ..games import BOARD
from ..identity import Identity
from . import stream
from .render import guide_key, render_live
from .turn import render_guide


def board_live(game_id: str, who: Identity, state: GameState) -> stream.LiveView:
    html = str(render_live(game_id, who, state))
    if who.seat is None:
        return stream.LiveView(html)
    guide = stream.Part("guide", guide_key(state.table), lambda: render_guide(game_id, who, state))
    return stream.LiveView(html, (guide,))


stream.register(BOARD, board_live)
