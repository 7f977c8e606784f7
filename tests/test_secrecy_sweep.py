"""The secrecy sweep: every route of the app, as every viewer, searched for every secret.

The other secrecy tests (tests/test_game_views.py, tests/test_auction_secrecy.py,
tests/test_cardgame_server.py, tests/test_trust.py, tests/test_render_share.py) fetch the
pages they know. This one does not list pages: it walks ``app.url_map`` and builds the
requests from each rule's arguments (the game's id, each market in the game, each turn
panel, each static file …), so a route added tomorrow is fetched tomorrow. A rule the
planner cannot fill, and a POST rule with no refused body below, fails
:func:`test_every_route_is_swept` unless it is in :data:`ALLOWLIST`, with the reason.

Every request goes out as each viewer — the table screen, each seat (signed in through
its join link: a cookie), and nobody — both by cookie and by Bearer token, with
``?as=host``, ``?as=seat`` and neither, in English and in Japanese; the live streams
(``/stream``) are read up to their first ``update`` event, a bounded number of bytes.

The secrets (api.md "Secrecy", AMB-56, TC-02):

- **Closed money.** Each player holds an amount of Yen whose digits appear nowhere else
  (Aiko ¥4,300, Bo ¥1,700, Chiyo ¥3,900, Daichi ¥2,600). No response to a seat carries
  another seat's amount in any spelling ("¥4,300", "4,300円", "4300", "4,300"), and none
  to the table screen or nobody carries any. Nothing *derived* from them either: a twin
  server with Daichi at ¥3,400 instead answers everyone but Daichi byte for byte the same
  (after ids, tokens, QR drawings and clock times are blanked). Then the rules' reveals:
  at the check of a player with 50+ Resources, and at the end, every amount is on every
  table screen and phone (so the search can fail both ways).
- **Sealed bids.** Two twin servers; Bo seals ¥1,700 on one and ¥300 on the other.
  Everyone else gets the same bytes from every route.
- **The card game's fingers.** Four twin servers; Aiko shows 1, 2, 3 or 4 fingers. Bo,
  the table screen and nobody get the same bytes from every route.

Everything runs in process through the Flask test client on real SQLite files (the
stream too: the test client hands back the streaming body, read chunk by chunk).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import live_streams
from companion.paths import STATIC
from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS
from companion.web import create_app
from companion.web.board_pages import PANELS as FORM_PANELS
from companion.web.turn_guide import FREE_MOVES, PANELS

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
#: Each player's Yen: digit strings that appear nowhere else in the app.
YEN = {"Aiko": 4300, "Bo": 1700, "Chiyo": 3900, "Daichi": 2600}
START_YEN = 2000
#: Daichi's Yen on the twin server (the derived-leak check).
TWIN_DAICHI = 3400
GAME: dict[str, Any] = {
    "players": PLAYERS,
    "money": "closed",
    "expansion": True,
    "variants": ["more_markets"],
    "fish_markets": list(FISH_MARKETS),
    "external_markets": list(EXTERNAL_MARKETS),
    "seed": 5,
}
CARD_GAME = {"game": "tsukiji_market", "players": ["Aiko", "Bo"], "notches": 3}
LANGS = ("en", "ja")
QUERIES = ("", "?as=host", "?as=seat")
#: The most a live stream is read before its first event must have come.
STREAM_BYTES = 4 * 1024 * 1024
#: The keepalive interval of the sweep's servers (the app's is 15 s, pinned by
#: :func:`test_the_apps_keepalive_is_not_the_sweeps`). A card game's stream, before a
#: change, sends a keepalive as its first bytes: a card game test reads 48 such streams
#: (12 per game as a seat), which at 0.05 s each was 2.4 s of waiting. The bytes are the
#: same.
KEEPALIVE = 0.001
HOST = "table"
#: Who owns the auction the bid tests open (they may reveal it).
AUCTION_OWNER = "Aiko"
NOBODY = "nobody"

#: Rules the sweep does not request, each with its reason. Anything else unvisited fails.
ALLOWLIST: dict[str, str] = {
    # Static files are fetched one by one from the folder (see ``fill``); a rule with a
    # path converter has no game data in it.
}


# -- a game on its own server ----------------------------------------------------------------


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass
class World:
    """One server (app + SQLite file) with one game, a browser per viewer signed in by
    its join link, and the tokens for Bearer requests."""

    app: Flask
    id: str
    host: str
    seats: dict[str, str]
    browsers: dict[str, Any] = field(default_factory=dict)
    auctions: list[str] = field(default_factory=list)
    card_game: bool = False
    #: :func:`searchable` and :func:`normalised` of each distinct answer (headers and
    #: text) this world gave: of a sweep's ~10,000 answers ~1,400 differ (a static file,
    #: a rules card, a refusal is the same bytes for many viewers), and the blanking's
    #: regular expressions over the same 40 MB took a quarter of the sweep.
    done: dict[tuple[str, tuple[tuple[str, str], ...], str], str] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return list(self.seats)

    @property
    def viewers(self) -> list[str]:
        return [HOST, *self.seats, NOBODY]

    def token(self, viewer: str) -> str | None:
        if viewer == HOST:
            return self.host
        return self.seats.get(viewer)

    def api(self, method: str, path: str, token: str | None, body: Any = None) -> Any:
        r = self.app.test_client().open(path, method=method, headers=auth(token), json=body)
        data = r.get_json(silent=True)
        r.close()
        return r.status_code, data

    def act(self, **action: Any) -> None:
        status, data = self.api("POST", f"/api/games/{self.id}/actions", self.host, action)
        assert status == 201, data

    def version(self) -> int:
        """The game's version, read from the server's store (what ``GET /api/games/<id>``
        answers as ``seq``, without rendering the whole view after every POST)."""
        return int(self.app.extensions["companion.store"].state(self.id).version)

    def secrets_replaced(self, text: str) -> str:
        text = text.replace(self.id, "GAME")
        for token in [self.host, *self.seats.values()]:
            text = text.replace(token, "TOKEN")
        return text


def new_world(tmp: Path, body: dict[str, Any], name: str) -> World:
    app = create_app({"TESTING": True, "DATABASE": str(tmp / f"{name}.sqlite3")})
    r = app.test_client().post("/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    data = r.get_json()
    world = World(
        app, data["id"], data["host_token"], {s["name"]: s["token"] for s in data["seats"]}
    )
    world.card_game = body.get("game") == "tsukiji_market"
    for viewer in world.viewers:
        browser = app.test_client()
        token = world.token(viewer)
        if token:
            r = browser.get(f"/join/{token}")
            assert r.status_code == 303, viewer
        world.browsers[viewer] = browser
    return world


def shutdown(world: World) -> None:
    stop = world.app.extensions.get("companion.shutdown")
    if stop:
        stop()


def board_world(tmp: Path, name: str, yen: dict[str, int]) -> World:
    """The closed-money game with every market, each player at their amount, something
    at sea and on a Harbor for the panels to show, and Aiko's turn under way."""
    w = new_world(tmp, GAME, name)
    for player, amount in yen.items():
        if amount > START_YEN:
            w.act(type="pay", **{"from": "supply", "to": player, "amount": amount - START_YEN})
        elif amount < START_YEN:
            w.act(type="pay", **{"from": player, "to": "supply", "amount": START_YEN - amount})
    w.act(type="gain_fish", player="Aiko", fish="eel", count=2)
    w.act(type="gain_fish", player="Aiko", fish="octopus", count=1)
    w.act(type="gain_fish", player="Chiyo", fish="squid", count=1)
    w.act(type="take_license", player="Bo", market="eel", count=1, pay=False)
    w.act(type="next_turn")
    return w


# -- the plan: every rule, filled ----------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """One request of the sweep: what the viewer sends."""

    rule: str
    method: str
    url: str
    json: Any = None
    form: dict[str, str] | None = None
    #: A live stream: read up to its first event, never to its end.
    stream: bool = False

    @property
    def key(self) -> str:
        body = json.dumps(self.json if self.json is not None else self.form, sort_keys=True)
        return f"{self.method} {self.url} {body if body != 'null' else ''}".strip()


def static_files() -> list[str]:
    return sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file())


ALL_MARKETS = [*FISH_MARKETS, *EXTERNAL_MARKETS]


def _values(w: World, rule: Any, arg: str) -> list[str] | None:
    """The values a path argument takes in this game (None: the planner cannot fill it)."""
    if arg == "game_id":
        return [w.id]
    if arg == "aid":
        return [*w.auctions, "a999"]
    if arg == "filename":
        return static_files()
    if arg == "token":
        return ["TOKEN"]  # the viewer's own join link (``send`` puts it in)
    if arg == "seat_no":
        return [str(n) for n in range(len(w.seats))] + ["9"]
    if arg == "market" and "/turn/" in rule.rule:
        return None  # filled with the panel (below)
    if arg == "market":
        return [*ALL_MARKETS, "no_such_market"]
    if arg == "panel":
        return [*PANELS, "no_such_panel"]
    if arg == "name" and "/forms/" in rule.rule:  # a closed panel's forms, as each role
        return [f"{n}?as={r}" for n in [*FORM_PANELS, "no_such_form"] for r in ("seat", "host")]
    if arg == "n":  # an entry of the log (the report's replay): the first, a few, none such
        return ["0", "1", "2", "3", "9999"]
    return None


def _turn_markets(panel: str) -> list[str]:
    """The second part of ``/turn/<panel>/<market>``: every market of the game for the
    Markets panel, every free move for Free moves, and one the panel does not have."""
    if panel == "markets":
        return [*ALL_MARKETS, "no_such_market"]
    if panel == "free":
        return [*FREE_MOVES, "no_such_move"]
    return ["eel"]


def fill(w: World, rule: Any) -> list[str] | None:
    """Every concrete path of a rule for this game, or None if an argument is unknown."""
    args = sorted(rule.arguments)
    paths = [rule.rule]
    if "panel" in args and "market" in args:
        out = []
        for panel in [*PANELS, "no_such_panel"]:
            for market in _turn_markets(panel):
                out.append(
                    rule.rule.replace("<game_id>", w.id)
                    .replace("<panel>", panel)
                    .replace("<market>", market)
                )
        return out
    for arg in args:
        values = _values(w, rule, arg)
        if values is None:
            return None
        pattern = re.compile(r"<(?:[a-z]+:)?" + arg + r">")
        paths = [pattern.sub(v, p) for p in paths for v in values]
    return paths


def _forms(w: World) -> dict[str, Callable[[str, str], list[Call]]]:
    """A POST rule's requests, by endpoint: bodies the server refuses (none of them may
    change the game; the sweep checks its version), and the preview's legal forms (a
    preview changes nothing). ``(viewer, path)`` → calls."""
    stale = -1  # replaced by the version before the current one when sent

    def j(*bodies: Any) -> Callable[[str, str], list[Call]]:
        return lambda viewer, path: [Call("", "POST", path, json=b) for b in bodies]

    def f(*bodies: dict[str, str]) -> Callable[[str, str], list[Call]]:
        return lambda viewer, path: [Call("", "POST", path, form=b) for b in bodies]

    def pays(viewer: str, path: str, *, form: bool) -> list[Call]:
        """Each player paying more than anyone holds: the refusal must not say how much
        they hold to anyone but themselves (TC-02, TC-05)."""
        calls = []
        for name in w.names:
            body = {"type": "pay", "from": name, "to": "supply", "amount": 9900}
            if form:
                role = "host" if viewer == HOST else "seat"
                calls.append(
                    Call(
                        "", "POST", path, form={**{k: str(v) for k, v in body.items()}, "as": role}
                    )
                )
            else:
                calls.append(Call("", "POST", path, json=body))
        stale_pay = {"type": "pay", "from": "supply", "to": w.names[0], "amount": 100}
        if form:
            calls.append(
                Call(
                    "",
                    "POST",
                    path,
                    form={**{k: str(v) for k, v in stale_pay.items()}, "expected_seq": str(stale)},
                )
            )
        else:
            calls.append(Call("", "POST", path, json={**stale_pay, "expected_seq": stale}))
        return calls

    def reveal(json_body: bool) -> Callable[[str, str], list[Call]]:
        """A reveal by the table screen or the auction's owner (Aiko) works (it takes no
        ``expected_seq``): they send it for the missing auction only, the others for
        every auction (refused)."""

        def calls(viewer: str, path: str) -> list[Call]:
            if viewer in (HOST, AUCTION_OWNER) and "/a999/" not in path:
                return []
            if json_body:
                return [Call("", "POST", path, json={})]
            return [Call("", "POST", path, form={"as": "host" if viewer == HOST else "seat"})]

        return calls

    a = w.names[0]
    previews = [
        {"type": "visit", "player": a, "market": "eel", "entry": "ap", "sell.eel": "1"},
        {"type": "visit", "player": a, "market": "bank", "entry": "ap", "loans": "1"},
        {
            "type": "visit",
            "player": a,
            "market": "octopus",
            "entry": "ap",
            "trade": "1",
            "takoyaki_prices[0]": "300",
            "takoyaki_prices[1]": "300",
            "takoyaki_prices[2]": "300",
        },
        {"type": "fishing", "player": a, "caught.mackerel": "1"},
        {"type": "purchase", "player": a},
        {"type": "open_port", "player": a},
        {"type": "visit", "player": a, "market": "ships", "entry": "ap", "buy.three_slot": "9"},
        {"type": "visit", "player": w.names[1], "market": "eel", "entry": "ap"},
    ]
    return {
        # The board game's JSON API.
        "game_api.create": j({}, {"players": ["Aiko"]}),
        "game_api.action": lambda v, p: pays(v, p, form=False),
        "game_api.open_auction": j({"kind": "tuna", "owner": a, "expected_seq": stale}),
        "game_api.bid": j({"amount": 9900}, {"amount": 150}, {"amount": -100}),
        "game_api.choose": j({"winner": w.names[1], "expected_seq": stale}),
        "game_api.reveal": reveal(json_body=True),
        "game_api.undo": j({"expected_seq": stale}),
        "game_api.redo": j({"expected_seq": stale}),
        # Reissuing by the table screen would work (and sign a phone out): others only.
        "game_api.reissue": lambda v, p: [] if v == HOST else [Call("", "POST", p, json={})],
        "report.export.import_api": j({}, {"format": "nothing"}),
        "report.export.import_post": j({}, {"format": "nothing"}),
        # A new table screen link would sign the sweep's own table screen out: others only.
        "game_api.reissue_host": lambda v, p: [] if v == HOST else [Call("", "POST", p, json={})],
        "cards.api_bid": j({"fingers": 5}, {"fingers": 2, "expected_seq": stale}),
        "jutaku.api_exit": j({}),
        "api.score": j({}),
        # The pages' forms.
        "calculator.submit": f({}),
        "calculator.report": f({}),
        "jutaku.submit": f({}),
        "newgame.create": f({"players": ""}),
        "newgame.preview": f({}),
        "cards.new_create": f({"a": ""}),
        "card_deck.save_server_deck": f({"c1_points": "x"}),
        "card_deck.save_game_deck": f({"c1_points": "x"}),
        "forms.act": lambda v, p: pays(v, p, form=True),
        "auctions.open_form": f({"kind": "tuna", "owner": a, "expected_seq": str(stale)}),
        "auctions.bid_form": f({"amount": "9900"}, {"amount": "150"}),
        "auctions.choose_form": f({"winner": w.names[1], "expected_seq": str(stale)}),
        "auctions.reveal_form": reveal(json_body=False),
        "cards.form_act": f({"type": "take_card", "expected_seq": str(stale)}),
        "cards.form_bid": f({"fingers": "5"}),
        "table.undo": f({"expected_seq": str(stale)}),
        "table.redo": f({"expected_seq": str(stale)}),
        # Claiming or reissuing on the table screen would work: others only.
        "auth.claim": lambda v, p: [] if v == HOST else [Call("", "POST", p, form={})],
        "auth.reissue": lambda v, p: [] if v == HOST else [Call("", "POST", p, form={})],
        "auth.reissue_host": lambda v, p: [] if v == HOST else [Call("", "POST", p, form={})],
        "turn.confirm": f({**previews[0], "expected_seq": str(stale)}),
        "turn.preview": f(*previews),
        # The language switch sets a cookie: sent from a browser of its own (see below).
        "i18n.switch": f({"lang": "ja"}),
    }


def plan(w: World, viewer: str) -> tuple[list[Call], set[str]]:
    """Every request of the sweep for one viewer, and the rules that got none."""
    forms = _forms(w)
    calls: list[Call] = []
    missed: set[str] = set()
    for rule in w.app.url_map.iter_rules():
        methods = rule.methods - {"HEAD", "OPTIONS"}
        name = f"{sorted(methods)} {rule.rule}"
        if rule.rule in ALLOWLIST:
            continue
        paths = fill(w, rule)
        if paths is None or not paths or ("POST" in methods and rule.endpoint not in forms):
            missed.add(name)
            continue
        for path in paths:
            if "GET" in methods:
                streaming = rule.endpoint == "stream.events"
                queries = QUERIES if path.startswith(f"/games/{w.id}") else ("",)
                for q in queries:
                    calls.append(Call(rule.rule, "GET", path + q, stream=streaming))
            if "POST" in methods:
                for call in forms[rule.endpoint](viewer, path):
                    calls.append(Call(rule.rule, "POST", call.url, json=call.json, form=call.form))
    return calls, missed


# -- the sweep -----------------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]]
    text: str


def read_stream(r: Any, key: str) -> str:
    """The first ``update`` event of a live stream (or the whole answer of a refusal),
    read chunk by chunk and never more than :data:`STREAM_BYTES`. It comes before any
    keepalive (a stream renders its viewer's page first)."""
    text = ""
    try:
        if r.status_code != 200 or r.mimetype != "text/event-stream":
            return decoded(r.get_data())
        size = 0
        for chunk in r.response:
            piece = chunk.decode() if isinstance(chunk, bytes) else chunk
            text += piece
            size += len(piece)
            if re.search(r"event: update\n(?:.*\n)*?\n", text) or size > STREAM_BYTES:
                break
            if ": keepalive" in text:
                break  # nothing to send until a change (the card game's stream)
        assert "event: update" in text or text.endswith(": keepalive\n\n"), (key, text[:500])
        return text
    finally:
        r.close()


def decoded(data: bytes) -> str:
    """A body as text: UTF-8, or (an icon, a picture) its bytes one character each."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        return data.decode("latin-1")


def send(w: World, viewer: str, mode: str, lang: str, call: Call, stale: int) -> Answer:
    token = w.token(viewer)
    if viewer == NOBODY or mode == "cookie":
        client = w.browsers[viewer]
        headers: dict[str, str] = {}
    else:
        client = w.app.test_client()
        headers = auth(token)
    if call.rule == "/join/<token>" or call.rule.endswith("/claim") or call.url == "/lang":
        client = w.app.test_client()  # its cookie would change who this browser is
    headers["Accept-Language"] = lang
    body_json = call.json
    form = call.form
    if (
        body_json is not None
        and isinstance(body_json, dict)
        and body_json.get("expected_seq") == -1
    ):
        body_json = {**body_json, "expected_seq": stale}
    if form is not None and form.get("expected_seq") == "-1":
        form = {**form, "expected_seq": str(stale)}
    url = call.url
    if call.rule == "/join/<token>":
        url = f"/join/{token}" if token else "/join/no-such-token"
    if call.method == "GET":
        r = client.get(url, headers=headers, buffered=not call.stream)
        text = read_stream(r, call.key) if call.stream else decoded(r.get_data())
        r.close()
    elif body_json is not None:
        r = client.post(url, headers=headers, json=body_json)
        text = r.get_data(as_text=True)
    else:
        r = client.post(url, headers=headers, data=form or {})
        text = r.get_data(as_text=True)
    # Not the Date, nor the Content-Length: a page 3,900 bytes long is no Yen of Chiyo's.
    kept = [(k, v) for k, v in r.headers.items() if k.lower() not in ("date", "content-length")]
    return Answer(r.status_code, kept, text)


Sweep = dict[tuple[str, str, str, str], Answer]


def sweep(w: World, viewers: list[str] | None = None, only: str | None = None) -> Sweep:
    """Every call of the plan as each viewer, by cookie and by token, in each language.
    ``only``: the calls whose URL contains it. Nothing of it may change the game."""
    before = w.version()
    out: Sweep = {}
    for viewer in viewers or w.viewers:
        calls, missed = plan(w, viewer)
        assert not missed, f"routes the sweep cannot fill: {sorted(missed)}"
        modes = ("cookie",) if viewer == NOBODY else ("cookie", "token")
        for mode in modes:
            for lang in LANGS:
                for call in calls:
                    if only is not None and only not in call.url:
                        continue
                    answer = send(w, viewer, mode, lang, call, before - 1)
                    assert answer.status < 500, (viewer, mode, lang, call.key, answer.text[:300])
                    if call.method == "POST":
                        assert w.version() == before, (viewer, mode, lang, call.key, answer.text)
                    out[(viewer, mode, lang, call.key)] = answer
    assert w.version() == before, "a request of the sweep changed the game"
    return out


# -- searching ----------------------------------------------------------------------------


def blank_qr(text: str) -> str:
    """A QR code draws its seat's join link: the drawing is blanked (the link in it is a
    token, replaced as a token), not the page around it."""
    return re.sub(r'(<div class="qr"[^>]*>)\s*<svg.*?</svg>', r"\1QR", text, flags=re.S)


def spellings(amount: int) -> re.Pattern[str]:
    """An amount as a number of its own, in every spelling: ``4300`` and ``4,300`` (so
    also ``¥4,300``, ``4,300円``, ``4300円``), never inside a longer number."""
    plain, grouped = str(amount), f"{amount:,}"
    return re.compile(
        rf"(?<![0-9,.])(?:{re.escape(plain)}|{re.escape(grouped)})(?![0-9]|[,.][0-9])"
    )


def searchable(w: World, answer: Answer) -> str:
    key = ("searchable", tuple(answer.headers), answer.text)
    found = w.done.get(key)
    if found is None:
        heads = "\n".join(f"{k}: {v}" for k, v in answer.headers)
        found = w.done[key] = blank_qr(w.secrets_replaced(heads + "\n\n" + answer.text))
    return found


def leaks(w: World, answers: Sweep, amounts: dict[str, int] | None = None) -> list[str]:
    """Every response that carries an amount its viewer may not see: a seat, the others';
    the table screen and nobody, any (``amounts``: each player's Yen, :data:`YEN` unless
    given)."""
    amounts = amounts or YEN
    found = []
    patterns = {name: spellings(n) for name, n in amounts.items()}
    #: Each distinct text's first hit per player (the same bytes answer many viewers).
    hits: dict[str, dict[str, re.Match[str] | None]] = {}
    for (viewer, mode, lang, key), answer in answers.items():
        text = searchable(w, answer)
        if text not in hits:
            hits[text] = {name: patterns[name].search(text) for name in amounts}
        for name in amounts:
            if name == viewer:
                continue
            hit = hits[text][name]
            if hit:
                around = text[max(0, hit.start() - 120) : hit.end() + 60]
                found.append(f"{viewer}/{mode}/{lang} {key}: {name}'s Yen: …{around}…")
    return found


# -- normalising for the twins ---------------------------------------------------------------


def normalised(w: World, answer: Answer) -> tuple[int, str]:
    key = ("normalised", tuple(answer.headers), answer.text)
    found = w.done.get(key)
    if found is None:
        found = w.done[key] = _normalised(searchable(w, answer))
    return answer.status, found


def _normalised(text: str) -> str:
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(?:\+00:00|Z)?", "WHEN", text)
    text = re.sub(r"\b\d\d:\d\d(?::\d\d)?\b", "HH:MM", text)
    # A cookie's expiry is a date: the twins may be answered either side of midnight.
    text = re.sub(r"Expires=[^;]*GMT", "Expires=WHEN", text)
    # Dates the pages write (an export file's name, a report's day), for the same reason.
    text = re.sub(r"\b\d{4}-\d\d-\d\d\b", "DATE", text)
    return text


def differences(a: tuple[World, Sweep], b: tuple[World, Sweep], viewers: list[str]) -> list[str]:
    """The responses to ``viewers`` that differ between two twin servers (their calls
    named alike once the game id and tokens are blanked)."""

    def named(w: World, answers: Sweep) -> dict[tuple[str, ...], Answer]:
        return {(*k[:3], w.secrets_replaced(k[3])): v for k, v in answers.items()}

    (wa, sa), (wb, sb) = a, b
    left_all, right_all = named(wa, sa), named(wb, sb)
    assert set(left_all) == set(right_all)
    out = []
    for key, answer in left_all.items():
        if key[0] not in viewers:
            continue
        other = right_all[key]
        if answer.status == other.status and searchable(wa, answer) == searchable(wb, other):
            continue  # the same text normalises the same: the regular expressions are spared
        left, right = normalised(wa, answer), normalised(wb, other)
        if left != right:
            out.append(f"{key}: {first_difference(left[1], right[1])} ({left[0]}/{right[0]})")
    return out


def first_difference(x: str, y: str) -> str:
    n = next((i for i, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), min(len(x), len(y)))
    return f"…{x[max(0, n - 150) : n + 80]!r} ≠ …{y[max(0, n - 150) : n + 80]!r}"


# -- the tests -----------------------------------------------------------------------------


@pytest.fixture
def tmp(monkeypatch: pytest.MonkeyPatch, db_dir: Path) -> Path:
    """A folder for the servers' files (tests/conftest.py ``db_dir``: in memory where the
    machine has room). A stream with nothing to send yet (the card game's, before a
    change) waits one keepalive before its first bytes after ``retry``: the interval is
    shortened (:data:`KEEPALIVE`) so the sweep reads it without waiting."""
    monkeypatch.setattr(live_streams, "KEEPALIVE", KEEPALIVE)
    return db_dir


def test_the_apps_keepalive_is_not_the_sweeps() -> None:
    """The sweep's servers send keepalives every :data:`KEEPALIVE` (the ``tmp`` fixture);
    the app's own interval stays 15 s (companion/live_streams.py says why)."""
    assert live_streams.KEEPALIVE == 15.0
    assert KEEPALIVE < live_streams.KEEPALIVE


def test_every_route_is_swept(tmp: Path) -> None:
    """Every rule of the url map gets requests from the planner (or is allowlisted with its
    reason); an allowlisted rule that no longer exists is an error too. And the check can
    fail: a route added to the app without a filler or a refused body is reported."""
    w = board_world(tmp, "plan", YEN)
    try:
        rules = {r.rule for r in w.app.url_map.iter_rules()}
        assert set(ALLOWLIST) <= rules, set(ALLOWLIST) - rules
        swept: set[str] = set()  # some requests go out as some viewers only
        for viewer in w.viewers:
            calls, missed = plan(w, viewer)
            assert not missed, missed
            swept |= {c.rule for c in calls}
        assert rules - swept <= set(ALLOWLIST), rules - swept - set(ALLOWLIST)
        # Every GET rule of a game with its panels, markets and files, in numbers.
        calls, _ = plan(w, HOST)
        turn = [c for c in calls if c.rule == "/games/<game_id>/turn/<panel>/<market>"]
        assert len(turn) >= len(ALL_MARKETS) * len(QUERIES)
        assert sum(c.rule == "/static/<path:filename>" for c in calls) == len(static_files())

        app = create_app({"TESTING": True, "DATABASE": str(tmp / "extra.sqlite3")})
        app.add_url_rule("/games/<game_id>/secret/<thing>", "secret", lambda game_id, thing: "")
        app.add_url_rule("/games/<game_id>/post", "post", lambda game_id: "", methods=["POST"])
        other = World(app, w.id, w.host, w.seats, w.browsers)
        _, missed = plan(other, HOST)
        assert missed == {
            "['GET'] /games/<game_id>/secret/<thing>",
            "['POST'] /games/<game_id>/post",
        }
        shutdown(other)
    finally:
        shutdown(w)


#: Every viewer of the board game, each a test of its own in the sweeps below: the same
#: requests and checks as one sweep of every viewer, spread over the workers of ``-n``.
BOARD_VIEWERS = [HOST, *PLAYERS, NOBODY]


@pytest.mark.parametrize("viewer", BOARD_VIEWERS)
def test_closed_money_reaches_nobody_else_nor_anything_derived_from_it(
    tmp: Path, viewer: str
) -> None:
    """Before any reveal: every response to a seat lacks the others' amounts, every
    response to the table screen and nobody lacks all four; the owner's own page has its
    own (so the search finds what it looks for). Nothing derived from them either: twin
    servers, Daichi at ¥2,600 on one and ¥3,400 on the other, answer everyone but Daichi
    the same (no rank, no "lowest", no distance to ¥5,000). (One test per viewer: the
    first twin's sweep is the closed-money sweep, made once.)"""
    worlds = [
        board_world(tmp, "twin1", YEN),
        board_world(tmp, "twin2", {**YEN, "Daichi": TWIN_DAICHI}),
    ]
    w = worlds[0]
    try:
        one, two = (sweep(x, viewers=[viewer]) for x in worlds)
        found = leaks(w, one)
        assert not found, "\n".join(found[:30])
        if viewer in YEN:
            amount = YEN[viewer]
            page = one[(viewer, "cookie", "en", f"GET /games/{w.id}/seat")]
            assert spellings(amount).search(page.text), viewer
            page = one[(viewer, "cookie", "ja", f"GET /games/{w.id}/seat")]
            assert f"{amount:,}円" in page.text, viewer

        diff = differences((worlds[0], one), (worlds[1], two), [viewer])
        if viewer == "Daichi":
            # Daichi's own do differ (the comparison sees what it compares).
            assert diff
        else:
            assert not diff, "\n".join(diff[:20])
    finally:
        for x in worlds:
            shutdown(x)


@pytest.mark.parametrize("turns", [1, 2, 3], ids=PLAYERS[1:])
def test_closed_money_reaches_nobody_else_on_the_other_turns(tmp: Path, turns: int) -> None:
    """The other three turns (Bo's, Chiyo's, Daichi's; one test each): each seat's own
    turn panels and previews, as everyone, lack the amounts their viewer may not see."""
    w = board_world(tmp, "turns", YEN)
    try:
        for _ in range(turns):
            w.act(type="next_turn")
        name = PLAYERS[turns]
        answers = sweep(w, only="/turn")
        for viewer in w.viewers:  # the panels are the active phone's alone
            got = answers[(viewer, "cookie", "en", f"GET /games/{w.id}/turn/markets")]
            assert (got.status == 200) == (viewer == name), (viewer, got.status)
        found = leaks(w, answers)
        assert not found, "\n".join(found[:30])
    finally:
        shutdown(w)


#: The Yen after the check's turn (the story keeps what the check showed: new amounts).
LATER = {"Aiko": 5800, "Bo": 3100, "Chiyo": 4600, "Daichi": 3700}
#: The story of :func:`test_closed_money_is_revealed_where_the_rules_say`, each point of it
#: swept by a test of its own (each plays the story up to its point).
REVEAL_STAGES = ("after-a-round", "at-the-check", "closed-again", "at-the-end")


@pytest.mark.parametrize("stage", REVEAL_STAGES)
def test_closed_money_is_revealed_where_the_rules_say(tmp: Path, stage: str) -> None:
    """After a round no check reveals anything; at the check of a player with 50+
    Resources everyone's Yen is on every table screen and phone; the turn after, money is
    closed again (for the Yen held from then on: the story keeps the amounts the check
    showed, as public history); at the end every amount is on every table screen, phone
    and report."""
    w = board_world(tmp, "reveal", YEN)
    try:
        for _ in PLAYERS:  # Bo … Daichi, then Aiko again: no check reveals anything
            w.act(type="next_turn")
        game = f"/games/{w.id}/"
        if stage == "after-a-round":
            found = leaks(w, sweep(w, only=game))
            assert not found, "\n".join(found[:30])
            return

        for v in (25, 20, 15):  # Bo: 60 Resources, and the outright lowest Yen
            w.act(type="gain_fish", player="Bo", fish="tuna", value=v)
        w.act(type="next_turn")  # Bo's turn: the check shows everyone's Yen
        pages = [f"GET /games/{w.id}/table", f"GET /games/{w.id}/seat"]
        if stage == "at-the-check":
            answers = sweep(w, viewers=[HOST, *PLAYERS], only=game)
            for viewer in [HOST, *PLAYERS]:
                role = "host" if viewer == HOST else "seat"
                page = pages[0] if viewer == HOST else pages[1]
                for lang in LANGS:
                    for key in (
                        page,
                        f"GET /games/{w.id}/live?as={role}",
                        f"GET /games/{w.id}/stream?as={role}",
                    ):
                        text = answers[(viewer, "cookie", lang, key)].text
                        for name, amount in YEN.items():
                            assert spellings(amount).search(text), (viewer, lang, key, name)
            return

        w.act(type="next_turn")  # Chiyo's turn: closed again, for the new amounts
        for name, amount in LATER.items():
            w.act(type="pay", **{"from": "supply", "to": name, "amount": amount - YEN[name]})
        if stage == "closed-again":
            answers = sweep(w, only=game)
            found = leaks(w, answers, LATER)
            assert not found, "\n".join(found[:30])
            for name, amount in LATER.items():
                assert spellings(amount).search(answers[(name, "cookie", "en", pages[1])].text)
            return

        assert stage == "at-the-end", stage
        w.act(type="end_game")  # the end: the score shows everyone
        answers = sweep(w, viewers=[HOST, *PLAYERS], only=game)
        for viewer in [HOST, *PLAYERS]:
            role = "host" if viewer == HOST else "seat"
            for lang in LANGS:
                for key in (
                    pages[0] if viewer == HOST else pages[1],
                    f"GET /games/{w.id}/live?as={role}",
                    f"GET /games/{w.id}/report",
                ):
                    text = answers[(viewer, "cookie", lang, key)].text
                    for name, amount in LATER.items():
                        assert spellings(amount).search(text), (viewer, lang, key, name)
    finally:
        shutdown(w)


def open_auction(w: World) -> str:
    status, data = w.api(
        "POST",
        f"/api/games/{w.id}/auctions",
        w.host,
        {"kind": "spider_crab", "owner": AUCTION_OWNER, "drawn": "spider_crab:6"},
    )
    assert status == 201, data
    aid = str(data["auction_id"])
    w.auctions.append(aid)
    return aid


@pytest.mark.parametrize("viewer", BOARD_VIEWERS)
def test_a_sealed_bid_changes_nothing_anyone_else_gets(tmp: Path, viewer: str) -> None:
    """Twin servers, an auction open on each, Bo seals ¥1,700 on one and ¥300 on the
    other: every route answers everyone but Bo the same bytes (one test per viewer)."""
    worlds = []
    for amount in (1700, 300):
        w = board_world(tmp, f"bid{amount}", YEN)
        worlds.append(w)
        aid = open_auction(w)
        status, data = w.api(
            "POST", f"/api/games/{w.id}/auctions/{aid}/bids", w.seats["Bo"], {"amount": amount}
        )
        assert status == 201, data
    try:
        one, two = (sweep(w, viewers=[viewer]) for w in worlds)
        diff = differences((worlds[0], one), (worlds[1], two), [viewer])
        if viewer == "Bo":
            assert diff  # Bo's own do differ (the comparison sees what it compares)
        else:
            assert not diff, "\n".join(diff[:20])
    finally:
        for w in worlds:
            shutdown(w)


#: The update a card game's first bid (its version 1) brings to an open stream.
BID_EVENT = "id: 1\nevent: update\n"


def card_world(tmp: Path, fingers: int) -> tuple[World, dict[str, str]]:
    """A card game where Aiko showed ``fingers``, and what the table screen's and Bo's
    streams, open before the bid, sent on it (read up to the event it sends, each in a
    thread of its own: a streamed answer holds its request context while read)."""
    w = new_world(tmp, CARD_GAME, f"cards{fingers}")
    said: dict[str, str] = {}
    ready = {viewer: threading.Event() for viewer in (HOST, "Bo")}

    def listen(viewer: str) -> None:
        role = "host" if viewer == HOST else "seat"
        r = w.browsers[viewer].get(f"/games/{w.id}/stream?as={role}", buffered=False)
        text = ""
        try:
            for chunk in r.response:
                text += chunk.decode()
                ready[viewer].set()
                # The bid's own update (version 1); the table screen's stream also
                # sends its page at once when it opens (version 0, or 1 if later).
                if BID_EVENT in text and text.endswith("\n\n"):
                    break
        finally:
            r.close()
            text = text[text.index(BID_EVENT) :] if BID_EVENT in text else text
            said[viewer] = blank_qr(w.secrets_replaced(text.replace(": keepalive\n\n", "")))

    threads = [threading.Thread(target=listen, args=(v,)) for v in ready]
    for t in threads:
        t.start()
    for event in ready.values():
        assert event.wait(30), "a stream did not start"  # a guard, not a speed limit
    status, data = w.api("POST", f"/api/games/{w.id}/bids", w.seats["Aiko"], {"fingers": fingers})
    assert status == 201, data
    for t in threads:
        t.join(60)
    for viewer in ready:
        assert "event: update" in said[viewer] and "Aiko" in said[viewer], said[viewer]
    return w, said


@pytest.mark.parametrize("viewer", [HOST, "Bo", NOBODY, "Aiko"])
def test_the_card_games_fingers_change_nothing_anyone_else_gets(tmp: Path, viewer: str) -> None:
    """Four twin card games, Aiko showing 1, 2, 3 or 4 fingers: Bo, the table screen and
    nobody get the same bytes from every route, and the same update on the streams they
    had open (one test per viewer; Aiko's own answers do differ)."""
    worlds = []
    try:
        heard = []
        for fingers in (1, 2, 3, 4):
            w, said = card_world(tmp, fingers)
            worlds.append(w)
            heard.append(said)
        assert heard[0] == heard[1] == heard[2] == heard[3]
        if viewer == "Aiko":
            first, last = worlds[0], worlds[3]
            assert differences(
                (first, sweep(first, viewers=["Aiko"])),
                (last, sweep(last, viewers=["Aiko"])),
                ["Aiko"],
            )
            return
        answers = [sweep(w, viewers=[viewer]) for w in worlds]
        for k in (1, 2, 3):
            diff = differences((worlds[0], answers[0]), (worlds[k], answers[k]), [viewer])
            assert not diff, "\n".join(diff[:20])
    finally:
        for w in worlds:
            shutdown(w)
