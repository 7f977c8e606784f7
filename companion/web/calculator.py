"""The end-of-game scoring calculator page (no game needed).

One form holds the whole table. Its field names are the snapshot's own JSON paths
(``players[0].fish.eel``, ``markets.eel.value``) so an error from the rules core points
straight at the input that caused it. The web layer only turns the form into a
``tsukiji-snapshot/1`` and hands it to :func:`score_snapshot`, the single implementation
behind the CLI, the API and this page; nothing here knows how anything scores.

Routes:

- ``GET /calculator/``: the page.
- ``POST /calculator/report``: the report fragment; htmx posts the form here as you type.
- ``POST /calculator/``: the page again with the form applied, for browsers without
  JavaScript, and for the Add / Remove player buttons (htmx gets just the calculator
  partial). A ``step`` field (``players[0].fish.eel:+1``) is a − / + press without JS.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from flask import Blueprint, render_template, request
from flask_babel import gettext  # type: ignore[import-untyped]
from werkzeug.datastructures import MultiDict

from ..i18n import current_lang, msg
from ..rules.catalogue import (
    FISH_MARKETS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOKEN_NAMES,
)
from ..rules.errors import IllegalAction
from ..rules.messages import Message
from ..rules.snapshot import FORMAT, score_snapshot
from .calculator_fields import (
    BANK_COUNTERS,
    FISH_COUNTERS,
    MARKET_COUNTERS,
    OVERFISHABLE,
    PLAYER_COUNTERS,
    Counter,
    LocalNames,
    plain_local_name,
)
from .schemas import form_int, typed_text

bp = Blueprint("calculator", __name__, url_prefix="/calculator")

#: Players on a fresh page.
START_PLAYERS = 3
#: Spider Crab and Tuna are entered as "how many of each printed value" and expand into a
#: list; this bounds that list (the box holds 10 Spider Crab and 5 Tuna tokens).
MAX_PRINTED_COUNT = 99


_PLAYER_NAME = re.compile(r"players\[([0-9]{1,2})\]\.name")
_FIELD = re.compile(r"players\[([0-9]{1,2})\]\.(.+)")
_NO_SALMON = {"fresh": 0, "degraded": 0}


@dataclass
class CalcForm:
    """What the form holds, as typed (strings), so the page shows it back unchanged."""

    players: list[dict[str, str]]
    markets: dict[str, str] = field(default_factory=dict)
    overfished: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    expansion: bool = False
    #: Index of a player to focus (a newly added one).
    focus: int | None = None

    @classmethod
    def blank(cls) -> CalcForm:
        return cls(players=[{} for _ in range(START_PLAYERS)])

    @classmethod
    def from_form(cls, form: MultiDict[str, str]) -> CalcForm:
        indices = sorted({int(m.group(1)) for k in form if (m := _PLAYER_NAME.fullmatch(k))})
        players: list[dict[str, str]] = []
        for i in indices[:MAX_PLAYERS]:
            prefix = f"players[{i}]."
            players.append({k[len(prefix) :]: v for k, v in form.items() if k.startswith(prefix)})
        return cls(
            players=players or [{} for _ in range(START_PLAYERS)],
            markets={c.name: form.get(c.name, "") for c in MARKET_COUNTERS},
            overfished=form.getlist("markets.overfished"),
            external=form.getlist("markets.external"),
            expansion=bool(form.get("expansion")),
        )

    @property
    def bank(self) -> bool:
        return "bank" in self.external

    def is_blank(self) -> bool:
        return not any(v.strip() for p in self.players for v in p.values()) and not any(
            v.strip() for v in self.markets.values()
        )

    def player_name(self, i: int) -> str:
        """The name used for player ``i``: as typed, or "Player n" when left empty."""
        if 0 <= i < len(self.players):
            typed = self.players[i].get("name", "").strip()
            if typed:
                return typed
        return str(gettext("Player %(number)s", number=i + 1))

    def apply(self, form: MultiDict[str, str]) -> None:
        """Add / Remove player and − / + presses (the no-JavaScript way)."""
        action = form.get("action", "")
        if action == "add" and len(self.players) < MAX_PLAYERS:
            self.players.append({})
            self.focus = len(self.players) - 1
        elif action.startswith("remove:") and len(self.players) > MIN_PLAYERS:
            index = form_int(action.partition(":")[2])
            if index is not None and index < len(self.players):
                del self.players[index]
        step = form.get("step", "")
        if step:
            self._step(*step.rpartition(":")[::2])

    def _step(self, name: str, raw_delta: str) -> None:
        delta = form_int(raw_delta, signed=True)
        if delta is None:
            return
        if m := _FIELD.fullmatch(name):
            i, sub = int(m.group(1)), m.group(2)
            counter = next((c for c in PLAYER_COUNTERS if c.name == sub), None)
            if counter is None or i >= len(self.players):
                return
            values = self.players[i]
        else:
            counter = next((c for c in MARKET_COUNTERS if c.name == name), None)
            if counter is None:
                return
            values, sub = self.markets, name
        values[sub] = str(stepped(values.get(sub, ""), delta, counter))


def stepped(raw: str, delta: int, counter: Counter) -> int | str:
    """The value after a − / + press; the same arithmetic as static/calculator.js.
    An empty field steps to the minimum (−) or to max(minimum, 1) (+)."""
    text = typed_text(raw)
    typed = form_int(text, signed=True)
    if text and typed is None:
        return raw  # leave text that is not a number for the error to point at
    if typed is not None:
        value = typed + delta
    else:
        value = max(counter.min, delta) if delta > 0 else counter.min
    value = max(counter.min, value)
    if counter.max is not None:
        value = min(counter.max, value)
    return value


def _number(raw: str) -> int | str:
    """A typed whole number (the forms' one reading of digits: ASCII only, bounded), or
    the text unchanged so the rules core can refuse it with its own sentence. Empty
    means 0. Full-width digits ("２", a Japanese phone keyboard's) are their numbers."""
    text = typed_text(raw)
    if not text:
        return 0
    value = form_int(text, signed=True)
    return raw if value is None else value


def _yen(raw: str) -> int | str:
    """Yen as people type it: "4,200", "¥4200", "−300" are all fine."""
    text = typed_text(raw).replace("¥", "").replace(",", "").replace(" ", "").replace("−", "-")
    return _number(text) if text else 0


def _printed_count(raw: str, where: str) -> int:
    value = _number(raw)
    if not isinstance(value, int) or value < 0:
        raise IllegalAction(Message("edge.count_whole"), where)
    if value > MAX_PRINTED_COUNT:
        raise IllegalAction(Message("edge.count_max", {"max": MAX_PRINTED_COUNT}), where)
    return value


def build_snapshot(form: CalcForm) -> dict[str, Any]:
    """The ``tsukiji-snapshot/1`` the form describes. Fields hidden by an unticked
    Expansion or Bank are left out, so what is scored is what is shown."""
    players = []
    for i, p in enumerate(form.players):
        where = f"players[{i}]"
        entry: dict[str, Any] = {"name": form.player_name(i), "yen": _yen(p.get("yen", ""))}
        if form.bank:
            entry["loans"] = _number(p.get("loans", ""))
            entry["shares"] = _number(p.get("shares", ""))
        fish: dict[str, Any] = {}
        for c in FISH_COUNTERS:
            if c.expansion and not form.expansion:
                continue
            raw = p.get(c.name, "")
            key = c.name.split(".")[1]
            if c.printed is not None:
                n = _printed_count(raw, f"{where}.{c.name}")
                fish.setdefault(key, []).extend([c.printed] * n)
            elif key == "salmon":
                fish.setdefault("salmon", {})[c.name.rpartition(".")[2]] = _number(raw)
            else:
                fish[key] = _number(raw)
        # Absent means 0 in a snapshot; leaving zeros out keeps the download readable.
        entry["fish"] = {k: v for k, v in fish.items() if v not in (0, [], _NO_SALMON)}
        players.append(entry)

    markets: dict[str, Any] = {
        "overfished": [m for m in form.overfished if form.expansion or not _is_expansion_market(m)],
        "external": [e for e in form.external if form.expansion or e != "overfishing"],
    }
    for c in MARKET_COUNTERS:
        raw = form.markets.get(c.name, "")
        if raw.strip() and (form.expansion or not c.expansion):
            market, attr = c.name.split(".")[1:]
            markets[market] = {attr: _number(raw)}
    return {"format": FORMAT, "players": players, "markets": markets}


def _is_expansion_market(market: str) -> bool:
    m = FISH_MARKETS.get(market)
    return bool(m and m.expansion)


@dataclass(frozen=True)
class FieldError:
    """An :class:`IllegalAction` put in words for the page."""

    field: str
    label: str
    message: str | Message

    @property
    def sentence(self) -> str:
        """The message as a sentence on its own, shown next to the field (in the
        request's language when the rules gave a message code)."""
        text = msg(self.message).replace("in markets.external", "in play")
        stop = "。" if current_lang() == "ja" else "."  # issue #21: never 「…ません.」
        return text[:1].upper() + text[1:] + ("" if text.endswith((".", "。")) else stop)

    @property
    def text(self) -> str:
        """The message with the field it is about, for the report and the summary bar."""
        return str(gettext("%(label)s: %(sentence)s", label=self.label, sentence=self.sentence))


def _field_label(form: CalcForm, path: str) -> str:
    if m := _FIELD.fullmatch(path):
        i, sub = int(m.group(1)), m.group(2)
        sub = re.sub(r"\[\d+\]$", "", sub)  # players[0].fish.tuna[1] -> fish.tuna
        names: dict[str, Any] = {c.name: c.label for c in PLAYER_COUNTERS}
        names.update({"name": gettext("Name"), "yen": gettext("Yen")})
        names.update({"fish.salmon": plain_local_name("salmon")})
        names.update({f"fish.{k}": plain_local_name(k) for k in TOKEN_NAMES})
        return f"{form.player_name(i)} · {names.get(sub, sub)}"
    for c in MARKET_COUNTERS:
        if path == c.name or path == c.name.rsplit(".", 1)[0]:
            return str(c.label)
    if path.startswith("markets.overfished"):
        return str(gettext("Overfished markets"))
    if path.startswith("markets.external"):
        return str(gettext("Markets in play"))
    if path == "players":
        return str(gettext("Players"))
    return path or str(gettext("Table"))


def evaluate(form: CalcForm) -> dict[str, Any]:
    """Everything the templates need: the form, and the report or the error."""
    context: dict[str, Any] = {
        "form": form,
        "fish_counters": FISH_COUNTERS,
        "bank_counters": BANK_COUNTERS,
        "market_counters": MARKET_COUNTERS,
        "overfishable": OVERFISHABLE,
        "token_names": LocalNames(),
        "min_players": MIN_PLAYERS,
        "max_players": MAX_PLAYERS,
        "report": None,
        "error": None,
        "snapshot_href": None,
    }
    if form.is_blank():
        return context
    try:
        snapshot = build_snapshot(form)
        report = score_snapshot(snapshot).to_json()
    except IllegalAction as exc:
        path = exc.field or ""
        message = exc.code_message or exc.message
        context["error"] = FieldError(path, _field_label(form, path), message)
        return context
    players: list[dict[str, Any]] = report["players"]  # type: ignore[assignment]
    context["report"] = report
    # Best first; sorted() is stable, so tied players keep their seat order.
    context["standings"] = sorted(players, key=lambda p: int(p["rank"]))
    text = json.dumps(snapshot, ensure_ascii=False, indent=1)
    context["snapshot_href"] = "data:application/json;charset=utf-8," + quote(text)
    return context


def field_id(name: str) -> str:
    """An HTML id for a form name: ``players[0].fish.eel`` -> ``players-0-fish-eel``."""
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")


@bp.app_template_global("calc_field_id")
def _calc_field_id(name: str) -> str:
    return field_id(name)


@bp.get("/")
def page() -> str:
    return render_template("calculator/page.html", **evaluate(CalcForm.blank()))


@bp.post("/")
def submit() -> tuple[str, int]:
    """The whole form posted: without JavaScript, or Add / Remove player through htmx."""
    form = CalcForm.from_form(request.form)
    form.apply(request.form)
    context = evaluate(form)
    if getattr(request, "htmx", False):
        return render_template("calculator/_calculator.html", **context), 200
    return render_template("calculator/page.html", **context), 400 if context["error"] else 200


@bp.post("/report")
def report() -> str:
    """The report fragment (and the summary bar, out of band) for the form as it stands."""
    context = evaluate(CalcForm.from_form(request.form))
    return render_template("calculator/_report_response.html", **context)
