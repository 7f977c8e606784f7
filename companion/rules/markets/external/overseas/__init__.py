"""Overseas (海外), Expansion: only while docking in a Fishing action, ¥100 per visit. The
boats of the visit dock at Overseas instead of your ports, and all their barrels make one
lot: 2 Spider Crab barrels become a token from the bag, 3 Tuna a token from the bag, 2
Swordfish a token from the board (leftovers back, uncompensated); the Eel marker moves up
1 per Eel barrel before bidding (AMB-49). Every player bids, you too; the winner takes 1
token per remaining barrel plus the converted tokens; if you win you pay the supply, else
the winner pays you. No docking bonus (external-markets.md §12, auctions.md §5). A barrel
(or a group to convert) whose fish has no token left gives none, said in the preview, so
the lot always settles (``auctions.lot_shortfall``, AMB-49).

The visit is recorded as the Fishing action that docks those boats at Overseas: it spends
that Fishing action's 1 AP besides the ¥100 (TC-06); with boats placed, the boats at sea
carrying exactly those barrels dock there. A ``fishing`` boat by boat docks at Overseas and
at home in one action (``"at": "overseas"``, rules/fishing_boats.py).
``{"entry": "yen", "barrels": {MARKET: n}}`` out of what is at sea.
The server adds the bag, shuffled with the game's seed, for the draws (``drawn``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from .....engine.args import SERVER
from ....args import Counts
from ....auction_moves import OpenAuction, open_auction
from ....auctions import OVERSEAS_CONVERSIONS, lot_shortfall
from ....cardlines import Line, line
from ....cargo import boats_carrying
from ....catalogue import FISHING_AP, OVERSEAS_ENTRY, EntryOption
from ....fleet import set_fleet
from ....ledger import Run, refuse, short_of_yen
from ....markets import MARKETS
from ....messages import Message
from ....setup import GameConfig
from ....table import OVERSEAS, Table
from ...base import whole
from ..auction import auction_id
from ..base import External
from ..pieces import Named


@dataclass(frozen=True, kw_only=True)
class Docking:
    """Its visit: the barrels at sea docked there, as one lot; the server draws the tokens
    they convert into and names the auction."""

    barrels: Counts | None = None
    drawn: tuple[str, ...] | None = field(default=None, metadata=SERVER)
    auction_id: str | None = field(default=None, metadata=SERVER)


class Overseas(External):
    id = "overseas"
    fields = Docking
    hint = "ext.hint.overseas"
    panel_name: ClassVar[str | None] = "overseas"
    opens_auction = True

    def server_draws(self, t: Table, shuffled: Callable[[], list[str]]) -> dict[str, Any]:
        # Its converted tokens come from the bag, shuffled as for a Fishing action.
        return {"drawn": shuffled()}

    def pays_own_entry(self) -> bool:
        return True

    def pay_entry(self, run: Run, seat: int, entry: object) -> None:
        if entry != "yen":
            raise refuse(
                "entry_not_printed",
                "entry",
                market=self.id,
                entry=f"entry.{entry}" if isinstance(entry, str) else "entry.token",
                options=[Message("entry.option_yen", {"amount": OVERSEAS_ENTRY})],
            )
        run.spend_ap(seat, FISHING_AP, Message("what.fishing", {}))

    def entry_shown(self, t: Table) -> tuple[EntryOption, ...]:
        return (EntryOption("yen", OVERSEAS_ENTRY),)

    def panel(self, t: Table, seat: int, tokens: list[dict[str, Any]]) -> Any:
        at_sea = t.players[seat].at_sea
        return {
            "rows": [
                {"name": f"barrels.{k}", "label": Named(k), "max": n}
                for k, n in at_sea.items()
                if n
            ]
        }

    def interact(self, run: Run, seat: int, a: Docking) -> bool:
        raw = a.barrels
        if raw is None:
            return False
        p = run.player(seat)
        barrels: dict[str, int] = {}
        for market, n in raw.items():
            if market not in MARKETS or market not in run.t.config.fish_markets:
                raise refuse("market_not_in_play", f"barrels.{market}", market=str(market))
            n = whole(n, f"barrels.{market}", 0)
            if n > p.at_sea.get(str(market), 0):
                raise refuse(
                    "unload_more_than_at_sea",
                    f"barrels.{market}",
                    player=p.name,
                    at_sea=p.at_sea.get(str(market), 0),
                    market=market,
                    want=n,
                )
            if n:
                barrels[str(market)] = n
        if not barrels:
            raise refuse("ext.overseas_barrels", "barrels")
        if p.yen < OVERSEAS_ENTRY:
            what = Message("what.entry_yen", {"market": self.id})
            raise short_of_yen(run.t, seat, OVERSEAS_ENTRY, what, "entry")
        if run.t.config.fleet == 2:
            # Boats placed: the boats at sea carrying exactly these barrels dock here
            # (rules/fishing_boats.py; a Fishing action names them: "at": "overseas").
            docking = boats_carrying(run, seat, barrels, "barrels")
            boats = [
                replace(b, where=OVERSEAS, cargo=(), himono=0) if i in docking else b
                for i, b in enumerate(p.boats)
            ]
            set_fleet(run, seat, boats)
        else:
            at_sea = {m: k - barrels.get(m, 0) for m, k in p.at_sea.items()}
            himono = {m: min(k, at_sea.get(m, 0)) for m, k in p.himono_at_sea.items()}
            run.set_player(
                seat,
                at_sea={m: k for m, k in at_sea.items() if k},
                himono_at_sea={m: k for m, k in himono.items() if k},
            )
        for market, n in barrels.items():
            run.note("mv.overseas_dock", player=p.name, count=n, market=market)
            run.barrels_back(market, n)
        short = lot_shortfall(run.t, barrels)
        for market, n in short.items():
            run.note("mv.overseas_short", market=market, count=n)
        pool = list(a.drawn or ())
        drawn: list[str] = []
        for fish, per in OVERSEAS_CONVERSIONS.items():
            need = (barrels.get(fish, 0) - short.get(fish, 0)) // per
            if fish == "swordfish":
                drawn += ["swordfish"] * need
                continue
            codes = [c for c in pool if c.split(":")[0] == fish][:need]
            if len(codes) < need:
                raise refuse("draw_needed", "drawn", kind=self.id, fish=fish)
            drawn += codes
        eel = run.t.values.eel
        aid = auction_id(run, a.auction_id)
        run.t = open_auction(
            run.t,
            OpenAuction(
                id=aid, kind="overseas", owner=p.name, barrels=dict(barrels), drawn=tuple(drawn)
            ),
        )
        run.note("mv.yen", payer=p.name, payee="supply", amount=OVERSEAS_ENTRY, reason="entry")
        if run.t.values.eel != eel:
            run.note("mv.track", track="eel", before=eel, after=run.t.values.eel)
        run.note("mv.auction_opens", kind="overseas", auction=aid)
        return True

    def card_lines(self, section: str, config: GameConfig | None) -> list[Line]:
        eel = MARKETS["eel"].numbers["track_per_barrel_for_sale"]
        if section == "sells":
            return [line("rc.overseas.result")]
        if section == "special":
            return [
                *(
                    line(
                        f"rc.overseas.convert_{'board' if fish == 'swordfish' else 'bag'}",
                        count=count,
                        market=fish,
                    )
                    for fish, count in OVERSEAS_CONVERSIONS.items()
                ),
                line("rc.overseas.eel", "reading", "AMB-49", count=eel),
                line("rc.overseas.bids", "reading", "AMB-49"),
                line("rc.overseas.no_bonus"),
            ]
        return []

    def card_entry(self, config: GameConfig | None) -> list[Line]:
        return [line("rc.overseas.entry", "reading", "TC-06", amount=OVERSEAS_ENTRY, ap=FISHING_AP)]


MARKET = Overseas()
