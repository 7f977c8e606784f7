"""A game as a file, out and in (shared/spec/report.md): the JSON export of the event log
and the CSV of the per-turn holdings, each as the asking viewer may see it; and the import
of a game file from another server, replayed through the rules before anything is created.

The export refuses the table screen with closed money until the game has ended: its file
would show everyone's Yen, and the table screen is everyone's screen (the snapshot waits
likewise, companion/web/table.py). A phone's file leaves out what that phone may not see.

A game file is larger than any other body (a long game is some hundreds of KiB), so the
import alone reads up to ``IMPORT_LIMIT``; every other request keeps the app's 64 KiB.
``IMPORT_LIMIT`` is the one limit of a game file: the page promises it, the app reads no
more, and ``companion serve`` gives it to waitress as its body limit. An import replays
every entry through the rules, so its work is bounded too (entries, undo refolds) and
imports run one at a time; the CSV's story is made once per version and viewer.
"""

from __future__ import annotations

import csv
import io
import json
import threading
from typing import Any

from flask import Blueprint, Response, jsonify, render_template, request, url_for
from flask_babel import gettext  # type: ignore[import-untyped]
from werkzeug.exceptions import RequestEntityTooLarge

from ..door import Refused
from ..gamefile import BadEntry, export_document, hides_money, replay, rules_reason, same_setup
from ..identity import Identity
from ..report_text import say
from ..rules.errors import IllegalAction
from ..rules.setup import GameConfig, make_config
from ..story import holdings_rows
from . import edge
from .auth import bearer, host_cookie, join_url, page_identity, refused_page, set_cookie
from .context import door, store
from .gamefile_schemas import parse_file
from .stories import cached_story  # the story page's cache: once per version and viewer

bp = Blueprint("export", __name__)

#: The largest game file the import reads: a long game's file is a few hundred KiB. Also
#: waitress's body limit (companion/cli.py) and the import page's promise.
IMPORT_LIMIT = 2 * 1024 * 1024

#: One import at a time: each replays a whole game through the rules (up to a second or
#: so), and a stranger's ten at once slowed every action of the table (issue #17).
_IMPORTING = threading.Lock()


def page_viewer(game_id: str) -> Identity:
    """Who a page of a game is for: ``?as=host`` or ``?as=seat``; without it the table
    screen's sign-in comes first, so the table device (which may also hold a player's
    seat) shows what everyone may see unless asked for the seat."""
    role = request.args.get("as")
    if role not in ("host", "seat"):
        role = "host" if request.cookies.get(host_cookie(game_id)) else "seat"
    return page_identity(game_id, role)


# -- export ------------------------------------------------------------------------------------


def _document(game_id: str, who: Identity, *, api: bool) -> dict[str, Any]:
    state = store().state(game_id)
    if who.is_host and hides_money(state):
        raise Refused(403, say("export.closed_host"))
    # The host who created the game was given its seed; a page on the table screen (and a
    # phone) gets it only once the game has ended, as it foretells the bag's draws.
    with_seed = (who.is_host and api) or state.table.turn.finished
    return export_document(state, who, with_seed=with_seed)


def _file_name(game_id: str, who: Identity, ext: str) -> str:
    whose = "table" if who.is_host else f"seat{(who.seat or 0) + 1}"
    return f"tsukiji-{game_id}-{whose}.{ext}"


def _json_file(doc: dict[str, Any], name: str) -> Response:
    body = json.dumps(doc, ensure_ascii=False, indent=1)
    resp = Response(body, mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _csv_text(rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow(["" if v is None else _cell(v) for v in row])
    return out.getvalue()


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (a name such as "=1+1") is kept
    as text (OWASP's CSV-injection advice: a leading apostrophe)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv_file(game_id: str, who: Identity) -> Response:
    rows = holdings_rows(cached_story(store().state(game_id), who))
    resp = Response(_csv_text(rows), mimetype="text/csv")
    resp.headers["Content-Disposition"] = (
        f'attachment; filename="{_file_name(game_id, who, "csv")}"'
    )
    resp.headers["Cache-Control"] = "no-store"
    return resp


def _api_refusal(exc: Refused) -> Any:
    return jsonify(exc.to_json()), exc.status


@bp.get("/api/games/<game_id>/export")
def export_api(game_id: str) -> Any:
    try:
        who = door().identify(game_id, bearer())
        doc = _document(game_id, who, api=True)
    except Refused as exc:
        return _api_refusal(exc)
    return _json_file(doc, _file_name(game_id, who, "json"))


@bp.get("/api/games/<game_id>/export.csv")
def export_csv_api(game_id: str) -> Any:
    try:
        who = door().identify(game_id, bearer())
    except Refused as exc:
        return _api_refusal(exc)
    return _csv_file(game_id, who)


@bp.get("/games/<game_id>/export.json")
def export_page(game_id: str) -> Any:
    try:
        who = page_viewer(game_id)
        doc = _document(game_id, who, api=False)
    except Refused as exc:
        return refused_page(exc)
    return _json_file(doc, _file_name(game_id, who, "json"))


@bp.get("/games/<game_id>/export.csv")
def export_csv_page(game_id: str) -> Any:
    try:
        who = page_viewer(game_id)
    except Refused as exc:
        return refused_page(exc)
    return _csv_file(game_id, who)


# -- import ------------------------------------------------------------------------------------


def _setup_field(field: str | None) -> str:
    return f"setup.{field}" if field else "setup"


def _config(setup: Any) -> GameConfig:
    """The setup of a file as a checked config that reads back exactly as written."""
    try:
        config = make_config(
            list(setup.players),
            money=setup.money,
            expansion=setup.expansion,
            fish_markets=list(setup.fish_markets),
            external_markets=list(setup.external_markets),
            variants=list(setup.variants),
            seed=setup.seed,
            start_player=setup.start_player,
            board_numbers={m: dict(f) for m, f in setup.board_numbers.items()},
            fleet=setup.fleet or 1,
        )
    except IllegalAction as exc:
        # The rules' reason in the asker's language, as an entry's refusal words it: a
        # Japanese page said "…始められません：a game has 2 to 6 players."
        reason = rules_reason(exc)
        raise Refused(400, say("file.setup", reason=reason), _setup_field(exc.field)) from None
    key = same_setup(config, setup.model_dump())
    if key is not None:
        raise Refused(400, say("file.setup_differs", field=f"setup.{key}"), f"setup.{key}")
    return config


def import_body(data: Any) -> tuple[str, str, list[str], GameConfig]:
    """A parsed JSON body as a new game: (id, host token, seat tokens, config). One import
    at a time: another arriving meanwhile is refused (503) at once, not queued."""
    if data is edge.EMPTY:
        raise Refused(400, say("file.empty"))
    if not _IMPORTING.acquire(blocking=False):
        raise Refused(503, say("file.busy"))
    try:
        parsed, entries = parse_file(data)
        config = _config(parsed.setup)
        try:  # every entry replayed through the rules first; nothing is created on a refusal
            events = replay(config, entries)
        except BadEntry as exc:
            raise Refused(400, exc.message, exc.field) from None
        game_id, host, seats = door().create_game(config, events)
    finally:
        _IMPORTING.release()
    return game_id, host, seats, config


def created(game_id: str, host: str, seats: list[str], config: GameConfig) -> dict[str, Any]:
    """The answer of POST /api/games, for a game created here."""
    return {
        "id": game_id,
        "host_token": host,
        "seats": [
            {"name": name, "token": tok, "join_url": join_url(tok)}
            for name, tok in zip(config.players, seats, strict=True)
        ],
        "fish_markets": list(config.fish_markets),
        "external_markets": list(config.external_markets),
        "seed": config.seed,
    }


def _too_large() -> str:
    return say("file.too_large", limit=IMPORT_LIMIT // (1024 * 1024))


def _imported() -> tuple[str, str, list[str], GameConfig]:
    """The request's game file as a new game (RequestEntityTooLarge, Refused)."""
    # Before anything reads the body: the import alone takes more than 64 KiB.
    request.max_content_length = IMPORT_LIMIT
    return import_body(edge.read_json("game file"))


@bp.post("/api/games/import")
def import_api() -> Any:
    try:
        game_id, host, seats, config = _imported()
    except RequestEntityTooLarge:
        return jsonify({"error": _too_large()}), 413
    except Refused as exc:
        return _api_refusal(exc)
    return jsonify(created(game_id, host, seats, config)), 201


@bp.get("/games/import")
def import_page() -> Any:
    """A page to choose a game file; static/report.js posts it to :func:`import_post`
    (the JSON body is read by the edge like every other) and opens the new game's table
    screen."""
    limit = IMPORT_LIMIT // (1024 * 1024)
    return render_template(
        "report/import.html", limit=limit, limit_bytes=IMPORT_LIMIT, too_large=_too_large()
    )


#: The edge's refusals of a body that is no JSON (companion/web/edge.py read_json).
NOT_JSON = frozenset({"edge.not_json", "edge.too_deep", "edge.too_many_digits"})


@bp.post("/games/import")
def import_post() -> Any:
    """The import page's post: the game is created as the API creates it, and this
    browser becomes its table screen by the host cookie set in this very answer. The host
    token is in no address the browser keeps (its history) and not in the answer: the
    page is sent to the table screen's own address (issue #17)."""
    try:
        game_id, host, _, _ = _imported()
    except RequestEntityTooLarge:
        return jsonify({"error": _too_large()}), 413
    except Refused as exc:
        if exc.said is not None and exc.said.code in NOT_JSON:
            # A file chosen on the page that is no JSON at all (a photo, a CSV): the
            # page said "The request body is not valid JSON.", words of the API.
            said = gettext(
                "This file is not a game file: choose the .json file this app's Game file "
                "(JSON) button saved."
            )
            return jsonify({"error": str(said)}), exc.status
        return _api_refusal(exc)
    resp = jsonify({"id": game_id, "table_url": url_for("table.page", game_id=game_id)})
    resp.status_code = 201
    set_cookie(resp, host_cookie(game_id), host)
    return resp
