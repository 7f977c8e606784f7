"""Tokyo Jutaku's exit calculator (shared/rules/tokyo-jutaku.md §3–§4), pure.

:func:`cash_exit` is §3.3's algorithm for one exit: what the carried items pay, line by
line, and the shop's prices after it. A :class:`Game` keeps those prices between exits
for a whole game, with each player's money, exits and newspapers, and the Tuna bought so
far; it is a fold of two moves, ``exit`` and ``buy_tuna`` (:func:`replay`), so undoing
is dropping the last move.

>>> result = cash_exit(SETUP_PRICES, False, Carried.parse(
...     {"shirt_trousers": 2, "red": 1, "salmon": 1, "spider_crab": [6]}))
>>> result.payout, result.prices["shirt_trousers"], result.prices["red"], result.salmon_cashed
(2000, 200, 200, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import IllegalAction, Message
from .catalogue import (
    CATEGORIES,
    CLOTHING,
    EXITS,
    MAX_CARRIED,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME_MAX,
    PRICE_DROP,
    PRICE_FLOOR,
    PRICE_MAX,
    PRICE_STEP,
    SALMON_FIRST,
    SALMON_LATER,
    SALMON_PIECES,
    SETUP_PRICES,
    SPIDER_CRAB_PIECES,
    SPIDER_CRAB_VALUES,
    START_MONEY,
    TUNA_PIECES,
    TUNA_PRICE_STEP,
    TUNA_VALUES,
    YEN_PER_PRINTED,
)

#: Everything a player may carry out, besides the categories with a price on a card.
EXTRAS = ("salmon", "spider_crab", "tuna", "detergent", "newspaper")
_PRINTED = {"spider_crab": SPIDER_CRAB_VALUES, "tuna": TUNA_VALUES}
_PIECES = {"salmon": SALMON_PIECES, "spider_crab": SPIDER_CRAB_PIECES, "tuna": TUNA_PIECES}


def _name(what: str) -> Message:
    return Message(f"jutaku.name.{what}")


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def prices_from(data: Mapping[str, object] | None, where: str = "prices") -> dict[str, int]:
    """Every category's price: the given ones checked (a multiple of ¥100 from ¥0 to
    ¥1,000), the missing ones at their setup price.

    >>> prices_from({"red": 100})["red"], prices_from({})["black"]
    (100, 200)
    """
    out = dict(SETUP_PRICES)
    for key, value in (data or {}).items():
        if key not in SETUP_PRICES:
            raise IllegalAction(
                Message("jutaku.unknown", {"name": str(key)[:40]}), f"{where}.{key}"
            )
        if not _whole(value, 0, PRICE_MAX) or value % PRICE_STEP:  # type: ignore[operator]
            raise IllegalAction(
                Message(
                    "jutaku.price_value",
                    {"what": _name(key), "step": PRICE_STEP, "most": PRICE_MAX},
                ),
                f"{where}.{key}",
            )
        out[key] = int(value)  # type: ignore[call-overload]
    return out


@dataclass(frozen=True)
class Carried:
    """What a player carries out: a count per category (drink colours and stacks), the
    Salmon, the printed value of each Spider Crab and Tuna, detergents and newspapers."""

    counts: Mapping[str, int] = field(default_factory=dict)
    salmon: int = 0
    spider_crab: tuple[int, ...] = ()
    tuna: tuple[int, ...] = ()
    detergent: int = 0
    newspaper: int = 0

    @classmethod
    def parse(cls, data: Mapping[str, object], where: str = "carried") -> Carried:
        """Checked: known names only, whole counts within what the box holds, printed
        values that exist."""
        counts: dict[str, int] = {}
        extras: dict[str, Any] = {}
        for key, value in data.items():
            at = f"{where}.{key}"
            if key in _PRINTED:
                values = _printed(key, value, at)
                extras[key] = values
                continue
            if key not in SETUP_PRICES and key not in EXTRAS:
                raise IllegalAction(Message("jutaku.unknown", {"name": str(key)[:40]}), at)
            most = _PIECES.get(key, MAX_CARRIED)
            if not _whole(value, 0, most):
                raise IllegalAction(Message("jutaku.count", {"what": _name(key), "most": most}), at)
            if key in SETUP_PRICES:
                if value:
                    counts[key] = int(value)  # type: ignore[call-overload]
            else:
                extras[key] = value
        return cls(counts, **extras)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {c: self.counts[c] for c in CATEGORIES if self.counts.get(c)}
        for key in EXTRAS:
            value = getattr(self, key)
            if value:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


def _printed(key: str, value: object, at: str) -> tuple[int, ...]:
    allowed = _PRINTED[key]
    if not isinstance(value, list | tuple):
        raise IllegalAction(Message("jutaku.printed", {"what": _name(key), "values": allowed}), at)
    if len(value) > _PIECES[key]:
        raise IllegalAction(
            Message("jutaku.pieces", {"what": _name(key), "most": _PIECES[key]}), at
        )
    for i, v in enumerate(value):
        if not _whole(v, 0, max(allowed)) or v not in allowed:
            raise IllegalAction(
                Message("jutaku.printed", {"what": _name(key), "values": allowed}), f"{at}[{i}]"
            )
    return tuple(sorted(value, reverse=True))


@dataclass(frozen=True)
class Line:
    """One line of a payout: ``what`` (a category, "detergent", "salmon", "spider_crab",
    "tuna", "newspaper"), how many, what each pays and the amount. ``of``: the category a
    detergent doubled; ``value``: a crab's or Tuna's printed value."""

    what: str
    count: int
    each: int
    amount: int
    of: str | None = None
    value: int | None = None

    def message(self) -> Message:
        if self.what == "detergent":
            if self.of is None:
                return Message("jutaku.line.detergent_unused", {"count": self.count})
            return Message("jutaku.line.detergent", {"what": _name(self.of), "amount": self.amount})
        if self.what == "salmon":
            side = "f" if self.each == SALMON_FIRST else "4"
            return Message(
                "jutaku.line.salmon",
                {"count": self.count, "each": self.each, "side": side, "amount": self.amount},
            )
        if self.what == "newspaper":
            return Message("jutaku.line.newspaper", {"count": self.count})
        values = {"count": self.count, "each": self.each, "amount": self.amount}
        if self.value is not None:
            return Message(
                "jutaku.line.printed", {**values, "what": _name(self.what), "value": self.value}
            )
        return Message("jutaku.line", {**values, "what": _name(self.what)})

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "item": self.what,
            "count": self.count,
            "each": self.each,
            "amount": self.amount,
        }
        if self.of is not None:
            out["doubles"] = self.of
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True)
class ExitResult:
    """One exit cashed: the payout and its lines, the prices before and after it, and
    whether somebody has now left the store with Salmon."""

    payout: int
    lines: tuple[Line, ...]
    prices_before: Mapping[str, int]
    prices: Mapping[str, int]
    salmon_cashed: bool
    newspapers: int

    def dropped(self) -> list[str]:
        """The categories whose price fell with this exit."""
        return [c for c in CATEGORIES if self.prices[c] != self.prices_before[c]]


def salmon_price(salmon_cashed: bool) -> int:
    """¥500 per Salmon while nobody has left with Salmon, ¥400 after (AMB-J6)."""
    return SALMON_LATER if salmon_cashed else SALMON_FIRST


def cash_exit(prices: Mapping[str, int], salmon_cashed: bool, carried: Carried) -> ExitResult:
    """§3.3: each drink, clothing, linen and appliance item pays its category's current
    price; each detergent doubles one clothing item, the dearest first, never two on
    one item (AMB-J7: appliances and drinks are not clothing; AMB-J3: the stack's
    price as it stands); Salmon pays ¥500 or ¥400; a Spider Crab or Tuna pays its printed
    value × ¥100; newspapers pay nothing and count for the tie-break. Then each category
    cashed drops by ¥100 once, whatever the count (AMB-J4), never below ¥0 (AMB-J5).

    >>> carried = Carried.parse({"bra_underwear_socks": 2, "shirt_trousers": 1, "detergent": 2})
    >>> cash_exit(SETUP_PRICES, False, carried).payout
    1200
    """
    prices = {c: prices[c] for c in CATEGORIES}
    lines: list[Line] = []
    for c in CATEGORIES:
        n = carried.counts.get(c, 0)
        if n:
            lines.append(Line(c, n, prices[c], n * prices[c]))
    clothing = sorted(
        (
            (prices[c], -CLOTHING.index(c), c)
            for c in CLOTHING
            for _ in range(carried.counts.get(c, 0))
        ),
        reverse=True,
    )
    doubled = clothing[: carried.detergent]
    lines.extend(Line("detergent", 1, price, price, of=c) for price, _, c in doubled)
    if carried.detergent > len(doubled):
        lines.append(Line("detergent", carried.detergent - len(doubled), 0, 0))
    if carried.salmon:
        each = salmon_price(salmon_cashed)
        lines.append(Line("salmon", carried.salmon, each, carried.salmon * each))
    for what in ("spider_crab", "tuna"):
        values: tuple[int, ...] = getattr(carried, what)
        for v in sorted(set(values), reverse=True):
            n = values.count(v)
            each = v * YEN_PER_PRINTED
            lines.append(Line(what, n, each, n * each, value=v))
    if carried.newspaper:
        lines.append(Line("newspaper", carried.newspaper, 0, 0))
    after = {
        c: max(PRICE_FLOOR, p - PRICE_DROP) if carried.counts.get(c) else p
        for c, p in prices.items()
    }
    return ExitResult(
        sum(line.amount for line in lines),
        tuple(lines),
        prices,
        after,
        salmon_cashed or carried.salmon > 0,
        carried.newspaper,
    )


# -- a whole game ----------------------------------------------------------------------------


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


def _player(game: Game, index: object) -> int:
    if not _whole(index, 0, len(game.players) - 1):
        raise IllegalAction(Message("jutaku.no_player", {"player": str(index)[:10]}), "player")
    assert isinstance(index, int)
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


def apply(game: Game, move: Mapping[str, Any]) -> Game:
    """One move: ``{"type": "exit", "player": i, "carried": {…}}`` or
    ``{"type": "buy_tuna", "player": i}``."""
    kind = move.get("type")
    if kind == "exit":
        carried = move.get("carried", {})
        if not isinstance(carried, Mapping):
            raise IllegalAction(Message("jutaku.unknown", {"name": "carried"}), "carried")
        return exit_store(game, move.get("player"), Carried.parse(carried))  # type: ignore[arg-type]
    if kind == "buy_tuna":
        return buy_tuna(game, move.get("player"))  # type: ignore[arg-type]
    raise IllegalAction(Message("jutaku.unknown", {"name": str(kind)[:40]}), "type")


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
