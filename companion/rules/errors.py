"""The one exception the rules core raises for input that breaks a rule."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action or input the rules do not allow.

    ``str(error)`` is one sentence a player can read; ``field`` names the offending input
    (``players[1].fish.eel``, ``amount``) when there is one.
    """

    def __init__(self, message: str, field: str | None = None, *,
                 private_to: int | None = None, public_message: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        #: With closed money, ``message`` may name a player's Yen: only that seat (index
        #: ``private_to``) reads it; everyone else gets ``public_message``.
        self.private_to = private_to
        self.public_message = public_message

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message
