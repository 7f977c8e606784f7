"""The live stream of a page: Server-Sent Events rendered for its viewer (the loop itself
is in ``companion.live``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, stream_with_context

from .. import live
from ..door import Refused
from .auth import page_identity
from .context import hub, store
from .render import live_event

bp = Blueprint("stream", __name__)


@bp.get("/games/<game_id>/stream")
def events(game_id: str) -> Any:
    """One ``update`` event per change, rendered for this viewer."""
    try:
        who = page_identity(game_id, request.args.get("as", "seat"))
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    state = store().state(game_id)
    sid = hub().open_stream(game_id, who.viewer, state.version)
    if sid is None:
        resp = Response("retry: 15000\n\n", status=503, mimetype="text/event-stream")
        resp.headers["Retry-After"] = "15"
        return resp
    last_id = request.headers.get("Last-Event-ID", "")
    seen = int(last_id) if last_id.isascii() and last_id.isdigit() and len(last_id) < 12 \
        else -1
    db = store()

    def still_valid() -> bool:
        info = db.token_info(who.token)
        return info is not None and info["game_id"] == game_id

    body = live.sse(hub(), game_id, who.viewer, sid, who.is_host, seen,
                    lambda: db.state(game_id).version, lambda: live_event(game_id, who),
                    still_valid)
    resp = Response(stream_with_context(body), mimetype="text/event-stream")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp
