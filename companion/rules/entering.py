"""Markets that enter during the game (setup.md §7, §8): which board comes out of the box,
and setting it up as at the start.

A market drawn mid-game comes at random from the boards of its kind still in the box
(seeded by the game's seed and the entry, so a replay draws the same), or, with the
*known market order* variant, the next of that kind's queue laid out at setup (TC-08). An
empty box brings nothing (AMB-23).

Three things bring a board: a fish market becoming Overfished (a fish market replaces it;
Horse Mackerel Overfished while Mackerel is not in play brings Mackerel first), an
Expansion token (Influence), and an external market crashing (crash variant,
rules/crash.py). Every arrival, and every draw that found the box empty, is recorded on
the table (``Table.arrivals``) with the action that caused it, for the history and the
table screen.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .catalogue import BASE_FISH, EXPANSION_FISH, EXTERNAL_MARKETS, FISH_MARKETS
from .errors import IllegalAction
from .external_catalogue import table_stock
from .markets import MARKETS
from .messages import Message
from .setup import GameConfig, bag_contents, board_figure
from .table import Arrival, Table, fish_board_tokens

KINDS = ("fish", "external")


def partner(market: str) -> str | None:
    """The board that always plays with this one (Aquarium and New Aquarium: setup.md
    §2.2, AMB-51), printed in the catalogue."""
    e = EXTERNAL_MARKETS.get(market)
    return None if e is None else e.partner


def all_boards(config: GameConfig, kind: str) -> tuple[str, ...]:
    """Every board of this kind the game may use (the Expansion's only with it; no Auction
    under 3 players: setup.md §2.2)."""
    if kind == "fish":
        return BASE_FISH + (EXPANSION_FISH if config.expansion else ())
    return tuple(
        m
        for m, e in EXTERNAL_MARKETS.items()
        if (config.expansion or not e.expansion) and config.player_count >= e.min_players
    )


def _playing(config: GameConfig, kind: str) -> tuple[str, ...]:
    return config.fish_markets if kind == "fish" else config.external_markets


def in_box(t: Table, kind: str) -> tuple[str, ...]:
    """The boards of this kind not in play, in the catalogue's order."""
    playing = _playing(t.config, kind)
    return tuple(m for m in all_boards(t.config, kind) if m not in playing)


def known_order(config: GameConfig, kind: str) -> tuple[str, ...]:
    """The *known market order* queue of this kind (setup.md §8): the boards still in the
    box, in the order laid out face up at setup. Every board of the kind is shuffled with
    the game's seed once, and the queue is that order without the boards in play, so the
    boards that entered since setup leave the front of the queue and the rest keep their
    places (a shuffle of all the boards, left without some, is a shuffle of the others)."""
    order = list(all_boards(config, kind))
    random.Random(f"{config.seed}:known_order:{kind}").shuffle(order)
    playing = _playing(config, kind)
    return tuple(m for m in order if m not in playing)


def draw(t: Table, kind: str, salt: str) -> str | None:
    """The board of this kind that enters now, or None when the box holds none."""
    box = in_box(t, kind)
    if not box:
        return None
    if "known_order" in t.config.variants:
        return known_order(t.config, kind)[0]
    return random.Random(f"{t.config.seed}:draw:{salt}").choice(box)


def set_up(t: Table, market: str) -> Table:
    """A market enters mid-game, set up as at the start (setup.md §2.2, §3–§6): a fish
    market's licences, barrels and tokens (bag fish into the Auction bag; Octopus with its
    Takoyaki); Mackerel with P licences on its board and none handed out or set aside
    (§3.2); an external market's printed stock (Bank, Rentals, Influence's Buyer and
    Expansion tokens, Boat Rentals' tokens). Aquarium and New Aquarium enter together."""
    cfg = t.config
    if market in FISH_MARKETS:
        if FISH_MARKETS[market].expansion and not cfg.expansion:
            raise IllegalAction(Message("bk.needs_expansion", {}), "market")
        if market in cfg.fish_markets:
            raise IllegalAction(Message("bk.in_play_already", {"market": market}), "market")
        new_cfg = replace(cfg, fish_markets=cfg.fish_markets + (market,))
        licenses = MARKETS[market].licences_entering(new_cfg)
        board_tokens = {**t.board_tokens, **fish_board_tokens(new_cfg, market)}
        return replace(
            t,
            config=new_cfg,
            board_licenses={**t.board_licenses, market: licenses},
            board_tokens=board_tokens,
            board_barrels={**t.board_barrels, market: board_figure(new_cfg, market, "barrels")},
            bag=tuple(sorted(t.bag + bag_contents((market,), cfg.board_numbers))),
        )
    if market in EXTERNAL_MARKETS:
        if EXTERNAL_MARKETS[market].expansion and not cfg.expansion:
            raise IllegalAction(Message("bk.needs_expansion", {}), "market")
        if market in cfg.external_markets:
            raise IllegalAction(Message("bk.in_play_already", {"market": market}), "market")
        if cfg.player_count < EXTERNAL_MARKETS[market].min_players:
            # No Auction market under 3 players (setup.md §2.2): by hand as in the draws.
            raise IllegalAction(Message("setup.auction_players", {}), "market")
        t = replace(
            t,
            config=replace(cfg, external_markets=cfg.external_markets + (market,)),
            values=replace(t.values, external=t.values.external | {market}),
            stock={**t.stock, **table_stock(market, cfg.player_count, cfg.variants)},
        )
        other = partner(market)
        if other and cfg.expansion and other not in t.config.external_markets:
            t = set_up(t, other)
        return t
    raise IllegalAction(Message("bk.no_market", {"name": repr(market)}), "market")


def enter(
    t: Table, kind: str, cause: str, trigger: str | None = None, salt: str | None = None
) -> Table:
    """A board of this kind comes out of the box and is set up (its Aquarium partner with
    it), or nothing when the box holds none; either way recorded in ``Table.arrivals``.
    ``salt`` seeds the random draw (default: the action's index and the arrivals so far,
    so a replay draws the same)."""
    at = t.actions
    market = draw(t, kind, salt if salt is not None else f"{at}.{len(t.arrivals)}")
    if market is None:
        return replace(t, arrivals=t.arrivals + (Arrival(at, kind, None, cause, trigger),))
    return bring(t, market, cause, trigger)


def bring(t: Table, market: str, cause: str, trigger: str | None = None) -> Table:
    """Set this board up (``set_up``) and record it, and a partner that came with it."""
    before = set(t.config.fish_markets + t.config.external_markets)
    t = set_up(t, market)
    kind = "fish" if market in FISH_MARKETS else "external"
    came = [m for m in t.config.fish_markets + t.config.external_markets if m not in before]
    return replace(
        t, arrivals=t.arrivals + tuple(Arrival(t.actions, kind, m, cause, trigger) for m in came)
    )


def replace_overfished(t: Table, market: str) -> Table:
    """What enters when this fish market becomes Overfished (setup.md §7): Horse Mackerel
    while Mackerel is not in play brings Mackerel first (P licences on its board, none
    handed out), then a fish market from the box replaces it."""
    first = MARKETS[market].brings_first(t) if market in MARKETS else None
    if first is not None:
        t = bring(t, first, first, market)
    return enter(t, "fish", "overfished", market)


def arrival_message(a: Arrival) -> Message:
    """One arrival as a sentence (``arrive.*``): what entered and why."""
    if a.market is None:
        return Message(
            "arrive.none", {"kind": f"entering.{a.kind}", "cause": _cause(a.cause, a.trigger)}
        )
    return Message("arrive.market", {"market": a.market, "cause": _cause(a.cause, a.trigger)})


#: The causes that draw a board at random from the box (:func:`enter`).
DRAWN_CAUSES = ("overfished", "expansion", "crash")


def drawn_unseen(t: Table, arrivals: tuple[Arrival, ...], k: int) -> bool | None:
    """How a preview may tell arrival ``k`` of ``arrivals`` (those of one action, on ``t``):
    False — by its name (a board the rules bring, or the *known market order*'s next, which
    everyone sees); True — as "a board is drawn from the box", never which (the draw is
    made when the action is recorded: a preview must not let a player try an action to see
    what it would bring); None — not at all (the Aquarium partner of a board drawn unseen,
    which would tell which board it was)."""
    a = arrivals[k]
    if a.market is None or a.cause not in DRAWN_CAUSES or "known_order" in t.config.variants:
        return False
    other = partner(a.market)
    for b in arrivals[:k]:
        if b.market == other and (b.at, b.cause, b.trigger) == (a.at, a.cause, a.trigger):
            return None
    return True


def drawn_message(a: Arrival) -> Message:
    """An arrival drawn unseen, as a preview tells it (:func:`drawn_unseen`)."""
    return Message(
        "arrive.drawn", {"kind": f"entering.{a.kind}", "cause": _cause(a.cause, a.trigger)}
    )


def _cause(cause: str, trigger: str | None) -> Message:
    return Message(f"arrive.cause_{cause}", {"market": trigger or ""})


def new_arrivals(before: Table, after: Table) -> tuple[Arrival, ...]:
    """The arrivals ``after`` has that ``before`` (a table it was made from) has not."""
    return after.arrivals[len(before.arrivals) :]


def just_entered(t: Table) -> tuple[Arrival, ...]:
    """The boards the last action brought (shown on the table screen until the next)."""
    return tuple(a for a in t.arrivals if a.at == t.actions - 1 and a.market is not None)
