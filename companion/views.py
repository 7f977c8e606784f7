"""Per-viewer views of a game: the only thing templates, JSON and the live stream see.

Whatever is secret for a viewer (another player's Yen with closed money; later, sealed
bids) is left out here, so no page, fragment, JSON body or stream event can carry it.
"""

from __future__ import annotations

from typing import Any

from .engine import Seen
from .eventlog import GameState
from .i18n import current_lang
from .identity import Identity
from .rules.table import Table
from .view_auctions import _auction_for
from .view_history import HISTORY_IN_VIEW, PHONE_HISTORY, history_rows
from .view_public import _check_text, _make_shared, _Shared


def public_view(state: GameState, connected: set[str] | None = None) -> dict[str, Any]:
    """What anyone at the table may see of a game: the view of nobody in particular
    (``game_view(state, None, connected)``), made once per state and shared by every
    viewer's view of it. Read it, never change it."""
    return _shared(state, connected).view


def _shared(state: GameState, connected: set[str] | None) -> _Shared:
    devices = frozenset(connected or ())
    # A state never changes: what is made from it is kept on it (as its history lines),
    # once per language (its history lines, end check and auction result are sentences).
    key = (devices, current_lang())
    cache: dict[tuple[frozenset[str], str], _Shared] = state.__dict__.setdefault(
        "_shared_views", {}
    )
    found = cache.get(key)
    if found is None:
        found = cache.setdefault(key, _make_shared(state, devices))
    return found


def game_view(
    state: GameState,
    viewer: Identity | None,
    connected: set[str] | None = None,
    own_bids: dict[str, tuple[int, str]] | None = None,
) -> dict[str, Any]:
    """Everything one viewer may see of a game, as plain data. ``own_bids`` are the
    viewer's own sealed bids (auction id → amount, receipt), and nobody else's.

    The public view of the state (made once, :func:`public_view`) with what this viewer
    adds: their own Yen with closed money, their own sealed bids, what they may do in an
    auction, their history lines, their if-ended-now figures. Parts that do not differ
    between viewers are shared between their views: read a view, never change it below
    its top level."""
    shared = _shared(state, connected)
    table = state.table
    cfg = table.config
    turn = table.turn
    view = dict(shared.view)
    seat = viewer.seat if viewer is not None else None

    if seat is not None:
        players = list(view["players"])
        mine = dict(players[seat], is_me=True)
        if mine["yen"] is None:  # closed money: their own Yen, to them alone
            mine["yen"] = shared.yen[seat]
            mine["end"] = dict(mine["end"], yen_short=shared.yen_short[seat])
        players[seat] = mine
        view["players"] = players
        last = turn.last_check
        if last is not None and last.player == seat:
            check = dict(view["turn"]["check"])
            check["text"] = _check_text(
                last,
                cfg.players[last.player],
                table,
                viewer,
                [cfg.players[s] for s in turn.final_turns],
            )
            view["turn"] = dict(view["turn"], check=check)

    own_bids = own_bids or {}
    auctions = [_auction_for(pub, a, viewer, own_bids.get(a.id)) for a, pub in shared.auctions]
    view["auction"] = next((a for a in auctions if a["status"] != "settled"), None)
    view["auctions"] = auctions
    if viewer is None:
        view["history"] = [dict(row) for row in view["history"]]
    else:
        view["viewer"] = {
            "role": viewer.role,
            "seat": viewer.seat,
            "name": "host" if viewer.seat is None else cfg.players[viewer.seat],
        }
        # A phone shows the 10 newest entries, the table screen and the API 25.
        view["history"] = history_rows(
            state, viewer, HISTORY_IN_VIEW if viewer.is_host else PHONE_HISTORY
        )
    if viewer is not None and viewer.is_host:
        view["can_undo"] = shared.can_undo
        view["can_redo"] = shared.can_redo
    if seat is not None and not turn.finished:
        mine_score = table.score().players[seat]
        view["if_ended_now"] = {
            "steps": dict(mine_score.steps),
            "final_yen": mine_score.final_yen,
            "rank": mine_score.rank if cfg.money == "open" else None,
        }
    return view


def board_view(state: GameState, viewer: Identity | None, seen: Seen) -> dict[str, Any]:
    """The board game's ``Game.view``: :func:`game_view` with the devices connected and
    the viewer's own sealed bids, read only while an auction is open (a page shows a bid
    of its own only on an open auction's bid sheet)."""
    seat = viewer.seat if viewer is not None else None
    table: Table = state.table
    bidding = seat is not None and any(a.status == "open" for a in table.auctions.values())
    own = dict(seen.own_sealed()) if bidding else {}
    return game_view(state, viewer, set(seen.connected), own)
