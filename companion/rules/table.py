"""The state of a tracked game: what a fold over the event log produces.

Immutable: every move returns a new :class:`Table`, so undo is just "fold without it".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .catalogue import (
    FISH_MARKETS,
    LICENSE_SPACES,
    RED_SNAPPER_TOKENS,
    STARTING_YEN,
    TAKOYAKI_TOKENS,
)
from .endgame import EndCheck
from .errors import IllegalAction
from .external_catalogue import STARTING_BOAT, table_stock
from .fish import Fish, MarketValues
from .messages import Message
from .resources import table_resources
from .scoring import Player, Report, score
from .setup import GameConfig, bag_contents, board_figure

#: Things that occupy a License space besides Fishing Licences.
SPACE_ITEMS: dict[str, str] = {"freezer": "Freezer", "cart": "Cart", "buyer_token": "Buyer token"}
ROWS = ("upper", "lower")


@dataclass(frozen=True)
class ForSale:
    """One thing for sale on a Harbor board at the price its owner set: a barrel (``fish``
    is its fish market id, ``himono`` for a Himono barrel) or a Takoyaki (``takoyaki``)."""

    fish: str
    price: int

    def to_json(self) -> dict[str, object]:
        return {"fish": self.fish, "price": self.price}


@dataclass(frozen=True)
class HimonoItem:
    """One item on a Himono licence: a barrel (caught under it and docked, or loaded from
    the Harbor) or a token (loaded from the player's own), of ``fish`` (a market id:
    ``mackerel``, ``horse_mackerel``, ``sardine``, or ``himono`` for a Himono barrel caught
    under the licence). It goes back to that market at the conversion or when the licence
    is given up (fish-markets.md §12)."""

    fish: str
    barrel: bool

    def to_json(self) -> dict[str, object]:
        return {"fish": self.fish, "barrel": self.barrel}


@dataclass(frozen=True)
class HimonoLicence:
    """One Himono licence's state: the items on it (at most 2), and how many barrels caught
    under it are still at sea (at most 2; at 2 it lies face down, red ✕, and catches
    nothing until one of them is unloaded or discarded)."""

    items: tuple[HimonoItem, ...] = ()
    at_sea: int = 0

    def sort_key(self) -> tuple[int, int, tuple[tuple[str, bool], ...]]:
        return (-len(self.items), -self.at_sea, tuple((x.fish, x.barrel) for x in self.items))


@dataclass(frozen=True)
class QueuedAuction:
    """A docking auction a Fishing action triggered that opens when the one before it
    settles (flows.md: Spider Crab, then Tuna, then Swordfish), with its drawn token."""

    id: str
    kind: str
    owner: int
    drawn: str
    #: An Overseas lot docked in a Fishing action (flows.md, "The fleet, boat by boat"):
    #: its barrels, the tokens drawn for its conversions, and its ¥100 already paid.
    barrels: tuple[tuple[str, int], ...] = ()
    codes: tuple[str, ...] = ()
    paid: bool = False


@dataclass(frozen=True)
class Arrival:
    """A board that came out of the box during the game (setup.md §7), or a draw that found
    the box empty (``market`` None, AMB-23): at the action with index ``at`` (the table's
    ``actions`` before it), because ``trigger`` was Overfished (``cause`` "overfished";
    "mackerel": Mackerel entering first for an Overfished Horse Mackerel), crashed
    ("crash"), or an Expansion token was spent ("expansion"); ``kind`` "fish" or
    "external"."""

    at: int
    kind: str
    market: str | None
    cause: str
    trigger: str | None = None


@dataclass(frozen=True)
class Crash:
    """An external market that crashed (crash variant, external-markets.md §18): the crash
    token on it shows ``side`` "crashed" (still open) or "closed"; at the action ``at``."""

    market: str
    side: str
    at: int


#: Where a boat lies: a port place of the Harbor board ("leftmost", "1", "2"), at sea, or
#: docked at the Overseas market (Expansion).
PORT_PLACES = ("leftmost", "1", "2")
SEA = "sea"
OVERSEAS = "overseas"


@dataclass(frozen=True)
class Boat:
    """One boat of a player's fleet (a kind of ``external_catalogue.BOATS``), where it lies and what
    it carries (shared/spec/flows.md, "The fleet, boat by boat"). ``id`` stays the boat's
    for the whole game ("b1", "b2"… per player, in the order the boats came)."""

    kind: str
    #: A Boat Rental (exp.): the board it came from (``ships`` or ``used_ships``), where
    #: it goes back after its one voyage; None for a boat the player owns.
    rented: str | None = None
    id: str = "b1"
    #: A port place (``PORT_PLACES``), ``SEA`` or ``OVERSEAS``.
    where: str = PORT_PLACES[0]
    #: The barrels aboard (fish market ids), in the order they were caught.
    cargo: tuple[str, ...] = ()
    #: Of ``cargo``, the barrels caught under a Himono licence (exp.): they go onto a Himono
    #: licence when unloaded, never for sale.
    himono: int = 0

    @property
    def docked(self) -> bool:
        """In a port place of its owner's Harbor (not at sea, not at Overseas)."""
        return self.where in PORT_PLACES

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "where": self.where,
            "cargo": list(self.cargo),
        }
        if self.rented:
            out["rented_from"] = self.rented
        return out


@dataclass(frozen=True)
class PlayerState:
    name: str
    color: str
    yen: int = STARTING_YEN
    fish: Fish = field(default_factory=Fish)
    #: Fishing Licences held, by fish market id.
    licenses: dict[str, int] = field(default_factory=dict)
    #: Freezers, Carts and Buyer tokens held (they share the 4 License spaces).
    items: dict[str, int] = field(default_factory=dict)
    loans: int = 0
    shares: int = 0
    #: Ever took a loan / bought a share (the Bank's either-or rule is for the whole game).
    borrowed: bool = False
    invested: bool = False
    #: The Harbor board's rows: what is for sale, in the order it was placed.
    upper: tuple[ForSale, ...] = ()
    lower: tuple[ForSale, ...] = ()
    #: Barrels caught and not yet unloaded, by fish market id: the sum of the cargoes of
    #: the boats at sea (rules/fleet.py keeps the two together).
    at_sea: dict[str, int] = field(default_factory=dict)
    #: Freezers and Carts held that were used once already (flipped to their last use).
    flipped: dict[str, int] = field(default_factory=dict)
    #: The Himono licences that are not empty, fullest first (licences are alike but for
    #: what lies on them and what they caught; ``himono_licences`` pads with empty ones).
    himono: tuple[HimonoLicence, ...] = ()
    #: Of ``at_sea``, the barrels caught under Himono licences, by fish market id: they go
    #: onto a Himono licence when unloaded, never for sale.
    himono_at_sea: dict[str, int] = field(default_factory=dict)
    #: The fleet, in the order the boats came (setup.md §5: one one-slot ship).
    boats: tuple[Boat, ...] = (Boat(STARTING_BOAT),)
    #: Boats that came to this player so far (the next boat's id is ``b<boats_came + 1>``).
    boats_came: int = 1
    #: Port Coverings removed: 0 (only the leftmost port), 1 (port "1"), 2 (port "2" too).
    ports: int = 0

    def row(self, name: str) -> tuple[ForSale, ...]:
        return self.upper if name == "upper" else self.lower

    def harbor_json(self) -> dict[str, list[dict[str, object]]]:
        """``{"upper": [{"fish", "price"}, ...], "lower": [...]}`` (flows.md)."""
        return {
            "upper": [x.to_json() for x in self.upper],
            "lower": [x.to_json() for x in self.lower],
        }

    def himono_licences(self) -> tuple[HimonoLicence, ...]:
        """One entry per Himono licence held, fullest first."""
        held = self.licenses.get("himono", 0)
        return (self.himono + (HimonoLicence(),) * held)[:held]

    def himono_json(self) -> list[dict[str, object]]:
        """``[{"items": [{"fish", "barrel"}, ...], "at_sea": n, "face_down": bool}, ...]``,
        one per Himono licence held, fullest first."""
        limit = FISH_MARKETS["himono"].numbers["at_sea_per_licence"]
        return [
            {
                "items": [x.to_json() for x in lic.items],
                "at_sea": lic.at_sea,
                "face_down": lic.at_sea >= limit,
            }
            for lic in self.himono_licences()
        ]

    @property
    def spaces_used(self) -> int:
        return sum(self.licenses.values()) + sum(self.items.values())

    @property
    def spaces_free(self) -> int:
        return LICENSE_SPACES - self.spaces_used


@dataclass(frozen=True)
class TurnState:
    """Whose turn it is and where the game is in its end."""

    current: int
    number: int = 0  # 0 = before the first turn started
    #: Seat whose start-of-turn check triggered the end, or None.
    triggered_by: int | None = None
    #: Seats still to play their final turn, in order (after the trigger player's turn).
    final_turns: tuple[int, ...] = ()
    finished: bool = False
    last_check: EndCheck | None = None
    #: Yen revealed to everyone by the last check (closed money, ≥ 50 Resources).
    revealed_yen: tuple[int, ...] | None = None
    #: Action points the active player has left (None before the first turn and at the end).
    ap_left: int | None = None
    #: "start" while the active player has start-of-turn choices to make, else "actions".
    phase: str | None = None
    #: Markets with no printed entry cost entered this turn (once per turn each).
    free_entries: frozenset[str] = frozenset()
    #: Turns that ended with AP unspent: (turn number, seat, AP left), oldest first.
    unspent: tuple[tuple[int, int, int], ...] = ()
    #: Whether the active player started an action (visit, fishing, purchase) this turn:
    #: barrels at sea may be discarded only before that (turn-and-scoring.md §1).
    acted: bool = False
    #: Buyer tokens assigned (Influence, exp.) and not yet used: (the buyer's seat, the seat
    #: it was given to), in the order given. Each opens its purchase right after the
    #: turn of the player it was given to ends (external-markets.md §13).
    buyers: tuple[tuple[int, int], ...] = ()
    #: The Buyer purchase open now, between two turns: (the buyer's seat, the seat whose
    #: turn just ended); phase "buyer" meanwhile.
    buying: tuple[int, int] | None = None


@dataclass(frozen=True)
class Table:
    config: GameConfig
    players: tuple[PlayerState, ...]
    values: MarketValues
    #: Licences still on each fish market's board (None: not known, the host enters it).
    board_licenses: dict[str, int | None]
    #: Tokens still on each fish market's board (bag fish: see ``bag``).
    board_tokens: dict[str, int | None]
    #: Token codes in the Auction bag: ``spider_crab:4``, ``tuna:25``, ``clam``, ``oyster``.
    bag: tuple[str, ...]
    #: Stock of the external markets: ``bank.loans``, ``rentals.freezer`` …
    stock: dict[str, int]
    turn: TurnState
    #: Sealed-bid auctions by id (public state only: see rules/auctions.py).
    auctions: dict[str, Any] = field(default_factory=dict)
    #: Number of actions folded in (not the version: undone events are not counted).
    actions: int = 0
    #: Barrels on each fish market's board: the printed stock for this player count, less
    #: what was caught, plus what came back (None: not printed, the host enters it: AMB-40).
    board_barrels: dict[str, int | None] = field(default_factory=dict)
    #: Sardine tokens on the canned-sardine space of the Sardine board.
    canned_sardines: int = 0
    #: Docking auctions waiting for the open one to settle, in the order they run.
    queued_auctions: tuple[QueuedAuction, ...] = ()
    #: Tokens lying on the places of external boards, as token codes (``tuna:20``,
    #: ``salmon:degraded``), by place: ``government.left``, ``aquarium.mackerel``,
    #: ``trading.4``, ``sushi.3``, ``new_aquarium.nori``. Tokens stay there for the rest of
    #: the game (Trading's may be swapped).
    places: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Boards that entered during the game, and empty draws, oldest first (rules/entering.py).
    arrivals: tuple[Arrival, ...] = ()
    #: External markets that crashed (crash variant), oldest first (rules/crash.py).
    crashes: tuple[Crash, ...] = ()

    # -- lookups ------------------------------------------------------------------------
    def index(self, name: object, field_name: str = "player") -> int:
        """Seat index of a player name; IllegalAction if there is no such player."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise IllegalAction(Message("bk.no_player", {"name": repr(name)}), field_name)

    def player(self, name: object, field_name: str = "player") -> PlayerState:
        return self.players[self.index(name, field_name)]

    def with_player(self, i: int, **changes: Any) -> Table:
        players = list(self.players)
        players[i] = replace(players[i], **changes)
        return replace(self, players=tuple(players))

    def resources(self) -> list[int]:
        return list(self._resources)

    @cached_property
    def _resources(self) -> tuple[int, ...]:
        # A table never changes (a move makes a new one), so what is computed from it is
        # computed once: every viewer's page of one version reads the same table.
        return tuple(table_resources([p.fish for p in self.players], self.values))

    def score(self) -> Report:
        """The calculator's report for this table (as if the game ended now)."""
        return self._score

    @cached_property
    def _score(self) -> Report:
        return score(self.scoring_players(), self.values)

    def scoring_players(self) -> list[Player]:
        return [Player(p.name, p.yen, p.fish, p.loans, p.shares) for p in self.players]

    def crash_side(self, market: str) -> str | None:
        """ "crashed" or "closed" once the market crashed, else None."""
        return next((c.side for c in self.crashes if c.market == market), None)

    def closed(self, market: str) -> bool:
        """Whether a crash closed this market for the rest of the game."""
        return self.crash_side(market) == "closed"

    @property
    def fish_in_play(self) -> tuple[str, ...]:
        return tuple(m for m in self.config.fish_markets if m in FISH_MARKETS)


def fish_board_tokens(config: GameConfig, market: str) -> dict[str, int | None]:
    """The tokens a fish board holds as it is put out, at setup or entering mid-game
    (None: a count the host did not enter): none for a market whose tokens go in the
    Auction bag, nor for Red Snapper (its grid is tracked by MarketValues); Octopus brings
    the Takoyaki tokens too."""
    tokens: dict[str, int | None] = {}
    if not FISH_MARKETS[market].tokens_in_bag and market != "red_snapper":
        tokens[market] = board_figure(config, market, "tokens")
    if market == "octopus":
        tokens["takoyaki"] = TAKOYAKI_TOKENS
    return tokens


def initial_table(config: GameConfig) -> Table:
    """The table right after setup (setup.md §5–§6)."""
    starting_license = not config.horse_mackerel_from_start and "mackerel" in config.fish_markets
    players = tuple(
        PlayerState(name=name, color=color, licenses={"mackerel": 1} if starting_license else {})
        for name, color in zip(config.players, config.colors, strict=True)
    )
    external = frozenset(config.external_markets)
    stock: dict[str, int] = {}
    for market in config.external_markets:
        stock.update(table_stock(market, config.player_count, config.variants))
    board_tokens: dict[str, int | None] = {}
    for m in config.fish_markets:
        board_tokens.update(fish_board_tokens(config, m))
    return Table(
        config=config,
        players=players,
        values=MarketValues(external=external, red_snapper_remaining=RED_SNAPPER_TOKENS),
        board_licenses={m: board_figure(config, m, "licenses") for m in config.fish_markets},
        board_tokens=board_tokens,
        bag=bag_contents(config.fish_markets, config.board_numbers),
        stock=stock,
        turn=TurnState(current=config.start_player),
        board_barrels={m: board_figure(config, m, "barrels") for m in config.fish_markets},
    )
