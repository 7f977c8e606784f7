"""The host's 18 cards of Tsukiji Market (AMB-C2), defined once on this server so that a
card taken is one tap on the phone from then on.

Two ways in, one form: ``/games/new/cards/deck`` from the card game's New game page (as
open as that page: whoever may start a game hosts it), and ``/games/<id>/cards/deck`` from
a game's table screen (its host only: a seat's phone is refused 403), which also gives
that game the cards (the ``use_cards`` move, one undo). The cards are kept in the table
that remembers the Scale's notches (:mod:`companion.cardgame.deck`); a game keeps its own
copy, so changing them never changes a game already made with them.

Each card is a few big taps: a colour (or a typed one), its points, its printed effects;
a two-colour card has a second half with its own. A bad entry is refused 400 with one
sentence naming the card, and the form comes back as it was filled.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for

from .. import cardgame
from ..card_views import COLOURS, colour_names
from ..cardgame.catalogue import CARDS, COLOUR_MAX, ICONS, POINTS_MAX, POINTS_MIN
from ..cardgame.state import CardDef
from ..door import Refused, refusal_of
from ..games import CARDS as CARD_GAME
from ..i18n import msg
from ..identity import Identity
from ..rules.errors import IllegalAction
from ..rules.messages import Message
from .auth import bearer, host_cookie, refused_page, seat_cookie
from .cards_edge import remember_cards, remembered_cards
from .context import door, store

bp = Blueprint("card_deck", __name__)

#: The form's names of a half's fields: ``c7_colour`` (card 7, first half), ``c7_colour2``.
FIELDS = ("colour", "other", "points", "wasabi", "knife", "barrel", "icon")


def _key(n: int, name: str, half: int) -> str:
    return f"c{n}_{name}{'2' if half else ''}"


def _half(form: Any, n: int, half: int) -> dict[str, object] | None:
    """One half of card ``n`` as the form gives it (None: no second half)."""
    colour = (form.get(_key(n, "other", half), "") or "").strip().lower()
    if not colour:
        colour = (form.get(_key(n, "colour", half), "") or "").strip().lower()
    if half and colour in ("", "none"):
        return None
    # A two-colour card's second half is said to be the refused one ("its other colour"):
    # "Card No. 5: its points …" sent the host to the half whose points were there.
    other = "_other" if half else ""
    if not colour or len(colour) > COLOUR_MAX or colour == "none":
        raise Refused(
            400,
            Message(f"cards.deck_bad_colour{other}", {"card": n, "most": COLOUR_MAX}),
            _key(n, "colour", half),
        )
    points = (form.get(_key(n, "points", half), "") or "").strip()
    if not (points.isascii() and points.isdigit() and POINTS_MIN <= int(points) <= POINTS_MAX):
        raise Refused(
            400,
            Message(
                f"cards.deck_bad_points{other}",
                {"card": n, "low": POINTS_MIN, "high": POINTS_MAX},
            ),
            _key(n, "points", half),
        )
    out: dict[str, object] = {"colour": colour, "points": int(points)}
    for flag in ("wasabi", "knife", "barrel"):
        out[flag] = bool(form.get(_key(n, flag, half)))
    icon = form.get(_key(n, "icon", half), "") or ""
    if icon not in ("", "none", *ICONS):
        raise Refused(400, Message("cards.icon"), _key(n, "icon", half))
    if icon in ICONS:
        out["icon"] = icon
    return out


def parse_form(form: Any) -> tuple[CardDef, ...]:
    """The 18 cards of the posted form, checked by the rules core."""
    entries: list[object] = []
    for n in range(1, CARDS + 1):
        first = _half(form, n, 0)
        second = _half(form, n, 1)
        entries.append([first] if second is None else [first, second])
    try:
        return cardgame.state.parse_cards(entries)
    except IllegalAction as exc:  # a colour the rules refuse (too long, empty …)
        raise refusal_of(exc) from None


def form_of(cards: list[list[dict[str, object]]] | None) -> dict[str, str]:
    """The form's fields filled from a deck (the server's, to edit it)."""
    out: dict[str, str] = {}
    for n, halves in enumerate(cards or [], start=1):
        for j, half in enumerate(halves):
            colour = str(half["colour"])
            out[_key(n, "colour" if colour in COLOURS else "other", j)] = colour
            out[_key(n, "points", j)] = str(half["points"])
            for flag in ("wasabi", "knife", "barrel"):
                if half.get(flag):
                    out[_key(n, flag, j)] = "1"
            if half.get("icon"):
                out[_key(n, "icon", j)] = str(half["icon"])
    return out


def _host(game_id: str) -> Identity:
    """The game's host; a seat's phone is refused 403, anyone else as the door says."""
    token = bearer() or request.cookies.get(host_cookie(game_id))
    who = door().identify(game_id, token or request.cookies.get(seat_cookie(game_id)))
    if store().game_key(game_id) != CARD_GAME:
        raise Refused(404, Message("cards.deck_not_cards"))
    if not who.is_host:
        raise Refused(403, Message("cards.deck_host_only"))
    return who


def refused_card(field: str | None) -> int | None:
    """The card a refusal's field names (``c5_points2`` → 5), or None."""
    number = (field or "")[1:].partition("_")[0]
    if field and field.startswith("c") and number.isascii() and number.isdigit():
        return int(number) if 1 <= int(number) <= CARDS else None
    return None


def _page(
    form: dict[str, str],
    game_id: str | None,
    error: str | None = None,
    notice: str | None = None,
    status: int = 200,
    error_card: int | None = None,
) -> Any:
    action = (
        url_for("card_deck.game_deck", game_id=game_id)
        if game_id
        else url_for("card_deck.server_deck")
    )
    back = url_for("table.page", game_id=game_id) if game_id else url_for("cards.new_form")
    html = render_template(
        "cards/deck.html",
        form=form,
        action=action,
        back=back,
        game_id=game_id,
        error=error,
        error_card=error_card,
        notice=notice,
        cards=range(1, CARDS + 1),
        colours=COLOURS,
        colour_names=colour_names(),
        points=range(POINTS_MIN, POINTS_MAX + 1),
        defined=remembered_cards() is not None,
    )
    return html, status


def _save(game_id: str | None, who: Identity | None) -> Any:
    """Save (or forget) the server's cards; from a game's table screen, give that game
    the cards too."""
    form = request.form
    if form.get("forget"):
        remember_cards(None)
        return _page({}, game_id, notice=msg(Message("cards.deck_forgotten")))
    try:
        deck = parse_form(form)
    except Refused as exc:
        return _page(
            dict(form.items()),
            game_id,
            error=exc.message,
            status=exc.status,
            error_card=refused_card(exc.field),
        )
    remember_cards(deck)
    if game_id is None or who is None:
        return _page(form_of(remembered_cards()), None, notice=msg(Message("cards.deck_saved")))
    cards = [[h.to_json() for h in card.halves] for card in deck]
    try:
        door().act(game_id, who.token, "use_cards", {"cards": cards})
    except Refused as exc:  # the piles do not fit these cards: saved, not used here
        notice = msg(Message("cards.deck_saved"))
        return _page(
            dict(form.items()), game_id, error=exc.message, notice=notice, status=exc.status
        )
    return redirect(url_for("table.page", game_id=game_id), code=303)


@bp.get("/games/new/cards/deck")
def server_deck() -> Any:
    return _page(form_of(remembered_cards()), None)


@bp.post("/games/new/cards/deck")
def save_server_deck() -> Any:
    return _save(None, None)


@bp.get("/games/<game_id>/cards/deck")
def game_deck(game_id: str) -> Any:
    try:
        _host(game_id)
    except Refused as exc:
        return refused_page(exc)
    return _page(form_of(remembered_cards()), game_id)


@bp.post("/games/<game_id>/cards/deck")
def save_game_deck(game_id: str) -> Any:
    try:
        who = _host(game_id)
    except Refused as exc:
        return refused_page(exc)
    return _save(game_id, who)
