"""Helpers shared by the browser tests (a plain module, imported by name)."""

from __future__ import annotations

import re

#: Generous upper bound for one live update to reach a page; never a pass condition.
LIVE = 10_000


#: Every message shown in #flash, kept in order: notices fade after a few seconds, so
#: tests read them from here rather than race the fade.
RECORD_FLASH = """
window.__flashes = [];
document.addEventListener('DOMContentLoaded', () => {
  const flash = document.getElementById('flash');
  if (!flash) return;
  new MutationObserver(() => {
    const text = flash.textContent.trim();
    if (text) window.__flashes.push(text);
  }).observe(flash, {childList: true, subtree: true, characterData: true});
});
"""


def wait_flash(page, pattern: str) -> str:
    """Wait until #flash has shown a message matching ``pattern`` (a regex); return it."""
    page.wait_for_function(
        "src => window.__flashes.some(t => new RegExp(src).test(t))", arg=pattern, timeout=LIVE
    )
    texts = page.evaluate("window.__flashes")
    return next(t for t in texts if re.search(pattern, t))
