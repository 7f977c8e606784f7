"""The physical setup as a checklist (setup.md §1–§6): each board with what goes on it for
this player count, the Auction bag, the players' starting pieces, the start player. The
lines are message codes (``checklist``); ``render_checklist`` words them in a language.
"""

from __future__ import annotations

from typing import Any

from .catalogue import (
    CRASH_TOKENS,
    EEL_START,
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    RED_SNAPPER_TOKENS,
    STARTING_YEN,
    SWORDFISH_START,
    TAKOYAKI_TOKENS,
    ships_on_market,
)
from .messages import Message, known, render
from .setup import GameConfig, bag_contents, board_figure, make_config  # noqa: F401 (doctest)

#: What the external boards hold at the start (setup.md §4), as checklist lines.
EXTERNAL_STOCK: dict[str, tuple[tuple[str, int], ...]] = {
    "bank": (("check.loans", 3), ("check.shares", 2)),
    "rentals": (("check.freezers", 2), ("check.carts", 2)),
    "influence": (("check.buyer_tokens", 2), ("check.expansion_tokens", 2)),
    "boat_rentals": (("check.boat_rentals", 6),),
}


def _say(code: str, **values: Any) -> Message:
    return Message(code, values)


def _count(n: int | None, what: str) -> Message:
    """``3 licences``, or ``licences as printed on the board`` where the number is not
    known (AMB-40)."""
    if n is None:
        return Message("check.unknown", {"what": Message(what, {"count": 2})})
    if known(f"{what}.n"):  # the count with its counter word: 漁業免許3枚, 樽15個
        return Message(f"{what}.n", {"count": n})
    return Message("check.count", {"count": n, "what": Message(what, {"count": n})})


def fish_board_lines(config: GameConfig, market: str) -> list[Message]:
    """What goes on one fish market board (setup.md §1 step 3, §3–§6), as messages."""
    m = FISH_MARKETS[market]
    p = config.player_count
    lines = [
        _count(board_figure(config, market, "licenses"), "check.licences"),
        _count(board_figure(config, market, "barrels"), "check.barrels"),
    ]
    tokens = _count(board_figure(config, market, "tokens"), "check.tokens")
    if market == "clams_oysters":
        lines.append(_say("check.co_bag"))
    elif m.tokens_in_bag:
        lines.append(_say("check.into_bag", tokens=tokens))
    elif market == "red_snapper":
        lines.append(_say("check.red_snapper", spots=RED_SNAPPER_TOKENS))
    elif market == "octopus":
        octopus = _count(board_figure(config, market, "tokens"), "check.octopus_tokens")
        lines.append(_say("check.octopus", tokens=octopus, takoyaki=TAKOYAKI_TOKENS))
    elif market == "sardine":
        lines.append(_say("check.sardine", tokens=tokens))
    else:
        lines.append(tokens)
    if market == "eel":
        lines.append(_say("check.marker", value=EEL_START))
    if market == "swordfish":
        lines.append(_say("check.marker", value=SWORDFISH_START))
    if market == "mackerel" and not config.horse_mackerel_from_start:
        lines.append(_say("check.set_aside_licences", count=p))
    return lines


def external_board_lines(config: GameConfig, market: str) -> list[Message]:
    """What goes on one external market board (setup.md §1 step 4, the stock of §3–§6),
    as messages."""
    p = config.player_count
    if market == "ships":
        boats = ships_on_market(p)
        lines = [_say("check.ships_aside", count=p), _say("check.ships", **boats)]
        if config.expansion:
            # Expansion setup step 4: the barge is a choice, the Blue ship an option.
            return lines + [_say("check.barge_choice"), _say("check.blue_ship")]
        return lines + [_say("check.barge")]
    if market in EXTERNAL_STOCK:
        return [_say(code, count=n) for code, n in EXTERNAL_STOCK[market]]
    if market == "used_ships":
        return [_say("check.starts_empty")]
    return [_say("check.empty_places")]


def board_lines(config: GameConfig, market: str) -> list[Message]:
    """The checklist's lines of one board, fish or external, as messages (the edge renders
    them in the viewer's language): what a board put out at the start, or entering mid-game,
    gets on the table.

    >>> config = make_config(["Aiko", "Bo"], fish_markets=["mackerel", "eel", "squid",
    ...     "fugu"], external_markets=["ships", "bank", "rentals"], seed=1)
    >>> [render(m, "ja") for m in board_lines(config, "eel")][-1]
    '価値マーカーを1に'
    """
    if market in FISH_MARKETS:
        return fish_board_lines(config, market)
    return external_board_lines(config, market)


def board_item(config: GameConfig, market: str) -> dict[str, Any]:
    """One board's item of the checklist: its names, kind, market id and lines."""
    m = FISH_MARKETS[market] if market in FISH_MARKETS else EXTERNAL_MARKETS[market]
    kind = "fish" if market in FISH_MARKETS else "external"
    lines = board_lines(config, market)
    return {"board": m.en, "ja": m.ja, "kind": kind, "market": market, "lines": lines}


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
        items.append(
            {"board": _say("check.board_bag"), "ja": "競り袋", "kind": "bag", "lines": bag_lines}
        )

    # Step 6, or what the known market order variant does instead of it (§8).
    if "known_order" in config.variants:
        items.append(
            {
                "board": _say("check.board_known_order"),
                "ja": "市場の順番",
                "kind": "variant",
                "lines": [_say("check.known_fish"), _say("check.known_external")]
                + ([] if bag_fish else [_say("check.bag_to_box")]),
            }
        )
    else:
        items.append(
            {
                "board": _say("check.board_box"),
                "ja": "箱に戻すもの",
                "kind": "box",
                "lines": [_say("check.box_boards")] + ([] if bag_fish else [_say("check.box_bag")]),
            }
        )

    each = [
        _say("check.yen", amount=STARTING_YEN),
        _say("check.first_ship"),
        _say("check.harbor_board"),
    ]
    if not config.horse_mackerel_from_start:
        each.insert(1, _say("check.mackerel_licence"))
    else:
        each.insert(1, _say("check.no_licence"))
    items.append(
        {"board": _say("check.board_player"), "ja": "各プレイヤー", "kind": "player", "lines": each}
    )
    items.append(
        {
            "board": _say("check.board_supply"),
            "ja": "共通サプライ",
            "kind": "supply",
            "lines": [_say("check.other_yen")],
        }
    )
    if "crash" in config.variants:
        items.append(
            {
                "board": _say("check.board_crash"),
                "ja": "暴落トークン",
                "kind": "variant",
                "lines": [_say("check.crash", count=CRASH_TOKENS)],
            }
        )
    money = _say("check.open_money" if config.money == "open" else "check.closed_money")
    items.append(
        {
            "board": _say("check.board_start"),
            "ja": "ゲーム開始前",
            "kind": "start",
            "lines": [
                _say("check.first_player", player=config.players[config.start_player]),
                money,
            ],
        }
    )
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
