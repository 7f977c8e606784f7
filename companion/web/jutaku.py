"""Tokyo Jutaku: the exit calculator's JSON endpoint and its page (no tracked game).

Routes:

- ``POST /api/jutaku/exit``: one exit, stateless (shared/spec/cards.md): the prices, whether
  Salmon was cashed yet and what the player carries → the payout, line by line, and the
  prices after it; or 400 ``{"error", "field"}``.
- ``GET /jutaku/``: the page. Without ``?g=`` it asks for the players; with it, it shows
  the shop's prices, each player's money and exits, the last exit's payout and the forms
  for the next exit or Tuna purchase.
- ``POST /jutaku/``: the page's forms (start, exit, buy_tuna, undo; and the − / + steppers
  for browsers without JavaScript). Each change answers 303 to the page's new address.

Where the game lives: in the page's address. ``g`` is the game's log (the names and every
exit and Tuna purchase), JSON in base64url; the page is the fold of that log through
:mod:`companion.jutaku.rules`, so undo is the log without its last move, reload and the
back button just work, and the server keeps nothing. Both the body of the endpoint and
the log are parsed once, by strict pydantic models (companion/web/jutaku_edge.py); the
rules core checks the typed values again and names what is wrong in one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, jsonify, redirect, render_template, request, url_for
from flask_babel import lazy_gettext as _  # type: ignore[import-untyped]
from pydantic import ValidationError
from werkzeug.datastructures import MultiDict

from ..door import Refused
from ..engine import Message
from ..i18n import current_lang
from ..jutaku import catalogue as cat
from ..jutaku.game import Game, outcome, replay
from ..jutaku.rules import Carried, ExitResult, cash_exit, prices_from, salmon_price
from ..rules.errors import IllegalAction
from ..rules.messages import render
from . import edge
from .jutaku_edge import (
    CarriedBody,
    ExitBody,
    carried_sentence,
    decode,
    dump,
    encode,
    illegal,
    link_refused,
    named,
    refusal,
)
from .schemas import form_int, typed_text

bp = Blueprint("jutaku", __name__)

# -- the endpoint ------------------------------------------------------------------------------


def _answer(refused: Refused) -> Any:
    return jsonify(refused.to_json()), refused.status


def exit_json(result: ExitResult) -> dict[str, Any]:
    return {
        "payout": result.payout,
        "prices": dict(result.prices),
        "salmon_cashed": result.salmon_cashed,
        "lines": [{**line.to_json(), "text": render(line.message())} for line in result.lines],
        "dropped": result.dropped(),
        "newspapers": result.newspapers,
    }


@bp.post("/api/jutaku/exit")
def api_exit() -> Any:
    """One exit cashed (tokyo-jutaku.md §3.3): 200 with the payout, its lines and the
    prices after it, or 400 with the error and the field."""
    try:
        data = edge.read_json()
        if not isinstance(data, dict):
            raise Refused(400, Message("jutaku.body"))
        try:
            body = ExitBody.model_validate(data)
        except ValidationError as exc:
            raise refusal(exc) from None
        prices = prices_from(dump(body.prices, exclude_none=True) if body.prices else None)
        carried = Carried.parse(dump(body.carried))
        result = cash_exit(prices, body.salmon_cashed, carried)
    except Refused as exc:
        return _answer(exc)
    except IllegalAction as exc:
        return _answer(illegal(exc))
    return jsonify(exit_json(result))


# -- the page: the game in its address ----------------------------------------------------------


@dataclass(frozen=True)
class Counter:
    """One − / + of the exit form: its form name, its label and its bounds."""

    name: str
    label: str
    max: int
    group: str


def _counters() -> tuple[Counter, ...]:
    out = [
        Counter(f"carried.{c}", render(named(c)).capitalize(), cat.MAX_CARRIED, "drinks")
        for c in cat.DRINK_PRICES
    ]
    out += [
        Counter(f"carried.{c}", render(named(c)).capitalize(), cat.MAX_CARRIED, "stacks")
        for c in cat.STACK_PRICES
    ]
    out.append(Counter("carried.detergent", "Detergent", cat.MAX_CARRIED, "stacks"))
    out.append(Counter("carried.salmon", "Salmon", cat.SALMON_PIECES, "fish"))
    out += [
        Counter(f"carried.spider_crab.{v}", f"Spider Crab {v}", cat.SPIDER_CRAB_PIECES, "fish")
        for v in cat.SPIDER_CRAB_VALUES
    ]
    out += [
        Counter(f"carried.tuna.{v}", f"Tuna {v}", cat.TUNA_PIECES, "fish") for v in cat.TUNA_VALUES
    ]
    out.append(Counter("carried.newspaper", "Newspapers / magazines", cat.MAX_CARRIED, "fish"))
    return tuple(out)


COUNTERS = _counters()
GROUPS = (
    ("drinks", _("Drinks")),
    ("stacks", _("Clothing, linen and appliances")),
    ("fish", _("Fish and the rest")),
)


def _counters_in(lang: str) -> tuple[Counter, ...]:
    """The exit form's counters labelled in ``lang`` (English: :data:`COUNTERS`): each
    category's name from the Jutaku catalogue, a crab or Tuna by its printed value."""
    if lang == "en":
        return COUNTERS
    out = []
    for c in COUNTERS:
        parts = c.name.split(".")
        name = render(named(parts[1]), lang)
        if len(parts) == 3:
            name = f"「{parts[2]}」の{name}" if lang == "ja" else f"{name} {parts[2]}"
        out.append(Counter(c.name, name, c.max, c.group))
    return tuple(out)


def carried_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    """The exit form's counts as the body of a move (what ``carried`` holds), through the
    same strict model as the endpoint's. Crabs and Tuna are counted per printed value."""
    fields: dict[str, Any] = {}
    lists: dict[str, list[int]] = {"spider_crab": [], "tuna": []}
    for counter in COUNTERS:
        raw = typed_text(form.get(counter.name)) or "0"
        key = counter.name.split(".")[1]
        if key in lists:
            n = form_int(raw)
            if n is None or n > counter.max:
                raise Refused(400, carried_sentence(key, "too_long"), counter.name)
            lists[key] += [int(counter.name.rsplit(".", 1)[1])] * n
        else:
            fields[key] = raw
    fields.update({k: v for k, v in lists.items() if v})
    try:
        body = CarriedBody.model_validate(fields, context={"form": True})
    except ValidationError as exc:
        raise refusal(exc, ("carried",)) from None
    out: dict[str, Any] = body.model_dump(exclude_defaults=True)
    return out


def _stepped(form: Mapping[str, str], step: str) -> dict[str, str]:
    """The form's counts after a − / + pressed without JavaScript (static/jutaku.js does
    the same in the browser)."""
    values = {c.name: typed_text(form.get(c.name)) for c in COUNTERS}
    name, _, delta = step.rpartition(":")
    counter = next((c for c in COUNTERS if c.name == name), None)
    change = form_int(delta, signed=True)
    if counter is None or change is None:
        return values
    current = form_int(values[name] or "0")
    if current is None:
        return values  # leave what is not a number for the error to point at
    values[name] = str(max(0, min(counter.max, current + change)))
    return values


def _page_context(
    players: list[str],
    moves: list[dict[str, Any]],
    game: Game,
    values: Mapping[str, str] | None = None,
    error: Refused | None = None,
    chosen: int | None = None,
) -> dict[str, Any]:
    result = outcome(game)
    lang = current_lang()
    last = None
    if game.last is not None:
        index, exit_ = game.last
        last = {
            "player": players[index],
            "payout": exit_.payout,
            "lines": [render(line.message(), lang) for line in exit_.lines],
            "changes": [
                {
                    "name": render(named(c), lang),
                    "before": exit_.prices_before[c],
                    "after": exit_.prices[c],
                }
                for c in exit_.dropped()
            ],
            # This exit was the first out with Salmon: from now on it pays ¥400.
            "salmon_now": any(
                line.what == "salmon" and line.each == cat.SALMON_FIRST for line in exit_.lines
            ),
        }
    shop = [
        {
            "id": c,
            "name": render(named(c), lang),
            "price": game.prices[c],
            "setup": cat.SETUP_PRICES[c],
        }
        for c in cat.CATEGORIES
    ]
    return {
        "players": players,
        "game": game,
        "g": encode(players, moves),
        "moves": moves,
        "shop_drinks": shop[: len(cat.DRINK_PRICES)],
        "shop_stacks": shop[len(cat.DRINK_PRICES) :],
        "salmon_pays": salmon_price(game.salmon_cashed),
        "tuna_price": game.tuna_price,
        "tuna_left": cat.TUNA_PIECES - game.tuna_bought,
        "exits": cat.EXITS,
        "last": last,
        "outcome": result,
        "winners": [] if result is None else [players[i] for i in result.winners],
        "open_players": [i for i, p in enumerate(game.players) if p.exits < cat.EXITS],
        "counters": _counters_in(lang),
        # What one item of each counter pays now, shown beside its label.
        "pays": {
            **{f"carried.{c}": game.prices[c] for c in cat.CATEGORIES},
            "carried.salmon": salmon_price(game.salmon_cashed),
            **{
                f"carried.{k}.{v}": v * cat.YEN_PER_PRINTED
                for k, values in (
                    ("spider_crab", cat.SPIDER_CRAB_VALUES),
                    ("tuna", cat.TUNA_VALUES),
                )
                for v in values
            },
        },
        "groups": GROUPS,
        "values": values or {},
        "error": error,
        "chosen": chosen,
    }


def _fold(players: list[str], moves: list[dict[str, Any]]) -> Game:
    try:
        return replay(players, moves)
    except IllegalAction:
        link_refused()


def _address(players: list[str], moves: list[dict[str, Any]], anchor: str = "") -> str:
    return url_for("jutaku.page", g=encode(players, moves)) + (f"#{anchor}" if anchor else "")


@bp.get("/jutaku/")
def page() -> Any:
    token = request.args.get("g", "")
    if not token:
        return render_template("jutaku/page.html", setup=True, names=["", ""], error=None)
    try:
        players, moves = decode(token)
        game = _fold(players, moves)
    except Refused as exc:
        return render_template("jutaku/page.html", setup=True, names=["", ""], error=exc), 400
    return render_template("jutaku/page.html", setup=False, **_page_context(players, moves, game))


def _start(form: MultiDict[str, str]) -> Any:
    names = [n.strip() for n in form.getlist("name")[: cat.MAX_PLAYERS + 2]]
    typed = [n for n in names if n]
    try:
        replay(typed, [])
    except IllegalAction as exc:
        shown = (names + ["", ""])[: max(2, len(names))]
        return render_template("jutaku/page.html", setup=True, names=shown, error=illegal(exc)), 400
    return redirect(_address(typed, []), 303)


@bp.post("/jutaku/")
def submit() -> Any:
    form = request.form
    try:
        edge.form_fields(form)  # no control or text-direction character anywhere
        if form.get("action") == "start":
            return _start(form)
        players, moves = decode(form.get("g", ""))
        game = _fold(players, moves)
    except Refused as exc:
        return render_template("jutaku/page.html", setup=True, names=["", ""], error=exc), 400
    action = form.get("action", "")
    step = form.get("step", "")
    chosen = form_int(form.get("player", ""))
    if step:
        values = _stepped(form, step)
        context = _page_context(players, moves, game, values, chosen=chosen)
        return render_template("jutaku/page.html", setup=False, **context)
    try:
        if action == "undo":
            if not moves:
                raise Refused(400, Message("jutaku.nothing_to_undo"))
            return redirect(_address(players, moves[:-1], "shop"), 303)
        if chosen is None:
            code = "jutaku.who_buys" if action == "buy_tuna" else "jutaku.who_leaves"
            raise Refused(400, Message(code), "player")
        if action == "buy_tuna":
            move: dict[str, Any] = {"type": "buy_tuna", "player": chosen}
            anchor = "players"
        else:
            move = {"type": "exit", "player": chosen, "carried": carried_from_form(form)}
            anchor = "payout"
        try:
            replay(players, moves + [move])
        except IllegalAction as exc:
            raise illegal(exc) from None
    except Refused as exc:
        values = {c.name: (form.get(c.name) or "").strip() for c in COUNTERS}
        context = _page_context(players, moves, game, values, error=exc, chosen=chosen)
        context["error_form"] = "tuna" if action == "buy_tuna" else "exit"
        return render_template("jutaku/page.html", setup=False, **context), 400
    return redirect(_address(players, moves + [move], anchor), 303)
