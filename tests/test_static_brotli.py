"""Static files go out compressed at their best (Brotli, or gzip 9), made once (issue #16:
a cold seat page within 40 KB on the wire)."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import brotli
import rcssmin  # type: ignore[import-untyped]
import rjsmin  # type: ignore[import-untyped]

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


def test_a_browser_without_brotli_gets_gzip_at_its_best(client: Any) -> None:
    """Browsers send "br" only to https or localhost: a phone on the table's plain-HTTP
    Wi-Fi asks for gzip."""
    plain = rcssmin.cssmin((STATIC / "app.css").read_text()).encode()
    r = client.get("/static/app.css", headers={"Accept-Encoding": "gzip, deflate"})
    assert r.status_code == 200
    assert r.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(r.data) == plain
    assert len(r.data) <= len(gzip.compress(plain, compresslevel=9)) + 32
    r.close()
    r = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in r.headers
    assert r.data == plain
    r.close()


def test_our_own_scripts_and_styles_go_out_without_their_comments(client: Any) -> None:
    """#16: the comments were 6 KB of a cold load's 16 KB of our own files in Brotli."""
    for name in ("live.js", "game.js", "app.css", "game.css"):
        source = (STATIC / name).read_text()
        r = client.get(f"/static/{name}", headers={"Accept-Encoding": "br"})
        body = brotli.decompress(r.data).decode()
        r.close()
        assert "/*" in source and "/*" not in body, name
        assert len(body) < 0.8 * len(source), name
    # What a script does is kept: its strings and its code, only spaces and comments go.
    r = client.get("/static/live.js", headers={"Accept-Encoding": "identity"})
    body = r.get_data(as_text=True)
    r.close()
    assert body == rjsmin.jsmin((STATIC / "live.js").read_text())
    assert "Idiomorph.morph" in body and '"live:update"' in body


def test_a_versioned_file_carries_no_revalidation_headers(client: Any) -> None:
    """Kept a year and never asked again: no ETag, Last-Modified, Expires or ranges."""
    r = client.get("/static/vendor/htmx-2.0.11.min.js", headers={"Accept-Encoding": "br"})
    assert "immutable" in r.headers["Cache-Control"]
    for name in ("ETag", "Last-Modified", "Expires", "Accept-Ranges", "Content-Disposition"):
        assert name not in r.headers, name
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    plain = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    assert "ETag" in plain.headers  # an address without a version is revalidated
    plain.close()
