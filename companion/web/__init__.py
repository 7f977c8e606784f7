"""The Flask application: pages for people (htmx) and the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Flask
from htmx_flask import Htmx

from ..paths import STATIC, TEMPLATES

htmx = Htmx()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The app factory. ``config`` may set ``DATABASE`` (a path; default: the user's
    data folder) and ``TESTING``."""
    app = Flask(
        "companion",
        template_folder=str(TEMPLATES),
        static_folder=str(STATIC),
        static_url_path="/static",
    )
    app.config.update(DATABASE=None, SEND_FILE_MAX_AGE_DEFAULT=3600)
    if config:
        app.config.update(config)
    # Reports keep the rulebook's order of steps and fish; never sort keys.
    app.json.sort_keys = False  # type: ignore[attr-defined]
    htmx.init_app(app)
    from . import compress  # compressed responses, long-lived versioned static files
    compress.init_app(app)

    from . import api, calculator, home

    app.register_blueprint(home.bp)
    app.register_blueprint(calculator.bp)
    app.register_blueprint(api.bp)
    _register_games(app)

    @app.template_filter("yen")
    def yen_filter(value: int) -> str:
        sign = "−" if value < 0 else ""
        return f"{sign}¥{abs(value):,}"

    return app


def _register_games(app: Flask) -> None:
    """The tracked game: its store, live hub and door, and one blueprint per area."""
    from . import auctions, auth, context, forms, game_api, newgame, seat, stream, table

    context.init_app(app)
    for module in (auth, newgame, table, seat, forms, auctions, stream, game_api):
        app.register_blueprint(module.bp)
