"""Smaller answers and fewer of them: text responses compressed (Flask-Compress), the live
stream compressed event by event, static files under versioned URLs with long cache
lifetimes.

Flask-Compress cannot compress the live stream: its streaming compressor emits bytes only
as its buffer fills and flushes at the end, so an SSE event could sit in it unsent. Its
type, ``text/event-stream``, is left out of Flask-Compress's types, and the stream has its
own compressor instead (:func:`gzip_stream`): one gzip member for the stream's whole life,
flushed (``Z_SYNC_FLUSH``) after every event and every keepalive, so each leaves at once,
as whole deflate blocks the browser inflates as they come. Later events reuse the earlier
ones as their dictionary (a history row, a player's card seen before), so an update costs
a fraction of its plain size. Only where the request accepts gzip (``Accept-Encoding``);
plain otherwise.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import logging
import re
import zlib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, current_app, request, url_for

#: What is compressed: pages, fragments, JSON, stylesheets, scripts, SVG.
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "image/svg+xml",
    "text/plain",
]
#: A year: a versioned URL's content never changes.
IMMUTABLE = 365 * 24 * 3600
#: Vendored files carry their version in their name (htmx-2.0.11.min.js).
_VERSIONED_NAME = re.compile(r"-\d+(\.\d+)+[.-]")

log = logging.getLogger(__name__)


def init_app(app: Flask) -> None:
    assert "text/event-stream" not in COMPRESSED_TYPES
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    try:
        from flask_compress import Compress
    except ImportError:  # its C parts (Brotli, zstd) do not build everywhere: serve as is
        log.warning("flask-compress is not importable: responses go out uncompressed")
    else:
        Compress(app)
    app.add_template_global(static_url)
    app.add_template_global(inline_file)
    app.after_request(_cache_static)
    # Registered after Flask-Compress, so it runs first: a static file it encodes is left
    # alone by Flask-Compress (which skips a response that has an encoding already).
    app.after_request(_best_static)


def _content_hash(path: Path) -> str:
    stat = path.stat()
    return _hash_of(str(path), stat.st_mtime_ns, stat.st_size)


_hashes: dict[tuple[str, int, int], str] = {}
_LETTERS = str.maketrans("0123456789", "ghijklmnop")


def _hash_of(path: str, mtime: int, size: int) -> str:
    key = (path, mtime, size)
    found = _hashes.get(key)
    if found is None:
        # Letters only: a digit in a page could read as an amount to a test (or a person)
        # searching it for one.
        found = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12].translate(_LETTERS)
        _hashes[key] = found
    return found


@lru_cache(maxsize=8)
def _data_uri(path: Path, mimetype: str) -> str:
    return f"data:{mimetype};base64,{base64.b64encode(path.read_bytes()).decode('ascii')}"


def inline_file(filename: str, mimetype: str) -> str:
    """A small static file as a ``data:`` address, carried in the page: the tab's icon
    (362 bytes) costs no request of its own on a phone's cold load (#16)."""
    folder = current_app.static_folder
    assert folder is not None
    return _data_uri(Path(folder) / filename, mimetype)


def static_url(filename: str) -> str:
    """The address of a static file with its content's hash (``?v=…``): a changed file
    gets a new address, so browsers may keep each one for a year."""
    folder = current_app.static_folder
    assert folder is not None
    return url_for("static", filename=filename, v=_content_hash(Path(folder) / filename))


def _cache_static(response: Response) -> Response:
    if request.endpoint != "static" or response.status_code not in (200, 304):
        return response
    filename = (request.view_args or {}).get("filename", "")
    folder = current_app.static_folder
    versioned = bool(_VERSIONED_NAME.search(filename))
    if not versioned and folder is not None and request.args.get("v"):
        path = Path(folder) / filename
        versioned = path.is_file() and request.args["v"] == _content_hash(path)
    if versioned:
        response.cache_control.public = True
        response.cache_control.max_age = IMMUTABLE
        response.cache_control.immutable = True
        # Never asked again, so nothing to revalidate it by or to resume: these headers
        # only cost a phone's slow Wi-Fi bytes (some 200 per file, nine files cold).
        for name in ("ETag", "Last-Modified", "Expires", "Accept-Ranges", "Content-Disposition"):
            response.headers.pop(name, None)
    return response


#: Static files compressed at their best, made once per file's content (a few ms each,
#: at the first request) and kept: Flask-Compress's per-request levels suit pages, not a
#: file every phone loads cold on a slow Wi-Fi. Brotli where the browser takes it (htmx:
#: 17.9 KB in zstd 3, 15.3 KB here); browsers send "br" only to a secure origin (https,
#: localhost), so a phone on the table's plain-HTTP Wi-Fi gets gzip at level 9 instead.
_BEST_STATIC: dict[tuple[str, str, str], bytes] = {}  # (path, encoding or "", hash) → body
STATIC_BROTLI_QUALITY = 11


def _minified(path: str, data: bytes) -> bytes:
    """Our own style sheets and scripts without their comments and spaces (#16: on a
    phone's cold load they were 6 KB of the 16 KB these files weigh in Brotli). The files
    in the repository keep their comments; a vendored ``.min.js`` is served as it is.
    rcssmin and rjsmin only drop what the languages ignore, and run pure Python where
    their C speed-ups cannot build (Termux)."""
    if path.endswith(".css"):
        import rcssmin  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return str(rcssmin.cssmin(data.decode("utf-8"))).encode("utf-8")
    if path.endswith(".js") and not path.endswith(".min.js"):
        import rjsmin  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return str(rjsmin.jsmin(data.decode("utf-8"))).encode("utf-8")
    return data


def _pack(encoding: str | None, data: bytes) -> bytes:
    if encoding is None:
        return data
    if encoding == "br":
        import brotli  # type: ignore[import-untyped,import-not-found,unused-ignore]

        packed: bytes = brotli.compress(data, quality=STATIC_BROTLI_QUALITY)
        return packed
    return gzip.compress(data, compresslevel=9, mtime=0)


def _best_static(response: Response) -> Response:
    if (
        request.endpoint != "static"
        or response.status_code != 200
        or response.mimetype not in COMPRESSED_TYPES
        or "Content-Encoding" in response.headers
    ):
        return response
    encoding = next((e for e in ("br", "gzip") if request.accept_encodings[e] > 0), None)
    if encoding == "br":
        try:
            import brotli  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: F401
        except ImportError:  # brought by flask-compress; where it cannot install: gzip
            encoding = "gzip" if request.accept_encodings["gzip"] > 0 else None
    response.direct_passthrough = False
    data = response.get_data()
    response.close()  # the file it was read from
    key = (request.path, encoding or "", hashlib.sha256(data).hexdigest())
    packed = _BEST_STATIC.get(key)
    if packed is None:
        packed = _BEST_STATIC[key] = _pack(encoding, _minified(request.path, data))
    response.set_data(packed)
    if encoding is not None:
        response.headers["Content-Encoding"] = encoding
    response.headers.add("Vary", "Accept-Encoding")
    return response


#: The live stream's compression level, which every stream spends on every event. Measured
#: on a mid-game table's updates (bench/README.md, "Capacity"): level 6 (zlib's default)
#: makes ~880 bytes an update in ~130 us, level 3 ~1,630 bytes in ~70 us. The phone on a
#: café's 1.5 Mbit/s Wi-Fi waits ~4 ms for those 750 bytes, every update; the server saves
#: ~0.3 ms of CPU an action (~1 % of a core at 100 tables): what a player feels wins.
STREAM_LEVEL = 6


def stream_encoding() -> str | None:
    """``"gzip"`` when this request accepts a gzip-encoded body (``Accept-Encoding``,
    quality above 0), else None (the stream goes out plain)."""
    return "gzip" if request.accept_encodings["gzip"] > 0 else None


def gzip_stream(chunks: Iterator[str]) -> Iterator[bytes]:
    """``chunks`` (the stream's events and keepalives, each a whole SSE message) as one
    gzip body, each chunk flushed as it comes: nothing waits in the compressor for the
    next event. The gzip trailer goes out when the stream ends by itself; when it is
    closed early (the client went away), ``chunks`` is closed with it."""
    compressor = zlib.compressobj(STREAM_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    try:
        for chunk in chunks:
            yield compressor.compress(chunk.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
        yield compressor.flush(zlib.Z_FINISH)
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
