"""A player's phone: the shared route, answered by the game (``companion.web.routing``;
the board game's phone is in companion/web/board_pages.py)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from .routing import answer

bp = Blueprint("seat", __name__)


@bp.get("/games/<game_id>/seat")
def page(game_id: str) -> Any:
    return answer(game_id=game_id)
