"""The live stream of a page: Server-Sent Events rendered for its viewer (the loop itself
is in ``companion.live``). Each event carries only the regions of the viewer's page that
changed since the stream's last one; the first starts from the page the browser shows."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request, stream_with_context, url_for

from .. import live
from ..door import Refused
from ..identity import Identity
from .auth import page_identity
from .compress import gzip_stream, stream_encoding
from .context import hub, store
from .render import LivePage, baseline, live_page, update_event

bp = Blueprint("stream", __name__)


def _number(text: str | None) -> int | None:
    if text and text.isascii() and text.isdigit() and len(text) < 12:
        return int(text)
    return None


@bp.get("/games/<game_id>/stream")
def events(game_id: str) -> Any:
    """One ``update`` event per change, rendered for this viewer.

    ``since=<seq>&p=<presence>`` names the page the browser shows (#seen-version carries
    both): the stream starts from that page and sends only what changed after it.
    ``Last-Event-ID`` alone (a reconnect the page did not steer) says which version was
    seen, not which regions: the next change then sends the whole page."""
    try:
        who = page_identity(game_id, request.args.get("as", "seat"))
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    state = store().state(game_id)
    sid = hub().open_stream(game_id, who.viewer, state.version)
    if sid is None:
        return busy()
    seen = _number(request.headers.get("Last-Event-ID"))
    shown: LivePage | None = None
    if seen is None:
        since, presence = _number(request.args.get("since")), _number(request.args.get("p"))
        if since is not None:
            shown = baseline(game_id, who, since, presence or 0)
        seen = shown.version if shown is not None else -1
    streams = hub()
    sent: list[LivePage | None] = [shown]

    def render() -> tuple[int, int, str]:
        page = live_page(game_id, who, version=streams.version(game_id))
        data = update_event(sent[0], page)
        sent[0] = page
        return page.version, page.presence, data

    return respond(game_id, who, sid, seen, render)


def busy() -> Response:
    """No stream slot is free: 503, and the browser's EventSource retries in 15 s."""
    resp = Response("retry: 15000\n\n", status=503, mimetype="text/event-stream")
    resp.headers["Retry-After"] = "15"
    return resp


def respond(
    game_id: str,
    who: Identity,
    sid: int,
    seen: int,
    render: Callable[[], tuple[int, int, str]],
) -> Response:
    """The Server-Sent Events response of a stream whose slot ``sid`` is taken (both
    games' streams): ``live.sse`` with the viewer's token re-checked, gzip-encoded where the
    browser accepts it."""
    db, streams = store(), hub()
    # A link is revoked through this process's door, which kicks the game's streams (the
    # presence count moves); one revoked by another process is noticed within a keepalive.
    checked = [streams.presence_version(game_id), time.monotonic()]

    def still_valid() -> bool:
        presence, now = streams.presence_version(game_id), time.monotonic()
        if presence == checked[0] and now - checked[1] < live.KEEPALIVE:
            return True
        checked[:] = [presence, now]
        info = db.token_info(who.token)
        return info is not None and info["game_id"] == game_id

    body = live.sse(
        streams,
        game_id,
        who.viewer,
        sid,
        who.is_host,
        seen,
        lambda: streams.version(game_id),
        render,
        still_valid,
    )
    encoding = stream_encoding()
    resp = Response(
        stream_with_context(gzip_stream(body) if encoding else body),
        mimetype="text/event-stream",
    )
    if encoding:
        resp.headers["Content-Encoding"] = encoding
    resp.headers["Vary"] = "Accept-Encoding"
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp


@bp.app_template_global("live_region")
def live_region(view: dict[str, Any]) -> LivePage:
    """The live regions of a page being rendered for ``view``'s viewer, at the current
    state (the page names it to its stream, which goes on from there)."""
    viewer = view["viewer"]
    return live_page(view["id"], Identity(view["id"], viewer["role"], viewer["seat"]))


@bp.app_template_global("live_urls")
def live_urls(page: LivePage, role: str) -> dict[str, str]:
    where: dict[str, Any] = {"game_id": page.game_id, "as": role}
    stream = url_for("stream.events", **where)
    return {
        "stream": stream,
        "connect": f"{stream}&since={page.version}&p={page.presence}",
        "poll": url_for("forms.live_fragment", **where),
    }
