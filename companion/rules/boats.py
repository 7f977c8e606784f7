"""The free moves of the fleet, registered into the log's ``MOVES`` (and the guided
previews' ``RUNS``) when the rules package is imported:

- ``open_port``: at any time on your turn, not an action: ¥500 to the supply and the next
  Port Covering comes off, "1" before "2" (setup.md §5, turn-and-scoring.md §1).

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
from typing import Any

from . import guided, moves
from .catalogue import BOATS, PORT_COVERINGS, PORT_OPEN_YEN, ships_buy_price, used_buy_price
from .ledger import Run, refuse
from .messages import Message
from .table import Boat, Table
from .turn import active_seat, finish

Args = Mapping[str, Any]

OPEN_PORT_FIELDS = frozenset({"type", "player"})
#: The boat ids, as a client writes them (for the refusal of an unknown one).
KINDS = ", ".join(f'"{k}"' for k in BOATS)


def _fields(a: Args, allowed: frozenset[str], kind: str) -> None:
    for key in a:
        if key not in allowed:
            raise refuse("bad_field", str(key), field=str(key), kind=kind)


def open_port_run(t: Table, a: Args) -> Run:
    """``{"type": "open_port", "player"}``: the active player opens their next port."""
    seat = active_seat(t, a)
    _fields(a, OPEN_PORT_FIELDS, "kind.open_port")
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


BOARDS = ("ships", "used_ships")
TAKE_FIELDS = frozenset({"type", "player", "boat", "from", "pay"})
RETURN_FIELDS = frozenset({"type", "player", "boat", "to"})


def _board(t: Table, a: Args, key: str) -> str:
    board = a.get(key, "ships")
    if board not in BOARDS:
        raise refuse("ext.boat_board", key)
    assert isinstance(board, str)
    if board not in t.config.external_markets:
        raise refuse("market_not_in_play", key, market=board)
    return board


def _kind(a: Args) -> str:
    kind = a.get("boat")
    if kind not in BOATS:
        raise refuse("ext.boat_kind", "boat", kind=repr(kind), kinds=KINDS)
    assert isinstance(kind, str)
    return kind


def take_boat_run(t: Table, a: Args) -> Run:
    """``{"type": "take_boat", "player", "boat", "from"?: "ships", "pay"?: true}``."""
    from .markets.external.base import move_stock, stock_left
    from .markets.external.ships import dock_new_boat

    _fields(a, TAKE_FIELDS, "kind.take_boat")
    seat = t.index(a.get("player"))
    kind, board = _kind(a), _board(t, a, "from")
    pay = a.get("pay", True)
    if not isinstance(pay, bool):
        raise refuse("bad_field", "pay", field="pay", kind="kind.take_boat")
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


def return_boat_run(t: Table, a: Args) -> Run:
    """``{"type": "return_boat", "player", "boat", "to"?: "ships"}``: no money."""
    from .markets.external.base import move_stock
    from .markets.external.ships import own_boat, remove_boat

    _fields(a, RETURN_FIELDS, "kind.return_boat")
    seat = t.index(a.get("player"))
    kind, board = _kind(a), _board(t, a, "to")
    run = Run(t)
    remove_boat(run, seat, own_boat(run, seat, kind, "boat"))
    move_stock(run, f"{board}.{kind}", 1)
    run.note("mv.boat_sold", player=run.name(seat), kind=kind, market=board)
    return run


RENTAL_FIELDS = frozenset({"type", "player", "boat"})


def return_rental_run(t: Table, a: Args) -> Run:
    """``{"type": "return_rental", "player", "boat"}``: the rented boat, docked (the rest of
    the fleet carries what is at sea), back to its board; the token back to Boat Rentals."""
    from .fleet import arrangement, kinds_of
    from .markets.external.base import move_stock
    from .markets.external.ships import remove_boat

    seat = active_seat(t, a)
    _fields(a, RENTAL_FIELDS, "kind.return_rental")
    kind = _kind(a)
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


def _applying(run: Callable[[Table, Args], Run]) -> Callable[[Table, Args], Table]:
    def apply(t: Table, a: Args) -> Table:
        return run(t, a).t

    return apply


def register() -> None:
    """Put the fleet's moves into the log's registry and the previews' (once)."""
    from .fishing_boats import discard_run, transfer_run

    runs: dict[str, tuple[Callable[[Table, Args], Run], Callable[[Args, bool], Message]]] = {
        "open_port": (open_port_run, _describe_open_port),
        "discard": (discard_run, _describe_at_sea("history.discard")),
        "transfer": (transfer_run, _describe_at_sea("history.transfer")),
        "take_boat": (take_boat_run, _describe_boat("history.take_boat")),
        "return_boat": (return_boat_run, _describe_boat("history.return_boat")),
        "return_rental": (return_rental_run, _describe_boat("history.return_rental")),
    }
    for kind, (run, describe) in runs.items():
        if kind not in moves.MOVES:
            moves.MOVES[kind] = moves.Move(_applying(run), describe)
            guided.RUNS[kind] = run


register()
