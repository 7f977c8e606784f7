"""The bookkeeping of a player's own Yen and fish tokens: ``pay``, ``gain_fish``,
``lose_fish``, ``give_fish``, ``take_red_snapper`` (the licences: rules/licences.py) — one
function per move, ``(table, args) -> table``, with its history line, registered in
rules/moves.py's ``MOVES``, each taking its arguments as a typed dataclass (``Pay``,
``GainFish`` …; issue #18 step 8). And the checks of a number every bookkeeping move
shares (rules/licences.py's too).

Each move checks its arguments against the rules and raises :class:`IllegalAction` with a
sentence a player understands; it never half-applies. It checks no type: the dataclass
was read from the entry by ``engine.args.read`` (or validated at the edge).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from ..engine.args import OneOf, read
from .args import (
    MAX_COUNT,
    MAX_YEN,
    NOTE_MAX,
    Amount,
    Count,
    FishKey,
    Id,
    Name,
    Note,
    Printed,
    Side,
)
from .catalogue import (
    FISH_KEYS,
    SPIDER_CRAB_VALUES,
    TUNA_VALUES,
)
from .errors import IllegalAction
from .fish import Fish
from .messages import Message
from .setup import bad_character
from .table import Table
from .tokens import (
    TokenSpec,
    auto_overfish,
    return_to_market,
    take_from_market,
    token_message,
)

#: A logged entry's arguments, as the history lines read them (tolerant of anything).
Args = Mapping[str, Any]
SUPPLY = "supply"

__all__ = ["MAX_COUNT", "MAX_YEN", "NOTE_MAX"]


# -- the moves' arguments (engine.args: read from the log, validated at the edge) -------------


@dataclass(frozen=True, kw_only=True)
class Pay:
    from_: Name = field(metadata={"key": "from"})
    to: Name
    amount: Amount
    note: Note = ""


@dataclass(frozen=True, kw_only=True)
class Tokens:
    """Fish tokens of one kind: Spider Crab and Tuna by printed ``value``, Salmon by
    ``side`` (the forms send a side for every fish; the rules read it for Salmon only)."""

    fish: FishKey
    count: Count = 1
    value: Printed | None = None
    side: Side | None = None


@dataclass(frozen=True, kw_only=True)
class GainFish(Tokens):
    player: Name


@dataclass(frozen=True, kw_only=True)
class LoseFish(Tokens):
    player: Name
    #: Back to the market (left out), or out of the game (``"box"``: sold Swordfish).
    to: Annotated[Id, OneOf(("market", "box"))] | None = None


@dataclass(frozen=True, kw_only=True)
class GiveFish(Tokens):
    from_: Name = field(metadata={"key": "from"})
    to: Name


@dataclass(frozen=True, kw_only=True)
class RedSnapper:
    player: Name
    count: Count = 1


# -- the rules' checks of a move's numbers ---------------------------------------------------
# The edge bounds every number by the physical game (the limits above); the rules say why a
# number breaks them in a player's words, for a caller that skipped the edge.


def yen_amount(amount: int, key: str = "amount") -> int:
    if amount <= 0:
        raise IllegalAction(Message("arg.yen_positive", {}), key)
    if amount > MAX_YEN:
        raise IllegalAction(Message("arg.yen_max", {"max": MAX_YEN}), key)
    if amount % 100:
        raise IllegalAction(Message("arg.yen_step", {}), key)
    return amount


def piece_count(n: int, key: str = "count") -> int:
    if n < 1:
        raise IllegalAction(Message("arg.count_min", {}), key)
    if n > MAX_COUNT:
        raise IllegalAction(Message("arg.count_max", {"max": MAX_COUNT}), key)
    return n


def party(t: Table, name: str, key: str) -> int | None:
    """A player index, or None for the supply."""
    return None if name == SUPPLY else t.index(name, key)


def short_of_yen(
    t: Table, i: int, need: int, field: str, *, licence: bool = False
) -> IllegalAction:
    """The refusal "Aiko has only ¥1,700" (with ``licence``: "… (the licence costs
    ¥2,000)"), said to Aiko; with closed money everyone else hears only that she cannot pay
    (as at the table, where nobody sees her Yen)."""
    p = t.players[i]
    return IllegalAction(
        Message(
            "bk.short_licence" if licence else "bk.short",
            {"player": p.name, "have": p.yen, "need": need},
        ),
        field,
        private_to=i,
        public_message=Message("bk.cannot_pay", {"player": p.name, "need": need}),
    )


def counted(a: Args, key: str = "count") -> int:
    """The count a history line names (a recorded count may be a string or missing)."""
    n = a.get(key, 1)
    try:
        return int(n)
    except (TypeError, ValueError):
        return 1


def money_line(amount: int, show: bool) -> Message:
    return Message("history.yen", {"amount": amount}) if show else Message("history.yen_hidden")


# -- Yen --------------------------------------------------------------------------------


def pay(t: Table, a: Pay) -> Table:
    """Yen from a player or the supply to a player or the supply (AMB-01: the supply is
    unlimited; AMB-04: a player cannot pay more than they hold)."""
    payer, payee = party(t, a.from_, "from"), party(t, a.to, "to")
    amount = yen_amount(a.amount)
    if payer == payee:
        raise IllegalAction(Message("bk.same_party", {}), "to")
    note = a.note
    if len(note) > NOTE_MAX:
        raise IllegalAction(Message("arg.note_long", {"max": NOTE_MAX}), "note")
    if bad_character(note) is not None:
        raise IllegalAction(Message("arg.note_chars", {}), "note")
    if payer is not None:
        have = t.players[payer].yen
        if amount > have:
            raise short_of_yen(t, payer, amount, "amount")
        t = t.with_player(payer, yen=have - amount)
    if payee is not None:
        t = t.with_player(payee, yen=t.players[payee].yen + amount)
    return t


def describe_pay(a: Args, show: bool) -> Message:
    supply = a.get("from") == SUPPLY
    return Message(
        "history.pay_from_supply" if supply else "history.pay",
        {
            "payer": a.get("from"),
            "payee": a.get("to"),
            "money": money_line(int(a.get("amount", 0)), show),
            "note": Message("history.note", {"note": a["note"]}) if a.get("note") else "",
        },
    )


# -- fish tokens --------------------------------------------------------------------------


def _token_spec(a: Tokens) -> TokenSpec:
    key = a.fish
    if key not in FISH_KEYS:
        raise IllegalAction(Message("bk.no_fish_token", {"name": repr(key)}), "fish")
    count = piece_count(a.count)
    value = side = None
    if key == "spider_crab" or key == "tuna":
        allowed = SPIDER_CRAB_VALUES if key == "spider_crab" else TUNA_VALUES
        if a.value is None:
            raise IllegalAction(Message("arg.required", {}), "value")
        value = a.value
        if value not in allowed:
            raise IllegalAction(
                Message("bk.printed_values", {"fish": key, "values": sorted(allowed)}), "value"
            )
    if key == "salmon":
        side = a.side or "fresh"
        if side not in ("fresh", "degraded"):
            raise IllegalAction(Message("bk.salmon_side", {}), "side")
    return TokenSpec(key, count, value, side)


def _add_tokens(fish: Fish, spec: TokenSpec, sign: int, owner: str) -> Fish:
    """Add (sign 1) or remove (sign -1) tokens; IllegalAction if the owner lacks them."""
    changed = fish.add(spec.key, sign * spec.count, spec.value, spec.side)
    if changed is None:
        if spec.value is not None:
            raise IllegalAction(
                Message("bk.not_held", {"player": owner, "what": spec.message()}), "count"
            )
        have = (
            fish.salmon_degraded
            if spec.side == "degraded"
            else (fish.salmon_fresh if spec.key == "salmon" else fish.count(spec.key))
        )
        raise IllegalAction(
            Message(
                "bk.holds_only_degraded" if spec.side == "degraded" else "bk.holds_only",
                {"player": owner, "count": have, "fish": spec.key},
            ),
            "count",
        )
    return changed


def gain_fish(t: Table, a: GainFish) -> Table:
    """A player takes tokens from their market (Red Snapper: the next ones of the grid;
    Spider Crab, Tuna, Clam, Oyster: out of the Auction bag)."""
    i = t.index(a.player)
    spec = _token_spec(a)
    t = take_from_market(t, spec)
    t = t.with_player(i, fish=_add_tokens(t.players[i].fish, spec, 1, t.players[i].name))
    return auto_overfish(t)


def lose_fish(t: Table, a: LoseFish) -> Table:
    """A player returns tokens to their market (``"to": "box"`` for tokens that leave the
    game, such as sold Swordfish)."""
    i = t.index(a.player)
    spec = _token_spec(a)
    t = t.with_player(i, fish=_add_tokens(t.players[i].fish, spec, -1, t.players[i].name))
    where = a.to or "market"
    if where not in ("market", "box"):
        raise IllegalAction(Message("bk.tokens_go", {}), "to")
    return t if where == "box" else return_to_market(t, spec)


def give_fish(t: Table, a: GiveFish) -> Table:
    """Tokens move from one player to another (Barter, Auction lots, Trading …)."""
    giver, taker = t.index(a.from_, "from"), t.index(a.to, "to")
    if giver == taker:
        raise IllegalAction(Message("bk.same_giver", {}), "to")
    spec = _token_spec(a)
    t = t.with_player(
        giver, fish=_add_tokens(t.players[giver].fish, spec, -1, t.players[giver].name)
    )
    return t.with_player(
        taker, fish=_add_tokens(t.players[taker].fish, spec, 1, t.players[taker].name)
    )


def take_red_snapper(t: Table, a: RedSnapper) -> Table:
    """The next Red Snapper token of the grid (fish-markets.md §6)."""
    return gain_fish(t, GainFish(player=a.player, fish="red_snapper", count=a.count))


def describe_fish(verb: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        n = counted(a)
        try:
            ts = _token_spec(read(Tokens, a))
            name: Message | str = token_message(ts.key, ts.value, ts.side)
        except IllegalAction:
            name = str(a.get("fish"))
        tokens = Message("history.tokens", {"count": n, "what": name})
        if verb == "give":
            return Message(
                "history.give_fish",
                {"giver": a.get("from"), "tokens": tokens, "taker": a.get("to")},
            )
        if verb == "lose":
            code = "history.lose_fish_box" if a.get("to") == "box" else "history.lose_fish"
            return Message(code, {"player": a.get("player"), "tokens": tokens})
        return Message("history.gain_fish", {"player": a.get("player"), "tokens": tokens})

    return describe


def describe_red_snapper(a: Args, show: bool) -> Message:
    n = counted(a)
    code = "history.red_snapper_one" if n == 1 else "history.red_snapper"
    return Message(code, {"player": a.get("player"), "count": n})
