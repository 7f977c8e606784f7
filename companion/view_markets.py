"""The public view of a board game's markets: the fish markets' boards, the external
markets (their crash sides), the markets entered during the game, the market values, the
bag and the stock. Nothing in it is secret; :mod:`companion.view_public` puts it into the
public view of a state."""

from __future__ import annotations

from typing import Any

from .i18n import current_lang
from .rules import crash, entering
from .rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, RED_SNAPPER_GRID, TOKEN_NAMES
from .rules.checklist import board_setup, render_checklist
from .rules.messages import render
from .rules.resources import red_snapper_value
from .rules.table import Table
from .view_auctions import ja_name


def markets_view(table: Table, salmon: int) -> dict[str, Any]:
    """The ``markets`` entry of the public view (the same for every viewer); ``salmon``:
    fresh Salmon's value this state."""
    cfg = table.config
    values = table.values
    remaining = values.red_snapper_remaining
    return {
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
            {
                "id": m,
                "name": EXTERNAL_MARKETS[m].en,
                "ja": EXTERNAL_MARKETS[m].ja,
                # Crash variant: "crashed", "closed", or None (rules/crash.py).
                "crash": table.crash_side(m),
            }
            for m in cfg.external_markets
        ],
        **_entering_view(table),
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


def _entering_view(table: Table) -> dict[str, Any]:
    """Markets entered during the game, the known-order queues and the crash tokens
    (docs/actions.md, "Markets entering during the game"): public, no Yen; its sentences
    in the request's language."""
    cfg = table.config
    lang = current_lang()

    def name(m: str) -> str:
        return FISH_MARKETS[m].en if m in FISH_MARKETS else EXTERNAL_MARKETS[m].en

    def ja(m: str | None) -> str | None:
        return None if m is None else (FISH_MARKETS.get(m) or EXTERNAL_MARKETS[m]).ja

    return {
        "arrivals": [
            {
                "market": a.market,
                "name": name(a.market) if a.market else None,
                "ja": ja(a.market),
                "kind": a.kind,
                "cause": a.cause,
                "trigger": a.trigger,
                "text": render(entering.arrival_message(a), lang),
            }
            for a in table.arrivals
        ],
        "just_entered": [
            {
                "market": a.market,
                "name": name(a.market),
                "ja": ja(a.market),
                "kind": a.kind,
                "text": render(entering.arrival_message(a), lang),
                "setup": render_checklist([board_setup(cfg, a.market)], lang)[0],
            }
            for a in entering.just_entered(table)
            if a.market is not None
        ],
        "known_order": (
            {
                k: [{"id": m, "name": name(m), "ja": ja(m)} for m in entering.known_order(cfg, k)]
                for k in entering.KINDS
            }
            if "known_order" in cfg.variants
            else None
        ),
        "crash": (
            {
                "tokens_left": crash.tokens_left(table),
                "crashed": [
                    {"market": c.market, "name": name(c.market), "ja": ja(c.market), "side": c.side}
                    for c in table.crashes
                ],
            }
            if crash.on(table)
            else None
        ),
    }


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
                "ja": ja_name(fish),
                "value": int(value) if value else None,
                "count": n,
            }
        )
    return rows
