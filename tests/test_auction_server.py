"""Sealed bids through the JSON API (issue #4; shared/spec/api.md, "Identities", "Bad
input", auction endpoints), with the Flask test client on a real SQLite file.

Every refused bid is answered with one sentence and changes nothing: the game's version,
the stored sealed bids and the whole state as the host sees it stay the same. Only the
token decides whose bid it is; only the host and the auction's owner reveal and choose;
the reveal happens when the last eligible seat seals; undo takes an auction back whole.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

PLAYERS = ["Aiko", "Bo", "Chiyo", "Daichi"]
FISH = [
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
]
EXTERNAL = ["ships", "auction", "barter", "overseas", "bank"]
START = 2000


# -- helpers ------------------------------------------------------------------------------


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Game:
    def __init__(self, client: Any, **settings: Any) -> None:
        body = {
            "players": PLAYERS,
            "money": "open",
            "expansion": True,
            "variants": ["more_markets"],
            "fish_markets": FISH,
            "external_markets": EXTERNAL,
            "seed": 11,
            **settings,
        }
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.get_json()
        data = r.get_json()
        self.client = client
        self.id: str = data["id"]
        self.host: str = data["host_token"]
        self.seat: dict[str, str] = {s["name"]: s["token"] for s in data["seats"]}

    def post(self, path: str, token: str | None, body: Any = None) -> Any:
        return self.client.post(f"/api/games/{self.id}{path}", headers=auth(token), json=body)

    def get(self, path: str = "", token: str | None = None) -> Any:
        r = self.client.get(f"/api/games/{self.id}{path}", headers=auth(token or self.host))
        assert r.status_code == 200, r.get_json()
        return r.get_json()

    def state(self, token: str | None = None) -> dict[str, Any]:
        return self.get("", token)  # type: ignore[no-any-return]

    def act(self, token: str, body: dict[str, Any]) -> int:
        r = self.post("/actions", token, body)
        assert r.status_code == 201, r.get_json()
        return int(r.get_json()["seq"])

    def open(self, kind: str, owner: str = "Aiko", **extra: Any) -> str:
        r = self.post("/auctions", self.host, {"kind": kind, "owner": owner, **extra})
        assert r.status_code == 201, r.get_json()
        return str(r.get_json()["auction_id"])

    def bid(self, name: str, aid: str, amount: Any, **extra: Any) -> Any:
        return self.post(f"/auctions/{aid}/bids", self.seat[name], {"amount": amount, **extra})

    def auction(self, aid: str, token: str | None = None) -> dict[str, Any]:
        return self.get(f"/auctions/{aid}", token)  # type: ignore[no-any-return]


@pytest.fixture
def game(client: Any) -> Game:
    return Game(client)


def sealed_bids(app: Any, game: Game, aid: str) -> dict[int, tuple[int, str, str]]:
    """What the server keeps in its ``bids`` table for an auction."""
    return app.extensions["companion.store"].bids(game.id, aid)  # type: ignore[no-any-return]


def without_presence(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "host_connected"}


def assert_one_sentence(message: str) -> None:
    assert isinstance(message, str) and message
    assert message[0].isupper() or message[0] in '¥"', message
    assert message.endswith((".", "!", "?")), message
    # No second sentence: no sentence end followed by more text.
    assert not re.search(r"[.!?]\s+\S", message), message
    assert "\n" not in message and "Traceback" not in message


def yen(state: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["yen"] for p in state["players"]}


def fish(state: dict[str, Any]) -> dict[str, list[Any]]:
    return {p["name"]: p["fish"] for p in state["players"]}


# -- refused bids change nothing -----------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "status", "words"),
    [
        (2100, 400, "only ¥2,000"),  # above the bidder's Yen
        (1_000_000_000_000, 400, "at most ¥1,000,000"),  # bids are bounded (issue #7)
        (150, 400, "multiple of ¥100"),
        (50, 400, "multiple of ¥100"),
        (-100, 400, "negative"),
        ("abc", 400, "whole number"),
        ("", 400, "whole number"),
        ("-100", 400, "whole number"),
        (1.5, 400, "whole number"),
        (100.0, 400, "whole number"),
        (True, 400, "whole number"),
        (None, 400, "whole number"),
        ([300], 400, "whole number"),
        ({"yen": 300}, 400, "whole number"),
    ],
)
def test_a_bad_bid_is_refused_and_changes_nothing(
    app: Any, game: Game, amount: Any, status: int, words: str
) -> None:
    aid = game.open("spider_crab", drawn="spider_crab:6")
    assert game.bid("Chiyo", aid, 700).status_code == 201  # one bid already kept
    before = without_presence(game.state())
    stored = sealed_bids(app, game, aid)

    r = game.bid("Bo", aid, amount)

    assert r.status_code == status, r.get_json()
    body = r.get_json()
    assert words in body["error"]
    assert body.get("field") == "amount"
    assert_one_sentence(body["error"])
    assert without_presence(game.state()) == before  # version, history, Yen: all the same
    assert sealed_bids(app, game, aid) == stored
    assert game.auction(aid)["sealed"] == ["Chiyo"]


def test_a_request_without_an_amount_is_refused(app: Any, game: Game) -> None:
    aid = game.open("tuna", drawn="tuna:20")
    before = game.state()["seq"]
    for body in ({}, {"bid": 300}, [300], "300", None):
        r = game.post(f"/auctions/{aid}/bids", game.seat["Bo"], body)
        assert r.status_code == 400, (body, r.get_json())
        assert_one_sentence(r.get_json()["error"])
    assert game.state()["seq"] == before and sealed_bids(app, game, aid) == {}


@pytest.mark.parametrize(
    ("kind", "lot", "seller"),
    [
        ("barter", ["mackerel", "mackerel"], "Aiko"),
        ("auction_market", ["tuna:15"], "Aiko"),
    ],
)
def test_the_seller_may_not_bid_at_barter_or_the_auction_market(
    app: Any, game: Game, kind: str, lot: list[str], seller: str
) -> None:
    for code in lot:
        key, _, value = code.partition(":")
        game.act(
            game.host,
            {
                "type": "gain_fish",
                "player": seller,
                "fish": key,
                **({"value": int(value)} if value else {}),
            },
        )
    aid = game.open(kind, owner=seller, lot=lot)
    before = without_presence(game.state())
    for amount in (0, 300):
        r = game.bid(seller, aid, amount)
        assert r.status_code == 403, r.get_json()
        assert_one_sentence(r.get_json()["error"])
        assert "do not bid" in r.get_json()["error"]
    assert without_presence(game.state()) == before
    assert sealed_bids(app, game, aid) == {}
    assert seller not in game.auction(aid)["eligible"]
    # Everyone else may.
    assert game.bid("Bo", aid, 300).status_code == 201


def test_another_games_token_is_refused_with_403(app: Any, client: Any, game: Game) -> None:
    other = Game(client)
    aid = game.open("spider_crab", drawn="spider_crab:4")
    before = without_presence(game.state())
    for token in (other.seat["Bo"], other.host):
        r = game.post(f"/auctions/{aid}/bids", token, {"amount": 300})
        assert r.status_code == 403, r.get_json()
        assert_one_sentence(r.get_json()["error"])
    assert without_presence(game.state()) == before and sealed_bids(app, game, aid) == {}
    assert other.state()["seq"] == 0


def test_the_host_cannot_bid(app: Any, game: Game) -> None:
    aid = game.open("spider_crab", drawn="spider_crab:4")
    before = without_presence(game.state())
    r = game.post(f"/auctions/{aid}/bids", game.host, {"amount": 300})
    assert r.status_code == 403
    assert_one_sentence(r.get_json()["error"])
    assert "Only a player" in r.get_json()["error"]
    assert without_presence(game.state()) == before and sealed_bids(app, game, aid) == {}


def test_no_token_or_a_wrong_one_is_401_and_an_unknown_auction_404(app: Any, game: Game) -> None:
    aid = game.open("spider_crab", drawn="spider_crab:4")
    before = without_presence(game.state())
    assert game.post(f"/auctions/{aid}/bids", None, {"amount": 300}).status_code == 401
    assert game.post(f"/auctions/{aid}/bids", "not-a-token", {"amount": 300}).status_code == 401
    r = game.post("/auctions/a999/bids", game.seat["Bo"], {"amount": 300})
    assert r.status_code == 404
    assert_one_sentence(r.get_json()["error"])
    assert without_presence(game.state()) == before and sealed_bids(app, game, aid) == {}


def test_no_bid_after_the_reveal(app: Any, game: Game) -> None:
    aid = game.open("spider_crab", drawn="spider_crab:8")
    assert game.bid("Bo", aid, 500).status_code == 201
    assert game.post(f"/auctions/{aid}/reveal", game.host).status_code == 200
    assert game.auction(aid)["status"] == "settled"  # Bo alone bid: Bo wins
    before = without_presence(game.state())
    stored = sealed_bids(app, game, aid)
    for name, amount in (("Bo", 900), ("Chiyo", 1000), ("Aiko", 0)):
        r = game.bid(name, aid, amount)
        assert r.status_code == 409, r.get_json()
        assert_one_sentence(r.get_json()["error"])
        assert "revealed" in r.get_json()["error"]
    assert without_presence(game.state()) == before
    assert sealed_bids(app, game, aid) == stored
    r = game.post(f"/auctions/{aid}/reveal", game.host)
    assert r.status_code == 409
    assert_one_sentence(r.get_json()["error"])


# -- the token decides whose bid it is -----------------------------------------------------


def test_a_seat_cannot_bid_in_another_seats_name(app: Any, game: Game) -> None:
    aid = game.open("tuna", drawn="tuna:15")
    # A body naming another seat is refused outright (unknown fields are, issue #7) ...
    r = game.post(
        f"/auctions/{aid}/bids",
        game.seat["Bo"],
        {"amount": 400, "player": "Chiyo", "seat": 2, "name": "Chiyo"},
    )
    assert r.status_code == 400 and r.get_json()["field"] == "player"
    assert sealed_bids(app, game, aid) == {}
    # ... and the token alone says whose bid it is.
    assert game.bid("Bo", aid, 400).status_code == 201
    assert set(sealed_bids(app, game, aid)) == {1}  # Bo's seat, not Chiyo's
    assert sealed_bids(app, game, aid)[1][0] == 400
    view = game.auction(aid)
    assert view["sealed"] == ["Bo"] and "Chiyo" in view["missing"]
    assert game.auction(aid, game.seat["Bo"])["my_bid"]["amount"] == 400
    assert "my_bid" not in game.auction(aid, game.seat["Chiyo"])


def test_a_bid_is_answered_with_its_receipt_and_may_change_until_the_reveal(
    app: Any, game: Game
) -> None:
    aid = game.open("tuna", drawn="tuna:15")
    first = game.bid("Bo", aid, 400).get_json()
    assert first["sealed"] and first["amount"] == 400 and not first["revealed"]
    # JSON numbers are numbers: a digit string is refused (issue #7), and changes nothing.
    assert game.bid("Bo", aid, "600").status_code == 400
    second = game.bid("Bo", aid, 600).get_json()
    assert second["amount"] == 600 and second["receipt"] != first["receipt"]
    amount, _, code = sealed_bids(app, game, aid)[1]
    assert (amount, code) == (600, second["receipt"])
    assert game.bid("Chiyo", aid, 0).status_code == 201  # ¥0 is a bid
    assert game.bid("Daichi", aid, START).status_code == 201  # all one holds
    assert game.auction(aid)["sealed"] == ["Bo", "Chiyo", "Daichi"]


# -- who reveals, who chooses --------------------------------------------------------------


def test_only_the_host_or_the_owner_can_reveal(app: Any, game: Game) -> None:
    aid = game.open("spider_crab", owner="Chiyo", drawn="spider_crab:6")
    game.bid("Bo", aid, 300)
    before = without_presence(game.state())
    for name in ("Aiko", "Bo", "Daichi"):
        r = game.post(f"/auctions/{aid}/reveal", game.seat[name])
        assert r.status_code == 403, r.get_json()
        assert_one_sentence(r.get_json()["error"])
    assert without_presence(game.state()) == before
    assert game.post(f"/auctions/{aid}/reveal", game.seat["Chiyo"]).status_code == 200
    view = game.auction(aid)
    # Missing bids count ¥0.
    assert {b["name"]: b["amount"] for b in view["bids"]} == {
        "Aiko": 0,
        "Bo": 300,
        "Chiyo": 0,
        "Daichi": 0,
    }
    assert view["winner"] == "Bo"


def test_the_host_reveals_with_bids_missing(game: Game) -> None:
    aid = game.open("spider_crab", drawn="spider_crab:6")
    assert game.post(f"/auctions/{aid}/reveal", game.host).status_code == 200
    view = game.auction(aid)
    assert view["status"] == "revealed" and view["tied"] == PLAYERS  # all ¥0


def test_only_the_host_or_the_owner_can_choose(game: Game) -> None:
    aid = game.open("spider_crab", owner="Chiyo", drawn="spider_crab:6")
    for name in PLAYERS:
        game.bid(name, aid, 500 if name in ("Aiko", "Daichi") else 0)
    view = game.auction(aid)
    assert view["status"] == "revealed" and view["tied"] == ["Aiko", "Daichi"]
    before = without_presence(game.state())
    for name in ("Aiko", "Bo", "Daichi"):
        r = game.post(f"/auctions/{aid}/choose", game.seat[name], {"winner": name})
        assert r.status_code == 403, r.get_json()
        assert_one_sentence(r.get_json()["error"])
    assert without_presence(game.state()) == before
    r = game.post(f"/auctions/{aid}/choose", game.seat["Chiyo"], {"winner": "Bo"})
    assert r.status_code == 400  # not among the tied
    assert_one_sentence(r.get_json()["error"])
    assert without_presence(game.state()) == before
    assert (
        game.post(f"/auctions/{aid}/choose", game.seat["Chiyo"], {"winner": "Daichi"}).status_code
        == 200
    )
    state = game.state()
    assert yen(state) == {"Aiko": START, "Bo": START, "Chiyo": START + 500, "Daichi": START - 500}
    r = game.post(f"/auctions/{aid}/choose", game.host, {"winner": "Aiko"})
    assert r.status_code == 409  # settled already
    assert_one_sentence(r.get_json()["error"])


def test_the_host_chooses_too_and_barter_decline_keeps_the_lot(game: Game) -> None:
    game.act(game.host, {"type": "gain_fish", "player": "Aiko", "fish": "mackerel", "count": 2})
    before = game.state()
    aid = game.open("barter", lot=["mackerel", "mackerel"])
    for name, amount in (("Bo", 300), ("Chiyo", 500), ("Daichi", 100)):
        game.bid(name, aid, amount)
    assert game.auction(aid)["status"] == "revealed"  # Barter never settles itself
    assert game.post(f"/auctions/{aid}/choose", game.host, {"winner": None}).status_code == 200
    after = game.state()
    view = game.auction(aid)
    assert view["declined"] and view["winner"] is None
    assert yen(after) == yen(before) and fish(after) == fish(before)


# -- the reveal ----------------------------------------------------------------------------


def test_the_reveal_happens_when_the_last_eligible_seat_seals(app: Any, game: Game) -> None:
    aid = game.open("swordfish")
    for name, amount in (("Bo", 800), ("Aiko", 0), ("Daichi", 300)):
        r = game.bid(name, aid, amount)
        assert r.status_code == 201 and not r.get_json()["revealed"]
        view = game.auction(aid)
        assert view["status"] == "open" and "bids" not in view
    r = game.bid("Chiyo", aid, 100)
    assert r.status_code == 201 and r.get_json()["revealed"]
    view = game.auction(aid)
    assert view["status"] == "settled" and view["winner"] == "Bo"
    assert [(b["name"], b["amount"]) for b in view["bids"]] == [
        ("Aiko", 0),
        ("Bo", 800),
        ("Chiyo", 100),
        ("Daichi", 300),
    ]
    assert all(b["verified"] for b in view["bids"])
    state = game.state()
    assert state["markets"]["swordfish"] == 8
    assert yen(state)["Bo"] == START - 800 and yen(state)["Aiko"] == START + 800


def test_nothing_is_recorded_while_an_auction_is_open(game: Game) -> None:
    """The rules perform an auction before play goes on: a payment, the next turn or the
    end of the game waits for it, with a sentence that says so, and nothing changes."""
    aid = game.open("spider_crab", drawn="spider_crab:8")
    assert game.bid("Bo", aid, 1500).status_code == 201
    before = game.state()
    for action in (
        {"type": "pay", "from": "Bo", "to": "supply", "amount": 1000},
        {"type": "next_turn"},
        {"type": "end_game"},
    ):
        r = game.post("/actions", game.host, action)
        assert r.status_code == 400
        assert "Spider Crab auction is still open" in r.get_json()["error"]
    assert game.state()["seq"] == before["seq"]
    for name, amount in (("Chiyo", 400), ("Daichi", 0), ("Aiko", 0)):
        game.bid(name, aid, amount)
    assert game.auction(aid)["winner"] == "Bo"


# -- undo --------------------------------------------------------------------------------


def test_undo_takes_back_a_whole_auction(app: Any, game: Game) -> None:
    game.act(game.host, {"type": "pay", "from": "supply", "to": "Bo", "amount": 300})
    before = game.state()
    aid = game.open("tuna")  # drawn at random from the bag (seeded)
    view = game.auction(aid)
    assert view["lot"] and view["lot"][0].startswith("Tuna ")
    for name, amount in (("Aiko", 200), ("Bo", 900), ("Chiyo", 900), ("Daichi", 0)):
        game.bid(name, aid, amount)
    assert (
        game.post(f"/auctions/{aid}/choose", game.seat["Aiko"], {"winner": "Chiyo"}).status_code
        == 200
    )
    during = game.state()
    assert during["markets"]["bag"] != before["markets"]["bag"]
    assert yen(during)["Chiyo"] == START - 900
    auction_seqs = list(range(before["seq"] + 1, during["seq"] + 1))

    r = game.post("/undo", game.seat["Aiko"])
    assert r.status_code == 403  # only the host undoes
    r = game.post("/undo", game.host)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["undone"] == auction_seqs  # open, 4 seals, reveal, choice

    after = game.state()
    assert after["markets"]["bag"] == before["markets"]["bag"]  # the token is back
    assert yen(after) == yen(before) and fish(after) == fish(before)
    assert after["markets"]["swordfish"] == before["markets"]["swordfish"]
    assert after["auction"] is None and after["auctions"] == []
    r = game.client.get(f"/api/games/{game.id}/auctions/{aid}", headers=auth(game.host))
    assert r.status_code == 404
    undone = [row for row in after["history"] if row["seq"] in auction_seqs]
    assert len(undone) == len(auction_seqs) and all(row["undone"] for row in undone)
    # The earlier payment is untouched, and a new auction can open.
    assert yen(after)["Bo"] == START + 300
    game.open("spider_crab", drawn="spider_crab:4")


def test_undo_of_an_open_auction_and_of_an_overseas_auction(game: Game) -> None:
    game.act(game.host, {"type": "set_track", "track": "eel", "value": 3})
    before = game.state()
    aid = game.open(
        "overseas",
        barrels={"eel": 2, "mackerel": 1, "tuna": 3, "swordfish": 2, "spider_crab": 1},
        drawn=["tuna:20"],
    )
    game.bid("Bo", aid, 1500)
    middle = game.state()
    assert middle["markets"]["eel"] == 5 and yen(middle)["Aiko"] == START - 100
    assert game.post("/undo", game.host).status_code == 200  # open: seals and all
    after = game.state()
    assert after["auction"] is None
    assert after["markets"]["eel"] == 3 and yen(after) == yen(before)
    assert after["markets"]["bag"] == before["markets"]["bag"]
    # Bidding on the undone auction finds nothing.
    assert game.bid("Chiyo", aid, 100).status_code == 404
