"""A rules card per market (issue #11): what the market costs to enter, what its licences
cost and how many one may take, what its board holds, what it buys and pays, its special
rules, its Resource rule, and the readings the app takes where the rulebooks are silent.

Every number on a card is read from the same catalogue and market modules the game runs
on (``catalogue``, ``markets``, ``markets.external``, ``resources``, ``scoring``,
``auctions``), never written here again, so the card and the game cannot disagree. A card
is made of :class:`Line` objects holding a :class:`~.messages.Message` (a code and its
values), rendered in the viewer's language by the edge.

``card(market)`` is the card for any game: figures that depend on the player count are
listed for 2–6 players, and figures the rulebooks do not print (AMB-40) say that the New
game page asks for them and this server remembers them. ``card(market, config)`` is the
card of one game: its player count, its variants and the board numbers its host entered
(public information: the same numbers stock the table screen).

>>> c = card("tuna")
>>> [s.id for s in c.sections]
['entry', 'licences', 'stock', 'sells', 'special', 'resources', 'overfished']
>>> from .messages import render
>>> render(c.section("licences").lines[0].message)
'¥1,000 per licence.'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from .auctions import OVERSEAS_CONVERSIONS, SWORDFISH_STEP
from .catalogue import (
    AP_PER_TURN,
    AQUARIUM_PLACE_OF,
    AQUARIUM_PLACES,
    AUCTION_MARKET_FEES,
    BOATS,
    CART_AP,
    EEL_START,
    EXTERNAL_FIGURES,
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    FISHING_AP,
    GOVERNMENT_PLACES,
    HIMONO_CATCHES,
    INFLUENCE_TOKEN_YEN,
    ITEM_USES,
    LICENSE_PAYOUT,
    LICENSE_SPACES,
    LOAN_YEN,
    MACKEREL_LICENSES_IN_BOX,
    NEW_AQUARIUM_FISH,
    OVERSEAS_ENTRY,
    PLAYER_COUNTS,
    RED_SNAPPER_GRID,
    RED_SNAPPER_TOKENS,
    RENTAL_ITEM_YEN,
    SAME_SHAPE,
    SHARE_YEN,
    SHIPS_SELL_PERCENT,
    SPIDER_CRAB_TOKENS,
    SUSHI_PRINTED_YEN,
    SUSHI_SIZES,
    SWORDFISH_START,
    TAKOYAKI_TOKENS,
    TRACK_MAX,
    TRACK_MIN,
    TRADING_PLACES,
    TUNA_TOKENS,
    EntryOption,
    boat_rent_price,
    mackerel_licenses,
    sardine_license_price,
    ships_board,
    ships_buy_price,
    ships_sell_price,
    used_buy_price,
    used_sell_price,
)
from .fish import Fish
from .markets import MARKETS
from .markets.external import EXTERNAL
from .messages import Message, known
from .resources import (
    DEGRADED_SALMON_VALUE,
    FLAT_VALUES,
    OVERFISHED_RED_SNAPPER_VALUE,
    fugu_resources,
    nori_value,
    red_snapper_value,
)
from .scoring import LOAN_INTEREST, LOAN_PRINCIPAL, overfishing_step
from .setup import GameConfig, board_figure
from .table import ForSale, initial_table

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


@dataclass(frozen=True)
class RuleCard:
    market: str
    kind: Literal["fish", "external"]
    expansion: bool
    #: The game's player count, or None for the card of any game.
    players: int | None
    sections: tuple[Section, ...]

    @property
    def title(self) -> Message:
        return Message("rc.title", {"market": self.market})

    @property
    def summary(self) -> Message:
        kind = f"rc.kind.{self.kind}_{'expansion' if self.expansion else 'base'}"
        return Message(kind, {})

    def section(self, sid: str) -> Section:
        for s in self.sections:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def lines(self) -> Iterator[Line]:
        for s in self.sections:
            yield from s.lines

    @property
    def readings(self) -> tuple[str, ...]:
        """Every reading the card cites, in id order."""
        found = {r for line in self.lines() for r in line.readings}
        return tuple(sorted(found, key=_reading_order))


def _reading_order(rid: str) -> tuple[str, int]:
    prefix, _, number = rid.rpartition("-")
    return prefix, int(number) if number.isdigit() else 0


def market_ids() -> tuple[str, ...]:
    """Every market with a card: the 15 fish markets, then the 15 external markets."""
    return (*FISH_MARKETS, *EXTERNAL_MARKETS)


def kind_of(market: str) -> Literal["fish", "external"] | None:
    if market in FISH_MARKETS:
        return "fish"
    if market in EXTERNAL_MARKETS:
        return "external"
    return None


def card(market: str, config: GameConfig | None = None) -> RuleCard:
    """The rules card of a market; with a game's config, that game's numbers.

    Raises ``KeyError`` for an id that is no market."""
    kind = kind_of(market)
    if kind is None:
        raise KeyError(market)
    if kind == "fish":
        expansion, sections = FISH_MARKETS[market].expansion, _fish_card(market, config)
    else:
        expansion, sections = EXTERNAL_MARKETS[market].expansion, _external_card(market, config)
    return RuleCard(market, kind, expansion, config.player_count if config else None, sections)


# -- small builders ------------------------------------------------------------------------------


def _l(code: str, source: Source = "printed", *readings: str, **values: object) -> Line:
    return Line(Message(code, values), source, readings)


def _sections(parts: dict[str, list[Line]]) -> tuple[Section, ...]:
    return tuple(Section(sid, tuple(parts[sid])) for sid in SECTIONS if parts.get(sid))


def _n(what: str, n: int | None) -> Message | int | None:
    """A figure with its counter where the language has one (issue #21: 「漁業免許：3枚」,
    「ローン：3枚」, 「樽：2人で4個」 in Japanese; the bare number in English)."""
    code = f"rc.n.{what}"
    return Message(code, {"count": n}) if n is not None and known(code) else n


def _per_p_line(what: str, values: tuple[int, ...], config: GameConfig | None) -> Line:
    """A figure printed per player count: this game's, or every count's."""
    label = Message(f"rc.fig.{what}", {})
    if config is not None:
        n = values[config.player_count - PLAYER_COUNTS[0]]
        return _l("rc.stock.game", what=label, count=_n(what, n), players=config.player_count)
    if len(set(values)) == 1:
        return _l("rc.stock.same", what=label, count=_n(what, values[0]))
    counts = [
        Message("rc.p_count", {"players": p, "count": _n(what, n)})
        for p, n in zip(PLAYER_COUNTS, values, strict=True)
    ]
    return _l("rc.stock.per_p", what=label, counts=counts)


def _unprinted(what: Message, value: int | None, config: GameConfig | None) -> Line:
    """A figure the rulebooks do not print (AMB-40): asked at setup; this game's entry."""
    if config is None:
        return _l("rc.asked", "asked", "AMB-40", what=what)
    if value is None:
        return _l("rc.not_entered", "unknown", "AMB-40", TC03, what=what)
    figure = what.code.removeprefix("rc.fig.")
    return _l("rc.entered", "entered", "AMB-40", what=what, count=_n(figure, value))


def _unprinted_yen(what: Message, value: int | None, config: GameConfig | None) -> Line:
    if config is None or value is None:
        return _unprinted(what, value, config)
    return _l("rc.entered_yen", "entered", "AMB-40", what=what, amount=value)


TC03 = "TC-03"


def _name(key: str) -> Message:
    """A fish or market id as a value that is not an id placeholder (named all the same)."""
    return Message("ext.token", {"fish": key})


def _entry_option(opt: EntryOption, market: str) -> Line:
    if opt.kind == "ap":
        return _l("rc.entry.ap", count=opt.amount)
    if opt.kind == "yen":
        return _l("rc.entry.yen", amount=opt.amount)
    if opt.kind == "token" and opt.what == "any":
        return _l("rc.entry.any_token", "reading", "AMB-18", "AMB-19", "AMB-36")
    if opt.kind == "token":
        return _l("rc.entry.token", "reading", "AMB-18", fish=opt.what, market=market)
    if opt.kind == "barrel" and opt.what == "any":
        return _l("rc.entry.any_barrel")
    if opt.kind == "barrel":
        return _l("rc.entry.barrel", market=market)
    return _l("rc.entry.free")


def _entries(market: str, config: GameConfig | None) -> list[Line]:
    """The entry options: those printed, then those the host entered (AMB-40)."""
    obj = MARKETS.get(market) or EXTERNAL.get(market)
    printed = (
        FISH_MARKETS[market].entry if market in FISH_MARKETS else EXTERNAL_MARKETS[market].entry
    )
    lines: list[Line] = []
    if market == "rentals":
        return [_l("rc.entry.rentals", "reading", "AMB-29", amount=RENTAL_ITEM_YEN)]
    if market in ("horse_mackerel", "nori"):
        lines.append(_l("rc.entry.free", "reading", "AMB-39"))
    else:
        lines += [_entry_option(o, market) for o in printed]
    complete = FISH_MARKETS[market].entry_complete if market in FISH_MARKETS else True
    asks = not complete or "entry_ap" in EXTERNAL_FIGURES.get(market, ())
    if asks:
        if config is None or obj is None:
            lines.append(_l("rc.entry.asked", "asked", "AMB-40"))
        else:
            options = obj.entry_options(initial_table(config))
            extra = options[len(printed) :]
            for o in extra:
                line = _entry_option(o, market)
                lines.append(Line(line.message, "entered", ("AMB-40",)))
            if not extra:
                lines.append(_l("rc.entry.not_entered", "unknown", "AMB-40"))
    if any(o.kind == "ap" for o in printed) or asks:
        lines.append(_l("rc.entry.cart", "reading", "AMB-30", count=CART_AP, ap=AP_PER_TURN))
    return lines


def _aquarium_line(market: str) -> list[Line]:
    """Where the Aquarium takes this fish's tokens, and for how much."""
    out = []
    for key in FISH_MARKETS[market].token_keys:
        place = AQUARIUM_PLACE_OF.get(key)
        if place is None:
            continue
        count, yen = AQUARIUM_PLACES[place]
        if place == key:
            out.append(_l("rc.aquarium_place", fish=key, count=count, amount=yen))
        else:
            out.append(
                _l("rc.aquarium_shared", fish=key, place=_name(place), count=count, amount=yen)
            )
    return out


# -- fish markets --------------------------------------------------------------------------------


def _fish_card(market: str, config: GameConfig | None) -> tuple[Section, ...]:
    m = FISH_MARKETS[market]
    rules = MARKETS[market]
    n = m.numbers
    parts: dict[str, list[Line]] = {k: [] for k in SECTIONS}

    # -- entry
    parts["entry"] = _entries(market, config)
    if rules.pays_license_holders():
        parts["entry"].append(_l("rc.entry.payout", market=market, amount=LICENSE_PAYOUT))
    else:
        parts["entry"].append(_l("rc.entry.no_payout", market=market))
    if market == "sardine":
        parts["entry"].append(_l("rc.sardine.no_entry"))
    if market == "nori":
        parts["entry"].append(_l("rc.nori.entry", "reading", "AMB-37"))

    # -- licences
    lic = parts["licences"]
    if market == "sardine":
        lic.append(
            _l(
                "rc.lic.sardine",
                first=sardine_license_price(2),
                last=sardine_license_price(1),
                both=sardine_license_price(2) + sardine_license_price(1),
            )
        )
    elif m.license_price == 0:
        lic.append(_l("rc.lic.free"))
    elif m.license_price is not None:
        lic.append(_l("rc.lic.price", amount=m.license_price))
    if m.max_licenses_per_player is not None:
        lic.append(_l("rc.lic.per_player", count=m.max_licenses_per_player))
    elif m.licenses_per_visit is not None:
        lic.append(_l("rc.lic.per_visit", count=m.licenses_per_visit))
    else:
        lic.append(_l("rc.lic.any", count=LICENSE_SPACES))
    if market == "fugu":
        lic.append(_l("rc.fugu.licence_back"))
    lic.append(_l("rc.lic.return"))

    # -- stock
    st = parts["stock"]
    for what in ("barrels", "tokens", "licenses"):
        if what == "tokens" and m.tokens_in_bag:
            continue
        if market == "mackerel" and what == "licenses":
            st.extend(_mackerel_licences(config))
            continue
        if market == "red_snapper" and what == "tokens":
            st.append(_l("rc.red_snapper.grid_tokens", count=RED_SNAPPER_TOKENS))
            continue
        formula = getattr(m, what)
        disputed = m.disputed.get(what)
        if formula is None:
            value = board_figure(config, market, what) if config else None
            st.append(_unprinted(Message(f"rc.fig.{what}", {}), value, config))
        elif config is not None and disputed:
            value = board_figure(config, market, what)
            st.append(
                _l(
                    "rc.stock.disputed",
                    "reading",
                    disputed,
                    what=Message(f"rc.fig.{what}", {}),
                    count=_n(what, value),
                    players=config.player_count,
                )
            )
        else:
            line = _per_p_line(what, formula, config)
            if disputed:
                line = Line(line.message, "reading", (disputed,))
            st.append(line)
            if disputed:
                st.append(_l("rc.salmon.disputed", "reading", disputed))
    if market == "spider_crab":
        st.append(_l("rc.bag", market=market, values=list(SPIDER_CRAB_TOKENS)))
    if market == "tuna":
        st.append(_l("rc.bag", market=market, values=list(TUNA_TOKENS)))
    if market == "clams_oysters":
        for what in ("clams", "oysters"):
            value = (config.board_numbers.get(market, {}).get(what)) if config else None
            st.append(_unprinted(Message(f"rc.fig.{what}", {}), value, config))
    if market == "octopus":
        st.append(_l("rc.octopus.takoyaki_stock", count=TAKOYAKI_TOKENS))
    if market == "eel":
        st.append(
            _l("rc.track_start", market=market, value=EEL_START, low=TRACK_MIN, high=TRACK_MAX)
        )
    if market == "swordfish":
        st.append(
            _l(
                "rc.track_start",
                market=market,
                value=SWORDFISH_START,
                low=TRACK_MIN,
                high=TRACK_MAX,
            )
        )
    if market == "sardine":
        st.append(_l("rc.sardine.canned_empty"))

    # -- sells
    sl = parts["sells"]
    sl.extend(_fish_sales(market))
    sl.extend(_aquarium_line(market))

    # -- special
    parts["special"] = _fish_special(market, config)

    # -- resources
    parts["resources"] = _fish_resources(market)

    # -- Overfished
    of = parts["overfished"]
    if market == "octopus":
        of.append(_l("rc.of.octopus"))
    elif m.tokens_in_bag:
        of.append(_l("rc.of.bag", "reading", "AMB-21"))
    elif market == "sardine":
        of.append(_l("rc.of.sardine", "reading", "AMB-22"))
    else:
        of.append(_l("rc.of.when"))
    of.append(_l("rc.of.after"))
    if market == "red_snapper":
        of.append(_l("rc.of.red_snapper", "reading", "AMB-10", value=OVERFISHED_RED_SNAPPER_VALUE))
    if market == "horse_mackerel":
        of.append(_l("rc.of.horse_mackerel", amount=n["overfished_bonus"]))
    if market == "nori":
        of.append(_l("rc.of.nori", "reading", "AMB-44", amount=n["overfished_penalty"]))
    return _sections(parts)


def _mackerel_licences(config: GameConfig | None) -> list[Line]:
    label = Message("rc.fig.licenses", {})
    if config is not None:
        set_aside = not config.horse_mackerel_from_start
        count = mackerel_licenses(config.player_count, set_aside)
        code = "rc.mackerel.licences_game" if set_aside else "rc.mackerel.licences_game_hm"
        return [
            _l(code, "printed", "AMB-17", count=_n("licenses", count), players=config.player_count)
        ]
    normal = [mackerel_licenses(p) for p in PLAYER_COUNTS]
    without = [mackerel_licenses(p, set_aside=False) for p in PLAYER_COUNTS]
    return [
        _l(
            "rc.mackerel.licences",
            box=MACKEREL_LICENSES_IN_BOX,
            counts=[
                Message("rc.p_count", {"players": p, "count": _n("licenses", c)})
                for p, c in zip(PLAYER_COUNTS, normal, strict=True)
            ],
        ),
        _l(
            "rc.mackerel.licences_hm",
            "printed",
            "AMB-17",
            what=label,
            counts=[
                Message("rc.p_count", {"players": p, "count": _n("licenses", c)})
                for p, c in zip(PLAYER_COUNTS, without, strict=True)
            ],
        ),
    ]


def _fish_sales(market: str) -> list[Line]:
    m = FISH_MARKETS[market]
    n = m.numbers
    if market == "mackerel":
        return [
            _l("rc.sell.mackerel", "printed", "AMB-16", amount=n["sale_yen"], per=n["sale_items"])
        ]
    if market == "eel":
        return [
            _l("rc.sell.eel", amount=n["sale_yen"], drop=n["track_per_token_sold"]),
            _l(
                "rc.sell.eel_example",
                value=6,
                count=2,
                amount=n["sale_yen"] * 2 * 6,
                after=max(TRACK_MIN, 6 - n["track_per_token_sold"] * 2),
            ),
        ]
    if market == "fugu":
        return [
            _l("rc.sell.fugu", "reading", "AMB-12", amount=n["sale_yen"]),
            _l("rc.sell.fugu_example", count=4, amount=n["sale_yen"] * 4 * 4),
        ]
    if market == "spider_crab":
        return [_l("rc.sell.spider_crab", amount=n["sale_yen"], bonus=n["sale_bonus"])]
    if market == "squid":
        return [_l("rc.sell.per_token", fish=market, amount=n["sale_yen"])]
    if market == "tuna":
        return [_l("rc.sell.tuna", amount=n["sale_yen"])]
    if market == "clams_oysters":
        return [_l("rc.sell.clams_oysters", amount=n["set_yen"])]
    if market == "swordfish":
        return [
            _l(
                "rc.sell.swordfish",
                "reading",
                "AMB-46",
                amount=n["sale_yen"],
                bonus=n["visit_bonus"],
                drop=n["track_per_token_sold"],
            )
        ]
    lines = [_l("rc.sell.none", market=market)]
    if market == "octopus":
        lines.append(_l("rc.octopus.trade", count=n["takoyaki_per_octopus"]))
    if market == "sardine":
        lines.append(_l("rc.sardine.cans", amount=n["can_yen"]))
    return lines


def _fish_special(market: str, config: GameConfig | None) -> list[Line]:
    n = FISH_MARKETS[market].numbers
    rules = MARKETS[market]
    out: list[Line] = []
    if rules.buys_own_barrels:
        out.append(_l("rc.mackerel.own_barrels"))
    if market == "eel":
        out.append(_l("rc.eel.up", count=n["track_per_barrel_for_sale"]))
        out.append(_l("rc.track_clamp", "reading", "AMB-09", low=TRACK_MIN, high=TRACK_MAX))
    if market == "fugu":
        out.append(_l("rc.fugu.self_buy", "reading", "AMB-05"))
    if market == "octopus":
        out.append(_l("rc.octopus.takoyaki"))
    if market == "red_snapper":
        out.append(_l("rc.red_snapper.grid", numbers=list(RED_SNAPPER_GRID)))
    if market == "salmon":
        out.append(_l("rc.salmon.sides"))
        out.append(_l("rc.salmon.boat"))
    barrels = rules.auction_barrels()
    if barrels is not None:
        source = "board" if market == "swordfish" else "bag"
        out.append(_l(f"rc.docking_auction.{source}", count=barrels, market=market))
    if market == "swordfish":
        out.append(
            _l("rc.swordfish.marker", "reading", "AMB-47", step=SWORDFISH_STEP, yen=n["sale_yen"])
        )
        out.append(_l("rc.track_clamp", "reading", "AMB-09", low=TRACK_MIN, high=TRACK_MAX))
    if market == "clams_oysters":
        out.append(_l("rc.clams_oysters.draw", "reading", "AMB-48", amount=n["oyster_bonus"]))
    if market == "himono":
        out.append(_l("rc.himono.catch", fishes=list(HIMONO_CATCHES)))
        out.append(_l("rc.himono.at_sea", count=n["at_sea_per_licence"]))
        out.append(
            _l("rc.himono.dock", "reading", "AMB-15", "AMB-41", count=n["items_per_licence"])
        )
        out.append(_l("rc.himono.load", fishes=list(HIMONO_CATCHES)))
        out.append(
            _l(
                "rc.himono.convert",
                "reading",
                "AMB-42",
                count=n["items_per_barrel"],
                barrels=n["barrels_per_conversion"],
            )
        )
    if market == "horse_mackerel":
        out.append(
            _l("rc.horse_mackerel.catch", "reading", "AMB-43", count=n["mackerel_per_licence"])
        )
        out.append(_l("rc.horse_mackerel.start", "printed", "AMB-17"))
    if market == "sardine":
        out.append(_l("rc.sardine.dock", "reading", "AMB-22", count=n["tokens_per_barrel"]))
    if not rules.degrades(ForSale(market, 0)):
        out.append(_l("rc.never_degrades", fish=market))
    return out


def _fish_resources(market: str) -> list[Line]:
    keys = FISH_MARKETS[market].token_keys
    out: list[Line] = []
    for key in keys:
        if key in FLAT_VALUES:
            out.append(_l("rc.res.flat", fish=key, value=FLAT_VALUES[key]))
    if market in ("eel", "swordfish"):
        out.append(_l("rc.res.track", market=market))
    if market == "fugu":
        out.append(_l("rc.res.fugu", "reading", "AMB-13", example=fugu_resources(3)))
    if market == "red_snapper":
        out.append(
            _l(
                "rc.res.red_snapper",
                "reading",
                "AMB-10",
                start=red_snapper_value(RED_SNAPPER_TOKENS),
                example=red_snapper_value(12),
            )
        )
    if market == "salmon":
        out.append(_l("rc.res.salmon", "reading", "AMB-14", value=DEGRADED_SALMON_VALUE))
    if market in ("spider_crab", "tuna"):
        values = SPIDER_CRAB_TOKENS if market == "spider_crab" else TUNA_TOKENS
        out.append(_l("rc.res.printed", fish=market, values=sorted(set(values))))
    if market == "nori":
        out.append(_l("rc.res.nori", "reading", "AMB-45", example=nori_value(38)))
    if market == "octopus":
        out.append(_l("rc.res.takoyaki_for_sale", "reading", "AMB-06"))
    if market == "himono":
        out.append(_l("rc.res.himono_items", "reading", "AMB-06"))
    return out


# -- external markets ----------------------------------------------------------------------------


def _external_card(market: str, config: GameConfig | None) -> tuple[Section, ...]:
    e = EXTERNAL_MARKETS[market]
    parts: dict[str, list[Line]] = {k: [] for k in SECTIONS}
    entry = parts["entry"]
    if market == "overfishing":
        entry.append(_l("rc.entry.cannot"))
    elif market == "overseas":
        entry.append(
            _l("rc.overseas.entry", "reading", "TC-06", amount=OVERSEAS_ENTRY, ap=FISHING_AP)
        )
    else:
        entry.extend(_entries(market, config))
    if market == "government":
        entry.append(_l("rc.government.full", "reading", "AMB-37"))
    if market == "used_ships":
        entry.append(_l("rc.used_ships.final", "reading", "AMB-32"))
    if e.min_players > PLAYER_COUNTS[0]:
        entry.append(_l("rc.entry.min_players", count=e.min_players))
    if market not in ("overfishing",):
        entry.append(_l("rc.entry.ext_no_payout"))
    parts["stock"] = _external_stock(market, config)
    parts["sells"] = _external_money(market, config)
    parts["special"] = _external_special(market)
    parts["resources"] = _external_resources(market)
    if e.crash_side is not None:
        parts["crash"] = [
            _l(f"rc.crash.{market}"),
            _l(f"rc.crash.side_{e.crash_side}"),
        ]
    elif market != "overfishing":
        parts["crash"] = [_l("rc.crash.never")]
    return _sections(parts)


def _external_stock(market: str, config: GameConfig | None) -> list[Line]:
    e = EXTERNAL_MARKETS[market]
    out: list[Line] = []
    for item, count in e.stock.items():
        what = Message(f"rc.fig.{item}", {})
        out.append(_l("rc.stock.item", what=what, count=_n(item, count)))
    if market == "ships":
        variants = config.variants if config else ()
        if config is not None:
            for kind, count in ships_board(config.player_count, variants).items():
                if count:
                    out.append(_l("rc.ships.board_game", kind=kind, count=_n("boats", count)))
        else:
            for kind in ships_board(PLAYER_COUNTS[0]):
                values = tuple(ships_board(p)[kind] for p in PLAYER_COUNTS)
                counts = [
                    Message("rc.p_count", {"players": p, "count": _n("boats", c)})
                    for p, c in zip(PLAYER_COUNTS, values, strict=True)
                ]
                if len(set(values)) == 1:
                    out.append(_l("rc.ships.board_same", kind=kind, count=_n("boats", values[0])))
                else:
                    out.append(_l("rc.ships.board_per_p", kind=kind, counts=counts))
            out.append(_l("rc.ships.expansion_boats"))
    if market == "used_ships":
        out.append(_l("rc.used_ships.empty"))
    if market == "aquarium":
        out.append(_l("rc.places", count=sum(c for c, _ in AQUARIUM_PLACES.values())))
    if market == "government":
        out.append(_l("rc.places", count=sum(c for c, _ in GOVERNMENT_PLACES.values())))
    if market == "trading":
        out.append(_l("rc.places", count=len(TRADING_PLACES)))
    if market == "sushi":
        out.append(
            _l("rc.sushi.places", "reading", "AMB-55", low=SUSHI_SIZES[0], high=SUSHI_SIZES[-1])
        )
    return out


def _boat_kinds(config: GameConfig | None) -> list[str]:
    if config is not None and not config.expansion:
        return [k for k, b in BOATS.items() if not b.expansion]
    return list(BOATS)


def _external_money(market: str, config: GameConfig | None) -> list[Line]:
    out: list[Line] = []
    entered = config.board_numbers.get(market, {}) if config else {}
    if market == "ships":
        for kind in _boat_kinds(config):
            b = BOATS[kind]
            code = "rc.ships.blue" if b.trade_in else "rc.ships.boat"
            out.append(_l(code, kind=kind, buy=ships_buy_price(kind), sell=ships_sell_price(kind)))
        out.append(_l("rc.ships.sell_rule", "reading", "AMB-31", percent=SHIPS_SELL_PERCENT))
    elif market == "used_ships":
        for kind in _boat_kinds(config):
            b = BOATS[kind]
            code = "rc.used_ships.blue" if b.trade_in else "rc.used_ships.boat"
            out.append(_l(code, kind=kind, buy=used_buy_price(kind), sell=used_sell_price(kind)))
    elif market == "boat_rentals":
        for kind in _boat_kinds(config):
            price = boat_rent_price(kind)
            if price is None:
                out.append(_l("rc.boat_rentals.not", kind=kind))
            else:
                out.append(_l("rc.boat_rentals.boat", kind=kind, amount=price))
    elif market == "aquarium":
        for fish, (count, yen) in AQUARIUM_PLACES.items():
            out.append(_l("rc.aquarium.place", fish=fish, count=count, amount=yen))
        shared = [k for k, p in AQUARIUM_PLACE_OF.items() if k != p]
        for key in shared:
            out.append(_l("rc.aquarium.shared", fish=key, place=_name(AQUARIUM_PLACE_OF[key])))
        out.append(_l("rc.aquarium.total", amount=sum(c * y for c, y in AQUARIUM_PLACES.values())))
    elif market == "new_aquarium":
        for fish in NEW_AQUARIUM_FISH:
            if fish == "clams_oysters":
                out.append(
                    _unprinted_yen(
                        Message("rc.fig.na_clams", {}), entered.get(f"{fish}_yen"), config
                    )
                )
                continue
            size, price = entered.get(fish), entered.get(f"{fish}_yen")
            if config is not None and size is not None and price is not None:
                out.append(
                    _l(
                        "rc.new_aquarium.place",
                        "entered",
                        "AMB-40",
                        fish=fish,
                        count=size,
                        amount=price,
                    )
                )
            else:
                out.append(_unprinted(Message("rc.fig.na_place", {"fish": fish}), None, config))
    elif market == "government":
        for side, (count, yen) in GOVERNMENT_PLACES.items():
            out.append(_l(f"rc.government.{side}", count=count, amount=yen))
        out.append(
            _l("rc.government.total", amount=sum(c * y for c, y in GOVERNMENT_PLACES.values()))
        )
    elif market == "trading":
        for at_least, yen in TRADING_PLACES.items():
            out.append(_l("rc.trading.place", at_least=at_least, amount=yen))
        out.append(_l("rc.trading.total", amount=sum(TRADING_PLACES.values())))
    elif market == "bank":
        out.append(_l("rc.bank.loan", amount=LOAN_YEN))
        out.append(_l("rc.bank.share", amount=SHARE_YEN))
        out.append(
            _l(
                "rc.bank.repay",
                principal=LOAN_PRINCIPAL,
                interest=LOAN_INTEREST,
                amount=LOAN_PRINCIPAL + LOAN_INTEREST,
            )
        )
        out.append(_l("rc.bank.interest", "reading", "AMB-34"))
    elif market == "rentals":
        out.append(_l("rc.rentals.price", amount=RENTAL_ITEM_YEN))
    elif market == "influence":
        out.append(_l("rc.influence.price", amount=INFLUENCE_TOKEN_YEN))
    elif market == "sushi":
        for size in SUSHI_SIZES:
            printed = SUSHI_PRINTED_YEN.get(size)
            if printed is not None:
                out.append(_l("rc.sushi.place", size=size, amount=printed))
            else:
                value = entered.get(f"yen_{size}")
                what = Message("rc.fig.sushi_place", {"size": size})
                out.append(_unprinted_yen(what, value, config))
    elif market == "auction":
        for at_least, fee in AUCTION_MARKET_FEES:
            out.append(_l("rc.auction.fee", at_least=at_least, amount=fee))
        out.append(_l("rc.auction.result"))
    elif market == "barter":
        out.append(_l("rc.barter.result"))
    elif market == "overseas":
        out.append(_l("rc.overseas.result"))
    elif market == "overfishing":
        step = overfishing_step(Fish(mackerel=1), frozenset())
        out.append(_l("rc.overfishing.step", "reading", "AMB-38", amount=step))
    return out


def _external_special(market: str) -> list[Line]:
    out: list[Line] = []
    if market == "ships":
        out.append(_l("rc.ships.port"))
        out.append(_l("rc.ships.blue_trade_in", "reading", "AMB-52"))
    if market == "bank":
        out.append(_l("rc.bank.never_both"))
        out.append(_l("rc.bank.no_space"))
    if market == "rentals":
        out.append(_l("rc.rentals.uses", count=ITEM_USES))
        out.append(_l("rc.rentals.freezer"))
        out.append(_l("rc.rentals.cart", "reading", "AMB-30", count=CART_AP))
    if market in ("aquarium", "new_aquarium", "government", "sushi"):
        out.append(_l("rc.places_stay"))
    if market == "new_aquarium":
        out.append(_l("rc.new_aquarium.pair", "reading", "AMB-51"))
    if market == "trading":
        out.append(_l("rc.trading.swap", "reading", "AMB-35"))
    if market == "auction":
        out.append(_l("rc.auction.tie", "reading", "AMB-24", "AMB-26"))
    if market in ("auction", "barter"):
        out.append(_l("rc.lot.sealed", "reading", "AMB-02"))
    if market == "overseas":
        for fish, count in OVERSEAS_CONVERSIONS.items():
            source = "board" if fish == "swordfish" else "bag"
            out.append(_l(f"rc.overseas.convert_{source}", count=count, market=fish))
        eel = FISH_MARKETS["eel"].numbers["track_per_barrel_for_sale"]
        out.append(_l("rc.overseas.eel", "reading", "AMB-49", count=eel))
        out.append(_l("rc.overseas.bids", "reading", "AMB-49"))
        out.append(_l("rc.overseas.no_bonus"))
    if market == "influence":
        out.append(_l("rc.influence.buyer", "reading", "AMB-50"))
        out.append(_l("rc.influence.expansion", "reading", "AMB-23", "AMB-51"))
    if market == "boat_rentals":
        out.append(_l("rc.boat_rentals.voyage"))
        out.append(_l("rc.boat_rentals.not_yours", "reading", "AMB-54"))
    if market == "sushi":
        out.append(
            _l(
                "rc.sushi.shapes",
                "reading",
                "AMB-55",
                pairs=[
                    Message("rc.same_shape", {"fish": a, "other": _name(b)})
                    for a, b in SAME_SHAPE.items()
                ],
            )
        )
    if market == "overfishing":
        out.append(_l("rc.overfishing.when"))
    return out


def _external_resources(market: str) -> list[Line]:
    if market in ("aquarium", "new_aquarium", "government", "sushi"):
        return [_l("rc.res.places")]
    if market == "trading":
        return [_l("rc.res.trading", "reading", "AMB-13", "AMB-14")]
    if market == "auction":
        low = AUCTION_MARKET_FEES[-1][0]
        return [_l("rc.res.auction", "reading", "AMB-25", count=low)]
    if market == "barter":
        return [_l("rc.res.barter")]
    if market == "overfishing":
        return [_l("rc.res.overfishing", "reading", "AMB-38")]
    return [_l("rc.res.none")]
