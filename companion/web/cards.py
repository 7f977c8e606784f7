"""Tsukiji Market, the 2-player card game, on the web: its JSON API (shared/spec/cards.md),
its pages (the table screen, two phones, the New game page) and its live stream.

The shared parts do the work: the door (identity, the game's own permission, version,
rules, append, notify), the event log and undo, the sealed-bids table, the join links
and the live hub. This module only reads and renders.

Routes shared with the board game (``/games/<id>/table``, ``/seat``, the
seat links' reissue, the table's undo and redo) answer for a card game from here: this
module registers them with ``companion.web.routing``, which sends a request for a card
game to this module's handler and refuses the board game's other pages and endpoints
(auctions, turns, the snapshot) with one sentence, never a 500.

Its pages are live through the shared stream (``companion.web.stream``), as the board
game's are: the card region, rendered whole for its viewer, is its live part; a sealed
bid reaches only its bidder's region, so every other viewer's stream is the same
whatever the fingers are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext  # type: ignore[import-untyped]
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from ..card_views import COLOURS, ICON_GLYPHS, card_table, colour_names, history
from ..cardgame.catalogue import NOTCHES_MAX, NOTCHES_MIN, POINTS_MAX, POINTS_MIN
from ..door import Refused
from ..eventlog import GameState, redoable
from ..games import CARDS
from ..i18n import current_lang
from ..identity import Identity
from ..play_log import logged_play
from . import edge, schemas
from .auth import (
    bearer,
    host_cookie,
    join_url,
    page_identity,
    qr_svg,
    refused_page,
    seat_viewer,
    set_cookie,
)
from .cards_edge import (
    NewCardGame,
    bid_fingers,
    new_config,
    parse_action,
    remembered_cards,
    remembered_notches,
)
from .context import door, store
from .forms import form_role
from .routing import GameRoutes
from .routing import register as register_routes
from .stream import LiveView, register
from .viewer import view_of

bp = Blueprint("cards", __name__)

# -- the JSON API ---------------------------------------------------------------------------------


def _answer(game_id: str, handle: Callable[[Identity], tuple[Any, int]]) -> Any:
    try:
        who = door().identify(game_id, bearer())
        body, status = handle(who)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    return jsonify(body), status


def api_state(game_id: str) -> Any:
    return _answer(game_id, lambda who: (view_of(game_id, who), 200))


def api_events(game_id: str) -> Any:
    def handle(_who: Identity) -> tuple[Any, int]:
        state = store().state(game_id)
        return {"seq": state.version, "events": history(state)}, 200

    return _answer(game_id, handle)


def api_action(game_id: str) -> Any:
    def handle(who: Identity) -> tuple[Any, int]:
        body = edge.json_body()
        action = parse_action(body)
        expected = action.expected if action.expected is not None else edge.expected_json({})
        event = door().act(
            game_id, who.token, action.kind, action.args, expected, action.correction
        )
        return {"seq": event.seq}, 201

    return _answer(game_id, handle)


@bp.post("/api/games/<game_id>/bids")
def api_bid(game_id: str) -> Any:
    """A seat's WA-SA-BI bid: 201 for a first bid, 200 for a changed one. The answer goes
    to the bidder alone."""

    def handle(who: Identity) -> tuple[Any, int]:
        body = edge.json_body()
        if not isinstance(body, dict):
            raise Refused(400, gettext('A bid is a JSON object such as {"fingers": 3}.'), "fingers")
        fingers = bid_fingers(body)
        event, receipt, changed = door().seal(game_id, who.token, "fingers", None, fingers)
        return {
            "sealed": True,
            "fingers": fingers,
            "receipt": receipt,
            "seq": event.seq,
            "revealed": event.type == "reveal",
        }, 200 if changed else 201

    return _answer(game_id, handle)


# -- the pages ------------------------------------------------------------------------------------


def seat_rows(game_id: str, state: GameState) -> list[dict[str, Any]]:
    """The table screen's join codes: a QR code only for a seat no phone has joined."""
    rows = []
    for seat in store().seats(game_id):
        row: dict[str, Any] = {
            "seat": seat["seat"],
            "name": state.config.players[seat["seat"]],
            "joined": seat["joined"],
        }
        if not seat["joined"]:
            url = join_url(seat["token"])
            row["qr"] = qr_svg(url)
            row["url"] = url
        rows.append(row)
    return rows


def region(
    game_id: str, who: Identity, error: str | None = None, state: GameState | None = None
) -> str:
    """The card region of one viewer's page: everything that changes during the game, at
    ``state`` (by default the newest), rendered whole from the viewer's own view."""
    state = state or store().state(game_id)
    view = view_of(game_id, who, state)
    history_rows: Markup | str = ""
    if who.is_host:
        module: Any = current_app.jinja_env.get_template("cards/_history.html").module
        history_rows = Markup("\n".join(str(module.row(r)) for r in view["history"]))
    return render_template(
        "cards/_region.html",
        history_rows=history_rows,
        v=view,
        icon_of=ICON_GLYPHS,
        seats=seat_rows(game_id, state) if who.is_host else [],
        role="host" if who.is_host else "seat",
        # Redo is on only when there is an undo to take back (the table screen's).
        can_redo=who.is_host and redoable(state) is not None,
        error=error,
        points=range(POINTS_MIN, POINTS_MAX + 1),
        colours=COLOURS,
        colour_names=colour_names(),
        # The play to log (issue #22): None until the game has ended.
        play=logged_play(state, current_lang()),
    )


def _live(game_id: str, who: Identity, state: GameState) -> LiveView:
    return LiveView(region(game_id, who, state=state))


register(CARDS, _live)


def _holds_table(game_id: str) -> bool:
    """Whether this device is also the game's table screen (the table device made a
    player's hand: "This device is Bo's phone"), so the hand links back to the table. The
    table screen links to no hand: anyone at the table could open it and read that
    player's sealed fingers before the reveal."""
    token = request.cookies.get(host_cookie(game_id))
    if not token:
        return False
    try:
        return door().identify(game_id, token).is_host
    except Refused:
        return False


def _page(game_id: str, who: Identity, error: str | None = None, status: int = 200) -> Any:
    state = store().state(game_id)
    template = "cards/table.html" if who.is_host else "cards/seat.html"
    role = "host" if who.is_host else "seat"
    html = render_template(
        template,
        game_id=game_id,
        players=state.config.players,
        role=role,
        me=None if who.is_host else state.config.players[who.seat or 0],
        # The table device that is also this player's hand: a link back to the table.
        table_too=not who.is_host and _holds_table(game_id),
        live_html=Markup(region(game_id, who, error)),
    )
    return html, status


def table_page(game_id: str) -> Any:
    try:
        who = page_identity(game_id, "host")
    except Refused as exc:
        return refused_page(exc)
    if not who.is_host:
        return refused_page(
            Refused(403, gettext("This is the table screen's page; your phone has its own."))
        )
    return _page(game_id, who)


def seat_page(game_id: str) -> Any:
    who = seat_viewer(game_id)
    return _page(game_id, who) if isinstance(who, Identity) else who


def _form_change(game_id: str, role: str, change: Callable[[Identity], Any]) -> Any:
    """A change from a page's form: through the door, then the viewer's region (asked by
    the page's script) or the page again (a plain form post)."""
    scripted = request.headers.get("X-Cards") == "1"
    try:
        who = page_identity(game_id, role)
    except Refused as exc:
        if scripted:
            return exc.message, exc.status
        return refused_page(exc)
    try:
        change(who)
    except Refused as exc:
        if scripted:
            return region(game_id, who, exc.message), exc.status
        return _page(game_id, who, exc.message, exc.status)
    if scripted:
        return region(game_id, who)
    page = "table.page" if who.is_host else "seat.page"
    return redirect(url_for(page, game_id=game_id), code=303)


@bp.post("/games/<game_id>/cards/bid")
def form_bid(game_id: str) -> Any:
    def change(who: Identity) -> Any:
        fingers = bid_fingers({"fingers": request.form.get("fingers", "")}, form=True)
        # The round the finger buttons were shown for: a tap that arrives after that round
        # was revealed (a second tap to change 2 into 3, the first one revealing a Night
        # tie) is no bid for the next round, which the player never saw.
        shown = request.form.get("round")
        if shown is not None and shown != str(card_table(store().state(game_id)).rounds + 1):
            raise Refused(
                409,
                gettext(
                    "That bid was for a round that has been revealed since; look at the "
                    "reveal, then bid again."
                ),
                "round",
            )
        return door().seal(game_id, who.token, "fingers", None, fingers)

    return _form_change(game_id, "seat", change)


@bp.post("/games/<game_id>/cards/act")
def form_act(game_id: str) -> Any:
    role = form_role()

    def change(who: Identity) -> Any:
        # A pick among the opponent's cards carries the card in the button's address
        # (which, like the button, wins over the form's own field of the same name).
        given = MultiDict([*request.args.items(multi=True), *request.form.items(multi=True)])
        fields = edge.form_fields(given)
        fields.pop("pick", None)
        if "points" in fields:  # typed (a Speciality bonus): "１２" is 12
            fields["points"] = schemas.typed_text(fields["points"])
        action = parse_action(fields, form=True)
        return door().act(game_id, who.token, action.kind, action.args, action.expected)

    return _form_change(game_id, role, change)


def form_undo(game_id: str) -> Any:
    def change(who: Identity) -> Any:
        to_seq, expected = edge.undo_form()
        return door().undo(game_id, who.token, to_seq, expected)

    return _form_change(game_id, "host", change)


def form_redo(game_id: str) -> Any:
    return _form_change(
        game_id, "host", lambda who: door().redo(game_id, who.token, edge.expected_form())
    )


def form_reissue(game_id: str, seat_no: int) -> Any:
    def change(who: Identity) -> Any:
        return door().reissue(game_id, who.token, seat_no)

    return _form_change(game_id, "host", change)


@bp.get("/games/new/cards")
def new_form() -> str:
    return render_template(
        "cards/new.html",
        notches=remembered_notches(),
        error=None,
        form={"use_cards": "1"},
        low=NOTCHES_MIN,
        high=NOTCHES_MAX,
        deck_defined=remembered_cards() is not None,
    )


@bp.post("/games/cards")
def new_create() -> Any:
    form = request.form
    body: dict[str, Any] = {
        "game": CARDS,
        "players": [form.get("player0", "").strip(), form.get("player1", "").strip()],
        "variant": form.get("variant", "standard"),
    }
    if form.get("notches", "").strip():
        body["notches"] = schemas.typed_text(form["notches"])
    if form.get("use_cards") and remembered_cards() is not None:
        body["cards"] = "remembered"
    try:
        settings = schemas.parse(NewCardGame, body, "card_config", form=True)
        config = new_config(settings.model_dump(exclude_none=True))
    except Refused as exc:
        html = render_template(
            "cards/new.html",
            notches=form.get("notches") or remembered_notches(),
            error=exc.message,
            form=form,
            low=NOTCHES_MIN,
            high=NOTCHES_MAX,
            deck_defined=remembered_cards() is not None,
        )
        return html, 400
    game_id, host, _ = door().create_game(config)
    resp = redirect(url_for("table.page", game_id=game_id), code=303)
    set_cookie(resp, host_cookie(game_id), host)
    return resp


# -- sending the shared routes of a card game here -------------------------------------------

#: The shared routes a card game answers from here, by endpoint.
ROUTES: dict[str, Callable[..., Any]] = {
    "game_api.state": api_state,
    "game_api.action": api_action,
    "game_api.events": api_events,
    "table.page": table_page,
    "seat.page": seat_page,
    "table.undo": form_undo,
    "table.redo": form_redo,
    "auth.reissue": form_reissue,
}
#: Shared routes that work for any game as they are.
SHARED = frozenset(
    {
        "game_api.undo",
        "game_api.redo",
        "game_api.reissue",
        "game_api.reissue_host",
        "auth.reissue_host",
        "auth.claim",
        "stream.events",
        "stream.poll",
    }
)


def _not_here() -> str:
    return str(gettext("There is no game of Tsukiji Market, the card game, at this address."))


def _elsewhere() -> str:
    return str(
        gettext(
            "This is a game of Tsukiji Market, the card game; that belongs to Tokyo Tsukiji Market."
        )
    )


# The shared routes answer a card game through this module (companion/web/routing.py).
register_routes(
    GameRoutes(
        CARDS,
        blueprints=frozenset({bp.name}),
        handlers=ROUTES,
        shared=SHARED,
        not_here=_not_here,
        elsewhere=_elsewhere,
        unchecked=frozenset({"card_deck"}),
    )
)
