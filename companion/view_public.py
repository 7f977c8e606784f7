"""The public view of a board game's state: what anyone at the table may see, made once
per state (and set of connected devices), with what only some viewers may see (each
player's Yen with closed money) held apart for :func:`companion.views.game_view` to hand
to the viewer it belongs to."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .eventlog import GameState, redoable
from .i18n import current_lang
from .identity import Identity
from .rules.catalogue import FISH_MARKETS, TOKEN_NAMES
from .rules.endgame import check_end
from .rules.messages import Message, render
from .rules.resources import resources_by_fish, salmon_in_game
from .rules.setup import COLOR_HEX
from .rules.table import SPACE_ITEMS, Table
from .view_auctions import _auction_for, _auction_public, ja_name
from .view_history import HISTORY_IN_VIEW, history_lines
from .view_markets import markets_view


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
            detail = render(
                Message(
                    "view.salmon_detail",
                    {"fresh": fish.salmon_fresh, "degraded": fish.salmon_degraded},
                ),
                current_lang(),
            )
        elif key in ("spider_crab", "tuna"):
            detail = " + ".join(str(v) for v in getattr(fish, key))
        rows.append(
            {
                "key": key,
                "name": TOKEN_NAMES[key],
                "ja": ja_name(key),
                "count": fish.count(key),
                "detail": detail,
                "resources": values[key],
            }
        )
    return rows


@dataclass(frozen=True)
class _Shared:
    """What every view of one state starts from, made once per state (and set of connected
    devices). ``view`` is the public view: what anyone at the table may see. The other
    fields hold what only some viewers may see, each handed out by :func:`game_view` to
    the viewer it belongs to, and never put into the public view."""

    view: dict[str, Any]
    #: Every player's Yen and shortfall to the end (a viewer gets their own).
    yen: tuple[int, ...]
    yen_short: tuple[int | None, ...]
    #: The newest five auctions with their public views.
    auctions: tuple[tuple[Any, dict[str, Any]], ...]
    #: For the table screen.
    can_undo: bool
    can_redo: bool
    version: int = 0
    #: What each player's public entry was made from (see :func:`_same_player`).
    player_inputs: tuple[tuple[Any, ...], ...] = ()


#: Each game's newest shared view (per language). The next state's public view takes
#: from it every player entry made from the same inputs (the same objects, so whatever a page builds
#: from an entry is found again at once): a change rebuilds only what it changed. Kept
#: for the games used last only, as the store keeps their folds (store.GAMES_KEPT, in two
#: languages): one entry for every game ever opened grew the server game after game
#: (issue #17). A game forgotten here only builds its next view whole.
NEWEST_KEPT = 2 * 64
_newest: OrderedDict[tuple[str, str], _Shared] = OrderedDict()
_newest_lock = threading.Lock()


def _same_player(old: tuple[Any, ...], new: tuple[Any, ...]) -> bool:
    """Whether two player entries were made from the same inputs: the same (immutable)
    player, and equal market values, Salmon value, Resources, visibility, end check,
    turn and connection."""
    return old[0] is new[0] and old[1:] == new[1:]


def _make_shared(state: GameState, connected: frozenset[str]) -> _Shared:
    """The public view of a state (every player's Yen left out where money is closed, no
    sealed bid, no viewer's rights), and beside it what only some viewers may see."""
    table = state.table
    cfg = table.config
    resources = table.resources()
    salmon = salmon_in_game([p.fish for p in table.players])
    yens = [p.yen for p in table.players]
    turn = table.turn

    # One per game and language: an entry's Salmon line is worded in the language.
    newest_key = (state.id, current_lang())
    before = _newest.get(newest_key)
    players: list[dict[str, Any]] = []
    shorts: list[int | None] = []
    inputs: list[tuple[Any, ...]] = []
    for i, p in enumerate(table.players):
        visible = yen_visible(table, None, i)
        check = check_end(yens, resources, i)
        shorts.append(check.yen_short)
        is_current = turn.number > 0 and not turn.finished and turn.current == i
        made_from = (
            p,
            table.values,
            salmon,
            resources[i],
            visible,
            check,
            is_current,
            str(i) in connected,
        )
        inputs.append(made_from)
        if (
            before is not None
            and i < len(before.player_inputs)
            and _same_player(before.player_inputs[i], made_from)
        ):
            players.append(before.view["players"][i])
            continue
        players.append(
            {
                "seat": i,
                "name": p.name,
                "color": p.color,
                "color_hex": COLOR_HEX[p.color],
                "yen": p.yen if visible else None,
                "licenses": [
                    {"market": m, "name": FISH_MARKETS[m].en, "ja": FISH_MARKETS[m].ja, "count": n}
                    for m, n in sorted(p.licenses.items())
                ],
                "space_items": [
                    {"item": k, "name": SPACE_ITEMS[k], "ja": ja_name(k), "count": n}
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
                "is_me": False,
                "is_current": is_current,
                "end": {
                    "resources_short": check.resources_short,
                    "yen_short": check.yen_short if visible else None,
                    "lowest_resources": check.lowest_resources,
                    "lowest_yen": check.lowest_yen if cfg.money == "open" else None,
                },
            }
        )

    markets = markets_view(table, salmon)

    last = turn.last_check
    turn_view: dict[str, Any] = {
        "number": turn.number,
        "current": cfg.players[turn.current],
        "current_seat": turn.current,
        "started": turn.number > 0,
        "triggered_by": None if turn.triggered_by is None else cfg.players[turn.triggered_by],
        "final_turns": [cfg.players[s] for s in turn.final_turns],
        "finished": turn.finished,
        # Influence's Buyer tokens (rules/buyer.py): the purchase open between two turns,
        # and the tokens given and still waiting.
        "buyer": None
        if turn.buying is None
        else {"buyer": cfg.players[turn.buying[0]], "after": cfg.players[turn.buying[1]]},
        "buyers": [{"buyer": cfg.players[b], "to": cfg.players[to]} for b, to in turn.buyers],
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
                None,
                [cfg.players[s] for s in turn.final_turns],
            ),
        },
        "revealed_yen": (
            None
            if turn.revealed_yen is None
            else {cfg.players[i]: y for i, y in enumerate(turn.revealed_yen)}
        ),
    }

    # The newest five: an open auction is always the newest (one at a time), and a long
    # game's old auctions do not make every view slower.
    auctions = tuple((a, _auction_public(a, table)) for a in list(table.auctions.values())[-5:])
    public_auctions = [_auction_for(pub, a, None, None) for a, pub in auctions]
    view: dict[str, Any] = {
        "id": state.id,
        "auction": next((a for a in public_auctions if a["status"] != "settled"), None),
        "auctions": public_auctions,
        "seq": state.version,
        # The active player's action points and whether start-of-turn choices are waiting
        # (shared/spec/flows.md); None before the first turn and after the end.
        "ap_left": turn.ap_left if turn.number > 0 and not turn.finished else None,
        "phase": turn.phase if turn.number > 0 and not turn.finished else None,
        "rules_version": state.rules_version,
        "money": cfg.money,
        "expansion": cfg.expansion,
        "variants": list(cfg.variants),
        "viewer": None,
        "players": players,
        "markets": markets,
        "turn": turn_view,
        "history": history_lines(state, None, HISTORY_IN_VIEW),
        "history_total": len(state.events),
        "host_connected": "host" in connected,
    }
    if turn.finished:
        view["score"] = table.score().to_json()
    shared = _Shared(
        view=view,
        yen=tuple(yens),
        yen_short=tuple(shorts),
        auctions=auctions,
        can_undo=any(not e.meta and e.undone_by is None for e in reversed(state.events)),
        can_redo=redoable(state) is not None,
        version=state.version,
        player_inputs=tuple(inputs),
    )
    if before is None or before.version <= state.version:
        with _newest_lock:
            _newest[newest_key] = shared
            _newest.move_to_end(newest_key)
            while len(_newest) > NEWEST_KEPT:
                _newest.popitem(last=False)
    return shared


def _check_text(
    check: Any, name: str, table: Table, viewer: Identity | None, still: list[str]
) -> str:
    """The start-of-turn announcement in the request's language; with closed money, Yen
    figures only where public. A trigger does not end the game at once: the final round
    follows (``still``: who still plays, in order)."""
    lang = current_lang()
    if check.triggered:
        why = Message(
            "view.end_why_yen" if check.reason == "yen" else "view.end_why_resources",
            check.message(name).values,
        )
        if still:
            return render(
                Message("view.end_final_round", {"why": why, "still": still, "count": len(still)}),
                lang,
            )
        return render(Message("view.end_triggered", {"why": why}), lang)
    if (
        table.config.money == "closed"
        and not yen_visible(table, viewer, check.player)
        and check.reason is None
        and check.yen_short
    ):
        return render(Message("view.end_goes_on", {"player": name}), lang)
    return render(check.message(name), lang)
