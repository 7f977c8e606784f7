"""`companion score FILE|-` (shared/spec/snapshot.md, face 1).

The entry point itself (``python -m companion``, its exit codes, its standard input and
its UTF-8 output) is run as a real process (:func:`run_score`); what the command answers
for each file is checked by calling ``companion.cli.main`` in this process
(:func:`score_here`) with the same assertions on its output and its return code: a
process only added ~0.8 s of start-up to each.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run_score(arg: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m companion score ARG`` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "companion", "score", arg],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def score_here(arg: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``companion score ARG`` through ``companion.cli.main`` in this process, from the
    repository root, its standard streams captured: what :func:`run_score` gives."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin, here = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(stdin or "")
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["score", arg])
    finally:
        sys.stdin = saved_stdin
        os.chdir(here)
    return subprocess.CompletedProcess(
        ["companion", "score", arg], code, out.getvalue(), err.getvalue()
    )


def write(tmp_path: Path, data: Any, name: str = "snapshot.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def assert_refused(proc: subprocess.CompletedProcess[str], starts: str) -> None:
    """Exit 2, nothing on stdout, exactly one line on stderr starting with ``starts``."""
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(starts), lines[0]


def test_valid_file(tmp_path: Path, example_snapshot: dict, example_report: dict) -> None:
    proc = run_score(str(write(tmp_path, example_snapshot)))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    report = json.loads(proc.stdout)
    assert report == example_report
    assert json.dumps(report) == json.dumps(example_report)  # key order too


def test_the_example_file_in_the_repository(example_report: dict) -> None:
    proc = score_here("tests/data/snapshot_example.json")  # relative to the repo root
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == example_report


def test_dash_reads_standard_input(example_snapshot: dict, example_report: dict) -> None:
    proc = run_score("-", stdin=json.dumps(example_snapshot))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout) == example_report


def test_non_ascii_names_round_trip(tmp_path: Path) -> None:
    snap = {
        "format": "tsukiji-snapshot/1",
        "players": [{"name": "千代", "yen": 5000}, {"name": "Bo", "yen": 100}],
    }
    proc = run_score(str(write(tmp_path, snap)))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert [p["name"] for p in report["players"]] == ["千代", "Bo"]
    assert report["end_trigger"] == {"千代": True, "Bo": False}


def test_bad_count_is_one_line_naming_the_field(tmp_path: Path, example_snapshot: dict) -> None:
    example_snapshot["players"][1]["fish"]["eel"] = -1
    proc = score_here(str(write(tmp_path, example_snapshot)))
    assert_refused(proc, "players[1].fish.eel: ")
    assert proc.stderr.strip() == "players[1].fish.eel: must be a whole number >= 0"


def test_bad_input_on_standard_input(example_snapshot: dict) -> None:
    example_snapshot["players"][0]["yen"] = True
    assert_refused(run_score("-", stdin=json.dumps(example_snapshot)), "players[0].yen: ")


def _one_player(s: dict) -> None:
    s["players"] = s["players"][:1]


def _no_bank(s: dict) -> None:
    s["markets"]["external"] = ["overfishing"]


def _tuna_16(s: dict) -> None:
    s["players"][0]["fish"]["tuna"] = [16]


def _whale(s: dict) -> None:
    s["players"][1]["fish"]["whale"] = 1


def _format(s: dict) -> None:
    s["format"] = "tsukiji-snapshot/2"


def _eel_track(s: dict) -> None:
    s["markets"]["eel"]["value"] = 14


def _overfished_list(s: dict) -> None:
    s["markets"]["overfished"] = [["tuna"]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_one_player, "players"),
        (_no_bank, "players[0].loans"),
        (_tuna_16, "players[0].fish.tuna[0]"),
        (_whale, "players[1].fish.whale"),
        (_format, "format"),
        (_eel_track, "markets.eel.value"),
        (_overfished_list, "markets.overfished[0]"),
    ],
)
def test_refusals(tmp_path: Path, example_snapshot: dict, change: Any, field: str) -> None:
    change(example_snapshot)
    assert_refused(score_here(str(write(tmp_path, example_snapshot))), f"{field}: ")


def test_snapshot_not_an_object(tmp_path: Path) -> None:
    assert_refused(score_here(str(write(tmp_path, [1, 2]))), "snapshot: ")


def test_invalid_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"players": [', encoding="utf-8")
    assert_refused(score_here(str(path)), "snapshot: ")


def test_invalid_json_on_standard_input() -> None:
    assert_refused(score_here("-", stdin="not json at all"), "snapshot: ")


def test_empty_standard_input() -> None:
    assert_refused(score_here("-", stdin=""), "snapshot: ")


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    proc = score_here(str(missing))
    assert_refused(proc, str(missing))


def test_directory_instead_of_file(tmp_path: Path) -> None:
    assert_refused(score_here(str(tmp_path)), str(tmp_path))


def test_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"players": [{"name": "Jos\xe9", "yen": 0}]}')
    assert_refused(score_here(str(path)), "")


def test_absurdly_nested_json() -> None:
    assert_refused(run_score("-", stdin="[" * 100_000), "snapshot: ")
