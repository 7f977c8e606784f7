"""The Flask application: pages for people (htmx) and the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, make_response, render_template, request
from htmx_flask import Htmx
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge
from werkzeug.routing import IntegerConverter

from ..games import GAMES
from ..i18n import msg
from ..paths import STATIC, TEMPLATES
from ..store import StoreError

htmx = Htmx()

#: Largest request body: an action is well under 1 KiB, a snapshot or the calculator's
#: whole form a few KiB. Anything more is refused (413) before it is read into memory.
BODY_LIMIT = 64 * 1024
#: Most fields of a multipart form (the calculator's six players use about 200).
FORM_PARTS = 500


class AsciiInt(IntegerConverter):
    """``<int:seat_no>`` in ASCII digits, nine at most: Werkzeug's ``\\d+`` also matches
    "١", and a 5,000-digit path reached ``int()`` and answered 500."""

    regex = r"[0-9]{1,9}"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The app factory. ``config`` may set ``DATABASE`` (a path; default: the user's
    data folder) and ``TESTING``."""
    app = Flask(
        "companion",
        template_folder=str(TEMPLATES),
        static_folder=str(STATIC),
        static_url_path="/static",
    )
    app.config.update(
        DATABASE=None,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        MAX_CONTENT_LENGTH=BODY_LIMIT,
        MAX_FORM_MEMORY_SIZE=BODY_LIMIT,
        MAX_FORM_PARTS=FORM_PARTS,
    )
    if config:
        app.config.update(config)
    app.url_map.converters["int"] = AsciiInt  # before any route is added
    # Reports keep the rulebook's order of steps and fish; never sort keys.
    app.json.sort_keys = False  # type: ignore[attr-defined]
    htmx.init_app(app)
    from . import security

    security.init_app(app)
    from . import compress  # compressed responses, long-lived versioned static files

    compress.init_app(app)

    from . import api, calculator, home

    app.register_blueprint(home.bp)
    app.register_blueprint(calculator.bp)
    app.register_blueprint(api.bp)
    from . import jutaku

    app.register_blueprint(jutaku.bp)  # Tokyo Jutaku
    from . import rulecards

    rulecards.init_app(app)  # the rules cards (issue #11)
    _register_games(app)

    app.register_error_handler(StoreError, storage_refusal)
    _register_errors(app)

    @app.template_filter("yen")
    def yen_filter(value: int) -> str:
        sign = "−" if value < 0 else ""
        return f"{sign}¥{abs(value):,}"

    from .dom import css_id

    app.jinja_env.filters["css_id"] = css_id

    from .. import i18n  # languages per device; its yen filter replaces the one above

    i18n.init_app(app)
    return app


def _register_games(app: Flask) -> None:
    """The tracked game: its store, live hub and door, and one blueprint per area."""
    from . import (
        auctions,
        auth,
        cards,
        context,
        forms,
        game_api,
        newgame,
        routing,
        seat,
        stream,
        table,
        turn,
    )

    context.init_app(app, GAMES)  # the games this app keeps, given to the store and door
    routing.init_app(app)  # which game's handler answers a request (each game registers)
    app.register_blueprint(cards.bp)  # the card game
    from . import card_deck  # the card game's 18 cards, defined once on this server

    app.register_blueprint(card_deck.bp)
    for module in (auth, newgame, table, seat, forms, auctions, stream, game_api, turn):
        app.register_blueprint(module.bp)
    from . import (
        board_pages,  # noqa: F401  (the board game's pages for the shared routes and stream)
        report,  # the story, export and import (issue #11)
    )

    app.register_blueprint(report.bp)


def storage_refusal(exc: StoreError) -> Response:
    """A change the database could not keep: 503 (the server, not the request, is at
    fault) with the sentence, in the form the asker reads: JSON for the API, the page's
    flash for an htmx form, a page otherwise; in the asker's language."""
    said = msg(exc.said) if exc.said is not None else exc.message
    if request.path.startswith("/api/"):
        resp = jsonify({"error": said})
    elif request.headers.get("HX-Request"):
        resp = make_response(render_template("game/_flash.html", error=said))
        resp.headers["HX-Retarget"] = "#flash"
        resp.headers["HX-Reswap"] = "innerHTML"
    else:
        resp = make_response(render_template("unavailable.html", message=said))
    resp.status_code = 503
    return resp


def _register_errors(app: Flask) -> None:
    """Werkzeug's own refusals (a body over the limit, a body it cannot parse) answered as
    every other refusal: one sentence, as JSON for the API and as the message fragment for
    the pages."""
    from ..door import Refused
    from ..rules.messages import Message
    from .forms import htmx_error

    def answer(status: int, said: Message) -> Any:
        refused = Refused(status, said)
        if request.path.startswith("/api/"):
            return jsonify({"error": refused.message}), status
        return htmx_error(refused)

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(_exc: RequestEntityTooLarge) -> Any:
        return answer(413, Message("edge.too_large", {"kib": BODY_LIMIT // 1024}))

    @app.errorhandler(BadRequest)
    def bad_request(_exc: BadRequest) -> Any:
        return answer(400, Message("edge.unreadable"))

    @app.errorhandler(HTTPException)
    def other(exc: HTTPException) -> Any:
        """Werkzeug's other refusals (no such address, a method a route does not take) in
        the asker's language, not Werkzeug's English page (issue #21)."""
        from flask_babel import gettext  # type: ignore[import-untyped]

        code = exc.code or 500
        if code == 404:
            said = gettext("There is no page at this address.")
        elif code == 405:
            said = gettext("This address does not take that kind of request.")
        else:
            said = gettext("The server cannot answer this request (%(code)s).", code=code)
        if request.path.startswith("/api/"):
            resp = jsonify({"error": said})
        elif request.headers.get("HX-Request"):
            return htmx_error(Refused(code, said))
        else:
            resp = make_response(render_template("game/refused.html", error=Refused(code, said)))
        resp.status_code = code
        allowed = getattr(exc, "valid_methods", None)
        if code == 405 and allowed:
            resp.headers["Allow"] = ", ".join(allowed)
        return resp
