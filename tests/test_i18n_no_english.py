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
#: printed on their boxes, units and formats, the app's own name.
ALLOWED = frozenset(
    PLAYERS
    + ["AP", "QR", "CSV", "JSON", "JavaScript", "MiB", "KiB", "WA-SA-BI"]
    + ["TOKYO", "TSUKIJI", "MARKET", "JUTAKU", "Tsukiji", "Companion"]
    # The rules cards' formulas (k tokens pay ¥100 × k²) and the Salmon board's printed "P"
    # (the player count).
    + ["k", "n", "P"]
)
#: Patterns of ids: the readings and the team's questions (AMB-40, TC-03), a file of the
#: repository or a download (docs/readings.md, export.json), a sealed bid's receipt
#: (41DB-1A33).
ALLOWED_PATTERNS = [
    re.compile(p)
    for p in (r"(AMB|TC)-\d+", r"[\w/.-]*\.(md|json|csv)\b", r"\b[0-9A-F]{4}-[0-9A-F]{4}\b")
]
#: Elements whose text is not shown.
HIDDEN = {"script", "style", "template", "title"}
READ_ATTRS = ("title", "aria-label", "placeholder", "alt")
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
        skip = tag in HIDDEN or (a.get("lang") or "ja").startswith("en")
        if not skip and not self._skipping():
            self.parts += [a[k] or "" for k in READ_ATTRS if a.get(k)]
        if tag not in VOID:
            self.stack.append(skip)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if not self._skipping() and not (dict(attrs).get("lang") or "ja").startswith("en"):
            self.parts += [v or "" for k, v in attrs if k in READ_ATTRS and v]

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


# -- the pages -----------------------------------------------------------------------------------


def _pages(client: Any) -> Iterator[tuple[str, str, frozenset[str]]]:
    """(name, page, words allowed on it: its game's id) for every screen."""

    def get(url: str, token: str | None = None, **headers: str) -> str:
        h = {**JA, **headers, **(auth(token) if token else {})}
        r = client.get(url, headers=h)
        assert r.status_code == 200, (url, r.status_code)
        page = str(r.get_data(as_text=True))
        # A whole page says it is Japanese (else the scan would skip it as English).
        assert "<html" not in page or '<html lang="ja"' in page, url
        return page

    none: frozenset[str] = frozenset()
    for url in ("/", "/games/new", "/calculator/", "/jutaku/", "/rules/", "/games/import"):
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


def test_no_japanese_page_has_english_left(client: Any) -> None:
    left = {name: words for name, page, ids in _pages(client) if (words := english(page, ids))}
    assert not left, left


@pytest.mark.parametrize("lang", [{}, {"Accept-Language": "en"}])
def test_an_english_page_is_english_for_the_scan(client: Any, lang: dict[str, str]) -> None:
    """The English home page says it is English, and read as a Japanese page would be it
    is full of English to the scan (so a page left untranslated cannot pass)."""
    page = client.get("/", headers=lang).get_data(as_text=True)
    assert '<html lang="en">' in page and english(page) == []
    assert len(english(page.replace('<html lang="en">', '<html lang="ja">', 1))) > 10
