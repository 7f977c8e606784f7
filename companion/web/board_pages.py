"""The board game's answers to the shared page routes, registered with
``companion.web.routing``: a player's phone, the bookkeeping action form shared by the
table screen and the phones, and the bookkeeping panels, each fetched when first opened.
And its live pages for the shared stream (``companion.web.stream``): the inside of
``#live`` (``render.render_live``) and, on a player's phone, the turn guide, which lives
outside ``#live`` and is sent only when what it shows moves (``render.guide_key``)."""

from __future__ import annotations

from typing import Any

from flask import render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]

from ..door import Refused
from ..eventlog import GameState
from ..games import BOARD
from ..identity import Identity
from . import edge_board, stream
from .auth import page_identity, seat_viewer
from .context import door, store
from .forms import form_change, form_role
from .render import TRACK_STEPS, event_text, forms_context, guide_key, render_live, view_for
from .routing import GameRoutes, register
from .turn import render_guide

#: The bookkeeping panels of templates/game/_forms.html, each fetched when first opened.
PANELS = frozenset({"pay", "tokens", "licences", "bank", "values", "auction"})


def seat_page(game_id: str) -> Any:
    """A player's phone: their own Yen, tokens and bids, and the shared boards."""
    who = seat_viewer(game_id)
    if not isinstance(who, Identity):
        return who
    state = store().state(game_id)
    view = view_for(game_id, who, state)
    return render_template(
        "game/seat.html",
        view=view,
        role="seat",
        **forms_context(view),
    )


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


def act(game_id: str) -> Any:
    """The bookkeeping action form (``POST /games/<id>/act``)."""

    def change(who: Identity) -> Any:
        action = edge_board.action_form(_track_by(game_id, request.form))
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


register(
    GameRoutes(
        BOARD,
        handlers={"seat.page": seat_page, "forms.act": act, "forms.panel": panel},
    )
)


def board_live(game_id: str, who: Identity, state: GameState) -> stream.LiveView:
    html = str(render_live(game_id, who, state))
    if who.seat is None:
        return stream.LiveView(html)
    guide = stream.Part("guide", guide_key(state.table), lambda: render_guide(game_id, who, state))
    return stream.LiveView(html, (guide,))


stream.register(BOARD, board_live)
