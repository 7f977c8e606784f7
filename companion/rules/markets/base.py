"""What every fish market does, and the defaults a market module overrides.

A market object answers the shared code's questions about one fish market — how it may
be entered, what its licences cost, what it buys and at what price, what docking its
barrels does, how a bought barrel gives its token, when it is Overfished — from the
numbers printed in the catalogue. Shared code never asks "which market is this?".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from ...engine.args import key_of
from ..args import NoFields, Sales, SoldBarrel
from ..cardlines import Line, counted, entries, line, named, per_p_line, unprinted
from ..catalogue import FISH_MARKETS, LICENSE_PAYOUT, LICENSE_SPACES, EntryOption, FishMarket
from ..errors import IllegalAction
from ..external_catalogue import AQUARIUM_PLACE_OF, AQUARIUM_PLACES
from ..fish import Fish, MarketValues
from ..ledger import Run, refuse
from ..messages import Message, known
from ..resources import FLAT_VALUES, resources_by_fish
from ..setup import GameConfig, board_figure
from ..table import ForSale, Table
from ..tokens import TokenSpec, stock_key


def whole(value: object, what: str, low: int = 1, high: int = 99, field: str | None = None) -> int:
    """A whole number ``low..high`` from the request (digits in a string accepted)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise refuse("bad_count", field or what, what=what, low=low, high=high)
    return value


def price_of(value: object, field: str) -> int:
    """A Harbor price: a whole multiple of ¥100, ¥0 allowed (AMB-03)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value % 100:
        raise refuse("bad_price", field, price=value)
    return value


class Market:
    """A fish market's rules; the default is a plain market (Mackerel-like numbers are
    read from the catalogue, nothing special)."""

    id: ClassVar[str]
    #: Its own visit fields besides entry, licenses, sell, as a frozen dataclass in its
    #: folder (issue #18 step 8): the edge validates a visit with them
    #: (web/turn_schemas.py), the visit reads them from the logged entry and hands them to
    #: :meth:`special`.
    fields: ClassVar[type[Any]] = NoFields
    #: Whether its barrels go for sale when unloaded (False: a docking auction instead).
    for_sale: ClassVar[bool] = True
    #: Where its sold tokens go: "market" (the bag for bag fish) or "box".
    sold_to: ClassVar[str] = "market"
    #: Whether a visit may also sell its barrels from the visitor's own Harbor
    #: (``sell_barrels``: Mackerel).
    buys_own_barrels: ClassVar[bool] = False
    #: Whether one visit may sell its tokens in several successive sales, each at the value
    #: the one before left (``{"swordfish": [2, 1]}``: Swordfish, AMB-46).
    successive_sales: ClassVar[bool] = False

    @property
    def data(self) -> FishMarket:
        return FISH_MARKETS[self.id]

    @property
    def visit_fields(self) -> tuple[str, ...]:
        """The names of its own visit fields (``fields``), as the JSON names them."""
        return tuple(key_of(f) for f in dataclasses.fields(self.fields))

    @property
    def numbers(self) -> Mapping[str, int]:
        return self.data.numbers

    # -- entry -------------------------------------------------------------------------------
    def entry_options(self, t: Table) -> tuple[EntryOption, ...]:
        """The printed options; for a board whose options are not in the sources
        (AMB-40), what the host entered as board numbers (``entry_ap``, ``entry_yen``)."""
        entered = t.config.board_numbers.get(self.id, {})
        extra = []
        if "entry_ap" in entered:
            extra.append(EntryOption("ap", int(entered["entry_ap"])))
        if "entry_yen" in entered:
            extra.append(EntryOption("yen", int(entered["entry_yen"])))
        return self.data.entry + tuple(extra)

    def refuse_entry(self, t: Table, seat: int) -> IllegalAction | None:
        """Why this player may not enter now (Sardine, Nori), or None."""
        return None

    # -- entering mid-game (rules/entering.py) ---------------------------------------------
    def licences_entering(self, config: GameConfig) -> int | None:
        """The licences on its board when it enters mid-game (``config``: the game's, with
        this market in play): as at the start."""
        return board_figure(config, self.id, "licenses")

    def brings_first(self, t: Table) -> str | None:
        """A board its Overfishing brings before the draw from the box (setup.md §7)."""
        return None

    def setup_beside(self) -> tuple[str, ...]:
        """The fish markets its setup lines are worked out beside, itself last (its
        lines depend on theirs: Mackerel's set-aside licences on Horse Mackerel)."""
        return (self.id,)

    def pays_license_holders(self) -> bool:
        return self.data.pays_license_holders

    # -- licences ----------------------------------------------------------------------------
    def licence_prices(self, t: Table, count: int) -> list[int] | None:
        """The price of each of ``count`` licences bought in one visit (None: not printed)."""
        price = self.data.license_price
        return None if price is None else [price] * count

    # -- sales -------------------------------------------------------------------------------
    def sell(self, run: Run, seat: int, sell: Sales, barrels: Sequence[SoldBarrel]) -> bool:
        """Sell tokens (and, at Mackerel, own barrels) to this market; True if anything was
        sold. The default market buys nothing."""
        if barrels:
            raise refuse("sell_barrels_only_mackerel", "sell_barrels")
        if sell:
            raise refuse("cannot_sell", "sell", market=self.id)
        return False

    def count_sold(self, sell: Mapping[str, object], key: str) -> int:
        """The count of one token key in ``sell``, after refusing any other key."""
        for other in sell:
            if other not in self.data.token_keys:
                raise refuse(
                    "sell_wrong_fish",
                    "sell",
                    market=self.id,
                    allowed=list(self.data.token_keys),
                    fish=other,
                )
        if key not in sell:
            return 0
        return whole(sell[key], f"sell.{key}", 0)

    def special(self, run: Run, seat: int, a: Any) -> bool:
        """This market's special interaction during a visit, given its own visit fields (an
        instance of ``fields``); True if it was used."""
        return False

    # -- fishing ---------------------------------------------------------------------------
    def catches(self) -> dict[str, int]:
        """What one use of this market's licence catches: fish market id → barrels."""
        return {self.id: 1}

    # -- docking -----------------------------------------------------------------------------
    def auction_barrels(self) -> int | None:
        """Barrels per docking auction (Spider Crab 2, Tuna 3, Swordfish 2), else None."""
        return self.numbers.get("auction_barrels")

    def unloaded(self, run: Run, seat: int, count: int, for_sale: int) -> None:
        """What unloading ``count`` of its barrels at your ports does besides the docking
        bonus (``for_sale`` of them placed on the upper row)."""

    def where_unloaded(self) -> str:
        """Where its unloaded barrels may go (for the refusal of an unplaced barrel)."""
        return "for_sale"

    # -- the Harbor board ------------------------------------------------------------------
    def degrades(self, item: ForSale) -> bool:
        """Whether this item leaves / moves down at the start of its owner's turn."""
        return True

    def bought(self, run: Run, buyer: int, item: ForSale, row: str, draws: list[str]) -> None:
        """A Purchasing action bought this item: the barrel goes back to its market (the
        box if Overfished) and the buyer takes one token of this fish."""
        run.barrels_back(self.id, 1)
        run.tokens_in(buyer, TokenSpec(self.data.token_keys[0], 1), "barrels")

    # -- tokens on the board -----------------------------------------------------------------
    def take_tokens(self, t: Table, spec: TokenSpec) -> Table:
        """Tokens leave this market's board (or the Auction bag) for a player or a lot."""
        key = stock_key(spec.key)
        stock = t.board_tokens.get(key)
        if stock is None:
            return t  # not known: the host did not enter this board's numbers
        if stock < spec.count:
            raise refuse("market_tokens_left", "count", market=self.id, left=stock, fish=spec.key)
        return replace(t, board_tokens={**t.board_tokens, key: stock - spec.count})

    def return_tokens(self, t: Table, spec: TokenSpec) -> Table:
        """Tokens come back to this market (AMB-18)."""
        key = stock_key(spec.key)
        stock = t.board_tokens.get(key)
        if stock is None:
            return t
        return replace(t, board_tokens={**t.board_tokens, key: stock + spec.count})

    def tokens_left(self, t: Table) -> int | None:
        """The tokens a player can still take from this market's board (or the Auction
        bag), one per barrel of a lot or a docking auction; None: not counted (the host
        did not enter the board's numbers), so never short."""
        return t.board_tokens.get(self.id)

    def tokens_exhausted(self, t: Table) -> bool:
        """All its tokens have left the market: Overfished (fish-markets.md §17)."""
        return t.board_tokens.get(self.id) == 0

    def on_overfished(self, t: Table) -> Table:
        """Effects of becoming Overfished on the holders (Horse Mackerel, Nori)."""
        return t

    # -- Resources ---------------------------------------------------------------------------
    def resources(self, fish: Fish, values: MarketValues, salmon_owned: int) -> int:
        """The Resources of one player's tokens of this market (turn-and-scoring.md §7)."""
        by_fish = resources_by_fish(fish, values, salmon_owned)
        return sum(by_fish.get(k, 0) for k in self.data.token_keys)

    # -- the setup checklist (rules/checklist.py) --------------------------------------------
    def setup_lines(self, config: GameConfig) -> list[Message]:
        """What goes on its board at the start, or when it enters mid-game (setup.md §1
        step 3, §3–§6), as the checklist's lines."""
        return [
            setup_count(board_figure(config, self.id, "licenses"), "check.licences"),
            setup_count(board_figure(config, self.id, "barrels"), "check.barrels"),
            self.setup_tokens(
                config, setup_count(board_figure(config, self.id, "tokens"), "check.tokens")
            ),
            *self.setup_more(config),
        ]

    def setup_tokens(self, config: GameConfig, tokens: Message) -> Message:
        """The checklist's line of its tokens (``tokens``: their count)."""
        if self.data.tokens_in_bag:
            return Message("check.into_bag", {"tokens": tokens})
        return tokens

    def setup_more(self, config: GameConfig) -> list[Message]:
        """Its own lines of the checklist, after its tokens'."""
        return []

    # -- its rules card (rules/rulecards.py) --------------------------------------------------
    def card_sections(self, config: GameConfig | None) -> dict[str, list[Line]]:
        """Its rules card's lines by section: what every fish market's card says, with the
        market's own lines where its hooks put them (``card_*``)."""
        m = self.data
        parts: dict[str, list[Line]] = {}
        parts["entry"] = entries(
            self, m.entry, not m.entry_complete, config, self.card_entry_printed()
        )
        if self.pays_license_holders():
            parts["entry"].append(line("rc.entry.payout", market=self.id, amount=LICENSE_PAYOUT))
        else:
            parts["entry"].append(line("rc.entry.no_payout", market=self.id))
        parts["entry"] += self.card_lines("entry", config)

        lic = parts["licences"] = self.card_licence_price()
        if m.max_licenses_per_player is not None:
            lic.append(line("rc.lic.per_player", count=m.max_licenses_per_player))
        elif m.licenses_per_visit is not None:
            lic.append(line("rc.lic.per_visit", count=m.licenses_per_visit))
        else:
            lic.append(line("rc.lic.any", count=LICENSE_SPACES))
        lic += self.card_lines("licences", config)
        lic.append(line("rc.lic.return"))

        st = parts["stock"] = []
        for what in ("barrels", "tokens", "licenses"):
            if what == "tokens" and m.tokens_in_bag:
                continue
            own = self.card_stock_figure(what, config)
            st += own if own is not None else self._stock_figure(what, config)
        st += self.card_lines("stock", config)

        parts["sells"] = self.card_sales() + self._aquarium_lines()

        sp = parts["special"] = []
        if self.buys_own_barrels:
            sp.append(line("rc.mackerel.own_barrels"))
        barrels = self.auction_barrels()
        if barrels is not None:
            source = "bag" if m.tokens_in_bag else "board"
            sp.append(line(f"rc.docking_auction.{source}", count=barrels, market=self.id))
        sp += self.card_lines("special", config)
        if not self.degrades(ForSale(self.id, 0)):
            sp.append(line("rc.never_degrades", fish=self.id))

        parts["resources"] = [
            line("rc.res.flat", fish=key, value=FLAT_VALUES[key])
            for key in m.token_keys
            if key in FLAT_VALUES
        ] + self.card_lines("resources", config)

        parts["overfished"] = [
            self.card_overfished_when(),
            line("rc.of.after"),
            *self.card_lines("overfished", config),
        ]
        return parts

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        """Its own lines of a section, after what every fish market's card says there (the
        licences' before "licences go back")."""
        return []

    def card_entry_printed(self) -> list[Line] | None:
        """Its own lines for the printed entry options (None: each option as printed)."""
        return None

    def card_licence_price(self) -> list[Line]:
        price = self.data.license_price
        if price == 0:
            return [line("rc.lic.free")]
        return [] if price is None else [line("rc.lic.price", amount=price)]

    def card_stock_figure(self, what: str, config: GameConfig | None) -> list[Line] | None:
        """Its own lines for one figure of the board (None: as printed per player count)."""
        return None

    def card_sales(self) -> list[Line]:
        """What it buys and pays."""
        return [line("rc.sell.none", market=self.id)]

    def card_overfished_when(self) -> Line:
        """When it becomes Overfished."""
        if self.data.tokens_in_bag:
            return line("rc.of.bag", "reading", "AMB-21")
        return line("rc.of.when")

    def _stock_figure(self, what: str, config: GameConfig | None) -> list[Line]:
        m = self.data
        formula = getattr(m, what)
        disputed = m.disputed.get(what)
        label = Message(f"rc.fig.{what}", {})
        if formula is None:
            value = board_figure(config, self.id, what) if config else None
            return [unprinted(label, value, config)]
        if config is not None and disputed:
            value = board_figure(config, self.id, what)
            return [
                line(
                    "rc.stock.disputed",
                    "reading",
                    disputed,
                    what=label,
                    count=counted(what, value),
                    players=config.player_count,
                )
            ]
        printed = per_p_line(what, formula, config)
        if not disputed:
            return [printed]
        return [
            Line(printed.message, "reading", (disputed,)),
            line("rc.salmon.disputed", "reading", disputed),
        ]

    def _aquarium_lines(self) -> list[Line]:
        """Where the Aquarium takes this fish's tokens, and for how much."""
        out = []
        for key in self.data.token_keys:
            place = AQUARIUM_PLACE_OF.get(key)
            if place is None:
                continue
            count, yen = AQUARIUM_PLACES[place]
            if place == key:
                out.append(line("rc.aquarium_place", fish=key, count=count, amount=yen))
            else:
                out.append(
                    line(
                        "rc.aquarium_shared", fish=key, place=named(place), count=count, amount=yen
                    )
                )
        return out


def setup_count(n: int | None, what: str) -> Message:
    """``3 licences``, or ``licences as printed on the board`` where the number is not
    known (AMB-40): a checklist line's count."""
    if n is None:
        return Message("check.unknown", {"what": Message(what, {"count": 2})})
    if known(f"{what}.n"):  # the count with its counter word: 漁業免許3枚, 樽15個
        return Message(f"{what}.n", {"count": n})
    return Message("check.count", {"count": n, "what": Message(what, {"count": n})})
