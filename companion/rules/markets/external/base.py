"""What every external market does during a guided ``visit`` (the pieces they share:
rules/markets/external/pieces.py).

An external market object answers the shared visit code's questions — how it may be
entered, whether it may be entered now, and what the player does there — from the numbers
printed in the catalogue (external-markets.md). External markets pay no licence money on
entry (§0), and a visit must still do something there (AMB-37).

Tokens are named as token codes, as in an auction lot: a fish key (``"eel"``,
``"takoyaki"``), ``"spider_crab:6"``, ``"tuna:20"``, ``"salmon"`` (fresh) or
``"salmon:degraded"``. Tokens put on an external board stay there for the rest of the
game (``Table.places``); they never go back to their fish market.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

from ....engine.args import key_of
from ...args import NoFields
from ...cardlines import Line, counted, entries, line
from ...catalogue import (
    EXTERNAL_MARKETS,
    PLAYER_COUNTS,
    EntryOption,
    ExternalMarket,
)
from ...errors import IllegalAction
from ...external_catalogue import EXTERNAL_FIGURES
from ...ledger import Run
from ...messages import Message
from ...setup import GameConfig
from ...table import Table
from ...tokens import TokenSpec
from .pieces import code_of, on_place, spec_of, token_message


class External:
    """An external market's rules; subclasses set ``id`` and ``fields`` and say what a
    visit does there (``interact``)."""

    id: ClassVar[str]
    #: Its own visit fields besides type, player, market, entry, as a frozen dataclass in
    #: its folder (issue #18 step 8): the edge validates a visit there with them
    #: (web/turn_schemas.py), the visit reads them from the logged entry
    #: (``engine.args.read``) and hands them to :meth:`interact`. A field the server adds
    #: (a draw, an auction's id) has ``engine.args.SERVER`` metadata.
    fields: ClassVar[type[Any]] = NoFields
    #: What a visit there can do, for the refusal of a visit that does nothing.
    hint: ClassVar[str] = ""
    #: Whether players visit it (False: a board for the scoring only, Overfishing).
    visited: ClassVar[bool] = True

    @property
    def data(self) -> ExternalMarket:
        return EXTERNAL_MARKETS[self.id]

    def entry_options(self, t: Table) -> tuple[EntryOption, ...]:
        """The printed options; for a board whose cost is not in the sources (AMB-40), what
        the host entered as board numbers (``entry_ap``, ``entry_yen``)."""
        entered = t.config.board_numbers.get(self.id, {})
        extra = []
        if "entry_ap" in entered:
            extra.append(EntryOption("ap", int(entered["entry_ap"])))
        if "entry_yen" in entered:
            extra.append(EntryOption("yen", int(entered["entry_yen"])))
        return self.data.entry + tuple(extra)

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        """Why this player may not enter now (Used Ships in the final turns, a full
        Government), or None."""
        return None

    def pays_own_entry(self) -> bool:
        """Whether the market takes its entry itself (Rentals: free, not once per turn)."""
        return False

    def pay_entry(self, run: Run, seat: int, entry: object) -> None:
        raise NotImplementedError

    @property
    def visit_fields(self) -> tuple[str, ...]:
        """The names of its own visit fields (``fields``), as the JSON names them."""
        return tuple(key_of(f) for f in dataclasses.fields(self.fields))

    def interact(self, run: Run, seat: int, a: Any) -> bool:
        """What the player does there, given its own visit fields (an instance of
        ``fields``); True if they did anything."""
        return False

    #: Whether a visit there opens an auction (a lot put up for bids: Auction, Barter,
    #: Overseas): the server names it after the visit's entry, in the visit's undo group.
    opens_auction: ClassVar[bool] = False

    def server_draws(self, t: Table, shuffled: Callable[[], list[str]]) -> dict[str, Any]:
        """What the server draws for a visit there before the rules see it (recorded in
        the log, so the fold replays it); ``shuffled``: the Auction bag, shuffled with the
        game's seed and the entry's number."""
        return {}

    # -- the setup checklist (rules/checklist.py) --------------------------------------------
    def setup_lines(self, config: GameConfig) -> list[Message]:
        """What goes on its board at the start, or when it enters mid-game (setup.md §1
        step 4, its stock of §3–§6), as the checklist's lines."""
        return [Message("check.empty_places", {})]

    # -- its rules card (rules/rulecards.py) --------------------------------------------------
    def card_sections(self, config: GameConfig | None) -> dict[str, list[Line]]:
        """Its rules card's lines by section: what every external market's card says, with
        its own lines (``card_entry``, ``card_lines``)."""
        e = self.data
        entry = self.card_entry(config) + self.card_lines("entry", config)
        if e.min_players > PLAYER_COUNTS[0]:
            entry.append(line("rc.entry.min_players", count=e.min_players))
        entry.append(line("rc.entry.ext_no_payout"))
        stock = [
            line("rc.stock.item", what=Message(f"rc.fig.{item}", {}), count=counted(item, n))
            for item, n in e.stock.items()
        ]
        crash = (
            [line(f"rc.crash.{self.id}"), line(f"rc.crash.side_{e.crash_side}")]
            if e.crash_side is not None
            else [line("rc.crash.never")]
        )
        return {
            "entry": entry,
            "stock": stock + self.card_lines("stock", config),
            "sells": self.card_lines("sells", config),
            "special": self.card_lines("special", config),
            "resources": self.card_lines("resources", config) or [line("rc.res.none")],
            "crash": crash,
        }

    def card_entry(self, config: GameConfig | None) -> list[Line]:
        """How it is entered: its printed options, and those the host entered for a board
        whose cost is not printed (AMB-40)."""
        asks = "entry_ap" in EXTERNAL_FIGURES.get(self.id, ())
        return entries(self, self.data.entry, asks, config)

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        """Its own lines of a section (``sells``, ``special`` and ``resources`` are all its
        own; a market with no ``resources`` lines gives no Resources)."""
        return []

    # -- the crash variant (external-markets.md §1, §18) ------------------------------------
    def can_crash(self) -> bool:
        """Whether its board has a crash side (``crash_side`` printed)."""
        return self.data.crash_side is not None

    def crash_condition(self, t: Table) -> bool:
        """Whether it meets its crash condition now (external-markets.md §1, last column)."""
        return False

    # -- its places ------------------------------------------------------------------------
    def place_message(self, place: str) -> Message:
        """A place of its board (``aquarium.eel``: its key after the market's id) as people
        name it: "the Aquarium's Eel place"."""
        market, _, which = place.partition(".")
        return Message(f"place.{market}", {"fish": which})

    def tokens_onto(
        self, run: Run, seat: int, specs: list[TokenSpec], place: str, field: str
    ) -> None:
        """The player's tokens onto a place of its board, where they stay."""
        for spec in specs:
            run.holding(seat, spec, -1, field)
        codes = tuple(code_of(s) for s in specs)
        run.t = replace(run.t, places={**run.t.places, place: on_place(run.t, place) + codes})
        run.note(
            "mv.ext_onto",
            player=run.name(seat),
            tokens=[token_message(s) for s in specs],
            place=self.place_message(place),
        )

    def tokens_off(self, run: Run, seat: int, place: str) -> list[TokenSpec]:
        """Every token on a place of its board into the player's hand (Trading's swaps)."""
        specs = [spec_of(c) for c in on_place(run.t, place)]
        for spec in specs:
            run.holding(seat, spec, 1, "trades")
        run.t = replace(run.t, places={**run.t.places, place: ()})
        run.note(
            "mv.ext_off",
            player=run.name(seat),
            tokens=[token_message(s) for s in specs],
            place=self.place_message(place),
        )
        return specs

    # -- the turn guide (web/turn_external.py renders what these say) ------------------------
    #: Its panel's template (``templates/game/markets/<panel_name>.html``), also the key of
    #: its data in the panel; None: no panel of its own (Ships and Used Ships, Auction and
    #: Barter, the two Aquariums share one).
    panel_name: ClassVar[str | None] = None

    def entry_shown(self, t: Table) -> tuple[EntryOption, ...]:
        """The entry options its tile and panel offer."""
        return self.entry_options(t)

    def option_message(self, o: EntryOption) -> Message | None:
        """How its tile names an entry option (None: as every market does)."""
        return None

    def free_every_time(self) -> bool:
        """Whether its free entry is free every time, not once per turn (Rentals)."""
        return False

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        """What its panel shows, as pure data (the edge words the ``Message`` and
        :class:`Named` values in it); ``tokens``: the player's tokens, one row per code
        (``code``, ``key``, ``count``, ``name``)."""
        return None
