"""The one exception the rules core raises for input that breaks a rule."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action or input the rules do not allow.

    ``str(error)`` is one sentence a player can read; ``field`` names the offending input
    (``players[1].fish.eel``, ``amount``) when there is one.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message
