"""The board game's sealed-bid auctions as the engine runs them: the bids a seat seals
(``AuctionBids``, an engine Secret keyed by the auction's id), and the two moves the
server records from a request, opening an auction and the owner's choice (engine
ServerMoves). The door runs them without naming an auction (companion/engine/game.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from ..engine import Entry, Message, Opened, Sealing, Secret, ServerMove, Turned
from ..engine.args import Limit
from . import draws
from .args import MAX_YEN
from .auctions import Auction
from .setup import GameConfig
from .table import Table


@dataclass(frozen=True, kw_only=True)
class SealedBid:
    """What a seat seals on an auction (its body at the edge, ``{"amount": 800}``): Yen
    in ¥100 steps. The amount is no argument of a logged move (``bid_sealed`` names only
    the bidder), so :meth:`AuctionBids.seal` checks it again, in the door's sentences,
    for a caller that skipped the edge."""

    amount: Annotated[int, Limit(ge=0, le=MAX_YEN, multiple_of=100)]


def _auction(table: Table, auction_id: str) -> Auction:
    auction: Auction | None = table.auctions.get(auction_id)
    if auction is None:
        raise Turned(404, Message("door.no_auction"))
    return auction


def _owned(table: Table, seat: int | None, auction_id: str, what: str) -> Auction:
    """The auction, if ``seat`` (None: the host) is its owner or the host."""
    auction = _auction(table, auction_id)
    if seat is not None and seat != auction.owner:
        raise Turned(403, Message("door.owner_or_host", {"what": Message(what)}))
    return auction


def _actor(config: GameConfig, seat: int | None) -> str:
    return "host" if seat is None else str(config.players[seat])


class AuctionBids:
    """A seat's sealed bid in Yen on an open auction it may bid in."""

    absent = Message("cards.no_auctions")

    def seal(
        self, table: Table, config: GameConfig, seat: int | None, key: str | None, value: object
    ) -> Sealing:
        if seat is None:
            raise Turned(403, Message("door.bid_player"))
        if not isinstance(value, int) or isinstance(value, bool):
            raise Turned(400, Message("door.bid_whole"), "amount")
        if value < 0:
            raise Turned(400, Message("door.bid_negative"), "amount")
        if value % 100:
            raise Turned(400, Message("door.bid_step"), "amount")
        auction = _auction(table, str(key))
        if auction.status != "open":
            raise Turned(409, Message("door.bids_revealed"), "amount")
        if seat not in auction.eligible:
            raise Turned(403, Message("door.not_bidder"))
        have = table.players[seat].yen
        if value > have:
            raise Turned(400, Message("door.bid_over", {"have": have}), "amount")
        name = str(config.players[seat])
        data = {"auction": auction.id, "player": name}
        return Sealing(auction.id, value, "bid_sealed", data, name, draws.group_of(auction.id))

    def seats(self, table: Table, key: str) -> tuple[int, ...] | None:
        auction = table.auctions[key]
        return None if auction.missing else tuple(auction.eligible)

    def may_reveal(self, table: Table, seat: int | None, key: str) -> tuple[int, ...]:
        auction = _owned(table, seat, key, "door.to_reveal")
        if auction.status != "open":
            raise Turned(409, Message("door.revealed_already"))
        return tuple(auction.eligible)

    def reveal(self, table: Table, config: GameConfig, key: str, opened: Opened, seq: int) -> Entry:
        auction = table.auctions[key]
        bids = {str(s): v for s, v in opened.values.items()}
        data: dict[str, Any] = {"auction": key, "bids": bids, "receipts": opened.receipts}
        if auction.kind == "overseas":
            data.update(draws.settle_draws(table, auction, draws.rng(config.seed, seq)))
        return Entry("auction_reveal", data, draws.group_of(key))


class OpenAuction:
    """A sealed-bid auction opened on its own: the bag draws are made here (seeded by the
    game's seed and the entry number, recorded in the log) unless the table drew by hand."""

    absent = Message("cards.no_auctions")

    def check(self, body: object) -> None:
        if not isinstance(body, dict):
            raise Turned(400, Message("door.auction_shape"))

    def entry(
        self, table: Table, config: GameConfig, seat: int | None, body: object, seq: int
    ) -> Entry:
        assert isinstance(body, dict)
        aid = f"a{seq}"
        data: dict[str, Any] = {"id": aid, "kind": body.get("kind"), "owner": body.get("owner")}
        if seat is not None and data["owner"] != config.players[seat]:
            # The owner pays the fee and sells the lot: their own holdings.
            raise Turned(403, Message("door.auction_own"))
        data.update(draws.auction_inputs(table, body, draws.rng(config.seed, seq)))
        return Entry("auction_open", data, aid)


class ChooseWinner:
    """The owner settles a tie (or, at Barter, accepts one offer or declines all):
    ``body`` is ``{"auction": id, "winner": name or None}``."""

    absent = Message("cards.no_auctions")

    def check(self, body: object) -> None:
        return None

    def entry(
        self, table: Table, config: GameConfig, seat: int | None, body: object, seq: int
    ) -> Entry:
        assert isinstance(body, dict)
        aid, winner = str(body["auction"]), body.get("winner")
        auction = _owned(table, seat, aid, "door.to_settle")
        if auction.status != "revealed":
            raise Turned(409, Message("door.nothing_to_choose"))
        data = {"auction": aid, "winner": winner or None, "chooser": _actor(config, seat)}
        if auction.kind == "overseas" and winner:
            data.update(draws.settle_draws(table, auction, draws.rng(config.seed, seq)))
        return Entry("auction_choose", data, draws.group_of(aid))


SECRETS: dict[str, Secret] = {"bids": AuctionBids()}
SERVER_MOVES: dict[str, ServerMove] = {"open_auction": OpenAuction(), "choose": ChooseWinner()}
