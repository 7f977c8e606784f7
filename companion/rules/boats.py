"""The free moves of the fleet, registered into the log's ``MOVES`` (and the guided
previews' ``RUNS``) when the rules package is imported:

- ``open_port``: at any time on your turn, not an action: ¥500 to the supply and the next
  Port Covering comes off, "1" before "2" (setup.md §5, turn-and-scoring.md §1).

- ``discard`` and ``transfer``: at sea, outside the Fishing action — barrels thrown back
  from a boat at sea before your first action, or moved from a ship to your barge.

- ``return_rental``: a rented boat (Boat Rentals, exp.) has docked at your port after its
  one voyage: it goes back to the board it came from and its token back to Boat Rentals
  (external-markets.md §16); free, on your turn.

And two bookkeeping corrections, for a table whose fleet the app got wrong (a boat moved
by hand): ``take_boat`` (a boat from the Ships or Used Ships board into a free port place,
paying that board's price unless ``"pay": false``) and ``return_boat`` (a docked boat back
to a board, no money).

Each is one entry in the history, made with a ``Run`` like the guided actions, so its
preview lists exactly what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, ClassVar

from ..engine.args import Limit, OneOf
from . import guided, moves
from .args import BarrelKey, BoatId, BoatKind, Name
from .cargo import boat_values, number, place_name
from .external_catalogue import (
    BOATS,
    PORT_COVERINGS,
    PORT_OPEN_YEN,
    ships_buy_price,
    used_buy_price,
)
from .fleet import SALMON, arrangement, boat_by_id, kinds_of, set_fleet
from .ledger import Run, refuse
from .markets import MARKETS, himono
from .markets.base import whole
from .markets.external.pieces import move_stock, stock_left
from .markets.external.ships import dock_new_boat, own_boat, remove_boat
from .messages import Message
from .table import SEA, Boat, Table
from .turn import active_seat, finish

Args = Mapping[str, Any]

#: The boat ids, as a client writes them (for the refusal of an unknown one).
KINDS = ", ".join(f'"{k}"' for k in BOATS)
BOARDS = ("ships", "used_ships")
Board = Annotated[str, OneOf(BOARDS)]
#: Barrels moved at sea at once: a barge holds no more.
AtSeaCount = Annotated[int, Limit(ge=1, le=6)]

# -- the moves' arguments (each refuses a field it does not take in its own words) ---------


@dataclass(frozen=True, kw_only=True)
class OpenPort:
    refused_as: ClassVar[str] = "kind.open_port"
    player: Name


@dataclass(frozen=True, kw_only=True)
class TakeBoat:
    refused_as: ClassVar[str] = "kind.take_boat"
    player: Name
    boat: BoatKind
    #: The board it comes from (left out: Ships).
    from_: Board | None = field(default=None, metadata={"key": "from"})
    #: False when the boat was already paid.
    pay: bool = True


@dataclass(frozen=True, kw_only=True)
class ReturnBoat:
    refused_as: ClassVar[str] = "kind.return_boat"
    player: Name
    boat: BoatKind
    #: The board it goes back to (left out: Ships).
    to: Board | None = None


@dataclass(frozen=True, kw_only=True)
class ReturnRental:
    refused_as: ClassVar[str] = "kind.return_rental"
    player: Name
    boat: BoatKind


@dataclass(frozen=True, kw_only=True)
class Discard:
    refused_as: ClassVar[str] = "kind.discard"
    player: Name
    boat: BoatId
    fish: BarrelKey
    count: AtSeaCount = 1


@dataclass(frozen=True, kw_only=True)
class Transfer:
    refused_as: ClassVar[str] = "kind.transfer"
    player: Name
    from_: BoatId = field(metadata={"key": "from"})
    to: BoatId
    fish: BarrelKey
    count: AtSeaCount = 1


def open_port_run(t: Table, a: OpenPort) -> Run:
    """``{"type": "open_port", "player"}``: the active player opens their next port."""
    seat = active_seat(t, a.player)
    p = t.players[seat]
    if p.ports >= PORT_COVERINGS:
        raise refuse("ext.ports_open", "type", player=p.name)
    run = Run(t)
    run.pay(
        seat, None, PORT_OPEN_YEN, "port", Message("what.port", {"port": p.ports + 1}), "player"
    )
    run.set_player(seat, ports=p.ports + 1)
    run.note("mv.port_open", player=p.name, port=p.ports + 1)
    finish(run)
    return run


def _board(t: Table, named: str | None, key: str) -> str:
    board = named or "ships"
    if board not in BOARDS:
        raise refuse("ext.boat_board", key)
    if board not in t.config.external_markets:
        raise refuse("market_not_in_play", key, market=board)
    return board


def _kind(kind: str) -> str:
    if kind not in BOATS:
        raise refuse("ext.boat_kind", "boat", kind=repr(kind), kinds=KINDS)
    return kind


def take_boat_run(t: Table, a: TakeBoat) -> Run:
    """``{"type": "take_boat", "player", "boat", "from"?: "ships", "pay"?: true}``."""
    seat = t.index(a.player)
    kind, board = _kind(a.boat), _board(t, a.from_, "from")
    pay = a.pay
    run = Run(t)
    key = f"{board}.{kind}"
    if stock_left(t, key) < 1:
        raise refuse("ext.board_has", "boat", market=board, left=0, kind=kind)
    if pay:
        price = ships_buy_price(kind) if board == "ships" else used_buy_price(kind)
        what = Message("what.boat", {"kind": kind, "market": board})
        run.pay(seat, None, price, "boat", what, "boat")
    move_stock(run, key, -1)
    dock_new_boat(run, seat, Boat(kind), "boat")
    run.note("mv.boat_bought", player=run.name(seat), kind=kind, market=board)
    return run


def return_boat_run(t: Table, a: ReturnBoat) -> Run:
    """``{"type": "return_boat", "player", "boat", "to"?: "ships"}``: no money."""
    seat = t.index(a.player)
    kind, board = _kind(a.boat), _board(t, a.to, "to")
    run = Run(t)
    remove_boat(run, seat, own_boat(run, seat, kind, "boat"))
    move_stock(run, f"{board}.{kind}", 1)
    run.note("mv.boat_sold", player=run.name(seat), kind=kind, market=board)
    return run


def return_rental_run(t: Table, a: ReturnRental) -> Run:
    """``{"type": "return_rental", "player", "boat"}``: the rented boat, docked (the rest of
    the fleet carries what is at sea), back to its board; the token back to Boat Rentals."""
    seat = active_seat(t, a.player)
    kind = _kind(a.boat)
    p = t.players[seat]
    rented = [i for i, b in enumerate(p.boats) if b.kind == kind and b.rented]
    if not rented:
        raise refuse("ext.no_rental", "boat", player=p.name, kind=kind)
    if t.config.fleet == 2:
        docked = [i for i in rented if p.boats[i].docked]
    else:
        docked = [i for i in rented if arrangement(kinds_of(p), p.ports, p.at_sea, docked={i})]
    if not docked:
        raise refuse("ext.boat_at_sea", "boat", player=p.name, kind=kind)
    run = Run(t)
    boat = remove_boat(run, seat, docked[0])
    assert boat.rented is not None
    move_stock(run, f"{boat.rented}.{kind}", 1)
    if run.t.closed("boat_rentals"):
        # The token goes to the box once Boat Rentals is Closed (external-markets.md §18).
        run.note("mv.rental_back_box", player=p.name, kind=kind, market=boat.rented)
        return run
    move_stock(run, "boat_rentals.token", 1)
    run.note("mv.rental_back", player=p.name, kind=kind, market=boat.rented)
    return run


# -- at sea, outside the Fishing action ----------------------------------------------------------


def _boat_at_sea(run: Run, seat: int, boat: str, key: str) -> int:
    p = run.player(seat)
    i = boat_by_id(p, boat)
    if i is None:
        raise refuse(
            "fleet.no_such_boat",
            key,
            player=p.name,
            boat=boat[:8],
            boats=", ".join(b.id for b in p.boats) or "—",
        )
    b = p.boats[i]
    if b.where != SEA:
        raise refuse(
            "fleet.not_at_sea", key, place=place_name(b.where), **boat_values(run, seat, b)
        )
    return i


def _fish_aboard(run: Run, seat: int, b: Boat, fish: str, n: int) -> tuple[str, int]:
    count = whole(n, "count", 1, 6)
    if b.cargo.count(fish) < count:
        raise refuse(
            "fleet.not_aboard",
            "fish",
            market=fish if fish in MARKETS else "mackerel",
            have=b.cargo.count(fish),
            want=count,
            **boat_values(run, seat, b),
        )
    return fish, count


def discard_run(t: Table, a: Discard) -> Run:
    """``{"type": "discard", "player", "boat", "fish", "count"?: 1}``: free, at the start
    of your turn before your first action: barrels thrown back from a boat at sea, to
    their market (the box once Overfished; turn-and-scoring.md §1 step 1)."""
    seat = active_seat(t, a.player)
    if t.turn.acted:
        raise refuse("discard_too_late", "type", player=t.players[seat].name)
    run = Run(t)
    i = _boat_at_sea(run, seat, a.boat, "boat")
    b = run.player(seat).boats[i]
    fish, count = _fish_aboard(run, seat, b, a.fish, a.count)
    on_licence = min(b.himono, count)
    himono.discard(
        run,
        seat,
        {fish: count - on_licence} if count > on_licence else {},
        {fish: on_licence} if on_licence else {},
    )
    cargo = list(b.cargo)
    for _ in range(count):
        cargo.remove(fish)
    boats = list(run.player(seat).boats)
    boats[i] = replace(b, cargo=tuple(cargo), himono=b.himono - on_licence)
    set_fleet(run, seat, boats)
    finish(run)
    return run


def transfer_run(t: Table, a: Transfer) -> Run:
    """``{"type": "transfer", "player", "from": SHIP, "to": BARGE, "fish", "count"?: 1}``:
    free, any time on your turn: barrels from a ship at sea to your barge at sea, within
    its slots and at most 1 Salmon; never from a rented ship, never back to a ship."""
    seat = active_seat(t, a.player)
    run = Run(t)
    i = _boat_at_sea(run, seat, a.from_, "from")
    k = _boat_at_sea(run, seat, a.to, "to")
    boats = list(run.player(seat).boats)
    src, barge = boats[i], boats[k]
    if BOATS[src.kind].barge:
        raise refuse("fleet.transfer_from_barge", "from", **boat_values(run, seat, src))
    if src.rented:
        raise refuse("fleet.transfer_rented", "from", **boat_values(run, seat, src))
    if not BOATS[barge.kind].barge:
        raise refuse("fleet.transfer_to_ship", "to", **boat_values(run, seat, barge))
    fish, count = _fish_aboard(run, seat, src, a.fish, a.count)
    if src.himono or barge.himono:
        raise refuse("fleet.transfer_himono", "from", **boat_values(run, seat, src))
    if len(barge.cargo) + count > BOATS[barge.kind].slots:
        raise refuse(
            "fleet.boat_full",
            "count",
            slots=BOATS[barge.kind].slots,
            **boat_values(run, seat, barge),
        )
    if fish == SALMON and barge.cargo.count(SALMON) + count > 1:
        raise refuse("fleet.one_salmon", "fish", **boat_values(run, seat, barge))
    cargo = list(src.cargo)
    for _ in range(count):
        cargo.remove(fish)
    boats[i] = replace(src, cargo=tuple(cargo))
    boats[k] = replace(barge, cargo=barge.cargo + (fish,) * count)
    set_fleet(run, seat, boats)
    run.note(
        "fleet.mv_transfer",
        player=run.name(seat),
        count=count,
        market=fish,
        boat=src.id,
        no=number(src.id),
        kind=src.kind,
        barge=barge.id,
        barge_no=number(barge.id),
    )
    return run


def _describe_boat(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        board = a.get("from", a.get("to", "ships"))
        values = {"player": a.get("player"), "kind": a.get("boat"), "market": board}
        return Message(code, values)

    return describe


def _describe_at_sea(code: str) -> Callable[[Args, bool], Message]:
    def describe(a: Args, show: bool) -> Message:
        fish = a.get("fish")
        values = {
            "player": a.get("player"),
            "boat": str(a.get("boat", a.get("from")))[:8],
            "no": str(a.get("boat", a.get("from")))[1:8],
            "barge": str(a.get("to"))[:8],
            "barge_no": str(a.get("to"))[1:8],
            "count": a.get("count", 1) if isinstance(a.get("count", 1), int) else 1,
            "market": fish if isinstance(fish, str) else "",
        }
        return Message(code, values)

    return describe


def _describe_open_port(a: Args, show: bool) -> Message:
    return Message("history.open_port", {"player": a.get("player")})


def _applying(run: Callable[[Table, Any], Run]) -> Callable[[Table, Any], Table]:
    def apply(t: Table, a: Any) -> Table:
        return run(t, a).t

    return apply


def register() -> None:
    """Put the fleet's moves into the log's registry and the previews' (once), each with
    its arguments' dataclass."""
    runs: dict[
        str, tuple[Callable[[Table, Any], Run], type[Any], Callable[[Args, bool], Message]]
    ] = {
        "open_port": (open_port_run, OpenPort, _describe_open_port),
        "discard": (discard_run, Discard, _describe_at_sea("history.discard")),
        "transfer": (transfer_run, Transfer, _describe_at_sea("history.transfer")),
        "take_boat": (take_boat_run, TakeBoat, _describe_boat("history.take_boat")),
        "return_boat": (return_boat_run, ReturnBoat, _describe_boat("history.return_boat")),
        "return_rental": (
            return_rental_run,
            ReturnRental,
            _describe_boat("history.return_rental"),
        ),
    }
    for kind, (run, args, describe) in runs.items():
        if kind not in moves.MOVES:
            moves.MOVES[kind] = moves.Move(_applying(run), describe, args)
            guided.RUNS[kind] = (run, args)


register()
