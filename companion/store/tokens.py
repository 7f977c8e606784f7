"""The join links of a store's games: the table screen's token and each seat's, who has
joined with them, and issuing one anew (the old one revoked)."""

from __future__ import annotations

from typing import Any

from .database import Database
from .files import new_token, now


class Tokens(Database):
    """The tokens of every game (the ``tokens`` table)."""

    def token_info(self, token: str) -> dict[str, Any] | None:
        """The live (not revoked) token's game, role and seat."""
        rows = self._read(
            "SELECT game_id, role, seat FROM tokens WHERE token = ? AND revoked = 0", [token]
        )
        if not rows:
            return None
        row = rows[0]
        return {"game_id": row[0], "role": row[1], "seat": row[2]}

    def seat_tokens(self, game_id: str) -> list[str]:
        return [seat["token"] for seat in self.seats(game_id)]

    def seats(self, game_id: str) -> list[dict[str, Any]]:
        """Each seat's live token: whether a phone has joined with it, and whether it
        replaced a link that a phone had joined with (that phone was signed out)."""
        rows = self._read(
            "SELECT seat, token, joined_at, replaces_joined FROM tokens WHERE game_id = ? "
            "AND role = 'seat' AND revoked = 0 ORDER BY seat",
            [game_id],
        )
        return [
            {"seat": r[0], "token": r[1], "joined": r[2] is not None, "signed_out": bool(r[3])}
            for r in rows
        ]

    def mark_joined(self, token: str) -> bool:
        """Record that a device joined with this seat token; False if one already has."""
        with self.write():
            cur = self.conn.execute(
                "UPDATE tokens SET joined_at = ? WHERE token = ? AND revoked = 0 AND "
                "joined_at IS NULL",
                [now(), token],
            )
            return cur.rowcount == 1

    def host_token(self, game_id: str) -> str:
        with self.lock:
            row = self.conn.execute(
                "SELECT token FROM tokens WHERE game_id = ? AND role = 'host' AND revoked = 0",
                [game_id],
            ).fetchone()
        return str(row[0])

    def reissue_seat(self, game_id: str, seat: int) -> str:
        """Revoke a seat's join link and issue a new one."""
        token = self.id_prefix + new_token()
        with self.write():
            joined = self.conn.execute(
                "SELECT 1 FROM tokens WHERE game_id = ? AND role = 'seat' AND seat = ? AND "
                "revoked = 0 AND joined_at IS NOT NULL",
                [game_id, seat],
            ).fetchone()
            self.conn.execute(
                "UPDATE tokens SET revoked = 1 WHERE game_id = ? AND role = 'seat' AND seat = ?",
                [game_id, seat],
            )
            self.db.table("tokens").insert(
                {
                    "token": token,
                    "game_id": game_id,
                    "role": "seat",
                    "seat": seat,
                    "revoked": 0,
                    "created_at": now(),
                    "replaces_joined": int(joined is not None),
                }
            )
        return token

    def reissue_host(self, game_id: str) -> str:
        """Revoke the table screen's link (every device signed in with it) and issue a
        new one (issue #17: a host link left in a browser's history)."""
        token = self.id_prefix + new_token()
        with self.write():
            self.conn.execute(
                "UPDATE tokens SET revoked = 1 WHERE game_id = ? AND role = 'host'", [game_id]
            )
            self.db.table("tokens").insert(
                {
                    "token": token,
                    "game_id": game_id,
                    "role": "host",
                    "seat": None,
                    "revoked": 0,
                    "created_at": now(),
                }
            )
        return token
