"""Per-viewer views of a game: the only thing templates, JSON and the live stream see.

Whatever is secret for a viewer (another player's Yen with closed money; later, sealed
bids) is left out here, so no page, fragment, JSON body or stream event can carry it.
"""

from __future__ import annotations

from typing import Any

from .eventlog import Event, GameState, redoable
from .identity import Identity
from .rules.auctions import KINDS, receipt, settlement
from .rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, RED_SNAPPER_GRID, TOKEN_NAMES
from .rules.endgame import check_end
from .rules.moves import MOVES, describe
from .rules.resources import red_snapper_value, resources_by_fish, salmon_in_game
from .rules.setup import COLOR_HEX
from .rules.table import SPACE_ITEMS, Table


def yen_visible(table: Table, viewer: Identity | None, seat: int) -> bool:
    """Open money, the end of the game, or your own Yen."""
    if table.config.money == "open" or table.turn.finished:
        return True
    return viewer is not None and viewer.seat == seat


def _fish_rows(table: Table, seat: int, salmon: int) -> list[dict[str, Any]]:
    fish = table.players[seat].fish
    values = resources_by_fish(fish, table.values, salmon)
    rows = []
    for key in fish.held():
        detail = ""
        if key == "salmon":
            detail = f"{fish.salmon_fresh} fresh, {fish.salmon_degraded} degraded"
        elif key in ("spider_crab", "tuna"):
            detail = " + ".join(str(v) for v in getattr(fish, key))
        rows.append(
            {
                "key": key,
                "name": TOKEN_NAMES[key],
                "count": fish.count(key),
                "detail": detail,
                "resources": values[key],
            }
        )
    return rows


#: History entries in a view; the whole log is at /api/games/<id>/events.
HISTORY_IN_VIEW = 25
PHONE_HISTORY = 10


def history_rows(
    state: GameState, viewer: Identity | None, limit: int | None = HISTORY_IN_VIEW
) -> list[dict[str, Any]]:
    """The newest entries first; reading a view costs the same however long the log is.
    With open money every viewer reads the same lines, so they are made once per state
    (a state never changes); with closed money once per state and viewer."""
    table = state.table
    names = table.config.players
    me = names[viewer.seat] if viewer is not None and viewer.seat is not None else None
    key = (limit, me if table.config.money == "closed" and not table.turn.finished else None)
    cache: dict[Any, list[dict[str, Any]]] = state.__dict__.setdefault("_history_rows", {})
    if key not in cache:
        cache[key] = _history_rows(state, me, limit)
    return [dict(row) for row in cache[key]]


def _history_rows(state: GameState, me: str | None, limit: int | None) -> list[dict[str, Any]]:
    table = state.table
    events = state.events if limit is None else state.events[-limit:]
    rows = []
    for e in reversed(events):
        if e.type == "undo":
            targets = e.data.get("targets", [])
            text = (
                "Undo: " + describe_event(state.events[targets[0] - 1], table, me)
                if len(targets) == 1
                else f"Undo back to entry {min(targets)} ({len(targets)} entries)"
            )
        elif e.type == "redo":
            text = f"Redo of {len(e.data.get('targets', []))} entr" + (
                "y" if len(e.data.get("targets", [])) == 1 else "ies"
            )
        else:
            text = describe_event(e, table, me)
        rows.append(
            {
                "seq": e.seq,
                "type": e.type,
                "text": text,
                "actor": e.actor,
                "at": e.created_at,
                "undone": e.undone_by is not None,
                "correction": e.correction,
                "meta": e.meta,
            }
        )
    return rows


def describe_event(e: Event, table: Table, me: str | None) -> str:
    action = {**e.data, "type": e.type}
    show = True
    if (
        table.config.money == "closed"
        and not table.turn.finished
        and MOVES.get(e.type, MOVES["pay"]).moves_yen
    ):
        show = me is not None and me in (e.data.get("from"), e.data.get("to"))
    return describe(action, show_yen=show)


def auction_view(
    auction: Any, table: Table, viewer: Identity | None, own: tuple[int, str] | None = None
) -> dict[str, Any]:
    """One auction as a viewer may see it: before the reveal, who has bid and never how
    much (only the viewer's own bid, from ``own``)."""
    names = table.config.players
    seat = viewer.seat if viewer is not None else None
    view: dict[str, Any] = {
        "id": auction.id,
        "kind": auction.kind,
        "kind_name": KINDS[auction.kind],
        "owner": names[auction.owner],
        "status": auction.status,
        "lot": [t.label() for t in auction.lot],
        "barrels": [{"market": m, "count": n} for m, n in auction.barrels],
        "fee": auction.fee,
        "note": auction.note,
        "eligible": [names[s] for s in auction.eligible],
        "sealed": [names[s] for s in auction.eligible if s in auction.sealed],
        "missing": [names[s] for s in auction.missing] if auction.status == "open" else [],
        "i_am_owner": seat == auction.owner,
        "can_bid": auction.status == "open" and seat in auction.eligible,
        "can_reveal": auction.status == "open"
        and ((viewer is not None and viewer.is_host) or seat == auction.owner),
        "can_choose": auction.status == "revealed"
        and ((viewer is not None and viewer.is_host) or seat == auction.owner),
    }
    if own is not None and seat is not None and seat in auction.eligible:
        view["my_bid"] = {"amount": own[0], "receipt": own[1]}
    if auction.status != "open":
        receipts = {s: (n, r) for s, n, r in auction.receipts}
        rows = []
        for s, amount in auction.bids:
            nonce, code = receipts.get(s, ("", ""))
            void = s in auction.void
            rows.append(
                {
                    "name": names[s],
                    "amount": amount,
                    "void": void,
                    "receipt": code,
                    "nonce": nonce,
                    "sealed": bool(code),
                    # Checked against the sealed amount (a void bid was sealed, then exceeded
                    # the bidder's Yen, so its receipt is for the original amount).
                    "verified": bool(code)
                    and (void or receipt(auction.id, s, amount, nonce) == code),
                }
            )
        view["bids"] = rows
        view["highest"] = auction.highest
        view["tied"] = [names[s] for s in auction.tied] if auction.status == "revealed" else []
        view["choices"] = (
            [names[s] for s in auction.eligible] if auction.kind == "barter" else view["tied"]
        )
    if auction.status == "settled":
        view["winner"] = None if auction.winner is None else names[auction.winner]
        view["declined"] = auction.declined
        view["result"] = _auction_result(auction, table)
    return view


def _auction_result(auction: Any, table: Table) -> str:
    names = table.config.players
    if auction.winner is None:
        return "The seller declined every offer; the lot goes back."
    w = names[auction.winner]
    amount = auction.bid_of(auction.winner) or 0
    delta, supply = settlement(auction.kind, auction.owner, auction.winner, amount, len(names))
    parts = [f"{w} wins with ¥{amount:,}."]
    moves = [f"{names[s]} {'+' if d > 0 else '−'}¥{abs(d):,}" for s, d in enumerate(delta) if d]
    if moves:
        parts.append(
            ", ".join(moves)
            + (f"; the supply {'+' if supply > 0 else '−'}¥{abs(supply):,}" if supply else "")
            + "."
        )
    return " ".join(parts)


def game_view(
    state: GameState,
    viewer: Identity | None,
    connected: set[str] | None = None,
    own_bids: dict[str, tuple[int, str]] | None = None,
) -> dict[str, Any]:
    """Everything one viewer may see of a game, as plain data. ``own_bids`` are the
    viewer's own sealed bids (auction id → amount, receipt), and nobody else's."""
    table = state.table
    cfg = table.config
    connected = connected or set()
    resources = table.resources()
    salmon = salmon_in_game([p.fish for p in table.players])
    yens = [p.yen for p in table.players]
    turn = table.turn

    players = []
    for i, p in enumerate(table.players):
        visible = yen_visible(table, viewer, i)
        check = check_end(yens, resources, i)
        players.append(
            {
                "seat": i,
                "name": p.name,
                "color": p.color,
                "color_hex": COLOR_HEX[p.color],
                "yen": p.yen if visible else None,
                "licenses": [
                    {"market": m, "name": FISH_MARKETS[m].en, "count": n}
                    for m, n in sorted(p.licenses.items())
                ],
                "space_items": [
                    {"item": k, "name": SPACE_ITEMS[k], "count": n}
                    for k, n in sorted(p.items.items())
                ],
                "spaces_used": p.spaces_used,
                "loans": p.loans,
                "shares": p.shares,
                "fish": _fish_rows(table, i, salmon),
                "resources": resources[i],
                "nori_value": (
                    resources[i] - resources_by_fish(p.fish, table.values, salmon).get("nori", 0)
                )
                // 10,
                "harbor": p.harbor_json(),
                "at_sea": dict(p.at_sea),
                # The fleet and the ports opened (docs/actions.md, "External markets").
                "boats": [b.to_json() for b in p.boats],
                "ports": p.ports,
                "connected": str(i) in connected,
                "is_me": viewer is not None and viewer.seat == i,
                "is_current": turn.number > 0 and not turn.finished and turn.current == i,
                "end": {
                    "resources_short": check.resources_short,
                    "yen_short": check.yen_short if visible else None,
                    "lowest_resources": check.lowest_resources,
                    "lowest_yen": check.lowest_yen if cfg.money == "open" else None,
                },
            }
        )

    values = table.values
    remaining = values.red_snapper_remaining
    markets = {
        "fish": [
            {
                "id": m,
                "name": FISH_MARKETS[m].en,
                "ja": FISH_MARKETS[m].ja,
                "overfished": m in values.overfished,
                "licenses_left": table.board_licenses.get(m),
                "tokens_left": (table.board_tokens.get(m) if m != "red_snapper" else remaining),
                "barrels_left": table.board_barrels.get(m),
            }
            for m in cfg.fish_markets
        ],
        "external": [
            {"id": m, "name": EXTERNAL_MARKETS[m].en, "ja": EXTERNAL_MARKETS[m].ja}
            for m in cfg.external_markets
        ],
        "eel": values.eel if "eel" in cfg.fish_markets else None,
        "swordfish": values.swordfish if "swordfish" in cfg.fish_markets else None,
        "red_snapper": (
            {
                "remaining": remaining,
                "value": red_snapper_value(remaining, "red_snapper" in values.overfished),
                "next_printed": RED_SNAPPER_GRID[len(RED_SNAPPER_GRID) - remaining]
                if remaining
                else None,
            }
            if "red_snapper" in cfg.fish_markets
            else None
        ),
        "salmon_fresh_value": salmon if "salmon" in cfg.fish_markets else None,
        "bag": _bag_counts(table.bag),
        "stock": dict(table.stock),
        # Tokens on the external boards' places, which stay there.
        "places": {k: list(v) for k, v in table.places.items() if v},
    }

    last = turn.last_check
    turn_view: dict[str, Any] = {
        "number": turn.number,
        "current": cfg.players[turn.current],
        "current_seat": turn.current,
        "started": turn.number > 0,
        "triggered_by": None if turn.triggered_by is None else cfg.players[turn.triggered_by],
        "final_turns": [cfg.players[s] for s in turn.final_turns],
        "finished": turn.finished,
        "check": None
        if last is None
        else {
            "player": cfg.players[last.player],
            "triggered": last.triggered,
            "reason": last.reason,
            "text": _check_text(
                last,
                cfg.players[last.player],
                table,
                viewer,
                [cfg.players[s] for s in turn.final_turns],
            ),
        },
        "revealed_yen": (
            None
            if turn.revealed_yen is None
            else {cfg.players[i]: y for i, y in enumerate(turn.revealed_yen)}
        ),
    }

    own_bids = own_bids or {}
    # The newest five: an open auction is always the newest (one at a time), and a long
    # game's old auctions do not make every view slower.
    auctions = [
        auction_view(a, table, viewer, own_bids.get(a.id))
        for a in list(table.auctions.values())[-5:]
    ]
    view: dict[str, Any] = {
        "id": state.id,
        "auction": next((a for a in auctions if a["status"] != "settled"), None),
        "auctions": auctions,
        "seq": state.version,
        # The active player's action points and whether start-of-turn choices are waiting
        # (shared/spec/flows.md); None before the first turn and after the end.
        "ap_left": turn.ap_left if turn.number > 0 and not turn.finished else None,
        "phase": turn.phase if turn.number > 0 and not turn.finished else None,
        "rules_version": state.rules_version,
        "money": cfg.money,
        "expansion": cfg.expansion,
        "variants": list(cfg.variants),
        "viewer": None
        if viewer is None
        else {
            "role": viewer.role,
            "seat": viewer.seat,
            "name": "host" if viewer.seat is None else cfg.players[viewer.seat],
        },
        "players": players,
        "markets": markets,
        "turn": turn_view,
        # A phone shows the 10 newest entries, the table screen and the API 25.
        "history": history_rows(
            state, viewer, HISTORY_IN_VIEW if viewer is None or viewer.is_host else PHONE_HISTORY
        ),
        "history_total": len(state.events),
        "host_connected": "host" in connected,
    }
    if viewer is not None and viewer.is_host:
        view["can_undo"] = any(not e.meta and e.undone_by is None for e in reversed(state.events))
        view["can_redo"] = redoable(state) is not None
    report = table.score()
    if turn.finished:
        view["score"] = report.to_json()
    elif viewer is not None and viewer.seat is not None:
        mine = report.players[viewer.seat]
        view["if_ended_now"] = {
            "steps": dict(mine.steps),
            "final_yen": mine.final_yen,
            "rank": mine.rank if cfg.money == "open" else None,
        }
    return view


def _check_text(
    check: Any, name: str, table: Table, viewer: Identity | None, still: list[str]
) -> str:
    """The start-of-turn announcement; with closed money, Yen figures only where public.
    A trigger does not end the game at once: the final round follows (``still``: who
    still plays, in order)."""
    text: str = check.explain(name)
    if check.triggered:
        head = text.rsplit(":", 1)[0]
        if still:
            return (
                f"{head}: the end is triggered. A final round follows: "
                f"{', '.join(still)} still play{'s' if len(still) == 1 else ''} one more turn."
            )
        return f"{head}: the end is triggered."
    if (
        table.config.money == "closed"
        and not yen_visible(table, viewer, check.player)
        and check.reason is None
        and check.yen_short
    ):
        return f"{name} does not end the game: play goes on."
    return text


def _bag_counts(bag: tuple[str, ...]) -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    for code in bag:
        counts[code] = counts.get(code, 0) + 1
    rows = []
    for code, n in sorted(counts.items()):
        fish, _, value = code.partition(":")
        rows.append(
            {
                "code": code,
                "fish": fish,
                "name": TOKEN_NAMES.get(fish, fish),
                "value": int(value) if value else None,
                "count": n,
            }
        )
    return rows
