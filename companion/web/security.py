"""Cross-site request refusal and protective headers, for every response.

CSRF: the pages sign changes with a cookie, and ``SameSite=Lax`` alone does not protect
them from another service on the same LAN host (that is same-site). Every browser of the
last years sends ``Sec-Fetch-Site`` and, on a POST, ``Origin``; a state-changing request
whose ``Sec-Fetch-Site`` is not ``same-origin``/``none``, or whose ``Origin`` is not this
server, is refused. This is the check OWASP recommends for cookie-authenticated apps
(Fetch Metadata with an Origin fallback); it needs no token in every htmx form, and a
script that sends neither header (curl, the JSON API with a Bearer token) is not a
browser and cannot carry a victim's cookie.

DNS rebinding: a web page a player visits can point its own name at this server's address
and then read and post to it as its own origin, so the checks above pass. Every request
whose ``Host`` names anything but this server (``ALLOWED_HOSTS``: the address
``companion serve`` printed, this machine's LAN addresses, the loopback names, and each
``--allow-host``) is answered 400 before anything else reads it. Without that setting
(``create_app`` in tests, a WSGI server of one's own) only the loopback names answer.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, make_response, render_template, request
from flask_babel import gettext, lazy_gettext  # type: ignore[import-untyped]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

HEADERS = {
    # Nobody frames the table screen or a phone's page (clickjacking a "Confirm").
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; "
    "object-src 'none'",
    "X-Content-Type-Options": "nosniff",
    # A join link in the address bar must never leave in a Referer to another site
    # ("no-referrer" would also make Chromium send "Origin: null" on this app's own forms).
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}

#: In the asker's language (``str(REFUSED)`` inside the request).
REFUSED = lazy_gettext(
    "This request came from another site, so it was refused; use the page of this app."
)


#: The names this machine always answers to, whatever address it listens on.
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})


def host_name(host: str) -> str:
    """The name of a ``Host`` header (or an ``--allow-host``), as compared: lower case,
    without the port, the brackets of an IPv6 address or a final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        name = host[1:end] if end > 0 else host
    else:
        name, colon, port = host.rpartition(":")
        if not colon or ":" in name or not port.isdigit():
            name = host  # no port, or a bare IPv6 address
    return name.rstrip(".")


def allowed_host() -> bool:
    """Whether the request names this server in its ``Host`` header. A request with no
    Host at all is not from a browser (every browser sends one), so it cannot be a page
    rebound to this address."""
    host = request.headers.get("Host")
    if host is None:
        return True
    allowed = current_app.config.get("ALLOWED_HOSTS") or LOOPBACK_HOSTS
    return host_name(host) in allowed


def _same_origin(origin: str) -> bool:
    parts = urlsplit(origin)
    return (
        parts.scheme in ("http", "https")
        and parts.netloc != ""
        and parts.netloc.lower() == request.host.lower()
    )


def cross_site() -> bool:
    """Whether a state-changing request was sent by a page of another origin. Fetch
    Metadata decides where the browser sends it; ``Origin`` where it does not."""
    if request.method in SAFE_METHODS:
        return False
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return False  # not a browser (curl, a script with a Bearer token)
    # "null": a sandboxed frame or a privacy mode; never a page of this app.
    return origin == "null" or not _same_origin(origin)


def init_app(app: Flask) -> None:
    @app.before_request
    def refuse_other_hosts() -> Any:
        if allowed_host():
            return None
        # A message code is a msgid of the one catalogue per language, which Flask-Babel
        # reads as well: this sentence has no values, so gettext words it.
        said = str(gettext("edge.wrong_host"))
        if request.path.startswith("/api/"):
            return jsonify({"error": said}), 400
        return make_response(said, 400, {"Content-Type": "text/plain; charset=utf-8"})

    @app.before_request
    def refuse_cross_site() -> Any:
        if not cross_site():
            return None
        if request.path.startswith("/api/"):
            return jsonify({"error": str(REFUSED)}), 403
        if request.headers.get("HX-Request"):
            resp = make_response(render_template("game/_flash.html", error=str(REFUSED)), 403)
            resp.headers["HX-Retarget"] = "#flash"
            resp.headers["HX-Reswap"] = "innerHTML"
            return resp
        return make_response(str(REFUSED), 403, {"Content-Type": "text/plain; charset=utf-8"})

    @app.after_request
    def protective_headers(resp: Response) -> Response:
        # A static file (a script, a style sheet, the icon) is never a document: framing,
        # the referrer and the opener do not apply to it, and each header is bytes on a
        # phone's cold load (#16). It keeps nosniff.
        static = request.endpoint == "static" or request.path == "/favicon.ico"
        for name, value in HEADERS.items():
            if not static or name == "X-Content-Type-Options":
                resp.headers.setdefault(name, value)
        return resp
