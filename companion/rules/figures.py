"""The figures a board prints that the rulebooks do not (AMB-40): which a host may enter
for a new game (``unknown_figures``, ``asked_figures``), their checks
(``validate_board_numbers``), their defaults, and what a server remembers of them for the
next game (``to_remember``; rules/setup.py's ``with_remembered`` gives it back).
"""

from __future__ import annotations

from typing import Any

from .catalogue import FISH_MARKETS, disputed_figures, per_p
from .errors import IllegalAction
from .external_catalogue import EXTERNAL_FIGURES, NEW_AQUARIUM_FISH
from .messages import Message, render

#: Figures a host may enter for a fish market board (``board_figure``, ``bag_contents``).
BOARD_FIGURES = ("licenses", "barrels", "tokens")
BAG_FIGURES = {"clams_oysters": ("clams", "oysters")}
#: The AP entry cost of a board whose options the rulebooks do not all print (AMB-40:
#: Himono, Sardine, Swordfish, Clams & Oysters), as the host reads it off the board
#: (``markets.base.Market.entry_options``); given through the API only for now.
ENTRY_FIGURES = ("entry_ap",)


def unknown_figures(fish_markets: tuple[str, ...] | list[str]) -> dict[str, tuple[str, ...]]:
    """For each fish market in play, the figures its board prints that the rulebooks do not
    (AMB-40): what the host may enter so the app can stock and limit that market. External
    markets named among them get theirs too (entry costs, Sushi prices, New Aquarium
    places: ``EXTERNAL_FIGURES``)."""
    out: dict[str, tuple[str, ...]] = {}
    for market in fish_markets:
        if market in EXTERNAL_FIGURES:  # an external board's entry cost, places, prices
            out[market] = EXTERNAL_FIGURES[market]
            continue
        if market not in FISH_MARKETS:
            continue
        m = FISH_MARKETS[market]
        # A bag fish's tokens are counted in the bag (``BAG_FIGURES``), not on its board.
        missing = tuple(
            f
            for f in BOARD_FIGURES
            if getattr(m, f) is None and not (f == "tokens" and m.tokens_in_bag)
        )
        missing += BAG_FIGURES.get(market, ())
        if not m.entry_complete:  # the books print no entry cost for this board
            missing += ENTRY_FIGURES
        if missing:
            out[market] = missing
    return out


#: Why a disputed figure is asked for, in one line for the New game page.
DISPUTED_NOTES = {
    ("salmon", "licenses"): "The Salmon board prints “P, max 4”, but the rulebook’s 3-player "
    "example puts 4 licences on it; the app follows the board unless "
    "you change the number here.",
}


def disputed_defaults(
    fish_markets: tuple[str, ...] | list[str], players: int
) -> dict[str, dict[str, int]]:
    """The figures of the markets in play that the sources contradict (AMB-11: Salmon
    licences), each with the reading the app takes by default for this player count: the
    host may change it, and it is then a board number like the others."""
    out: dict[str, dict[str, int]] = {}
    for market, figures in disputed_figures(fish_markets).items():
        for what in figures:
            n = default_figure(market, what, players)
            if n is not None:
                out.setdefault(market, {})[what] = n
    return out


def default_figure(market: str, what: str, players: int) -> int | None:
    """The figure the app uses when the host enters none: the rulebooks' (for Salmon's
    licences the board's ``min(P, 4)``, AMB-11), or None where they print none."""
    if what not in BOARD_FIGURES:
        return None
    return per_p(getattr(FISH_MARKETS[market], what), players)


def asked_figures(fish_markets: tuple[str, ...] | list[str]) -> dict[str, tuple[str, ...]]:
    """Every figure the New game page asks of the host: those the rulebooks lack (AMB-40)
    and those they contradict (AMB-11)."""
    out = dict(unknown_figures(fish_markets))
    for market, figures in disputed_figures(fish_markets).items():
        out[market] = out.get(market, ()) + tuple(
            f for f in figures if f not in out.get(market, ())
        )
    return out


#: Figures that count the pieces in the box, the same whatever the player count: every
#: Clam and Oyster token goes into the bag (setup.md §6). Every other board figure is
#: printed per player count ("P, max 4"), so a number copied for 3 players says nothing
#: about 4; the server remembers those per player count.
BOX_FIGURES = frozenset(f for figures in BAG_FIGURES.values() for f in figures)


def memory_players(what: str, players: int) -> int:
    """The player count a remembered figure is kept under: 0 for the box's counts."""
    return 0 if what in BOX_FIGURES else players


def to_remember(
    given: dict[str, dict[str, int]], cleared: set[tuple[str, str]], players: int
) -> list[tuple[str, str, int, int | None]]:
    """What the server keeps of the numbers a host entered for a new game: rows of
    (market, figure, player count, value), None to forget one (a field emptied, or a
    disputed figure set back to the app's default). Only figures the host is asked for
    are kept; a number for a printed figure belongs to its game alone."""
    asked = asked_figures([*FISH_MARKETS, *EXTERNAL_FIGURES])
    rows: list[tuple[str, str, int, int | None]] = []
    for market, figures in given.items():
        for what, value in figures.items():
            if what in asked.get(market, ()):
                default = default_figure(market, what, players)
                rows.append(
                    (
                        market,
                        what,
                        memory_players(what, players),
                        None if value == default else int(value),
                    )
                )
    for market, what in sorted(cleared):
        if what in asked.get(market, ()) and what not in given.get(market, {}):
            rows.append((market, what, memory_players(what, players), None))
    return rows


def figure_labels(lang: str = "en") -> dict[str, str]:
    """How the New game page names the external boards' figures (AMB-40)."""

    def say(code: str, **values: Any) -> str:
        return render(Message(code, values), lang)

    labels = {"entry_ap": say("figure.entry_ap"), "entry_yen": say("figure.entry_yen")}
    labels |= {f"yen_{n}": say("figure.yen_for", count=n) for n in range(1, 6)}
    for fish in NEW_AQUARIUM_FISH:
        labels[fish] = say("figure.places", market=fish)
        labels[f"{fish}_yen"] = say("figure.yen_each", market=fish)
    return labels


#: The highest price a host may enter for an external board (AMB-40).
YEN_FIGURE_MAX = 9900


def is_yen_figure(what: str) -> bool:
    """Whether a board figure is a price (``entry_yen``, ``yen_2``, ``nori_yen``) rather
    than a count."""
    return what == "entry_yen" or what.startswith("yen_") or what.endswith("_yen")


def validate_board_numbers(raw: object) -> dict[str, dict[str, int]]:
    """The board numbers a host entered: per fish market (or external market with
    figures the rulebooks lack, ``EXTERNAL_FIGURES``), whole counts 0..99 of known
    figures. Checked before the game is created, since its table is set up from them
    again whenever the game is loaded."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise IllegalAction(Message("setup.numbers_object", {}), "board_numbers")
    out: dict[str, dict[str, int]] = {}
    for market, figures in raw.items():
        where = f"board_numbers.{market}"
        if market not in FISH_MARKETS and market not in EXTERNAL_FIGURES:
            raise IllegalAction(Message("bk.no_fish_market", {"name": repr(market)}), where)
        if not isinstance(figures, dict):
            raise IllegalAction(Message("setup.counts_object", {}), where)
        allowed = EXTERNAL_FIGURES.get(market) or BOARD_FIGURES + BAG_FIGURES.get(market, ())
        if market in FISH_MARKETS and not FISH_MARKETS[market].entry_complete:
            allowed += ENTRY_FIGURES
        for what, n in figures.items():
            if what not in allowed:
                raise IllegalAction(
                    Message(
                        "setup.not_a_figure", {"name": repr(what), "allowed": ", ".join(allowed)}
                    ),
                    f"{where}.{what}",
                )
            if is_yen_figure(what):
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= YEN_FIGURE_MAX:
                    raise IllegalAction(
                        Message("setup.figure_yen_range", {"most": YEN_FIGURE_MAX}),
                        f"{where}.{what}",
                    )
                if n % 100:
                    raise IllegalAction(Message("setup.figure_yen_step", {}), f"{where}.{what}")
            elif not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 99:
                raise IllegalAction(Message("setup.figure_range", {}), f"{where}.{what}")
        out[market] = dict(figures)
    return out
