"""The lines of a rules card (issue #11) and the builders every market's card shares.

A market's own lines come from the market (``Market.card_sections`` and its hooks in
rules/markets/, ``External.card_sections`` in rules/markets/external/); this module knows
no market. A line holds a :class:`~.messages.Message` (a code and its values), rendered in
the viewer's language by the edge, and where its numbers come from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from .catalogue import AP_PER_TURN, CART_AP, PLAYER_COUNTS, EntryOption
from .messages import Message, known
from .setup import GameConfig
from .table import Table, initial_table

#: Where a line's number comes from: printed in the rulebooks; a reading of the app where
#: they are silent (its ``readings`` say which); not printed, so the New game page asks
#: for it (AMB-40); entered by this game's host; not printed and not entered.
Source = Literal["printed", "reading", "asked", "entered", "unknown"]

SECTIONS = (
    "entry",
    "licences",
    "stock",
    "sells",
    "special",
    "resources",
    "overfished",
    "crash",
)

TC03 = "TC-03"


@dataclass(frozen=True)
class Line:
    """One statement of a card: a message, where its numbers come from, the readings."""

    message: Message
    source: Source = "printed"
    readings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A part of the card (``entry``, ``licences`` …), headed ``rc.h.<id>``."""

    id: str
    lines: tuple[Line, ...]

    @property
    def heading(self) -> Message:
        return Message(f"rc.h.{self.id}", {})


def line(code: str, source: Source = "printed", *readings: str, **values: object) -> Line:
    return Line(Message(code, values), source, readings)


def sections(parts: dict[str, list[Line]]) -> tuple[Section, ...]:
    return tuple(Section(sid, tuple(parts[sid])) for sid in SECTIONS if parts.get(sid))


def counted(what: str, n: int | None) -> Message | int | None:
    """A figure with its counter where the language has one (issue #21: 「漁業免許：3枚」,
    「ローン：3枚」, 「樽：2人で4個」 in Japanese; the bare number in English)."""
    code = f"rc.n.{what}"
    return Message(code, {"count": n}) if n is not None and known(code) else n


def per_players(what: str, values: Sequence[int], counter: str | None = None) -> list[Message]:
    """``2 players: 4, 3 players: 6 …`` for a figure printed per player count."""
    return [
        Message("rc.p_count", {"players": p, "count": counted(counter or what, n)})
        for p, n in zip(PLAYER_COUNTS, values, strict=True)
    ]


def per_p_line(what: str, values: tuple[int, ...], config: GameConfig | None) -> Line:
    """A figure printed per player count: this game's, or every count's."""
    label = Message(f"rc.fig.{what}", {})
    if config is not None:
        n = values[config.player_count - PLAYER_COUNTS[0]]
        return line(
            "rc.stock.game", what=label, count=counted(what, n), players=config.player_count
        )
    if len(set(values)) == 1:
        return line("rc.stock.same", what=label, count=counted(what, values[0]))
    return line("rc.stock.per_p", what=label, counts=per_players(what, values))


def unprinted(what: Message, value: int | None, config: GameConfig | None) -> Line:
    """A figure the rulebooks do not print (AMB-40): asked at setup; this game's entry."""
    if config is None:
        return line("rc.asked", "asked", "AMB-40", what=what)
    if value is None:
        return line("rc.not_entered", "unknown", "AMB-40", TC03, what=what)
    figure = what.code.removeprefix("rc.fig.")
    return line("rc.entered", "entered", "AMB-40", what=what, count=counted(figure, value))


def unprinted_yen(what: Message, value: int | None, config: GameConfig | None) -> Line:
    if config is None or value is None:
        return unprinted(what, value, config)
    return line("rc.entered_yen", "entered", "AMB-40", what=what, amount=value)


def named(key: str) -> Message:
    """A fish or market id as a value that is not an id placeholder (named all the same)."""
    return Message("ext.token", {"fish": key})


def entry_option(opt: EntryOption, market: str) -> Line:
    if opt.kind == "ap":
        return line("rc.entry.ap", count=opt.amount)
    if opt.kind == "yen":
        return line("rc.entry.yen", amount=opt.amount)
    if opt.kind == "token" and opt.what == "any":
        return line("rc.entry.any_token", "reading", "AMB-18", "AMB-19", "AMB-36")
    if opt.kind == "token":
        return line("rc.entry.token", "reading", "AMB-18", fish=opt.what, market=market)
    if opt.kind == "barrel" and opt.what == "any":
        return line("rc.entry.any_barrel")
    if opt.kind == "barrel":
        return line("rc.entry.barrel", market=market)
    return line("rc.entry.free")


class Enterable(Protocol):
    """What the entry lines ask of a market, fish or external."""

    @property
    def id(self) -> str: ...

    def entry_options(self, t: Table) -> tuple[EntryOption, ...]: ...


def entries(
    m: Enterable,
    printed: tuple[EntryOption, ...],
    asks: bool,
    config: GameConfig | None,
    own: list[Line] | None = None,
) -> list[Line]:
    """The entry options: those printed (or the market's ``own`` lines for them), then
    those the host entered where the board's are not printed (``asks``, AMB-40), then the
    Cart's use for an AP entry."""
    lines = list(own) if own is not None else [entry_option(o, m.id) for o in printed]
    if asks:
        if config is None:
            lines.append(line("rc.entry.asked", "asked", "AMB-40"))
        else:
            extra = m.entry_options(initial_table(config))[len(printed) :]
            for o in extra:
                lines.append(Line(entry_option(o, m.id).message, "entered", ("AMB-40",)))
            if not extra:
                lines.append(line("rc.entry.not_entered", "unknown", "AMB-40"))
    if any(o.kind == "ap" for o in printed) or asks:
        lines.append(line("rc.entry.cart", "reading", "AMB-30", count=CART_AP, ap=AP_PER_TURN))
    return lines
