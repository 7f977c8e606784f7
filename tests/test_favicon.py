"""Browsers ask every site for /favicon.ico: the app answers with its small icon rather
than a 404 on every page load."""

from __future__ import annotations

import struct


def test_the_favicon_is_a_small_icon(client):
    resp = client.get("/favicon.ico")
    assert resp.status_code == 200
    assert resp.mimetype == "image/vnd.microsoft.icon"
    assert resp.headers["Cache-Control"] == "public, max-age=86400"
    icon = resp.get_data()
    assert len(icon) < 4096
    reserved, kind, count = struct.unpack("<HHH", icon[:6])
    assert (reserved, kind) == (0, 1) and count >= 1  # an ICO file with its images
    sizes = {icon[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32} <= sizes
    resp.close()


def test_the_favicon_answers_without_a_game_or_a_cookie(client):
    assert client.head("/favicon.ico").status_code == 200
