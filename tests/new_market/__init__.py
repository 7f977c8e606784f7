"""A market that exists only for the tests: the Ice House (氷室), an external market made up
to show what adding a market takes (issue #18 step 6, docs/architecture.md "A market is
one folder"). It is this folder and its messages; the shared code finds it through the
registries once :func:`register` has put it there, and names it nowhere.

The Ice House: entry ¥100. Put up to two fish tokens on its shelf for ¥300 each; they stay
there. Crash variant: it closes once its shelf is full.

``{"tokens": [TOKEN, ...]}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
from jinja2 import ChoiceLoader, DictLoader

from companion import catalogues
from companion.rules.args import TokenList
from companion.rules.cardlines import Line, line
from companion.rules.catalogue import EXTERNAL_MARKETS, external_board, read_board
from companion.rules.ledger import Run, refuse
from companion.rules.markets.external import BOARDS, EXTERNAL
from companion.rules.markets.external.base import External
from companion.rules.markets.external.pieces import on_place, places_full, steppers, tokens_of
from companion.rules.setup import GameConfig
from companion.rules.table import Table

ID = "ice_house"
SHELF = f"{ID}.shelf"
ROOM = 2
YEN = 300

#: Its board's printed numbers (its ``board.toml``, read as the catalogue reads every one).
DATA = external_board(read_board(Path(__file__).with_name("board.toml")))


@dataclass(frozen=True, kw_only=True)
class Shelf:
    """Its visit fields: the tokens put on its shelf, by code (validated at the edge and
    read from the logged visit as this dataclass)."""

    tokens: TokenList | None = None


class IceHouse(External):
    id = ID
    fields = Shelf
    hint = "ext.hint.ice_house"
    panel_name: ClassVar[str | None] = ID

    def interact(self, run: Run, seat: int, a: Shelf) -> bool:
        specs = tokens_of(a.tokens, "tokens")
        left = ROOM - len(on_place(run.t, SHELF))
        if len(specs) > left:
            raise refuse("ext.place_room", "tokens", place=self.place_message(SHELF), left=left)
        if not specs:
            return False
        self.tokens_onto(run, seat, specs, SHELF, "tokens")
        run.pay(None, seat, YEN * len(specs), ID)
        return True

    def crash_condition(self, t: Table) -> bool:
        return places_full(t, {SHELF: ROOM})

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        if section == "sells":
            return [line("rc.ice_house.shelf", count=ROOM, amount=YEN)]
        if section == "special":
            return [line("rc.places_stay")]
        if section == "resources":
            return [line("rc.res.places")]
        return []

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        room = ROOM - len(on_place(t, SHELF))
        return {"room": room, "yen": YEN, "rows": steppers("tokens", tokens, room) if room else []}


MARKET = IceHouse()

#: Its messages, as its lines of the catalogues (translations/<lang>/.../messages.po).
MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        f"name.{ID}": "Ice House",
        "ext.hint.ice_house": "put tokens on its shelf",
        f"place.{ID}": "the Ice House's shelf",
        "rc.ice_house.shelf": "The shelf holds %(count)d tokens, ¥%(amount)d each.",
        f"rc.crash.{ID}": "When its shelf is full.",
    },
    "ja": {
        f"name.{ID}": "氷室",
        "ext.hint.ice_house": "棚にトークンを置く",
        f"place.{ID}": "氷室の棚",
        "rc.ice_house.shelf": "棚にはトークンを%(count)d個置ける。1個%(amount)d円。",
        f"rc.crash.{ID}": "棚が埋まったとき。",
    },
}

#: Its panel's template (templates/game/markets/<panel_name>.html).
TEMPLATE = (
    '<p class="ice-room">{{ x.ice_house.room }}</p>'
    "{% for r in x.ice_house.rows %}"
    '<input type="number" name="{{ r.name }}" max="{{ r.max }}" aria-label="{{ r.label }}">'
    "{% endfor %}"
)


def register(monkeypatch: pytest.MonkeyPatch, app: Any = None) -> None:
    """Put the Ice House in the registries for one test: its board's numbers, its rules,
    its messages and (given the app) its panel's template."""
    monkeypatch.setitem(EXTERNAL_MARKETS, ID, DATA)
    monkeypatch.setitem(BOARDS, ID, MARKET)
    monkeypatch.setitem(EXTERNAL, ID, MARKET)
    for lang, texts in MESSAGES.items():
        for code, text in texts.items():
            monkeypatch.setitem(catalogues.catalogue(lang).sentences, code, text)
    if app is not None:
        templates = DictLoader({f"game/markets/{ID}.html": TEMPLATE})
        monkeypatch.setattr(app, "jinja_loader", ChoiceLoader([app.jinja_loader, templates]))
