"""The secrecy test of issue #4 (shared/spec/api.md, "Secrecy"; AMB-56).

One seat seals one distinctive bid (¥1,700: the digits ``1700``, ``1,700``, its receipt
code and its nonce). Then every page, fragment, JSON endpoint, error response and live
stream is fetched as every *other* seat and as the host, and none of them carries any of
it until the reveal; nor anything derived from it: with the same table and a different
amount, everything the others get is the same. The bidder's own page does show it (so the
check can see it), and after the reveal everyone does.

Also closed money: one seat's Yen never appears in another seat's state (nor the table
screen's), while their own does.

The JSON and pages go through the Flask test client on a real SQLite file; the live
streams are read from the real server process (``start_server``) over raw sockets, each
read bounded. No assertion is about time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from support import SSE, LiveServer, start_server

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
BIDDER, OWNER = "Bo", "Aiko"
OTHERS = ["Aiko", "Chiyo", "Daichi"]  # seats that are not the bidder
AMOUNT = 1700
GAME = {
    "players": PLAYERS,
    "money": "open",
    "expansion": True,
    "variants": ["more_markets"],
    "fish_markets": [
        "mackerel",
        "eel",
        "fugu",
        "spider_crab",
        "tuna",
        "swordfish",
        "salmon",
        "squid",
        "octopus",
        "red_snapper",
    ],
    "external_markets": ["ships", "auction", "barter", "overseas", "bank"],
    "seed": 5,
}
TIMEOUT = 15


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def digits(amount: int) -> re.Pattern[str]:
    """``1700`` or ``1,700`` as a number of its own (not inside a longer number)."""
    plain = str(amount)
    grouped = f"{amount:,}"
    return re.compile(
        rf"(?<![0-9]){re.escape(plain)}(?![0-9])|(?<![0-9]){re.escape(grouped)}"
        rf"(?![0-9])"
    )


class Needles:
    """What must not leak: the amount in both spellings, the receipt, the nonce."""

    def __init__(self, amount: int, receipt: str, nonce: str | None = None) -> None:
        self.amount = digits(amount)
        self.words = [receipt, receipt.lower()] + ([nonce] if nonce else [])

    def found(self, text: str) -> list[str]:
        hits = [m.group(0) for m in self.amount.finditer(text)]
        return hits + [w for w in self.words if w in text]


# -- a game through the test client ----------------------------------------------------------


class Table:
    def __init__(self, client: Any, app: Any, **settings: Any) -> None:
        r = client.post("/api/games", json={**GAME, **settings})
        assert r.status_code == 201, r.get_json()
        data = r.get_json()
        self.client, self.app = client, app
        self.id: str = data["id"]
        self.host: str = data["host_token"]
        self.seat: dict[str, str] = {s["name"]: s["token"] for s in data["seats"]}

    def token(self, viewer: str) -> str:
        return self.host if viewer == "host" else self.seat[viewer]

    def open_auction(self) -> str:
        r = self.client.post(
            f"/api/games/{self.id}/auctions",
            headers=auth(self.host),
            json={"kind": "spider_crab", "owner": OWNER, "drawn": "spider_crab:6"},
        )
        assert r.status_code == 201, r.get_json()
        return str(r.get_json()["auction_id"])

    def seal(self, aid: str, name: str, amount: int) -> dict[str, Any]:
        r = self.client.post(
            f"/api/games/{self.id}/auctions/{aid}/bids",
            headers=auth(self.seat[name]),
            json={"amount": amount},
        )
        assert r.status_code == 201, r.get_json()
        return r.get_json()  # type: ignore[no-any-return]

    def nonce(self, aid: str, seat: int) -> str:
        return str(self.app.extensions["companion.store"].bids(self.id, aid)[seat][1])

    def version(self) -> int:
        r = self.client.get(f"/api/games/{self.id}", headers=auth(self.host))
        return int(r.get_json()["seq"])


def reads(table: Table, aid: str, viewer: str) -> dict[str, Any]:
    """Every GET a viewer can make: path → response (text and status)."""
    token = table.token(viewer)
    role = "host" if viewer == "host" else "seat"
    gid = table.id
    paths = [
        f"/api/games/{gid}",
        f"/api/games/{gid}/auctions/{aid}",
        f"/api/games/{gid}/events",
        f"/api/games/{gid}/snapshot",
        f"/games/{gid}/snapshot.json",
        f"/games/{gid}/table",
        f"/games/{gid}/seat",
        f"/games/{gid}/live?as={role}",
        f"/games/{gid}/live?as=host",
        f"/games/{gid}/live?as=seat",
        "/",
        f"/api/games/{gid}/auctions/a999",
    ]
    out = {}
    for path in paths:
        r = table.client.get(path, headers=auth(token))
        out[f"GET {path}"] = (r.status_code, r.get_data(as_text=True))
        r.close()
    return out


def refusals(table: Table, aid: str, viewer: str) -> dict[str, Any]:
    """Requests this viewer makes that are refused (or that change nothing): their error
    bodies must not carry the bid either."""
    token = table.token(viewer)
    gid = table.id
    role = "host" if viewer == "host" else "seat"
    api = f"/api/games/{gid}"
    stale = table.version() - 1
    calls: list[tuple[str, str, dict[str, Any], str]] = [
        # A bid above what anyone holds, a bad one, and one on a missing auction.
        ("POST", f"{api}/auctions/{aid}/bids", {"amount": 9900}, "json"),
        ("POST", f"{api}/auctions/{aid}/bids", {"amount": 1650}, "json"),
        ("POST", f"{api}/auctions/{aid}/bids", {"amount": -AMOUNT}, "json"),
        ("POST", f"{api}/auctions/a999/bids", {"amount": 100}, "json"),
        # A stale action, an action that breaks a rule, a second auction, a choice now.
        (
            "POST",
            f"{api}/actions",
            {"type": "pay", "from": "supply", "to": "Chiyo", "amount": 100, "expected_seq": stale},
            "json",
        ),
        ("POST", f"{api}/actions", {"type": "auction_reveal", "auction": aid}, "json"),
        (
            "POST",
            f"{api}/auctions",
            {"kind": "tuna", "owner": "Chiyo", "expected_seq": stale},
            "json",
        ),
        ("POST", f"{api}/auctions", {"kind": "tuna", "owner": "Chiyo"}, "json"),
        ("POST", f"{api}/auctions/{aid}/choose", {"winner": BIDDER}, "json"),
        ("POST", f"{api}/undo", {"expected_seq": stale}, "json"),
        ("POST", f"{api}/redo", {}, "json"),
        # The htmx forms.
        ("POST", f"/games/{gid}/auctions/{aid}/bid", {"amount": "9900"}, "form"),
        (
            "POST",
            f"/games/{gid}/act",
            {
                "type": "pay",
                "from": "supply",
                "to": "Chiyo",
                "amount": "100",
                "expected_seq": str(stale),
                "as": role,
            },
            "form",
        ),
        ("POST", f"/games/{gid}/auctions/{aid}/choose", {"winner": BIDDER, "as": role}, "form"),
    ]
    if viewer not in ("host", OWNER):  # only they may reveal (and that is not a refusal)
        calls.append(("POST", f"{api}/auctions/{aid}/reveal", {}, "json"))
        calls.append(("POST", f"/games/{gid}/auctions/{aid}/reveal", {"as": role}, "form"))
    out = {}
    before = table.version()
    for method, path, body, kind in calls:
        if kind == "json":
            r = table.client.open(path, method=method, headers=auth(token), json=body)
        else:
            r = table.client.open(path, method=method, headers=auth(token), data=body)
        out[f"{method} {path} {json.dumps(body)}"] = (r.status_code, r.get_data(as_text=True))
        r.close()
        assert r.status_code >= 400, (path, body, r.status_code)
    assert table.version() == before  # nothing was recorded
    return out


def assert_secret(responses: dict[str, Any], needles: Needles, viewer: str) -> None:
    leaks = {key: needles.found(text) for key, (_, text) in responses.items()}
    leaks = {key: hits for key, hits in leaks.items() if hits}
    assert not leaks, f"the sealed bid leaks to {viewer}: {leaks}"


@pytest.fixture
def sealed(client: Any, app: Any) -> tuple[Table, str, Needles, str]:
    table = Table(client, app)
    aid = table.open_auction()
    before = {v: reads(table, aid, v) for v in ["host", *OTHERS]}
    answer = table.seal(aid, BIDDER, AMOUNT)
    needles = Needles(AMOUNT, answer["receipt"], table.nonce(aid, PLAYERS.index(BIDDER)))
    for viewer, responses in before.items():  # the needles were nowhere to begin with
        assert_secret(responses, needles, viewer)
    return table, aid, needles, answer["receipt"]


def test_a_sealed_bid_is_nowhere_for_anyone_else_until_the_reveal(
    sealed: tuple[Table, str, Needles, str],
) -> None:
    table, aid, needles, receipt = sealed
    for viewer in ["host", *OTHERS]:
        responses = reads(table, aid, viewer)
        assert_secret(responses, needles, viewer)
        assert_secret(refusals(table, aid, viewer), needles, viewer)
        # What they do see: that Bo has sealed.
        status, body = responses[f"GET /api/games/{table.id}/auctions/{aid}"]
        view = json.loads(body)
        assert status == 200 and view["sealed"] == [BIDDER] and view["status"] == "open"
        assert "bids" not in view and "my_bid" not in view and "highest" not in view
    # Still open, still secret after all those requests.
    assert table.version() == 2

    # The bidder's own page shows it (so the search above would have found it).
    mine = reads(table, aid, BIDDER)
    for path in (
        f"/api/games/{table.id}",
        f"/api/games/{table.id}/auctions/{aid}",
        f"/games/{table.id}/seat",
        f"/games/{table.id}/live?as=seat",
    ):
        assert needles.found(mine[f"GET {path}"][1]), path
    assert receipt in mine[f"GET /games/{table.id}/seat"][1]
    # But not in the bidder's own refusals, nor in the shared history.
    assert_secret({k: v for k, v in mine.items() if "/events" in k}, needles, BIDDER)


def test_after_the_reveal_the_bid_is_visible_to_all(
    sealed: tuple[Table, str, Needles, str],
) -> None:
    table, aid, needles, receipt = sealed
    r = table.client.post(f"/api/games/{table.id}/auctions/{aid}/reveal", headers=auth(table.host))
    assert r.status_code == 200
    for viewer in ["host", *PLAYERS]:
        responses = reads(table, aid, viewer)
        own_page = f"/games/{table.id}/table" if viewer == "host" else f"/games/{table.id}/seat"
        for path in (
            f"/api/games/{table.id}",
            f"/api/games/{table.id}/auctions/{aid}",
            own_page,
            f"/games/{table.id}/live?as=" + ("host" if viewer == "host" else "seat"),
        ):
            status, text = responses[f"GET {path}"]
            assert status == 200, (viewer, path)
            assert needles.amount.search(text), (viewer, path)
            assert receipt in text, (viewer, path)
        view = json.loads(responses[f"GET /api/games/{table.id}/auctions/{aid}"][1])
        bo = next(b for b in view["bids"] if b["name"] == BIDDER)
        assert bo["amount"] == AMOUNT and bo["receipt"] == receipt and bo["verified"]


# -- nothing derived from the amount ---------------------------------------------------------


def normalised(table: Table, text: str) -> str:
    text = text.replace(table.id, "GAME")
    for token in [table.host, *table.seat.values()]:
        text = text.replace(token, "TOKEN")
    # A QR code draws its seat's join link, which differs by token: blank the drawing (the
    # link in it is blanked above as a token), not the page.
    text = re.sub(r"<svg.*?</svg>", "QR", text, flags=re.S)
    text = re.sub(r"\d{4}-\d\d-\d\dT[\d:.]+(?:\+00:00|Z)?", "WHEN", text)
    return re.sub(r"\d\d:\d\d:\d\d", "HH:MM:SS", text)


def test_others_get_the_same_bytes_whatever_the_amount(client: Any, app: Any) -> None:
    """Two tables alike but for the sealed amount (¥1,700 and ¥300): every other viewer
    gets the same responses (after the game id, tokens and clock times are blanked), so
    not even the highest bid or a count of amounts can be read from them."""
    seen: list[dict[str, dict[str, Any]]] = []
    for amount in (AMOUNT, 300):
        table = Table(client, app)
        aid = table.open_auction()
        table.seal(aid, BIDDER, amount)
        views = {}
        for viewer in ["host", *OTHERS]:
            views[viewer] = {
                normalised(table, key): (status, normalised(table, text))
                for key, (status, text) in reads(table, aid, viewer).items()
            }
        seen.append(views)
    for viewer in ["host", *OTHERS]:
        for key, response in seen[0][viewer].items():
            assert response == seen[1][viewer][key], (viewer, key)


# -- closed money ------------------------------------------------------------------------


def test_closed_money_shows_a_seat_its_own_yen_only(client: Any, app: Any) -> None:
    table = Table(client, app, money="closed")
    r = client.post(
        f"/api/games/{table.id}/actions",
        headers=auth(table.host),
        json={"type": "pay", "from": "supply", "to": "Aiko", "amount": 3300},
    )
    assert r.status_code == 201
    aiko_yen = digits(5300)
    aid = table.open_auction()  # an auction underway, and a seal of Aiko's own
    table.seal(aid, "Aiko", 0)
    for viewer in ["host", "Bo", "Chiyo", "Daichi"]:
        token = table.token(viewer)
        r = client.get(f"/api/games/{table.id}", headers=auth(token))
        state = r.get_json()
        aiko = next(p for p in state["players"] if p["name"] == "Aiko")
        assert aiko["yen"] is None and aiko["end"]["yen_short"] is None
        assert not aiko_yen.search(r.get_data(as_text=True)), viewer
        for path in (
            f"/games/{table.id}/live?as=" + ("host" if viewer == "host" else "seat"),
            f"/games/{table.id}/seat",
            f"/api/games/{table.id}/events",
            f"/api/games/{table.id}/auctions/{aid}",
        ):
            text = client.get(path, headers=auth(token)).get_data(as_text=True)
            assert not aiko_yen.search(text), (viewer, path)
        me = next(p for p in state["players"] if p["is_me"]) if viewer != "host" else None
        if me is not None:
            assert me["yen"] == 2000  # their own Yen, and only theirs
            assert [p["yen"] for p in state["players"]].count(None) == 3
    r = client.get(f"/api/games/{table.id}", headers=auth(table.seat["Aiko"]))
    assert next(p for p in r.get_json()["players"] if p["name"] == "Aiko")["yen"] == 5300
    assert aiko_yen.search(r.get_data(as_text=True))


# -- the live streams, from the real server --------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    srv = start_server(tmp_path_factory.mktemp("secrecy") / "secrecy.sqlite3")
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.server
def test_live_streams_carry_the_bid_to_nobody_else_until_the_reveal(server: LiveServer) -> None:
    with requests.Session() as http:
        r = http.post(f"{server.url}/api/games", json=GAME, timeout=TIMEOUT)
        assert r.status_code == 201
        game = r.json()
        gid, host = game["id"], game["host_token"]
        seat = {s["name"]: s["token"] for s in game["seats"]}
        tokens = {"host": host, **seat}

        def stream(viewer: str) -> SSE:
            role = "host" if viewer == "host" else "seat"
            s = SSE(server.port, f"/games/{gid}/stream?as={role}", tokens[viewer])
            assert s.status == 200
            return s

        r = http.post(
            f"{server.url}/api/games/{gid}/auctions",
            headers=auth(host),
            json={"kind": "spider_crab", "owner": OWNER, "drawn": "spider_crab:6"},
            timeout=TIMEOUT,
        )
        assert r.status_code == 201
        aid = r.json()["auction_id"]
        listening: dict[str, SSE] = {}
        try:
            for viewer in ["host", *PLAYERS]:  # connected before the seal
                listening[viewer] = stream(viewer)
                listening[viewer].update(at_least=1)
            r = http.post(
                f"{server.url}/api/games/{gid}/auctions/{aid}/bids",
                headers=auth(seat[BIDDER]),
                json={"amount": AMOUNT},
                timeout=TIMEOUT,
            )
            assert r.status_code == 201
            sealed_at, receipt = r.json()["seq"], r.json()["receipt"]
            needles = Needles(AMOUNT, receipt)

            for viewer in ["host", *OTHERS]:
                seq, text = listening[viewer].update(at_least=sealed_at)
                assert seq == sealed_at
                assert not needles.found(text), (viewer, needles.found(text))
                assert f"✓ {BIDDER}" in text  # they do see that Bo sealed
            seq, text = listening[BIDDER].update(at_least=sealed_at)
            assert needles.found(text) and receipt in text  # the bidder's own page

            # A refused bid from another seat in between: no event, no leak.
            r = http.post(
                f"{server.url}/api/games/{gid}/auctions/{aid}/bids",
                headers=auth(seat["Chiyo"]),
                json={"amount": 9900},
                timeout=TIMEOUT,
            )
            assert r.status_code == 400 and not needles.found(r.text)

            # A viewer who connects now gets the current page first: still nothing.
            for viewer in ["host", *OTHERS]:
                late = stream(viewer)
                try:
                    seq, text = late.update(at_least=sealed_at)
                    assert seq == sealed_at and not needles.found(text), viewer
                finally:
                    late.close()

            r = http.post(
                f"{server.url}/api/games/{gid}/auctions/{aid}/reveal",
                headers=auth(host),
                timeout=TIMEOUT,
            )
            assert r.status_code == 200
            revealed_at = r.json()["seq"]
            for viewer in ["host", *OTHERS]:
                # Whatever else they were sent before the reveal (the host's page also
                # updates when phones come and go), none of it showed the bid while the
                # auction was open. (An update rendered just after the reveal may still
                # carry the id of the entry before it: the stream reads the version, then
                # renders; that block shows the revealed auction, which is public.)
                before = listening[viewer].update(at_least=revealed_at)
                earlier = [text for seq, text in listening[viewer].updates if seq < revealed_at]
                assert earlier, viewer
                for text in earlier:
                    if needles.found(text):
                        assert 'data-status="open"' not in text, (viewer, text)
                        assert re.search(r'data-status="(revealed|settled)"', text)
                listening[viewer].updates = [before]
            for viewer in ["host", *PLAYERS]:  # now everyone has it, at once
                seq, text = (
                    listening[viewer].updates[-1]
                    if viewer != BIDDER
                    else listening[viewer].update(at_least=revealed_at)
                )
                assert seq == revealed_at
                assert "¥1,700" in text and receipt in text, viewer
        finally:
            for s in listening.values():
                s.close()
