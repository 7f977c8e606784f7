"""The auctions' moves (shared/rules/auctions.md), internal: only the auction endpoints
append them — ``auction_open``, ``bid_sealed``, ``auction_reveal``, ``auction_choose``
(rules/moves.py registers them) — and the queued docking auctions opened in turn.

The table only ever holds what is public: who has sealed a bid, never how much. Amounts
enter the table at the reveal, all at once.

Each move's arguments are a frozen dataclass beside it (issue #18 step 8: ``OpenAuction``,
``SealBid``, ``Reveal``, ``Choose``), read from the logged entry by the fold
(``rules/moves.py`` ``apply``, ``args.read_args``) like every other move's; the fields the
server writes (an auction's id, its draws, the receipts) are ``engine.args.SERVER``, so
the one field a client sends (a tie's ``winner``) makes the edge's model
(``web/arg_models.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine.args import SERVER
from .args import Name
from .auctions import (
    KINDS,
    OVERSEAS_CONVERSIONS,
    OWNER_BIDS,
    Auction,
    Token,
    add_token,
    auction_market_fee,
    lot_shortfall,
    lot_worth,
    settlement,
    swordfish_after_auction,
)
from .catalogue import OVERSEAS_ENTRY
from .errors import IllegalAction
from .messages import Message
from .resources import clamp_track
from .table import QueuedAuction, Table
from .tokens import auto_overfish, bag_known, spec_for, take_from_market


@dataclass(frozen=True, kw_only=True)
class OpenAuction:
    """``auction_open``: the auction ``id`` the server gives it, its ``kind``, its
    ``owner`` (the seller, or the player whose Fishing action docked it) and, per kind,
    ``drawn`` (the docking token's code; Overseas: the tokens drawn for its conversions),
    ``draw`` (how the docking token was drawn: "random" or "by hand", for the story),
    ``lot`` (the seller's token codes), ``barrels`` (Overseas: barrels by market) and
    ``paid`` (an Overseas lot docked in a Fishing action paid its ¥100 with it). The rules
    say their own sentence for a kind, lot or barrels they do not take."""

    id: str
    kind: str
    owner: str
    drawn: str | tuple[str, ...] | None = None
    draw: str | None = None
    lot: tuple[str, ...] | None = None
    barrels: dict[str, int] | None = None
    paid: bool = False


@dataclass(frozen=True, kw_only=True)
class SealBid:
    """``bid_sealed``: ``player`` has sealed (or changed) a bid on ``auction``; never how
    much (the amount stays sealed until the reveal)."""

    auction: str
    player: str


@dataclass(frozen=True, kw_only=True)
class Reveal:
    """``auction_reveal``: every bid at once, by seat (``{"1": 800}``; a missing bid is
    ¥0), the ``[seat, nonce, receipt]`` that prove them, and an Overseas lot's clam and
    oyster ``draws`` when the reveal settles it."""

    auction: str
    bids: dict[str, int] = field(default_factory=dict)
    receipts: tuple[tuple[int | str, ...], ...] = ()
    draws: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Choose:
    """``auction_choose``: the owner's (or the table's) pick among the tied; at Barter
    any one offer, or none (``winner`` None or empty: every offer declined). The server
    adds the auction, who chose (for the history) and an Overseas lot's draws."""

    auction: str = field(metadata=SERVER)
    #: A name, or None (at Barter: decline every offer).
    winner: Name | None
    chooser: str | None = field(default=None, metadata=SERVER)
    draws: tuple[str, ...] = field(default=(), metadata=SERVER)


def _auction(t: Table, aid: str) -> Auction:
    auction: Auction | None = t.auctions.get(aid)
    if auction is None:
        raise IllegalAction(Message("au.no_auction", {}), "auction")
    return auction


def _with_auction(t: Table, auction: Auction) -> Table:
    return replace(t, auctions={**t.auctions, auction.id: auction})


def opening(queued: QueuedAuction, owner: str) -> OpenAuction:
    """The arguments that open a docking auction a Fishing action queued."""
    if queued.kind == "overseas":
        return OpenAuction(
            id=queued.id,
            kind=queued.kind,
            owner=owner,
            barrels=dict(queued.barrels),
            drawn=queued.codes,
            paid=queued.paid,
        )
    return OpenAuction(id=queued.id, kind=queued.kind, owner=owner, drawn=queued.drawn)


def open_auction(t: Table, a: OpenAuction) -> Table:
    """Open an auction (see :class:`OpenAuction`)."""
    kind = a.kind
    if kind not in KINDS:
        raise IllegalAction(Message("au.kind", {"kinds": ", ".join(KINDS)}), "kind")
    if any(x.status != "settled" for x in t.auctions.values()):
        raise IllegalAction(Message("au.another_open", {}), "kind")
    owner = t.index(a.owner, "owner")
    n = len(t.players)
    eligible = tuple(range(n)) if kind in OWNER_BIDS else tuple(s for s in range(n) if s != owner)
    aid = a.id
    cfg = t.config
    lot: list[Token] = []
    fee = 0
    barrels: dict[str, int] = {}
    notes: list[Message] = []

    if kind in ("spider_crab", "tuna", "swordfish"):
        if kind not in cfg.fish_markets:
            raise IllegalAction(Message("bk.not_in_play", {"market": kind}), "kind")
        token = Token.parse(a.drawn if isinstance(a.drawn, str) and a.drawn else kind)
        if token.key != kind:
            raise IllegalAction(
                Message("au.sells", {"kind": f"auction.{kind}", "fish": kind}), "drawn"
            )
        t = take_from_market(t, spec_for(token))
        lot = [token]
    elif kind in ("auction_market", "barter"):
        market = "auction" if kind == "auction_market" else "barter"
        if market not in cfg.external_markets:
            raise IllegalAction(Message("au.market_not_in_play", {"market": market}), "kind")
        if not a.lot:
            raise IllegalAction(Message("au.name_lot", {}), "lot")
        lot = [Token.parse(c) for c in a.lot]
        seller = t.players[owner]
        fish = seller.fish
        for tok in lot:
            fish = add_token(fish, tok, -1)
        if kind == "auction_market":
            fee = auction_market_fee(lot_worth(tuple(lot), t, owner))
            if fee > seller.yen:
                raise IllegalAction(Message("au.fee", {"player": seller.name, "fee": fee}), "lot")
        t = t.with_player(owner, fish=fish, yen=seller.yen - fee)
    else:  # overseas
        if "overseas" not in cfg.external_markets:
            raise IllegalAction(Message("au.market_not_in_play", {"market": "overseas"}), "kind")
        if not a.barrels:
            raise IllegalAction(Message("au.list_barrels", {}), "barrels")
        for market, count in a.barrels.items():
            if market not in cfg.fish_markets:
                raise IllegalAction(Message("au.not_a_market", {"name": repr(market)}), "barrels")
            if count < 0:
                raise IllegalAction(Message("au.barrel_counts", {}), "barrels")
            if count:
                barrels[market] = count
        if not barrels:
            raise IllegalAction(Message("au.no_barrels", {}), "barrels")
        if barrels.get("clams_oysters") and not bag_known(t, "clams_oysters"):
            # The winner draws a clam or oyster per barrel from a bag nobody counted (AMB-40).
            raise IllegalAction(Message("au.co_unknown", {}), "barrels")
        seller = t.players[owner]
        if not a.paid:
            # Docked in a Fishing action, the group's ¥100 was paid with it (fishing_boats).
            if seller.yen < OVERSEAS_ENTRY:
                raise IllegalAction(
                    Message("au.entry", {"player": seller.name, "fee": OVERSEAS_ENTRY}), "owner"
                )
            t = t.with_player(owner, yen=seller.yen - OVERSEAS_ENTRY)
        fee = OVERSEAS_ENTRY
        codes = (a.drawn,) if isinstance(a.drawn, str) else a.drawn or ()
        drawn = [Token.parse(c) for c in codes]
        leftovers = []
        short = lot_shortfall(t, barrels)
        for fish_key, per in OVERSEAS_CONVERSIONS.items():
            have = barrels.pop(fish_key, 0)
            tokens = [d for d in drawn if d.key == fish_key]
            count = (have - short.get(fish_key, 0)) // per
            if len(tokens) != count:
                raise IllegalAction(
                    Message("au.convert", {"have": have, "fish": fish_key, "count": count}),
                    "drawn",
                )
            for tok in tokens:
                t = take_from_market(t, spec_for(tok))
            lot += tokens
            if have % per:
                leftovers.append(Message("au.back_one", {"count": have % per, "fish": fish_key}))
        if "eel" in barrels:  # the marker moves before bidding (AMB-49)
            t = replace(t, values=replace(t.values, eel=clamp_track(t.values.eel + barrels["eel"])))
        barrels = {m: n - short.get(m, 0) for m, n in barrels.items() if n > short.get(m, 0)}
        if leftovers:
            notes.append(Message("au.back", {"barrels": leftovers}))
        if short:
            none = [Message("au.back_one", {"count": n, "fish": m}) for m, n in short.items()]
            notes.append(Message("au.short", {"barrels": none}))
    auction = Auction(
        id=aid,
        kind=kind,
        owner=owner,
        eligible=eligible,
        lot=tuple(lot),
        barrels=tuple(sorted(barrels.items())),
        fee=fee,
        notes=tuple(notes),
    )
    return _with_auction(t, auction)


def seal(t: Table, a: SealBid) -> Table:
    """A seat has sealed (or changed) its bid; the amount is not part of the table."""
    auction = _auction(t, a.auction)
    seat = t.index(a.player)
    if auction.status != "open":
        raise IllegalAction(Message("au.revealed_no_change", {}), "amount")
    if seat not in auction.eligible:
        raise IllegalAction(Message("au.not_bidder", {"player": t.players[seat].name}), "player")
    return _with_auction(t, replace(auction, sealed=auction.sealed | {seat}))


def reveal(t: Table, a: Reveal) -> Table:
    """Every bid at once. ``a.bids``: {seat: amount}; a missing bid is ¥0. A bid above
    the bidder's Yen at this moment is void and counts as ¥0."""
    auction = _auction(t, a.auction)
    if auction.status != "open":
        raise IllegalAction(Message("au.revealed_already", {}), "auction")
    bids = []
    void = []
    for seat in auction.eligible:
        amount = a.bids.get(str(seat), 0)
        if amount > t.players[seat].yen:
            void.append(seat)
            amount = 0
        bids.append((seat, amount))
    receipts = tuple((int(s), str(n), str(r)) for s, n, r in a.receipts)
    auction = replace(
        auction, status="revealed", bids=tuple(bids), receipts=receipts, void=tuple(void)
    )
    if len(auction.tied) == 1 and auction.kind != "barter":
        return _settle(t, auction, auction.tied[0], a.draws)
    return _with_auction(t, auction)


def choose(t: Table, a: Choose) -> Table:
    """The owner picks the winner among the tied (or, at Barter, accepts any one offer or
    declines all: ``winner`` None)."""
    auction = _auction(t, a.auction)
    if auction.status != "revealed":
        raise IllegalAction(Message("au.nothing_to_choose", {}), "winner")
    pick = a.winner
    if auction.kind == "barter":
        if not pick:
            # Declined: nothing moves, so the lot goes back to the seller.
            fish = t.players[auction.owner].fish
            for tok in auction.lot:
                fish = add_token(fish, tok, 1)
            t = t.with_player(auction.owner, fish=fish)
            return _with_auction(t, replace(auction, status="settled", declined=True))
        seat = t.index(pick, "winner")
        if seat not in auction.eligible:
            raise IllegalAction(Message("au.accept_offer", {}), "winner")
    else:
        seat = t.index(pick, "winner")
        if seat not in auction.tied:
            names = [t.players[s].name for s in auction.tied]
            raise IllegalAction(Message("au.choose_tied", {"names": names}), "winner")
    return _settle(t, auction, seat, a.draws)


def _settle(t: Table, auction: Auction, winner: int, codes: tuple[str, ...]) -> Table:
    """The winner takes the lot (Overseas: a token per barrel left, ``codes`` the clams
    and oysters drawn for its Clams & Oysters barrels) and the Yen moves."""
    amount = auction.bid_of(winner) or 0
    delta, _supply = settlement(auction.kind, auction.owner, winner, amount, len(t.players))
    for seat, d in enumerate(delta):
        if d:
            t = t.with_player(seat, yen=t.players[seat].yen + d)
    tokens = list(auction.lot)
    for market, count in auction.barrels:  # Overseas: one token per remaining barrel
        if market == "clams_oysters":
            draws = [Token.parse(c) for c in codes]
            if len(draws) != count:
                raise IllegalAction(Message("au.draws", {}), "draws")
            for tok in draws:
                t = take_from_market(t, spec_for(tok))
            tokens += draws
            continue
        key = market if market != "octopus" else "octopus"
        for _ in range(count):
            tok = Token(key, side="fresh" if key == "salmon" else None)
            t = take_from_market(t, spec_for(tok))
            tokens.append(tok)
    fish = t.players[winner].fish
    for tok in tokens:
        fish = add_token(fish, tok, 1)
    t = t.with_player(winner, fish=fish)
    if auction.kind == "swordfish" or (
        auction.kind == "overseas" and any(x.key == "swordfish" for x in auction.lot)
    ):
        sw = swordfish_after_auction(t.values.swordfish, auction.highest)
        t = replace(t, values=replace(t.values, swordfish=sw))
    # Overseas takes tokens from the markets here, at the reveal or at the owner's choice
    # alike: a board left empty is Overfished (AMB-21) either way.
    t = auto_overfish(t)
    t = _with_auction(t, replace(auction, status="settled", winner=winner))
    return open_queued(t)


def open_queued(t: Table) -> Table:
    """The next docking auction a Fishing action triggered opens — and draws its token —
    when the one before it settles, so its bid limits see that settlement (flows.md)."""
    if not t.queued_auctions:
        return t
    nxt, rest = t.queued_auctions[0], t.queued_auctions[1:]
    t = replace(t, queued_auctions=rest)
    t = open_auction(t, opening(nxt, t.players[nxt.owner].name))
    return auto_overfish(t)
