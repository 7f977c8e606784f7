"""A player's phone: their own Yen, tokens and bids, and the shared boards."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, url_for

from ..door import Refused
from .auth import page_identity, refused_page
from .context import store
from .render import forms_context, view_for

bp = Blueprint("seat", __name__)


@bp.get("/games/<game_id>/seat")
def page(game_id: str) -> Any:
    try:
        who = page_identity(game_id, "seat")
    except Refused as exc:
        return refused_page(exc)
    if who.is_host:
        return redirect(url_for("table.page", game_id=game_id))
    state = store().state(game_id)
    view = view_for(game_id, who, state)
    return render_template(
        "game/seat.html",
        view=view,
        role="seat",
        **forms_context(view),
    )
