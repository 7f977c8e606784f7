"""The htmx forms' way through the one door: identity first, then the body is parsed, then
the door; on success a message (the page's stream brings the change), on refusal the
one-sentence reason in the message bar, and nothing changed. Also the shared routes of a
game's action form and its panels, which the game answers (``companion.web.routing``;
the board game's are in companion/web/board_pages.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, make_response, render_template, request

from ..door import Refused
from ..identity import Identity
from .auth import htmx_error as htmx_error
from .auth import page_identity
from .routing import answer

bp = Blueprint("forms", __name__)


def form_role() -> str:
    """The role a form or a panel's address names (``as``: the table screen's "host", else
    a seat's), read from the body of a POST and the query of a GET alike."""
    return "host" if request.values.get("as") == "host" else "seat"


def form_change(
    game_id: str,
    role: str,
    change: Callable[[Identity], Any],
    message: Callable[[Any, Identity], str],
) -> Any:
    """One change from an htmx form. ``change`` gets the identity (checked before the body
    is read) and calls the door with its token."""
    try:
        who = page_identity(game_id, role)
        result = change(who)
    except Refused as exc:
        return htmx_error(exc)
    flash = render_template("game/_flash.html", message=message(result, who), oob=True)
    resp = make_response(flash)
    resp.headers["HX-Reswap"] = "none"
    return live_answer(resp)


def live_answer(resp: Response) -> Response:
    """An action's answer: #live is brought by the page's stream, as on every other page,
    so it has one way in. While the stream is down (the page says so in X-Live) the
    answer asks the page to fetch #live at once (static/live.js)."""
    if request.headers.get("X-Live") != "up":
        resp.headers["HX-Trigger"] = "live-poll"
    return resp


@bp.post("/games/<game_id>/act")
def act(game_id: str) -> Any:
    """A game's action form (the board game's bookkeeping form), answered by its game."""
    return answer(game_id=game_id)


@bp.get("/games/<game_id>/forms/<name>")
def panel(game_id: str, name: str) -> Any:
    """One closed panel's forms, answered by the game (#16: fetched when first opened)."""
    return answer(game_id=game_id, name=name)
