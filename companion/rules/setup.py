"""Game setup: the configuration, the players' names, the markets chosen (drawn or checked
in rules/market_choice.py) and what the boards hold at the start (the checklist:
rules/checklist.py; the figures a host enters: rules/figures.py).

Sources: shared/rules/setup.md §1–§6.
"""

from __future__ import annotations

import secrets
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from .catalogue import (
    FISH_MARKETS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SPIDER_CRAB_TOKENS,
    TUNA_TOKENS,
    mackerel_licenses,
    per_p,
)
from .errors import IllegalAction
from .external_catalogue import EXTERNAL_FIGURES
from .figures import asked_figures, validate_board_numbers
from .market_choice import choose_markets, validate_markets
from .messages import Message

#: Colour-blind-safe seat colours (Okabe–Ito), in seat order.
SEAT_COLORS: tuple[tuple[str, str], ...] = (
    ("orange", "#E69F00"),
    ("sky", "#56B4E9"),
    ("green", "#009E73"),
    ("yellow", "#F0E442"),
    ("blue", "#0072B2"),
    ("vermilion", "#D55E00"),
    ("purple", "#CC79A7"),
)
COLOR_HEX = dict(SEAT_COLORS)


@dataclass(frozen=True)
class GameConfig:
    """Everything chosen before play; recorded with the game so it replays."""

    players: tuple[str, ...]
    colors: tuple[str, ...]
    fish_markets: tuple[str, ...]
    external_markets: tuple[str, ...]
    money: str = "open"
    expansion: bool = False
    #: Variants: "more_markets", "known_order", "crash" (recorded; used by market flows);
    #: Expansion Ships choices: "blue_ship" (the Blue ship on the board), "small_barges"
    #: (the two four-slot barges instead of the six-slot one).
    variants: tuple[str, ...] = ()
    seed: int = 0
    start_player: int = 0
    #: Market numbers the host entered for boards whose figures the rules text lacks.
    board_numbers: dict[str, dict[str, int]] = field(default_factory=dict)
    #: How the fleet is recorded: 1, counted (games recorded before boats were placed: the
    #: boats are placed by a fixed arrangement after every entry, rules/fleet.py
    #: ``settle``); 2, placed, Fishing boat by boat (flows.md, "The fleet, boat by boat").
    #: New games from the API and the pages record 2; a game read without it is 1.
    fleet: int = 1

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def horse_mackerel_from_start(self) -> bool:
        return "horse_mackerel" in self.fish_markets

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "colors": list(self.colors),
            "fish_markets": list(self.fish_markets),
            "external_markets": list(self.external_markets),
            "money": self.money,
            "expansion": self.expansion,
            "variants": list(self.variants),
            "seed": self.seed,
            "start_player": self.start_player,
            "board_numbers": self.board_numbers,
            **({"fleet": self.fleet} if self.fleet != 1 else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameConfig:
        return cls(
            players=tuple(data["players"]),
            colors=tuple(data["colors"]),
            fish_markets=tuple(data["fish_markets"]),
            external_markets=tuple(data["external_markets"]),
            money=data.get("money", "open"),
            expansion=bool(data.get("expansion")),
            variants=tuple(data.get("variants", ())),
            seed=int(data.get("seed", 0)),
            start_player=int(data.get("start_player", 0)),
            board_numbers=dict(data.get("board_numbers", {})),
            fleet=2 if data.get("fleet") == 2 else 1,
        )


#: Every variant a game may record; the last two are the Expansion's Ships choices.
VARIANTS = ("more_markets", "known_order", "crash", "blue_ship", "small_barges")
EXPANSION_VARIANTS = frozenset({"blue_ship", "small_barges"})

#: Longest name a seat may have (it has to fit the table screen's columns).
NAME_MAX = 24
#: Bits of a seed the app draws: the seed foretells every draw of the game (the Auction
#: bag, the markets that enter), so it must not be guessable from what the table sees
#: (issue #17). It is shown on no page before the game ends (exports likewise).
SEED_BITS = 128
#: The highest seed a game may have (one the app draws, or one given through the API or
#: in a game file). Games created with shorter seeds keep theirs.
MAX_SEED = 2**SEED_BITS - 1


def new_seed() -> int:
    """A game's seed, drawn from the system's secure source."""
    return secrets.randbits(SEED_BITS)


#: Names that would read as someone other than a player in the history and in refusals:
#: the supply (the bank), and the table screen, whose entries are recorded as "host".
#: Compared as :func:`_reads_as` spells them.
RESERVED_NAMES = frozenset(
    {
        "host",
        "thehost",
        "supply",
        "thesupply",
        "table",
        "thetable",
        "tablescreen",
        "thetablescreen",
        "screen",
        "thescreen",
        # The same in Japanese, as the history and the refusals name them.
        "共通サプライ",
        "サプライ",
        "テーブル",
        "テーブル画面",
        "画面",
        "ホスト",
    }
)
#: Format characters that reorder or hide text (Unicode bidi controls): in a note they can
#: make a history line read as something else, so no stored text may hold one.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


#: The space a Japanese keyboard types between a family name and a given name.
IDEOGRAPHIC_SPACE = "\u3000"


def bad_character(text: str) -> str | None:
    r"""The first character that no stored text may hold, or None: control characters (NUL,
    newlines, tabs …), lone surrogates (they cannot even be written as UTF-8, so a name
    holding one breaks every page of its game) and bidi controls.

    >>> bad_character("Aiko"), bad_character("A\x00"), bad_character("\ud800")
    (None, '\x00', '\ud800')
    """
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs") or ch in BIDI_CONTROLS:
            return ch
    return None


def name_character(name: str) -> str | None:
    r"""The first character no player's name may hold, or None: what no stored text may
    hold (:func:`bad_character`), a formatting character (category Cf: zero-width, bidi
    marks; it would make a name look like another one, or reorder the history line it
    appears in), and any other character Python does not call printable but a Japanese
    keyboard's space (U+3000, "山田　花子").

    >>> name_character("山田　花子"), name_character("Ai​ko"), name_character("B o")
    (None, '​', ' ')
    """
    bad = bad_character(name)
    if bad is not None:
        return bad
    for ch in name:
        if unicodedata.category(ch) == "Cf" or not (ch.isprintable() or ch == IDEOGRAPHIC_SPACE):
            return ch
    return None


def _reads_as(name: str) -> str:
    """A name as it reads on screen: compatibility forms folded (full-width letters), case
    folded, and only letters and digits kept, so "The  Supply" reads as "thesupply"."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if ch.isalnum())


def _same_key(name: str) -> str:
    """Two names that differ only in case or compatibility forms look the same."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def validate_players(names: list[str]) -> tuple[str, ...]:
    """2–6 names (trimmed): printable, 1–24 characters, unique ignoring case, never one
    that reads as the supply or the table screen."""
    if not isinstance(names, list):
        raise IllegalAction(Message("setup.players_list", {}), "players")
    cleaned: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(names):
        where = f"players[{i}]"
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(Message("setup.name_needed", {}), where)
        name = name.strip()
        if len(name) > NAME_MAX:
            raise IllegalAction(Message("setup.name_long", {"max": NAME_MAX}), where)
        if name_character(name) is not None:
            raise IllegalAction(Message("setup.name_chars", {}), where)
        if _reads_as(name) in RESERVED_NAMES:
            raise IllegalAction(Message("setup.name_reserved", {"name": name}), where)
        key = _same_key(name)
        if key in seen:
            raise IllegalAction(Message("setup.name_twice", {"name": name}), where)
        seen.add(key)
        cleaned.append(name)
    if not MIN_PLAYERS <= len(cleaned) <= MAX_PLAYERS:
        raise IllegalAction(Message("setup.player_count", {}), "players")
    return tuple(cleaned)


def bag_contents(
    fish_markets: tuple[str, ...] | list[str],
    board_numbers: dict[str, dict[str, int]] | None = None,
) -> tuple[str, ...]:
    """Tokens in the Auction bag at setup, as token codes (``tuna:15``, ``clam``)."""
    bag: list[str] = []
    if "spider_crab" in fish_markets:
        bag += [f"spider_crab:{v}" for v in SPIDER_CRAB_TOKENS]
    if "tuna" in fish_markets:
        bag += [f"tuna:{v}" for v in TUNA_TOKENS]
    if "clams_oysters" in fish_markets:
        numbers = (board_numbers or {}).get("clams_oysters", {})
        bag += ["clam"] * numbers.get("clams", 0) + ["oyster"] * numbers.get("oysters", 0)
    return tuple(sorted(bag))


def board_figure(config: GameConfig, market: str, what: str) -> int | None:
    """Licences/barrels/tokens a fish market board holds at setup for this player count;
    None where the rulebooks do not print it and the host has not entered it."""
    entered = config.board_numbers.get(market, {})
    if what in entered:
        return int(entered[what])
    m = FISH_MARKETS[market]
    p = config.player_count
    if market == "mackerel" and what == "licenses":
        return mackerel_licenses(p, set_aside=not config.horse_mackerel_from_start)
    return per_p(getattr(m, what), p)


def with_remembered(
    config: GameConfig,
    remembered: dict[str, dict[str, int]],
    given: set[tuple[str, str]] | frozenset[tuple[str, str]] = frozenset(),
) -> GameConfig:
    """The game's board numbers completed from those this server remembers (AMB-40): for
    every figure the host may be asked for that this request did not give (``given``,
    even empty), on every fish market the game may use, the ones still in the box too, so
    that a market entering mid-game is stocked as well. Figures the rules print by now are
    never taken from memory."""
    markets = [m for m, data in FISH_MARKETS.items() if config.expansion or not data.expansion]
    markets += [m for m in EXTERNAL_FIGURES if config.expansion]
    numbers = {m: dict(figures) for m, figures in config.board_numbers.items()}
    for market, figures in asked_figures(markets).items():
        known = remembered.get(market, {})
        for what in figures:
            value = known.get(what)
            if (market, what) in given or what in numbers.get(market, {}) or value is None:
                continue
            numbers.setdefault(market, {})[what] = value
    return replace(config, board_numbers=validate_board_numbers(numbers))


def make_config(
    players: list[str],
    *,
    money: str = "open",
    expansion: bool = False,
    fish_markets: list[str] | None = None,
    external_markets: list[str] | None = None,
    variants: list[str] | tuple[str, ...] = (),
    seed: int | None = None,
    fixed_fish: str = "mackerel",
    start_player: int = 0,
    board_numbers: dict[str, dict[str, int]] | None = None,
    fleet: int = 1,
) -> GameConfig:
    """Validate the choices of a new game; missing markets are drawn at random. ``fleet``:
    see ``GameConfig.fleet`` (the API and the pages create games with 2)."""
    names = validate_players(players)
    if money not in ("open", "closed"):
        raise IllegalAction(Message("setup.money", {}), "money")
    if not isinstance(expansion, bool):
        raise IllegalAction(Message("setup.expansion", {}), "expansion")
    for v in variants:
        if v not in VARIANTS:
            raise IllegalAction(Message("setup.variant", {"name": repr(v)}), "variants")
        if v in EXPANSION_VARIANTS and not expansion:
            raise IllegalAction(
                Message("setup.variant_needs_expansion", {"name": str(v)}), "variants"
            )
    if seed is None:
        seed = new_seed()
    elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise IllegalAction(Message("setup.seed", {"max": MAX_SEED}), "seed")
    numbers = validate_board_numbers(board_numbers)
    drawn_fish, drawn_ext = choose_markets(len(names), expansion, seed, fixed_fish)
    fish = fish_markets if fish_markets is not None else drawn_fish
    external = external_markets if external_markets is not None else drawn_ext
    fish_t, ext_t = validate_markets(
        len(names), expansion, fish, external, more_markets="more_markets" in variants
    )
    if (
        not isinstance(start_player, int)
        or isinstance(start_player, bool)
        or not 0 <= start_player < len(names)
    ):
        raise IllegalAction(Message("setup.start_player", {}), "start_player")
    return GameConfig(
        players=names,
        colors=tuple(c for c, _ in SEAT_COLORS[: len(names)]),
        fish_markets=fish_t,
        external_markets=ext_t,
        money=money,
        expansion=expansion,
        variants=tuple(variants),
        seed=seed,
        start_player=start_player,
        board_numbers=numbers,
        fleet=fleet,
    )
