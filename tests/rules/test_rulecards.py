"""The rules cards (companion/rules/rulecards.py): every market has one; its numbers are the
catalogue's and those of the tables in shared/rules (fish-markets.md, external-markets.md,
setup.md); a game's card shows that game's player count and entered board numbers; every
line renders in English and Japanese with the same values."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.catalogues import catalogue
from companion.rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    PLAYER_COUNTS,
)
from companion.rules.messages import Message, render
from companion.rules.rulecards import SECTIONS, Line, RuleCard, card, market_ids
from companion.rules.setup import make_config

READINGS = Path(__file__).resolve().parents[2] / "docs" / "readings.md"
ALL = market_ids()


def texts(c: RuleCard, section: str, lang: str = "en") -> list[str]:
    return [render(line.message, lang) for line in c.section(section).lines]


def all_text(c: RuleCard, lang: str = "en") -> str:
    return "\n".join(render(line.message, lang) for line in c.lines())


def messages(m: Message) -> Iterator[Message]:
    yield m
    for v in m.values.values():
        if isinstance(v, Message):
            yield from messages(v)
        elif isinstance(v, list | tuple):
            for x in v:
                if isinstance(x, Message):
                    yield from messages(x)


# -- every market ------------------------------------------------------------------------------


def test_every_market_of_the_catalogue_has_a_card_fifteen_and_fifteen() -> None:
    assert len(FISH_MARKETS) == 15 and len(EXTERNAL_MARKETS) == 15
    assert set(ALL) == set(FISH_MARKETS) | set(EXTERNAL_MARKETS)
    for m in ALL:
        c = card(m)
        assert c.market == m
        assert c.kind == ("fish" if m in FISH_MARKETS else "external")
        assert [s.id for s in c.sections] == [
            s for s in SECTIONS if s in [x.id for x in c.sections]
        ]
        assert c.section("entry").lines, m
        assert c.section("resources").lines, m


def test_an_unknown_market_has_no_card() -> None:
    with pytest.raises(KeyError):
        card("whale")


@pytest.mark.parametrize("market", ALL)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_line_renders_in_both_languages_with_every_value_shown(
    market: str, lang: str
) -> None:
    c = card(market)
    heads = [render(s.heading, lang) for s in c.sections]
    assert all(heads)
    for line in c.lines():
        for m in messages(line.message):
            assert m.code in catalogue("en") and m.code in catalogue("ja"), m.code
        text = render(line.message, lang)
        assert text and "{" not in text and "%(" not in text, (market, line.message.code, text)
        # Each number the line carries is written in both languages (Yen with a comma).
        for value in line.message.values.values():
            if isinstance(value, int) and not isinstance(value, bool):
                assert f"{value:,}" in text or str(value) in text, (line.message.code, value, text)
        if lang == "ja":
            assert "¥" not in text, text
            assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text), text


def test_japanese_writes_yen_as_en_and_uses_the_rulebook_terms() -> None:
    ja = all_text(card("tuna"), "ja")
    assert "漁業免許1枚1,000円。" in ja
    assert "競り袋" in ja and "資源" in ja and "乱獲状態" in ja
    assert "1,000円" in ja and "¥" not in ja
    assert "「漁業」アクション" in all_text(card("overseas"), "ja")


@pytest.mark.parametrize("market", ALL)
def test_readings_cited_are_documented(market: str) -> None:
    documented = set(re.findall(r"^### ((?:AMB|TC)-\w+)", READINGS.read_text("utf-8"), re.M))
    for rid in card(market).readings:
        assert rid in documented, rid


def test_a_line_not_printed_in_the_rulebooks_cites_amb_40() -> None:
    for m in ALL:
        for line in card(m).lines():
            if line.source in ("asked", "entered", "unknown"):
                assert "AMB-40" in line.readings, (m, line.message.code)


# -- numbers against the catalogue and the shared/rules tables ---------------------------------


@pytest.mark.parametrize(
    ("market", "price"),
    # fish-markets.md §1, the licence column.
    [
        ("eel", "¥500"),
        ("mackerel", "¥100"),
        ("octopus", "¥300"),
        ("red_snapper", "¥300"),
        ("salmon", "¥400"),
        ("spider_crab", "¥800"),
        ("squid", "¥300"),
        ("tuna", "¥1,000"),
        ("clams_oysters", "¥500"),
        ("himono", "¥400"),
        ("horse_mackerel", "¥200"),
        ("swordfish", "¥600"),
    ],
)
def test_licence_prices_are_the_tables(market: str, price: str) -> None:
    assert texts(card(market), "licences")[0] == f"{price} per licence."
    assert FISH_MARKETS[market].license_price == int(price[1:].replace(",", ""))


def test_free_licences_limits_and_sardine_prices() -> None:
    assert texts(card("fugu"), "licences")[0] == "The licence is free."
    assert texts(card("nori"), "licences")[:2] == ["The licence is free.", "At most 1 per player."]
    assert "At most 1 per visit." in texts(card("mackerel"), "licences")
    assert "At most 1 per visit." in texts(card("himono"), "licences")
    assert texts(card("sardine"), "licences")[0] == (
        "¥500 while both licences are on the board, ¥300 for the last one: ¥800 for both."
    )


def test_entry_options_are_the_tables() -> None:
    assert texts(card("octopus"), "entry")[:3] == [
        "¥200 to the supply.",
        "2 AP.",
        "1 Takoyaki token (one you own, or one you have for sale on your Harbor); it goes back "
        "to the Octopus board.",
    ]
    assert texts(card("salmon"), "entry")[0] == "¥400 to the supply."
    assert texts(card("squid"), "entry")[0] == "2 AP."
    assert texts(card("bank"), "entry")[:2] == ["2 AP.", "¥100 to the supply."]
    assert texts(card("aquarium"), "entry")[0] == "2 AP."
    assert texts(card("government"), "entry")[0] == "No entry cost: at most once per turn."
    hm = card("horse_mackerel")
    assert "AMB-39" in hm.section("entry").lines[0].readings
    assert "Entering Horse Mackerel pays its licence holders nothing." in texts(hm, "entry")
    assert "¥200 per item rented" in texts(card("rentals"), "entry")[0]
    assert "Only in games of 3 players or more." in texts(card("auction"), "entry")
    for m in ("himono", "sardine", "swordfish", "clams_oysters", "influence", "sushi"):
        assert any(line.source == "asked" for line in card(m).section("entry").lines), m


def test_stock_per_player_count_is_setup_md() -> None:
    eel = texts(card("eel"), "stock")
    # setup.md §3.1: barrels min(2P, 8), tokens 13, licences min(P, 4).
    assert eel[0] == "Barrels: 2 players 4, 3 players 6, 4 players 8, 5 players 8, 6 players 8."
    assert eel[1] == "Tokens: 13."
    assert eel[2] == "Licences: 2 players 2, 3 players 3, 4 players 4, 5 players 4, 6 players 4."
    # setup.md §3.2: min(P, 8 − P) on the board, min(P, 8) without the set-aside.
    mack = texts(card("mackerel"), "stock")
    assert "2 players 2, 3 players 3, 4 players 4, 5 players 3, 6 players 2." in mack[2]
    assert "2 players 2, 3 players 3, 4 players 4, 5 players 5, 6 players 6." in mack[3]
    assert (
        texts(card("tuna"), "stock")[-1]
        == "Its tokens go into the Auction bag: 15, 15, 15, 20, 25."
    )
    assert (
        texts(card("spider_crab"), "stock")[-1]
        == "Its tokens go into the Auction bag: 4, 4, 4, 4, 6, 6, 6, 6, 8, 8."
    )
    assert "Tokens: 18, one on each spot of the grid." in texts(card("red_snapper"), "stock")
    salmon = card("salmon").section("stock").lines
    assert salmon[2].readings == ("AMB-11",)


def test_sales_are_the_worked_examples() -> None:
    # fish-markets.md §2: V = 6, sell 2 → ¥1,200, V → 2; §3: 4 Fugu → ¥1,600.
    assert "Example: at value 6, 2 tokens pay ¥1,200 and the value drops to 2." in texts(
        card("eel"), "sells"
    )
    assert "Example: 4 Fugu at once pay ¥1,600." in texts(card("fugu"), "sells")
    assert texts(card("squid"), "sells")[0] == "¥600 per Squid token sold."
    assert "+ ¥400 per token" in texts(card("spider_crab"), "sells")[0]
    assert texts(card("clams_oysters"), "sells")[0].startswith("¥800 per set")
    sword = card("swordfish").section("sells").lines[0]
    assert "plus ¥200 once per visit" in render(sword.message) and sword.readings == ("AMB-46",)
    assert "¥100 per 2 items returned" in texts(card("mackerel"), "sells")[0]


def test_aquarium_places_and_prices_are_external_markets_md() -> None:
    lines = texts(card("aquarium"), "sells")
    assert lines[:8] == [
        "Mackerel: 4 × ¥300.",
        "Fugu: 2 × ¥500.",
        "Octopus: 1 × ¥500.",
        "Eel: 1 × ¥600.",
        "Squid: 2 × ¥600.",
        "Takoyaki: 1 × ¥700.",
        "Salmon: 1 × ¥700.",
        "Tuna: 1 × ¥2,000.",
    ]
    assert "Horse Mackerel go into the Mackerel place." in lines
    assert "¥7,900 in all when every place is filled." in lines  # external-markets.md §4
    assert "13 places for tokens." in texts(card("aquarium"), "stock")
    assert "The Aquarium has room for 1 Tuna at ¥2,000 each." in texts(card("tuna"), "sells")


def test_government_three_at_300_ten_at_200() -> None:
    lines = texts(card("government"), "sells")
    assert lines == [
        "Left place: 3 tokens, ¥300 each, whatever their Resources.",
        "Right place: 10 tokens, ¥200 each, whatever their Resources.",
        "¥2,900 at most over the game.",  # external-markets.md §8
    ]


def test_trading_bank_rentals_influence_auction() -> None:
    trading = texts(card("trading"), "sells")
    assert trading[0] == "Tokens worth 2+ Resources on an empty place: ¥300."
    assert trading[4] == "Tokens worth 10+ Resources on an empty place: ¥1,800."
    assert trading[5] == "¥4,200 at most for tokens traded for Yen."
    bank = texts(card("bank"), "sells")
    assert bank[:3] == [
        "A loan: +¥500 from the supply.",
        "A share: ¥300 to the supply.",
        "At the end each loan costs ¥500 + ¥500 interest = ¥1,000.",
    ]
    assert texts(card("bank"), "stock") == ["Loans: 3.", "Shares: 2."]
    assert texts(card("rentals"), "sells") == ["¥200 per Freezer or Cart."]
    assert texts(card("influence"), "sells") == ["¥200 per Buyer or Expansion token."]
    assert texts(card("auction"), "sells")[:3] == [
        "Lot of 10+ Resources: ¥500 fee to the supply before bidding.",
        "Lot of 5+ Resources: ¥300 fee to the supply before bidding.",
        "Lot of 2+ Resources: ¥200 fee to the supply before bidding.",
    ]


def test_boat_prices_are_the_boat_price_table() -> None:
    # external-markets.md §2.
    ships = texts(card("ships"), "sells")
    assert "Three-slot ship: buy ¥1,500, sell ¥200." in ships
    assert "Blue ship: buy ¥2,000 plus a trade-in ship, sell ¥200." in ships
    assert "Six-slot barge: buy ¥1,000, sell ¥100." in ships
    used = texts(card("used_ships"), "sells")
    assert "Three-slot ship: sell to it ¥600, buy from it ¥900." in used
    assert "Blue ship: sell to it ¥800, buy from it ¥1,200 plus a trade-in ship." in used
    rent = texts(card("boat_rentals"), "sells")
    assert "Six-slot barge: ¥600 for one voyage." in rent
    assert "Blue ship: cannot be rented." in rent


def test_sushi_prints_only_the_three_token_price() -> None:
    lines = card("sushi").section("sells").lines
    assert render(lines[2].message) == "The place for 3: ¥700."
    assert [line.source for line in lines] == ["asked", "asked", "printed", "asked", "asked"]


def test_resources_lines() -> None:
    assert texts(card("mackerel"), "resources") == ["Each Mackerel token is worth 1 Resource."]
    assert texts(card("squid"), "resources") == ["Each Squid token is worth 0 Resources."]
    assert "Each Takoyaki token is worth 5 Resources." in texts(card("octopus"), "resources")
    assert "(3 Fugu: 9)" in texts(card("fugu"), "resources")[0]
    assert "(nothing taken yet: 6; 12 left: 4)" in texts(card("red_snapper"), "resources")[0]
    assert "a degraded one 4" in texts(card("salmon"), "resources")[0]
    assert "(38 Resources: 3)" in texts(card("nori"), "resources")[0]
    assert "Red Snapper tokens are then worth a flat 2." in texts(card("red_snapper"), "overfished")
    assert "¥200 per Horse Mackerel token" in texts(card("horse_mackerel"), "overfished")[-1]
    assert "¥100 per Nori token" in texts(card("nori"), "overfished")[-1]
    assert "+¥100 per token" in texts(card("overfishing"), "sells")[0]


def test_crash_sides() -> None:
    for m, e in EXTERNAL_MARKETS.items():
        c = card(m)
        if e.crash_side is None:
            assert m == "overfishing" or texts(c, "crash") == ["It never crashes."]
        else:
            assert c.section("crash").lines[-1].message.code == f"rc.crash.side_{e.crash_side}"


# -- a game's card -----------------------------------------------------------------------------


def test_a_games_card_shows_its_player_count() -> None:
    config = make_config(
        ["A", "B", "C"], seed=1, fish_markets=["mackerel", "eel", "squid", "tuna", "fugu"]
    )
    eel = texts(card("eel", config), "stock")
    assert eel[:3] == [
        "Barrels: 6 (for 3 players).",
        "Tokens: 13 (for 3 players).",
        "Licences: 3 (for 3 players).",
    ]
    assert card("eel", config).players == 3
    mack = texts(card("mackerel", config), "stock")
    assert "Licences: 3 (for 3 players, after one each was set aside)." in mack
    ships = texts(card("ships", config), "stock")
    assert "Two-slot ship: 3." in ships and "Three-slot ship: 2." in ships


def test_a_games_card_shows_the_entered_board_numbers_and_says_what_is_missing() -> None:
    config = make_config(
        ["A", "B", "C"],
        seed=1,
        expansion=True,
        fish_markets=["mackerel", "swordfish", "eel", "squid", "tuna"],
        external_markets=["ships", "sushi", "bank"],
        board_numbers={"swordfish": {"entry_ap": 1, "barrels": 5}, "sushi": {"yen_2": 400}},
    )
    sword = card("swordfish", config)
    entry = sword.section("entry").lines
    assert render(entry[0].message) == "1 AP." and entry[0].source == "entered"
    stock = sword.section("stock").lines
    assert (
        render(stock[0].message) == "Barrels: 5, copied from the board when this game was set up."
    )
    assert stock[0].source == "entered"
    assert stock[1].source == "unknown" and "TC-03" in stock[1].readings
    sushi = card("sushi", config).section("sells").lines
    assert render(sushi[1].message).startswith("The price of the place for 2: ¥400")
    assert sushi[0].source == "unknown"
    assert card("sushi", config).section("entry").lines[0].source == "unknown"


def test_horse_mackerel_at_setup_puts_every_mackerel_licence_on_the_board() -> None:
    config = make_config(
        ["A", "B", "C", "D", "E"],
        seed=1,
        expansion=True,
        fish_markets=["horse_mackerel", "mackerel", "eel", "squid", "tuna", "fugu"],
        fixed_fish="horse_mackerel",
    )
    assert "Licences: 5 (for 5 players; none set aside, as Horse Mackerel is in the game)." in (
        texts(card("mackerel", config), "stock")
    )


@given(st.sampled_from(ALL), st.sampled_from(PLAYER_COUNTS))
def test_a_games_card_renders_for_any_player_count(market: str, players: int) -> None:
    names = ["A", "B", "C", "D", "E", "F"][:players]
    config = make_config(names, seed=3, expansion=True)
    c = card(market, config)
    for line in c.lines():
        assert isinstance(line, Line)
        for lang in ("en", "ja"):
            text = render(line.message, lang)
            assert "{" not in text and "%(" not in text and "None" not in text, (
                market,
                line.message.code,
                text,
            )
