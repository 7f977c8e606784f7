"""A market is one folder (issue #18 step 6): the Ice House (tests/new_market/), a market
that exists only for these tests, goes through every path the game's own markets go
through — entering from the box, the visit and its preview, the rules card, the turn
guide's form and panel, the crash variant, the setup checklist — with no other file
changed: the shared code iterates the registries and never names a market.
"""

from __future__ import annotations

from typing import Any

import pytest
from new_market import DATA, ID, ROOM, SHELF, YEN, register

from companion.door import Refused
from companion.rules import checklist, crash, draws, entering
from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish
from companion.rules.guided import preview_lines
from companion.rules.messages import Message, render
from companion.rules.moves import apply
from companion.rules.rulecards import card, market_ids
from companion.rules.setup import GameConfig, make_config
from companion.rules.table import Table, initial_table
from companion.web import form_decode, schemas, turn_external, turn_schemas

NAMES = ["Aiko", "Bo", "Chiyo"]


@pytest.fixture
def ice(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def config(*variants: str, external: tuple[str, ...] = ("ships", "bank", ID)) -> GameConfig:
    return make_config(
        NAMES,
        fish_markets=["mackerel", "eel", "squid", "fugu", "octopus"],
        external_markets=list(external),
        variants=list(variants),
        seed=7,
    )


def table(*variants: str, eels: int = 3) -> Table:
    t = apply(initial_table(config(*variants)), {"type": "next_turn"})
    return t.with_player(0, fish=Fish(eel=eels))


def visit(t: Table, entry: str = "yen", **fields: Any) -> dict[str, Any]:
    return {"type": "visit", "player": "Aiko", "market": ID, "entry": entry, **fields}


def refusal(t: Table, action: dict[str, Any]) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        apply(t, action)
    return info.value


@pytest.mark.usefixtures("ice")
def test_it_is_drawn_from_the_box_and_set_up_as_any_board() -> None:
    without = config(external=("ships", "bank", "government"))
    assert ID in entering.all_boards(without, "external")
    t = apply(initial_table(without), {"type": "next_turn"})
    assert ID in entering.in_box(t, "external")
    t = entering.bring(t, ID, "expansion", "influence")
    assert ID in t.config.external_markets and ID not in entering.in_box(t, "external")
    [arrival] = entering.new_arrivals(apply(initial_table(without), {"type": "next_turn"}), t)
    assert render(entering.arrival_message(arrival)).startswith("Ice House enters the game")


@pytest.mark.usefixtures("ice")
def test_a_visit_pays_its_entry_and_does_what_the_market_says() -> None:
    t = table()
    action = visit(t, tokens=["eel", "eel"])
    assert preview_lines(t, action) == [
        "Aiko → the supply: ¥100 (entry)",
        "Aiko puts Eel, Eel onto the Ice House's shelf",
        "the supply → Aiko: ¥600 (Ice House)",
    ]
    # It opens no auction: the server adds nothing to the visit before the rules see it.
    assert draws.server_inputs(t, 7, "visit", action, 5) == (action, None)
    after = apply(t, action)
    assert after.places[SHELF] == ("eel", "eel")
    assert after.player("Aiko").fish.eel == 1
    assert after.player("Aiko").yen == t.player("Aiko").yen - DATA.entry[0].amount + 2 * YEN
    # Its refusals are the shared ones, worded with its own names.
    full = refusal(t, visit(t, tokens=["eel"] * (ROOM + 1)))
    assert full.message == "There is room for 2 more tokens on the Ice House's shelf."
    nothing = refusal(t, visit(t))
    assert "put tokens on its shelf" in nothing.message
    assert refusal(t, visit(t, entry="ap", tokens=["eel"])).code_message.code == (
        "entry_not_printed"
    )


@pytest.mark.usefixtures("ice")
def test_its_rules_card_comes_from_its_own_lines() -> None:
    assert market_ids()[-1] == ID
    c = card(ID)
    assert [s.id for s in c.sections] == ["entry", "sells", "special", "resources", "crash"]
    said = {s.id: [render(line.message) for line in s.lines] for s in c.sections}
    assert said["entry"][0] == "¥100 to the supply."
    assert said["sells"] == [f"The shelf holds {ROOM} tokens, ¥{YEN} each."]
    assert said["crash"][0] == "When its shelf is full."
    shelf = c.section("sells").lines[0].message
    assert render(shelf, "ja") == "棚にはトークンを2個置ける。1個300円。"
    assert card(ID, config()).players == len(NAMES)


@pytest.mark.usefixtures("ice")
def test_it_crashes_on_its_own_condition() -> None:
    assert ID in crash.can_crash()
    t = table("crash")
    half = apply(t, visit(t, tokens=["eel"]))
    assert half.crashes == ()
    t = apply(t, visit(t, tokens=["eel", "eel"]))
    [c] = t.crashes
    assert (c.market, c.side) == (ID, "closed")
    assert t.closed(ID)


@pytest.mark.usefixtures("ice")
def test_its_setup_line() -> None:
    assert checklist.board_lines(config(), ID) == [Message("check.empty_places", {})]
    [item] = [i for i in checklist.checklist(config()) if i.get("market") == ID]
    assert (item["board"], item["ja"]) == ("Ice House", "氷室")
    assert checklist.board_setup(config(), ID)["lines"] == [Message("check.empty_places", {})]


def test_its_form_and_panel(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, app)
    form = {"type": "visit", "player": "Aiko", "market": ID, "entry": "yen", "tokens.eel": "2"}
    t = table()
    with app.test_request_context():
        # Its form needs no code of its own: the one decoder reads it from its fields.
        body = form_decode.decode(turn_schemas.visit_model(), list(form.items()), "visit")
        assert body == {
            "type": "visit",
            "player": "Aiko",
            "market": ID,
            "entry": "yen",
            "tokens": ["eel", "eel"],
        }
        visit = schemas.parse(turn_schemas.visit_model(), body, "visit", form=True)
        assert (visit.market, visit.tokens) == (ID, ["eel", "eel"])
        x = turn_external.panel_data(t, 0, ID)
        assert x["name"] == "Ice House" and x["why"] is None
        assert x[ID]["rows"] == [
            {"name": "tokens.eel", "label": "Eel", "max": ROOM, "held": 3},
        ]
        html = turn_external.panel({"game_id": "g1"}, t, 0, ID)
    assert '<p class="ice-room">2</p>' in html and 'name="tokens.eel"' in html
    assert [tile["id"] for tile in turn_external.tiles(t, 0)] == ["ships", "bank", ID]


def test_without_it_nothing_knows_it() -> None:
    """Not registered, the market is no market: the registries are the only list."""
    assert ID not in market_ids()
    with pytest.raises(KeyError):
        card(ID)
    with pytest.raises(IllegalAction):
        config()
    body = {"type": "visit", "player": "Aiko", "market": ID, "entry": "yen", "tokens": ["eel"]}
    with pytest.raises(Refused):
        schemas.parse(turn_schemas.visit_model(), body, "visit")
