"""The physical setup as a checklist (setup.md §1–§6): each board with what goes on it for
this player count, the Auction bag, the players' starting pieces, the start player. The
lines are message codes (``checklist``); ``render_checklist`` words them in a language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .catalogue import (
    CRASH_TOKENS,
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    STARTING_YEN,
)
from .markets import MARKETS
from .markets.external import BOARDS
from .messages import Message, render
from .setup import GameConfig, bag_contents, board_figure, make_config  # noqa: F401 (doctest)


def _say(code: str, **values: Any) -> Message:
    return Message(code, values)


def _item(board: str, kind: str, lines: list[Message]) -> dict[str, Any]:
    """An item of the checklist that is no market's board (the bag, the box, each player,
    the supply …): its heading is the message ``board``, its ``ja`` that message in
    Japanese (a board's ``ja`` is the name printed on it)."""
    heading = _say(board)
    return {"board": heading, "ja": render(heading, "ja"), "kind": kind, "lines": lines}


def board_lines(config: GameConfig, market: str) -> list[Message]:
    """The checklist's lines of one board, fish or external, as messages (the edge renders
    them in the viewer's language): what a board put out at the start, or entering mid-game,
    gets on the table; each market says its own (``setup_lines``).

    >>> config = make_config(["Aiko", "Bo"], fish_markets=["mackerel", "eel", "squid",
    ...     "fugu"], external_markets=["ships", "bank", "rentals"], seed=1)
    >>> [render(m, "ja") for m in board_lines(config, "eel")][-1]
    '価値マーカーを1に'
    """
    m = MARKETS[market] if market in MARKETS else BOARDS[market]
    return m.setup_lines(config)


def board_item(config: GameConfig, market: str) -> dict[str, Any]:
    """One board's item of the checklist: its names, kind, market id and lines."""
    m = FISH_MARKETS[market] if market in FISH_MARKETS else EXTERNAL_MARKETS[market]
    kind = "fish" if market in FISH_MARKETS else "external"
    lines = board_lines(config, market)
    return {"board": m.en, "ja": m.ja, "kind": kind, "market": market, "lines": lines}


def board_setup(config: GameConfig, market: str) -> dict[str, object]:
    """The setup checklist's item for one board entering mid-game, for this player count
    (:func:`board_item`, beside the boards its lines depend on); Mackerel as it enters
    mid-game, with its P licences and none set aside (setup.md §3.2)."""
    if market in FISH_MARKETS:
        fish = MARKETS[market].setup_beside()
        one = replace(config, fish_markets=fish, external_markets=())
    else:
        one = replace(config, fish_markets=(), external_markets=(market,))
    return board_item(one, market)


def checklist(config: GameConfig) -> list[dict[str, Any]]:
    """What to put on the physical table, board by board, in the order of setup.md §1
    (steps 1–8 and what comes before play; the stock from §3–§6). Each item's ``board``
    is a market's English name (``ja`` its Japanese) or a message, ``market`` that
    market's id (None for an item that is no market's board), its ``lines`` are
    messages (``check.*``): render them in the viewer's language at the edge
    (:func:`render_checklist`, or ``msg`` in a template)."""
    items = [board_item(config, m) for m in (*config.fish_markets, *config.external_markets)]

    bag_fish = [m for m in config.fish_markets if FISH_MARKETS[m].tokens_in_bag]
    bag = bag_contents(config.fish_markets, config.board_numbers)
    bag_lines = [_bag_line(bag)] if bag else []
    if "clams_oysters" in bag_fish and not config.board_numbers.get("clams_oysters"):
        bag_lines.append(_say("check.co_uncounted"))
    if bag_lines:
        items.append(_item("check.board_bag", "bag", bag_lines))

    # Step 6, or what the known market order variant does instead of it (§8).
    if "known_order" in config.variants:
        known = [_say("check.known_fish"), _say("check.known_external")]
        items.append(
            _item(
                "check.board_known_order",
                "variant",
                known + ([] if bag_fish else [_say("check.bag_to_box")]),
            )
        )
    else:
        box = [_say("check.box_boards")] + ([] if bag_fish else [_say("check.box_bag")])
        items.append(_item("check.board_box", "box", box))

    each = [
        _say("check.yen", amount=STARTING_YEN),
        _say("check.first_ship"),
        _say("check.harbor_board"),
    ]
    if not config.horse_mackerel_from_start:
        each.insert(1, _say("check.mackerel_licence"))
    else:
        each.insert(1, _say("check.no_licence"))
    items.append(_item("check.board_player", "player", each))
    items.append(_item("check.board_supply", "supply", [_say("check.other_yen")]))
    if "crash" in config.variants:
        items.append(
            _item("check.board_crash", "variant", [_say("check.crash", count=CRASH_TOKENS)])
        )
    money = _say("check.open_money" if config.money == "open" else "check.closed_money")
    first = _say("check.first_player", player=config.players[config.start_player])
    items.append(_item("check.board_start", "start", [first, money]))
    for item in items:  # the market a board's item is about (its rules card), else None
        item.setdefault("market", None)
    return items


def render_checklist(items: list[dict[str, Any]], lang: str = "en") -> list[dict[str, Any]]:
    """:func:`checklist`'s items with their board and lines as sentences in ``lang`` (for
    JSON; a template renders them with ``msg``).

    >>> config = make_config(["Aiko", "Bo"], fish_markets=["mackerel", "eel", "squid",
    ...     "fugu"], external_markets=["ships", "bank", "rentals"], seed=1)
    >>> render_checklist(checklist(config), "ja")[-1]["lines"][0]
    'Aikoがスタートプレイヤー。時計回りに手番を進める'
    """
    return [
        {
            **item,
            "board": render(item["board"], lang)
            if isinstance(item["board"], Message)
            else item["board"],
            "lines": [render(line, lang) for line in item["lines"]],
        }
        for item in items
    ]


def _bag_line(bag: tuple[str, ...]) -> Message:
    counts: dict[str, int] = {}
    for code in bag:
        counts[code] = counts.get(code, 0) + 1
    parts = []
    for code, n in sorted(counts.items()):
        fish, _, value = code.partition(":")
        token = (
            Message("token.valued", {"fish": fish, "value": int(value)})
            if value
            else Message("token.name", {"fish": fish})
        )
        parts.append(Message("check.bag_item", {"count": n, "what": token}))
    return Message("check.list", {"items": parts})
