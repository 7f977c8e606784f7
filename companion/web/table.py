"""The table screen: the public state, the join codes, undo and redo, and the snapshot
export (which, with closed money, waits for the end of the game)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template
from flask_babel import gettext  # type: ignore[import-untyped]

from ..door import Refused
from ..rules.checklist import checklist
from ..rules.messages import Message
from ..rules.snapshot import make_snapshot
from . import edge
from .auth import page_identity, page_token, refused_page, seats
from .context import door, store
from .forms import form_change
from .render import forms_context, view_for
from .routing import per_game

bp = Blueprint("table", __name__)


@bp.get("/games/<game_id>/table")
@per_game
def page(game_id: str) -> Any:
    try:
        who = page_identity(game_id, "host")
    except Refused as exc:
        return refused_page(exc)
    if not who.is_host:
        return refused_page(Refused(403, Message("edge.table_page")))
    state = store().state(game_id)
    view = view_for(game_id, who, state)
    return render_template(
        "game/table.html",
        view=view,
        seats=seats(game_id),
        game_id=game_id,
        role="host",
        checklist=checklist(state.config),
        **forms_context(view),
    )


@bp.post("/games/<game_id>/undo")
@per_game
def undo(game_id: str) -> Any:
    def change(who: Any) -> Any:
        to_seq, expected = edge.undo_form()
        return door().undo(game_id, who.token, to_seq, expected)

    return form_change(
        game_id,
        "host",
        change,
        lambda _event, _who: gettext("Undone. It stays in the history, struck through."),
    )


@bp.post("/games/<game_id>/redo")
@per_game
def redo(game_id: str) -> Any:
    return form_change(
        game_id,
        "host",
        lambda who: door().redo(game_id, who.token, edge.expected_form()),
        lambda _event, _who: gettext("Redone."),
    )


def snapshot(game_id: str, token: str | None) -> Any:
    """The table as a tsukiji-snapshot/1, for the host. With closed money it lists every
    player's Yen, and the table screen is everyone's screen: it waits for the end."""
    try:
        who = door().identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("edge.snapshot_host"))
        table = store().state(game_id).table
        if table.config.money == "closed" and not table.turn.finished:
            raise Refused(
                403,
                Message("edge.snapshot_closed"),
            )
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    return jsonify(make_snapshot(table.scoring_players(), table.values))


@bp.get("/games/<game_id>/snapshot.json")
def snapshot_page(game_id: str) -> Any:
    return snapshot(game_id, page_token(game_id, "host"))
