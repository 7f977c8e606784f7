"""What a store keeps beside the log: the sealed values (a seat's sealed bid, kept with
the link that sealed it, read back only by that link or the reveal), and the numbers a
host enters once for this server's next games."""

from __future__ import annotations

from .database import Database
from .files import now


class Kept(Database):
    """The sealed values (the ``bids`` table) and the remembered numbers (m005)."""

    def put_bid(
        self,
        game_id: str,
        auction_id: str,
        seat: int,
        amount: int,
        nonce: str,
        receipt: str,
        token: str | None = None,
    ) -> None:
        """Store (or replace) a sealed bid, sealed with the seat's link ``token``; call
        inside :meth:`write`. Plain SQL, as for the events: sqlite-utils' upsert reads the
        table's schema first."""
        self.conn.execute(
            "INSERT INTO bids (game_id, auction_id, seat, amount, nonce, receipt, updated_at, "
            "token) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, auction_id, seat) DO "
            "UPDATE SET amount = excluded.amount, nonce = excluded.nonce, receipt = "
            "excluded.receipt, updated_at = excluded.updated_at, token = excluded.token",
            [game_id, auction_id, seat, amount, nonce, receipt, now(), token],
        )

    def bids(self, game_id: str, auction_id: str) -> dict[int, tuple[int, str, str]]:
        """Every sealed bid of an auction: seat → (amount, nonce, receipt). Only the reveal
        may call this for anyone but the bidder."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT seat, amount, nonce, receipt FROM bids WHERE game_id = ? AND "
                "auction_id = ?",
                [game_id, auction_id],
            ).fetchall()
        return {int(r[0]): (int(r[1]), str(r[2]), str(r[3])) for r in rows}

    def own_bids(self, game_id: str, seat: int) -> dict[str, tuple[int, str]]:
        """One seat's own bids: auction id → (amount, receipt), those sealed with the
        seat's live link only (issue #17). A link issued anew does not read a bid sealed
        with the one it replaced: that bid stays in force, and counts at the reveal, but
        whoever scanned the new code cannot learn its amount (they may seal a new one)."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT b.auction_id, b.amount, b.receipt FROM bids b JOIN tokens t ON "
                "t.token = b.token AND t.game_id = b.game_id AND t.role = 'seat' AND "
                "t.seat = b.seat AND t.revoked = 0 WHERE b.game_id = ? AND b.seat = ?",
                [game_id, seat],
            ).fetchall()
        return {str(r[0]): (int(r[1]), str(r[2])) for r in rows}

    # -- numbers remembered by the server (m005) ------------------------------------------
    # A game's printed numbers a host enters once for this server's next games (not kept
    # per game): the game names what they are, the store keeps them as rows of (part,
    # figure, player count, value).
    def remembered_numbers(self, players: int) -> dict[str, dict[str, int]]:
        """The numbers remembered for games of this many players, with those of every
        count (kept under 0): part → figure → value."""
        with self.lock:
            rows = self.conn.execute(
                "SELECT market, figure, value FROM board_numbers WHERE players IN (0, ?) "
                "ORDER BY market, figure",
                [players],
            ).fetchall()
        out: dict[str, dict[str, int]] = {}
        for market, figure, value in rows:
            out.setdefault(str(market), {})[str(figure)] = int(value)
        return out

    def remember_numbers(self, rows: list[tuple[str, str, int, int | None]]) -> None:
        """Keep (or, for None, forget) numbers as (part, figure, player count, value).
        Only what changes is written, so ``updated_at`` says when a host last changed a
        number, and a game that changes none costs no extra write."""
        with self.lock:
            current = {
                (str(r[0]), str(r[1]), int(r[2])): int(r[3])
                for r in self.conn.execute(
                    "SELECT market, figure, players, value FROM board_numbers"
                ).fetchall()
            }
        changes = [row for row in rows if current.get(row[:3]) != row[3]]
        if not changes:
            return
        with self.write():
            for market, figure, players, value in changes:
                if value is None:
                    self.conn.execute(
                        "DELETE FROM board_numbers WHERE market = ? AND figure = ? AND players = ?",
                        [market, figure, players],
                    )
                else:
                    self.db.table("board_numbers").upsert(
                        {
                            "market": market,
                            "figure": figure,
                            "players": players,
                            "value": value,
                            "updated_at": now(),
                        },
                        pk=("market", "figure", "players"),
                    )
