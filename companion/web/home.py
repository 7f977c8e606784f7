"""The home page: start a game, score one, or go back to a game this device has joined."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, render_template, request, url_for
from flask_babel import gettext  # type: ignore[import-untyped]

bp = Blueprint("home", __name__)


def my_games() -> list[dict[str, Any]]:
    """Games this browser holds a sign-in cookie for (the table screen's or a seat's),
    newest first, so a closed tab or a restarted phone finds its way back."""
    store = current_app.extensions.get("companion.store")
    if store is None:
        return []
    games = []
    for name in request.cookies:
        for prefix, role, endpoint in (
            ("tc_host_", gettext("table screen"), "table.page"),
            ("tc_seat_", gettext("my seat"), "seat.page"),
        ):
            if not name.startswith(prefix):
                continue
            game_id = name[len(prefix) :]
            info = store.token_info(request.cookies[name])
            if info is None or info["game_id"] != game_id:
                continue
            state = store.state(game_id)
            who = "" if info["seat"] is None else state.config.players[info["seat"]]
            games.append(
                {
                    "id": game_id,
                    "role": role,
                    "who": who,
                    "players": state.config.players,
                    "version": state.version,
                    "created": state.events[0].created_at if state.events else "",
                    "url": url_for(endpoint, game_id=game_id),
                }
            )
    return sorted(games, key=lambda g: g["created"], reverse=True)


@bp.get("/")
def index() -> str:
    return render_template("home.html", games=my_games())
