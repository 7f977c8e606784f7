"""What one viewer sees of a game of Tsukiji Market, the card game: its per-viewer view
(the card game's ``Game.view``), its history lines and the names of its colours, in the
device's language. Pages, the JSON API and the live stream are all made from
:func:`card_view`; a sealed bid reaches only its bidder's view."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import gettext  # type: ignore[import-untyped]

from . import cardgame
from .cardgame.rules import describe
from .cardgame.secret import round_key
from .engine import Message, Seen
from .eventlog import GameState
from .i18n import current_lang
from .identity import Identity
from .rules.messages import render

#: The colours the card form offers (a table may type others: they stay as typed).
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
#: How a one-tap card button marks the icons (next to their names).
ICON_GLYPHS = {"steal": "✋", "draw": "＋", "discard": "✕"}


def colour_names() -> dict[str, str]:
    """The form's colours by name in the device's language."""
    return {
        "red": gettext("red"),
        "blue": gettext("blue"),
        "green": gettext("green"),
        "yellow": gettext("yellow"),
        "purple": gettext("purple"),
        "orange": gettext("orange"),
    }


def _named_colour(line: Message, names: dict[str, str]) -> Message:
    """A history line with its card's colour in the device's language."""
    colour = line.values.get("colour")
    if isinstance(colour, str) and colour in names:
        return Message(line.code, {**line.values, "colour": names[colour]})
    return line


def history(state: GameState) -> list[dict[str, Any]]:
    """The history's entries (a bid is none; the reveal is), newest first, each with
    what it did by itself (the Barrel, discards, refills …). Undone entries stay, marked.
    In the language of the device asking (the JSON's too, as the board game's). A card
    game is a few dozen entries: it is replayed for each reading."""
    rows: list[dict[str, Any]] = []
    _describe(cardgame.initial_state(state.config), state.events, rows)
    rows.reverse()
    return rows


def _describe(s: Any, events: tuple[Any, ...], rows: list[dict[str, Any]]) -> Any:
    """Replay ``events`` from the table ``s``, adding their history rows (oldest first) to
    ``rows``; the table after them."""
    lang, names = current_lang(), colour_names()
    game = cardgame
    for e in events:
        if e.meta:
            continue
        move = {**e.data, "type": e.type}
        notes: list[str] = []
        if e.active:
            s = game.apply(s, move)
            notes = [render(n, lang) for n in s.notes]
        if not game.MOVES[e.type].history:
            continue
        line = describe(s, move)
        rows.append(
            {
                "seq": e.seq,
                "type": e.type,
                "text": render(_named_colour(line, names), lang) if line is not None else e.type,
                "notes": notes,
                "actor": e.actor,
                "undone": e.undone_by is not None,
            }
        )
    return s


def card_table(state: GameState) -> cardgame.State:
    """A card game's folded table (a bare ``GameState`` holds it as ``Any``)."""
    return cast(cardgame.State, state.table)


def _own_round(table: cardgame.State, seat: int | None, seen: Seen) -> tuple[int, str] | None:
    """The viewer's own sealed bid of the current round (fingers, receipt), if sealed."""
    if seat is None or seat not in table.bid_by:
        return None
    return seen.own_sealed().get(round_key(table))


def card_view(state: GameState, who: Identity, seen: Seen) -> dict[str, Any]:
    """``GET /api/games/<id>`` for a card game: the cards.md shape for this viewer, with
    the entry number, the viewer, and the history. Of the sealed fingers, only the
    viewer's own (``seen``): a view built from them carries no other seat's amount."""
    table = card_table(state)
    seat = None if who.is_host else who.seat
    own = _own_round(table, seat, seen)
    sealed = {} if own is None or seat is None else {seat: own[0]}
    view: dict[str, Any] = {"id": state.id, "seq": state.version}
    view.update(cardgame.player_view(table, seat, sealed))
    if own is not None:
        view["my_receipt"] = own[1]
    view["viewer"] = {"role": who.role, "seat": who.seat}
    view["history"] = history(state)
    # Only the table screen undoes (api.md: undo is the host's): a seat's is always
    # false. The newest entries are the likeliest to be active: look from the end.
    view["can_undo"] = who.is_host and any(e.active for e in reversed(state.events))
    return view
