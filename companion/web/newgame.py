"""New game: names, money, Expansion and variants, the seeded market draw with re-roll or
markets by hand, the board numbers (remembered by the server, AMB-40; the Salmon licences,
AMB-11), the setup checklist; creating the game goes through the door. Also the site's
/favicon.ico.

The page's "seed" draws the markets only. The game gets a seed of its own when it is
created (128 bits, shown on no page until the game ends: it foretells the bag's draws and
the markets that enter, issue #17)."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from flask import (
    Blueprint,
    Response,
    redirect,
    render_template,
    request,
    url_for,
)

from ..door import refusal_of
from ..i18n import current_lang, finished, msg
from ..paths import STATIC
from ..rules.catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_MARKETS,
    FISH_MARKETS,
)
from ..rules.checklist import checklist
from ..rules.errors import IllegalAction
from ..rules.figures import (
    DISPUTED_NOTES,
    disputed_defaults,
    figure_labels,
    is_yen_figure,
    unknown_figures,
)
from ..rules.messages import Message
from ..rules.setup import SEAT_COLORS, GameConfig, board_figure, new_seed
from . import edge_board
from .auth import host_cookie, set_cookie
from .context import door

bp = Blueprint("newgame", __name__)


def _context(
    form: Any, error: IllegalAction | None = None, config: GameConfig | None = None
) -> dict[str, Any]:
    return {
        "form": form,
        "error": error,
        "error_text": _error_text(error),
        "config": config,
        "checklist": checklist(config) if config else None,
        # The figures the rulebooks lack (AMB-40), fish and external boards alike.
        "unknown": unknown_figures(config.fish_markets + config.external_markets) if config else {},
        "figure_labels": figure_labels(current_lang()),
        "is_yen_figure": is_yen_figure,
        # Disputed figures (AMB-11) with what this game uses now: the host's number, the
        # remembered one, or the app's default for the player count.
        "disputed": {
            m: {f: board_figure(config, m, f) for f in figures}
            for m, figures in disputed_defaults(config.fish_markets, config.player_count).items()
        }
        if config
        else {},
        # Each note in the request's language (its English is DISPUTED_NOTES').
        "disputed_notes": {(m, f): msg(Message(f"note.{m}.{f}")) for (m, f) in DISPUTED_NOTES},
        "board_players": edge_board.BOARD_PLAYERS,
        "fish_markets": FISH_MARKETS,
        "external_markets": EXTERNAL_MARKETS,
        "base_fish": BASE_FISH,
        "expansion_fish": EXPANSION_FISH,
        "base_external": BASE_EXTERNAL,
        "expansion_external": EXPANSION_EXTERNAL,
        "colors": SEAT_COLORS,
    }


def _error_text(error: IllegalAction | None) -> str | None:
    """A refused setting as one finished sentence in the request's language: a rules
    clause after its field's name ("The Nori board’s “Tokens” must be …"), a sentence the
    edge already worded as it is."""
    if error is None:
        return None
    if error.code_message is not None:
        return refusal_of(error).message
    return finished(error.message, None, current_lang())


@bp.get("/games/new")
def form() -> str:
    return render_template("game/new.html", **_context(None))


@bp.post("/games/preview")
def preview() -> str:
    """The drawn markets and the setup checklist, re-rolled or edited before starting."""
    form: Any = request.form
    if form.get("reroll"):
        form = form.copy()
        form["seed"] = _draw_seed()
        form["manual"] = ""
    elif not (form.get("seed") or "").strip():
        form = form.copy()
        form["seed"] = _draw_seed()  # a short number for the page, not a 128-bit seed
    try:
        config = edge_board.config_form(form)
    except IllegalAction as exc:
        ctx = _context(form, exc)
        if form.get("manual") == "on":
            # Keep the boxes on screen while markets are swapped by hand: every swap passes
            # through a wrong count, and without them the choice could not be finished.
            ctx["picked"] = {
                "players": [n for n in form.getlist("player") if n.strip()],
                "seed": form.get("seed", ""),
                "expansion": form.get("expansion") == "on",
                "fish_markets": form.getlist("fish_market"),
                "external_markets": form.getlist("external_market"),
            }
        return render_template("game/_preview.html", **ctx)
    return render_template("game/_preview.html", **_context(form, None, config))


def _draw_seed() -> str:
    """The seed of the page's market draw (re-rolled at will; the markets it draws are on
    the page anyway)."""
    return str(int(time.time_ns() % 2_000_000_000) + 1)


@bp.post("/games")
def create() -> Any:
    try:
        config = edge_board.config_form(request.form, remember=True)
    except IllegalAction as exc:
        return render_template("game/new.html", **_context(request.form, exc)), 400
    # The page's seed drew the markets (now fixed in the config); the game's own seed,
    # which foretells its bag draws and entering markets, is new and on no page.
    config = replace(config, seed=new_seed())
    game_id, host, _ = door().create_game(config)
    resp = redirect(url_for("table.page", game_id=game_id), code=303)
    set_cookie(resp, host_cookie(game_id), host)
    return resp


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Browsers ask every site for /favicon.ico whatever the page links; answering it
    keeps a 404 out of every page load (the page head belongs to base.html). The icon is
    1 KiB, so it is answered from memory, with no file left open behind a HEAD."""
    resp = Response((STATIC / "favicon.ico").read_bytes(), mimetype="image/vnd.microsoft.icon")
    resp.cache_control.public = True
    resp.cache_control.max_age = 86_400
    return resp
