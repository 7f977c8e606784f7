"""What a viewer may learn, issue #17 ("Trust on a shared Wi-Fi"), items 1, 2, 4 and 6.

1. A turn preview is per viewer: with closed money, a Yen movement of another player has no
   amount (a rule that pays "down to ¥0", Nori Overfished, would tell a poorer player's
   Yen); refusals never name another player's Yen.
2. Yen from the supply is the table screen's to record, and its amount is public; a seat
   pays only from its own Yen.
4. A preview says a board is drawn from the box (or a token from the bag), never which.
6. A seat's link issued anew does not hand over the bid sealed with the old one: the bid
   stays in force, the new phone cannot read its amount, and may seal a new one.

Through the Flask test client on a real SQLite file (the pages, the forms and the JSON API
as each device uses them), and the rules core for the bag draw.
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

from companion.rules import guided
from companion.rules.messages import render
from companion.rules.moves import apply
from companion.rules.setup import make_config
from companion.rules.table import ForSale, initial_table

A, B, C = "Aiko", "Bo", "Chiyo"
HX = {"HX-Request": "true", "Sec-Fetch-Site": "same-origin"}
JA = {"Accept-Language": "ja"}

#: Closed money, Nori in play with one barrel left on its board: Aiko's Fishing action that
#: catches it Overfishes Nori, and every holder pays ¥100 per Nori token, down to ¥0.
NORI = {
    "players": [A, B, C],
    "seed": 5,
    "money": "closed",
    "expansion": True,
    "fish_markets": ["mackerel", "eel", "squid", "tuna", "nori"],
    "external_markets": ["ships", "bank", "rentals"],
    "board_numbers": {"nori": {"licenses": 3, "barrels": 1, "tokens": 20}},
}
#: Bo's Yen after paying Chiyo (a payment between two players: nobody else sees it), and his
#: Nori tokens: ¥800 owed, ¥700 paid.
BO_YEN, BO_NORI = 700, 8
CATCH = {"type": "fishing", "player": A, "caught.nori": "1"}


def text(html: str) -> str:
    return htmllib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


def amount(yen: int) -> re.Pattern[str]:
    """A Yen figure as a number of its own, with or without its thousands comma."""
    spellings = {str(yen), f"{yen:,}"}
    return re.compile("|".join(rf"(?<![0-9,]){re.escape(s)}(?![0-9,])" for s in spellings))


class Game:
    """One game: the JSON API as the host, one signed-in phone per seat."""

    def __init__(self, app: Any, setup: dict[str, Any]) -> None:
        self.app = app
        self.api = app.test_client()
        r = self.api.post("/api/games", json=setup)
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
        self.id, self.host = body["id"], body["host_token"]
        self.tokens = {s["name"]: s["token"] for s in body["seats"]}
        self.phones = {}
        for name, token in self.tokens.items():
            phone = app.test_client()
            assert phone.get(f"/join/{token}").status_code == 303
            self.phones[name] = phone

    def post(self, token: str, path: str, body: dict[str, Any]) -> Any:
        return self.api.post(
            f"/api/games/{self.id}{path}", json=body, headers={"Authorization": f"Bearer {token}"}
        )

    def get(self, token: str, path: str = "") -> Any:
        return self.api.get(
            f"/api/games/{self.id}{path}", headers={"Authorization": f"Bearer {token}"}
        )

    def act(self, **action: Any) -> None:
        r = self.post(self.host, "/actions", action)
        assert r.status_code == 201, r.get_json()

    def yen(self, name: str) -> int:
        return int(self.store().state(self.id).table.player(name).yen)

    def store(self) -> Any:
        return self.app.extensions["companion.store"]

    def seq(self) -> int:
        return int(self.store().state(self.id).version)

    def preview(self, who: str, form: dict[str, Any], headers: dict[str, str] | None = None) -> str:
        r = self.phones[who].post(
            f"/games/{self.id}/turn/preview", data=form, headers={**HX, **(headers or {})}
        )
        assert r.status_code == 200, r.get_data(as_text=True)
        return text(r.get_data(as_text=True))

    def history(self, who: str) -> list[str]:
        token = self.host if who == "host" else self.tokens[who]
        return [row["text"] for row in self.get(token, "/events").get_json()["events"]]


def nori_game(app: Any, money: str = "closed") -> Game:
    g = Game(app, {**NORI, "money": money})
    g.act(type="take_license", player=A, market="nori", count=1, pay=False)
    g.act(type="gain_fish", player=B, fish="nori", count=BO_NORI)
    g.act(type="gain_fish", player=C, fish="nori", count=1)
    g.act(type="pay", **{"from": B, "to": C, "amount": 2000 - BO_YEN})
    g.act(type="next_turn")
    # #19: Aiko's ship undocks before it catches (CATCH is the next Fishing action).
    g.act(type="fishing", player=A, boats=[{"boat": "b1", "do": "undock"}])
    assert g.yen(B) == BO_YEN
    return g


# -- 1. previews per viewer ---------------------------------------------------------------------


def test_a_preview_does_not_tell_a_poorer_players_yen_with_closed_money(app: Any) -> None:
    g = nori_game(app)
    for headers, hidden in (({}, "Bo → the supply: Yen"), (JA, "Bo → 共通サプライ：お金")):
        preview = g.preview(A, CATCH, headers)
        assert hidden in preview, preview
        # Bo pays all he has (¥700 of the ¥800 his tokens owe): nowhere in Aiko's preview.
        assert not amount(BO_YEN).search(preview), preview
        assert not amount(100 * BO_NORI).search(preview), preview
    # The action itself is unchanged: Bo paid all he had, Chiyo her ¥100.
    chiyo = g.yen(C)
    r = g.phones[A].post(
        f"/games/{g.id}/turn/confirm", data={**CATCH, "expected_seq": str(g.seq())}, headers=HX
    )
    assert r.status_code == 200, r.get_data(as_text=True)
    assert g.yen(B) == 0 and g.yen(C) == chiyo - 100


def test_with_open_money_a_preview_shows_every_amount(app: Any) -> None:
    g = nori_game(app, money="open")
    preview = g.preview(A, CATCH)
    assert f"Bo → the supply: ¥{BO_YEN:,} (Overfished)" in preview, preview
    assert "Chiyo → the supply: ¥100 (Overfished)" in preview, preview


def test_a_refusal_never_names_another_players_yen(app: Any) -> None:
    g = nori_game(app)
    too_much = {"type": "pay", "from": B, "to": "supply", "amount": 5000}
    # The table screen records for Bo: it hears that he cannot pay, never what he has.
    host = g.post(g.host, "/actions", too_much)
    assert host.status_code == 400
    assert "Bo cannot pay ¥5,000" in host.get_json()["error"]
    assert not amount(BO_YEN).search(host.get_json()["error"])
    # Another seat may not record for Bo at all (a refusal that tells nothing).
    aiko = g.post(g.tokens[A], "/actions", too_much)
    assert aiko.status_code == 403 and not amount(BO_YEN).search(aiko.get_json()["error"])
    # Bo himself reads his own Yen.
    bo = g.post(g.tokens[B], "/actions", too_much)
    assert bo.status_code == 400 and "Bo has only ¥700" in bo.get_json()["error"]
    # The same through the phone's form and the table screen's.
    g.phones[A].get(f"/join/{g.tokens[A]}")
    form = {**{k: str(v) for k, v in too_much.items()}, "expected_seq": str(g.seq())}
    table = g.app.test_client()
    assert table.get(f"/join/{g.host}").status_code == 303
    r = table.post(f"/games/{g.id}/act", data={**form, "as": "host"}, headers=HX)
    assert "Bo cannot pay" in text(r.get_data(as_text=True))
    assert not amount(BO_YEN).search(text(r.get_data(as_text=True)))


# -- 2. Yen from the supply -------------------------------------------------------------------


def test_a_seat_cannot_pay_itself_from_the_supply(app: Any) -> None:
    g = nori_game(app)
    before, seq = g.yen(A), g.seq()
    gift = {"type": "pay", "from": "supply", "to": A, "amount": 1_000_000}
    r = g.post(g.tokens[A], "/actions", gift)
    assert r.status_code == 403
    assert r.get_json()["error"] == (
        "Only the table screen can record Yen from the supply; record it there, in view of "
        "the table."
    )
    # Nor from the phone's form, nor to another player.
    form = {**{k: str(v) for k, v in gift.items()}, "as": "seat", "expected_seq": str(seq)}
    r = g.phones[A].post(f"/games/{g.id}/act", data=form, headers=HX)
    assert r.status_code == 403, r.get_data(as_text=True)
    assert "Only the table screen can record Yen from the supply" in text(r.get_data(True))
    r = g.post(g.tokens[A], "/actions", {**gift, "to": B, "amount": 100})
    assert r.status_code == 403
    assert g.yen(A) == before and g.seq() == seq
    # The phone's payment form offers no "from the supply"; the table screen's does.
    payer = re.compile(r'<select name="from".*?</select>', re.S)
    seat_form = payer.search(g.phones[A].get(f"/games/{g.id}/seat").get_data(as_text=True))
    assert seat_form and 'value="supply"' not in seat_form.group(0)
    table = g.app.test_client()
    assert table.get(f"/join/{g.host}").status_code == 303
    # (the table screen's payment panel is closed: its forms come when it opens, #16)
    table_form = payer.search(table.get(f"/games/{g.id}/forms/pay?as=host").get_data(as_text=True))
    assert table_form and 'value="supply"' in table_form.group(0)
    # In Japanese, in the rulebook's words.
    r = g.api.post(
        f"/api/games/{g.id}/actions",
        json=gift,
        headers={"Authorization": f"Bearer {g.tokens[A]}", **JA},
    )
    assert r.status_code == 403 and "共通サプライ" in r.get_json()["error"]


def test_the_table_screen_records_yen_from_the_supply_and_it_stays_closed(app: Any) -> None:
    """Recorded on the table screen, in view of the table, the entry is the table screen's;
    with closed money its amount is still the recipient's alone (an amount from the supply
    tells what they now hold), as a seat's payments from its own Yen are."""
    g = nori_game(app)
    table = g.app.test_client()
    assert table.get(f"/join/{g.host}").status_code == 303
    form = {"as": "host", "type": "pay", "from": "supply", "to": A, "amount": "700"}
    r = table.post(f"/games/{g.id}/act", data={**form, "expected_seq": str(g.seq())}, headers=HX)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert g.yen(A) == 2700
    r = g.post(g.tokens[A], "/actions", {"type": "pay", "from": A, "to": "supply", "amount": 300})
    assert r.status_code == 201, r.get_json()
    assert {"The supply paid Aiko ¥700", "Aiko paid the supply ¥300"} <= set(g.history(A))
    for who in (B, C, "host"):
        lines = g.history(who)
        assert {"The supply paid Aiko Yen", "Aiko paid the supply Yen"} <= set(lines), lines
    events = g.get(g.host, "/events").get_json()["events"]
    assert [e["actor"] for e in events if e["text"].startswith("The supply paid Aiko")] == ["host"]


def test_the_guided_turns_own_payouts_stay_as_they_were(app: Any) -> None:
    """A guided action's line names what was done, never Yen (AMB-56): Nori's Overfished
    payments are in the action, and nobody else's history line shows an amount."""
    g = nori_game(app)
    r = g.phones[A].post(
        f"/games/{g.id}/turn/confirm", data={**CATCH, "expected_seq": str(g.seq())}, headers=HX
    )
    assert r.status_code == 200
    for who in (B, C, "host"):
        line = g.history(who)[-1]
        assert "¥" not in line and not amount(BO_YEN).search(line), line


# -- 4. a preview says a draw happens, never its result ----------------------------------------


def test_a_preview_names_no_market_drawn_to_replace_an_overfished_one(app: Any) -> None:
    g = nori_game(app, money="open")
    previews = {"en": g.preview(A, CATCH), "ja": g.preview(A, CATCH, JA)}
    assert "A fish market is drawn from the box in place of the Overfished Nori" in previews["en"]
    assert "箱から魚市場を1枚引いて" in previews["ja"]
    playing = set(NORI["fish_markets"])
    r = g.phones[A].post(
        f"/games/{g.id}/turn/confirm", data={**CATCH, "expected_seq": str(g.seq())}, headers=HX
    )
    assert r.status_code == 200
    config = g.store().state(g.id).table.config
    (drawn,) = set(config.fish_markets) - playing
    # The history names it once it is drawn; the previews did not.
    assert _name(drawn, "en") in " ".join(g.history("host"))
    for lang, preview in previews.items():
        assert _name(drawn, lang) not in preview, (lang, drawn, preview)


def _name(market: str, lang: str) -> str:
    from companion.catalogues import name

    return name(market, lang) or market


def test_a_preview_says_a_token_is_drawn_from_the_bag_never_which() -> None:
    """A bought Clams & Oysters barrel draws a Clam or an Oyster (an Oyster pays ¥200): the
    preview of the purchase, made with the very draw the server will make, names neither."""
    cfg = make_config(
        [A, B, C],
        expansion=True,
        variants=["more_markets"],
        fish_markets=["mackerel", "eel", "squid", "tuna", "clams_oysters"],
        external_markets=["ships", "bank", "rentals"],
        seed=11,
        board_numbers={"clams_oysters": {"barrels": 6, "licenses": 3, "clams": 6, "oysters": 6}},
    )
    t = apply(initial_table(cfg), {"type": "next_turn"})
    t = t.with_player(1, upper=(ForSale("clams_oysters", 300),))
    buy = {"from": B, "fish": "clams_oysters", "row": "upper", "price": 300}
    seen: dict[str, list[str]] = {}
    for draw in ("clam", "oyster"):
        action = {"type": "purchase", "player": A, "barrels": [buy], "draws": [draw]}
        seen[draw] = [render(m, lang) for m in guided.preview(t, action) for lang in ("en", "ja")]
        # … while the purchase itself takes the drawn token (and an Oyster's ¥200).
        after = apply(t, action)
        assert after.player(A).fish.count(draw) == 1
        assert after.player(A).yen == 2000 - 300 + (200 if draw == "oyster" else 0)
    # Whatever the bag gives, the preview reads the same, and says a token is drawn.
    assert seen["clam"] == seen["oyster"]
    assert "Aiko draws a Clam or an Oyster token from the Auction bag" in " ".join(seen["clam"])


def test_a_preview_names_no_board_an_expansion_token_draws() -> None:
    """Influence: an Expansion token brings a board drawn from the box. The preview says
    one is drawn (one sentence, even when the Aquarium brings the New Aquarium with it),
    never which; the seeds are searched until one draws the Aquarium pair (found, not
    assumed)."""
    paired = False
    for seed in range(60):
        cfg = make_config(
            [A, B],
            expansion=True,
            variants=["more_markets"],
            fish_markets=["mackerel", "eel", "squid", "tuna"],
            external_markets=["ships", "influence", "bank"],
            seed=seed,
            board_numbers={"influence": {"entry_ap": 1}},
        )
        t = apply(initial_table(cfg), {"type": "next_turn"})
        action = {
            "type": "visit",
            "player": A,
            "market": "influence",
            "entry": "ap",
            "expansion_tokens": ["external"],
        }
        came = set(apply(t, action).config.external_markets) - set(cfg.external_markets)
        for lang in ("en", "ja"):
            lines = [render(m, lang) for m in guided.preview(t, action)]
            for market in came:
                assert not any(_name(market, lang) in line for line in lines), (seed, lines)
        drawn = [line for line in guided.preview_lines(t, action) if "drawn from the box" in line]
        assert drawn == [
            "A board of that kind (an external market) is drawn from the box and set up as at "
            "the start"
        ], (seed, drawn)
        paired = paired or came == {"aquarium", "new_aquarium"}
        if paired and seed >= 10:
            break
    assert paired


# -- 6. a sealed bid and a link issued anew ------------------------------------------------------

AUCTION = {
    "players": [A, B, C],
    "seed": 5,
    "money": "open",
    "expansion": True,
    "variants": ["more_markets"],
    "fish_markets": ["mackerel", "eel", "spider_crab", "tuna", "squid"],
    "external_markets": ["ships", "auction", "bank"],
}
BID = 1700


def _bid_game(app: Any) -> tuple[Game, str, dict[str, Any]]:
    g = Game(app, AUCTION)
    r = g.post(g.host, "/auctions", {"kind": "spider_crab", "owner": A, "drawn": "spider_crab:6"})
    assert r.status_code == 201, r.get_json()
    aid = str(r.get_json()["auction_id"])
    r = g.post(g.tokens[B], f"/auctions/{aid}/bids", {"amount": BID})
    assert r.status_code == 201, r.get_json()
    sealed = r.get_json()
    # Bo's phone reads its bid (so the checks below can see it).
    assert amount(BID).search(text(g.phones[B].get(f"/games/{g.id}/seat").get_data(True)))
    r = g.post(g.host, "/seats/1/reissue", {})
    assert r.status_code in (200, 201), r.get_json()
    new = r.get_json()["token"]
    assert new != g.tokens[B]
    g.tokens[B] = new
    phone = app.test_client()
    assert phone.get(f"/join/{new}").status_code == 303
    g.phones[B] = phone
    return g, aid, sealed


def reveal(g: Game, aid: str) -> None:
    """Chiyo seals, then the table screen reveals (a missing bid counts as ¥0)."""
    assert g.post(g.tokens[C], f"/auctions/{aid}/bids", {"amount": 500}).status_code == 201
    if g.get(g.host, f"/auctions/{aid}").get_json()["status"] == "open":
        assert g.post(g.host, f"/auctions/{aid}/reveal", {}).status_code == 200


def _bo_sees(g: Game, aid: str) -> dict[str, str]:
    """Everything Bo's new phone reads: its seat page, its live region, the state JSON, the
    auction JSON, the bid sheet."""
    phone, token = g.phones[B], g.tokens[B]
    return {
        "seat page": phone.get(f"/games/{g.id}/seat").get_data(as_text=True),
        "live": phone.get(f"/games/{g.id}/live?as=seat").get_data(as_text=True),
        "state JSON": g.get(token).get_data(as_text=True),
        "auction JSON": g.get(token, f"/auctions/{aid}").get_data(as_text=True),
    }


def test_a_new_link_does_not_read_the_bid_sealed_with_the_old_one(app: Any) -> None:
    g, aid, sealed = _bid_game(app)
    for where, body in _bo_sees(g, aid).items():
        assert not amount(BID).search(body), where
        assert sealed["receipt"] not in body, where
    # The bid still stands: the table sees Bo among those who have sealed.
    auction = g.get(g.tokens[B], f"/auctions/{aid}").get_json()
    assert B in auction["sealed"] and "my_bid" not in auction
    # At the reveal Bo's bid counts, as sealed with his old phone.
    reveal(g, aid)
    bids = {b["name"]: b for b in g.get(g.host, f"/auctions/{aid}").get_json()["bids"]}
    assert bids[B]["amount"] == BID and bids[B]["receipt"] == sealed["receipt"]
    assert bids[B]["verified"]


def test_the_new_phone_may_seal_a_new_bid_and_reads_that_one(app: Any) -> None:
    g, aid, _sealed = _bid_game(app)
    r = g.post(g.tokens[B], f"/auctions/{aid}/bids", {"amount": 1200})
    assert r.status_code == 201, r.get_json()
    seen = _bo_sees(g, aid)
    assert amount(1200).search(text(seen["seat page"]))
    assert g.get(g.tokens[B], f"/auctions/{aid}").get_json()["my_bid"]["amount"] == 1200
    for where, body in seen.items():
        assert not amount(BID).search(body), where
    reveal(g, aid)
    bids = {b["name"]: b["amount"] for b in g.get(g.host, f"/auctions/{aid}").get_json()["bids"]}
    assert bids[B] == 1200


def test_the_old_phone_is_signed_out_and_reads_nothing(app: Any) -> None:
    g = Game(app, AUCTION)
    old = g.phones[B]
    r = g.post(g.host, "/auctions", {"kind": "spider_crab", "owner": A, "drawn": "spider_crab:6"})
    aid = str(r.get_json()["auction_id"])
    assert g.post(g.tokens[B], f"/auctions/{aid}/bids", {"amount": BID}).status_code == 201
    assert g.post(g.host, "/seats/1/reissue", {}).status_code in (200, 201)
    assert old.get(f"/games/{g.id}/seat").status_code == 401
    assert g.get(g.tokens[B]).status_code == 401


def first_stream_event(client: Any, url: str) -> str:
    """The first ``update`` event of a live stream (closed afterwards)."""
    r = client.get(url, buffered=False)
    try:
        assert r.status_code == 200, r.status_code
        got = ""
        for chunk in r.response:
            got += chunk.decode() if isinstance(chunk, bytes) else chunk
            if "event: update" in got and got.endswith("\n\n"):
                break
        return got
    finally:
        r.close()


def test_the_new_phones_stream_carries_no_bid_sealed_before(app: Any) -> None:
    g, aid, sealed = _bid_game(app)
    first = first_stream_event(g.phones[B], f"/games/{g.id}/stream?as=seat")
    assert "event: update" in first
    assert not amount(BID).search(first) and sealed["receipt"] not in first


def test_the_card_games_sealed_fingers_stay_with_the_old_link(app: Any) -> None:
    """The same for the 2-player card game's sealed fingers (the one store of sealed bids)."""
    api = app.test_client()
    r = api.post("/api/games", json={"game": "tsukiji_market", "players": [A, B], "notches": 3})
    assert r.status_code == 201, r.get_json()
    game = r.get_json()
    gid, host, aiko = game["id"], game["host_token"], game["seats"][0]["token"]

    def bearer(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    assert (
        api.post(f"/api/games/{gid}/bids", json={"fingers": 3}, headers=bearer(aiko)).status_code
        == 201
    )
    assert api.get(f"/api/games/{gid}", headers=bearer(aiko)).get_json()["my_bid"] == 3
    r = api.post(f"/api/games/{gid}/seats/0/reissue", json={}, headers=bearer(host))
    assert r.status_code == 200, r.get_json()
    new = r.get_json()["token"]
    state = api.get(f"/api/games/{gid}", headers=bearer(new)).get_json()
    assert state.get("my_bid") is None and A in state["bid_by"]
    phone = app.test_client()
    assert phone.get(f"/join/{new}").status_code == 303
    page = text(phone.get(f"/games/{gid}/seat").get_data(as_text=True))
    assert "3 fingers" not in page and "receipt" not in page.lower(), page
    # The bid stands: Bo's bid reveals it.
    bo = game["seats"][1]["token"]
    r = api.post(f"/api/games/{gid}/bids", json={"fingers": 1}, headers=bearer(bo))
    assert r.status_code == 201 and r.get_json()["revealed"] is True
    reveal = api.get(f"/api/games/{gid}", headers=bearer(host)).get_json()["last_reveal"]
    assert reveal["fingers"] == {A: 3, B: 1}
