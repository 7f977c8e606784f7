"""The per-game page registry: which game answers a shared route, asked of the games' own
registrations (as ``web/stream.register`` is for the live pages).

A game's edge registers its :class:`GameRoutes`: its own blueprints (they answer that
game only), the handlers it answers shared routes with, and, for a game that has only
some of the shared routes, those that work for it as they are and how it words a 404.
A shared route asks the registry (:func:`per_game`, :func:`answer`) for its game's
handler; a gate before each request refuses, in the game's words, a route the game does
not have. Nothing here names a game: the board game registers from
companion/web/board_pages.py, the card game from companion/web/cards.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]

from ..door import Refused
from .context import store

Handler = Callable[..., Any]
F = TypeVar("F", bound=Handler)


@dataclass(frozen=True)
class GameRoutes:
    """The routes of one game (``key``) that differ from the shared ones."""

    key: str
    #: Its own blueprints: they answer this game only.
    blueprints: frozenset[str] = field(default_factory=frozenset)
    #: Shared endpoints it answers with its own handlers (called with the view's args).
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    #: Shared endpoints that work for it as they are; None: every shared endpoint.
    shared: frozenset[str] | None = None
    #: Why one of its own routes has no such game at this address (a 404).
    not_here: Callable[[], str] | None = None
    #: Why a route of another game is not one of this game's (a 404).
    elsewhere: Callable[[], str] | None = None
    #: Its blueprints that check the game themselves.
    unchecked: frozenset[str] = field(default_factory=frozenset)


_GAMES: dict[str, GameRoutes] = {}


def register(routes: GameRoutes) -> None:
    _GAMES[routes.key] = routes


def init_app(app: Flask) -> None:
    app.before_request(_gate)


def _routes_of(game_id: str) -> GameRoutes | None:
    return _GAMES.get(store().game_key(game_id))


def handler(game_id: str, endpoint: str) -> Handler | None:
    """The handler ``game_id``'s game registered for a shared endpoint, if any."""
    routes = _routes_of(game_id)
    return None if routes is None else routes.handlers.get(endpoint)


def per_game(view: F) -> F:
    """A shared route that its game may answer with a handler of its own: the route's
    own body answers a game that registered none."""

    @functools.wraps(view)
    def route(**args: Any) -> Any:
        game_id = args.get("game_id")
        own = handler(game_id, request.endpoint or "") if isinstance(game_id, str) else None
        return view(**args) if own is None else own(**args)

    return route  # type: ignore[return-value]


def answer(**args: Any) -> Any:
    """A shared route with no body of its own: its game's handler, else a 404."""
    game_id = str(args["game_id"])
    own = handler(game_id, request.endpoint or "")
    if own is not None:
        return own(**args)
    return _not_found(_elsewhere(_routes_of(game_id)))


def _elsewhere(routes: GameRoutes | None) -> str:
    if routes is not None and routes.elsewhere is not None:
        return routes.elsewhere()
    return str(gettext("There is no page at this address."))


def _refused_page(said: str) -> Any:
    return render_template("game/refused.html", error=Refused(404, said)), 404


def _not_found(said: str) -> Any:
    if request.path.startswith("/api/") or request.accept_mimetypes.best != "text/html":
        return jsonify({"error": said}), 404
    return _refused_page(said)


def _gate() -> Any:
    """Before each request for a game: a game's own routes answer that game only, and a
    game that has only some of the shared routes gets a 404 in its words for the others."""
    args = request.view_args or {}
    game_id = args.get("game_id")
    if not isinstance(game_id, str):
        return None
    for routes in _GAMES.values():
        if request.blueprint in routes.blueprints:
            # A game's own routes answer that game only (another game's id, or none).
            if store().game_key(game_id) == routes.key:
                return None
            return _not_found(routes.not_here() if routes.not_here else _elsewhere(None))
        if request.blueprint in routes.unchecked:
            return None
    routes_of = _routes_of(game_id)
    endpoint = request.endpoint or ""
    if routes_of is None or routes_of.shared is None:
        return None
    if endpoint in routes_of.shared or endpoint in routes_of.handlers:
        return None
    said = _elsewhere(routes_of)
    if request.path.startswith("/api/"):
        return jsonify({"error": said}), 404
    return _refused_page(said)
