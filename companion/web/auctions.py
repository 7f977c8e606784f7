"""Sealed-bid auctions from the pages: open, bid, reveal, choose (the JSON endpoints are in
``game_api``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..eventlog import Event
from ..i18n import msg
from ..identity import Identity
from ..rules.messages import Message
from . import edge_board
from .context import door
from .forms import form_change, form_role

bp = Blueprint("auctions", __name__)


@bp.post("/games/<game_id>/auctions")
def open_form(game_id: str) -> Any:
    def change(who: Identity) -> Any:
        body, expected = edge_board.auction_form()
        return door().server_move(game_id, who.token, "open_auction", body, expected)

    return form_change(
        game_id,
        form_role(),
        change,
        lambda _event, _who: msg(Message("flash.auction_opened")),
    )


def seal_bid(game_id: str, who: Identity, aid: str, amount: Any) -> tuple[Event, str, Any]:
    """Seal (or change) the seat's own bid on auction ``aid``: the event, the receipt and
    the amount, for the bidder alone."""
    event, code, _changed = door().seal(game_id, who.token, "bids", aid, amount)
    return event, code, amount


def _sealed_message(result: tuple[Any, str, int], _who: Identity) -> str:
    event, code, amount = result
    if event.type == "auction_reveal":
        return msg(Message("flash.bid_last", {"amount": amount, "receipt": code}))
    return msg(Message("flash.bid_sealed", {"amount": amount, "receipt": code}))


@bp.post("/games/<game_id>/auctions/<aid>/bid")
def bid_form(game_id: str, aid: str) -> Any:
    return form_change(
        game_id,
        "seat",
        lambda who: seal_bid(game_id, who, aid, edge_board.bid_form()),
        _sealed_message,
    )


@bp.post("/games/<game_id>/auctions/<aid>/reveal")
def reveal_form(game_id: str, aid: str) -> Any:
    return form_change(
        game_id,
        form_role(),
        lambda who: door().reveal_now(game_id, who.token, "bids", aid),
        lambda _event, _who: msg(Message("flash.bids_revealed")),
    )


@bp.post("/games/<game_id>/auctions/<aid>/choose")
def choose_form(game_id: str, aid: str) -> Any:
    return form_change(
        game_id,
        form_role(),
        lambda who: door().server_move(
            game_id, who.token, "choose", {"auction": aid, "winner": edge_board.winner_form()}
        ),
        lambda _event, _who: msg(Message("flash.settled")),
    )
