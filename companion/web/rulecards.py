"""The rules cards (issue #11): one page per market, in the device's language, generated
from the same catalogue and market modules the game runs on (companion/rules/rulecards.py).

Routes:

- ``GET /rules/``: every market, fish and external, base game and Expansion, each a link
  to its card.
- ``GET /rules/<market>``: the card of a market for any game (figures per player count;
  figures the rulebooks do not print say so).
- ``GET /games/<game_id>/rules/<market>``: the card with that game's numbers (its player
  count, variants and the board numbers its host entered: public information) for anyone
  signed in to the game, the table screen or a seat.

An unknown market answers 404 with one sentence. The market lists of the game pages link
here with ``templates/rules/_link.html``; on a game's pages the link is relative
(``rules/<market>``), so a region rendered once for many games still leads each page to
its own game's card.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, render_template
from flask_babel import gettext  # type: ignore[import-untyped]

from ..door import Refused
from ..i18n import msg
from ..rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS
from ..rules.rulecards import RuleCard, _reading_order, card, market_ids
from .auth import refused_page
from .context import store
from .export import page_viewer

bp = Blueprint("rulecards", __name__)


def card_view(c: RuleCard) -> dict[str, Any]:
    """The card as the template shows it: each line's sentence in the request's language,
    where its number comes from, and the readings it cites."""
    return {
        "market": c.market,
        "kind": c.kind,
        "title": msg(c.title),
        "summary": msg(c.summary),
        "players": c.players,
        "sections": [
            {
                "id": s.id,
                "heading": msg(s.heading),
                "lines": [
                    {
                        "text": msg(line.message),
                        "source": line.source,
                        "readings": line.readings,
                    }
                    for line in s.lines
                ],
            }
            for s in c.sections
        ],
        "readings": c.readings,
    }


def _unknown(market: str) -> tuple[str, int]:
    shown = market[:40]
    return refused_page(
        Refused(
            404,
            gettext(
                "There is no market called “%(name)s”; the rules cards list every market.",
                name=shown,
            ),
        )
    )


@bp.get("/rules/")
def index() -> Any:
    groups: list[tuple[str, list[Any]]] = [
        (gettext("Fish markets"), [m for m in FISH_MARKETS.values() if not m.expansion]),
        (gettext("Expansion fish markets"), [m for m in FISH_MARKETS.values() if m.expansion]),
        (gettext("External markets"), [m for m in EXTERNAL_MARKETS.values() if not m.expansion]),
        (
            gettext("Expansion external markets"),
            [m for m in EXTERNAL_MARKETS.values() if m.expansion],
        ),
    ]
    return render_template(
        "rules/index.html", groups=[(title, [m.id for m in ms]) for title, ms in groups]
    )


@bp.get("/rules/readings")
def readings() -> Any:
    """What "the app's reading" means, in the device's language (issue #21: the badge led
    a Japanese reader to an English document): per reading the rules cards cite, the
    lines of every card that apply it, each linking to its card. docs/readings.md keeps
    the question and the reasons, in English, for the people who change the app."""
    cited: dict[str, list[dict[str, str]]] = {}
    for m in market_ids():
        c = card(m)
        title = msg(c.title)
        for line in c.lines():
            for r in line.readings:
                cited.setdefault(r, []).append(
                    {"market": m, "title": title, "text": msg(line.message)}
                )
    order = sorted(cited, key=_reading_order)
    return render_template("rules/readings.html", readings=[(r, cited[r]) for r in order])


@bp.get("/rules/<market>")
def card_page(market: str) -> Any:
    if market not in market_ids():
        return _unknown(market)
    return render_template("rules/card.html", card=card_view(card(market)), game_id=None)


@bp.get("/games/<game_id>/rules/<market>")
def game_card(game_id: str, market: str) -> Any:
    try:
        who = page_viewer(game_id)
    except Refused as exc:
        return refused_page(exc)
    if market not in market_ids():
        return _unknown(market)
    config = store().state(game_id).config
    in_game = market in config.fish_markets or market in config.external_markets
    return render_template(
        "rules/card.html",
        card=card_view(card(market, config)),
        game_id=game_id,
        in_game=in_game,
        back="table.page" if who.is_host else "seat.page",
    )


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
