"""Every screen in Japanese has no English left (issue #11): each page a Japanese device
reads (home, new game and its preview, the table screen, the phones with the turn guide on
every panel and every market, the calculator, the report, the rules cards, the card game's
pages and deck, Jutaku) is read through the real app with ``Accept-Language: ja``; its
visible text (and the attributes people read: title, aria-label, placeholder, alt) must
hold no run of ASCII letters but names, ids and units.

What is English on purpose is marked so: an element with ``lang="en"`` (a board's English
name beside its Japanese, the switch's "English") is skipped with all it holds."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from test_i18n_pages import JA, auth

PLAYERS = ["Aiko", "Bo", "Chiyo"]
#: Words a Japanese page may show as they are: the players' names, the games' titles as
#: printed on their boxes, units and formats (the app's own name is 築地コンパニオン).
ALLOWED = frozenset(
    PLAYERS
    + ["AP", "QR", "CSV", "JSON", "JavaScript", "MiB", "KiB", "WA-SA-BI"]
    + ["TOKYO", "TSUKIJI", "MARKET", "JUTAKU"]
    # The phones whose settings the keep-the-screen-on hint names, as Japan calls them.
    + ["iPhone", "Android"]
    # The rules cards' formulas (k tokens pay ¥100 × k²) and the Salmon board's printed "P"
    # (the player count); the Jutaku Salmon piece's printed 「f」 face, as the book says it.
    + ["k", "n", "P", "f"]
)
#: Patterns of ids: the readings and the team's questions (AMB-40, TC-03), a file of the
#: repository or a download (docs/readings.md, export.json), a sealed bid's receipt
#: (41DB-1A33), the file formats' names a refused file is told (tsukiji-game/1).
ALLOWED_PATTERNS = [
    re.compile(p)
    for p in (
        r"(AMB|TC)-\d+",
        r"(?a)[\w/.-]*\.(md|json|csv)\b",
        r"\b[0-9A-F]{4}-[0-9A-F]{4}\b",
        r"tsukiji-(game|snapshot|score)/1",
    )
]
#: Elements whose text is not shown (a page's <title> is: the tab and the home-screen icon).
HIDDEN = {"script", "style", "template"}
#: Attributes people read: shown by the browser (a tooltip, a screen reader, an empty
#: field, a missing image) or by the page's scripts (a confirm dialog, a failed fetch, a
#: stepper's limits, the table screen's voice).
READ_ATTRS = (
    *("title", "aria-label", "aria-description", "aria-valuetext", "placeholder", "alt"),
    *("hx-confirm", "data-confirm", "data-failed", "data-under", "data-over"),
    *("data-say-turn", "data-say-bid", "data-error-message", "data-hint", "data-dismiss"),
    "data-no-file",
)
#: Input types whose value is their label on the page.
LABELLED_BY_VALUE = {"submit", "button", "reset"}


def _read(tag: str, a: dict[str, str | None]) -> list[str]:
    said = [a[k] or "" for k in READ_ATTRS if a.get(k)]
    if tag == "input" and (a.get("type") or "") in LABELLED_BY_VALUE and a.get("value"):
        said.append(a["value"] or "")
    return said


VOID = {"br", "hr", "img", "input", "link", "meta", "source", "wbr", "area", "col", "embed"}


class _Text(HTMLParser):
    """The text people read, without what is marked English or hidden."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is it skipped?
        self.parts: list[str] = []

    def _skipping(self) -> bool:
        return any(self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        marked_en = (a.get("lang") or "ja").startswith("en")
        skip = tag in HIDDEN or marked_en
        if not marked_en and not self._skipping():  # a script's data-* words are read too
            self.parts += _read(tag, a)
        if tag not in VOID:
            self.stack.append(skip)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if not self._skipping() and not (a.get("lang") or "ja").startswith("en"):
            self.parts += _read(tag, a)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            self.parts.append(data)


def english(page: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The runs of ASCII letters left on a page, but the allowed ones (``also``: ids of
    this page's game, taken out whole)."""
    reader = _Text()
    reader.feed(page)
    text = " ".join(reader.parts)
    for pattern in ALLOWED_PATTERNS:
        text = pattern.sub(" ", text)
    for an_id in also:
        text = text.replace(an_id, " ")
    return [w for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", text) if w not in ALLOWED]


def test_the_scan_finds_english_and_skips_what_is_marked_english() -> None:
    assert english("<p>市場 <b>Overfished</b></p>") == ["Overfished"]
    assert english('<button title="Undo">↺</button>') == ["Undo"]
    assert english('<p>乱獲 <span lang="en">Overfishing <i>x</i></span> 円</p>') == []
    assert english("<script>var x = 1</script><p>Aikoの手番 (AP 2)</p>") == []
    assert english("<p>AMB-40 docs/readings.md</p><br><p>Bid</p>") == ["Bid"]
    assert english('<button hx-confirm="Undo it?">取り消す</button>') == ["Undo", "it"]
    assert english('<input type="submit" value="Save"><input name="x" value="eel">') == ["Save"]


# -- the pages -----------------------------------------------------------------------------------


def _pages(client: Any) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(name, page, words allowed on it: its game's id) for every screen."""
    yield from _pages_and_games(client, {})


def _pages_and_games(
    client: Any, games: dict[str, dict[str, Any]]
) -> Iterator[tuple[str, str, frozenset[str]]]:
    """:func:`_pages`, leaving the games it made in ``games`` ("board", "cards")."""

    def get(url: str, token: str | None = None, **headers: str) -> str:
        h = {**JA, **headers, **(auth(token) if token else {})}
        r = client.get(url, headers=h)
        assert r.status_code == 200, (url, r.status_code)
        page = str(r.get_data(as_text=True))
        # A whole page says it is Japanese (else the scan would skip it as English).
        assert "<html" not in page or '<html lang="ja"' in page, url
        return page

    none: frozenset[str] = frozenset()
    home = ("/", "/games/new", "/calculator/", "/jutaku/", "/rules/", "/rules/readings")
    for url in (*home, "/games/import"):
        yield url, get(url), none
    yield "/games/new/cards", get("/games/new/cards"), none
    yield "/games/new/cards/deck", get("/games/new/cards/deck"), none
    # The New game preview with the board numbers asked for (Expansion boards, Salmon's
    # disputed licences) and its checklist.
    form = {
        "player": PLAYERS,
        "expansion": "on",
        "manual": "on",
        "fish_market": ["mackerel", "salmon", "nori", "sardine", "clams_oysters"],
        "external_market": ["ships", "aquarium", "new_aquarium", "sushi"],
        "seed": "7",
    }
    r = client.post("/games/preview", data=form, headers={**JA, "HX-Request": "true"})
    preview = str(r.get_data(as_text=True))
    assert r.status_code == 200 and 'role="alert"' not in preview
    assert 'id="board-numbers"' in preview and 'id="note-salmon-licenses"' in preview
    yield "/games/preview", preview, none
    # A refused setting, said on the page.
    r = client.post("/games/preview", data={**form, "seed": "-1"}, headers=JA)
    assert 'role="alert"' in r.get_data(as_text=True)
    yield "/games/preview (refused)", str(r.get_data(as_text=True)), none

    body = {"players": PLAYERS, "seed": 7, "expansion": True, "variants": ["crash"]}
    g = client.post("/api/games", json=body).get_json()
    gid, host, seat = g["id"], g["host_token"], g["seats"][0]["token"]
    ids = frozenset({gid} | {s["token"] for s in g["seats"]} | {host})
    games["board"] = g
    for action in (
        {"type": "next_turn"},
        {"type": "pay", "from": "supply", "to": "Bo", "amount": 1200},
    ):
        assert (
            client.post(f"/api/games/{gid}/actions", json=action, headers=auth(host)).status_code
            == 201
        )
    yield "table", get(f"/games/{gid}/table", host), ids
    yield "seat (active)", get(f"/games/{gid}/seat", seat), ids
    yield "seat (waiting)", get(f"/games/{gid}/seat", g["seats"][1]["token"]), ids
    yield "report", get(f"/games/{gid}/report", host), ids
    hx = {"HX-Request": "true"}
    for panel in ("fishing", "purchasing", "markets", "free"):
        yield f"turn/{panel}", get(f"/games/{gid}/turn/{panel}", seat, **hx), ids
    state = client.get(f"/api/games/{gid}", headers=auth(host)).get_json()
    markets = [f["id"] for f in state["markets"]["fish"]] + [
        e["id"] for e in state["markets"]["external"]
    ]
    for m in markets:
        yield f"turn/markets/{m}", get(f"/games/{gid}/turn/markets/{m}", seat, **hx), ids
        yield f"rules/{m} (game)", get(f"/games/{gid}/rules/{m}", host), ids
    from companion.rules.rulecards import market_ids

    for m in market_ids():
        yield f"/rules/{m}", get(f"/rules/{m}"), none
    # The card game: its table, a phone, the deck.
    cg = client.post("/api/games", json={"game": "tsukiji_market", "players": ["Aiko", "Bo"]})
    c = cg.get_json()
    cids = frozenset({c["id"], c["host_token"]} | {s["token"] for s in c["seats"]})
    games["cards"] = c
    yield "cards table", get(f"/games/{c['id']}/table", c["host_token"]), cids
    yield "cards seat", get(f"/games/{c['id']}/seat", c["seats"][0]["token"]), cids
    yield "cards deck", get(f"/games/{c['id']}/cards/deck", c["host_token"]), cids
    # A sealed-bid auction open on the phones: a bidder's and the seller's.
    r = client.post(
        f"/api/games/{gid}/auctions",
        json={"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
        headers=auth(host),
    )
    assert r.status_code == 201, r.get_json()
    yield "seat (bidding)", get(f"/games/{gid}/seat", g["seats"][1]["token"]), ids
    yield "seat (selling)", get(f"/games/{gid}/seat", seat), ids
    yield "table (auction)", get(f"/games/{gid}/table", host), ids
    # The game ended: the score on the table screen, the phones and the report.
    for bidder in (1, 2):
        token = g["seats"][bidder]["token"]
        aid = r.get_json()["auction_id"]
        bid = client.post(
            f"/api/games/{gid}/auctions/{aid}/bids",
            json={"amount": 100 * bidder},
            headers=auth(token),
        )
        assert bid.status_code in (200, 201), bid.get_json()
    settle = client.post(f"/api/games/{gid}/auctions/{aid}/reveal", headers=auth(host))
    g["auction_id"] = aid
    yield "table (bids revealed)", get(f"/games/{gid}/table", host), ids
    end = client.post(f"/api/games/{gid}/actions", json={"type": "end_game"}, headers=auth(host))
    assert end.status_code == 201, (settle.get_json(), end.get_json())
    yield "table (over)", get(f"/games/{gid}/table", host), ids
    yield "seat (over)", get(f"/games/{gid}/seat", seat), ids
    yield "report (over)", get(f"/games/{gid}/report", host), ids
    # The calculator with a result and with a refused field; Jutaku being played.
    from test_calculator_page import THREE

    names = frozenset(v for k, v in THREE.items() if k.endswith(".name"))
    for data in (THREE, {**THREE, "players[1].yen": "lots"}):
        r = client.post("/calculator/", data=data, headers=JA)
        yield "calculator (scored)", str(r.get_data(as_text=True)), names
    r = client.post("/calculator/report", data=THREE, headers=JA)
    assert r.status_code == 200
    yield "calculator report", str(r.get_data(as_text=True)), names
    r = client.post("/jutaku/", data={"action": "start", "name": ["Aiko", "Bo"]}, headers=JA)
    assert r.status_code == 303
    yield "jutaku (playing)", get(r.headers["Location"]), none


def charts_english(page: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The English a page's charts would draw: the words of its chart data (labels,
    legends, axes, tooltips), which the browser paints on a canvas."""
    import json

    found: list[str] = []
    for data in re.findall(
        r'<script type="application/json" class="story-data">(.*?)</script>', page, re.S
    ):
        found += json_english(json.loads(data), also)
    return found


def test_no_japanese_page_has_english_left(client: Any) -> None:
    left = {
        name: words
        for name, page, ids in _pages(client)
        if (words := english(page, ids) + charts_english(page, ids))
    }
    assert not left, left


#: ASCII punctuation after (or an opening bracket before) Japanese: 「所持金: 数値」,
#: 「…ません.」, 「資源 (50)」 — Japanese writes ：。（）.
HALF_WIDTH = re.compile(
    r"[\u3040-\u30ff\u4e00-\u9fff」』）][:;,!?.](?![0-9A-Za-z])"
    r"|[\u3040-\u30ff\u4e00-\u9fff」』）] ?\((?!\d)|\([\u3040-\u30ff\u4e00-\u9fff]"
)


def test_japanese_pages_use_full_width_punctuation(client: Any) -> None:
    assert HALF_WIDTH.search("所持金: 数値") and HALF_WIDTH.search("なりません.")
    assert not HALF_WIDTH.search("所持金：1,200円（残り3個）。docs/readings.md")
    left = {}
    for name, page, _ids in _pages(client):
        reader = _Text()
        reader.feed(page)
        text = " ".join(reader.parts)
        if found := [
            text[max(0, m.start() - 12) : m.end() + 12] for m in HALF_WIDTH.finditer(text)
        ]:
            left[name] = found
    assert not left, left


@pytest.mark.parametrize("lang", [{}, {"Accept-Language": "en"}])
def test_an_english_page_is_english_for_the_scan(client: Any, lang: dict[str, str]) -> None:
    """The English home page says it is English, and read as a Japanese page would be it
    is full of English to the scan (so a page left untranslated cannot pass)."""
    page = client.get("/", headers=lang).get_data(as_text=True)
    assert '<html lang="en">' in page and english(page) == []
    assert len(english(page.replace('<html lang="en">', '<html lang="ja">', 1))) > 10


# -- every route, JSON and error pages included (issue #21) --------------------------------------

#: Keys of the JSON whose values are ids for programs (the fixed contracts' keys and values:
#: shared/spec/api.md, snapshot.md), never shown as they are: a page names them in words.
ID_KEYS = frozenset(
    {
        # ids of markets, tokens, boats, items, kinds, reasons; their names are beside them
        *("id", "key", "keys", "market", "item", "kind", "type", "fish", "code", "lot_codes"),
        *("cause", "trigger", "side", "status", "phase", "reason", "crash", "field"),
        *("where", "face", "variant", "lang"),
        *("money", "variants", "format", "game", "role", "color", "color_hex", "value_kind"),
        # secrets of the asker's own and times: tokens, join links, receipts, ISO times
        *("token", "host_token", "join_url", "receipt", "nonce", "auction_id", "at"),
        *("start_url", "scope", "display", "orientation", "src", "sizes", "purpose"),
        *("background_color", "theme_color", "mimetype", "url", "href", "rules_version"),
    }
)
#: A display name in English may stand beside its Japanese (``name`` and ``ja``, as the
#: markets always had): a script reads either, a Japanese phone the Japanese.
BESIDE = {"name": "ja", "board": "ja", "kind_name": "kind_ja", "lot": "lot_ja"}


def json_english(doc: Any, also: frozenset[str] = frozenset(), key: str = "") -> list[str]:
    """The English a JSON answer would show a Japanese reader, but ids (:data:`ID_KEYS`)
    and English names with their Japanese beside them (:data:`BESIDE`)."""
    found: list[str] = []
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k in ID_KEYS or (k in BESIDE and BESIDE[k] in doc):
                continue
            found += json_english(v, also, k)
    elif isinstance(doc, list):
        for v in doc:
            found += json_english(v, also, key)
    elif isinstance(doc, str):
        text = doc
        for an_id in also:
            text = text.replace(an_id, " ")
        found += [f"{key}: {w}" for w in english(f"<p>{html_escape(text)}</p>")]
    return found


def html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;")


def test_the_json_scan_reads_values_not_ids() -> None:
    doc = {"market": "eel", "name": "Eel", "ja": "ウナギ", "text": "Aiko took 1 Eel"}
    assert json_english(doc) == ["text: took", "text: Eel"]
    assert json_english({"name": "Freezer"}) == ["name: Freezer"]
    assert json_english({"kind_name": "Tuna auction", "kind_ja": "マグロの競り"}) == []
    chart = '<script type="application/json" class="story-data">{"axes": {"yen": "Yen"}}</script>'
    assert charts_english(chart) == ["yen: Yen"]


#: Routes no scan reads, each with its reason.
NOT_READ = {
    "/static/<path:filename>": "the app's own files (scripts, styles, images)",
    "/favicon.ico": "an image",
    "/apple-touch-icon.png": "an image",
    "/apple-touch-icon-precomposed.png": "an image",
    # The stream's events carry the regions of the live page, read here through /live.
    "/games/<game_id>/stream": "Server-Sent Events of the /live regions, read through /live",
    "/api/games/<game_id>/events": "read below as JSON (the route has no page)",
}
#: Files for programs and spreadsheets, whose columns and fields are the export format's
#: ids (docs/actions.md "Export"): read for refusals only.
FILES = ("/export", "/export.csv", "/export.json", "/snapshot", "/snapshot.json")


class _Recording:
    """The test client, remembering the rule each request reached."""

    def __init__(self, client: Any, app: Any) -> None:
        self.client, self.adapter = client, app.url_map.bind("localhost")
        self.reached: set[str] = set()

    def _note(self, method: str, url: str) -> None:
        try:
            rule, _ = self.adapter.match(url.split("?")[0], method, return_rule=True)
            self.reached.add(rule.rule)
        except Exception:  # a 404 or 405 on purpose
            pass

    def get(self, url: str, **kw: Any) -> Any:
        self._note("GET", url)
        return self.client.get(url, **kw)

    def post(self, url: str, **kw: Any) -> Any:
        self._note("POST", url)
        return self.client.post(url, **kw)


def _answer_english(r: Any, ids: frozenset[str]) -> list[str]:
    """The English in an answer: a page's visible text, or a JSON answer's values. An API
    refusal may quote the field the script sent (its ``field``): that is the script's own
    word, not a sentence's."""
    assert r.status_code < 500, (r.request.path, r.status_code)
    if 300 <= r.status_code < 400:
        return []  # a redirect's body is never shown: the browser follows it
    if r.is_json:
        doc = r.get_json()
        if isinstance(doc, dict) and isinstance(doc.get("field"), str):
            ids = ids | {doc["field"]}
        said = doc.get("error") if isinstance(doc, dict) else None
        half = [m.group() for m in HALF_WIDTH.finditer(said)] if isinstance(said, str) else []
        return json_english(doc, ids) + [f"half-width {h!r}" for h in half]
    body = r.get_data(as_text=True)
    if "<html" in body and not re.search(r"<html lang=\"?ja\b", body):
        return ["<html> not lang=ja"]
    if r.mimetype in ("text/html", "text/event-stream") or "<" in body:
        return english(body, ids) + charts_english(body, ids)
    if r.mimetype == "text/plain":
        return english(f"<p>{html_escape(body)}</p>", ids)
    return []


def test_every_route_in_japanese(client: Any, app: Any) -> None:
    """Every route of the app, read by a Japanese device: the pages of :func:`_pages`, the
    JSON answers, the error pages (404, 405, a refused form) and every POST's refusal;
    no route is left unread but :data:`NOT_READ`'s."""
    rec = _Recording(client, app)
    games: dict[str, dict[str, Any]] = {}
    left: dict[str, list[str]] = {}
    for name, page, ids in _pages_and_games(rec, games):
        if words := english(page, ids):
            left[name] = words
    g, c = games["board"], games["cards"]
    gid, host, seat = g["id"], g["host_token"], g["seats"][0]["token"]
    ids = frozenset(
        {gid, host, c["id"], c["host_token"]}
        | {s["token"] for s in g["seats"] + c["seats"]}
        | {"host"}  # the viewer's role id in the state's "viewer"
        # The field, value and address the refused requests below send, quoted back.
        | {"nonsense", "nope", "not-a-token"}
    )

    def read(method: str, url: str, token: str | None = None, **kw: Any) -> None:
        headers = {**JA, **(auth(token) if token else {}), **kw.pop("headers", {})}
        r = getattr(rec, method)(url, headers=headers, **kw)
        if words := _answer_english(r, ids):
            left[f"{method.upper()} {url} {r.status_code}"] = words

    aid = g["auction_id"]
    for url, token in (
        (f"/api/games/{gid}", host),
        (f"/api/games/{gid}", seat),
        (f"/api/games/{gid}/events", host),
        (f"/api/games/{gid}/auctions/{aid}", seat),
        (f"/api/games/{c['id']}", c["host_token"]),
        (f"/games/{gid}/live?as=host", host),
        (f"/games/{gid}/live?as=seat", seat),
        (f"/games/{gid}/turn", seat),
        (f"/games/{gid}/report/story", host),
        (f"/games/{gid}/report/replay/3", host),
        ("/league", None),
        ("/manifest.webmanifest", None),
        (f"/games/{c['id']}/cards/deck", c["host_token"]),
        # The error pages: an unknown address, game, market and panel.
        ("/no-such-page", None),
        ("/games/nope/table", None),
        ("/rules/nope", None),
        (f"/games/{gid}/turn/nope", seat),
        ("/api/games/nope", host),
        ("/join/not-a-token", None),
    ):
        read("get", url, token)
    # A closed panel's forms, fetched when opened (#16), for the host and a seat.
    from companion.web.board_pages import PANELS

    for panel in PANELS:
        read("get", f"/games/{gid}/forms/{panel}?as=host", host)
        read("get", f"/games/{gid}/forms/{panel}?as=seat", seat)
    read("get", f"/games/{gid}/forms/nope?as=seat", seat)
    for suffix in FILES:
        for base in (f"/api/games/{gid}", f"/games/{gid}"):
            rule_hit = rec.adapter.test(base + suffix, "GET")
            if rule_hit:
                read("get", base + suffix, "not-a-token")  # a refusal, in Japanese
    # A method a route does not take: 405.
    read("post", "/rules/")
    # Every POST refused (no token, a body it cannot take): its sentence in Japanese.
    for rule in app.url_map.iter_rules():
        if "POST" not in rule.methods:
            continue
        url = rule.rule.replace("<game_id>", gid).replace("<aid>", aid)
        url = url.replace("<int:seat_no>", "1").replace("<int:n>", "1")
        for body in ({"json": {"nonsense": 1}}, {"data": {"nonsense": "1"}}):
            read("post", url, **body)
        read("post", url, host, json={"type": "nonsense", "amount": "x"})
    unread = {r.rule for r in app.url_map.iter_rules() if r.rule not in rec.reached | set(NOT_READ)}
    assert not unread, f"routes no scan reads: {sorted(unread)}"
    assert not left, left


# -- a whole game read in Japanese (issue #21) ----------------------------------------------------


def test_a_whole_game_in_japanese(client: Any, app: Any) -> None:
    """The long scenario game (every kind of action, auctions, markets entering, undo and
    redo, the end) played by Japanese devices: every refusal it meets, every history line,
    the table screen, each phone, the report and its replay read with no English. What
    the players typed (a payment's note) is theirs, not the app's: taken out."""
    from test_game_scenario import SETUP, ClientGame, play_long_game

    notes: set[str] = set()
    refusals: list[tuple[str, str | None]] = []

    class JapaneseGame(ClientGame):
        def act(self, who: str, **action: Any) -> int:
            if isinstance(action.get("note"), str):
                notes.add(action["note"])
            return super().act(who, **action)

        def refuse(self, who: str, **action: Any) -> tuple[int, str, str | None]:
            r = self.client.post(
                f"/api/games/{self.game_id}/actions",
                json=action,
                headers={**JA, **self._auth(who)},
            )
            body = r.get_json()
            refusals.append((body["error"], body.get("field")))
            # The scenario checks the English sentence: hand it the English one.
            return super().refuse(who, **action)

    g = JapaneseGame(client, app.extensions["companion.store"], SETUP)
    play_long_game(g)
    assert refusals, "the scenario meets refusals"
    ids = frozenset(notes | {g.game_id, g.host, *g.seats.values()})
    left: dict[str, list[str]] = {}
    for said, field in refusals:
        # An API refusal may quote the values the API takes ("fresh"), its words beside.
        said = re.sub(r'"[A-Za-z0-9_:./-]+"', " ", said)
        if words := english(f"<p>{html_escape(said)}</p>", ids | ({field} if field else set())):
            left[f"refusal: {said}"] = words
        if half := [m.group() for m in HALF_WIDTH.finditer(said)]:
            left[f"refusal's punctuation: {said}"] = half
    host = auth(g.host)
    events = client.get(f"/api/games/{g.game_id}/events", headers={**JA, **host}).get_json()
    for e in events["events"]:
        if words := english(f"<p>{html_escape(e['text'])}</p>", ids):
            left[f"history: {e['text']}"] = words
        if half := [m.group() for m in HALF_WIDTH.finditer(e["text"])]:
            left[f"history's punctuation: {e['text']}"] = half
    pages = [(f"/games/{g.game_id}/table", g.host), (f"/games/{g.game_id}/report", g.host)]
    pages += [(f"/games/{g.game_id}/seat", token) for token in g.seats.values()]
    pages += [(f"/games/{g.game_id}/report/replay/{n}", g.host) for n in (1, 20, 40, 60)]
    for url, token in pages:
        r = client.get(url, headers={**JA, **auth(token)})
        assert r.status_code == 200, url
        if words := english(r.get_data(as_text=True), ids):
            left[url] = words
    state = client.get(f"/api/games/{g.game_id}", headers={**JA, **host}).get_json()
    assert state["turn"]["finished"]
    if words := json_english(state, ids | {"host"}):
        left["state"] = words
    assert not left, left


def test_a_whole_card_game_in_japanese(client: Any) -> None:
    """Tsukiji Market from the first bid to the end on Japanese devices: the ties (Night,
    Day, the Barrel in the centre), takes, a refused take, the Quick Knives that end it;
    after each step the table screen and both phones, at the end the history and the
    state's JSON. The cards' colours are the names the players gave them."""
    from test_cardgame_server import CARD, NEW, Game

    g = Game(client, {**NEW, "notches": 9})
    ids = frozenset({g.id, g.host, g.a, g.b, "red", "blue", "green"})
    left: dict[str, list[str]] = {}

    def read(step: str) -> None:
        for who, token in (("table", g.host), ("Aiko", g.a), ("Bo", g.b)):
            url = f"/games/{g.id}/table" if who == "table" else f"/games/{g.id}/seat"
            r = client.get(url, headers={**JA, **auth(token)})
            assert r.status_code == 200, (step, url)
            if words := english(r.get_data(as_text=True), ids):
                left[f"{step}: {who}"] = words

    def refused(token: str, body: dict[str, Any]) -> None:
        r = client.post(f"/api/games/{g.id}/actions", json=body, headers={**JA, **auth(token)})
        assert r.status_code in (400, 403, 409), r.get_json()
        doc = r.get_json()
        said = re.sub(r'"[A-Za-z0-9_:./-]+"', " ", doc["error"])
        field = {doc["field"]} if doc.get("field") else set()
        if words := english(f"<p>{html_escape(said)}</p>", ids | field):
            left[f"refusal: {doc['error']}"] = words

    read("start")
    refused(g.a, {"type": "take_card", "player": "Aiko", **CARD})  # nobody has a card yet
    g.round(2, 2)  # Night tie
    read("night tie")
    g.round(1, 1)  # Day tie, the Barrel in the centre
    read("day tie")
    g.round(1, 3)
    read("Bo won")
    refused(g.b, {"type": "take_card", "player": "Aiko", **CARD})  # not Aiko's phone
    assert g.take("Bo").status_code == 201
    g.round(4, 4)  # Day tie leaning toward Aiko: both take
    read("both take")
    assert g.take("Aiko", colour="blue", points=5).status_code == 201
    assert g.take("Bo", colour="green", points=1).status_code == 201
    for _ in range(4):
        g.round(2, 1)
        assert g.take("Aiko", knife=True).status_code == 201
    assert g.state()["finished"] is True
    read("the end")
    host = {**JA, **auth(g.host)}
    state = client.get(f"/api/games/{g.id}", headers=host).get_json()
    if words := json_english(state, ids | {"host"}):
        left["state"] = words
    assert not left, left


def test_a_whole_jutaku_in_japanese(client: Any) -> None:
    """『TOKYO JUTAKU』 on a Japanese phone: the start, a Tuna bought, exits with goods, a
    refused exit, an undo and everyone gone; every page read."""
    from urllib.parse import parse_qs, urlsplit

    left: dict[str, list[str]] = {}

    def read(step: str, r: Any) -> str:
        if r.status_code == 303:
            url = r.headers["Location"]
            r = client.get(url, headers=JA)
        assert r.status_code in (200, 400), (step, r.status_code)
        if words := english(r.get_data(as_text=True)):
            left[step] = words
        return str(r.request.url if r.status_code == 200 else "")

    r = client.post("/jutaku/", data={"action": "start", "name": ["Aiko", "Bo"]}, headers=JA)
    url = read("start", r)

    def g_of(url: str) -> str:
        return parse_qs(urlsplit(url).query)["g"][0]

    steps = [
        ("tuna", {"action": "buy_tuna", "player": "0"}),
        ("no player", {"action": "exit"}),
        ("exit", {"action": "exit", "player": "0", "carried.red": "1", "carried.salmon": "1"}),
        ("undo", {"action": "undo"}),
        ("exit again", {"action": "exit", "player": "0", "carried.shirt_trousers": "2"}),
        ("last exit", {"action": "exit", "player": "1", "carried.red": "2"}),
    ]
    for step, data in steps:
        r = client.post("/jutaku/", data={**data, "g": g_of(url)}, headers=JA)
        url = read(step, r) or url
    assert not left, left


def test_the_turn_guides_previews_and_flash_in_japanese(app: Any) -> None:
    """What the active phone shows before and after Confirm (the movements of a sale, a
    loan, a licence bought with its payouts; the recorded flash): no English."""
    from test_turn_pages import HX, VISIT, Game

    g = Game(app)
    g.act(type="gain_fish", player="Aiko", fish="eel", count=3)
    g.act(type="take_license", player="Bo", market="eel", count=1, pay=False)
    g.act(type="next_turn")
    phone = g.phones["Aiko"]
    left: dict[str, list[str]] = {}
    forms = {
        "eel": VISIT,
        "bank": {"type": "visit", "player": "Aiko", "market": "bank", "entry": "ap", "loans": "1"},
        "mackerel": {**VISIT, "market": "mackerel", "licenses": "1", "sell.eel": "0"},
    }
    for name, form in forms.items():
        r = phone.post(f"/games/{g.id}/turn/preview", data=form, headers={**HX, **JA})
        assert r.status_code == 200 and "次のことが起こります" in r.get_data(as_text=True), name
        if words := english(r.get_data(as_text=True), frozenset({g.id})):
            left[f"preview {name}"] = words
    seq = g.state()["seq"]
    r = phone.post(
        f"/games/{g.id}/turn/confirm",
        data={**VISIT, "expected_seq": str(seq)},
        headers={**HX, **JA, "Origin": "http://localhost"},
    )
    assert "記録しました" in r.get_data(as_text=True)
    if words := english(r.get_data(as_text=True), frozenset({g.id})):
        left["confirmed"] = words
    assert not left, left


def test_the_states_names_have_their_japanese_beside_them(client: Any) -> None:
    """A Japanese phone reading the JSON finds each name in Japanese beside the English
    (the ids unchanged): licences, fish tokens, the bag, an auction's kind and lot."""
    setup = {
        "players": PLAYERS,
        "seed": 7,
        "fish_markets": ["mackerel", "tuna", "spider_crab", "eel", "squid"],
        "external_markets": ["ships", "bank", "rentals"],
    }
    g = client.post("/api/games", json=setup).get_json()
    host = auth(g["host_token"])
    for body in (
        {"type": "next_turn"},
        {"type": "gain_fish", "player": "Aiko", "fish": "eel", "count": 2},
    ):
        assert (
            client.post(f"/api/games/{g['id']}/actions", json=body, headers=host).status_code == 201
        )
    r = client.post(
        f"/api/games/{g['id']}/auctions",
        json={"kind": "tuna", "owner": "Aiko", "drawn": "tuna:20"},
        headers=host,
    )
    assert r.status_code == 201, r.get_json()
    state = client.get(f"/api/games/{g['id']}", headers={**JA, **host}).get_json()
    aiko = state["players"][0]
    assert aiko["licenses"][0] == {
        "market": "mackerel",
        "name": "Mackerel",
        "ja": "サバ",
        "count": 1,
    }
    assert {"key": "eel", "name": "Eel", "ja": "ウナギ"}.items() <= aiko["fish"][0].items()
    assert all(b["ja"] == "マグロ" for b in state["markets"]["bag"] if b["fish"] == "tuna")
    auction = state["auction"]
    assert auction["kind"] == "tuna" and auction["kind_ja"] == "マグロの競り"
    assert auction["lot_ja"] == ["「20」のマグロ"], auction


def test_the_web_manifest_speaks_the_devices_language(client: Any) -> None:
    """A Japanese phone adding the app to its home screen gets a Japanese manifest (its
    lang, name and description); an English one the English; caches keep them apart."""
    ja = client.get("/manifest.webmanifest", headers=JA)
    en = client.get("/manifest.webmanifest")
    assert ja.get_json()["lang"] == "ja" and ja.get_json()["name"] == "築地コンパニオン"
    assert en.get_json()["lang"] == "en" and en.get_json()["name"] == "Tsukiji Companion"
    assert "Accept-Language" in ja.headers.get("Vary", "")


def test_an_unknown_address_is_a_page_in_the_devices_language(client: Any) -> None:
    """Werkzeug's own 404 and 405 (English, lang=en) are the app's pages, in Japanese on
    a Japanese device; under /api/ they are JSON."""
    page = client.get("/no-such-page", headers=JA)
    assert page.status_code == 404 and '<html lang="ja">' in page.get_data(as_text=True)
    assert "このアドレスにページはありません。" in page.get_data(as_text=True)
    assert "Not Found" not in page.get_data(as_text=True)
    wrong = client.delete("/rules/", headers=JA)
    assert wrong.status_code == 405 and "受け付けません" in wrong.get_data(as_text=True)
    assert "GET" in wrong.headers["Allow"]
    api = client.get("/api/no-such-thing", headers=JA)
    assert api.status_code == 404 and api.get_json() == {
        "error": "このアドレスにページはありません。"
    }
    en = client.get("/no-such-page")
    assert "There is no page at this address." in en.get_data(as_text=True)
