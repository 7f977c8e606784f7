"""docs/readings.md defines every reading the repository cites: each rulebook-reading id
found in the code, templates, scripts, tests, benchmarks and docs has a section there (a
heading naming it), and each section says the question, the reading and why."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READINGS = ROOT / "docs" / "readings.md"
#: The shared list's ids and this project's own, e.g. "AMB-" + "09", "AMB-" + "C4", "TC-" + "01".
ID = re.compile(r"\b(?:AMB|TC)-[0-9A-Z]+\b")
SEARCHED = ("companion", "templates", "static", "tests", "bench", "docs", "README.md")
PARTS = ("**Question:**", "**Reading:**", "**Why:**")


def cited_ids() -> dict[str, str]:
    """Every id cited outside docs/readings.md, with the first file citing it."""
    found: dict[str, str] = {}
    for name in SEARCHED:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*") if p.is_file())
        for path in files:
            rel = path.relative_to(ROOT)
            if (
                path == READINGS
                or "__pycache__" in rel.parts
                or rel.parts[:2] == ("static", "vendor")
            ):
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:  # screenshots and other binary files
                continue
            for ident in ID.findall(text):
                found.setdefault(ident, str(rel))
    return found


def sections() -> dict[str, str]:
    """Each heading of docs/readings.md that names an id, with the text up to the next
    heading, by id."""
    out: dict[str, str] = {}
    heading_ids: list[str] = []
    for line in READINGS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            heading_ids = ID.findall(line)
            for ident in heading_ids:
                out[ident] = ""
        else:
            for ident in heading_ids:
                out[ident] += line + "\n"
    return out


def test_the_search_finds_the_citations() -> None:
    assert len(cited_ids()) >= 20, "the scan of the repository found almost no citations"


def test_every_cited_reading_has_a_section() -> None:
    defined = sections()
    missing = {ident: where for ident, where in cited_ids().items() if ident not in defined}
    assert not missing, f"cited but without a section in docs/readings.md: {missing}"


def test_every_section_has_the_question_the_reading_and_why() -> None:
    incomplete = {
        ident: [part for part in PARTS if part not in body] for ident, body in sections().items()
    }
    incomplete = {ident: parts for ident, parts in incomplete.items() if parts}
    assert not incomplete, f"sections lacking a part: {incomplete}"
