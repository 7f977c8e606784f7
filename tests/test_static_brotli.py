"""Static files go out in Brotli at its best, made once (issue #16: a cold seat page
within 40 KB on the wire)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import brotli

STATIC = Path(__file__).resolve().parent.parent / "static"


def test_a_static_script_is_brotli_at_its_best_and_kept(client: Any) -> None:
    plain = (STATIC / "vendor" / "htmx-2.0.11.min.js").read_bytes()
    r = client.get("/static/vendor/htmx-2.0.11.min.js", headers={"Accept-Encoding": "br, zstd"})
    assert r.status_code == 200
    assert r.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in r.headers["Vary"]
    assert brotli.decompress(r.data) == plain
    assert len(r.data) <= len(brotli.compress(plain, quality=11))  # not a quick level
    again = client.get("/static/vendor/htmx-2.0.11.min.js", headers={"Accept-Encoding": "br"})
    assert again.data == r.data


def test_a_browser_without_brotli_never_gets_it(client: Any) -> None:
    r = client.get("/static/app.css", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200
    assert r.headers.get("Content-Encoding") != "br"
    r.close()
    r = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in r.headers
    assert r.data == (STATIC / "app.css").read_bytes()
    r.close()
