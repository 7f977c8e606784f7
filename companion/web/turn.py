"""The active player's phone runs their turn: the guided turn (docs/actions.md, "The
guided turn") as big choices on the phone — the start-of-turn card, then Fishing,
Purchasing and Markets — with a preview of every movement before one Confirm.

This module is the routes: the guide, its panels, the preview and the confirm. The phone's
form, its names the paths of the JSON body, becomes the API's parsed action in
web/turn_form.py (so a form can do nothing the API would refuse); what the panels show
is web/turn_guide.py's and, for Fishing and the fleet, web/turn_fleet.py's. Identity is
checked before the body is read; the confirm goes through the one door like every other
change.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Flask, make_response, render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]
from markupsafe import Markup

from ..door import Refused, refusal
from ..engine.args import read
from ..eventlog import GameState
from ..i18n import current_lang
from ..identity import Identity
from ..rules import guided
from ..rules.errors import IllegalAction
from ..rules.licences import ReturnLicense, return_license
from ..rules.markets import MARKETS
from ..rules.messages import Message, render
from ..rules.table import Table
from . import turn_external
from .auth import page_identity
from .context import door, store
from .forms import htmx_error, live_answer
from .render import event_text, guide_key
from .turn_fleet import fishing_panel, last_prices
from .turn_form import action_from_form
from .turn_free import free_panel
from .turn_guide import (
    FREE_MOVES,
    guide,
    market_panel,
    market_tile,
    purchase_panel,
    say,
)

bp = Blueprint("turn", __name__)


def _me(game_id: str) -> tuple[Identity, GameState, int]:
    who = page_identity(game_id, "seat")
    if who.seat is None:
        raise Refused(403, say("guide.seat_only"))
    return who, store().state(game_id), who.seat


def markets_grid(t: Table, seat: int) -> dict[str, Any]:
    """The Markets grid's tiles: the fish markets', then the external markets'."""
    return {
        "tiles": [market_tile(t, seat, MARKETS[m]) for m in t.config.fish_markets],
        "ext_tiles": turn_external.tiles(t, seat),
    }


def render_guide(game_id: str, who: Identity, state: GameState | None = None) -> str:
    """The guide; on my turn its panel opens on the Markets grid (#20: a tile is one tap
    from the guide, as Fishing and Purchasing are)."""
    state = state or store().state(game_id)
    g = guide(game_id, who, state)
    grid = None
    if g["active"] and not g["start"] and who.seat is not None:
        grid = markets_grid(state.table, who.seat)
    return render_template("game/_turn_box.html", g=g, grid=grid)


# -- routes ------------------------------------------------------------------------------------


@bp.get("/games/<game_id>/turn")
def box(game_id: str) -> Any:
    """The guide; 204 when ``?key=`` is still its state (the form being filled stays)."""
    try:
        who, state, _seat = _me(game_id)
    except Refused as exc:
        return htmx_error(exc)
    if request.args.get("key") == guide_key(state.table):
        return "", 204
    return render_guide(game_id, who, state)


@bp.get("/games/<game_id>/turn/<panel>")
@bp.get("/games/<game_id>/turn/<panel>/<market>")
def panel(game_id: str, panel: str, market: str | None = None) -> Any:
    try:
        who, state, seat = _me(game_id)
        t: Table = state.table
        g = guide(game_id, who, state)
        if not g["active"]:
            raise Refused(400, say("guide.not_yours", active=g["current"]))
        if panel == "markets" and market is None:
            return render_template("game/_turn_markets.html", g=g, **markets_grid(t, seat))
        if panel == "markets" and market in t.config.external_markets:
            return turn_external.panel(g, t, seat, market)
        if panel == "markets" and market in t.config.fish_markets:
            return render_template(
                "game/_turn_visit.html", g=g, m=market_panel(t, seat, MARKETS[market])
            )
        if panel == "fishing" and market is None:
            f = fishing_panel(t, seat, last_prices(state, t.players[seat].name))
            return render_template("game/_turn_fishing.html", g=g, f=f)
        if panel == "purchasing" and market is None:
            return render_template("game/_turn_purchase.html", g=g, owners=purchase_panel(t, seat))
        if panel == "free" and (market is None or market in FREE_MOVES):
            return render_template("game/_turn_free.html", g=g, f=free_panel(t, seat), move=market)
        raise Refused(404, say("guide.no_panel"))
    except Refused as exc:
        return htmx_error(exc)


@bp.post("/games/<game_id>/turn/preview")
def preview(game_id: str) -> Any:
    """What the posted form would do, movement by movement, or the one-sentence reason the
    rules refuse it. Changes nothing. It carries the entry it was made at, which its
    Confirm sends as the version expected: a Confirm of a preview the table has moved past
    since (a change made elsewhere) is refused, never recorded unlike what it showed."""
    version: int | None = None

    def shown(**values: Any) -> str:
        # Every answer carries the entry it was made at (read when it is rendered).
        return render_template("game/_turn_preview.html", version=version, **values)

    try:
        who, state, seat = _me(game_id)
        version = state.version
        kind, args, _expected = action_from_form()
        # Through the door, as the confirm will be: its permission, then its draws.
        data = {"type": kind, **door().preview(state, who, kind, args)}
    except Refused as exc:
        if exc.status == 403:
            return htmx_error(exc)
        return shown(error=exc.message)
    if kind == "return_license":  # a bookkeeping move, not a guided action: its line
        try:
            return_license(state.table, read(ReturnLicense, args))
        except IllegalAction as exc:
            error = refusal(exc, state, who).message
            return shown(error=error)
        line = render(Message("guide.return_licence", args), current_lang())
        return shown(lines=[line], total=None)
    try:
        # As this phone may read it: with closed money, no amount of another player's Yen.
        lang = current_lang()
        moves = guided.preview_for(state.table, data, seat)
        lines = [line[:1].upper() + line[1:] for line in (render(m, lang) for m in moves)]
    except IllegalAction as exc:
        error = refusal(exc, state, who).message
        return shown(error=error)
    total = None
    if kind == "purchase" and args.get("barrels"):
        total = sum(int(b["price"]) for b in args.get("barrels", []))
    return shown(lines=lines, total=total, game_id=game_id, ends=ends(moves))


def ends(moves: list[Message]) -> bool:
    """Whether the previewed action spends the turn's last AP and opens no auction: then
    its Confirm may end the turn in the same tap (#20)."""
    spent = any(m.code == "mv.ap" and m.values.get("left") == 0 for m in moves)
    return spent and not any("auction" in m.code for m in moves)


@bp.post("/games/<game_id>/turn/confirm")
def confirm(game_id: str) -> Any:
    """The previewed action through the one door; the guide and a message come back. The
    page's stream brings what changed in #live (forms.live_answer)."""
    try:
        who, _state, _seat = _me(game_id)
        kind, args, expected = action_from_form()
        event = door().act(game_id, who.token, kind, args, expected)
    except Refused as exc:
        return htmx_error(exc)
    message = say("guide.recorded", line=event_text(game_id, event.seq, who))
    if request.args.get("then") == "end" and not store().state(game_id).table.turn.ap_left:
        # "Confirm and end my turn" (#20): the turn change "End my turn" would record, now
        # that no AP are left (its own entry: one Undo takes it back alone). An auction or
        # anything else that holds the turn refuses it: the action stays recorded.
        try:
            turn_change = door().act(game_id, who.token, "next_turn", {}, event.seq)
            message += " " + event_text(game_id, turn_change.seq, who)
        except Refused:
            pass
    state = store().state(game_id)
    flash = render_template("game/_flash.html", oob=True, message=message)
    resp = make_response(render_guide(game_id, who, state) + flash)
    return live_answer(resp)


def init_app(app: Flask) -> None:
    """``turn_guide(view)`` for seat.html (through templates/game/_turn_guide.html)."""

    @app.context_processor
    def _guide() -> dict[str, Any]:
        def turn_guide(view: Mapping[str, Any]) -> Markup:
            who = page_identity(str(view["id"]), "seat")
            if who.seat is None:
                return Markup("")
            return Markup(render_guide(str(view["id"]), who))

        return {"turn_guide": turn_guide}

    # A global, so that templates/game/_regions.html (imported without context) sees it.
    app.jinja_env.globals["end_turn_question"] = end_turn_question
    # The fleet picture's words (templates/game/_fleet.html), from the rules' catalogue.
    app.jinja_env.globals["fleet_word"] = say


def end_turn_question(game_id: str) -> str:
    """The question "End my turn" / "Next turn" asks while the active player has AP left
    ("Chiyo has 2 AP left — end the turn anyway?"), or "" (no turn on, or no AP left, or
    an auction still on: the turn cannot end yet, and the tap is refused at once in the
    rules' words rather than after a question whose answer cannot be kept).
    The API still takes a next_turn with AP left (docs/flows.md); only the pages ask."""
    t = store().state(game_id).table
    turn = t.turn
    if turn.number <= 0 or turn.finished or not turn.ap_left:
        return ""
    if any(a.status != "settled" for a in t.auctions.values()):
        return ""
    player = t.players[turn.current].name
    return str(
        gettext(
            "%(player)s has %(num)s AP left — end the turn anyway?",
            player=player,
            num=turn.ap_left,
        )
    )


@bp.record_once
def _register(state: Any) -> None:
    init_app(state.app)
