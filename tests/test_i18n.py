"""Languages per device (companion/i18n.py; shared/spec/report.md, "Language"): the
browser's Accept-Language between ja and en, the switch's cookie over it, the switch's
refusals (a cross-site post, an unknown language, a redirect off this server), Yen as each
language writes it, and rules messages rendered in Japanese.

The app is the real one (create_app on a real SQLite file); a probe page added to it shows
what a template sees, through the real Flask-Babel catalogue compiled in
companion/translations.
"""

from __future__ import annotations

import pytest
from flask import Flask, render_template, render_template_string

from companion import i18n
from companion.rules.messages import Message, render

SAME = {"Sec-Fetch-Site": "same-origin"}
PROBE = (
    "{{ current_lang() }}|{{ _('New game') }}|{{ yen(1200) }}|{{ -300|yen }}|"
    "{{ ngettext('game %(id)s · %(num)s entry', 'game %(id)s · %(num)s entries', 2, id='g7') }}"
)


@pytest.fixture
def probe_app(app: Flask) -> Flask:
    @app.get("/_probe")
    def probe() -> str:
        return render_template_string(PROBE)

    return app


def lang_of(app: Flask, **headers: str) -> str:
    with app.test_request_context("/", headers=headers):
        return i18n.current_lang()


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        (None, "en"),
        ("ja", "ja"),
        ("ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "ja"),
        ("en-US,en;q=0.9,ja;q=0.8", "en"),
        ("en;q=0.2, ja;q=0.8", "ja"),
        ("fr-FR,fr;q=0.9,ja;q=0.5", "ja"),  # the only one of the two it takes
        ("fr-FR,de;q=0.5", "en"),  # neither: English
        ("*", "en"),
        ("ja;q=0", "en"),  # "not Japanese"
        ("%%%, ;;q=x", "en"),  # nonsense is no preference, never an error
    ],
)
def test_accept_language(app: Flask, accept: str | None, lang: str) -> None:
    headers = {} if accept is None else {"Accept-Language": accept}
    assert lang_of(app, **headers) == lang


def test_cookie_wins_over_accept_language(app: Flask) -> None:
    assert lang_of(app, **{"Accept-Language": "en", "Cookie": "lang=ja"}) == "ja"
    assert lang_of(app, **{"Accept-Language": "ja", "Cookie": "lang=en"}) == "en"
    # A cookie the app never set is no choice.
    assert lang_of(app, **{"Accept-Language": "ja", "Cookie": "lang=fr"}) == "ja"


def test_outside_a_request_is_english() -> None:
    assert i18n.current_lang() == "en"
    assert i18n.yen(1200) == "¥1,200"


def test_templates_follow_accept_language(probe_app: Flask) -> None:
    client = probe_app.test_client()
    ja = client.get("/_probe", headers={"Accept-Language": "ja-JP,ja;q=0.9"})
    assert ja.get_data(as_text=True) == "ja|新しいゲーム|1,200円|−300円|ゲーム g7 · 記録2件"
    en = client.get("/_probe", headers={"Accept-Language": "en-GB"})
    assert en.get_data(as_text=True) == "en|New game|¥1,200|−¥300|game g7 · 2 entries"
    assert {"Accept-Language", "Cookie"} <= set(ja.vary)


def test_each_request_keeps_its_own_translations(app: Flask) -> None:
    """The templates' ``_()`` looks the translations up once per request and keeps them
    beside it (i18n.translations): requests that follow each other in one thread (as a
    server's worker thread answers them) each read their own language."""
    template = "{{ _('New game') }}|{{ _('History') }}"
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        ja = render_template_string(template)
        assert render_template_string(template) == ja
    assert ja.split("|")[0] != "New game" and "History" not in ja
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert render_template_string(template) == "New game|History"
        assert i18n.current_lang() == "en"
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert render_template_string(template) == ja
        assert i18n.current_lang() == "ja"


def test_switch_sets_the_cookie_and_goes_back(probe_app: Flask) -> None:
    client = probe_app.test_client()
    headers = {**SAME, "Accept-Language": "en"}
    resp = client.post("/lang", data={"lang": "ja", "next": "/calculator?x=1"}, headers=headers)
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/calculator?x=1"
    cookie = resp.headers["Set-Cookie"]
    assert cookie.startswith("lang=ja;")
    for part in ("HttpOnly", "SameSite=Lax", "Path=/", f"Max-Age={i18n.COOKIE_AGE}"):
        assert part in cookie
    # The browser sends it back: Japanese although it asks for English.
    page = client.get("/_probe", headers={"Accept-Language": "en"})
    assert page.get_data(as_text=True).startswith("ja|新しいゲーム|1,200円")
    # And back to English.
    resp = client.post("/lang", data={"lang": "en", "next": "/_probe"}, headers=headers)
    assert resp.status_code == 303
    page = client.get("/_probe", headers={"Accept-Language": "ja"})
    assert page.get_data(as_text=True).startswith("en|New game|¥1,200")


@pytest.mark.parametrize(
    "target",
    [
        None,
        "",
        "//evil.example/x",
        "https://evil.example/",
        "/\\evil.example",
        "javascript:alert(1)",
        "evil.example",
        "/ok\r\nSet-Cookie: x=1",
        "/ok path",
    ],
)
def test_switch_never_leaves_this_server(client, target: str | None) -> None:  # type: ignore[no-untyped-def]
    data = {"lang": "ja"} if target is None else {"lang": "ja", "next": target}
    resp = client.post("/lang", data=data, headers=SAME)
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/"


@pytest.mark.parametrize("data", [{"lang": "fr"}, {}, {"lang": "JA"}, {"lang": "ja\x00"}])
def test_switch_refuses_an_unknown_language(client, data: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    resp = client.post("/lang", data=data, headers=SAME)
    assert resp.status_code == 400
    assert "Set-Cookie" not in resp.headers
    text = resp.get_data(as_text=True)
    assert text == "Choose Japanese (ja) or English (en)."
    # A Japanese device is told in Japanese (issue #21).
    ja = client.post("/lang", data=data, headers={**SAME, "Accept-Language": "ja"})
    assert (
        ja.status_code == 400
        and ja.get_data(as_text=True) == "言語は日本語か英語を選んでください。"
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Sec-Fetch-Site": "cross-site"},
        # Another service on the same LAN host is same-site, not same-origin.
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
    ],
)
def test_switch_refuses_cross_site_posts(client, headers: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    resp = client.post("/lang", data={"lang": "ja", "next": "/"}, headers=headers)
    assert resp.status_code == 403
    assert "Set-Cookie" not in resp.headers


def test_switch_from_this_origin(client) -> None:  # type: ignore[no-untyped-def]
    """A browser without Fetch Metadata, posting from this server's own page."""
    resp = client.post("/lang", data={"lang": "ja"}, headers={"Origin": "http://localhost"})
    assert resp.status_code == 303
    assert resp.headers["Set-Cookie"].startswith("lang=ja;")


def test_switch_is_post_only(client) -> None:  # type: ignore[no-untyped-def]
    resp = client.get("/lang?lang=ja")
    assert resp.status_code == 405
    assert "Set-Cookie" not in resp.headers


@pytest.mark.parametrize(
    ("amount", "en", "ja"),
    [
        (1200, "¥1,200", "1,200円"),
        (0, "¥0", "0円"),
        (100, "¥100", "100円"),
        (1234567, "¥1,234,567", "1,234,567円"),
        (-500, "−¥500", "−500円"),
    ],
)
def test_yen(amount: int, en: str, ja: str) -> None:
    assert i18n.format_yen(amount, "en") == en
    assert i18n.format_yen(amount, "ja") == ja


def test_yen_in_each_language(app: Flask) -> None:
    for accept, text in (("ja", "1,200円"), ("en", "¥1,200")):
        with app.test_request_context("/", headers={"Accept-Language": accept}):
            assert i18n.yen(1200) == text
            assert render_template_string("{{ 1200|yen }}") == text


def test_a_template_compiled_in_one_language_reads_in_each(app: Flask) -> None:
    """Jinja works a filter of a constant out once, when it compiles the template (``500|
    yen``): the language filters are never worked out then, so a template compiled while
    a Japanese request was answered still reads in English for the next one, and the other
    way round (the Tokyo Jutaku page showed "Salmon: 500円 → 400円" in English to everyone
    after a Japanese phone opened it first)."""
    source = "{{ 500|yen }}|{{ 'eel'|name_of }}|{{ 'tuna:20'|token_name }}|{{ m|msg }}"
    m = Message("market_not_in_play", {"market": "bank"})
    for first, then in (("ja", "en"), ("en", "ja")):
        with app.test_request_context("/", headers={"Accept-Language": first}):
            template = app.jinja_env.from_string(source)
            said = {first: template.render(m=m)}
        with app.test_request_context("/", headers={"Accept-Language": then}):
            said[then] = template.render(m=m)
        assert said["en"].startswith("¥500|Eel|Tuna 20|"), said
        assert said["ja"].startswith("500円|ウナギ|"), said
        assert "「銀行」" in said["ja"] and "「銀行」" not in said["en"], said

    client = app.test_client()
    ja = client.get("/jutaku/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    en = client.get("/jutaku/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "0円" in ja and "Everyone starts with ¥0." in en


def test_msg_in_japanese(app: Flask) -> None:
    refusal = Message(
        "short_of_yen",
        {
            "player": "Aiko",
            "have": 300,
            "need": 1000,
            "what": Message("what.entry", {"market": "squid"}),
        },
    )
    external = Message("market_not_in_play", {"market": "bank"})
    history = Message("history.take_license", {"player": "Bo", "count": 2, "market": "eel"})
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        assert (
            i18n.msg(refusal)
            == "Aikoの所持金は300円だけです。イカ市場への入場には1,000円かかります。"
        )
        assert i18n.msg(external) == "「銀行」市場はこのゲームでは使われていません。"
        assert i18n.msg(history) == "Boがウナギの漁業免許を2枚取りました"
        assert render_template_string("{{ msg(m) }}|{{ m|msg }}", m=external).count("「銀行」") == 2
        assert i18n.msg("already a sentence") == "already a sentence"
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert i18n.msg(refusal) == "Aiko has only ¥300; entering Squid costs ¥1,000."
    # The English of the rules is untouched by the registration.
    assert render(refusal) == "Aiko has only ¥300; entering Squid costs ¥1,000."
    assert render(refusal, "ja").startswith("Aikoの所持金は300円")


@pytest.mark.parametrize(("accept", "current", "other"), [("ja", "ja", "en"), ("en", "en", "ja")])
def test_lang_switch_partial(app: Flask, accept: str, current: str, other: str) -> None:
    from html.parser import HTMLParser

    with app.test_request_context("/calculator?players=3", headers={"Accept-Language": accept}):
        html = render_template("_lang_switch.html")

    buttons: dict[str, dict[str, str | None]] = {}
    forms: list[dict[str, str | None]] = []
    inputs: list[dict[str, str | None]] = []

    class Parse(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if tag == "button":
                buttons[str(a["value"])] = a
            elif tag == "form":
                forms.append(a)
            elif tag == "input":
                inputs.append(a)

    Parse().feed(html)
    assert forms == [
        {
            "class": "lang-switch row",
            "method": "post",
            "action": "/lang",
            "aria-label": "言語" if current == "ja" else "Language",
        }
    ]
    assert inputs == [{"type": "hidden", "name": "next", "value": "/calculator?players=3"}]
    assert set(buttons) == {"ja", "en"}
    assert buttons[current].get("aria-current") == "true"
    assert "aria-current" not in buttons[other]
    assert "primary" in str(buttons[current]["class"]) and "primary" not in str(
        buttons[other]["class"]
    )
    for b in buttons.values():
        assert str(b["class"]).split()[0] == "button"  # .button: 48 px at least (app.css)
        assert b["type"] == "submit" and b["name"] == "lang" and b["lang"] == b["value"]
    assert ">日本語</button>" in html and ">English</button>" in html


def test_lang_switch_after_a_post_goes_home(app: Flask) -> None:
    with app.test_request_context("/calculator/report", method="POST"):
        assert i18n.lang_next() == "/"
