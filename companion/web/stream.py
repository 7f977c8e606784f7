"""The live stream of a game page, the same for every game: Server-Sent Events, each the
viewer's whole live part rendered anew (the loop itself is in ``companion.live_streams``,
the hub in ``companion.live``).

A game registers how its pages' live part is rendered (:func:`register`); this module
knows no game. An ``update`` event carries the inside of ``#live``; a game may add parts
that live outside it (the board game's turn guide), each sent as its own event only
when its key moves. The browser (static/live.js) morphs ``update`` into the page, so a
page after any number of events equals its own reload.
"""

from __future__ import annotations

import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, g, jsonify, request, stream_with_context, url_for
from flask.globals import request_ctx
from flask_babel import get_locale  # type: ignore[import-untyped]
from markupsafe import Markup

from .. import live_streams
from ..door import Refused
from ..eventlog import GameState
from ..identity import Identity
from .auth import page_identity
from .compress import STREAM_LEVEL, gzip_stream, stream_encoding
from .context import hub, store

bp = Blueprint("stream", __name__)


@dataclass(frozen=True)
class Part:
    """A part of a page outside ``#live`` that the stream keeps current: sent as the
    event ``event`` whenever ``key`` differs from the one the page was last sent."""

    event: str
    key: str
    html: Callable[[], str]


@dataclass(frozen=True)
class LiveView:
    """One viewer's live page at one state: the inside of ``#live`` and the parts."""

    html: str
    parts: tuple[Part, ...] = field(default=())


#: How each game renders a viewer's live page (game key → renderer).
Renderer = Callable[[str, Identity, GameState], LiveView]
_RENDERERS: dict[str, Renderer] = {}


def register(game_key: str, renderer: Renderer) -> None:
    _RENDERERS[game_key] = renderer


def live_view(game_id: str, who: Identity, state: GameState | None = None) -> LiveView:
    db = store()
    state = state or db.state(game_id)
    return _RENDERERS[db.game_key(game_id)](game_id, who, state)


def _number(text: str | None) -> int | None:
    if text and text.isascii() and text.isdigit() and len(text) < 12:
        return int(text)
    return None


def _viewer() -> Identity:
    return page_identity(str((request.view_args or {})["game_id"]), request.args.get("as", "seat"))


@bp.get("/games/<game_id>/stream")
def events(game_id: str) -> Any:
    """One ``update`` event per change the viewer can see: their whole live part.

    ``since=<version>`` (or a reconnect's ``Last-Event-ID``) names the version the page
    shows; an event goes out at once only if the page is older, or on the table screen,
    whose page shows who is connected. ``key=<k>`` names, for each part, the key the page
    holds (``guide:<key>``)."""
    try:
        who = _viewer()
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    db, streams = store(), hub()
    state = db.state(game_id)
    # One client address holds a bounded number of streams (issue #17): the address the
    # server saw, never a header the client sends.
    sid = streams.open_stream(game_id, who.viewer, state.version, request.remote_addr or "")
    if sid is None:
        return busy()
    seen = _number(request.headers.get("Last-Event-ID"))
    if seen is None:
        seen = _number(request.args.get("since"))
    # A phone whose page is current is sent nothing until a change; the table screen,
    # which shows who is connected, always gets its page at once (nothing to render now).
    current = seen == state.version and not who.is_host
    sent_html = live_view(game_id, who, state).html if current else ""
    keys: dict[str, str] = {}
    for held in request.args.getlist("key"):
        event, _, key = held.partition(":")
        keys[event] = key

    def render() -> tuple[int, int, str]:
        nonlocal sent_html
        presence = streams.presence_version(game_id)
        state = db.state(game_id)
        page = live_view(game_id, who, state)
        out = []
        if page.html != sent_html:
            out.append(_event("update", page.html, state.version))
            sent_html = page.html
        for part in page.parts:
            if keys.get(part.event) != part.key:
                out.append(_event(part.event, part.html(), state.version))
                keys[part.event] = part.key
        return state.version, presence, "".join(out)

    return respond(game_id, who, sid, seen if seen is not None else -1, render)


def _event(name: str, html: str, version: int) -> str:
    data = "data: " + "\ndata: ".join(html.splitlines())
    return f"id: {version}\nevent: {name}\n{data}\n\n"


@bp.get("/games/<game_id>/live")
def poll(game_id: str) -> Any:
    """The inside of the viewer's ``#live``: the page's fallback while its stream is down."""
    try:
        who = _viewer()
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    return live_view(game_id, who).html


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
    """The Server-Sent Events response of a stream whose slot ``sid`` is taken:
    ``live_streams.sse`` with the viewer's token re-checked, gzip-encoded where the browser
    accepts it. Under ``companion serve`` the stream is parked once its first events are
    out (it holds no thread: ``companion.live_streams.Pump``); under any other server the
    request's thread waits for its game's changes."""
    db, streams = store(), hub()

    def still_valid() -> bool:
        # Asked when the game's presence moves (a link revoked through this process's
        # door kicks the game's streams) and at each keepalive (one revoked by another
        # process sharing the database).
        info = db.token_info(who.token)
        return info is not None and info["game_id"] == game_id

    body = live_streams.sse(
        streams, game_id, who.viewer, sid, who.is_host, seen, render, still_valid
    )
    encoding = stream_encoding()
    if request.environ.get(live_streams.PARK):
        encode, finish = _encoder(bool(encoding))
        base = request_ctx.copy()
        pump = live_streams.Pump(streams, game_id, body, base.copy, encode, finish)
        resp = Response(_parking(pump.first(), pump), mimetype="text/event-stream")
    else:
        plain = live_streams.blocking(streams, game_id, body)
        resp = Response(
            stream_with_context(gzip_stream(plain) if encoding else plain),
            mimetype="text/event-stream",
        )
    if encoding:
        resp.headers["Content-Encoding"] = encoding
    resp.headers["Vary"] = "Accept-Encoding"
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp


def _parking(head: bytes, pump: live_streams.Pump) -> Iterator[bytes]:
    """A parked stream's body: its first bytes, then :class:`live_streams.Parked` for the server,
    which hands the stream its connection. A body closed before that ends the stream."""
    handed = False
    try:
        yield head
        if pump.state != "done":
            handed = True
            raise live_streams.Parked(pump)
    finally:
        if not handed:
            pump.stream.close()


def _encoder(gzipped: bool) -> tuple[Callable[[str], bytes], Callable[[], bytes]]:
    """How a parked stream's text becomes bytes, step by step, and its last bytes: one
    gzip member flushed after every step, as :func:`gzip_stream` does, or plain UTF-8."""
    if not gzipped:
        return str.encode, bytes
    # memLevel 4: a 8 KiB hash table instead of 128 KiB, the same bytes out on a table's
    # pages (measured): ~120 KiB less for every open stream, which is what an idle
    # stream costs beyond its socket (issue #23).
    compressor = zlib.compressobj(STREAM_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS, 4)

    def encode(text: str) -> bytes:
        return compressor.compress(text.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)

    return encode, lambda: compressor.flush(zlib.Z_FINISH)


#: Parts of a live page rendered once for what they show (issue #23): the board game's
#: player cards, its markets board, its history rows, a phone's own card, the turn, the
#: table screen's join cards (templates/game/_live_body.html). Each is a macro of an
#: imported template (it sees its arguments and the template globals only, never the
#: page's context), so its HTML is a function of its arguments and the request's language:
#: :func:`memo` keeps it under exactly those (``repr`` of the arguments, which tells
#: ``Markup`` from ``str`` and ``1`` from ``1.0``). A viewer is only ever given the HTML of
#: its own arguments, so nothing it may not see reaches it (a card showing its owner's
#: closed Yen is keyed by that Yen), and a part that did not change since the last version
#: (the other players' cards after a payment, the older history rows) is not rendered
#: again. tests/test_live_memo.py checks that the kept macros read nothing else. Profiled
#: (bench/README.md, "Capacity"): the player cards alone were ~45 % of an action's CPU
#: with closed money, when they were kept per version and viewer.
_MEMO: OrderedDict[tuple[Any, ...], Markup] = OrderedDict()
_MEMO_LOCK = threading.Lock()
#: Parts kept, the least recently used dropped beyond it: a table's five devices use ~70
#: at a time (25 history rows on the table screen, 10 on each phone, the cards, ...) and
#: add ~6 an action, so this holds what ~200 busy tables use, in ~1 KB each (~16 MB when
#: full; measured by bench/profile_action.py).
MEMO_KEPT = 16384


@bp.app_template_global("memo")
def memo(macro: Any, *args: Any) -> Markup:
    """``macro(*args)`` (a template macro), rendered once for its arguments and language
    (and the path the app is served under, which its links may hold)."""
    base = g.get("_companion_memo")
    if base is None:  # once per render: a stream's step is a request context of its own
        base = g._companion_memo = (str(get_locale()), request.script_root)
    shown = repr(args)
    if " at 0x" in shown:
        # An object without a repr of its own is named by its address, which a later
        # object may reuse: such arguments are never a key (rendered, not kept).
        return Markup(macro(*args))
    key = (macro._func.__code__, base, shown)
    with _MEMO_LOCK:
        found = _MEMO.get(key)
        if found is not None:
            _MEMO.move_to_end(key)
            return found
    found = Markup(macro(*args))
    with _MEMO_LOCK:
        _MEMO[key] = found
        while len(_MEMO) > MEMO_KEPT:
            _MEMO.popitem(last=False)
    return found


@bp.app_template_global("live_page")
def live_page(game_id: str, role: str, html: str | None = None) -> dict[str, Any]:
    """What templates/game/_live.html needs for the viewer of the page being rendered:
    the inside of #live (``html`` when the page has it already), and the addresses of its
    stream and its polling fallback."""
    who = page_identity(game_id, role)
    where: dict[str, Any] = {"game_id": game_id, "as": role}
    return {
        "live_html": live_view(game_id, who).html if html is None else html,
        "live_stream": url_for("stream.events", **where),
        "live_poll": url_for("stream.poll", **where),
    }
