"""What the server draws for a move from the game's seeded randomness, before the rules
see it: the bag draws of a Fishing action, a Purchasing action's clams and oysters, an
auction's lot, an Overseas lot's clams. The draws are recorded in the log with the move,
so the fold replays them; each is seeded by the game's seed and the entry number.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import IllegalAction, Message
from . import auctions as auction_rules
from .markets.external import EXTERNAL
from .table import Table


def rng(seed: object, seq: int) -> random.Random:
    """The randomness of entry ``seq`` of a game with this seed."""
    return random.Random(f"{seed}:{seq}")


def group_of(auction_id: str) -> str:
    """The undo group of an auction's entries: a docking auction (``a17.2``) belongs to the
    Fishing action that triggered it (``a17``), so one undo reverts all of it."""
    return auction_id.split(".", 1)[0]


def server_inputs(
    table: Table, seed: object, kind: str, data: dict[str, Any], seq: int
) -> tuple[dict[str, Any], str | None]:
    """What the server adds to a guided action (entry ``seq``) before the rules see it:
    the bag draws (a seeded shuffle, recorded in the log so the fold replays) and the id
    of the auctions it may trigger, whose entries share the action's undo group."""
    market = EXTERNAL.get(str(data.get("market"))) if kind == "visit" else None
    if market is not None and market.opens_auction:
        # A visit that puts up a lot opens its auction in the visit's undo group, with what
        # the market has the server draw (Overseas: the bag, shuffled).
        def shuffled() -> list[str]:
            bag = sorted(table.bag)
            rng(seed, seq).shuffle(bag)
            return bag

        extra = {"auction_id": f"a{seq}", **market.server_draws(table, shuffled)}
        return {**data, **extra}, f"a{seq}"
    if kind not in ("fishing", "purchase"):
        return data, None
    r = rng(seed, seq)
    if kind == "fishing":
        bag = sorted(table.bag)
        r.shuffle(bag)
        return {**data, "drawn": bag, "auction_id": f"a{seq}"}, f"a{seq}"
    n = sum(
        1
        for b in data.get("barrels", [])
        if isinstance(b, dict) and b.get("fish") in ("clams_oysters", "clam", "oyster")
    )
    bag = list(table.bag)
    draws = []
    for _ in range(n):
        if not any(c in ("clam", "oyster") for c in bag):
            break
        draws.append(draw(bag, "clam|oyster", r))
    return ({**data, "draws": draws} if draws else data), None


def draw(bag: list[str], fish: str, r: random.Random) -> str:
    """A uniform draw among the bag's tokens of one fish (AMB-28); removes it from ``bag``."""
    choices = sorted(c for c in bag if c.split(":")[0] in fish.split("|"))
    if not choices:
        raise IllegalAction(Message("door.bag_empty", {"fish": fish.split("|")[0]}), "drawn")
    pick = r.choice(choices)
    bag.remove(pick)
    return pick


def auction_inputs(table: Table, body: dict[str, Any], r: random.Random) -> dict[str, Any]:
    """The lot of a new auction: drawn tokens (at random unless the table says which),
    the seller's lot, or the Overseas barrels."""
    kind = body.get("kind")
    bag = list(table.bag)
    out: dict[str, Any] = {}
    if kind in ("spider_crab", "tuna"):
        by_hand = body.get("drawn")
        out["drawn"] = str(by_hand) if by_hand else draw(bag, str(kind), r)
        out["draw"] = "by hand" if by_hand else "random"
    elif kind == "swordfish":
        out["drawn"] = "swordfish"
    elif kind in ("auction_market", "barter"):
        out["lot"] = body.get("lot")
    elif kind == "overseas":
        barrels = body.get("barrels")
        out["barrels"] = barrels
        if isinstance(barrels, dict):
            hand = body.get("drawn") or []
            if not isinstance(hand, list):
                raise IllegalAction(Message("door.drawn_list"), "drawn")
            hand = list(hand)
            tokens: list[str] = []
            for fish, per in auction_rules.OVERSEAS_CONVERSIONS.items():
                n = barrels.get(fish, 0)
                if not isinstance(n, int):
                    n = 0
                # Only the tokens left to take (none for the groups the bag or board lacks).
                n -= auction_rules.lot_shortfall(table, {fish: n}).get(fish, 0)
                for _ in range(n // per):
                    if fish == "swordfish":
                        tokens.append("swordfish")
                    else:
                        hand_drawn = [h for h in hand if str(h).startswith(fish)]
                        if hand_drawn:
                            hand.remove(hand_drawn[0])
                            tokens.append(str(hand_drawn[0]))
                        else:
                            tokens.append(draw(bag, fish, r))
            out["drawn"] = tokens
    return out


def settle_draws(table: Table, auction: Any, r: random.Random) -> dict[str, Any]:
    """Clam/oyster draws for the Clams & Oysters barrels of an Overseas lot."""
    n = dict(auction.barrels).get("clams_oysters", 0)
    if not n:
        return {}
    bag = list(table.bag)
    return {"draws": [draw(bag, "clam|oyster", r) for _ in range(n)]}
