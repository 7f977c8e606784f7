"""The WA-SA-BI finger bids as the engine runs them (an engine Secret): each seat seals
its fingers for the round; the log records only that the seat has bid; when both have
bid, the reveal is appended in the same write, in one undo group with the round's bids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Entry, Message, Opened, Sealing, Secret, Turned
from .catalogue import FINGERS
from .pieces import Points
from .state import State


@dataclass(frozen=True, kw_only=True)
class FingerBid:
    """What a seat seals for the round (its body at the edge, ``{"fingers": 3}``): a
    number, which :meth:`FingerBids.seal` checks is 1 to 4 fingers in the game's words
    (``cards.fingers``), for the edge and for a caller that skipped it alike. The fingers
    are no argument of a logged move (``bid`` names only the bidder)."""

    fingers: Points


def round_key(table: State) -> str:
    """The key the current round's bids are sealed under."""
    return f"r{table.rounds + 1}"


class FingerBids:
    """A seat's sealed bid of fingers this round."""

    absent = Message("cards.no_finger_bids")

    def seal(
        self, table: State, config: Any, seat: int | None, key: str | None, value: object
    ) -> Sealing:
        if seat is None:
            raise Turned(403, Message("cards.only_own_bid"))
        if not isinstance(value, int) or isinstance(value, bool) or value not in FINGERS:
            raise Turned(400, Message("cards.fingers"), "fingers")
        name = table.players[seat]
        key = round_key(table)
        return Sealing(key, value, "bid", {"player": name}, name, key, seat in table.bid_by)

    def seats(self, table: State, key: str) -> tuple[int, ...] | None:
        everyone = tuple(range(len(table.players)))
        return everyone if table.bid_by >= set(everyone) else None

    def may_reveal(self, table: State, seat: int | None, key: str) -> tuple[int, ...]:
        # The round's bids open only when both are in (no one reveals a round early).
        raise Turned(403, Message("cards.only_server"))

    def reveal(self, table: State, config: Any, key: str, opened: Opened, seq: int) -> Entry:
        fingers = {table.players[s]: v for s, v in opened.values.items()}
        return Entry("reveal", {"fingers": fingers, "receipts": opened.receipts}, key)


SECRETS: dict[str, Secret] = {"fingers": FingerBids()}
