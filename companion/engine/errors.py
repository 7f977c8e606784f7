"""The one exception a game raises for a move or input that breaks a rule."""

from __future__ import annotations

from .messages import Message, clause, render


def is_clause(said: Message | str) -> bool:
    """Whether a message is a clause that a sentence starts with its field's name ("must
    be a whole number", "is not at this table"), as the door and the edges word it: for a
    :class:`Message`, as its catalogue entry says (``msgctxt "clause"``, any language);
    for a plain English string from code that has no message code, by its first word.

    >>> is_clause("must be a whole number"), is_clause("Bo holds no Freezer.")
    (True, False)
    """
    if isinstance(said, Message):
        return clause(said.code)
    return said.startswith(("must ", "is "))


class IllegalAction(ValueError):
    """An action or input the rules do not allow.

    ``str(error)`` is one sentence a player can read; ``field`` names the offending input
    (``players[1].fish.eel``, ``amount``) when there is one.

    The sentence is either a plain string (older code) or a :class:`Message` (a code with
    values, rendered in any language at the edge); ``message`` is always the English text,
    ``code_message`` the Message when there is one.

    >>> e = IllegalAction(Message("no_freezer", {"player": "Bo"}), "freezer")
    >>> e.code_message.code, e.field
    ('no_freezer', 'freezer')
    """

    def __init__(
        self,
        message: str | Message,
        field: str | None = None,
        *,
        private_to: int | None = None,
        public_message: str | Message | None = None,
    ) -> None:
        self.code_message = message if isinstance(message, Message) else None
        text = render(message) if isinstance(message, Message) else message
        super().__init__(text)
        self.message = text
        self.field = field
        #: With closed money, ``message`` may name a player's Yen: only that seat (index
        #: ``private_to``) reads it; everyone else gets ``public_message``.
        self.private_to = private_to
        self.public_code_message = public_message if isinstance(public_message, Message) else None
        self.public_message = (
            render(public_message) if isinstance(public_message, Message) else public_message
        )

    def render(self, lang: str = "en", *, private: bool = True) -> str:
        """The sentence in ``lang``; ``private`` False gives the public wording (closed
        money) when there is one."""
        msg = self.code_message
        if not private and self.public_message is not None:
            if self.public_code_message is not None:
                return render(self.public_code_message, lang)
            return self.public_message
        return render(msg, lang) if msg is not None else self.message

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class Turned(Exception):
    """A request a game turns away before its rules run: not this seat's to make (403),
    nothing of that id here (404), a state that no longer takes it (409), a malformed value
    (400). The door answers ``status`` with ``message``, naming ``field``."""

    def __init__(self, status: int, message: Message, field: str | None = None) -> None:
        super().__init__(message.code)
        self.status = status
        self.message = message
        self.field = field
