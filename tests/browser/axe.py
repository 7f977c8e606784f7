"""axe-core in a Playwright page: inject the vendored, pinned copy and list what it finds.

A plain module (imported by name, like browser_support) so every page's browser test can
use it:

    from axe import assert_no_violations
    assert_no_violations(page)

The copy under vendor/ comes from the npm package (``npm pack axe-core@4.14.1``,
axe.min.js unchanged; MPL-2.0, see vendor/axe-LICENSE.txt). It is loaded from the file,
never from the network, and never served by the app.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

AXE_VERSION = "4.14.1"
AXE_JS = Path(__file__).resolve().parent / "vendor" / f"axe-{AXE_VERSION}.min.js"

#: The rule sets to run: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best
#: practices (landmarks, one main heading …).
DEFAULT_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice")


def run_axe(
    page: Any,
    context: str | None = None,
    tags: tuple[str, ...] = DEFAULT_TAGS,
    disable: tuple[str, ...] = (),
) -> list[dict[str, Any]]:
    """The violations axe-core finds in the page as it is now (or in the element the CSS
    selector ``context`` names): one dict per rule, with its id, impact, help text and
    the offending nodes' selectors and summaries."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    options: dict[str, Any] = {
        "runOnly": {"type": "tag", "values": list(tags)},
        "resultTypes": ["violations"],
    }
    if disable:
        options["rules"] = {rule: {"enabled": False} for rule in disable}
    result: dict[str, Any] = page.evaluate(
        "([context, options]) => axe.run(context ? document.querySelector(context) : "
        "document, options)",
        [context, options],
    )
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [
                {"target": n["target"], "summary": n.get("failureSummary", "")} for n in v["nodes"]
            ],
        }
        for v in result["violations"]
    ]


def describe(violations: list[dict[str, Any]]) -> str:
    """The violations as lines a failing test can print."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"][:5]:
            summary = " ".join(node["summary"].split())
            lines.append(f"    {node['target']}: {summary[:300]}")
    return "\n".join(lines)


def assert_no_violations(
    page: Any, context: str | None = None, scroll_top: bool = True, **options: Any
) -> None:
    """Fail with every rule axe-core finds broken, each with its first nodes.

    With ``scroll_top`` the page is scrolled to its top first: axe's target-size rule
    counts a control that happens to be scrolled under a sticky bar as too small, which
    would make the result depend on where an earlier step left the page."""
    if scroll_top:
        page.evaluate("() => window.scrollTo(0, 0)")
    violations = run_axe(page, context, **options)
    assert not violations, "axe-core found:\n" + describe(violations)


def assert_no_horizontal_scroll(page: Any) -> None:
    """Nothing on the page is wider than the window (a phone never scrolls sideways)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
    assert widths[0] <= widths[1], (
        f"the page is {widths[0]} px wide in a {widths[1]} px window; wider than it: "
        + ", ".join(page.evaluate(_WIDER_THAN_WINDOW))
    )


#: The elements reaching past the window's right edge, described for a failure message.
_WIDER_THAN_WINDOW = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > innerWidth + 0.5) {
      out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}` +
               `${el.className ? '.' + String(el.className).split(' ').join('.') : ''}` +
               ` "${(el.textContent || '').trim().slice(0, 20)}"`);
    }
  }
  return out.slice(0, 10);
}"""


def larger_text(page: Any, percent: int = 200) -> None:
    """Text at ``percent`` of its size, as a phone's text-size setting does: the root
    font size, which every rem and em of the stylesheet follows."""
    page.evaluate("p => { document.documentElement.style.fontSize = p + '%'; }", percent)


#: The app's two colour schemes (app.css: dark unless the device prefers light).
THEMES = ("dark", "light")

#: The colour scheme the page is in now, as its stylesheet sees it.
_SCHEME = """() => [matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark',
                 getComputedStyle(document.documentElement).colorScheme]"""


def in_each_theme(page: Any, check: Callable[[Any], None]) -> None:
    """``check(page)`` on the page as it is now, in the dark and then the light theme: the
    page's ``prefers-color-scheme`` switched in place (the colours are the stylesheet's
    alone, static/app.css; no script reads the scheme), so one page at one state is
    checked in both themes instead of a page, a game, loaded or played once per theme.
    Each theme is checked even when the other fails, and every failure names its theme;
    that the switch took effect is checked too."""
    failures = []
    for theme in THEMES:
        page.emulate_media(color_scheme=theme)
        assert page.evaluate(_SCHEME) == [theme, theme], theme
        try:
            check(page)
        except AssertionError as e:
            failures.append(f"[{theme}] {e}")
    assert not failures, "\n".join(failures)
