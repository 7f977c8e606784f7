"""The parts of a live page kept between renders (issue #23, ``companion.web.stream.memo``):
a page rendered with them is the page rendered from nothing, for every viewer, in both
languages, after every kind of change (a payment, a licence, a boat, an auction, a turn,
an undo, a link re-issued), and a viewer's closed Yen never reaches another through them.

In process, on the real Flask app and its SQLite file, every viewer's live part rendered
at the same versions, one after the other as the streams render them.
"""

from __future__ import annotations

import re
from typing import Any

from support import LiveGame

NAMES = ["Aiko", "Bo", "Chiyo", "Daichi"]


def new_game(app: Any) -> LiveGame:
    return LiveGame(
        app,
        NAMES,
        {
            "money": "closed",
            "seed": 23,
            "fish_markets": ["mackerel", "eel", "tuna", "spider_crab", "octopus"],
            "external_markets": ["ships", "bank", "auction", "government"],
        },
    )


def fresh(game: LiveGame, lang: str) -> dict[str, str]:
    """The same pages rendered from nothing (no part kept)."""
    from companion.web import stream

    kept = dict(stream._MEMO)
    stream._MEMO.clear()
    try:
        return game.pages(lang)
    finally:
        stream._MEMO.clear()
        stream._MEMO.update(kept)


def test_kept_parts_give_the_page_a_fresh_render_gives(app: Any) -> None:
    from companion.web import stream

    game = new_game(app)
    a, b, c, d = NAMES
    steps: list[tuple[str, dict[str, Any]]] = [
        ("next_turn", {}),
        ("pay", {"from": "supply", "to": a, "amount": 700}),
        ("pay", {"from": b, "to": c, "amount": 300}),
        ("take_license", {"player": a, "market": "eel", "count": 2}),
        ("gain_fish", {"player": a, "fish": "eel", "count": 3}),
        ("set_track", {"track": "eel", "value": 4}),
        ("take_loan", {"player": b}),
        ("open_port", {"player": a}),
        ("take_boat", {"player": a, "boat": "two_slot", "pay": False}),
        ("gain_fish", {"player": d, "fish": "octopus", "count": 2}),
        ("next_turn", {}),
        ("pay", {"from": "supply", "to": b, "amount": 100}),
    ]
    for i, (kind, data) in enumerate(steps):
        game.act(kind, **data)
        for lang in ("en", "ja"):
            assert game.pages(lang) == fresh(game, lang), (i, kind, lang)
        if i == 6:
            with app.app_context():
                game.door().undo(game.id, game.host)  # history rows change: undone
            assert game.pages("en") == fresh(game, "en")
    assert len(stream._MEMO) > 20  # the parts were kept, and used
    # A seat's link re-issued: the table screen's join card changes, not the version.
    from companion.web.context import door

    with app.app_context():
        door().reissue(game.id, game.host, 1)
    assert game.pages("en") == fresh(game, "en")


def test_no_kept_part_shows_a_closed_yen_to_another(app: Any) -> None:
    game = new_game(app)
    yen = {"Aiko": 2_700, "Bo": 3_300, "Chiyo": 3_900, "Daichi": 5_500}
    for name, amount in yen.items():
        game.act("pay", **{"from": "supply", "to": name, "amount": amount - 2000})
    for _ in range(2):  # the second time every part comes from the kept ones
        for viewer, page in game.pages("en").items():
            for name, amount in yen.items():
                shown = bool(re.search(rf"(?<![0-9]){amount:,}(?![0-9])", page))
                assert shown == (viewer == name), (viewer, name)


#: What a macro kept by ``memo`` may read besides its arguments: the language's words and
#: names, and the app's addresses (the script root is in memo's key). Nothing that reads a
#: game, a request or a viewer (``end_turn_question``, ``request``, ``session``, ``g``…):
#: a part kept under its arguments must be decided by them.
PURE_GLOBALS = {
    "_",
    "gettext",
    "ngettext",
    "pgettext",
    "npgettext",
    "name_of",
    "yen",
    "token_name",
    "msg",
    "fleet_word",
    "current_lang",
    "url_for",
    "range",
    "loop",
    "memo",
}


def test_kept_macros_read_only_their_arguments_and_the_language(app: Any) -> None:
    """Every macro a template hands to ``memo`` (and every macro it calls, in its own
    template or imported) reads nothing but its arguments, its own loop variables and
    ``PURE_GLOBALS``: a template edit that made a kept part read the game or the viewer
    another way would make memo serve one viewer's part to another."""
    from jinja2 import nodes

    env = app.jinja_env

    def parse(name: str) -> nodes.Template:
        return env.parse(env.loader.get_source(env, name)[0])

    def macros(tree: nodes.Template) -> dict[str, nodes.Macro]:
        return {m.name: m for m in tree.find_all(nodes.Macro)}

    def imports(tree: nodes.Node) -> dict[str, tuple[str, str]]:
        """Macro names imported by ``{% from "t" import m %}`` → (template, macro)."""
        out = {}
        for imp in tree.find_all(nodes.FromImport):
            for item in imp.names:
                name, alias = item if isinstance(item, tuple) else (item, item)
                out[alias] = (str(imp.template.value), name)  # type: ignore[attr-defined]
        return out

    kept: set[tuple[str, str]] = set()
    for page in ("game/_live_body.html", "game/_regions.html"):
        tree = parse(page)
        aliases = {i.target: str(i.template.value) for i in tree.find_all(nodes.Import)}  # type: ignore[attr-defined]
        for call in tree.find_all(nodes.Call):
            if isinstance(call.node, nodes.Name) and call.node.name == "memo":
                first = call.args[0]
                if isinstance(first, nodes.Getattr):
                    assert isinstance(first.node, nodes.Name)
                    kept.add((aliases[first.node.name], first.attr))
                else:
                    assert isinstance(first, nodes.Name)
                    kept.add((page, first.name))
    assert ("game/_regions.html", "player_card") in kept and len(kept) >= 8

    checked: set[tuple[str, str]] = set()
    todo = sorted(kept)
    while todo:
        page, name = todo.pop()
        if (page, name) in checked:
            continue
        checked.add((page, name))
        tree = parse(page)
        macro = macros(tree)[name]
        own = set(macros(tree))
        imported = imports(tree)
        allowed = {a.name for a in macro.args} | PURE_GLOBALS
        allowed |= {n.name for n in macro.find_all(nodes.Name) if n.ctx in ("store", "param")}
        for call in macro.find_all(nodes.Call):  # a relative address only: the host is not
            if isinstance(call.node, nodes.Name) and call.node.name == "url_for":  # in the key
                assert "_external" not in {k.key for k in call.kwargs}, (page, name)
        for n in macro.find_all(nodes.Name):
            if n.ctx != "load" or n.name in allowed:
                continue
            if n.name in own:
                todo.append((page, n.name))
            elif n.name in imported:
                todo.append(imported[n.name])
            else:
                raise AssertionError(f"{page}: {name} (kept by memo) reads {n.name!r}")
    assert ("game/_fleet.html", "fleet") in checked  # the imported ones were followed


def test_an_argument_named_by_its_address_is_never_a_key(app: Any) -> None:
    """An object without a repr of its own reads ``<… at 0x…>``: a later object may get
    the same address, so memo renders such a part every time instead of keeping it."""
    from companion.web import stream

    class Bare:
        def __init__(self, text: str) -> None:
            self.text = text

    macro = app.jinja_env.from_string(
        "{% macro show(x) %}<b>{{ x.text }}</b>{% endmacro %}"
    ).module.show
    with app.test_request_context("/"):
        kept = len(stream._MEMO)
        assert stream.memo(macro, Bare("one")) == "<b>one</b>"
        assert stream.memo(macro, Bare("two")) == "<b>two</b>"
        assert len(stream._MEMO) == kept
        assert stream.memo(macro, {"text": "three"}) == "<b>three</b>"
        assert len(stream._MEMO) == kept + 1  # a plain value is kept
