"""The game's story for people: the report page, the chart panel the table screen shows
(its body fetched and refreshed by htmx), and the web app manifest that lets a phone add
the app to its home screen. The export and import routes (companion/web/export.py) are
a blueprint nested in this one, so the app registers both with one line.

Every figure comes from :func:`companion.story.story`, made from the viewer's own view; the
charts and the tables of numbers under them are the same data, drawn by static/report.js
with Chart.js and written out as HTML tables for whoever would rather read.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    send_from_directory,
    url_for,
)

from ..door import Refused
from ..eventlog import GameState
from ..i18n import current_lang, format_yen, name_of
from ..identity import Identity
from ..league import league, merges_of
from ..play_log import logged_play
from ..replay import state_at
from ..report_text import say, yen_parts
from ..rules.messages import render
from ..rules.setup import COLOR_HEX
from ..story import _markets as story_markets
from ..view_history import history_message
from ..views import public_view
from . import export
from .auth import refused_page
from .context import store
from .export import page_viewer
from .stories import cached_story

bp = Blueprint("report", __name__)
bp.register_blueprint(export.bp)
bp.add_app_template_global(say, "say")

#: Colours of the market series and the score steps: Okabe–Ito (colour-blind safe), with
#: the light grey for the first step, all readable on the dark and the light theme.
MARKET_COLORS = {
    "eel": COLOR_HEX["orange"],
    "swordfish": COLOR_HEX["sky"],
    "red_snapper": COLOR_HEX["vermilion"],
    "salmon": COLOR_HEX["purple"],
}
STEP_COLORS = {
    "start_yen": "#8c96a0",
    "resource_award": COLOR_HEX["green"],
    "overfishing": COLOR_HEX["sky"],
    "loan_repayment": COLOR_HEX["vermilion"],
    "interest_received": COLOR_HEX["yellow"],
    "fish_yen": COLOR_HEX["orange"],
}


# -- charts ----------------------------------------------------------------------------------


def turn_label(point: dict[str, Any]) -> str:
    if point["end"]:
        return say("report.end")
    if point["now"]:
        return say("report.now")
    return say("report.setup") if point["turn"] == 0 else str(point["turn"])


def yen_text(amount: int | None) -> str:
    if amount is None:
        return say("report.hidden")
    # (say() reads an empty Japanese prefix as missing and gave "¥2,000円".)
    return format_yen(amount, current_lang())


def _per_player(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    return [
        {
            "label": p["name"],
            "color": p["color_hex"],
            "data": [t["players"][i][key] for t in data["turns"]],
        }
        for i, p in enumerate(data["players"])
    ]


def charts(data: dict[str, Any]) -> dict[str, Any]:
    """What static/report.js draws: one entry per chart, its words already in the
    viewer's language, its numbers from the story."""
    labels = [turn_label(t) for t in data["turns"]]
    out: dict[str, Any] = {}
    yen = _per_player(data, "yen")
    if any(v is not None for d in yen for v in d["data"]):
        out["yen"] = {"type": "line", "labels": labels, "money": True, "datasets": yen}
    out["resources"] = {
        "type": "line",
        "labels": labels,
        "money": False,
        "datasets": _per_player(data, "resources"),
    }
    if data["markets"]:
        out["markets"] = {
            "type": "line",
            "labels": labels,
            "money": False,
            "datasets": [
                {
                    "label": say(f"market.{m}"),
                    "color": MARKET_COLORS[m],
                    "data": [t["markets"][m] for t in data["turns"]],
                }
                for m in data["markets"]
            ],
        }
    won = [a for a in data["auctions"] if a["winner"] is not None]
    if won:
        colors = {p["name"]: p["color_hex"] for p in data["players"]}
        out["auctions"] = {
            "type": "scatter",
            "money": True,
            "x_max": max(t["turn"] for t in data["turns"]),
            "datasets": [
                {
                    "label": name,
                    "color": colors[name],
                    "data": [
                        {
                            "x": a["turn"],
                            "y": a["amount"],
                            "text": say(
                                "report.bid_text",
                                kind=name_of(f"auction.{a['kind']}", a["kind_name"]),
                                winner=name,
                                amount=yen_text(a["amount"]),
                            ),
                        }
                        for a in won
                        if a["winner"] == name
                    ],
                }
                for name in colors
                if any(a["winner"] == name for a in won)
            ],
        }
    score = data["score"]
    if score:
        out["score"] = {
            "type": "bar",
            "money": True,
            "labels": [p["name"] for p in score["players"]],
            "datasets": [
                {
                    "label": say(f"step.{step}"),
                    "color": STEP_COLORS.get(step, "#8c96a0"),
                    "data": [p["steps"].get(step, 0) for p in score["players"]],
                }
                for step in data["steps"]
            ],
        }
    return {
        "yen": dict(zip(("prefix", "suffix"), yen_parts(), strict=True)),
        "axes": {"turn": say("report.turn"), "yen": say("report.yen")},
        # A tooltip's "Aiko: ¥1,200" (full-width in Japanese: 「Aiko：1,200円」).
        "colon": say("report.colon"),
        "charts": out,
    }


def story_context(game_id: str, who: Identity, compact: bool) -> dict[str, Any]:
    state = store().state(game_id)
    data = cached_story(state, who)
    return {
        "story": data,
        "payload": charts(data),
        "labels": [turn_label(t) for t in data["turns"]],
        "yen_text": yen_text,
        "game_id": game_id,
        "who": who,
        "role": who.role,
        "compact": compact,
        "version": state.version,
        "started": state.table.turn.number > 0 or state.table.turn.finished,
    }


# -- pages -----------------------------------------------------------------------------------


@bp.get("/games/<game_id>/report")
def page(game_id: str) -> Any:
    try:
        who = page_viewer(game_id)
    except Refused as exc:
        return refused_page(exc)
    state = store().state(game_id)
    view = {
        "id": game_id,
        "money": state.config.money,
        "turn": {"finished": state.table.turn.finished},
        "viewer": {"role": who.role},
    }
    return render_template(
        "report/page.html",
        view=view,
        play=logged_play(state, current_lang()),
        replay=replay_context(state, state.version),
        **story_context(game_id, who, compact=False),
    )


@bp.get("/games/<game_id>/report/story")
def story_fragment(game_id: str) -> Any:
    """The body of the table screen's chart panel (htmx fetches it, and again when the
    table changes)."""
    try:
        who = page_viewer(game_id)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    return render_template("report/_story_body.html", **story_context(game_id, who, compact=True))


# -- the replay (issue #22) ------------------------------------------------------------------


def replay_context(state: GameState, n: int) -> dict[str, Any]:
    """The table after entry ``n`` as anyone may see it: the public view of the state
    folded to ``n``. With closed money the Yen are in it only once the game has ended
    (then everything is public, at every entry); while it runs, nobody's, not even the
    viewer's own (the replay is the table screen's view)."""
    n = max(0, min(n, state.version))
    then = state_at(state, n)
    view = public_view(then)
    open_now = state.config.money == "open" or state.table.turn.finished
    players = [
        dict(p, yen=then.table.players[i].yen if open_now else None)
        for i, p in enumerate(view["players"])
    ]
    entry = next((e for e in state.events if e.seq == n), None)
    # The line that made it, as the game's own history says it now (amounts shown as
    # the game as it stands shows them: closed money hides them until the end).
    line = None if entry is None else render(history_message(state, entry, None), current_lang())
    return {
        "n": n,
        "total": state.version,
        "line": line,
        "turn": view["turn"],
        "players": players,
        "markets": view["markets"],
        "market_values": story_markets(view),
        "hidden": not open_now,
    }


@bp.get("/games/<game_id>/report/replay/<int:n>")
def replay(game_id: str, n: int) -> Any:
    """One step of the report page's replay: an htmx fragment, the table after entry
    ``n`` (a number past the end is the end)."""
    try:
        who = page_viewer(game_id)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    # (A card game's id never gets here: companion/web/cards.py refuses it in a sentence.)
    state = store().state(game_id)
    return render_template(
        "report/_replay.html",
        game_id=game_id,
        role=who.role,
        yen_text=yen_text,
        r=replay_context(state, n),
    )


# -- this server's league (issue #22) ---------------------------------------------------------

#: At most this many merges are read from one address (each is a name and a name).
MERGES_READ = 32


@bp.get("/league")
def league_page() -> Any:
    """Every finished board game of this server, per player. ``?merge=<name>&into=<name>``
    (repeated) reads a spelling as another player's; nothing is stored, so a merge is a
    link anyone at the table can open, or leave."""
    sources = request.args.getlist("merge")[:MERGES_READ]
    targets = request.args.getlist("into")[:MERGES_READ]
    pairs = [(a[:100], b[:100]) for a, b in zip(sources, targets, strict=False)]
    merges = merges_of(pairs)
    every = store()
    data = league((every.state(gid) for gid in every.game_ids()), merges)
    payload = {
        "yen": dict(zip(("prefix", "suffix"), yen_parts(), strict=True)),
        "axes": {"turn": say("report.player"), "yen": say("report.yen")},
        "colon": say("report.colon"),
        "charts": {
            "league": {
                "type": "bar",
                "money": True,
                "labels": [p["name"] for p in data["players"]],
                "datasets": [
                    {
                        "label": say("league.average"),
                        "color": COLOR_HEX["orange"],
                        "data": [p["average_yen"] for p in data["players"]],
                    }
                ],
            }
        }
        if data["players"]
        else {},
    }
    return render_template(
        "report/league.html",
        league=data,
        payload=payload,
        pairs=[(a, b) for a, b in pairs if a.strip().casefold() in merges],
        yen_text=yen_text,
        compact=False,
    )


@bp.get("/apple-touch-icon.png")
@bp.get("/apple-touch-icon-precomposed.png")
def apple_touch_icon() -> Any:
    """iOS takes no manifest icon: "Add to Home Screen" asks for this address itself."""
    return send_from_directory(
        Path(str(current_app.static_folder)) / "icons", "apple-touch-icon.png"
    )


#: Pages a home-screen icon may open: the home page, or a game's phone or table screen.
_START = re.compile(r"/(games/[A-Za-z0-9_-]{1,40}/(seat|table))?")


@bp.get("/manifest.webmanifest")
def manifest() -> Any:
    """The web app manifest. ``?start=`` is the page that links it, so a phone's icon
    opens its own seat (with the cookie it signed in with): "minimal-ui" keeps the
    browser's cookie jar on Android and opens Safari's on iOS, where a "standalone" app
    would have a jar of its own and no seat."""
    start = request.args.get("start", "/")
    if not _START.fullmatch(start):
        start = "/"
    icons = [
        {
            "src": url_for("static", filename=f"icons/icon-{n}.png"),
            "sizes": f"{n}x{n}",
            "type": "image/png",
            "purpose": "any",
        }
        for n in (192, 512)
    ]
    icons.append(
        {
            "src": url_for("static", filename="icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        }
    )
    body = {
        "id": "/",
        "name": say("app.name"),
        "short_name": say("app.short_name"),
        "description": say("app.description"),
        # The device's language (issue #21): the name and description are in it too.
        "lang": current_lang(),
        "start_url": start,
        "scope": "/",
        "display": "minimal-ui",
        "orientation": "any",
        "background_color": "#0f1317",
        "theme_color": "#0f1317",
        "icons": icons,
    }
    resp: Response = jsonify(body)
    resp.mimetype = "application/manifest+json"
    resp.vary.update(("Accept-Language", "Cookie"))
    return resp
