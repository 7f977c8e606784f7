"""docs/actions.md keeps up with the code: every action type in MOVES and every JSON API
endpoint of the Flask app is documented there, and the README links to it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.rules.moves import MOVES

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "actions.md"


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def documented_types(text: str) -> set[str]:
    """Names in backticks that head a section (``### `pay` ``) or open a table row
    (``| `pay` | …``)."""
    found: set[str] = set()
    for line in text.splitlines():
        heading = re.match(r"#{1,6}\s+`([a-z_]+)`", line)
        row = re.match(r"\|\s*`([a-z_]+)`\s*\|", line)
        for m in (heading, row):
            if m:
                found.add(m.group(1))
    return found


def api_rules(app: Any) -> list[tuple[str, str]]:
    """(method, path) of every url_map rule under /api/, with converters dropped
    (``<int:seat_no>`` is written ``<seat_no>``)."""
    out = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[a-z_]+(?:\([^)]*\))?:)?([a-z_]+)>", r"<\1>", rule.rule)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            out.append((method, path))
    return out


@pytest.mark.parametrize("kind", sorted(MOVES))
def test_every_action_type_is_documented(kind: str) -> None:
    assert kind in documented_types(doc_text()), (
        f"action type {kind!r} is not documented in docs/actions.md (a heading or a table "
        "row with the type in backticks)"
    )


def test_internal_types_are_listed_as_recorded_by_the_server() -> None:
    text = doc_text()
    section = text.split("## Recorded by the server", 1)
    assert len(section) == 2, "docs/actions.md needs a 'Recorded by the server' section"
    listed = documented_types(section[1])
    for kind, move in MOVES.items():
        if move.internal:
            assert kind in listed, kind
            assert not re.search(rf"^#{{1,6}}\s+`{kind}`", text, re.M), (
                f"{kind} is internal: list it in the table, not as an action section"
            )


def test_every_client_type_has_its_own_section_with_an_example() -> None:
    text = doc_text()
    for kind, move in MOVES.items():
        if move.internal:
            continue
        m = re.search(rf"^### `{kind}`\n(.*?)(?=^##)", text, re.M | re.S)
        assert m, f"no '### `{kind}`' section"
        assert f'"type": "{kind}"' in m.group(1), f"no example body for {kind}"


def test_no_documented_action_section_is_stale() -> None:
    """Every '### `name`' section under 'Action types' is a real action type."""
    actions = doc_text().split("## Action types", 1)[1].split("## Recorded by the server")[0]
    for name in re.findall(r"^### `([a-z_]+)`", actions, re.M):
        assert name in MOVES, f"docs/actions.md documents {name!r}, which MOVES lacks"


def test_every_api_endpoint_is_documented(app: Any) -> None:
    text = doc_text()
    rules = api_rules(app)
    assert ("POST", "/api/games/<game_id>/actions") in rules  # the map was read
    for method, path in rules:
        pattern = re.escape(f"{method} {path}") + r"(?![\w/<])"
        assert re.search(pattern, text), f"{method} {path} is not mentioned in docs/actions.md"


def test_readme_links_the_api_reference() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    heading = readme.split("## JSON API", 1)
    assert len(heading) == 2, "README.md needs a 'JSON API' heading"
    assert "docs/actions.md" in heading[1]
