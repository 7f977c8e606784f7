"""What the table does by itself after every change, whatever brought the change about
(a bookkeeping move, a guided action, an auction settling): the one hook
``moves.apply`` runs on each move's result, and ``guided.preview`` on each preview.

- A fish market that became Overfished is replaced from the box at once (setup.md §7;
  Horse Mackerel brings Mackerel first: ``entering.replace_overfished``).
- With the crash variant, each external market that now meets its crash condition
  crashes and brings an external market (``crash.crash``).

All of it belongs to the action that caused it (one unit of undo), and a board that
enters may itself be replaced or crash in turn, until nothing more happens.
"""

from __future__ import annotations

from . import crash, entering
from .messages import Message
from .table import Arrival, Crash, Table


def settle(before: Table, after: Table) -> Table:
    """``after`` (the move's result, from ``before``) with every replacement and crash it
    calls for."""
    t = after
    handled = set(before.values.overfished)
    while True:
        fresh = [m for m in t.config.fish_markets if m in t.values.overfished and m not in handled]
        if fresh:
            handled.add(fresh[0])
            t = entering.replace_overfished(t, fresh[0])
            continue
        due = crash.due(t)
        if due:
            t = crash.crash(t, due[0])
            continue
        return t


def notes(before: Table, after: Table) -> list[Message]:
    """The crashes and arrivals ``after`` has that ``before`` has not, as sentences, in
    the order they happened (a crash before the market it brought)."""
    return happenings(after.crashes[len(before.crashes) :], entering.new_arrivals(before, after))


def preview_notes(before: Table, after: Table) -> list[Message]:
    """:func:`notes` as a preview tells them: a board drawn at random from the box is said
    to be drawn, never which (``entering.drawn_unseen``)."""
    new = entering.new_arrivals(before, after)
    said: list[Message | None] = []
    for k, a in enumerate(new):
        unseen = entering.drawn_unseen(after, new, k)
        if unseen is None:
            said.append(None)
        else:
            said.append(entering.drawn_message(a) if unseen else entering.arrival_message(a))
    return happenings(after.crashes[len(before.crashes) :], new, said)


def notes_at(t: Table, at: int) -> list[Message]:
    """The crashes and arrivals of the action with index ``at`` (for its history line)."""
    return happenings(
        tuple(c for c in t.crashes if c.at == at), tuple(a for a in t.arrivals if a.at == at)
    )


def happenings(
    crashes: tuple[Crash, ...],
    arrivals: tuple[Arrival, ...],
    said: list[Message | None] | None = None,
) -> list[Message]:
    """Crashes and arrivals as sentences, each crash told just before the board it brought
    (``said``: each arrival's sentence, None to leave it untold; by default its own)."""
    out: list[Message] = []
    told: set[str] = set()
    by_market = {c.market: c for c in crashes}
    for k, a in enumerate(arrivals):
        if a.cause == "crash" and a.trigger in by_market and a.trigger not in told:
            told.add(a.trigger)
            out.append(crash.crash_message(by_market[a.trigger]))
        line = entering.arrival_message(a) if said is None else said[k]
        if line is not None:
            out.append(line)
    for c in crashes:
        if c.market not in told:
            out.append(crash.crash_message(c))
    return out
