"""`POST /api/score` (shared/spec/snapshot.md, face 2): the same report as the CLI, or 400
with the error and the field."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

WORKED_EXAMPLE_1 = {
    "format": "tsukiji-snapshot/1",
    "players": [
        {"name": "A", "yen": 4000, "loans": 2, "fish": {"mackerel": 30}},
        {"name": "B", "yen": 3500, "loans": 1, "fish": {"tuna": [15, 15]}},
        # 4 + 3 + 0 + 1 + 3 + 1 = 12 (the only Salmon in the game: fresh worth 1)
        {
            "name": "C",
            "yen": 2000,
            "shares": 1,
            "fish": {
                "fugu": 2,
                "octopus": 1,
                "squid": 4,
                "salmon": {"fresh": 1},
                "clam": 1,
                "oyster": 1,
            },
        },
        # 16 + 2 + 1 = 19, Nori a tenth of that: 1
        {
            "name": "D",
            "yen": 2500,
            "shares": 1,
            "fish": {"eel": 2, "oyster": 2, "sardine": 1, "nori": 1},
        },
    ],
    "markets": {"eel": {"value": 8}, "external": ["bank", "ships"]},
}


def post(client: Any, body: Any) -> Any:
    return client.post("/api/score", json=body)


def test_example_report(client: Any, example_snapshot: dict, example_report: dict) -> None:
    response = post(client, example_snapshot)
    assert response.status_code == 200
    assert response.is_json
    report = json.loads(response.get_data(as_text=True))
    assert report == example_report
    assert json.dumps(report) == json.dumps(example_report)  # key order too


def test_same_report_as_the_cli(client: Any) -> None:
    response = post(client, WORKED_EXAMPLE_1)
    assert response.status_code == 200
    cli = subprocess.run(
        [sys.executable, "-m", "companion", "score", "-"],
        cwd=ROOT,
        input=json.dumps(WORKED_EXAMPLE_1),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert cli.returncode == 0, cli.stderr
    assert json.loads(response.get_data(as_text=True)) == json.loads(cli.stdout)
    report = response.get_json()
    # turn-and-scoring.md §6, worked example 1 (R 30 / 30 / 12 / 20).
    assert [p["resources"]["total"] for p in report["players"]] == [30, 30, 12, 20]
    assert [p["final_yen"] for p in report["players"]] == [5500, 6000, 3500, 5300]
    assert [p["rank"] for p in report["players"]] == [2, 1, 4, 3]
    assert report["winners"] == ["B"]


def _eel(s: dict) -> None:
    s["players"][1]["fish"]["eel"] = -1


def _one_player(s: dict) -> None:
    s["players"] = s["players"][:1]


def _duplicate(s: dict) -> None:
    s["players"][1]["name"] = "Aiko"


def _no_bank(s: dict) -> None:
    s["markets"]["external"] = []


def _salmon_int(s: dict) -> None:
    s["players"][1]["fish"]["salmon"] = 1


def _yen_string(s: dict) -> None:
    s["players"][0]["yen"] = "4200"


def _remaining(s: dict) -> None:
    s["markets"]["red_snapper"]["remaining"] = 19


def _no_remaining(s: dict) -> None:
    del s["markets"]["red_snapper"]


def _external(s: dict) -> None:
    s["markets"]["external"] = ["bank", "casino"]


def _format(s: dict) -> None:
    s["format"] = "tsukiji-score/1"


def _crab(s: dict) -> None:
    s["players"][0]["fish"]["spider_crab"] = [4, 5]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_eel, "players[1].fish.eel"),
        (_one_player, "players"),
        (_duplicate, "players[1].name"),
        (_no_bank, "players[0].loans"),
        (_salmon_int, "players[1].fish.salmon"),
        (_yen_string, "players[0].yen"),
        (_remaining, "markets.red_snapper.remaining"),
        (_no_remaining, "markets.red_snapper.remaining"),
        (_external, "markets.external[1]"),
        (_format, "format"),
        (_crab, "players[0].fish.spider_crab[1]"),
    ],
)
def test_bad_input_is_400_with_error_and_field(
    client: Any, example_snapshot: dict, change: Any, field: str
) -> None:
    change(example_snapshot)
    response = post(client, example_snapshot)
    assert response.status_code == 400
    body = response.get_json()
    assert set(body) == {"error", "field"}
    assert body["field"] == field
    assert isinstance(body["error"], str) and body["error"]


def test_error_and_field_match_the_cli_line(client: Any, example_snapshot: dict) -> None:
    """The same field and rule as the CLI's line, said as one sentence (issue #7: never a
    fragment such as "must be a whole number >= 0")."""
    example_snapshot["players"][1]["fish"]["eel"] = -1
    body = post(client, example_snapshot).get_json()
    assert body == {
        "error": "The value of players[1].fish.eel must be a whole number >= 0.",
        "field": "players[1].fish.eel",
    }


def test_snapshot_not_an_object(client: Any) -> None:
    response = post(client, [1, 2])
    assert response.status_code == 400
    assert response.get_json()["field"] == "snapshot"


@pytest.mark.parametrize("body", ["not json", '{"players": [', "", "null"])
def test_non_json_body_is_400(client: Any, body: str) -> None:
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.is_json
    assert response.get_json()["error"]


def test_form_body_is_400(client: Any) -> None:
    response = client.post("/api/score", data={"players": "Aiko"})
    assert response.status_code == 400
    assert response.get_json()["error"]


def test_refused_request_changes_nothing(
    client: Any, example_snapshot: dict, example_report: dict
) -> None:
    bad = json.loads(json.dumps(example_snapshot))
    bad["players"][0]["yen"] = None
    assert post(client, bad).status_code == 400
    assert post(client, example_snapshot).get_json() == example_report


def test_get_is_not_allowed(client: Any) -> None:
    assert client.get("/api/score").status_code == 405
