"""Rendering a game's live part for one viewer.

A live page (the table screen's or a phone's) has one live element, ``#live``. Whatever
in it can change during the game is rendered whole, from the viewer's own view
(``companion.views``), by ``templates/game/_live_body.html``: the same function gives a
page its first content, its live stream's updates (which the browser morphs in, keeping
what is being typed and where focus is) and the polling fallback. So a page after any
number of updates is the page a reload would show, and nothing one viewer may not see can
reach them through another's render: what is kept between renders (the parts handed to
``companion.web.stream.memo``) is kept under everything it shows, so a viewer is only
ever given what its own view would render.

The turn guide of the active player's phone sits outside ``#live`` (it holds the form
being filled in); the stream sends it only when its state changes (:func:`guide_part`).
"""

from __future__ import annotations

from typing import Any

from flask import render_template, url_for
from markupsafe import Markup

from ..eventlog import GameState
from ..i18n import current_lang
from ..identity import Identity
from ..play_log import logged_play
from ..rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    TOKEN_NAMES,
    TRACK_MAX,
    TRACK_MIN,
    sardine_license_price,
)
from ..rules.holdings import ITEM_PRICE, LOAN_YEN, SHARE_PRICE
from ..rules.messages import Message, render
from ..rules.table import Table
from .auth import seats
from .context import store
from .speech import big_moments
from .viewer import view_of


def view_for(game_id: str, who: Identity, state: GameState | None = None) -> dict[str, Any]:
    """The viewer's view, asked of the game (``views.board_view`` for the board game)."""
    return view_of(game_id, who, state)


#: The relative moves the track form offers (its buttons send ``by``; web/forms.py).
TRACK_STEPS = (-2, -1, 1, 2)


def forms_context(view: dict[str, Any]) -> dict[str, Any]:
    fish_in_play = [m["id"] for m in view["markets"]["fish"]]
    keys = [
        k
        for k, name in TOKEN_NAMES.items()
        if any(k in FISH_MARKETS[m].token_keys for m in fish_in_play)
    ]
    board = {m["id"]: m["licenses_left"] for m in view["markets"]["fish"]}
    prices: dict[str, str] = {}
    for m in fish_in_play:
        if m == "sardine" and board.get(m) is not None:
            price: int | None = sardine_license_price(board[m] or 0)
        else:
            price = FISH_MARKETS[m].license_price
        prices[m] = (
            "price not printed" if price is None else ("free" if price == 0 else f"¥{price:,}")
        )
    return {
        "licence_prices": prices,
        "item_price": ITEM_PRICE,
        "loan_yen": LOAN_YEN,
        "share_price": SHARE_PRICE,
        "track_min": TRACK_MIN,
        "track_max": TRACK_MAX,
        "track_steps": TRACK_STEPS,
        "fish_keys": keys,
        "token_names": TOKEN_NAMES,
        "fish_markets": FISH_MARKETS,
        "external_markets": EXTERNAL_MARKETS,
    }


def _auction_was_last(history: list[dict[str, Any]]) -> bool:
    """Whether the newest entry in force is an auction's (its reveal or choice)."""
    for h in history:
        if h["undone"] or h["meta"]:
            continue
        return str(h["type"]).startswith("auction")
    return False


def _harbor(harbor: dict[str, list[dict[str, Any]]]) -> dict[str, list[tuple[str, int]]]:
    """A Harbor's rows as (fish market's name, price) pairs, upper and lower."""
    return {
        row: [
            (
                FISH_MARKETS[x["fish"]].en if x["fish"] in FISH_MARKETS else str(x["fish"]),
                x["price"],
            )
            for x in harbor.get(row, [])
        ]
        for row in ("upper", "lower")
    }


def _announcement(view: dict[str, Any], me: str, reveal: str) -> str:
    """What a screen reader hears when the page changes: the newest entry in force, if
    someone else recorded it, or the reveal of the bids (whoever sealed last). It is part
    of the page, so a reload shows the same (a page loaded is not read out)."""
    for h in view["history"]:
        if h["undone"] or h["meta"]:
            continue
        if str(h["type"]) == "auction_reveal" and reveal:
            return reveal
        if h["actor"] == me:
            return ""
        if h["actor"] == "host":
            return str(h["text"])
        return render(
            Message("view.said_by", {"actor": h["actor"], "text": h["text"]}), current_lang()
        )
    return ""


def guide_key(t: Table) -> str:
    """What the turn guide shows, in one string: the guide is sent again (and the form
    being filled in replaced) only when it moves. An auction opened or settled does not
    move it: a visit being filled in survives an auction opened by the table."""
    turn = t.turn
    return (
        f"{turn.number}.{turn.current}.{turn.phase}.{turn.ap_left}.{turn.finished}"
        f".{turn.buying}.{len(turn.buyers)}"
    )


def live_context(game_id: str, who: Identity, state: GameState) -> dict[str, Any]:
    """Everything ``_live_body.html`` shows one viewer, from that viewer's own view."""
    view = view_for(game_id, who, state)
    t = view["turn"]
    a = view["auction"]
    last = view["auctions"][-1] if a is None and view["auctions"] else None
    if last is not None and not _auction_was_last(view["history"]):
        last = None  # a settled auction stays on screen only until the next action
    me = view["players"][who.seat] if who.seat is not None else None
    mine = me is not None and t["current_seat"] == who.seat and t["started"] and not t.get("buyer")
    shown = a or last
    reveal = ""
    if shown is not None and shown["status"] != "open" and shown.get("bids"):
        bids = [
            Message("view.bid", {"player": b["name"], "amount": b["amount"]}) for b in shown["bids"]
        ]
        reveal = render(Message("view.bids_revealed", {"bids": bids}), current_lang())
    players = [dict(p, harbor_rows=_harbor(p["harbor"])) for p in view["players"]]
    markets = view["markets"]
    nori = (
        [(p["name"], p["nori_value"]) for p in players]
        if any(f["id"] == "nori" for f in markets["fish"])
        else []
    )
    holders = {
        f["id"]: [
            (p["name"], n["count"])
            for p in players
            for n in p["licenses"]
            if n["market"] == f["id"]
        ]
        for f in markets["fish"]
    }
    bidding = a is not None and me is not None and a["can_bid"]
    ended = None if view.get("score") or me is None else view.get("if_ended_now")
    context: dict[str, Any] = {
        "game_id": game_id,
        "role": "host" if who.is_host else "seat",
        "version": state.version,
        "view": view,
        "t": t,
        "players": players,
        "me": me,
        "mine": mine,
        "auction": a,
        "last": last,
        "bidding": bidding,
        "ended": ended,
        "nori": nori,
        "holders": holders,
        "announce": _announcement(view, "host" if me is None else str(me["name"]), reveal),
        "undo_url": url_for("table.undo", game_id=game_id) if who.is_host else "",
        "seats": [],
        "guide_key": guide_key(state.table) if me is not None else "",
        # The play to log (issue #22): None until the game has ended.
        "play": logged_play(state, current_lang()),
        # What the table screen may say aloud (issue #22): the public view's big moments.
        "speak": big_moments(view) if who.is_host else [],
    }
    if who.is_host:
        context["seats"] = seats(game_id)
    return context


def render_live(game_id: str, who: Identity, state: GameState | None = None) -> Markup:
    """The inside of the viewer's ``#live``, at ``state`` (by default the newest)."""
    state = state or store().state(game_id)
    return Markup(render_template("game/_live_body.html", **live_context(game_id, who, state)))


def event_text(game_id: str, seq: int, who: Identity) -> str:
    """The history line of entry ``seq`` as ``who`` reads it (an action's flash message),
    in their language."""
    for row in view_for(game_id, who)["history"]:
        if row["seq"] == seq:
            return str(row["text"])
    return render(Message("view.done"), current_lang())
