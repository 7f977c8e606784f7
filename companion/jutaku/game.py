"""A whole game of Tokyo Jutaku (shared/rules/tokyo-jutaku.md §3–§4): a :class:`Game` keeps the
shop's prices between exits (rules.py's :func:`~.rules.cash_exit`), with each player's
money, exits and newspapers, and the Tuna bought so far; it is a fold of two moves,
``exit`` and ``buy_tuna`` (:func:`replay`), so undoing is dropping the last move.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, make_dataclass, replace
from typing import Annotated, Any

from ..engine import IllegalAction, Message
from ..engine import args as engine_args
from .catalogue import (
    CATEGORIES,
    EXITS,
    MAX_CARRIED,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    SALMON_PIECES,
    SETUP_PRICES,
    SPIDER_CRAB_PIECES,
    SPIDER_CRAB_VALUES,
    START_MONEY,
    TUNA_PIECES,
    TUNA_PRICE_STEP,
    TUNA_VALUES,
)
from .rules import Carried, ExitResult, cash_exit


@dataclass(frozen=True)
class Player:
    name: str
    money: int = START_MONEY
    exits: int = 0
    newspapers: int = 0
    #: Tuna bought and not yet cashed at an exit.
    tuna_held: int = 0


@dataclass(frozen=True)
class Outcome:
    """The winners, and what decided: "money", "newspapers" (equal money: the most
    newspapers and magazines) or "shared" (equal in both: they share the win)."""

    winners: tuple[int, ...]
    by: str


@dataclass(frozen=True)
class Game:
    """The shop between exits, and each player's money and exits."""

    players: tuple[Player, ...]
    prices: Mapping[str, int] = field(default_factory=lambda: dict(SETUP_PRICES))
    salmon_cashed: bool = False
    tuna_bought: int = 0
    #: The last exit: who left, and what it paid.
    last: tuple[int, ExitResult] | None = None

    @property
    def finished(self) -> bool:
        """Every player but one has left the store twice (§4): the game ends at once."""
        return sum(1 for p in self.players if p.exits >= EXITS) >= len(self.players) - 1

    @property
    def tuna_price(self) -> int:
        """What the next Tuna costs (AMB-J2: the game's n-th Tuna costs ¥500 × n)."""
        return tuna_price(self.tuna_bought)


def tuna_price(bought: int) -> int:
    """The price of the next Tuna after ``bought`` of them.

    >>> tuna_price(0), tuna_price(2)
    (500, 1500)
    """
    return TUNA_PRICE_STEP * (bought + 1)


def new_game(names: Sequence[str]) -> Game:
    names = [n.strip() if isinstance(n, str) else n for n in names]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len(set(names)) != len(names):
        raise IllegalAction(
            Message("jutaku.players", {"low": MIN_PLAYERS, "high": MAX_PLAYERS}), "players"
        )
    for i, n in enumerate(names):
        if not isinstance(n, str) or not 1 <= len(n) <= NAME_MAX:
            raise IllegalAction(Message("jutaku.name", {"most": NAME_MAX}), f"players[{i}]")
    return Game(tuple(Player(n) for n in names))


def _player(game: Game, index: int) -> int:
    if not 0 <= index < len(game.players):
        raise IllegalAction(Message("jutaku.no_player", {"player": str(index)[:10]}), "player")
    if game.finished:
        raise IllegalAction(Message("jutaku.over"), "player")
    if game.players[index].exits >= EXITS:
        raise IllegalAction(
            Message("jutaku.left_twice", {"player": game.players[index].name}), "player"
        )
    return index


def _with_player(game: Game, index: int, player: Player) -> Game:
    players = list(game.players)
    players[index] = player
    return replace(game, players=tuple(players))


def exit_store(game: Game, index: int, carried: Carried) -> Game:
    """A player leaves the store: their items are cashed at the shop's current prices,
    which then change; they take an exit counter (a Mackerel barrel, AMB-J8)."""
    index = _player(game, index)
    p = game.players[index]
    if len(carried.tuna) > p.tuna_held:
        raise IllegalAction(
            Message(
                "jutaku.tuna_unbought",
                {"player": p.name, "bought": p.tuna_held, "carried": len(carried.tuna)},
            ),
            "carried.tuna",
        )
    result = cash_exit(game.prices, game.salmon_cashed, carried)
    p = replace(
        p,
        money=p.money + result.payout,
        exits=p.exits + 1,
        newspapers=p.newspapers + carried.newspaper,
        tuna_held=p.tuna_held - len(carried.tuna),
    )
    game = replace(
        game, prices=dict(result.prices), salmon_cashed=result.salmon_cashed, last=(index, result)
    )
    return _with_player(game, index, p)


def buy_tuna(game: Game, index: int) -> Game:
    """A player buys a Tuna in the store: they pay ¥500 × n for the game's n-th Tuna to
    the bank first, so they must hold that much (AMB-J2)."""
    index = _player(game, index)
    p = game.players[index]
    if game.tuna_bought >= TUNA_PIECES:
        raise IllegalAction(Message("jutaku.tuna_left", {"most": TUNA_PIECES}), "player")
    price = game.tuna_price
    if p.money < price:
        raise IllegalAction(
            Message(
                "jutaku.tuna_money",
                {
                    "player": p.name,
                    "held": p.money,
                    "number": game.tuna_bought + 1,
                    "price": price,
                },
            ),
            "player",
        )
    game = replace(game, tuna_bought=game.tuna_bought + 1)
    return _with_player(game, index, replace(p, money=p.money - price, tuna_held=p.tuna_held + 1))


# -- each move's arguments (issue #18 step 8), named as the JSON names them; :func:`apply`
# reads them from the logged dict, the rules then check the seat and what is carried.


#: A seat of the table, by its number.
Seat = Annotated[int, engine_args.Limit(ge=0, le=MAX_PLAYERS - 1)]
_Count = Annotated[int, engine_args.Limit(ge=0, le=MAX_CARRIED)]


#: The printed values of the Spider Crabs and Tuna carried out, at most what the box holds.
_Crabs = Annotated[
    list[Annotated[int, engine_args.OneOf(SPIDER_CRAB_VALUES)]],
    engine_args.Limit(max_len=SPIDER_CRAB_PIECES),
]
_Tuna = Annotated[
    list[Annotated[int, engine_args.OneOf(TUNA_VALUES)]], engine_args.Limit(max_len=TUNA_PIECES)
]


#: What a player carries out as a client sends it (``{"red": 2, "tuna": [20]}``): a count
#: per category (the categories come from the catalogue, never retyped), the Salmon, the
#: printed value of each Spider Crab and Tuna, detergents and newspapers, each bounded by
#: the pieces in the box. The edge's model of it is made from this (web/jutaku_edge.py);
#: the rules read the logged dict with ``Carried.parse``, in the game's own sentences.
CarriedArgs: type[object] = make_dataclass(
    "CarriedArgs",
    [
        *((c, _Count, field(default=0)) for c in CATEGORIES),
        ("salmon", Annotated[int, engine_args.Limit(ge=0, le=SALMON_PIECES)], field(default=0)),
        ("spider_crab", _Crabs, field(default_factory=list)),
        ("tuna", _Tuna, field(default_factory=list)),
        ("detergent", _Count, field(default=0)),
        ("newspaper", _Count, field(default=0)),
    ],
    frozen=True,
    kw_only=True,
)


@dataclass(frozen=True, kw_only=True)
class Exit:
    """``exit``: the seat that leaves the store and what it carries out, sent as
    :data:`CarriedArgs` (``Carried.parse`` checks the logged dict, in the game's
    sentences)."""

    player: Seat
    carried: dict[str, object] = field(metadata={"sent": CarriedArgs})


@dataclass(frozen=True, kw_only=True)
class BuyTuna:
    """``buy_tuna``: the seat that buys the next Tuna."""

    player: Seat


#: The client moves, each with its arguments' dataclass.
MOVES: dict[str, type[Exit] | type[BuyTuna]] = {"exit": Exit, "buy_tuna": BuyTuna}


def apply(game: Game, move: Mapping[str, Any]) -> Game:
    """One move as the log records it: ``{"type": "exit", "player": i, "carried": {…}}``
    or ``{"type": "buy_tuna", "player": i}``, read once into its dataclass."""
    kind = move.get("type")
    cls = MOVES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(Message("jutaku.unknown", {"name": str(kind)[:40]}), "type")
    args = engine_args.read(cls, move)
    if isinstance(args, Exit):
        return exit_store(game, args.player, Carried.parse(args.carried))
    return buy_tuna(game, args.player)


def replay(names: Sequence[str], moves: Iterable[Mapping[str, Any]]) -> Game:
    game = new_game(names)
    for m in moves:
        game = apply(game, m)
    return game


def outcome(game: Game) -> Outcome | None:
    """None while the game goes on. The most money wins; equal money goes to the most
    newspapers and magazines; equal in both, the tied players share the win."""
    if not game.finished:
        return None
    best = max(p.money for p in game.players)
    rich = [i for i, p in enumerate(game.players) if p.money == best]
    if len(rich) == 1:
        return Outcome((rich[0],), "money")
    most = max(game.players[i].newspapers for i in rich)
    read = tuple(i for i in rich if game.players[i].newspapers == most)
    return Outcome(read, "newspapers" if len(read) == 1 else "shared")
