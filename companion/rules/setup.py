"""Game setup: the configuration, market selection, the physical checklist and the first table.

Sources: shared/rules/setup.md §1–§6.
"""

from __future__ import annotations

import random
import secrets
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from .catalogue import (
    BASE_EXTERNAL,
    BASE_FISH,
    CRASH_TOKENS,
    EEL_START,
    EXPANSION_EXTERNAL,
    EXPANSION_FISH,
    EXTERNAL_FIGURES,
    EXTERNAL_MARKETS,
    EXTRA_EXTERNAL_MARKETS,
    EXTRA_FISH_MARKETS,
    FISH_MARKETS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEW_AQUARIUM_FISH,
    RED_SNAPPER_TOKENS,
    SPIDER_CRAB_TOKENS,
    STARTING_YEN,
    SWORDFISH_START,
    TAKOYAKI_TOKENS,
    TUNA_TOKENS,
    disputed_figures,
    mackerel_licenses,
    per_p,
    ships_on_market,
)
from .errors import IllegalAction
from .messages import Message, known, render

#: What the external boards hold at the start (setup.md §4), as checklist lines.
EXTERNAL_STOCK: dict[str, tuple[tuple[str, int], ...]] = {
    "bank": (("check.loans", 3), ("check.shares", 2)),
    "rentals": (("check.freezers", 2), ("check.carts", 2)),
    "influence": (("check.buyer_tokens", 2), ("check.expansion_tokens", 2)),
    "boat_rentals": (("check.boat_rentals", 6),),
}

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

AQUARIUM_PAIR = ("aquarium", "new_aquarium")


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
        # Category Cf (bidi overrides, zero-width characters) and every other character
        # Python does not call printable would make a name look like another one, or
        # reorder the history line it appears in.
        if (
            bad_character(name) is not None
            or not name.isprintable()
            or any(unicodedata.category(ch) == "Cf" for ch in name)
        ):
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


def choose_markets(
    players: int, expansion: bool, seed: int, fixed_fish: str = "mackerel"
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Draw the markets at random per setup.md §2 with a seeded RNG.

    Mackerel (or, with the Expansion, Mackerel or Horse Mackerel) and Ships always; the
    number of extra markets per player count; no Auction under 3 players; with the
    Expansion, Aquarium and New Aquarium always together (one extra draw if both were
    drawn already).
    """
    if fixed_fish not in ("mackerel", "horse_mackerel") or (
        fixed_fish == "horse_mackerel" and not expansion
    ):
        raise IllegalAction(Message("setup.fixed_fish", {}), "fixed_fish")
    rng = random.Random(seed)
    fish_pool = [m for m in BASE_FISH + (EXPANSION_FISH if expansion else ()) if m != fixed_fish]
    ext_pool = [
        m
        for m in BASE_EXTERNAL + (EXPANSION_EXTERNAL if expansion else ())
        if m != "ships" and not (m == "auction" and players < 3)
    ]
    rng.shuffle(fish_pool)
    rng.shuffle(ext_pool)
    n_fish = per_p(EXTRA_FISH_MARKETS, players) or 0
    n_ext = per_p(EXTRA_EXTERNAL_MARKETS, players) or 0
    fish = [fixed_fish, *fish_pool[:n_fish]]
    external = ["ships", *ext_pool[:n_ext]]
    rest = ext_pool[n_ext:]
    if expansion:
        drawn = [m for m in AQUARIUM_PAIR if m in external]
        if len(drawn) == 1:
            external.append(AQUARIUM_PAIR[1] if drawn[0] == AQUARIUM_PAIR[0] else AQUARIUM_PAIR[0])
        elif len(drawn) == 2:
            extra = [m for m in rest if m not in AQUARIUM_PAIR]
            if extra:
                external.append(extra[0])
    return tuple(fish), tuple(external)


def validate_markets(
    players: int,
    expansion: bool,
    fish: list[str] | tuple[str, ...],
    external: list[str] | tuple[str, ...],
    more_markets: bool = False,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Check a manual choice of markets against the setup rules."""
    for i, m in enumerate(fish):
        if m not in FISH_MARKETS:
            raise IllegalAction(
                Message("bk.no_fish_market", {"name": repr(m)}), f"fish_markets[{i}]"
            )
        if FISH_MARKETS[m].expansion and not expansion:
            raise IllegalAction(
                Message("setup.needs_expansion", {"market": m}), f"fish_markets[{i}]"
            )
    for i, m in enumerate(external):
        if m not in EXTERNAL_MARKETS:
            raise IllegalAction(
                Message("setup.no_external", {"name": repr(m)}), f"external_markets[{i}]"
            )
        if EXTERNAL_MARKETS[m].expansion and not expansion:
            raise IllegalAction(
                Message("setup.needs_expansion", {"market": m}), f"external_markets[{i}]"
            )
    if len(set(fish)) != len(fish) or len(set(external)) != len(external):
        raise IllegalAction(Message("setup.market_once", {}), "markets")
    if "mackerel" not in fish and not (expansion and "horse_mackerel" in fish):
        raise IllegalAction(Message("setup.mackerel_always", {}), "fish_markets")
    if "ships" not in external:
        raise IllegalAction(Message("setup.ships_always", {}), "external_markets")
    if "auction" in external and players < 3:
        raise IllegalAction(Message("setup.auction_players", {}), "external_markets")
    if expansion and (("aquarium" in external) != ("new_aquarium" in external)):
        raise IllegalAction(Message("setup.aquarium_pair", {}), "external_markets")
    n_fish = 1 + (per_p(EXTRA_FISH_MARKETS, players) or 0)
    n_ext = 1 + (per_p(EXTRA_EXTERNAL_MARKETS, players) or 0)
    pair_bonus = 1 if expansion and "aquarium" in external else 0
    if more_markets:
        if len(fish) < n_fish or len(external) < n_ext:
            raise IllegalAction(
                Message(
                    "setup.markets_at_least", {"players": players, "fish": n_fish, "ext": n_ext}
                ),
                "markets",
            )
    elif len(fish) != n_fish or len(external) != n_ext + pair_bonus:
        raise IllegalAction(
            Message(
                "setup.markets_count",
                {"players": players, "fish": n_fish, "ext": n_ext + pair_bonus},
            ),
            "markets",
        )
    return tuple(fish), tuple(external)


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


def _say(code: str, **values: Any) -> Message:
    return Message(code, values)


def _count(n: int | None, what: str) -> Message:
    """``3 licences``, or ``licences as printed on the board`` where the number is not
    known (AMB-40)."""
    if n is None:
        return Message("check.unknown", {"what": Message(what, {"count": 2})})
    if known(f"{what}.n"):  # the count with its counter word: 漁業免許3枚, 樽15個
        return Message(f"{what}.n", {"count": n})
    return Message("check.count", {"count": n, "what": Message(what, {"count": n})})


def fish_board_lines(config: GameConfig, market: str) -> list[Message]:
    """What goes on one fish market board (setup.md §1 step 3, §3–§6), as messages."""
    m = FISH_MARKETS[market]
    p = config.player_count
    lines = [
        _count(board_figure(config, market, "licenses"), "check.licences"),
        _count(board_figure(config, market, "barrels"), "check.barrels"),
    ]
    tokens = _count(board_figure(config, market, "tokens"), "check.tokens")
    if market == "clams_oysters":
        lines.append(_say("check.co_bag"))
    elif m.tokens_in_bag:
        lines.append(_say("check.into_bag", tokens=tokens))
    elif market == "red_snapper":
        lines.append(_say("check.red_snapper", spots=RED_SNAPPER_TOKENS))
    elif market == "octopus":
        octopus = _count(board_figure(config, market, "tokens"), "check.octopus_tokens")
        lines.append(_say("check.octopus", tokens=octopus, takoyaki=TAKOYAKI_TOKENS))
    elif market == "sardine":
        lines.append(_say("check.sardine", tokens=tokens))
    else:
        lines.append(tokens)
    if market == "eel":
        lines.append(_say("check.marker", value=EEL_START))
    if market == "swordfish":
        lines.append(_say("check.marker", value=SWORDFISH_START))
    if market == "mackerel" and not config.horse_mackerel_from_start:
        lines.append(_say("check.set_aside_licences", count=p))
    return lines


def external_board_lines(config: GameConfig, market: str) -> list[Message]:
    """What goes on one external market board (setup.md §1 step 4, the stock of §3–§6),
    as messages."""
    p = config.player_count
    if market == "ships":
        boats = ships_on_market(p)
        lines = [_say("check.ships_aside", count=p), _say("check.ships", **boats)]
        if config.expansion:
            # Expansion setup step 4: the barge is a choice, the Blue ship an option.
            return lines + [_say("check.barge_choice"), _say("check.blue_ship")]
        return lines + [_say("check.barge")]
    if market in EXTERNAL_STOCK:
        return [_say(code, count=n) for code, n in EXTERNAL_STOCK[market]]
    if market == "used_ships":
        return [_say("check.starts_empty")]
    return [_say("check.empty_places")]


def board_lines(config: GameConfig, market: str) -> list[Message]:
    """The checklist's lines of one board, fish or external, as messages (the edge renders
    them in the viewer's language): what a board put out at the start, or entering mid-game,
    gets on the table.

    >>> config = make_config(["Aiko", "Bo"], fish_markets=["mackerel", "eel", "squid",
    ...     "fugu"], external_markets=["ships", "bank", "rentals"], seed=1)
    >>> [render(m, "ja") for m in board_lines(config, "eel")][-1]
    '価値マーカーを1に'
    """
    if market in FISH_MARKETS:
        return fish_board_lines(config, market)
    return external_board_lines(config, market)


def board_item(config: GameConfig, market: str) -> dict[str, Any]:
    """One board's item of the checklist: its names, kind, market id and lines."""
    m = FISH_MARKETS[market] if market in FISH_MARKETS else EXTERNAL_MARKETS[market]
    kind = "fish" if market in FISH_MARKETS else "external"
    lines = board_lines(config, market)
    return {"board": m.en, "ja": m.ja, "kind": kind, "market": market, "lines": lines}


def checklist(config: GameConfig) -> list[dict[str, Any]]:
    """What to put on the physical table, board by board, in the order of setup.md §1
    (steps 1–8 and what comes before play; the stock from §3–§6). Each item's ``board``
    is a market's English name (``ja`` its Japanese) or a message, ``market`` that
    market's id (None for an item that is no market's board), its ``lines`` are
    messages (``check.*``): render them in the viewer's language at the edge
    (:func:`render_checklist`, or ``msg`` in a template)."""
    items = [board_item(config, m) for m in (*config.fish_markets, *config.external_markets)]

    bag_fish = [m for m in config.fish_markets if FISH_MARKETS[m].tokens_in_bag]
    bag = bag_contents(config.fish_markets, config.board_numbers)
    bag_lines = [_bag_line(bag)] if bag else []
    if "clams_oysters" in bag_fish and not config.board_numbers.get("clams_oysters"):
        bag_lines.append(_say("check.co_uncounted"))
    if bag_lines:
        items.append(
            {"board": _say("check.board_bag"), "ja": "競り袋", "kind": "bag", "lines": bag_lines}
        )

    # Step 6, or what the known market order variant does instead of it (§8).
    if "known_order" in config.variants:
        items.append(
            {
                "board": _say("check.board_known_order"),
                "ja": "市場の順番",
                "kind": "variant",
                "lines": [_say("check.known_fish"), _say("check.known_external")]
                + ([] if bag_fish else [_say("check.bag_to_box")]),
            }
        )
    else:
        items.append(
            {
                "board": _say("check.board_box"),
                "ja": "箱に戻すもの",
                "kind": "box",
                "lines": [_say("check.box_boards")] + ([] if bag_fish else [_say("check.box_bag")]),
            }
        )

    each = [
        _say("check.yen", amount=STARTING_YEN),
        _say("check.first_ship"),
        _say("check.harbor_board"),
    ]
    if not config.horse_mackerel_from_start:
        each.insert(1, _say("check.mackerel_licence"))
    else:
        each.insert(1, _say("check.no_licence"))
    items.append(
        {"board": _say("check.board_player"), "ja": "各プレイヤー", "kind": "player", "lines": each}
    )
    items.append(
        {
            "board": _say("check.board_supply"),
            "ja": "共通サプライ",
            "kind": "supply",
            "lines": [_say("check.other_yen")],
        }
    )
    if "crash" in config.variants:
        items.append(
            {
                "board": _say("check.board_crash"),
                "ja": "暴落トークン",
                "kind": "variant",
                "lines": [_say("check.crash", count=CRASH_TOKENS)],
            }
        )
    money = _say("check.open_money" if config.money == "open" else "check.closed_money")
    items.append(
        {
            "board": _say("check.board_start"),
            "ja": "ゲーム開始前",
            "kind": "start",
            "lines": [
                _say("check.first_player", player=config.players[config.start_player]),
                money,
            ],
        }
    )
    for item in items:  # the market a board's item is about (its rules card), else None
        item.setdefault("market", None)
    return items


def render_checklist(items: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """:func:`checklist`'s items with their board and lines as sentences in ``lang`` (for
    JSON; a template renders them with ``msg``).

    >>> config = make_config(["Aiko", "Bo"], fish_markets=["mackerel", "eel", "squid",
    ...     "fugu"], external_markets=["ships", "bank", "rentals"], seed=1)
    >>> render_checklist(checklist(config), "ja")[-1]["lines"][0]
    'Aikoがスタートプレイヤー。時計回りに手番を進める'
    """
    return [
        {
            **item,
            "board": render(item["board"], lang)
            if isinstance(item["board"], Message)
            else item["board"],
            "lines": [render(line, lang) for line in item["lines"]],
        }
        for item in items
    ]


def _bag_line(bag: tuple[str, ...]) -> Message:
    counts: dict[str, int] = {}
    for code in bag:
        counts[code] = counts.get(code, 0) + 1
    parts = []
    for code, n in sorted(counts.items()):
        fish, _, value = code.partition(":")
        token = (
            Message("token.valued", {"fish": fish, "value": int(value)})
            if value
            else Message("token.name", {"fish": fish})
        )
        parts.append(Message("check.bag_item", {"count": n, "what": token}))
    return Message("check.list", {"items": parts})


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
