"""The htmx forms' way through the one door: identity first, then the body is parsed, then
the door; on success a message (the page's stream brings the change), on refusal the
one-sentence reason in the message bar, and nothing changed. Also the bookkeeping action
form shared by the table screen and the phones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, make_response, render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]

from ..door import Refused
from ..identity import Identity
from . import edge
from .auth import htmx_error as htmx_error
from .auth import page_identity
from .context import door, store
from .render import TRACK_STEPS, event_text, forms_context, view_for


def _track_by(game_id: str, form: Any) -> Any:
    """The track form's relative move (``by=-1``) as the absolute space the rules take,
    from the marker's space now; the page's version (``expected_seq``) still guards it."""
    by = (form.get("by") or "").strip()
    if form.get("type") != "set_track" or not by:
        return form
    track = form.get("track")
    try:
        step = int(by)
    except ValueError:
        raise Refused(
            400, gettext("The move is a whole number of spaces, such as +1 or -2."), "by"
        ) from None
    values = store().state(game_id).table.values
    now = values.eel if track == "eel" else values.swordfish if track == "swordfish" else None
    if now is None or step not in TRACK_STEPS:
        return form
    out = form.copy()
    out.pop("by", None)
    out["value"] = str(now + step)
    return out


bp = Blueprint("forms", __name__)

#: The bookkeeping panels of templates/game/_forms.html, each fetched when first opened.
PANELS = frozenset({"pay", "tokens", "licences", "bank", "values", "auction"})


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
    def change(who: Identity) -> Any:
        action = edge.action_form(_track_by(game_id, request.form))
        return door().act(
            game_id, who.token, action.kind, action.args, action.expected, action.correction
        )

    return form_change(
        game_id,
        form_role(),
        change,
        lambda event, who: gettext(
            "Recorded: %(entry)s", entry=event_text(game_id, event.seq, who)
        ),
    )


@bp.get("/games/<game_id>/forms/<name>")
def panel(game_id: str, name: str) -> Any:
    """One closed panel's forms, for the viewer who opened it (#16: a page does not carry
    the forms it does not show). Rendered from the game as it is now, for that viewer."""
    role = form_role()
    try:
        who = page_identity(game_id, role)
    except Refused as exc:
        return render_template("game/_flash.html", error=exc.message), exc.status
    if name not in PANELS:
        return render_template("game/_flash.html", error=gettext("There is no such form.")), 404
    view = view_for(game_id, who)
    return render_template(
        "game/_forms.html", view=view, role=role, only=name, **forms_context(view)
    )
