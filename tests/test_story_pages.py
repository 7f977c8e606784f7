"""The report page, the table screen's story panel, the import page and the web app
manifest, through the Flask test client on a real SQLite file: each page is its viewer's
(closed money shows a player their own Yen only), its charts' data is the page's own
story, and every chart's numbers are in a table under it.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from test_story import CLOSED_YEN, A, B, C, auction_game, closed_game, figures


def parts(app: Any) -> tuple[Any, Any]:
    return app.extensions["companion.store"], app.extensions["companion.door"]


def payload(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" class="story-data">(.*?)</script>', page, re.S)
    assert m, "no story data in the page"
    return dict(json.loads(html.unescape(m.group(1))))


def test_the_report_page_of_a_finished_game(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    client.get(f"/join/{g.host}")
    r = client.get(f"/games/{g.game_id}/report")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    data = payload(page)
    assert set(data["charts"]) == {"yen", "resources", "markets", "auctions", "score"}
    # Every chart has its canvas, and its numbers in a table one tap away.
    for chart in data["charts"]:
        assert f'data-chart="{chart}"' in page
        assert f'id="chart-{chart}"' in page
    assert page.count('<details class="numbers-details">') == len(data["charts"])
    table = store.state(g.game_id).table
    for p in table.players:
        assert f"¥{p.yen:,}" in page
    score = table.score()
    assert f"Winner: {', '.join(score.winners)}" in page
    bids = data["charts"]["auctions"]["datasets"]
    assert [(d["label"], [pt["y"] for pt in d["data"]]) for d in bids] == [(A, [200]), (B, [700])]
    assert data["charts"]["score"]["labels"] == [A, B, C]
    # Its links: the game's files, no link to itself.
    assert f"/games/{g.game_id}/export.json?as=host" in page
    assert f"/games/{g.game_id}/export.csv?as=host" in page
    assert f'href="/games/{g.game_id}/report' not in page


def test_the_report_page_is_each_viewers_own_with_closed_money(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    for name in (A, B, C):
        phone = app.test_client()
        phone.get(f"/join/{g.seats[name]}")
        page = phone.get(f"/games/{g.game_id}/report").get_data(as_text=True)
        for other, yen in CLOSED_YEN.items():
            assert bool(figures(yen).search(page)) is (other == name), (name, other)
        assert "other players' Yen appear only where the rules reveal them" in html.unescape(page)
    table = app.test_client()
    table.get(f"/join/{g.host}")
    page = table.get(f"/games/{g.game_id}/report").get_data(as_text=True)
    assert not any(figures(yen).search(page) for yen in CLOSED_YEN.values())
    assert "yen" not in payload(page)["charts"]  # nobody's Yen: no Yen chart at all


def test_the_table_device_reads_the_table_screens_report_unless_asked(
    app: Any, client: Any
) -> None:
    """The table device may hold a player's seat too: without ``?as=seat`` its report is
    the table screen's (everyone's), never that player's Yen."""
    store, door = parts(app)
    g = closed_game(store, door)
    client.get(f"/join/{g.host}")
    client.post(f"/games/{g.game_id}/seats/0/claim")
    public = client.get(f"/games/{g.game_id}/report").get_data(as_text=True)
    assert not figures(CLOSED_YEN[A]).search(public)
    mine = client.get(f"/games/{g.game_id}/report?as=seat").get_data(as_text=True)
    assert figures(CLOSED_YEN[A]).search(mine)


def test_who_may_read_the_report(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = auction_game(store, door)
    r = client.get(f"/games/{g.game_id}/report")
    assert r.status_code == 401 and "Sign in first" in r.get_data(as_text=True)
    assert client.get("/games/nothere/report").status_code == 404
    r = client.get(f"/games/{g.game_id}/report/story")
    assert r.status_code == 401 and r.get_json()["error"].startswith("Sign in first")


def test_the_story_panel_body_and_its_version(app: Any, client: Any) -> None:
    store, door = parts(app)
    g = closed_game(store, door)
    client.get(f"/join/{g.host}")
    r = client.get(f"/games/{g.game_id}/report/story?as=host")
    assert r.status_code == 200
    body = r.get_data(as_text=True)
    assert "<html" not in body  # a fragment
    assert f'data-version="{store.state(g.game_id).version}"' in body
    assert 'class="story-body compact"' in body
    assert not any(figures(yen).search(body) for yen in CLOSED_YEN.values())
    g.act("host", type="next_turn")
    again = client.get(f"/games/{g.game_id}/report/story?as=host").get_data(as_text=True)
    assert f'data-version="{store.state(g.game_id).version}"' in again
    assert len(payload(again)["charts"]["resources"]["labels"]) == 4  # setup, 1, 2, now


def test_a_game_not_started_says_so(client: Any) -> None:
    game = client.post("/api/games", json={"players": [A, B], "seed": 2}).get_json()
    client.get(f"/join/{game['host_token']}")
    page = client.get(f"/games/{game['id']}/report").get_data(as_text=True)
    assert "The story begins when the first turn starts." in page
    assert "The score breakdown appears when the game ends." in page


def test_the_import_page(client: Any) -> None:
    r = client.get("/games/import")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert 'id="import-form"' in page and 'action="/games/import"' in page
    assert 'type="file"' in page and "At most 2 MiB." in page


@pytest.mark.parametrize(
    ("start", "want"),
    [
        (None, "/"),
        ("/games/k3Xy9aQ1/seat", "/games/k3Xy9aQ1/seat"),
        ("/games/k3Xy9aQ1/table", "/games/k3Xy9aQ1/table"),
        ("//evil.example/", "/"),
        ("https://evil.example/", "/"),
        ("/games/k3Xy9aQ1/report", "/"),
        ("/games/a b/seat", "/"),
    ],
)
def test_the_web_app_manifest(client: Any, start: str | None, want: str) -> None:
    r = client.get("/manifest.webmanifest", query_string={"start": start} if start else None)
    assert r.status_code == 200
    assert r.mimetype == "application/manifest+json"
    m = r.get_json()
    assert m["start_url"] == want and m["scope"] == "/" and m["id"] == "/"
    assert m["display"] == "minimal-ui"
    assert m["name"] == "Tsukiji Companion"
    sizes = {(i["sizes"], i["purpose"]) for i in m["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in m["icons"]:
        with client.get(icon["src"]) as got:
            assert got.status_code == 200 and got.mimetype == "image/png"
            side = int(icon["sizes"].split("x")[0])
            # The PNG's own width and height (IHDR) are what the manifest says.
            assert got.data[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(got.data[16:20], "big") == side
            assert int.from_bytes(got.data[20:24], "big") == side


def test_ios_finds_its_home_screen_icon_where_it_looks(client: Any) -> None:
    for path in ("/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"):
        with client.get(path) as r:
            assert r.status_code == 200 and r.mimetype == "image/png"
            assert int.from_bytes(r.data[16:20], "big") == 180


def test_the_front_end_files_are_served(client: Any) -> None:
    for path, kind in (
        ("/static/wake.js", "javascript"),
        ("/static/report.js", "javascript"),
        ("/static/report.css", "css"),
        ("/static/vendor/chart-4.5.1.umd.min.js", "javascript"),
        ("/static/icons/apple-touch-icon.png", "png"),
    ):
        with client.get(path) as r:
            assert r.status_code == 200 and kind in r.mimetype, path
    with client.get("/static/vendor/chart-4.5.1.umd.min.js") as r:
        assert r.get_data(as_text=True).startswith("/*!\n * Chart.js v4.5.1")
