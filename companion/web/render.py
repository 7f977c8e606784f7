"""Rendering a game for one viewer, region by region.

A live page (the table screen's or a phone's) is a tree of regions, one macro each in
``templates/game/_regions.html``: every region has a stable id and its own markup, with a
marker where each child region goes (a list, the history, holds rows). A stream keeps the
page it last sent and sends only the regions whose markup changed, as htmx out-of-band
swaps. One viewer's page at one version (and, on the table screen, one presence count) is
rendered once and kept: a browser names the page it shows by those numbers (``since`` and
``p``), and its stream's first event carries only what changed after it.

Every region is rendered from the viewer's own view (``companion.views``), the only
source. A region's markup is cached by its inputs: viewers whose inputs are equal (the
boards, with open money) share one render; nothing else is shared.
"""

from __future__ import annotations

import pickle
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask import current_app, url_for
from markupsafe import Markup

from ..eventlog import GameState
from ..identity import Identity
from ..rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    TOKEN_NAMES,
    TRACK_MAX,
    TRACK_MIN,
    sardine_license_price,
)
from ..rules.moves import ITEM_PRICE, LOAN_YEN, SHARE_PRICE
from ..views import game_view
from .context import hub, store

K = TypeVar("K")
V = TypeVar("V")

#: Where a child region goes in its parent's markup, and where a list's rows go.
MARK = re.compile(r"<!--@([\w-]+)-->")
ROWS = "<!--@@-->"
#: Line breaks and the indentation around them: each region is one line of an SSE event
#: (a line break between tags renders as the space it becomes).
_BREAKS = re.compile(r"\s*[\r\n]\s*")
#: A region's element (its first tag); the inside of #live has none.
_TAG = re.compile(r"<([a-z][a-z0-9]*)[\s>]")


def view_for(game_id: str, who: Identity, state: GameState | None = None) -> dict[str, Any]:
    state = state or store().state(game_id)
    own = store().own_bids(game_id, who.seat) if who.seat is not None else None
    return game_view(state, who, hub().connected(game_id), own)


#: The relative moves the track form offers (its buttons send ``by``; web/forms.py).
TRACK_STEPS = (-2, -1, 1, 2)


def forms_context(view: dict[str, Any]) -> dict[str, Any]:
    fish_in_play = [m["id"] for m in view["markets"]["fish"]]
    keys = [
        k
        for k, name in TOKEN_NAMES.items()
        if any(k in FISH_MARKETS[m].token_keys for m in fish_in_play)
    ]
    board = {m["id"]: m["licenses_left"] for m in view["markets"]["fish"]}
    prices: dict[str, str] = {}
    for m in fish_in_play:
        if m == "sardine" and board.get(m) is not None:
            price: int | None = sardine_license_price(board[m] or 0)
        else:
            price = FISH_MARKETS[m].license_price
        prices[m] = (
            "price not printed" if price is None else ("free" if price == 0 else f"¥{price:,}")
        )
    return {
        "licence_prices": prices,
        "item_price": ITEM_PRICE,
        "loan_yen": LOAN_YEN,
        "share_price": SHARE_PRICE,
        "track_min": TRACK_MIN,
        "track_max": TRACK_MAX,
        "track_steps": TRACK_STEPS,
        "fish_keys": keys,
        "token_names": TOKEN_NAMES,
        "fish_markets": FISH_MARKETS,
        "external_markets": EXTERNAL_MARKETS,
    }


# -- caches ------------------------------------------------------------------------------------


class Memo(Generic[K, V]):
    """A bounded LRU map whose values are made once: threads asking for a key being made
    wait for it instead of making it again (seven streams waking for one change)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._busy: dict[K, threading.Lock] = {}

    def peek(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def get(self, key: K, make: Callable[[], V]) -> V:
        # A hit reads without the lock (one dict read is atomic) and leaves the order as
        # it is: eviction is by age of making, which is as good here and costs nothing.
        found = self._entries.get(key)
        if found is not None:
            return found
        with self._lock:
            if key in self._entries:
                return self._entries[key]
            busy = self._busy.setdefault(key, threading.Lock())
        with busy:
            with self._lock:
                if key in self._entries:
                    return self._entries[key]
            value = make()
            with self._lock:
                self._entries[key] = value
                self._busy.pop(key, None)
                while len(self._entries) > self.size:
                    self._entries.popitem(last=False)
            return value


class Node:
    """One region: its own markup (children as markers) and the hash a stream compares."""

    __slots__ = ("id", "html", "children", "is_list", "hash", "tag")

    def __init__(self, id_: str, html: str, rows: tuple[str, ...] | None = None) -> None:
        html = _BREAKS.sub(" ", html.strip())
        self.id = id_
        self.html = html
        self.is_list = rows is not None
        self.children: tuple[str, ...] = rows if rows is not None else tuple(MARK.findall(html))
        self.hash = hash(html)
        tag = _TAG.match(html)
        self.tag = tag.group(1) if tag else ""


@dataclass(frozen=True)
class LivePage:
    """Everything one viewer's page shows of one state, as regions."""

    game_id: str
    viewer: str
    version: int
    presence: int
    nodes: dict[str, Node]
    #: The trees' roots: ``live`` (the inside of #live), and the join cards (``seats``)
    #: on the table screen, which sit outside it.
    roots: tuple[str, ...]
    #: Who "I" am in the history's actor column ("host" for the table screen).
    actor: str
    #: The history rows on show (newest first), as the view gave them.
    history: list[dict[str, Any]]
    #: (id, status) of the auction on show, if any.
    auction: tuple[str, str] | None
    #: The bids as read out once revealed, for the announcement.
    reveal: str

    def html(self, root: str = "live") -> Markup:
        return Markup(expand(self.nodes, root))

    def seen(self, oob: bool = False) -> str:
        swap = ' hx-swap-oob="true"' if oob else ""
        return (
            f'<input type="hidden" id="seen-version" name="expected_seq" '
            f'value="{self.version}" data-presence="{self.presence}"{swap}>'
        )


class LiveCaches:
    """What the live pages of one app keep between renders (bounded, newest kept)."""

    def __init__(self) -> None:
        #: Region markup by the inputs it was rendered from.
        self.regions: Memo[tuple[Any, ...], Node] = Memo(4096)
        #: The players' and markets' boards of one version, by their inputs.
        self.public: Memo[tuple[str, int], list[tuple[Any, dict[str, Node]]]] = Memo(64)
        #: History rows of one version for one kind of viewer.
        self.history: Memo[tuple[Any, ...], tuple[Node, ...]] = Memo(128)
        #: A viewer's page: (game, viewer, version, presence) → page; also where a
        #: stream starts from, by the numbers its browser sent.
        self.pages: Memo[tuple[str, str, int, int], LivePage] = Memo(512)
        #: States by version, so streams woken together read the database once.
        self.states: Memo[tuple[str, int], GameState] = Memo(8)
        #: A seat's own sealed bids at one version.
        self.bids: Memo[tuple[str, int, int], dict[str, tuple[int, str]]] = Memo(256)
        #: One update event, shared by the streams of one viewer at the same point.
        self.events: Memo[tuple[Any, ...], str] = Memo(256)

    def region(self, id_: str, macro: str, *args: Any) -> Node:
        """A region from its macro and inputs, rendered once for equal inputs (the inputs
        are plain data from a view: their pickle is their identity, and faster than repr)."""
        key = (id_, macro, pickle.dumps(args, 5))

        def render() -> Node:
            return Node(id_, str(getattr(_macros(), macro)(*args)))

        return self.regions.get(key, render)


def caches() -> LiveCaches:
    found = current_app.extensions.get("companion.live")
    if found is None:
        found = current_app.extensions.setdefault("companion.live", LiveCaches())
    assert isinstance(found, LiveCaches)
    return found


# -- expanding and comparing -------------------------------------------------------------------


def expand(nodes: dict[str, Node], id_: str) -> str:
    node = nodes[id_]
    if node.is_list:
        return node.html.replace(ROWS, "".join(expand(nodes, c) for c in node.children), 1)
    if not node.children:
        return node.html
    return MARK.sub(lambda m: expand(nodes, m.group(1)), node.html)


def out_of_band(nodes: dict[str, Node], id_: str) -> str:
    """A region with its children, marked to replace the element of its id."""
    html = expand(nodes, id_)
    node = nodes[id_]
    if not node.tag:  # the inside of #live: only when the page's layout itself changed
        return f'<div id="{id_}" hx-swap-oob="innerHTML">{html}</div>'
    return f'<{node.tag} hx-swap-oob="true"' + html[len(node.tag) + 1 :]


def changes(old: LivePage, new: LivePage) -> tuple[list[str], list[str]]:
    """The out-of-band fragments that turn ``old`` into ``new`` (only changed regions; a
    list gains its new rows at the top and loses those that fell off), and the ids of
    rows new to the history, newest first."""
    out: list[str] = []
    added_rows: list[str] = []

    def visit(id_: str) -> None:
        node, before = new.nodes[id_], old.nodes.get(id_)
        if before is None or before.hash != node.hash or before.is_list != node.is_list:
            out.append(out_of_band(new.nodes, id_))
        elif node.is_list:
            rows(node, before)
        else:
            for child in node.children:
                visit(child)

    def rows(node: Node, before: Node) -> None:
        now, then = node.children, before.children
        now_set, then_set = set(now), set(then)
        added = [r for r in now if r not in then_set]
        kept = [r for r in then if r in now_set]
        if list(now) != added + kept:  # not just rows in at the top, out at the bottom
            out.append(out_of_band(new.nodes, node.id))
            return
        if added:
            out.append(
                f'<{node.tag} hx-swap-oob="afterbegin:#{node.id}">'
                + "".join(expand(new.nodes, r) for r in added)
                + f"</{node.tag}>"
            )
            added_rows.extend(added)
        for gone in then:
            if gone not in now_set:
                tag = old.nodes[gone].tag if gone in old.nodes else "li"
                out.append(f'<{tag} id="{gone}" hx-swap-oob="delete"></{tag}>')
        for r in kept:
            visit(r)

    for root in new.roots:
        visit(root)
    return out, added_rows


def update_event(old: LivePage | None, new: LivePage) -> str:
    """The data of the ``update`` event that brings a page showing ``old`` (None: nothing
    known) to ``new``, one fragment per line; empty when nothing changed."""
    if old is new:
        return ""

    def make() -> str:
        lines = [new.seen(oob=True)]
        if old is None:
            lines += [out_of_band(new.nodes, root) for root in new.roots]
            return "\n".join(lines)
        fragments, added = changes(old, new)
        if not fragments and old.version == new.version:
            return ""  # a phone came or went, and this page shows nothing of it
        lines += fragments
        said = announcement(new, added)
        if said:
            lines.append(f'<div id="announce" hx-swap-oob="innerHTML">{Markup.escape(said)}</div>')
        if (
            old.auction is not None
            and old.auction[1] == "open"
            and (new.auction is None or new.auction != old.auction)
        ):
            # A message that names a bid (or Yen) never outlives the auction it was about.
            lines.append('<div id="flash" hx-swap-oob="innerHTML"></div>')
        return "\n".join(lines)

    if old is None:
        return make()
    key = (new.game_id, new.viewer, old.version, old.presence, new.version, new.presence)
    return caches().events.get(key, make)


def announcement(page: LivePage, added: list[str]) -> str:
    """What a screen reader hears: the newest new entry someone else recorded, or the
    reveal of the bids (whoever sealed last)."""
    rows = {f"h-{h['seq']}": h for h in page.history}
    for row_id in added:
        row = rows.get(row_id)
        if row is None:
            continue
        if row["type"] == "auction_reveal" and page.reveal:
            return page.reveal
        if row["actor"] != page.actor:
            return f"{row['actor']}: {row['text']}" if row["actor"] != "host" else row["text"]
    return ""


# -- one viewer's page -------------------------------------------------------------------------


def _board(game_id: str, state: GameState, view: dict[str, Any]) -> dict[str, Node]:
    """The players' and markets' boards from the viewer's own view. Viewers whose boards
    have equal inputs share one set (with open money, all of them; with closed money a
    phone's board differs by its own Yen, which only it sees)."""
    c = caches()
    players = view["players"]
    inputs = [
        (
            {k: p[k] for k in ("seat", "name", "is_current", "yen")},
            {
                k: p[k]
                for k in (
                    "seat",
                    "name",
                    "resources",
                    "loans",
                    "shares",
                    "licenses",
                    "space_items",
                    "spaces_used",
                    "fish",
                )
            }
            | {"harbor": _harbor(p["harbor"])},
            {"seat": p["seat"], "end": p["end"]},
        )
        for p in players
    ]
    markets = view["markets"]
    nori = (
        [(p["name"], p["nori_value"]) for p in players]
        if any(f["id"] == "nori" for f in markets["fish"])
        else []
    )

    # One version has one board per kind of viewer: find it by equal inputs (comparing
    # is cheaper than naming them).
    boards = c.public.get((game_id, state.version), list)
    for known, nodes in boards:
        if known == (inputs, markets, nori):
            return nodes
    nodes = {}
    for head, body, end in inputs:
        i = head["seat"]
        nodes[f"pc-{i}-head"] = c.region(f"pc-{i}-head", "player_head", head)
        nodes[f"pc-{i}-body"] = c.region(f"pc-{i}-body", "player_body", body)
        nodes[f"pc-{i}-end"] = c.region(f"pc-{i}-end", "player_end", end)
    holders = {
        f["id"]: [
            (p["name"], n["count"])
            for p in players
            for n in p["licenses"]
            if n["market"] == f["id"]
        ]
        for f in markets["fish"]
    }
    nodes["markets-board"] = c.region("markets-board", "markets", markets, nori, holders)
    boards.append(((inputs, markets, nori), nodes))
    return nodes


def _history(
    game_id: str, state: GameState, who: Identity, view: dict[str, Any]
) -> tuple[Node, ...]:
    """The history rows as this viewer sees them; the same for every phone with open
    money, so rendered once per version for all of them."""
    private = state.config.money == "closed"
    kind = "host" if who.is_host else (who.viewer if private else "seat")

    c = caches()

    def make() -> tuple[Node, ...]:
        undo_url = url_for("table.undo", game_id=game_id) if who.is_host else ""
        if not view["history"]:
            return (c.region("h-none", "history_none"),)

        def row(h: dict[str, Any]) -> Node:
            # A row is flat (numbers, strings, flags): its values are its key.
            return c.regions.get(
                ("row", undo_url, *h.values()),
                lambda: Node(f"h-{h['seq']}", str(_macros().history_row(h, undo_url))),
            )

        return tuple(row(h) for h in view["history"])

    return c.history.get((game_id, state.version, kind), make)


def live_page(
    game_id: str, who: Identity, state: GameState | None = None, version: int | None = None
) -> LivePage:
    """The viewer's page at the current state (or ``state``), shared by all its streams.
    ``version`` is the newest the caller knows of: a stream woken for it finds the page
    already made by another stream of its viewer, or the state another stream read."""
    presence = hub().presence_version(game_id) if who.is_host else 0
    if state is None and version is not None:
        found = caches().pages.peek((game_id, who.viewer, version, presence))
        if found is not None:
            return found
        # The first stream woken for this version reads it; the others wait for that read.
        state = caches().states.get((game_id, version), lambda: store().state(game_id))
    if state is None:
        state = store().state(game_id)
        caches().states.put((game_id, state.version), state)
    key = (game_id, who.viewer, state.version, presence)
    return caches().pages.get(key, lambda: _build(game_id, who, state, presence))


def _own_bids(game_id: str, who: Identity, state: GameState) -> dict[str, tuple[int, str]]:
    """The viewer's own sealed bids, read only while an auction is open (a page shows a
    bid of its own only on an open auction's bid sheet). A bid is written with its event,
    so a version's bids never change."""
    if who.seat is None or all(a.status != "open" for a in state.table.auctions.values()):
        return {}
    return caches().bids.get(
        (game_id, who.seat, state.version), lambda: store().own_bids(game_id, who.seat or 0)
    )


def _auction_was_last(history: list[dict[str, Any]]) -> bool:
    """Whether the newest entry in force is an auction's (its reveal or choice)."""
    for h in history:
        if h["undone"] or h["meta"]:
            continue
        return str(h["type"]).startswith("auction")
    return False


def _harbor(harbor: dict[str, list[dict[str, Any]]]) -> dict[str, list[tuple[str, int]]]:
    """A Harbor's rows as (fish market's name, price) pairs, upper and lower."""
    return {
        row: [
            (
                FISH_MARKETS[x["fish"]].en if x["fish"] in FISH_MARKETS else str(x["fish"]),
                x["price"],
            )
            for x in harbor.get(row, [])
        ]
        for row in ("upper", "lower")
    }


def _build(game_id: str, who: Identity, state: GameState, presence: int) -> LivePage:
    c = caches()
    view = game_view(state, who, hub().connected(game_id), _own_bids(game_id, who, state))
    role = "host" if who.is_host else "seat"
    players = view["players"]
    nodes = dict(_board(game_id, state, view))
    layout = [{k: p[k] for k in ("seat", "name", "color_hex")} for p in players]
    t = view["turn"]
    a = view["auction"]
    last = view["auctions"][-1] if a is None and view["auctions"] else None
    if last is not None and not _auction_was_last(view["history"]):
        # A settled auction stays on screen only until the next action.
        last = None
    me = players[who.seat] if who.seat is not None else None
    mine = me is not None and t["current_seat"] == who.seat and t["started"]

    nodes["turn"] = c.region("turn", "turn", t, role)
    nodes["turn-controls"] = c.region(
        "turn-controls", "turn_controls", game_id, role, t["finished"], t["started"], mine
    )
    nodes["auction"] = c.region("auction", "auction", game_id, role, a, last)
    nodes["final-score"] = c.region("final-score", "final_score", view.get("score"))
    history = _history(game_id, state, who, view)
    nodes.update((n.id, n) for n in history)
    nodes["log"] = c.regions.get(
        ("log", tuple(n.id for n in history)),
        lambda: Node("log", str(_macros().log()), tuple(n.id for n in history)),
    )
    nodes["history-more"] = c.region(
        "history-more", "history_more", len(view["history"]), view["history_total"]
    )
    roots: tuple[str, ...] = ("live",)
    if me is None:
        nodes["live"] = c.region("live", "table_root", layout)
        nodes["history-head"] = c.region(
            "history-head", "history_head", game_id, view["can_undo"], view["can_redo"]
        )
        nodes["connection"] = c.region(
            "connection", "connection", [(p["name"], p["connected"]) for p in players]
        )
        from .auth import seats

        cards = seats(game_id)
        nodes["seats"] = c.region("seats", "seats_root", len(cards))
        for s in cards:
            nodes[f"seat-{s['seat']}"] = c.region(
                f"seat-{s['seat']}", "seat_card", game_id, s, players[s["seat"]]["connected"]
            )
        roots = ("live", "seats")
    else:
        nodes["live"] = c.region("live", "seat_root", {"color_hex": me["color_hex"]}, layout)
        nodes["my-head"] = c.region("my-head", "my_head", {"name": me["name"], "yen": me["yen"]})
        nodes["my-body"] = c.region(
            "my-body",
            "my_body",
            {
                k: me[k]
                for k in (
                    "resources",
                    "loans",
                    "shares",
                    "licenses",
                    "space_items",
                    "spaces_used",
                    "fish",
                )
            },
        )
        bidding = a is not None and a["can_bid"]
        nodes["bid-sheet"] = c.region(
            "bid-sheet",
            "bid_sheet",
            game_id,
            a["id"] if bidding else None,
            a.get("my_bid") if bidding else None,
        )
        if bidding:
            nodes["bid-have"] = c.region("bid-have", "bid_have", me["yen"])
        ended = None if view.get("score") else view.get("if_ended_now")
        nodes["if-ended"] = c.region("if-ended", "if_ended", ended is not None)
        if ended is not None:
            nodes["ie-sum"] = c.region("ie-sum", "ie_sum", ended["final_yen"], ended["rank"])
            nodes["ie-table"] = c.region("ie-table", "ie_table", ended["steps"])

    shown = a or last
    reveal = ""
    if shown is not None and shown["status"] != "open" and shown.get("bids"):
        reveal = (
            "Bids revealed: "
            + ", ".join(f"{b['name']} ¥{b['amount']:,}" for b in shown["bids"])
            + "."
        )
    page = LivePage(
        game_id=game_id,
        viewer=who.viewer,
        version=state.version,
        presence=presence,
        nodes=nodes,
        roots=roots,
        actor="host" if me is None else str(me["name"]),
        history=view["history"],
        auction=(str(shown["id"]), str(shown["status"])) if shown is not None else None,
        reveal=reveal,
    )
    return page


def _macros() -> Any:
    return current_app.jinja_env.get_template("game/_regions.html").module


def baseline(game_id: str, who: Identity, version: int, presence: int) -> LivePage | None:
    """The page a browser says it shows, if this process rendered it (and still has it)."""
    return caches().pages.peek((game_id, who.viewer, version, presence if who.is_host else 0))


# -- what the routes use -------------------------------------------------------------------------


def render_live(game_id: str, who: Identity, state: GameState | None = None) -> str:
    """The whole live region of the viewer's page (the polling fallback, and an action's
    answer while the page's stream is down), the join cards out of band."""
    page = live_page(game_id, who, state)
    html = page.seen() + expand(page.nodes, "live")
    for root in page.roots[1:]:
        html += out_of_band(page.nodes, root)
    return html


def event_text(game_id: str, seq: int, who: Identity) -> str:
    for row in view_for(game_id, who)["history"]:
        if row["seq"] == seq:
            return str(row["text"])
    return "done"
