"""The scoring calculator page for people (shared/spec/snapshot.md, face 3).

The page builds a snapshot from its form and shows score_snapshot's report; these tests
drive it through the Flask test client, as htmx would (the fragment) and as a browser
without JavaScript would (the whole page).
"""

from __future__ import annotations

import html
import re

import pytest

from companion.rules.catalogue import FISH_KEYS, FISH_MARKETS, TOKEN_NAMES

HX = {"HX-Request": "true"}


def text_of(markup: str) -> str:
    """The visible text, whitespace collapsed (good enough to read numbers and names)."""
    without_tags = re.sub(r"<[^>]+>", " ", markup)
    return re.sub(r"\s+", " ", html.unescape(without_tags)).strip()


def result_card(markup: str, name: str) -> str:
    m = re.search(
        rf'<article[^>]*data-player-result="{re.escape(name)}".*?</article>', markup, re.S
    )
    assert m, f"no result card for {name}"
    return text_of(m.group(0))


def winner_text(markup: str) -> str:
    m = re.search(r'<div id="winner".*?</div>', markup, re.S)
    assert m, "no winner banner"
    return text_of(m.group(0))


def form_from_snapshot(snapshot: dict) -> dict[str, str | list[str]]:
    """What a person would type into the calculator for this snapshot."""
    data: dict[str, str | list[str]] = {"expansion": "on"}
    for i, p in enumerate(snapshot["players"]):
        pre = f"players[{i}]."
        data[pre + "name"] = p["name"]
        data[pre + "yen"] = str(p["yen"])
        data[pre + "loans"] = str(p.get("loans", 0))
        data[pre + "shares"] = str(p.get("shares", 0))
        for key, value in p.get("fish", {}).items():
            if key == "salmon":
                for side, n in value.items():
                    data[f"{pre}fish.salmon.{side}"] = str(n)
            elif key in ("spider_crab", "tuna"):
                for printed in set(value):
                    data[f"{pre}fish.{key}.{printed}"] = str(value.count(printed))
            else:
                data[f"{pre}fish.{key}"] = str(value)
    m = snapshot["markets"]
    data["markets.eel.value"] = str(m["eel"]["value"])
    data["markets.swordfish.value"] = str(m["swordfish"]["value"])
    data["markets.red_snapper.remaining"] = str(m["red_snapper"]["remaining"])
    data["markets.overfished"] = list(m["overfished"])
    data["markets.external"] = list(m["external"])
    return data


#: The table the browser test plays too; worked by hand from turn-and-scoring.md §6–§7.
#: Eel track 5, Bank in play, no Expansion.
#:   Aiko ¥3,000, 1 loan,  2 Eel (2×5) + 3 Mackerel (3×1)          R = 13
#:   Bo   ¥4,500,          Tuna printed 20 + 2 Fugu (2² = 4)         R = 24
#:   Chie ¥6,500, 1 share, Salmon 1 fresh (S = 2 owned → 2) + 1 degraded (4)
#:                         + 1 Octopus (3)                           R = 9
#: 1. Award: Bo alone highest +1,000; Chie alone lowest −500; Aiko 0.
#: 3. Loans: Aiko −1,000; I = 500, one share owner → Chie +500.
#: 4. Fish: +1,300 / +2,400 / +900.
#: Final: Aiko 3,300; Bo 7,900 (winner); Chie 7,400.
THREE = {
    "players[0].name": "Aiko",
    "players[0].yen": "3000",
    "players[0].loans": "1",
    "players[0].fish.eel": "2",
    "players[0].fish.mackerel": "3",
    "players[1].name": "Bo",
    "players[1].yen": "4,500",
    "players[1].fish.tuna.20": "1",
    "players[1].fish.fugu": "2",
    "players[2].name": "Chie",
    "players[2].yen": "6500",
    "players[2].shares": "1",
    "players[2].fish.salmon.fresh": "1",
    "players[2].fish.salmon.degraded": "1",
    "players[2].fish.octopus": "1",
    "markets.eel.value": "5",
    "markets.external": "bank",
}


def test_page_has_every_fish_input(client):
    r = client.get("/calculator/")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    for i in range(3):
        for key in FISH_KEYS:
            if key == "salmon":
                names = [f"fish.salmon.{side}" for side in ("fresh", "degraded")]
            elif key == "spider_crab":
                names = [f"fish.spider_crab.{v}" for v in (4, 6, 8)]
            elif key == "tuna":
                names = [f"fish.tuna.{v}" for v in (15, 20, 25)]
            else:
                names = [f"fish.{key}"]
            for name in names:
                assert f'name="players[{i}].{name}"' in page, name
        for name in ("name", "yen", "loans", "shares"):
            assert f'name="players[{i}].{name}"' in page
    assert 'name="players[3].name"' not in page
    for name in (
        "markets.eel.value",
        "markets.swordfish.value",
        "markets.red_snapper.remaining",
        "expansion",
    ):
        assert f'name="{name}"' in page
    for market in FISH_MARKETS:
        assert f'name="markets.overfished" value="{market}"' in page
    for external in ("bank", "overfishing"):
        assert f'name="markets.external" value="{external}"' in page
    # Each counter has its − and + (the no-JavaScript way to step).
    assert 'value="players[0].fish.eel:-1"' in page and 'value="players[0].fish.eel:+1"' in page
    assert "htmx-2.0.11.min.js" in page and "calculator.js" in page
    assert "the scores appear here" in page  # nothing typed yet: a hint, not a 3-way tie


def test_fragment_for_hand_computed_table(client):
    r = client.post("/calculator/report", data=THREE, headers=HX)
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body  # a fragment, not a page
    assert winner_text(body) == "Winner Bo · ¥7,900"
    bo = result_card(body, "Bo")
    assert bo.startswith("1st Bo ¥7,900")
    assert "Resource award / penalty +¥1,000" in bo
    assert "Fish → Yen (24 Resources × ¥100) +¥2,400" in bo
    assert "Fugu 4" in bo and "Tuna 20" in bo
    chie = result_card(body, "Chie")
    assert "2nd Chie ¥7,400" in chie
    assert "Resource award / penalty −¥500" in chie and "Interest received +¥500" in chie
    assert "Salmon 6" in chie
    aiko = result_card(body, "Aiko")
    assert "3rd Aiko ¥3,300" in aiko and "Loans repaid with interest −¥1,000" in aiko
    assert "Final Yen ¥3,300" in aiko
    # The summary bar is updated out of band.
    assert 'id="summary"' in body and 'hx-swap-oob="true"' in body


def test_fragment_agrees_with_the_spec_example(client, example_snapshot, example_report):
    """The page and the API share one implementation: every step of the spec's report."""
    r = client.post("/calculator/report", data=form_from_snapshot(example_snapshot), headers=HX)
    body = r.get_data(as_text=True)
    assert winner_text(body) == "Winner Aiko · ¥21,100"
    labels = {
        "start_yen": "Yen before scoring",
        "resource_award": "Resource award / penalty",
        "overfishing": "Overfishing market",
        "loan_repayment": "Loans repaid with interest",
        "interest_received": "Interest received",
    }
    for expected in example_report["players"]:
        card = result_card(body, expected["name"])
        for step, label in labels.items():
            value = expected["steps"][step]
            shown = ("+" if value > 0 and step != "start_yen" else "") + (
                f"−¥{-value:,}" if value < 0 else f"¥{value:,}"
            )
            assert f"{label} {shown}" in card, (expected["name"], step, card)
        total = expected["resources"]["total"]
        assert f"({total} Resources × ¥100) +¥{100 * total:,}" in card
        assert f"Final Yen ¥{expected['final_yen']:,}" in card
        for key, value in expected["resources"]["by_fish"].items():
            assert f"{TOKEN_NAMES[key]} {value}" in card


def test_a_tie_lists_every_winner(client):
    data = {
        "players[0].name": "Aiko",
        "players[0].yen": "1000",
        "players[0].fish.octopus": "1",
        "players[1].name": "Bo",
        "players[1].yen": "1000",
        "players[1].fish.octopus": "1",
    }
    body = client.post("/calculator/report", data=data, headers=HX).get_data(as_text=True)
    # Both tied for highest and lowest: +500 − 300 = +200 each (AMB-07); fish +300.
    assert winner_text(body) == "Shared win (2 players tied) Aiko, Bo · ¥1,500 each"
    assert "1st Aiko ¥1,500" in result_card(body, "Aiko")
    assert "1st Bo ¥1,500" in result_card(body, "Bo")


@pytest.mark.parametrize(
    "change, field, words",
    [
        ({"players[1].yen": "lots"}, "players[1].yen", "Bo · Yen: Must be a whole number of Yen."),
        (
            {"players[0].fish.eel": "-2"},
            "players[0].fish.eel",
            "Aiko · Eel: Must be a whole number >= 0.",
        ),
        (
            {"markets.eel.value": ""},
            "markets.eel.value",
            "Eel track: Required when a player holds eel.",
        ),
        (
            {"markets.eel.value": "14"},
            "markets.eel.value",
            "Eel track: Must be a whole number 1..13.",
        ),
        (
            {"players[2].name": "Aiko"},
            "players[2].name",
            "Aiko · Name: 'Aiko' is already the name of another player.",
        ),
        (
            {"players[1].fish.tuna.20": "x"},
            "players[1].fish.tuna.20",
            "Bo · Tuna 20: Must be a whole number >= 0.",
        ),
    ],
)
def test_bad_input_shows_the_error_with_its_field(client, change, field, words):
    r = client.post("/calculator/report", data={**THREE, **change}, headers=HX)
    assert r.status_code == 200  # htmx swaps 200s; the error is the content
    body = r.get_data(as_text=True)
    assert f'data-error-field="{field}"' in body
    m = re.search(r'<div class="error" role="alert".*?</div>', body, re.S)
    assert m and text_of(m.group(0)) == words
    assert "data-player-result" not in body  # no stale or partial scores next to an error
    assert "⚠" in body  # and the summary bar points at it


def test_without_javascript_the_error_is_next_to_the_field(client):
    r = client.post("/calculator/", data={**THREE, "players[1].yen": "lots"})
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    m = re.search(r'<div class="field[^"]*" data-field="players\[1\]\.yen">.*?</div>', page, re.S)
    assert m, "the Yen field of player 2"
    field = m.group(0)
    assert 'value="lots"' in field and 'aria-invalid="true"' in field
    assert "Must be a whole number of Yen." in page[m.start() : m.end() + 300]


def test_without_javascript_submit_steps_add_and_remove(client):
    r = client.post("/calculator/", data=THREE)
    assert r.status_code == 200
    assert winner_text(r.get_data(as_text=True)) == "Winner Bo · ¥7,900"

    # − / + are submit buttons; the server applies the step and clamps to the field's range.
    page = client.post("/calculator/", data={**THREE, "step": "players[0].fish.eel:+1"}).get_data(
        as_text=True
    )
    assert re.search(r'name="players\[0\]\.fish\.eel" value="3"', page)
    page = client.post(
        "/calculator/", data={**THREE, "step": "markets.eel.value:-1", "markets.eel.value": "1"}
    ).get_data(as_text=True)
    assert re.search(r'name="markets\.eel\.value" value="1"', page)
    page = client.post("/calculator/", data={**THREE, "step": "players[2].fish.nori:+1"}).get_data(
        as_text=True
    )
    assert re.search(r'name="players\[2\]\.fish\.nori" value="1"', page)

    page = client.post("/calculator/", data={**THREE, "action": "add"}).get_data(as_text=True)
    assert 'name="players[3].name"' in page and "autofocus" in page
    page = client.post("/calculator/", data={**THREE, "action": "remove:0"}).get_data(as_text=True)
    assert 'name="players[2].name"' not in page
    assert re.search(r'name="players\[0\]\.name" value="Bo"', page)


def test_add_player_through_htmx_returns_the_calculator_partial(client):
    r = client.post("/calculator/", data={**THREE, "action": "add"}, headers=HX)
    body = r.get_data(as_text=True)
    assert r.status_code == 200 and "<html" not in body
    assert body.lstrip().startswith('<div id="calculator"')
    assert 'name="players[3].name"' in body
    # An empty new player (named "Player 4" for scoring) has 0 Resources: the only lowest.
    assert "4th Player 4 −¥500" in result_card(body, "Player 4")


def test_players_stay_between_two_and_six(client):
    six = {f"players[{i}].name": f"P{i}" for i in range(6)}
    page = client.post("/calculator/", data={**six, "action": "add"}).get_data(as_text=True)
    assert 'name="players[6].name"' not in page and 'value="add"' not in page
    two = {f"players[{i}].name": f"P{i}" for i in range(2)}
    page = client.post("/calculator/", data={**two, "action": "remove:0"}).get_data(as_text=True)
    assert 'name="players[1].name"' in page and 'value="remove:' not in page


def test_hidden_sections_are_not_scored(client):
    """What is scored is what is shown: without the Expansion ticked its fish do not
    count, and without the Bank loans and shares do not."""
    data = {**THREE, "players[0].fish.nori": "5", "players[1].loans": "3"}
    data["markets.external"] = ["overfishing"]
    body = client.post("/calculator/report", data=data, headers=HX).get_data(as_text=True)
    # No Bank: Aiko's loan and Chie's share are ignored; no Expansion: no Nori, no
    # Overfishing market. Aiko 3,000 + 0 + 1,300; Bo 7,900; Chie 6,500 − 500 + 900.
    assert "Final Yen ¥4,300" in result_card(body, "Aiko")
    assert "Final Yen ¥6,900" in result_card(body, "Chie")
    assert "Overfishing market" not in body and "Loans repaid" not in body

    data["expansion"] = "on"
    body = client.post("/calculator/report", data=data, headers=HX).get_data(as_text=True)
    aiko = result_card(body, "Aiko")
    # Nori: other fish total 13 → 1 each → +5 R; Overfishing market: 10 tokens, none
    # Overfished → +1,000. R 18 (Bo still highest, Chie lowest).
    assert "Nori 5" in aiko and "Overfishing market +¥1,000" in aiko
    assert "Final Yen ¥5,800" in aiko


def test_snapshot_download_is_the_scored_snapshot(client):
    import json
    from urllib.parse import unquote

    body = client.post("/calculator/report", data=THREE, headers=HX).get_data(as_text=True)
    m = re.search(r'href="data:application/json;charset=utf-8,([^"]+)"', body)
    assert m
    snapshot = json.loads(unquote(html.unescape(m.group(1))))
    assert snapshot["format"] == "tsukiji-snapshot/1"
    assert snapshot["players"][1] == {
        "name": "Bo",
        "yen": 4500,
        "loans": 0,
        "shares": 0,
        "fish": {"fugu": 2, "tuna": [20]},
    }
    assert snapshot["markets"] == {"overfished": [], "external": ["bank"], "eel": {"value": 5}}
    api = client.post("/api/score", json=snapshot).get_json()
    assert api["winners"] == ["Bo"]


def test_home_links_to_the_calculator(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/calculator/"' in page
