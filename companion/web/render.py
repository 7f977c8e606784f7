"""Rendering a game for one viewer: the live region of a page, the public boards shared by
every viewer, and the per-viewer view they are built from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import render_template
from markupsafe import Markup

from ..eventlog import GameState
from ..identity import Identity
from ..rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES
from ..views import game_view
from .context import hub, renders, store


def view_for(game_id: str, who: Identity, state: GameState | None = None) -> dict[str, Any]:
    state = state or store().state(game_id)
    own = store().own_bids(game_id, who.seat) if who.seat is not None else None
    return game_view(state, who, hub().connected(game_id), own)


def forms_context(view: dict[str, Any]) -> dict[str, Any]:
    fish_in_play = [m["id"] for m in view["markets"]["fish"]]
    keys = [k for k, name in TOKEN_NAMES.items()
            if any(k in FISH_MARKETS[m].token_keys for m in fish_in_play)]
    return {"fish_keys": keys, "token_names": TOKEN_NAMES, "fish_markets": FISH_MARKETS,
            "external_markets": EXTERNAL_MARKETS}


@dataclass(frozen=True)
class Board:
    players: Markup
    markets: Markup


def public_board(game_id: str, state: GameState) -> Board:
    """The players' and markets' boards as everyone may see them (the table screen's view:
    with closed money, nobody's Yen). Rendered once per version and shared by every
    viewer's fragment; a phone shows its own Yen in its own card."""
    def render() -> str:
        view = game_view(state, None)
        return (render_template("game/_players.html", view=view) + "\x00"
                + render_template("game/_markets.html", view=view))

    players, markets = renders().get((game_id, "board", state.version), render).split("\x00")
    return Board(Markup(players), Markup(markets))


def render_live(game_id: str, who: Identity, state: GameState | None = None) -> str:
    """The live region of the viewer's page (the table screen's or a phone's)."""
    state = state or store().state(game_id)
    view = view_for(game_id, who, state)
    template = "game/_table_live.html" if who.is_host else "game/_seat_live.html"
    history_html = None
    if not who.is_host:
        # Every phone's history is the same with open money: render it once per version.
        private = state.config.money == "closed"
        key = (game_id, "phone-history", state.version, who.viewer if private else "all")
        history_html = Markup(renders().get(key, lambda: render_template(
            "game/_history.html", view=view, role="seat")))
    # The table screen's join cards sit outside #live: they ride along out of band (a
    # phone that joins hides its code; a connection badge changes).
    seat_cards = None
    if who.is_host:
        from .auth import seats

        seat_cards = seats(game_id)
    return render_template(template, view=view, role="host" if who.is_host else "seat",
                           seat_cards=seat_cards, game_id=game_id,
                           board=public_board(game_id, state), history_html=history_html)


def live_event(game_id: str, who: Identity) -> tuple[int, int, str]:
    """The version, presence and fragment of one viewer, all from one state (so an
    event's id always matches its content)."""
    state = store().state(game_id)
    presence = hub().presence_version(game_id) if who.is_host else 0
    key = (game_id, who.viewer, state.version, presence)
    html = renders().get(key, lambda: render_live(game_id, who, state))
    return state.version, presence, html


def event_text(game_id: str, seq: int, who: Identity) -> str:
    for row in view_for(game_id, who)["history"]:
        if row["seq"] == seq:
            return str(row["text"])
    return "done"
