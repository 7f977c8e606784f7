"""Reading a tsukiji-snapshot/1 (shared/spec/snapshot.md): the example end to end, every
refusal with its field path, and the valid edge cases."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.rules.errors import IllegalAction
from companion.rules.fish import Fish
from companion.rules.snapshot import make_snapshot, parse_snapshot, score_snapshot

Snapshot = dict[str, Any]


def two_players(**markets: Any) -> Snapshot:
    return {
        "format": "tsukiji-snapshot/1",
        "players": [{"name": "A", "yen": 1000}, {"name": "B", "yen": 2000}],
        "markets": markets,
    }


# --- The example, end to end ----------------------------------------------------------


def test_example_report_is_exact(example_snapshot: Snapshot, example_report: Snapshot) -> None:
    report = score_snapshot(example_snapshot).to_json()
    assert report == example_report
    # Key order matters too (steps in rulebook order, by_fish in snapshot order).
    assert json.dumps(report) == json.dumps(example_report)


def test_example_key_orders(example_snapshot: Snapshot) -> None:
    report = score_snapshot(example_snapshot).to_json()
    aiko = report["players"][0]
    assert list(aiko["steps"]) == [
        "start_yen",
        "resource_award",
        "overfishing",
        "loan_repayment",
        "interest_received",
        "fish_yen",
    ]
    assert list(aiko["resources"]["by_fish"]) == list(example_snapshot["players"][0]["fish"])


def test_example_is_not_changed_by_scoring(example_snapshot: Snapshot) -> None:
    before = copy.deepcopy(example_snapshot)
    score_snapshot(example_snapshot)
    assert example_snapshot == before


def test_parse_example(example_snapshot: Snapshot) -> None:
    players, values = parse_snapshot(example_snapshot)
    assert [p.name for p in players] == ["Aiko", "Bo"]
    assert [(p.yen, p.loans, p.shares) for p in players] == [(4200, 1, 0), (6100, 0, 1)]
    assert players[1].fish == Fish(mackerel=5, salmon_fresh=1)
    assert players[0].fish.tuna == (15, 25)
    assert (values.eel, values.swordfish, values.red_snapper_remaining) == (7, 6, 12)
    assert values.overfished == frozenset({"tuna"})
    assert values.external == frozenset({"bank", "overfishing"})


# --- Refusals -------------------------------------------------------------------------


def edit(path: str, value: Any) -> Callable[[Snapshot], None]:
    """Set (or, with ``DELETE``, remove) the value at a dotted path like
    ``players.1.fish.eel``."""

    def apply(snap: Snapshot) -> None:
        *parents, last = path.split(".")
        node: Any = snap
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        key: Any = int(last) if isinstance(node, list) else last
        if value is DELETE:
            del node[key]
        else:
            node[key] = value

    return apply


DELETE = object()


def seven_players(snap: Snapshot) -> None:
    snap["players"] = [{"name": f"P{i}", "yen": 0} for i in range(7)]


def drop_bank(snap: Snapshot) -> None:
    snap["markets"]["external"] = ["overfishing"]


def shares_without_bank(snap: Snapshot) -> None:
    snap["players"][0]["loans"] = 0
    snap["markets"]["external"] = ["overfishing"]


def red_snapper_without_remaining(snap: Snapshot) -> None:
    del snap["markets"]["red_snapper"]


BAD: list[tuple[str, Callable[[Snapshot], None], str, str]] = [
    # (id, edit of the example, field, message)
    (
        "negative count",
        edit("players.1.fish.eel", -1),
        "players[1].fish.eel",
        "must be a whole number >= 0",
    ),
    (
        "fractional count",
        edit("players.0.fish.mackerel", 1.5),
        "players[0].fish.mackerel",
        "must be a whole number >= 0",
    ),
    (
        "count as text",
        edit("players.0.fish.mackerel", "3"),
        "players[0].fish.mackerel",
        "must be a whole number >= 0",
    ),
    (
        "count as boolean",
        edit("players.0.fish.mackerel", True),
        "players[0].fish.mackerel",
        "must be a whole number >= 0",
    ),
    ("unknown fish", edit("players.0.fish.whale", 1), "players[0].fish.whale", ""),
    (
        "tuna printed 16",
        edit("players.0.fish.tuna", [15, 16]),
        "players[0].fish.tuna[1]",
        "must be one of 15, 20, 25",
    ),
    ("tuna as a count", edit("players.0.fish.tuna", 2), "players[0].fish.tuna", ""),
    ("tuna true", edit("players.0.fish.tuna", [True]), "players[0].fish.tuna[0]", ""),
    (
        "spider crab 5",
        edit("players.0.fish.spider_crab", [5, 8]),
        "players[0].fish.spider_crab[0]",
        "must be one of 4, 6, 8",
    ),
    ("salmon as int", edit("players.1.fish.salmon", 1), "players[1].fish.salmon", ""),
    ("salmon as list", edit("players.1.fish.salmon", [1, 0]), "players[1].fish.salmon", ""),
    ("salmon side", edit("players.1.fish.salmon.rotten", 1), "players[1].fish.salmon.rotten", ""),
    (
        "salmon negative",
        edit("players.1.fish.salmon.degraded", -1),
        "players[1].fish.salmon.degraded",
        "must be a whole number >= 0",
    ),
    ("fish not an object", edit("players.1.fish", [5]), "players[1].fish", ""),
    ("one player", edit("players", [{"name": "Solo", "yen": 0}]), "players", ""),
    ("no players", edit("players", []), "players", ""),
    ("seven players", seven_players, "players", ""),
    ("players missing", edit("players", DELETE), "players", ""),
    ("players an object", edit("players", {"name": "A"}), "players", ""),
    ("player not an object", edit("players.1", "Bo"), "players[1]", ""),
    ("duplicate names", edit("players.1.name", "Aiko"), "players[1].name", ""),
    ("empty name", edit("players.0.name", ""), "players[0].name", ""),
    ("blank name", edit("players.0.name", "   "), "players[0].name", ""),
    ("name missing", edit("players.0.name", DELETE), "players[0].name", ""),
    ("name a number", edit("players.0.name", 7), "players[0].name", ""),
    ("loans without bank", drop_bank, "players[0].loans", ""),
    ("shares without bank", shares_without_bank, "players[1].shares", ""),
    (
        "negative loans",
        edit("players.0.loans", -1),
        "players[0].loans",
        "must be a whole number >= 0",
    ),
    ("shares true", edit("players.1.shares", True), "players[1].shares", ""),
    ("eel held without value", edit("markets.eel", DELETE), "markets.eel.value", ""),
    ("eel object without value", edit("markets.eel", {}), "markets.eel.value", ""),
    (
        "swordfish held without value",
        edit("markets.swordfish", DELETE),
        "markets.swordfish.value",
        "",
    ),
    (
        "eel value 0",
        edit("markets.eel.value", 0),
        "markets.eel.value",
        "must be a whole number 1..13",
    ),
    ("eel value 14", edit("markets.eel.value", 14), "markets.eel.value", ""),
    ("eel value text", edit("markets.eel.value", "7"), "markets.eel.value", ""),
    ("eel value true", edit("markets.eel.value", True), "markets.eel.value", ""),
    ("swordfish value 0", edit("markets.swordfish.value", 0), "markets.swordfish.value", ""),
    ("swordfish value 14", edit("markets.swordfish.value", 14), "markets.swordfish.value", ""),
    ("eel not an object", edit("markets.eel", 7), "markets.eel", ""),
    (
        "red snapper 19",
        edit("markets.red_snapper.remaining", 19),
        "markets.red_snapper.remaining",
        "must be a whole number 0..18",
    ),
    (
        "red snapper -1",
        edit("markets.red_snapper.remaining", -1),
        "markets.red_snapper.remaining",
        "",
    ),
    (
        "red snapper held without remaining",
        red_snapper_without_remaining,
        "markets.red_snapper.remaining",
        "",
    ),
    (
        "red snapper object without remaining",
        edit("markets.red_snapper", {}),
        "markets.red_snapper.remaining",
        "",
    ),
    (
        "unknown external market",
        edit("markets.external", ["bank", "overfishing", "casino"]),
        "markets.external[2]",
        "",
    ),
    ("external not a list", edit("markets.external", "bank"), "markets.external", ""),
    ("external not a string", edit("markets.external", ["bank", 3]), "markets.external[1]", ""),
    (
        "unknown overfished market",
        edit("markets.overfished", ["tuna", "whale"]),
        "markets.overfished[1]",
        "",
    ),
    (
        "overfished entry a list",
        edit("markets.overfished", [["tuna"]]),
        "markets.overfished[0]",
        "",
    ),
    (
        "overfished entry an object",
        edit("markets.overfished", [{"tuna": True}]),
        "markets.overfished[0]",
        "",
    ),
    ("overfished not a list", edit("markets.overfished", "tuna"), "markets.overfished", ""),
    ("markets not an object", edit("markets", ["bank"]), "markets", ""),
    ("wrong format", edit("format", "tsukiji-snapshot/2"), "format", ""),
    ("format of the report", edit("format", "tsukiji-score/1"), "format", ""),
    ("yen missing", edit("players.0.yen", DELETE), "players[0].yen", ""),
    ("yen a string", edit("players.0.yen", "4200"), "players[0].yen", ""),
    ("yen true", edit("players.0.yen", True), "players[0].yen", ""),
    ("yen false", edit("players.1.yen", False), "players[1].yen", ""),
    ("yen fractional", edit("players.0.yen", 4200.5), "players[0].yen", ""),
    ("yen null", edit("players.0.yen", None), "players[0].yen", ""),
]


@pytest.mark.parametrize(
    ("change", "field", "message"), [case[1:] for case in BAD], ids=[case[0] for case in BAD]
)
def test_refusals_name_the_field(
    example_snapshot: Snapshot, change: Callable[[Snapshot], None], field: str, message: str
) -> None:
    change(example_snapshot)
    with pytest.raises(IllegalAction) as info:
        parse_snapshot(example_snapshot)
    error = info.value
    assert error.field == field
    assert error.message
    if message:
        assert error.message == message
    assert str(error) == f"{field}: {error.message}"
    assert "\n" not in str(error)
    # score_snapshot refuses in exactly the same way.
    with pytest.raises(IllegalAction) as again:
        score_snapshot(example_snapshot)
    assert (again.value.field, again.value.message) == (error.field, error.message)


def test_negative_count_error_line(example_snapshot: Snapshot) -> None:
    example_snapshot["players"][1]["fish"]["eel"] = -2
    with pytest.raises(IllegalAction) as info:
        parse_snapshot(example_snapshot)
    assert str(info.value) == "players[1].fish.eel: must be a whole number >= 0"


@pytest.mark.parametrize("data", [None, [], "snapshot", 3])
def test_snapshot_must_be_an_object(data: object) -> None:
    with pytest.raises(IllegalAction) as info:
        parse_snapshot(data)
    assert info.value.field == "snapshot"


# --- Valid edge cases -----------------------------------------------------------------


def test_absent_fish_keys_mean_zero() -> None:
    snap = two_players()
    snap["players"][1]["fish"] = {}
    report = score_snapshot(snap).to_json()
    for p in report["players"]:
        assert p["resources"] == {"by_fish": {}, "total": 0}
        assert p["steps"]["fish_yen"] == 0


def test_absent_salmon_sides_mean_zero() -> None:
    snap = two_players()
    snap["players"][0]["fish"] = {"salmon": {"degraded": 1}}
    snap["players"][1]["fish"] = {"salmon": {}}
    players, _ = parse_snapshot(snap)
    assert players[0].fish == Fish(salmon_degraded=1)
    assert players[1].fish == Fish()


def test_negative_yen_is_accepted() -> None:
    snap = two_players()
    snap["players"][0]["yen"] = -1200
    report = score_snapshot(snap).to_json()
    assert report["players"][0]["steps"]["start_yen"] == -1200
    assert report["players"][0]["final_yen"] == -1200 + 200


def test_markets_may_be_absent_when_nothing_needs_them() -> None:
    snap = two_players()
    del snap["markets"]
    snap["players"][0]["fish"] = {"mackerel": 2, "tuna": [20]}
    report = score_snapshot(snap).to_json()
    assert report["players"][0]["resources"]["total"] == 22


def test_track_values_not_required_when_nobody_holds_the_fish() -> None:
    players, values = parse_snapshot(two_players())
    assert (values.eel, values.swordfish, values.red_snapper_remaining) == (1, 6, 18)


def test_zero_loans_and_shares_without_bank() -> None:
    snap = two_players()
    snap["players"][0].update(loans=0, shares=0)
    players, _ = parse_snapshot(snap)
    assert (players[0].loans, players[0].shares) == (0, 0)


def test_six_players_is_the_maximum() -> None:
    snap = two_players()
    snap["players"] = [{"name": f"P{i}", "yen": 0} for i in range(6)]
    assert len(score_snapshot(snap).players) == 6


def test_red_snapper_remaining_not_required_when_overfished(example_snapshot: Snapshot) -> None:
    del example_snapshot["markets"]["red_snapper"]
    example_snapshot["markets"]["overfished"] = ["tuna", "red_snapper"]
    report = score_snapshot(example_snapshot).to_json()
    assert report["players"][0]["resources"]["by_fish"]["red_snapper"] == 4  # 2 × flat 2


def test_red_snapper_zero_remaining_is_2_each(example_snapshot: Snapshot) -> None:
    example_snapshot["markets"]["red_snapper"]["remaining"] = 0
    report = score_snapshot(example_snapshot).to_json()
    assert report["players"][0]["resources"]["by_fish"]["red_snapper"] == 4


def test_other_external_markets_are_ignored(
    example_snapshot: Snapshot, example_report: Snapshot
) -> None:
    example_snapshot["markets"]["external"] = ["ships", "bank", "aquarium", "overfishing", "sushi"]
    assert score_snapshot(example_snapshot).to_json() == example_report


def test_overfished_uses_market_ids(example_snapshot: Snapshot) -> None:
    example_snapshot["players"][1]["fish"].update(clam=1, oyster=2, takoyaki=1)
    example_snapshot["markets"]["overfished"] = ["clams_oysters", "octopus"]
    report = score_snapshot(example_snapshot).to_json()
    # Bo: mackerel 5 + salmon 1 healthy; clam 1 + oyster 2 + takoyaki 1 Overfished.
    assert report["players"][1]["steps"]["overfishing"] == 600 - 400


def test_overfished_accepts_token_keys(example_snapshot: Snapshot) -> None:
    # "keys as in fish": takoyaki names the Octopus market (AMB-38).
    _, values = parse_snapshot(
        example_snapshot
        | {"markets": example_snapshot["markets"] | {"overfished": ["takoyaki", "clam"]}}
    )
    assert values.overfished == frozenset({"octopus", "clams_oysters"})


def test_without_overfishing_market_the_step_is_zero(example_snapshot: Snapshot) -> None:
    example_snapshot["markets"]["external"] = ["bank"]
    report = score_snapshot(example_snapshot).to_json()
    assert [p["steps"]["overfishing"] for p in report["players"]] == [0, 0]
    assert [p["final_yen"] for p in report["players"]] == [21100 - 2600, 7600 - 600]


# --- make_snapshot --------------------------------------------------------------------


def test_make_snapshot_round_trips_the_example(
    example_snapshot: Snapshot, example_report: Snapshot
) -> None:
    players, values = parse_snapshot(example_snapshot)
    made = make_snapshot(players, values)
    assert made["format"] == "tsukiji-snapshot/1"
    again = json.loads(json.dumps(made))
    assert score_snapshot(again).to_json() == example_report
    assert make_snapshot(*parse_snapshot(again)) == made


def test_make_snapshot_lists_only_held_fish() -> None:
    players, values = parse_snapshot(two_players())
    made = make_snapshot(players, values)
    assert [p["fish"] for p in made["players"]] == [{}, {}]
    assert [p["name"] for p in made["players"]] == ["A", "B"]
