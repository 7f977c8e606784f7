"""The turn guide's Free moves panel (templates/game/_turn_free.html): what the rules let a
player do on their turn without spending an action, each with why it is off now."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from ..i18n import name_of
from ..rules.catalogue import FISH_MARKETS
from ..rules.external_catalogue import BOATS, PORT_COVERINGS, PORT_OPEN_YEN
from ..rules.fleet import arrangement, kinds_of
from ..rules.table import Table
from .turn_guide import say


def free_panel(t: Table, seat: int) -> dict[str, Any]:
    """The free moves (turn-and-scoring.md §1: not actions, no AP, any time on your turn):
    opening the next port, sending back a rented boat after its voyage (Boat Rentals),
    giving a Buyer token to another player (Influence), giving licences back to their
    board (free, no refund) — each with why it is off now."""
    p = t.players[seat]
    port: dict[str, Any] | None = None
    if p.ports < PORT_COVERINGS:
        port = {"n": p.ports + 1, "yen": PORT_OPEN_YEN, "short": p.yen < PORT_OPEN_YEN}
    rentals: list[dict[str, Any]] | None = None
    if "boat_rentals" in t.config.external_markets:
        kinds = kinds_of(p)
        seen: dict[str, dict[str, Any]] = {}
        for i, b in enumerate(p.boats):
            if b.rented is None:
                continue
            docked = (
                b.docked
                if t.config.fleet == 2
                else arrangement(kinds, p.ports, p.at_sea, docked={i})
            )
            row = seen.setdefault(
                b.kind,
                {
                    "kind": b.kind,
                    "name": name_of(b.kind),
                    "board": name_of(b.rented),
                    "docked": False,
                },
            )
            row["docked"] = row["docked"] or docked
        rentals = list(seen.values())
    buyer: dict[str, Any] | None = None
    if "influence" in t.config.external_markets:
        buyer = {
            "held": p.items.get("buyer_token", 0),
            "others": [q.name for i, q in enumerate(t.players) if i != seat],
            "given": [t.players[to].name for b, to in t.turn.buyers if b == seat],
        }
    licences = [
        {"market": m, "name": name_of(m, FISH_MARKETS[m].en if m in FISH_MARKETS else m), "n": n}
        for m, n in p.licenses.items()
        if n > 0
    ]
    discard: list[dict[str, Any]] = []
    transfer: list[dict[str, Any]] = []
    sea = [b for b in p.boats if b.where == "sea"]
    if not t.turn.acted:  # only at the start of the turn, before the first action
        for b in sea:
            for fish in sorted(set(b.cargo)):
                discard.append(
                    {
                        "value": urlencode({"boat": b.id, "fish": fish}),
                        "max": b.cargo.count(fish),
                        "label": say(
                            "guide.fleet_discard_one",
                            kind=b.kind,
                            boat=b.id,
                            no=b.id[1:],
                            market=fish,
                            count=b.cargo.count(fish),
                        ),
                    }
                )

    for barge in (x for x in sea if BOATS[x.kind].barge):
        room = BOATS[barge.kind].slots - len(barge.cargo)
        for b in sea:
            if BOATS[b.kind].barge or b.rented or b.himono or not room:
                continue
            for fish in sorted(set(b.cargo)):
                if fish == "salmon" and "salmon" in barge.cargo:
                    continue
                transfer.append(
                    {
                        "value": urlencode({"from": b.id, "to": barge.id, "fish": fish}),
                        "max": min(room, b.cargo.count(fish)),
                        "label": say(
                            "guide.fleet_transfer_one",
                            kind=b.kind,
                            boat=b.id,
                            no=b.id[1:],
                            market=fish,
                            barge=barge.id,
                            barge_no=barge.id[1:],
                        ),
                    }
                )
    return {
        "port": port,
        "ports": p.ports,
        "rentals": rentals,
        "buyer": buyer,
        "licences": licences,
        "discard": discard,
        "transfer": transfer,
        "acted": t.turn.acted,
        "texts": {
            "discard": say("guide.fleet_discard"),
            "discard_when": say("guide.fleet_discard_when"),
            "transfer": say("guide.fleet_transfer"),
            "transfer_none": say("guide.fleet_transfer_none"),
            "count": say("guide.fleet_count"),
        },
    }
