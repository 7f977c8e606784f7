"""Sentences built from parts read as Japanese (issue #21, "Natural Japanese"): counters by
item (隻 for boats, 枚 for licences, shares, loans and cards, 個 for tokens and barrels), a
repeated name counted (「ウナギ×2」), 「第1手番」, notes joined with 「。」, an arrival line
that neither repeats its cause nor mixes politeness, and the report in the table screen's
words (ゲームの経過, 最終所持金, 受け取った利子)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from test_i18n_pages import JA, auth, visible

from companion.catalogues import catalogue
from companion.rules.messages import Message, render
from companion.rules.table import Table
from companion.view_history import _unrepeated

PO = "companion/translations/ja/LC_MESSAGES/messages.po"
PLAYERS = ["Aiko", "Bo", "Chiyo"]

#: A number (or its placeholder) right after an item, with the wrong counter for it.
NUMBER = r"(?:を|が|は|残り|を残り)?(?:\{[a-z_]+\}|%\([a-z_]+\)s|[0-9]+)"
WRONG_COUNTER = {
    "licences, shares, loans and cards take 枚": re.compile(
        rf"(?:漁業免許|株|ローン|カード){NUMBER}(?:個|つ|隻)"
    ),
    "tokens and barrels take 個": re.compile(
        rf"(?:トークン|樽|冷凍庫|台車|アイテム){NUMBER}(?:枚|つ|隻)"
    ),
    "boats take 隻": re.compile(rf"(?:漁船|はしけ){NUMBER}(?:個|枚|つ)"),
    "a turn is 第N手番": re.compile(rf"{NUMBER}手番目"),
    # As the table screen says them: アクションポイント2点.
    "action points take 点": re.compile(
        r"アクションポイント(?:は|を)?(?:\{[a-z_]+\}|%\([a-z_]+\)s|[0-9]+)(?![点0-9])"
    ),
}

#: The Japanese catalogue, each code's sentence.
JA_TEXTS = catalogue("ja").texts()


def _japanese_texts() -> dict[str, str]:
    """Every Japanese sentence of the app: the Japanese catalogue (the templates', every
    game's codes) and the report's texts."""
    texts = {f"ja {code}": t for code, t in JA_TEXTS.items()}
    with open(PO, "rb") as f:
        for m in read_po(f):
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            for s in strings:
                if m.id and s:
                    texts[f".po {m.id if isinstance(m.id, str) else m.id[0]!r}"] = s
    return texts


def test_the_counter_scan_finds_a_wrong_counter() -> None:
    def wrong(text: str) -> list[str]:
        return [why for why, r in WRONG_COUNTER.items() if r.search(text)]

    assert wrong("ローンを{count}つ受けました") == ["licences, shares, loans and cards take 枚"]
    assert wrong("バイヤートークン{count}枚") == ["tokens and barrels take 個"]
    assert wrong("樽%(num)sつ") == ["tokens and barrels take 個"]
    assert wrong("1スロット漁船2個") == ["boats take 隻"]
    assert wrong("%(number)s手番目") == ["a turn is 第N手番"]
    assert wrong("アクションポイント{count}。") == ["action points take 点"]
    assert wrong("株を1枚、ウナギトークン2個、漁船1隻、第3手番、アクションポイント2点") == []


def test_every_japanese_sentence_counts_with_the_right_counter() -> None:
    found = [
        f"{where}: {why}: {text}"
        for where, text in _japanese_texts().items()
        for why, r in WRONG_COUNTER.items()
        if r.search(text)
    ]
    assert not found, "\n".join(found)


def test_a_repeated_name_is_counted_once() -> None:
    boats = Message(
        "fleet_full", {"player": "Aiko", "boats": ["one_slot", "one_slot", "two_slot"], "count": 4}
    )
    ja = render(boats, "ja")
    assert "1スロット漁船×2、2スロット漁船" in ja, ja
    assert "1スロット漁船、1スロット漁船" not in ja
    # English keeps its own list.
    assert "One-slot ship, One-slot ship, Two-slot ship" in render(boats, "en")


def test_notes_are_sentences_joined_with_the_full_stop() -> None:
    notes = [Message("crash.crashed_now", {"market": "bank"}), Message("arrive.cause_hand", {})]
    line = Message("history.overfished", {"market": "nori"})
    ja = render(Message("history.aftermath", {"line": line, "notes": notes}), "ja")
    assert ja.startswith("海苔が乱獲状態になりました（「銀行」が暴落"), ja
    assert "。手動で）" in ja and "、手動で" not in ja, ja


def test_an_arrival_after_its_cause_does_not_say_it_again() -> None:
    line = Message("history.overfished", {"market": "nori"})
    arrival = Message(
        "arrive.market",
        {"market": "squid", "cause": Message("arrive.cause_overfished", {"market": "nori"})},
    )
    other = Message(
        "arrive.market",
        {"market": "eel", "cause": Message("arrive.cause_overfished", {"market": "fugu"})},
    )
    notes = _unrepeated(line, [arrival, other])
    ja = render(Message("history.aftermath", {"line": line, "notes": notes}), "ja")
    assert ja.startswith("海苔が乱獲状態になりました（代わりにイカ市場がゲームに加わり、"), ja
    assert ja.count("海苔") == 1, ja
    # Another market's arrival keeps its own cause, the cause before the board.
    assert "乱獲状態になったフグの代わりに、ウナギ市場がゲームに加わり" in ja, ja
    en = render(Message("history.aftermath", {"line": line, "notes": notes}), "en")
    assert en.startswith("Nori is Overfished. Squid enters the game in its place"), en
    # A line that says something else keeps the whole cause.
    took = Message("history.take_loan", {"player": "Bo", "count": 1})
    assert _unrepeated(took, [arrival]) == [arrival]


def test_every_arrival_line_is_plain_inside_a_polite_line() -> None:
    """The history line is polite (〜ました); the notes in its brackets are plain, never a
    polite verb after a plain one."""
    for code in ("arrive.market", "arrive.none", "arrive.drawn", "crash.crashed_now"):
        text = JA_TEXTS[code]
        assert not re.search(r"(ます|ました|です)$", text), (code, text)
    assert JA_TEXTS["history.aftermath"] == "%(line)s（%(notes)s）"


@pytest.fixture
def game(client: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={"players": PLAYERS, "money": "open", "seed": 7})
    g: dict[str, Any] = r.get_json()
    for body in (
        {"type": "next_turn"},
        {"type": "take_loan", "player": "Bo", "count": 2},
    ):
        r = client.post(f"/api/games/{g['id']}/actions", json=body, headers=auth(g["host_token"]))
        assert r.status_code == 201, r.get_json()
    return g


def test_the_table_screen_reads_dai_n_teban_and_counts_loans(
    client: Any, game: dict[str, Any]
) -> None:
    host = auth(game["host_token"])
    page = visible(client.get(f"/games/{game['id']}/table", headers={**JA, **host}).get_data(True))
    assert "第1手番" in page and "手番目" not in page, page
    assert "Boがローンを2枚受けました" in page, page


def test_the_report_in_the_table_screens_words(client: Any, game: dict[str, Any]) -> None:
    host = auth(game["host_token"])
    r = client.get(f"/games/{game['id']}/report?as=host", headers={**JA, **host})
    page = visible(r.get_data(True))
    assert "ゲームの経過" in page and "物語" not in page, page
    assert "の円" not in page  # 所持金, as the table screen and the rulebook say
    # The score's steps as the table screen and the calculator name them.
    with open(PO, "rb") as f:
        po = {m.id: m.string for m in read_po(f) if isinstance(m.id, str)}
    same = {
        "step.start_yen": "Yen at the end",
        "step.interest_received": "Interest received",
        "step.loan_repayment": "Loans repaid with interest",
        "step.overfishing": "Overfishing market",
        "step.fish_yen": "Fish → Yen",
        "step.resource_award": "Resource award / penalty",
        "report.total": "Final Yen",
    }
    ja = JA_TEXTS
    assert {k: ja[k] for k in same} == {k: po[v] for k, v in same.items()}
    assert ja["report.total"] == "最終所持金" and ja["step.interest_received"] == "受け取った利子"
    assert ja["replay.turn"].startswith("第%(turn)s手番")
    # The charts: a full-width colon in the tooltips, and Yen as 2,000円 (never ¥2,000円).
    payload = r.get_data(as_text=True)
    assert '"colon": "\\uff1a"' in payload, payload
    assert '"prefix": ""' in payload and '"prefix": "\\u00a5"' not in payload


def test_an_auctions_notes_have_no_space_after_the_full_stop(client: Any) -> None:
    """An Overseas lot that leaves barrels over: its two notes are one text, 「。」 between
    them and no space (English keeps its space)."""
    from companion.rules.auctions import Auction
    from companion.view_auctions import _auction_public

    notes = (
        Message("au.back", {"barrels": [Message("au.back_one", {"count": 1, "fish": "eel"})]}),
        Message("au.short", {"barrels": [Message("au.back_one", {"count": 2, "fish": "tuna"})]}),
    )
    auction = Auction(id="a1", kind="overseas", owner=0, eligible=(1,), notes=notes)
    table = Table.__new__(Table)
    object.__setattr__(table, "config", type("C", (), {"players": PLAYERS})())
    with client.application.test_request_context(headers=JA):
        ja = _auction_public(auction, table)["note"]
    with client.application.test_request_context():
        en = _auction_public(auction, table)["note"]
    assert "。 " not in ja and ja.count("。") == 2, ja
    assert ". " in en, en


#: Refusals a phone's page shows (the turn guide, the start of a turn, the card game's
#: phone): they name the buttons, never the API's ids (next_turn, for_sale, take_card…).
PHONE_REFUSALS = (
    "no_turn_yet",
    "ap_spent",
    "not_start_phase",
    "not_placed",
    "not_placed_himono",
    "himono_prices_count",
    "himono_price_needed",
    "licence_price_unknown",
    "bk.licence_price_unknown",
    "cards.take_now",
    "cards.discard_now",
)


@pytest.mark.parametrize("code", PHONE_REFUSALS)
def test_a_refusal_on_a_phone_names_no_api_field(code: str) -> None:
    text = JA_TEXTS[code]
    assert not re.findall(r"[A-Za-z_]{3,}", re.sub(r"%\(\w+\)[sd]", "", text)), text


def test_the_card_games_phone_refusal_in_japanese(client: Any) -> None:
    g = client.post("/api/games", json={"game": "tsukiji_market", "players": PLAYERS[:2]})
    c = g.get_json()
    seat = auth(c["seats"][0]["token"])
    r = client.post(
        f"/api/games/{c['id']}/actions", json={"type": "discard_card"}, headers={**JA, **seat}
    )
    assert r.status_code in (400, 409), r.get_json()
    said = r.get_json()["error"]
    assert not re.search(r"take_card|discard_card|speciality", said), said


def test_the_checklist_gives_a_second_name_only_to_a_printed_board(
    client: Any, game: dict[str, Any]
) -> None:
    """A market's board is named in both languages (its English name is printed on it);
    the bag, the box, each player and the supply are no board: no English under them."""
    host = auth(game["host_token"])
    pairs = ((JA, "各プレイヤー", "Each player"), ({}, "Each player", "各プレイヤー"))
    for lang, own, other in pairs:
        html = client.get(f"/games/{game['id']}/table", headers={**lang, **host}).get_data(True)
        checklist = html[html.index('class="checklist') :]
        assert f"<strong>{own}</strong>" in checklist
        assert other not in checklist, other
    ja = client.get(f"/games/{game['id']}/table", headers={**JA, **host}).get_data(True)
    assert '<strong>サバ</strong> <span class="muted" lang="en">Mackerel</span>' in ja


def test_the_apps_reading_badge_leads_to_a_page_in_the_readers_language(client: Any) -> None:
    """「アプリの解釈」 links to the readings page, in Japanese on a Japanese device: each
    reading with the lines of the cards that apply it, no English document."""
    card = client.get("/rules/eel", headers=JA).get_data(as_text=True)
    assert '<a class="badge" href="/rules/readings#AMB-30">アプリの解釈</a>' in card, card
    assert "docs/readings.md" not in visible(card)
    r = client.get("/rules/readings", headers=JA)
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert '<html lang="ja">' in page and 'id="AMB-30"' in page
    text = visible(page)
    assert "アプリの解釈" in text and "docs/readings.md" not in text
    # The line the eel card marks, as the card says it, under its reading.
    section = page[page.index('id="AMB-30"') :]
    section = section[: section.index("</section>")]
    assert "台車はアクションポイントの入場コストのうち1点を支払えます" in section, section
    en = visible(client.get("/rules/readings").get_data(as_text=True))
    assert "The app's readings" in en and "docs/readings.md" in en


def test_a_card_game_history_line_and_its_notes_are_sentences(client: Any) -> None:
    """「ワ・サ・ビ：Aikoは2本、Boは2本。夜の面で同数：…」: the notes follow the line as
    sentences after 「。」, not a chain of colons."""
    from test_cardgame_server import NEW, Game

    g = Game(client, NEW)
    g.round(2, 2)  # a Night tie: its note says what happened to the Scale cards
    html = client.get(f"/games/{g.id}/table", headers={**JA, **auth(g.host)}).get_data(True)
    text = visible(html)
    assert "ワ・サ・ビ：Aikoは2本、Boは2本 。夜の面で同数：" in text, text
    assert "本 ：" not in text


def test_the_table_screen_counts_the_bag_ranks_and_salmon_in_japanese(client: Any) -> None:
    """The Auction bag as the checklist says it (「15」のマグロ×3, not 3× マグロ 15), a final
    rank as 1位, fresh and degraded Salmon tokens counted with 個, the page's title the
    table screen's own word."""
    setup = {
        "players": PLAYERS,
        "seed": 5,
        "fish_markets": ["mackerel", "tuna", "spider_crab", "salmon", "squid"],
        "external_markets": ["ships", "bank", "rentals"],
    }
    g = client.post("/api/games", json=setup).get_json()
    host = auth(g["host_token"])
    for body in (
        {"type": "next_turn"},
        {"type": "gain_fish", "player": "Aiko", "fish": "salmon", "count": 2},
        {"type": "end_game"},
    ):
        r = client.post(f"/api/games/{g['id']}/actions", json=body, headers=host)
        assert r.status_code == 201, r.get_json()
    html = client.get(f"/games/{g['id']}/table", headers={**JA, **host}).get_data(True)
    text = visible(html)
    assert "<title>テーブル画面 — 築地コンパニオン</title>" in html
    assert "「15」のマグロ×" in text and "× マグロ" not in text, text
    assert "1位 " in text and "1. " not in text, text
    assert "新鮮2個、鮮度が落ちた面0個" in text, text
    en = visible(client.get(f"/games/{g['id']}/table", headers=host).get_data(True))
    assert "× Tuna 15" in en and "1. " in en


def test_the_checklist_counts_with_counters(client: Any, game: dict[str, Any]) -> None:
    """The setup checklist as the rulebook's setup lists it (サバ市場：樽15個／サバトークン
    30個／漁業免許3枚), not 「漁業免許 ×3」."""
    host = auth(game["host_token"])
    html = client.get(f"/games/{game['id']}/table", headers={**JA, **host}).get_data(True)
    checklist = visible(html[html.index('class="checklist') :])
    assert "漁業免許3枚" in checklist and "樽15個" in checklist, checklist
    assert "トークン30個" in checklist, checklist
    assert not re.search(r"(漁業免許|樽|トークン) ?×\d", checklist), checklist
    en = visible(client.get(f"/games/{game['id']}/table", headers=host).get_data(True))
    assert "3 licences" in en and "15 barrels" in en


def test_the_rules_cards_count_with_counters(client: Any) -> None:
    """A rules card's stock in the table screen's words: ローン：3枚, 樽：2人で4個,
    1スロット漁船：2人で1隻 (English keeps the bare number)."""
    cards = {
        m: visible(client.get(f"/rules/{m}", headers=JA).get_data(True))
        for m in ("bank", "eel", "ships", "rentals")
    }
    assert "ローン：3枚。" in cards["bank"] and "株：2枚。" in cards["bank"]
    assert "樽：2人で4個、3人で6個" in cards["eel"] and "漁業免許：2人で2枚" in cards["eel"]
    assert "魚トークン：13個。" in cards["eel"]
    assert "1スロット漁船：2人で1隻" in cards["ships"] and "冷凍庫：2個。" in cards["rentals"]
    en = visible(client.get("/rules/bank").get_data(True))
    assert "Loans: 3." in en, en
    aquarium = visible(client.get("/rules/aquarium", headers=JA).get_data(True))
    assert "サバ：スペース4つ、1個300円。" in aquarium and " × 300円" not in aquarium


def test_the_calculator_names_valued_tokens_as_the_table_screen(client: Any) -> None:
    """「20」のマグロ, as the history and the checklist say it, not the English order
    「マグロ 20」."""
    ja = visible(client.get("/calculator/", headers=JA).get_data(True))
    assert "「4」のタカアシガニ" in ja and "「20」のマグロ" in ja, ja
    assert "マグロ 20" not in ja and "タカアシガニ 4" not in ja
    assert "Tuna 20" in visible(client.get("/calculator/").get_data(True))


def test_the_calculators_resources_by_fish_say_their_unit(client: Any) -> None:
    """Each fish's Resources in the result: 「フグ 4資源」, not a bare 「フグ 4」."""
    from test_calculator_page import THREE

    ja = client.post("/calculator/", data=THREE, headers=JA).get_data(as_text=True)
    chips = ja[ja.index('class="chips"') :]
    chips = visible(chips[: chips.index("</ul>")])
    assert "フグ 4資源" in chips and "マグロ 20資源" in chips, chips


def test_jutakus_new_prices_use_the_full_width_colon(client: Any) -> None:
    """「赤ドリンク：300円 → 200円」, as the Salmon line beside it (not 「赤ドリンク: …」)."""
    from urllib.parse import parse_qs, urlsplit

    r = client.post("/jutaku/", data={"action": "start", "name": ["Aiko", "Bo"]}, headers=JA)
    g = parse_qs(urlsplit(r.headers["Location"]).query)["g"][0]
    exit_ = {"action": "exit", "player": "0", "carried.red": "1", "g": g}
    r = client.post("/jutaku/", data=exit_, headers=JA)
    text = visible(client.get(r.headers["Location"], headers=JA).get_data(as_text=True))
    assert "赤ドリンク：300円 → 200円" in text, text
    assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]: ", text), text


def test_the_end_check_reads_as_japanese_sentences(client: Any, game: dict[str, Any]) -> None:
    """The start-of-turn check says its conclusion as a sentence of its own (「…です。
    ゲームは続きます。」), not joined with a colon as the English is, nor 「あと…足りません」."""
    for code, text in JA_TEXTS.items():
        if code.startswith(("end.", "view.end_")):
            assert "：ゲーム" not in text and "足りません" not in text, (code, text)
    host = auth(game["host_token"])
    page = visible(client.get(f"/games/{game['id']}/table", headers={**JA, **host}).get_data(True))
    assert "50資源まであと50資源です。ゲームは続きます。" in page, page


#: Two sentences the English joins with a colon ("… is rented: it goes back …"); Japanese
#: ends the first with 「。」.
TWO_SENTENCES = (
    *("ext.boat_rented", "ext.boat_at_sea", "ext.no_port_place", "ext.trade_in_needed"),
    *("ext.loans_and_shares", "ext.government_full", "ext.sushi_taken", "jutaku.over"),
    *("cards.note.win", "cards.note.no_target", "cards.note.end_of_scale"),
    *("cards.note.nice_fish", "cards.note.deck_end", "flash.auction_opened"),
    *("flash.bid_last", "edge.too_large", "arrive.none", "mv.box_empty"),
)


@pytest.mark.parametrize("code", TWO_SENTENCES)
def test_two_sentences_are_not_joined_with_a_colon(code: str) -> None:
    text = JA_TEXTS[code]
    assert not re.search(r"(ます|ました|です|ません|ない)：", text), text


def test_the_reports_notes_are_sentences() -> None:
    for code in ("report.download_note_seat", "report.host_link_note", "import.intro"):
        text = JA_TEXTS[code]
        assert not re.search(r"(ます|ました|です|ません|ない)：", text), text


def test_the_templates_two_sentences_are_not_joined_with_a_colon() -> None:
    with open(PO, "rb") as f:
        po = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in read_po(f) if m.id}
    for msgid in (
        "%(buyer)s gave a Buyer token to %(to)s: %(buyer)s buys right after %(to)s’s next turn.",
        "The Port Covering of port %(n)s comes off: %(yen)s to the supply.",
        "Not in this game yet: shown for its %(num)s player, should it enter.",
    ):
        text = po[msgid] if isinstance(po[msgid], str) else po[msgid][0]
        assert not re.search(r"(ます|ました|です|ません)：", text), text


def test_the_league_names_the_game_as_the_book_titles_it(client: Any) -> None:
    text = visible(client.get("/league", headers=JA).get_data(True))
    assert "『TOKYO TSUKIJI MARKET』のゲームすべて" in text, text


def test_an_arrival_after_its_crash_does_not_say_it_again() -> None:
    crash = Message("crash.crashed_now", {"market": "bank"})
    arrival = Message(
        "arrive.market",
        {"market": "government", "cause": Message("arrive.cause_crash", {"market": "bank"})},
    )
    line = Message("history.take_loan", {"player": "Bo", "count": 1})
    notes = _unrepeated(line, [crash, arrival])
    ja = render(Message("history.aftermath", {"line": line, "notes": notes}), "ja")
    assert "「銀行」が暴落" in ja and "。代わりに「政府」市場がゲームに加わり" in ja, ja
    assert ja.count("「銀行」") == 1, ja
    # An arrival not right after its crash keeps its cause.
    assert _unrepeated(line, [arrival]) == [arrival]


def test_a_rules_card_speaks_politely_throughout() -> None:
    """Every sentence of the rules cards in one politeness (〜ます/〜です), as the rest of
    the card: never 「…を受け取る。」 beside 「…返済します。」."""
    plain = []
    for code, text in JA_TEXTS.items():
        if not code.startswith("rc."):
            continue
        for sentence in re.split(r"(?<=。)", text):
            s = re.sub(r"（[^）]*）$", "", sentence.strip().rstrip("。"))
            if re.search(r"(る|う|く|す|ぬ|む|ぶ|ぐ|ない|た)$", s) and not re.search(
                r"(ます|ません|です|でした|ました)$", s
            ):
                plain.append(f"{code}: {sentence}")
    assert not plain, plain


def test_the_phones_token_table_heads_its_count_in_words(client: Any) -> None:
    """「トークン／数／資源」, not the English typographer's 「#」."""
    g = client.post("/api/games", json={"players": PLAYERS[:2], "seed": 3}).get_json()
    body = {"type": "gain_fish", "player": "Aiko", "fish": "mackerel", "count": 2}
    client.post(f"/api/games/{g['id']}/actions", json=body, headers=auth(g["host_token"]))
    client.get(f"/join/{g['seats'][0]['token']}", headers=JA)
    html = client.get(f"/games/{g['id']}/seat", headers=JA).get_data(as_text=True)
    assert "<th>トークン</th><th>数</th><th>資源</th>" in html
