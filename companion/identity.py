"""Who is asking: the host (the table screen) or one seat, of one game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Identity:
    game_id: str
    role: str  # "host" or "seat"
    seat: int | None = None
    #: The token it signed in with (streams re-check it on every wake-up).
    token: str = ""

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def viewer(self) -> str:
        """Key for presence and per-viewer rendering: "host" or the seat number."""
        return "host" if self.is_host else str(self.seat)
