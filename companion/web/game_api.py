"""The game endpoints of the JSON API (docs/actions.md). Every route identifies the token
first, then parses the body at the edge, then goes through the door."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, jsonify

from ..door import Refused
from ..i18n import current_lang
from ..identity import Identity
from ..rules.checklist import checklist, render_checklist
from ..rules.messages import Message
from ..view_auctions import auction_view
from ..view_history import history_rows
from . import cards_edge, edge, edge_board
from .auctions import seal_bid
from .auth import bearer, join_url
from .context import door, store
from .export import created
from .render import view_for
from .routing import per_game
from .table import snapshot

bp = Blueprint("game_api", __name__, url_prefix="/api/games")


def _answer(game_id: str, handle: Callable[[Identity, Any], tuple[Any, int]]) -> Any:
    """Identity, then the body, then the handler; a refusal is its status and sentence."""
    try:
        who = door().identify(game_id, bearer())
        body, status = handle(who, edge.json_body())
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    return jsonify(body), status


@bp.post("")
def create() -> Any:
    try:
        body = edge.json_body()
        if isinstance(body, dict) and body.get("game") == "tsukiji_market":
            return cards_edge.create_api(body)  # the card game (shared/spec/cards.md)
        if isinstance(body, dict) and body.get("game") == "tokyo_tsukiji_market":
            body = {k: v for k, v in body.items() if k != "game"}
        config = edge_board.config_json(body)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    game_id, host, seats = door().create_game(config)
    return jsonify(created(game_id, host, seats, config)), 201


@bp.get("/<game_id>")
@per_game
def state(game_id: str) -> Any:
    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        state = store().state(game_id)
        view = view_for(game_id, who, state)
        if who.is_host:
            view["checklist"] = render_checklist(checklist(state.config), current_lang())
        return view, 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/actions")
@per_game
def action(game_id: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        a = edge_board.action_json(body)
        event = door().act(game_id, who.token, a.kind, a.args, a.expected, a.correction)
        answer: dict[str, Any] = {"seq": event.seq}
        if event.grp:
            # The auctions this action triggered, in the order they run (flows.md).
            table = store().state(game_id).table
            prefix = f"{event.grp}."
            ids = [aid for aid in table.auctions if aid.startswith(prefix)]
            ids += [q.id for q in table.queued_auctions if q.id.startswith(prefix)]
            ids = sorted(set(ids), key=lambda x: int(x.rsplit(".", 1)[1]))
            if ids:
                answer["auctions"] = ids
        return answer, 201

    return _answer(game_id, handle)


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        to_seq, expected = edge.undo_json(body)
        event = door().undo(game_id, who.token, to_seq, expected)
        return {"seq": event.seq, "undone": event.data["targets"]}, 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/redo")
def redo(game_id: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        event = door().redo(game_id, who.token, edge.redo_json(body))
        return {"seq": event.seq, "redone": event.data["targets"]}, 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/seats/<int:seat_no>/reissue")
def reissue(game_id: str, seat_no: int) -> Any:
    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        token = door().reissue(game_id, who.token, seat_no)
        return {"seat": seat_no, "token": token, "join_url": join_url(token)}, 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/host/reissue")
def reissue_host(game_id: str) -> Any:
    """The host's link issued anew; the old token (and every device signed in with it)
    stops working at once."""

    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        token = door().reissue_host(game_id, who.token)
        return {"host_token": token, "join_url": join_url(token)}, 200

    return _answer(game_id, handle)


@bp.get("/<game_id>/snapshot")
def snapshot_api(game_id: str) -> Any:
    return snapshot(game_id, bearer())


@bp.get("/<game_id>/events")
@per_game
def events(game_id: str) -> Any:
    """The history as this token may see it (undone entries included, marked)."""

    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        state = store().state(game_id)
        return {"seq": state.version, "events": history_rows(state, who, limit=None)}, 200

    return _answer(game_id, handle)


# -- auctions -------------------------------------------------------------------------------


@bp.post("/<game_id>/auctions")
def open_auction(game_id: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        lot, expected = edge_board.auction_json(body)
        event = door().server_move(game_id, who.token, "open_auction", lot, expected)
        return {"auction_id": event.data["id"], "seq": event.seq}, 201

    return _answer(game_id, handle)


@bp.post("/<game_id>/auctions/<aid>/bids")
def bid(game_id: str, aid: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        event, code, amount = seal_bid(game_id, who, aid, edge_board.bid_json(body))
        return {
            "sealed": True,
            "amount": amount,
            "receipt": code,
            "seq": event.seq,
            "revealed": event.type == "auction_reveal",
        }, 201

    return _answer(game_id, handle)


@bp.get("/<game_id>/auctions/<aid>")
def auction(game_id: str, aid: str) -> Any:
    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        state = store().state(game_id)
        found = state.table.auctions.get(aid)
        if found is None:
            raise Refused(404, Message("door.no_auction"))
        own = store().own_bids(game_id, who.seat).get(aid) if who.seat is not None else None
        return auction_view(found, state.table, who, own), 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/auctions/<aid>/reveal")
def reveal(game_id: str, aid: str) -> Any:
    def handle(who: Identity, _body: Any) -> tuple[Any, int]:
        return {"seq": door().reveal_now(game_id, who.token, "bids", aid).seq}, 200

    return _answer(game_id, handle)


@bp.post("/<game_id>/auctions/<aid>/choose")
def choose(game_id: str, aid: str) -> Any:
    def handle(who: Identity, body: Any) -> tuple[Any, int]:
        body = {"auction": aid, "winner": edge_board.winner_json(body)}
        return {"seq": door().server_move(game_id, who.token, "choose", body).seq}, 200

    return _answer(game_id, handle)
