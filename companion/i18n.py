"""Languages per device: Japanese and English (shared/spec/report.md, "Language").

Each device reads the app in its own language: the one it chose with the switch
(``POST /lang``, remembered in the ``lang`` cookie), else the one its browser prefers in
``Accept-Language`` between ``ja`` and ``en``, else English. Flask-Babel carries the choice
to the templates' ``_()`` (``companion/translations``); the rules' sentences, which are
message codes of the same catalogues, are rendered by :func:`msg` through
:mod:`companion.catalogues`.

Templates get ``yen``, ``msg`` and ``current_lang`` as globals (``yen`` and ``msg`` also as
filters); code gets :func:`current_lang`, which every cache of rendered markup shared
between viewers must put in its key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    g,
    has_request_context,
    make_response,
    redirect,
    request,
)
from flask_babel import Babel, get_locale, get_translations  # type: ignore[import-untyped]
from jinja2 import pass_context
from werkzeug.wrappers import Response as BaseResponse

from . import catalogues
from .refusals import use_wording
from .rules.catalogue import TOKEN_NAMES
from .rules.messages import Message
from .rules.tokens import token_message

#: The languages the app speaks, the default first.
LANGS: Final = ("en", "ja")
DEFAULT: Final = "en"
COOKIE: Final = "lang"
#: How long a device remembers its choice: 400 days, the most browsers keep a cookie.
COOKIE_AGE: Final = 400 * 24 * 3600


bp = Blueprint("i18n", __name__)
babel = Babel()


def _chosen(value: str | None) -> str | None:
    return value if value in LANGS else None


def select_locale() -> str:
    """The request's language: the cookie the switch set, else ``Accept-Language``'s
    preference between the two (``ja-JP`` counts as ``ja``), else English."""
    chosen = _chosen(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    return request.accept_languages.best_match(LANGS, default=DEFAULT) or DEFAULT


def current_lang() -> str:
    """``"ja"`` or ``"en"``: the language of the request being answered (English outside
    a request). Worked out once per request, like :func:`translations`."""
    if not has_request_context():
        return DEFAULT
    lang = g.get("_companion_lang")
    if lang is None:
        locale = get_locale()
        lang = locale.language if locale is not None else DEFAULT
        lang = lang if lang in LANGS else DEFAULT
        g._companion_lang = lang
    return str(lang)


def translations() -> Any:
    """The request's translations (the templates' ``_()``), looked up once per request.

    Flask-Babel resolves the locale and the domain again on every call, through several
    context look-ups: ~55 times for one card region, ~40% of its render (bench/README.md).
    A request has one language (Flask-Babel keeps its locale for the whole request too,
    and a live stream is one request), so its translations are kept beside it."""
    if not has_request_context():
        return get_translations()
    found = g.get("_companion_translations")
    if found is None:
        found = get_translations()
        g._companion_translations = found
    return found


def format_yen(amount: int, lang: str) -> str:
    """An amount of Yen as each language writes it, with a true minus sign.

    >>> format_yen(1200, "en"), format_yen(1200, "ja"), format_yen(-300, "ja")
    ('¥1,200', '1,200円', '−300円')
    """
    sign = "−" if amount < 0 else ""
    written = catalogues.catalogue(lang).sentences["yen.amount"]
    return sign + catalogues.fill(written, {"amount": abs(amount)})


def yen(amount: int) -> str:
    """An amount of Yen in the current language: ``¥1,200`` or ``1,200円``."""
    return format_yen(amount, current_lang())


def msg(message: Message | str) -> str:
    """A rules message as a sentence in the current language (a plain string, already a
    sentence, as it is)."""
    if isinstance(message, Message):
        return catalogues.render(message, current_lang())
    return message


def msg_in(message: Message | str, lang: str) -> str:
    """A rules message in a given language (``lang`` one of :data:`LANGS`, else English):
    a word shown beside its translation, such as the checklist's English board names."""
    if isinstance(message, Message):
        return catalogues.render(message, lang if lang in LANGS else DEFAULT)
    return message


#: How a sentence may end already (else the catalogue's ``sentence.end`` ends it).
SENTENCE_ENDS: Final = (".", "!", "?", "。", "！", "？")


def finished(text: str, field: str | None, lang: str) -> str:
    """A rules message as one finished sentence in ``lang``: a clause ("must be …",
    「必須です」) after its field's name as people call it (``field`` given:
    :func:`field_label`), joined as the catalogue's ``sentence.about`` joins them (「…は…」),
    a capital in English, and the catalogue's ``sentence.end`` (a full stop, 「。」).

    >>> import companion.web.schemas  # the edge's names of the fields (use_field_labels)
    >>> finished("must be a whole number", "amount", "en")
    'The amount must be a whole number.'
    >>> finished("整数でなければなりません", "amount", "ja")
    '金額は整数でなければなりません。'
    """
    lang = lang if lang in LANGS else DEFAULT
    own = catalogues.catalogue(lang).sentences
    name = field_label(field, lang) if field else ""
    if name:
        text = catalogues.fill(own["sentence.about"], {"field": name, "clause": text})
    if lang != "ja":  # a capital first letter: a case rule, which no catalogue entry holds
        text = text[:1].upper() + text[1:]
    return (
        text
        if text.endswith(SENTENCE_ENDS)
        else catalogues.fill(own["sentence.end"], {"sentence": text})
    )


def _refusal(said: Message, field: str | None) -> str:
    """A door's refusal as the request reading it says it (companion/door.py)."""
    lang = current_lang()
    return finished(catalogues.render(said, lang), field, lang)


use_wording(_refusal)


#: How the edge names a field (companion/web/schemas.py ``label_of`` registers itself:
#: the edge's table of fields is above this module, which it imports).
_labels: list[Callable[[str], Message]] = []


def use_field_labels(label_of: Callable[[str], Message]) -> None:
    """The edge's way of naming a field (or a path) as people call it, as a message."""
    _labels[:] = [label_of]


def field_label(field: str, lang: str) -> str:
    """A field (or a path, ``players[1].fish``) as people call it in ``lang``: the web
    edge's table of fields (companion/web/schemas.py ``label_of``, with its Japanese in
    schemas_ja.py), never the technical name (「amountは…」). Without the edge (the CLI),
    the field as it is."""
    if not _labels:
        return field
    return catalogues.render(_labels[0](field), lang if lang in LANGS else DEFAULT)


def name_of(key: str, default: str | None = None) -> str:
    """A fish, token or market's name in the current language (the rulebook's Japanese,
    the catalogue's ``name.<key>``); ``default`` (else the English name) where it has none."""
    lang = current_lang()
    if lang != DEFAULT:
        name = catalogues.name(key, lang)
        if name:
            return name
    if default is not None:
        return default
    return TOKEN_NAMES.get(key) or catalogues.name(key) or key


def token_name(code: str) -> str:
    """A token code (``"tuna:20"``, ``"salmon:degraded"``, ``"eel"``) as people name it in
    the current language: "Tuna 20" / 「マグロ20」."""
    key, _, rest = code.partition(":")
    value = int(rest) if rest.isascii() and rest.isdigit() else None
    return msg(token_message(key, value, "degraded" if rest == "degraded" else None))


def lang_next() -> str:
    """Where the switch comes back to: this page when it was a plain GET (its path and
    query), else the home page (a POST's URL may not answer a GET)."""
    if has_request_context() and request.method == "GET":
        return _back(request.full_path.rstrip("?"))
    return "/"


def _back(target: str | None) -> str:
    """Where the switch sends the browser back to: a path of this server only (never
    ``//host``, a scheme, or a backslash a browser reads as a slash), else the home page."""
    if not target or not target.startswith("/") or "\\" in target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return "/"
    if any(ord(c) < 0x21 for c in target):  # control characters, spaces: not a clean path
        return "/"
    return target


@bp.post("/lang")
def switch() -> BaseResponse:
    """Remember the device's language and go back to the page it was chosen on (the form's
    ``next``, a path of this server). Cross-site posts never get here: security.py
    refuses them before any view."""
    lang = _chosen(request.form.get("lang"))
    if lang is None:
        # In the language the device reads now (its cookie, else its browser's): no
        # English on a Japanese device.
        refusal = make_response(catalogues.render(Message("lang.bad"), select_locale()), 400)
        refusal.headers["Content-Type"] = "text/plain; charset=utf-8"
        return refusal
    resp = redirect(_back(request.form.get("next")), 303)
    resp.set_cookie(
        COOKIE,
        lang,
        max_age=COOKIE_AGE,
        path="/",
        samesite="Lax",
        httponly=True,
        secure=request.is_secure,
    )
    return resp


def _vary(resp: Response) -> Response:
    """Pages and JSON differ by language: a cache between the app and a browser must keep
    them apart."""
    if request.endpoint != "static":
        resp.vary.add("Accept-Language")
        resp.vary.add("Cookie")
    return resp


def init_app(app: Flask) -> None:
    """Flask-Babel with the locale selector, the switch route and the template helpers.
    Call it last in ``create_app`` (its ``yen`` filter replaces any earlier one)."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    babel.init_app(app, locale_selector=select_locale)
    # Flask-Babel's own callables, with the translations looked up once per request.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    app.register_blueprint(bp)
    app.after_request(_vary)
    helpers: dict[str, Any] = {
        "yen": yen,
        "msg": msg,
        "msg_in": msg_in,
        "current_lang": current_lang,
        "lang_next": lang_next,
        "name_of": name_of,
        "token_name": token_name,
    }
    app.jinja_env.globals.update(helpers)
    app.jinja_env.filters["yen"] = per_request(yen)
    app.jinja_env.filters["msg"] = per_request(msg)
    app.jinja_env.filters["token_name"] = per_request(token_name)
    app.jinja_env.filters["name_of"] = per_request(name_of)


def per_request(words: Callable[..., str]) -> Callable[..., str]:
    """A filter whose words depend on the request's language, never worked out when a
    template is compiled: Jinja computes a filter of a constant (``500|yen``) once, at
    compile time, into the template's code, and the language of the request that happened
    to compile it would then stay in that template for every later request."""

    @pass_context
    def filter_(context: Any, value: Any, *args: Any) -> str:
        return words(value, *args)

    return filter_


__all__ = [
    "LANGS",
    "current_lang",
    "field_label",
    "finished",
    "format_yen",
    "init_app",
    "msg",
    "msg_in",
    "name_of",
    "token_name",
    "yen",
]
