"""The one door for every change: identity → permission → version → rules → append → notify.

The JSON API and the htmx forms both come through here, so a refusal reads the same
everywhere and nothing is ever half-written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .live import Hub
from .rules.errors import IllegalAction
from .rules.moves import MOVES, apply
from .rules.setup import GameConfig
from .store import Event, GameState, Store

#: Largest action body accepted (a note and a few fields fit many times over).
MAX_ACTION_BYTES = 4096


class Refused(Exception):
    """A request the door turns away; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field

    def to_json(self) -> dict[str, str]:
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        return body


@dataclass(frozen=True)
class Identity:
    game_id: str
    role: str  # "host" or "seat"
    seat: int | None = None

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def viewer(self) -> str:
        """Key for presence and per-viewer rendering: "host" or the seat number."""
        return "host" if self.is_host else str(self.seat)


class Door:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    # -- identity ---------------------------------------------------------------------------
    def identify(self, game_id: str, token: str | None) -> Identity:
        if not self.store.game_exists(game_id):
            raise Refused(404, "There is no game with that code on this server.")
        if not token:
            raise Refused(401, "Sign in first: scan your seat's QR code on the table screen.")
        info = self.store.token_info(token)
        if info is None:
            raise Refused(401, "This link is no longer valid; scan your seat's QR code again.")
        if info["game_id"] != game_id:
            raise Refused(403, "That sign-in belongs to another game.")
        return Identity(game_id, info["role"], info["seat"])

    def actor_name(self, state: GameState, who: Identity) -> str:
        return "host" if who.is_host else state.config.players[who.seat or 0]

    # -- changes ------------------------------------------------------------------------------
    def act(self, game_id: str, token: str | None, action: Any,
            expected: int | None = None) -> Event:
        """Record one bookkeeping action; returns the new event (its seq is the version)."""
        who = self.identify(game_id, token)
        if not isinstance(action, dict):
            raise Refused(400, "An action is a JSON object with a \"type\".")
        if len(json.dumps(action)) > MAX_ACTION_BYTES:
            raise Refused(400, "That action is too large.")
        kind = action.get("type")
        if kind not in MOVES:
            raise Refused(400, f"There is no action called {kind!r}.", "type")
        data = {k: v for k, v in action.items()
                if k not in ("type", "expected_seq", "correction")}
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            try:
                table = apply(state.table, {**data, "type": kind})
            except IllegalAction as exc:
                raise Refused(400, _sentence(exc.message, exc.field), exc.field) from None
            last = state.events[-1] if state.events else None
            correction = bool(action.get("correction")) or (
                last is not None and last.type == "undo")
            event = self.store.append(state, str(kind), data, self.actor_name(state, who),
                                      table, correction=correction)
        self.hub.notify(game_id, event.seq)
        return event

    def undo(self, game_id: str, token: str | None, to_seq: int | None = None,
             expected: int | None = None) -> Event:
        """Undo the last action not yet undone (an auction as a whole), or with ``to_seq``
        every action from that entry on. Undone entries stay in the history."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can undo.")
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            active = [e for e in state.events if not e.meta and e.undone_by is None]
            if not active:
                raise Refused(400, "There is nothing to undo.")
            if to_seq is None:
                last = active[-1]
                targets = [e.seq for e in active
                           if e.seq == last.seq or (last.grp and e.grp == last.grp)]
            else:
                if not any(e.seq == to_seq for e in active):
                    raise Refused(400, "That entry is not in the history, or is undone "
                                       "already.", "seq")
                first = next(e for e in active if e.seq == to_seq)
                targets = [e.seq for e in active if e.seq >= to_seq
                           or (first.grp and e.grp == first.grp)]
            data = {"targets": targets}
            event = self.store.append(state, "undo", data, self.actor_name(state, who),
                                      state.table)
            self.store.mark_undone(state, targets, event.seq)
        self.hub.notify(game_id, event.seq)
        return event

    def redo(self, game_id: str, token: str | None, expected: int | None = None) -> Event:
        """Redo the most recent undo, as long as no new action was recorded since."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can redo.")
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            undo = redoable(state)
            if undo is None:
                raise Refused(400, "There is nothing to redo.")
            targets = list(undo.data["targets"])
            event = self.store.append(state, "redo", {"targets": targets, "undo": undo.seq},
                                      self.actor_name(state, who), state.table)
            self.store.mark_undone(state, targets, None)
        self.hub.notify(game_id, event.seq)
        return event

    def reissue(self, game_id: str, token: str | None, seat: int) -> str:
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, "Only the table screen can issue new join links.")
        state = self.store.state(game_id)
        if not 0 <= seat < len(state.config.players):
            raise Refused(400, "There is no such seat.", "seat")
        new = self.store.reissue_seat(game_id, seat)
        self.hub.notify(game_id, state.version)
        return new

    @staticmethod
    def _check_version(state: GameState, expected: int | None) -> None:
        if expected is not None and expected != state.version:
            raise Refused(409, f"The table changed since you looked (it is at entry "
                               f"{state.version}, you saw {expected}); check it and try "
                               "again.")


def redoable(state: GameState) -> Event | None:
    """The undo a redo would reverse: the latest undo whose entries are all still undone,
    with no action recorded after it."""
    for e in reversed(state.events):
        if not e.meta:
            return None
        if e.type == "undo":
            targets = set(e.data["targets"])
            if all(x.undone_by is not None for x in state.events if x.seq in targets):
                return e
    return None


def _sentence(message: str, field: str | None = None) -> str:
    """Rules messages are clauses; the door answers in sentences ("Amount must be …")."""
    if field and message.startswith(("must ", "is ")):
        message = f"{field.split('.')[-1].replace('_', ' ')} {message}"
    message = message[0].upper() + message[1:] if message else message
    return message if message.endswith((".", "!", "?")) else message + "."


def create_game(store: Store, config: GameConfig) -> tuple[str, str, list[str]]:
    return store.create_game(config)
