"""The board game's auctions as one viewer may see them: before the reveal, who has bid and
never how much (only the viewer's own sealed bid); after it, every bid with its receipt
checked, and the result in the request's language."""

from __future__ import annotations

from typing import Any

from . import catalogues
from .i18n import current_lang
from .identity import Identity
from .rules.auctions import receipt, settlement
from .rules.messages import Message, render
from .rules.table import Table


def ja_name(key: str) -> str:
    """The Japanese name of an id (a token, a space item, an auction's kind), written
    beside its English ``name`` in the JSON (as markets carry ``ja``) so that a Japanese
    phone reads no English name (issue #21)."""
    return catalogues.name(key, "ja") or key


def auction_view(
    auction: Any, table: Table, viewer: Identity | None, own: tuple[int, str] | None = None
) -> dict[str, Any]:
    """One auction as a viewer may see it: before the reveal, who has bid and never how
    much (only the viewer's own bid, from ``own``)."""
    return _auction_for(_auction_public(auction, table), auction, viewer, own)


#: What a viewer's identity adds to an auction's public view (:func:`_auction_for`).
AUCTION_OWN_KEYS = ("i_am_owner", "can_bid", "can_reveal", "can_choose", "my_bid")


def _auction_for(
    public: dict[str, Any], auction: Any, viewer: Identity | None, own: tuple[int, str] | None
) -> dict[str, Any]:
    """The public view of an auction with what this viewer may do in it (and, before the
    reveal, their own sealed bid: ``own``, never anyone else's)."""
    seat = viewer.seat if viewer is not None else None
    host = viewer is not None and viewer.is_host
    view = dict(public)
    view["i_am_owner"] = seat == auction.owner
    view["can_bid"] = auction.status == "open" and seat in auction.eligible
    view["can_reveal"] = auction.status == "open" and (host or seat == auction.owner)
    view["can_choose"] = auction.status == "revealed" and (host or seat == auction.owner)
    if own is not None and seat is not None and seat in auction.eligible:
        view["my_bid"] = {"amount": own[0], "receipt": own[1]}
    return view


def _auction_public(auction: Any, table: Table) -> dict[str, Any]:
    """What everyone may see of one auction: before the reveal, who has bid and never how
    much; after it, every bid with its receipt checked."""
    names = table.config.players
    view: dict[str, Any] = {
        "id": auction.id,
        "kind": auction.kind,
        "kind_name": catalogues.name(f"auction.{auction.kind}") or auction.kind,
        "kind_ja": ja_name(f"auction.{auction.kind}"),
        "owner": names[auction.owner],
        "status": auction.status,
        "lot": [t.label() for t in auction.lot],
        "lot_ja": [render(t.message(), "ja") for t in auction.lot],
        "lot_codes": [t.code for t in auction.lot],  # the lot named in any language
        "barrels": [{"market": m, "count": n} for m, n in auction.barrels],
        "fee": auction.fee,
        # Sentences: a space between them in English, none after 「。」 in Japanese.
        "note": ("" if current_lang() == "ja" else " ").join(
            render(m, current_lang()) for m in auction.notes
        ),
        "eligible": [names[s] for s in auction.eligible],
        "sealed": [names[s] for s in auction.eligible if s in auction.sealed],
        "missing": [names[s] for s in auction.missing] if auction.status == "open" else [],
    }
    if auction.status != "open":
        receipts = {s: (n, r) for s, n, r in auction.receipts}
        rows = []
        for s, amount in auction.bids:
            nonce, code = receipts.get(s, ("", ""))
            void = s in auction.void
            rows.append(
                {
                    "name": names[s],
                    "amount": amount,
                    "void": void,
                    "receipt": code,
                    "nonce": nonce,
                    "sealed": bool(code),
                    # Checked against the sealed amount (a void bid was sealed, then exceeded
                    # the bidder's Yen, so its receipt is for the original amount).
                    "verified": bool(code)
                    and (void or receipt(auction.id, s, amount, nonce) == code),
                }
            )
        view["bids"] = rows
        view["highest"] = auction.highest
        view["tied"] = [names[s] for s in auction.tied] if auction.status == "revealed" else []
        view["choices"] = (
            [names[s] for s in auction.eligible] if auction.kind == "barter" else view["tied"]
        )
    if auction.status == "settled":
        view["winner"] = None if auction.winner is None else names[auction.winner]
        view["declined"] = auction.declined
        view["result"] = _auction_result(auction, table)
    return view


def _auction_result(auction: Any, table: Table) -> str:
    """The settled auction's result in the request's language."""
    lang = current_lang()
    names = table.config.players
    if auction.winner is None:
        return render(Message("view.auction_declined"), lang)
    w = names[auction.winner]
    amount = auction.bid_of(auction.winner) or 0
    delta, supply = settlement(auction.kind, auction.owner, auction.winner, amount, len(names))
    won = render(Message("view.auction_won", {"winner": w, "amount": amount}), lang)
    moves = [
        Message(
            "view.auction_gain" if d > 0 else "view.auction_loss",
            {"player": names[s], "amount": abs(d)},
        )
        for s, d in enumerate(delta)
        if d
    ]
    if not moves:
        return won
    if supply:
        code = "view.auction_supply_gain" if supply > 0 else "view.auction_supply_loss"
        moved = Message(
            "view.auction_moves_supply",
            {"moves": moves, "supply": Message(code, {"amount": abs(supply)})},
        )
    else:
        moved = Message("view.auction_moves", {"moves": moves})
    return render(Message("view.auction_result", {"won": won, "moved": moved}), lang)
