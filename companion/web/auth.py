"""Who a request is: cookies and Bearer tokens, join links and their QR codes, claiming a
seat on the table device, and issuing a seat a new link."""

from __future__ import annotations

import functools
import ipaddress
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..door import Refused
from ..engine import Message
from ..identity import Identity
from .context import door, hub, store
from .routing import per_game

bp = Blueprint("auth", __name__)


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


def page_identity(game_id: str, role: str) -> Identity:
    """The identity of a page request, before anything in the request is read."""
    return door().identify(game_id, page_token(game_id, role))


def set_cookie(resp: Response, name: str, token: str) -> None:
    resp.set_cookie(name, token, max_age=60 * 60 * 24 * 30, httponly=True, samesite="Lax", path="/")


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
    if (
        loopback
        and not current_app.config.get("TESTING")
        and not current_app.config.get("KEEP_LOOPBACK")
    ):
        from ..network import lan_address

        port = urlsplit(base).port
        base = f"http://{lan_address()}" + (f":{port}" if port else "")
    return base


def join_url(token: str, base: str | None = None) -> str:
    """A seat's join link; ``base`` is :func:`public_base`, when the caller has it."""
    return f"{base or public_base()}{url_for('auth.join', token=token)}"


#: Every unjoined seat's code of every table a server holds (issue #23: at 64, a server
#: with more than ~16 tables drew each table screen's codes anew at every change).
@functools.lru_cache(maxsize=1024)
def qr_svg(text: str) -> Markup:
    """An inline SVG QR code (no imaging library, no external service); cached, as a
    code takes milliseconds to draw and a link's code never changes."""
    img = qrcode.make(text, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    svg = img.to_string(encoding="unicode")
    if svg.startswith("<?xml"):
        svg = svg[svg.index("?>") + 2 :]
    return Markup(svg)


def htmx_error(exc: Refused) -> Any:
    """A refusal for an htmx form: the sentence in the page's message bar."""
    resp = make_response(render_template("game/_flash.html", error=exc.message), exc.status)
    resp.headers["HX-Retarget"] = "#flash"
    resp.headers["HX-Reswap"] = "innerHTML"
    return resp


def refused_page(exc: Refused) -> tuple[str, int]:
    return render_template("game/refused.html", error=exc), exc.status


def seat_viewer(game_id: str) -> Identity | Any:
    """A phone page's viewer, or the page to answer instead: the refusal of a link that
    signs in no one, and the table screen sent to its own page (any game's phone)."""
    try:
        who = page_identity(game_id, "seat")
    except Refused as exc:
        return refused_page(exc)
    if who.is_host:
        return redirect(url_for("table.page", game_id=game_id))
    return who


def seats(game_id: str) -> list[dict[str, Any]]:
    """The seats as the table screen shows them: a QR code only for a seat no phone has
    joined yet (one seat, one phone)."""
    state = store().state(game_id)
    colours = state.game.seat_colours(state.config)
    rows = []
    base = ""  # looked up once (it may ask the network for the LAN address)
    for seat in store().seats(game_id):
        i = seat["seat"]
        row = {
            "seat": i,
            "name": state.config.players[i],
            "color_hex": colours[i] if i < len(colours) else None,
            "joined": seat["joined"],
            "signed_out": seat["signed_out"],
        }
        if not seat["joined"]:
            base = base or public_base()
            url = join_url(seat["token"], base)
            row["qr"] = qr_svg(url)
            row["url"] = url
        rows.append(row)
    return rows


@bp.get("/join/<token>")
def join(token: str) -> Any:
    # Login CSRF (issue #17): a page of another site could navigate a phone to a freshly
    # issued link and swap its seat cookie for another. A scanned QR code, a link typed
    # or pasted in, and this app's own pages say "none", "same-origin" or "same-site"
    # (or send no Fetch Metadata at all); only a navigation from another site is refused.
    if request.headers.get("Sec-Fetch-Site") == "cross-site":
        return refused_page(Refused(403, Message("door.join_cross_site")))
    info = store().token_info(token)
    game_id = info["game_id"] if info else ""
    held = info is not None and token in (
        request.cookies.get(host_cookie(game_id)),
        request.cookies.get(seat_cookie(game_id)),
    )
    try:
        who = door().join(token, held)
    except Refused as exc:
        return refused_page(exc)
    if who.is_host:
        resp = redirect(url_for("table.page", game_id=who.game_id), code=303)
        set_cookie(resp, host_cookie(who.game_id), token)
        return resp
    resp = redirect(url_for("seat.page", game_id=who.game_id), code=303)
    set_cookie(resp, seat_cookie(who.game_id), token)
    return resp


@bp.post("/games/<game_id>/seats/<int:seat_no>/claim")
def claim(game_id: str, seat_no: int) -> Any:
    """The table device is also one player's phone: that player opens their seat here by a
    deliberate choice (a button with a confirmation), never by tapping a QR code."""
    try:
        who = page_identity(game_id, "host")
        if not who.is_host:
            raise Refused(403, Message("edge.claim_host"))
        tokens = store().seat_tokens(game_id)
        if not 0 <= seat_no < len(tokens):
            raise Refused(404, Message("edge.no_seat"))
        # A second tap of the same button (or the page sent again) finds this device
        # holding the seat already: it opens the seat, never "a phone has joined already".
        held = request.cookies.get(seat_cookie(game_id)) == tokens[seat_no]
        door().join(tokens[seat_no], holds_it=held)
    except Refused as exc:
        return refused_page(exc)
    resp = redirect(url_for("seat.page", game_id=game_id), code=303)
    set_cookie(resp, seat_cookie(game_id), tokens[seat_no])
    if request.headers.get("HX-Request"):
        resp.headers["HX-Redirect"] = url_for("seat.page", game_id=game_id)
    return resp


@bp.post("/games/<game_id>/host/reissue")
def reissue_host(game_id: str) -> Any:
    """The table screen's own link issued anew (issue #17): every other device signed in
    as the table screen, and the old link wherever it was kept, stop working; this device
    keeps the table screen with the new link, set in its cookie (never in an address)."""
    try:
        who = page_identity(game_id, "host")
        token = door().reissue_host(game_id, who.token)
    except Refused as exc:
        return htmx_error(exc) if request.headers.get("HX-Request") else refused_page(exc)
    page = url_for("table.page", game_id=game_id)
    resp = redirect(page, code=303)
    set_cookie(resp, host_cookie(game_id), token)
    if request.headers.get("HX-Request"):
        resp.headers["HX-Redirect"] = page
    return resp


@bp.post("/games/<game_id>/seats/<int:seat_no>/reissue")
@per_game
def reissue(game_id: str, seat_no: int) -> Any:
    try:
        who = page_identity(game_id, "host")
        door().reissue(game_id, who.token, seat_no)
    except Refused as exc:
        return htmx_error(exc)
    rows = seats(game_id)
    # The seat cards need only whose phone has a live stream open (as a game's view says).
    connected = hub().connected(game_id)
    players = [{"connected": str(i) in connected} for i in range(len(rows))]
    return render_template(
        "game/_seats.html", seats=rows, game_id=game_id, view={"players": players}
    )
