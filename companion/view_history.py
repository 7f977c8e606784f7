"""The board game's history lines as one viewer may read them: each entry's line (with
closed money, a payment's amount to its two parties alone), what the table did by itself
after it, undo and redo; the newest kept per state and per entry, so reading a view costs
the same however long the log is."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .eventlog import Event, GameState
from .i18n import current_lang
from .identity import Identity
from .rules.arrivals import notes_at
from .rules.history import story
from .rules.messages import Message, render
from .rules.moves import MOVES, describe
from .rules.table import Table

#: History entries in a view; the whole log is at /api/games/<id>/events.
HISTORY_IN_VIEW = 25
PHONE_HISTORY = 10


def history_rows(
    state: GameState, viewer: Identity | None, limit: int | None = HISTORY_IN_VIEW
) -> list[dict[str, Any]]:
    """The newest entries first; reading a view costs the same however long the log is.
    With open money every viewer reads the same lines, so they are made once per state
    (a state never changes) and each line once per entry; with closed money once per
    viewer."""
    return [dict(row) for row in history_lines(state, viewer, limit)]


def history_lines(
    state: GameState, viewer: Identity | None, limit: int | None = HISTORY_IN_VIEW
) -> list[dict[str, Any]]:
    """:func:`history_rows` without the copies: the very lines kept for the state (one
    object per entry and kind of viewer, the same from one state to the next while the
    entry is unchanged). Read them, never change them."""
    table = state.table
    names = table.config.players
    me = names[viewer.seat] if viewer is not None and viewer.seat is not None else None
    private = me if table.config.money == "closed" and not table.turn.finished else None
    # A shorter list is the start of the longer one: a phone's 10 come from the 25.
    made = HISTORY_IN_VIEW if limit is not None and limit <= HISTORY_IN_VIEW else limit
    # The lines are in the request's language (a Japanese phone reads Japanese lines, the
    # English table screen English ones): the language is part of every key they are
    # kept by.
    lang = current_lang()
    key = (made, private, lang)
    cache: dict[Any, list[dict[str, Any]]] = state.__dict__.setdefault("_history_rows", {})
    if key not in cache:
        cache[key] = _history_rows(state, private, made, lang)
    return cache[key][:limit]


def _history_rows(
    state: GameState, private: str | None, limit: int | None, lang: str
) -> list[dict[str, Any]]:
    """``private``: the viewer whose own Yen the lines may show (closed money, during
    play); None when every line shows its amounts. ``lang``: the lines' language."""
    events = state.events if limit is None else state.events[-limit:]
    rows = []
    for e in reversed(events):
        if limit is None:  # the whole log, read rarely: its lines are not kept
            rows.append(_history_row(state, e, private, lang))
            continue
        # An entry never changes (one marked undone is a new Event), and neither does what
        # it says to one viewer while the amounts it moves stay as secret as they are: a
        # line is made once and kept, so a new state describes only its new entries. (An
        # undone end of the game makes the amounts secret again: the key says whether
        # they are.)
        secret = state.config.money == "closed" and not state.table.turn.finished
        row = _LINES.get(e, (private, secret, lang))
        if row is None:
            row = _LINES.put(e, (private, secret, lang), _history_row(state, e, private, lang))
        rows.append(row)
    return rows


class _Lines:
    """History lines by entry (the Event object itself: it is kept with its line, so its
    ``id`` cannot be reused while the line is) and by what the line may show; bounded,
    oldest made dropped first (a view shows only the newest entries)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lines: OrderedDict[tuple[int, Any], tuple[Event, dict[str, Any]]] = OrderedDict()

    def get(self, e: Event, key: Any) -> dict[str, Any] | None:
        found = self._lines.get((id(e), key))
        return found[1] if found is not None and found[0] is e else None

    def put(self, e: Event, key: Any, row: dict[str, Any]) -> dict[str, Any]:
        self._lines[(id(e), key)] = (e, row)
        while len(self._lines) > self.size:
            try:
                self._lines.popitem(last=False)
            except KeyError:  # another thread emptied it first
                break
        return row


#: Enough for the newest entries of a few dozen games, each seen by every kind of viewer.
_LINES = _Lines(4096)


def _history_row(state: GameState, e: Event, private: str | None, lang: str) -> dict[str, Any]:
    return {
        "seq": e.seq,
        "type": e.type,
        "text": render(history_message(state, e, private), lang),
        "actor": e.actor,
        "at": e.created_at,
        "undone": e.undone_by is not None,
        "correction": e.correction,
        "meta": e.meta,
    }


def _aftermath(state: GameState, e: Event) -> list[Message]:
    """What the table did by itself after this entry: markets that entered, crashes
    (rules/arrivals.py), found by the entry's index among the active ones."""
    table = state.table
    if not (table.arrivals or table.crashes) or not e.active:
        return []
    cache: dict[int, int] = state.__dict__.setdefault("_action_index", {})
    if not cache:
        n = 0
        for x in state.events:
            if x.active:
                cache[x.seq] = n
                n += 1
    at = cache.get(e.seq)
    return [] if at is None else notes_at(table, at)


def history_message(state: GameState, e: Event, private: str | None) -> Message:
    """An entry's history line as a message (rendered in the viewer's language by
    :func:`history_lines`); ``private`` as for :func:`_history_rows`."""
    table = state.table
    targets = e.data.get("targets", [])
    if e.type == "undo" and isinstance(targets, list) and targets:
        if len(targets) == 1:
            undone = state.events[targets[0] - 1]
            line = describe_event(undone, table, private, state.before(undone.seq))
            return Message("history.undo", {"line": line})
        return Message("history.undo_back", {"seq": min(targets), "count": len(targets)})
    if e.type == "redo" and isinstance(targets, list):
        return Message("history.redo", {"count": len(targets)})
    line = describe_event(e, table, private, state.before(e.seq))
    notes = _aftermath(state, e)
    if notes:
        return Message("history.aftermath", {"line": line, "notes": _unrepeated(line, notes)})
    return line


def _unrepeated(line: Message, notes: list[Message]) -> list[Message]:
    """An arrival told right after what said why, without saying it again (issue #21):
    "Nori is Overfished. Squid enters the game in its place", not "… in place of the
    Overfished Nori"; "Bank crashes: …. Government enters the game in its place", not
    "… in place of the crashed Bank"."""
    instead = Message("arrive.cause_instead", {})
    told = None  # what the line said: any arrival for that cause says "in its place"
    if line.code == "history.overfished":
        told = Message("arrive.cause_overfished", {"market": line.values.get("market")})
    crashed = None  # what the note just before said: only the next arrival
    out: list[Message] = []
    for n in notes:
        if n.values.get("cause") in (told, crashed) and n.values.get("cause") is not None:
            n = Message(n.code, {**n.values, "cause": instead})
        crashed = None
        if n.code in ("crash.crashed_now", "crash.closed_now"):
            crashed = Message("arrive.cause_crash", {"market": n.values.get("market")})
        out.append(n)
    return out


def describe_event(e: Event, table: Table, me: str | None, before: Table | None = None) -> Message:
    """An entry's line for the viewer named ``me`` (the table screen: None). With closed
    money a payment's amount shows to its two parties alone, one from or to the supply
    included: an amount from the supply tells what the player now holds. (Only the table
    screen records Yen from the supply: issue #17.) With ``before``, the table the entry
    was recorded on, a guided action or an auction tells its story (rules/history.py):
    its amounts and items, only the viewer's own Yen with closed money."""
    action = {**e.data, "type": e.type}
    secret = table.config.money == "closed" and not table.turn.finished
    if e.type == "next_turn" and before is not None:
        unspent = _unspent(before)
        if unspent is not None:
            return unspent
    if before is not None:
        told = story(e.type, action, before, lambda name: not secret or name == me)
        if told is not None:
            return told
    show = True
    if secret and MOVES.get(e.type, MOVES["pay"]).moves_yen:
        show = me is not None and me in (e.data.get("from"), e.data.get("to"))
    return describe(action, show_yen=show)


def _unspent(before: Table) -> Message | None:
    """A ``next_turn`` that ended a turn with AP left says so (docs/flows.md, "The turn":
    the history says how many went unspent), "Aiko ended the turn with 1 AP unspent";
    None for the first turn's start, a Buyer's purchase between turns, a turn whose AP
    were all spent."""
    turn = before.turn
    if turn.number <= 0 or turn.finished or turn.buying is not None or not turn.ap_left:
        return None
    name = before.players[turn.current].name
    return Message("history.turn_unspent", {"player": name, "count": turn.ap_left})
