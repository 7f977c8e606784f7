"""What a refusal says: the door's answer to a request it turns away (a status, one
sentence, the field it names), and a rules refusal made one, keeping a closed-money
refusal's private wording to the seat it names.

The sentence is a :class:`~companion.engine.Message` worded when it is read, in the
language of the request reading it, by the wording the edge registers
(:func:`use_wording`; companion/i18n.py).
"""

from __future__ import annotations

from collections.abc import Callable

from .engine import IllegalAction, Message, is_clause, render
from .eventlog import GameState
from .identity import Identity


class Refused(Exception):
    """A request the door turns away; ``status`` is the HTTP status to answer with."""

    def __init__(
        self,
        status: int,
        message: str | Message,
        field: str | None = None,
        *,
        clause: bool = False,
    ) -> None:
        #: The sentence as a code with values, rendered in the language of the request
        #: that reads it (``message``); a plain string is a sentence already worded (in
        #: the request's language, by the caller).
        self.said = message if isinstance(message, Message) else None
        self._text = message if isinstance(message, str) else ""
        super().__init__(self._text or (render(self.said) if self.said is not None else ""))
        self.status = status
        self.field = field
        #: A rules clause ("must be …"): the sentence names its field first.
        self.clause = clause

    @property
    def message(self) -> str:
        """The one finished sentence, in the language of the request being answered."""
        if self.said is None:
            return self._text
        field = self.field if self.clause else None
        if _wording:
            return _wording[0](self.said, field)
        return _sentence(render(self.said), field)  # no edge yet: plain English

    def to_json(self) -> dict[str, str]:
        body = {"error": self.message}
        if self.field:
            body["field"] = self.field
        return body


#: How a refusal's message is worded for the request that reads it: its language, and a
#: clause after its field's name as people call it. The edge's (companion/i18n.py)
#: registers it with :func:`use_wording`; the door itself words nothing.
Wording = Callable[[Message, str | None], str]
_wording: list[Wording] = []


def use_wording(wording: Wording) -> None:
    """Word every refusal's message by ``wording`` (message, field or None) → sentence."""
    _wording[:] = [wording]


def refusal(exc: IllegalAction, state: GameState, who: Identity | None) -> Refused:
    """A rules refusal as a 400. With closed money, a refusal that would name a player's
    Yen reads so only to that player; everyone else gets its public wording."""
    message = exc.message
    said = exc.code_message
    seat = who.seat if who is not None else None
    if exc.public_message and state.game.private_refusals(state.config) and seat != exc.private_to:
        message = exc.public_message
        said = exc.public_code_message
    return _rule_refused(message, said, exc.field)


def refusal_of(exc: IllegalAction) -> Refused:
    """A rules refusal outside a game's state (a setup, a deck): as :func:`refusal`, with
    no secret to keep."""
    return _rule_refused(exc.message, exc.code_message, exc.field)


def _rule_refused(message: str, said: Message | None, field: str | None) -> Refused:
    if said is not None:
        # Worded in the asker's language when it is read; a clause names its field.
        clause = bool(field) and is_clause(said)
        return Refused(400, Message("door.rule", {"said": said}), field, clause=clause)
    return Refused(400, _sentence(message, field), field)


def _sentence(message: str, field: str | None = None) -> str:
    """Rules messages are clauses; the door answers in sentences ("Amount must be …")."""
    if field and is_clause(message):
        message = f"{field.split('.')[-1].replace('_', ' ')} {message}"
    message = message[0].upper() + message[1:] if message else message
    return message if message.endswith((".", "!", "?")) else message + "."
