"""Which handler answers a request for a game, asked of the games' own registrations.

A game's edge registers its :class:`GameRoutes`: its own blueprints (they answer that
game only), the shared routes it answers with handlers of its own, the shared routes that
work for it as they are, and how it words a 404. A request for a game on any other
route is a 404 in that game's words. The one hook here names no game (the card game
registers from companion/web/cards.py; the board game owns the routes it has not
registered and needs no entry).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Flask, jsonify, request

from ..door import Refused
from .auth import refused_page
from .context import store


@dataclass(frozen=True)
class GameRoutes:
    """The routes of one game (``key``) that differ from the shared ones."""

    key: str
    #: Its own blueprints: they answer this game only.
    blueprints: frozenset[str]
    #: Shared endpoints it answers with its own handlers (called with the view's args).
    handlers: Mapping[str, Callable[..., Any]]
    #: Shared endpoints that work for it as they are.
    shared: frozenset[str]
    #: Why one of its own routes has no such game at this address (a 404).
    not_here: Callable[[], str]
    #: Why a route of another game is not one of this game's (a 404).
    elsewhere: Callable[[], str]
    #: Its blueprints that check the game themselves.
    unchecked: frozenset[str] = field(default_factory=frozenset)


_GAMES: dict[str, GameRoutes] = {}


def register(routes: GameRoutes) -> None:
    _GAMES[routes.key] = routes


def init_app(app: Flask) -> None:
    app.before_request(_route)


def _route() -> Any:
    args = request.view_args or {}
    game_id = args.get("game_id")
    if not isinstance(game_id, str):
        return None
    for routes in _GAMES.values():
        if request.blueprint in routes.blueprints:
            # A game's own routes answer that game only (another game's id, or none).
            if store().game_key(game_id) == routes.key:
                return None
            said = routes.not_here()
            if request.path.startswith("/api/") or request.accept_mimetypes.best != "text/html":
                return jsonify({"error": said}), 404
            return refused_page(Refused(404, said))
        if request.blueprint in routes.unchecked:
            return None
    routes_of = _GAMES.get(store().game_key(game_id))
    if routes_of is None or request.endpoint in routes_of.shared:
        return None
    handler = routes_of.handlers.get(request.endpoint or "")
    if handler is not None:
        return handler(**args)
    message = routes_of.elsewhere()
    if request.path.startswith("/api/"):
        return jsonify({"error": message}), 404
    return refused_page(Refused(404, message))
