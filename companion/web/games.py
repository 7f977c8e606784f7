"""The tracked game: new game and setup, seats joined by QR code, the table screen, the
phone, the live stream, and the game endpoints of the JSON API."""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from markupsafe import Markup

from ..actions import Door, Identity, Refused
from ..live import Hub
from ..rules.catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    TOKEN_NAMES,
)
from ..rules.errors import IllegalAction
from ..rules.setup import (
    COLOR_HEX,
    SEAT_COLORS,
    GameConfig,
    checklist,
    make_config,
    unknown_figures,
)
from ..rules.snapshot import make_snapshot
from ..store import GameState, Store
from ..views import auction_view, game_view

bp = Blueprint("games", __name__)
api = Blueprint("games_api", __name__, url_prefix="/api/games")

#: Threads kept free of live streams so actions always get through.
RESERVED_THREADS = 32
#: A live stream ends after this long; the browser reconnects with Last-Event-ID.
STREAM_LIFETIME = 600.0
KEEPALIVE = 15.0
#: How long a stream lets a burst of changes settle before rendering its latest state.
BURST_PAUSE = 0.01


def init_app(app: Flask) -> None:
    from ..paths import default_db_path

    db_path = app.config.get("DATABASE") or str(default_db_path())
    store = Store(db_path)
    threads = int(app.config.get("THREADS", 256))
    hub = Hub(db_path, max_streams=max(4, threads - RESERVED_THREADS))
    app.extensions["companion.store"] = store
    app.extensions["companion.hub"] = hub
    app.extensions["companion.door"] = Door(store, hub)
    app.extensions["companion.renders"] = RenderCache()

    def shutdown() -> None:
        hub.stop()
        store.close()

    app.extensions["companion.shutdown"] = shutdown
    # `companion serve` calls this first on SIGTERM/SIGINT so open streams end before the
    # worker threads are joined (else each waits out its keepalive, then writes to a
    # closed server).
    app.extensions["companion.shutdown.streams"] = hub.stop
    app.register_blueprint(bp)
    app.register_blueprint(api)


def door() -> Door:
    d: Door = current_app.extensions["companion.door"]
    return d


def hub() -> Hub:
    h: Hub = current_app.extensions["companion.hub"]
    return h


def store() -> Store:
    s: Store = current_app.extensions["companion.store"]
    return s


# -- identities ---------------------------------------------------------------------------

def host_cookie(game_id: str) -> str:
    return f"tc_host_{game_id}"


def seat_cookie(game_id: str) -> str:
    return f"tc_seat_{game_id}"


def bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def page_token(game_id: str, role: str) -> str | None:
    """The token a browser page acts with: its cookie for that role, or a Bearer token."""
    cookie = host_cookie(game_id) if role == "host" else seat_cookie(game_id)
    return bearer() or request.cookies.get(cookie)


def set_cookie(resp: Response, name: str, token: str) -> None:
    resp.set_cookie(name, token, max_age=60 * 60 * 24 * 30, httponly=True, samesite="Lax",
                    path="/")


def public_base() -> str:
    """The address phones should open: the LAN address when the page was opened on this
    machine as localhost (a phone cannot reach 127.0.0.1)."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/")
    base = request.host_url.rstrip("/")
    host = urlsplit(base).hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if loopback and not current_app.config.get("TESTING") and not current_app.config.get(
            "KEEP_LOOPBACK"):
        from ..cli import lan_address

        port = urlsplit(base).port
        base = f"http://{lan_address()}" + (f":{port}" if port else "")
    return base


def join_url(token: str) -> str:
    return f"{public_base()}{url_for('games.join', token=token)}"


def qr_svg(text: str) -> Markup:
    """An inline SVG QR code (no imaging library, no external service)."""
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    svg = img.to_string(encoding="unicode")
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2:]
    return Markup(svg)


def refused_page(exc: Refused) -> tuple[str, int]:
    return render_template("game/refused.html", error=exc), exc.status


# -- new game -----------------------------------------------------------------------------

def _form_config(form: Any) -> GameConfig:
    names = [n for n in (form.getlist("player") or []) if n.strip()]
    expansion = form.get("expansion") == "on"
    variants = [v for v in ("more_markets", "known_order", "crash") if form.get(v) == "on"]
    raw_seed = (form.get("seed") or "").strip()
    if raw_seed and not raw_seed.isdigit():
        raise IllegalAction("the seed must be a whole number", "seed")
    seed = int(raw_seed or 0) or None
    fish = form.getlist("fish_market") if form.get("manual") == "on" else None
    external = form.getlist("external_market") if form.get("manual") == "on" else None
    # Numbers printed on Expansion boards, entered by the host: board.<market>.<figure>.
    numbers: dict[str, dict[str, int]] = {}
    for key in form:
        parts = key.split(".")
        value = (form.get(key) or "").strip()
        if len(parts) == 3 and parts[0] == "board" and value:
            if not value.isdigit():
                raise IllegalAction("board numbers are whole numbers", key)
            numbers.setdefault(parts[1], {})[parts[2]] = int(value)
    config = make_config(
        names, money=form.get("money", "open"), expansion=expansion, fish_markets=fish,
        external_markets=external, variants=variants, seed=seed,
        fixed_fish=form.get("fixed_fish", "mackerel") if expansion else "mackerel",
        board_numbers=numbers,
    )
    # Keep only the numbers of markets in play.
    kept = {m: n for m, n in config.board_numbers.items() if m in config.fish_markets}
    return replace(config, board_numbers=kept)


def _new_game_context(form: Any, error: IllegalAction | None = None,
                      config: GameConfig | None = None) -> dict[str, Any]:
    return {
        "form": form, "error": error, "config": config,
        "checklist": checklist(config) if config else None,
        "unknown": unknown_figures(config.fish_markets) if config else {},
        "fish_markets": FISH_MARKETS, "external_markets": EXTERNAL_MARKETS,
        "base_fish": BASE_FISH, "expansion_fish": EXPANSION_FISH,
        "base_external": BASE_EXTERNAL, "expansion_external": EXPANSION_EXTERNAL,
        "colors": SEAT_COLORS,
    }


@bp.get("/games/new")
def new_game() -> str:
    return render_template("game/new.html", **_new_game_context(None))


@bp.post("/games/preview")
def preview() -> str:
    """The drawn markets and the setup checklist, re-rolled or edited before starting."""
    form = request.form
    if form.get("reroll"):
        form = form.copy()
        form["seed"] = str(int(time.time_ns() % 2_000_000_000) + 1)
        form["manual"] = ""
    try:
        config = _form_config(form)
    except IllegalAction as exc:
        ctx = _new_game_context(form, exc)
        if form.get("manual") == "on":
            # Keep the boxes on screen while markets are swapped by hand: every swap passes
            # through a wrong count, and without them the choice could not be finished.
            ctx["picked"] = {
                "players": [n for n in form.getlist("player") if n.strip()],
                "seed": form.get("seed", ""), "expansion": form.get("expansion") == "on",
                "fish_markets": form.getlist("fish_market"),
                "external_markets": form.getlist("external_market"),
            }
        return render_template("game/_preview.html", **ctx)
    return render_template("game/_preview.html", **_new_game_context(form, None, config))


@bp.post("/games")
def create_game() -> Any:
    try:
        config = _form_config(request.form)
    except IllegalAction as exc:
        ctx = _new_game_context(request.form, exc)
        return render_template("game/new.html", **ctx), 400
    game_id, host, _ = store().create_game(config)
    resp = redirect(url_for("games.table", game_id=game_id), code=303)
    set_cookie(resp, host_cookie(game_id), host)
    return resp


# -- joining ------------------------------------------------------------------------------

@bp.get("/join/<token>")
def join(token: str) -> Any:
    info = store().token_info(token)
    if info is None:
        return refused_page(Refused(401, "This join link is no longer valid. Ask the table "
                                         "screen for your seat's new QR code."))
    game_id = info["game_id"]
    if info["role"] == "host":
        resp = redirect(url_for("games.table", game_id=game_id), code=303)
        set_cookie(resp, host_cookie(game_id), token)
        return resp
    resp = redirect(url_for("games.seat", game_id=game_id), code=303)
    set_cookie(resp, seat_cookie(game_id), token)
    return resp


# -- pages --------------------------------------------------------------------------------

def _view(game_id: str, who: Identity, state: GameState | None = None) -> dict[str, Any]:
    state = state or store().snapshot(game_id)
    own = store().own_bids(game_id, who.seat) if who.seat is not None else None
    return game_view(state, who, hub().connected(game_id), own)


def _seats(game_id: str) -> list[dict[str, Any]]:
    state = store().state(game_id)
    tokens = store().seat_tokens(game_id)
    seats = []
    for i, (name, color) in enumerate(zip(state.config.players, state.config.colors,
                                          strict=True)):
        url = join_url(tokens[i])
        seats.append({"seat": i, "name": name, "color_hex": COLOR_HEX[color], "url": url,
                      "qr": qr_svg(url)})
    return seats


def _forms_context(view: dict[str, Any]) -> dict[str, Any]:
    fish_in_play = [m["id"] for m in view["markets"]["fish"]]
    keys = [k for k, name in TOKEN_NAMES.items()
            if any(k in FISH_MARKETS[m].token_keys for m in fish_in_play)]
    return {"fish_keys": keys, "token_names": TOKEN_NAMES, "fish_markets": FISH_MARKETS,
            "external_markets": EXTERNAL_MARKETS}


@bp.get("/games/<game_id>/table")
def table(game_id: str) -> Any:
    try:
        who = door().identify(game_id, page_token(game_id, "host"))
    except Refused as exc:
        return refused_page(exc)
    if not who.is_host:
        return refused_page(Refused(403, "This is the table screen's page; your phone "
                                         "has its own."))
    state = store().snapshot(game_id)
    view = _view(game_id, who, state)
    return render_template("game/table.html", view=view, seats=_seats(game_id),
                           role="host", checklist=checklist(state.config),
                           board=public_board(game_id, state), **_forms_context(view))


@bp.get("/games/<game_id>/seat")
def seat(game_id: str) -> Any:
    try:
        who = door().identify(game_id, page_token(game_id, "seat"))
    except Refused as exc:
        return refused_page(exc)
    if who.is_host:
        return redirect(url_for("games.table", game_id=game_id))
    state = store().snapshot(game_id)
    view = _view(game_id, who, state)
    return render_template("game/seat.html", view=view, role="seat",
                           board=public_board(game_id, state), **_forms_context(view))


@bp.post("/games/<game_id>/seats/<int:seat_no>/reissue")
def reissue(game_id: str, seat_no: int) -> Any:
    try:
        door().reissue(game_id, page_token(game_id, "host"), seat_no)
    except Refused as exc:
        return _htmx_error(exc)
    return render_template("game/_seats.html", seats=_seats(game_id),
                           view=_view(game_id, door().identify(
                               game_id, page_token(game_id, "host"))))


@bp.get("/games/<game_id>/live")
def live_fragment(game_id: str) -> Any:
    """The live part of a page, for the polling fallback and after an action."""
    role = request.args.get("as", "seat")
    try:
        who = door().identify(game_id, page_token(game_id, role))
    except Refused as exc:
        return _htmx_error(exc)
    return render_live(game_id, who)


def render_live(game_id: str, who: Identity, state: GameState | None = None) -> str:
    state = state or store().snapshot(game_id)
    view = _view(game_id, who, state)
    template = "game/_table_live.html" if who.is_host else "game/_seat_live.html"
    # oob_seats: the QR cards sit outside #live, so their "connected" badges ride along.
    history_html = None
    if not who.is_host:
        # Every phone's history is the same with open money: render it once per version.
        private = state.config.money == "closed"
        key = (game_id, "phone-history", state.version, who.viewer if private else "all")
        cache: RenderCache = current_app.extensions["companion.renders"]
        history_html = Markup(cache.get(key, lambda: render_template(
            "game/_history.html", view=view, role="seat")))
    return render_template(template, view=view, role="host" if who.is_host else "seat",
                           oob_seats=who.is_host, board=public_board(game_id, state),
                           history_html=history_html)


@dataclass(frozen=True)
class Board:
    players: Markup
    markets: Markup


def public_board(game_id: str, state: GameState) -> Board:
    """The players' and markets' boards as everyone may see them (the table screen's view:
    with closed money, nobody's Yen). Rendered once per version and shared by every
    viewer's fragment; a phone shows its own Yen in its own card."""
    def render() -> str:
        view = game_view(state, None)
        return (render_template("game/_players.html", view=view) + "\x00"
                + render_template("game/_markets.html", view=view))

    cache: RenderCache = current_app.extensions["companion.renders"]
    players, markets = cache.get((game_id, "board", state.version), render).split("\x00")
    return Board(Markup(players), Markup(markets))


class RenderCache:
    """Live fragments by (game, viewer, version[, presence]): every stream of one viewer
    shares a single render per change (a screen reopened on two devices, or many tabs),
    and concurrent streams wait for the render in progress instead of repeating it."""

    def __init__(self, size: int = 256) -> None:
        self._lock = threading.Lock()
        self._entries: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self._busy: dict[tuple[Any, ...], threading.Lock] = {}
        self.size = size

    def get(self, key: tuple[Any, ...], render: Callable[[], str]) -> str:
        with self._lock:
            if key in self._entries:
                self._entries.move_to_end(key)
                return self._entries[key]
            busy = self._busy.setdefault(key, threading.Lock())
        with busy:
            with self._lock:
                if key in self._entries:
                    return self._entries[key]
            html = render()
            with self._lock:
                self._entries[key] = html
                self._busy.pop(key, None)
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
            return html


def live_event(game_id: str, who: Identity) -> tuple[int, int, str]:
    """The version, presence and fragment of one viewer, all from one snapshot (so an
    event's id always matches its content)."""
    state = store().snapshot(game_id)
    presence = hub().presence_version(game_id) if who.is_host else 0
    key = (game_id, who.viewer, state.version, presence)
    cache: RenderCache = current_app.extensions["companion.renders"]
    html = cache.get(key, lambda: render_live(game_id, who, state))
    return state.version, presence, html


def _htmx_error(exc: Refused) -> Any:
    resp = make_response(render_template("game/_flash.html", error=exc.message), exc.status)
    resp.headers["HX-Retarget"] = "#flash"
    resp.headers["HX-Reswap"] = "innerHTML"
    return resp


def _form_action() -> dict[str, Any]:
    """An action from an htmx form: fields as strings; empty fields left out."""
    action: dict[str, Any] = {}
    for key in request.form:
        if key in ("as", "expected_seq"):
            continue
        value = request.form.get(key, "").strip()
        if value != "":
            action[key] = value
    if "pay" in action:
        action["pay"] = action["pay"] not in ("off", "false", "0")
    return action


def _expected() -> int | None:
    raw = request.form.get("expected_seq") or request.args.get("expected_seq")
    return int(raw) if raw and raw.isdigit() else None


def form_change(game_id: str, role: str, change: Callable[[str | None], Any],
                message: Callable[[Any, Identity], str]) -> Any:
    """An htmx form through the one door: on success the viewer's live fragment and a
    toast; on refusal the one-sentence reason in the toast, and nothing changed."""
    token = page_token(game_id, role)
    try:
        result = change(token)
        who = door().identify(game_id, token)
    except Refused as exc:
        return _htmx_error(exc)
    return _after_change(game_id, who, message(result, who))


def _form_role() -> str:
    return "host" if request.form.get("as") == "host" else "seat"


@bp.post("/games/<game_id>/act")
def act(game_id: str) -> Any:
    return form_change(
        game_id, _form_role(),
        lambda token: door().act(game_id, token, _form_action(), _expected()),
        lambda event, who: f"Recorded: {event_text(game_id, event.seq, who)}")


def event_text(game_id: str, seq: int, who: Identity) -> str:
    view = _view(game_id, who)
    for row in view["history"]:
        if row["seq"] == seq:
            return str(row["text"])
    return "done"


def _after_change(game_id: str, who: Identity, message: str) -> Any:
    html = render_live(game_id, who)
    flash = render_template("game/_flash.html", message=message, oob=True)
    return html + flash


@bp.post("/games/<game_id>/undo")
def undo(game_id: str) -> Any:
    to_seq = request.form.get("to_seq")
    return form_change(
        game_id, "host",
        lambda token: door().undo(game_id, token, int(to_seq) if to_seq and to_seq.isdigit()
                                  else None, _expected()),
        lambda _event, _who: "Undone. It stays in the history, struck through.")


@bp.post("/games/<game_id>/redo")
def redo(game_id: str) -> Any:
    return form_change(game_id, "host", lambda token: door().redo(game_id, token, _expected()),
                       lambda _event, _who: "Redone.")


@bp.get("/games/<game_id>/snapshot.json")
def snapshot_page(game_id: str) -> Any:
    return _snapshot(game_id, page_token(game_id, "host"))


# -- live stream --------------------------------------------------------------------------

@bp.get("/games/<game_id>/stream")
def stream(game_id: str) -> Any:
    """Server-Sent Events, rendered for this viewer: one ``update`` event per change."""
    role = request.args.get("as", "seat")
    try:
        who = door().identify(game_id, page_token(game_id, role))
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    state = store().state(game_id)
    if not hub().open_stream(game_id, who.viewer, state.version):
        resp = Response("retry: 15000\n\n", status=503, mimetype="text/event-stream")
        resp.headers["Retry-After"] = "15"
        return resp
    last_id = request.headers.get("Last-Event-ID", "")
    seen = int(last_id) if last_id.isdigit() else -1

    def events() -> Iterator[str]:
        nonlocal seen
        presence = -1
        burst = False
        started = time.monotonic()
        try:
            yield "retry: 2000\n\n"
            while True:
                version = store().state(game_id).version
                pres = hub().presence_version(game_id)
                if version != seen or (who.is_host and pres != presence):
                    if burst:
                        # Changes arrived while the last one was being sent: a burst
                        # (several phones at once). Let it finish, then send its latest state.
                        time.sleep(BURST_PAUSE)
                    version, pres, html = live_event(game_id, who)
                    data = "\n".join(f"data: {line}" for line in html.splitlines())
                    yield f"id: {version}\nevent: update\n{data}\n\n"
                    seen, presence = version, pres
                    burst = store().state(game_id).version != seen
                if time.monotonic() - started > STREAM_LIFETIME:
                    return
                wake = hub().wait(game_id, seen, presence if who.is_host else
                                  hub().presence_version(game_id), KEEPALIVE)
                if wake.stopping:
                    return
                if wake.version <= seen and (not who.is_host or wake.presence == presence):
                    yield ": keepalive\n\n"
        finally:
            hub().close_stream(game_id, who.viewer)

    resp = Response(stream_with_context(events()), mimetype="text/event-stream")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["X-Accel-Buffering"] = "no"
    return resp


# -- JSON API -----------------------------------------------------------------------------

def _api_error(exc: Refused) -> Any:
    return jsonify(exc.to_json()), exc.status


@api.post("")
def api_create() -> Any:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return jsonify({"error": "The body must be a JSON object."}), 400
    try:
        config = make_config(
            data.get("players"), money=data.get("money", "open"),
            expansion=bool(data.get("expansion", False)),
            fish_markets=data.get("fish_markets"), external_markets=data.get("external_markets"),
            variants=data.get("variants", ()), seed=data.get("seed"),
            fixed_fish=data.get("fixed_fish", "mackerel"),
            start_player=int(data.get("start_player", 0)),
            board_numbers=data.get("board_numbers"),
        )
    except IllegalAction as exc:
        body = {"error": exc.message[0].upper() + exc.message[1:]}
        if exc.field:
            body["field"] = exc.field
        return jsonify(body), 400
    except (TypeError, ValueError, AttributeError):
        return jsonify({"error": "The game settings are not in the expected form."}), 400
    game_id, host, seats = store().create_game(config)
    return jsonify({
        "id": game_id, "host_token": host,
        "seats": [{"name": name, "token": tok, "join_url": join_url(tok)}
                  for name, tok in zip(config.players, seats, strict=True)],
        "fish_markets": list(config.fish_markets),
        "external_markets": list(config.external_markets),
        "seed": config.seed,
    }), 201


@api.get("/<game_id>")
def api_state(game_id: str) -> Any:
    try:
        who = door().identify(game_id, bearer())
    except Refused as exc:
        return _api_error(exc)
    state = store().snapshot(game_id)
    view = _view(game_id, who, state)
    if who.is_host:
        view["checklist"] = checklist(state.config)
    return jsonify(view)


def _json_expected(data: dict[str, Any]) -> int | None:
    raw = data.get("expected_seq", request.headers.get("If-Match"))
    if raw is None:
        return None
    try:
        return int(str(raw).strip('"'))
    except ValueError:
        raise Refused(400, "expected_seq must be a whole number.", "expected_seq") from None


@api.post("/<game_id>/actions")
def api_action(game_id: str) -> Any:
    data = request.get_json(silent=True)
    try:
        if not isinstance(data, dict):
            door().identify(game_id, bearer())
            raise Refused(400, "The body must be a JSON object with a \"type\".")
        event = door().act(game_id, bearer(), data, _json_expected(data))
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seq": event.seq}), 201


@api.post("/<game_id>/undo")
def api_undo(game_id: str) -> Any:
    data = request.get_json(silent=True) or {}
    try:
        to_seq = data.get("to_seq") if isinstance(data, dict) else None
        if to_seq is not None and (not isinstance(to_seq, int) or isinstance(to_seq, bool)):
            door().identify(game_id, bearer())
            raise Refused(400, "to_seq must be the number of a history entry.", "to_seq")
        event = door().undo(game_id, bearer(), to_seq,
                            _json_expected(data) if isinstance(data, dict) else None)
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seq": event.seq, "undone": event.data["targets"]})


@api.post("/<game_id>/redo")
def api_redo(game_id: str) -> Any:
    data = request.get_json(silent=True) or {}
    try:
        event = door().redo(game_id, bearer(), _json_expected(data)
                            if isinstance(data, dict) else None)
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seq": event.seq, "redone": event.data["targets"]})


@api.post("/<game_id>/seats/<int:seat_no>/reissue")
def api_reissue(game_id: str, seat_no: int) -> Any:
    try:
        token = door().reissue(game_id, bearer(), seat_no)
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seat": seat_no, "token": token, "join_url": join_url(token)})


def _snapshot(game_id: str, token: str | None) -> Any:
    try:
        who = door().identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can export the snapshot.")
    except Refused as exc:
        return _api_error(exc)
    table = store().state(game_id).table
    return jsonify(make_snapshot(table.scoring_players(), table.values))


@api.get("/<game_id>/snapshot")
def api_snapshot(game_id: str) -> Any:
    return _snapshot(game_id, bearer())


# -- auctions -------------------------------------------------------------------------------

@api.post("/<game_id>/auctions")
def api_open_auction(game_id: str) -> Any:
    data = request.get_json(silent=True)
    try:
        event = door().open_auction(game_id, bearer(), data,
                                    _json_expected(data) if isinstance(data, dict) else None)
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"auction_id": event.data["id"], "seq": event.seq}), 201


@api.post("/<game_id>/auctions/<aid>/bids")
def api_bid(game_id: str, aid: str) -> Any:
    data = request.get_json(silent=True)
    try:
        if not isinstance(data, dict) or "amount" not in data:
            door().identify(game_id, bearer())
            raise Refused(400, "Send {\"amount\": …} in Yen; ¥0 is allowed.", "amount")
        event, code, amount = door().bid(game_id, bearer(), aid, data["amount"])
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"sealed": True, "amount": amount, "receipt": code, "seq": event.seq,
                    "revealed": event.type == "auction_reveal"}), 201


@api.get("/<game_id>/auctions/<aid>")
def api_auction(game_id: str, aid: str) -> Any:
    try:
        who = door().identify(game_id, bearer())
    except Refused as exc:
        return _api_error(exc)
    state = store().snapshot(game_id)
    auction = state.table.auctions.get(aid)
    if auction is None:
        return _api_error(Refused(404, "There is no such auction in this game."))
    own = store().own_bids(game_id, who.seat).get(aid) if who.seat is not None else None
    return jsonify(auction_view(auction, state.table, who, own))


@api.post("/<game_id>/auctions/<aid>/reveal")
def api_reveal(game_id: str, aid: str) -> Any:
    try:
        event = door().reveal(game_id, bearer(), aid)
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seq": event.seq})


@api.post("/<game_id>/auctions/<aid>/choose")
def api_choose(game_id: str, aid: str) -> Any:
    data = request.get_json(silent=True)
    try:
        if not isinstance(data, dict) or "winner" not in data:
            door().identify(game_id, bearer())
            raise Refused(400, 'Send {"winner": name}, or {"winner": null} to decline every '
                               "offer at Barter.", "winner")
        event = door().choose(game_id, bearer(), aid, data["winner"])
    except Refused as exc:
        return _api_error(exc)
    return jsonify({"seq": event.seq})


@bp.post("/games/<game_id>/auctions")
def open_auction_form(game_id: str) -> Any:
    form = request.form
    body: dict[str, Any] = {"kind": form.get("kind"), "owner": form.get("owner")}
    if form.get("drawn"):
        body["drawn"] = form.get("drawn")
    lot = [code for code in form.getlist("lot") if code]
    for key in form:
        if key.startswith("lot_") and form.get(key, "").isdigit():
            lot += [key[4:]] * int(form[key])
        if key.startswith("barrel_") and form.get(key, "").isdigit() and int(form[key]):
            body.setdefault("barrels", {})[key[7:]] = int(form[key])
    if lot:
        body["lot"] = lot
    return form_change(
        game_id, _form_role(),
        lambda token: door().open_auction(game_id, token, body, _expected()),
        lambda _event, _who: "Auction opened: the phones show the bid sheet.")


def _sealed_message(result: tuple[Any, str, int], _who: Identity) -> str:
    event, code, amount = result
    if event.type == "auction_reveal":
        return f"Your bid ¥{amount:,} (receipt {code}) was the last: bids revealed."
    return f"Bid sealed: ¥{amount:,}. Your receipt is {code}."


@bp.post("/games/<game_id>/auctions/<aid>/bid")
def bid_form(game_id: str, aid: str) -> Any:
    return form_change(
        game_id, "seat",
        lambda token: door().bid(game_id, token, aid, request.form.get("amount", "")),
        _sealed_message)


@bp.post("/games/<game_id>/auctions/<aid>/reveal")
def reveal_form(game_id: str, aid: str) -> Any:
    return form_change(game_id, _form_role(), lambda token: door().reveal(game_id, token, aid),
                       lambda _event, _who: "Bids revealed.")


@bp.post("/games/<game_id>/auctions/<aid>/choose")
def choose_form(game_id: str, aid: str) -> Any:
    return form_change(
        game_id, _form_role(),
        lambda token: door().choose(game_id, token, aid, request.form.get("winner") or None),
        lambda _event, _who: "Settled.")


@api.get("/<game_id>/events")
def api_events(game_id: str) -> Any:
    """The history as this token may see it (undone entries included, marked)."""
    try:
        who = door().identify(game_id, bearer())
    except Refused as exc:
        return _api_error(exc)
    from ..views import history_rows

    state = store().snapshot(game_id)
    return jsonify({"seq": state.version, "events": history_rows(state, who, limit=None)})

