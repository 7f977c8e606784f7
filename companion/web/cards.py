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
from typing import Annotated, Any, Literal

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
from pydantic import Field

from .. import cardgame
from ..card_views import COLOURS, ICON_GLYPHS, colour_names, history
from ..cardgame import deck as card_deck
from ..cardgame.catalogue import CARDS as CARD_COUNT
from ..cardgame.catalogue import NOTCHES_MAX, NOTCHES_MIN, POINTS_MAX, POINTS_MIN
from ..door import Refused, refusal_of
from ..engine import IllegalAction, Message
from ..eventlog import GameState
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
    set_cookie,
)
from .context import door, store
from .routing import GameRoutes
from .routing import register as register_routes
from .stream import LiveView, register
from .viewer import view_of

bp = Blueprint("cards", __name__)

#: The Scale's notches a new game starts with until a host chooses others (AMB-C1).
DEFAULT_NOTCHES = 3
#: Where the server remembers the last notches chosen: the board numbers' table, under a
#: player count no board game asks for (-1), so the board game never reads it.
MEMORY = ("tsukiji_market", "notches", -1)

# -- request bodies (strict, closed: schemas.Body) --------------------------------------------

PlayerName = Annotated[str, Field(min_length=1, max_length=30)]
Colour = Annotated[str, Field(min_length=1, max_length=20)]
Whole = Annotated[int, schemas.FormNumber, Field(ge=-1000, le=1000)]


class NewCardGame(schemas.Body):
    game: Literal["tsukiji_market"]
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=2)]
    notches: Annotated[int, schemas.FormNumber, Field(ge=NOTCHES_MIN, le=NOTCHES_MAX)] | None = None
    variant: Literal["standard", "nice_fish"] = "standard"
    cards: Annotated[list[Any], Field(max_length=18)] | Literal["remembered"] | None = None


class Fingers(schemas.Body):
    fingers: Whole  # 1 to 4: the door says so in the game's words


class CardAction(schemas.ActionBody):
    """take_card and discard_card (the card as described, or named by its number among
    the defined cards), speciality (player, points), use_cards (the host's 18 cards)."""

    type: Literal["take_card", "discard_card", "speciality"]
    player: PlayerName
    card: Annotated[int, schemas.FormNumber, Field(ge=1, le=CARD_COUNT)] | None = None
    half: Annotated[int, schemas.FormNumber, Field(ge=0, le=1)] | None = None
    colour: Colour | None = None
    points: Whole | None = None
    wasabi: schemas.Flag = False
    knife: schemas.Flag = False
    barrel: schemas.Flag = False
    icon: Literal["steal", "draw", "discard"] | None = None
    source: Literal["scale", "draw", "steal"] | None = None
    from_: PlayerName | None = Field(default=None, alias="from")


class UseCards(schemas.ActionBody):
    """use_cards: the host gives a game under way its 18 cards ("remembered": the
    server's)."""

    type: Literal["use_cards"]
    cards: Annotated[list[Any], Field(max_length=CARD_COUNT)] | Literal["remembered"]


#: The card game's actions at the actions endpoint (bids have their own).
ACTIONS = ("take_card", "discard_card", "speciality", "use_cards")


def _parse_action(body: Any, form: bool = False) -> edge.Action:
    if not isinstance(body, dict):
        raise Refused(
            400,
            gettext('An action is a JSON object with a "type", such as {"type": "take_card", …}.'),
            "type",
        )
    kind = body.get("type")
    if kind not in ACTIONS:
        shown = str(kind)[:30] if isinstance(kind, str) else "that"
        raise Refused(
            400,
            gettext(
                'Tsukiji Market has no action called "%(name)s": its actions are take_card, '
                "discard_card and speciality (bids go to the bids endpoint).",
                name=shown,
            ),
            "type",
        )
    model: type[CardAction] | type[UseCards] = UseCards if kind == "use_cards" else CardAction
    action = schemas.parse(model, body, str(kind), form=form)
    args = action.model_dump(
        by_alias=True,
        exclude_unset=True,
        exclude_none=True,
        exclude={"type", "expected_seq", "correction"},
    )
    if args.get("cards") == "remembered":
        args["cards"] = remembered_cards()
        if args["cards"] is None:
            raise Refused(400, Message("cards.deck_none"), "cards")
    expected = action.expected_seq
    return edge.Action(str(kind), args, expected, action.correction)


# -- creating a game ----------------------------------------------------------------------------


def remembered_notches() -> int:
    memory = store().remembered_numbers(MEMORY[2]).get(MEMORY[0], {})
    return memory.get(MEMORY[1], DEFAULT_NOTCHES)


def remembered_cards() -> list[list[dict[str, object]]] | None:
    """The 18 cards the host defined on this server (AMB-C2), kept beside the notches;
    None while there are none."""
    rows = store().remembered_numbers(card_deck.PLAYERS).get(card_deck.MARKET, {})
    return card_deck.from_figures(rows) if rows else None


def remember_cards(deck: tuple[cardgame.state.CardDef, ...] | None) -> None:
    """Keep a checked deck as the server's (None: forget it), only its changed rows."""
    rows = store().remembered_numbers(card_deck.PLAYERS).get(card_deck.MARKET, {})
    new = card_deck.to_figures(deck) if deck is not None else {}
    changes: list[tuple[str, str, int, int | None]] = [
        (card_deck.MARKET, figure, card_deck.PLAYERS, None) for figure in rows if figure not in new
    ]
    changes += [(card_deck.MARKET, f, card_deck.PLAYERS, v) for f, v in new.items()]
    store().remember_numbers(changes)


def new_config(body: Any) -> cardgame.Config:
    """A card game's setup from a checked body; the notches chosen are remembered for the
    server's next game, and a body without them takes the remembered ones."""
    settings = schemas.parse(NewCardGame, body, "config")
    notches = settings.notches if settings.notches is not None else remembered_notches()
    cards = settings.cards
    if cards == "remembered":
        cards = remembered_cards()
        if cards is None:
            raise Refused(400, Message("cards.deck_none"), "cards")
    try:
        config = cardgame.make_config(settings.players, notches, settings.variant, cards)
    except IllegalAction as exc:
        raise refusal_of(exc) from None
    store().remember_numbers([(MEMORY[0], MEMORY[1], MEMORY[2], notches)])
    return config


def create_api(body: Any) -> Any:
    """``POST /api/games`` with ``"game": "tsukiji_market"``: 201 as for the board game."""
    try:
        config = new_config(body)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    game_id, host, seats = door().create_game(config)
    return jsonify(
        {
            "id": game_id,
            "game": CARDS,
            "host_token": host,
            "seats": [
                {"name": name, "token": tok, "join_url": join_url(tok)}
                for name, tok in zip(config.players, seats, strict=True)
            ],
            "notches": config.notches,
            "variant": config.variant,
        }
    ), 201


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
        action = _parse_action(body)
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
        fingers = schemas.parse(Fingers, body, "bid").fingers
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
    try:
        who = page_identity(game_id, "seat")
    except Refused as exc:
        return refused_page(exc)
    if who.is_host:
        return redirect(url_for("table.page", game_id=game_id))
    return _page(game_id, who)


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
        fingers = schemas.parse(
            Fingers, {"fingers": request.form.get("fingers", "")}, "bid", form=True
        )
        return door().seal(game_id, who.token, "fingers", None, fingers.fingers)

    return _form_change(game_id, "seat", change)


@bp.post("/games/<game_id>/cards/act")
def form_act(game_id: str) -> Any:
    role = "host" if request.args.get("as") == "host" else "seat"

    def change(who: Identity) -> Any:
        # A pick among the opponent's cards carries the card in the button's address.
        given = [*request.form.items(), *request.args.items()]
        fields = {k: v.strip() for k, v in given if v.strip() != "" and k not in ("as", "pick")}
        action = _parse_action(fields, form=True)
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
        body["notches"] = form["notches"].strip()
    if form.get("use_cards") and remembered_cards() is not None:
        body["cards"] = "remembered"
    try:
        settings = schemas.parse(NewCardGame, body, "config", form=True)
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
