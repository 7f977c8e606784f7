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
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask import current_app, url_for
from markupsafe import Markup

from ..eventlog import GameState
from ..i18n import current_lang
from ..identity import Identity
from ..rules.catalogue import (
    EXTERNAL_MARKETS,
    FISH_MARKETS,
    TOKEN_NAMES,
    TRACK_MAX,
    TRACK_MIN,
    sardine_license_price,
)
from ..rules.messages import Message, render
from ..rules.moves import ITEM_PRICE, LOAN_YEN, SHARE_PRICE
from ..views import HISTORY_IN_VIEW, PHONE_HISTORY, game_view, history_lines, public_view
from .context import hub, store

K = TypeVar("K")
V = TypeVar("V")

#: Where a child region goes in its parent's markup, and where a list's rows go.
MARK = re.compile(r"<!--@([\w-]+)-->")
ROWS = "<!--@@-->"
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


def one_line(html: str) -> str:
    """``html`` with each line break and the spaces around it made one space: a region is
    one line of an SSE event (a line break between tags renders as the space it becomes).
    (Splitting beats a regular expression here by a factor of four or more.)"""
    lines = (line.strip() for line in html.replace("\r", "\n").split("\n"))
    return " ".join(line for line in lines if line)


class Attrs(dict[str, Any]):
    """A dict whose keys read as attributes too. Jinja looks ``p.name`` up as an attribute
    first and, on a plain dict, only after that fails (an exception each time) as a key;
    region inputs are converted to this before they are rendered, so a lookup succeeds at
    once. What a template reads is unchanged: a key that is also a dict method (``items``)
    gives the method, as on a plain dict."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def attrs(value: Any) -> Any:
    """``value`` with every dict in it (in lists and tuples too) an :class:`Attrs`."""
    kind = type(value)
    if kind is dict or kind is Attrs:
        return Attrs({k: attrs(v) for k, v in value.items()})
    if kind is list:
        return [attrs(v) for v in value]
    if kind is tuple:
        return tuple(attrs(v) for v in value)
    return value


class Node:
    """One region: its own markup (children as markers) and the hash a stream compares."""

    __slots__ = ("id", "html", "children", "is_list", "hash", "tag")

    def __init__(self, id_: str, html: str, rows: tuple[str, ...] | None = None) -> None:
        html = one_line(html)
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
        #: The regions of one version, by id and inputs (see :class:`Book`), and each
        #: game's newest book.
        self.books: Memo[tuple[str, int], Book] = Memo(64)
        self.newest_book: Memo[str, Book] = Memo(64)
        #: The players' and markets' boards of one version, with the public view's
        #: player entries they were made from.
        self.boards: Memo[tuple[str, int], tuple[list[Any], dict[str, Node]]] = Memo(64)
        #: The table screen's join cards, by the seats' tokens and the link's address,
        #: and the seats' rows they were made from, as last read (see ``_cards``).
        self.cards: Memo[tuple[Any, ...], list[dict[str, Any]]] = Memo(64)
        self.seat_rows: Memo[str, tuple[int, float, tuple[tuple[Any, ...], ...]]] = Memo(64)
        #: The page layout's players (the same for the whole game).
        self.layouts: Memo[str, list[dict[str, Any]]] = Memo(64)
        #: History rows of one version for one kind of viewer; a row's Node by its line
        #: (the line object, kept with it) and undo address; each game's undo address.
        self.history: Memo[tuple[Any, ...], tuple[Node, ...]] = Memo(128)
        self.rows: Memo[tuple[int, str], tuple[dict[str, Any], Node]] = Memo(2048)
        self.undo_urls: Memo[str, str] = Memo(64)
        #: A viewer's page: (game, viewer, version, presence) → page; also where a
        #: stream starts from, by the numbers its browser sent.
        self.pages: Memo[tuple[str, str, int, int], LivePage] = Memo(512)
        #: States by version, so streams woken together read the database once.
        self.states: Memo[tuple[str, int], GameState] = Memo(8)
        #: A seat's own sealed bids at one version.
        self.bids: Memo[tuple[str, int, int], dict[str, tuple[int, str]]] = Memo(256)
        #: One update event, shared by the streams of one viewer at the same point.
        self.events: Memo[tuple[Any, ...], str] = Memo(256)
        #: The card game (``companion.web.cards``): a viewer's card region by version
        #: and join codes; the history by version, and each game's newest history with
        #: the log and table it was made from (the next version goes on from it).
        self.card_regions: Memo[tuple[Any, ...], str] = Memo(256)
        self.card_history: Memo[tuple[str, int], list[dict[str, Any]]] = Memo(64)
        self.card_history_tail: Memo[str, tuple[tuple[Any, ...], Any, tuple[Any, ...]]] = Memo(64)
        #: A row of the card game's history list, by what it says.
        self.card_rows: Memo[tuple[Any, ...], str] = Memo(4096)

    def book(self, game_id: str, version: int) -> Book:
        """The book of one version; it starts from the game's newest book before it
        (which then lets go of its own predecessor: one step back is kept, not all)."""

        def make() -> Book:
            before = self.newest_book.peek(game_id)
            if before is not None and before.version >= version:
                return Book(self, version, None)  # an older version, asked for late
            book = Book(self, version, before)
            if before is not None:
                before.previous = None
            self.newest_book.put(game_id, book)
            return book

        return self.books.get((game_id, version), make)

    def region(self, id_: str, macro: str, *args: Any) -> Node:
        """A region from its macro and inputs, rendered once for equal inputs (the inputs
        are plain data from a view: their pickle is their identity, and faster than repr)."""
        key = (id_, macro, pickle.dumps(args, 5))

        def render() -> Node:
            return Node(id_, str(getattr(_macros(), macro)(*attrs(args))))

        return self.regions.get(key, render)


class Book:
    """The regions rendered for one version of a game, by id and inputs: viewers whose
    inputs for a region are equal share its Node, and so does the next version where a
    region's inputs did not change. Inputs are compared, not pickled (most are the very
    objects of the version's public view, which compare at once); a region found in
    neither book comes from the regions cache, by its pickled inputs, or is rendered.
    Equal inputs render equal markup, so nothing one viewer may see reaches another
    through a shared Node unless the other's own inputs are the same.

    A region of one viewer's own (``owner``: their Yen, their bid sheet) is looked up
    among that viewer's entries only: it is compared with their own of the version
    before, not with every other phone's."""

    def __init__(self, caches: LiveCaches, version: int, previous: Book | None) -> None:
        self.caches = caches
        self.version = version
        self.previous = previous
        self._known: dict[tuple[str, str], list[tuple[tuple[Any, ...], Node]]] = {}

    def _find(self, key: tuple[str, str], args: tuple[Any, ...]) -> Node | None:
        for inputs, node in self._known.get(key, ()):
            if inputs == args:
                return node
        return None

    def region(self, id_: str, macro: str, *args: Any, owner: str = "") -> Node:
        key = (id_, owner)
        node = self._find(key, args)
        if node is not None:
            return node
        previous = self.previous
        node = previous._find(key, args) if previous is not None else None
        if node is None:
            node = self.caches.region(id_, macro, *args)
        self._known.setdefault(key, []).append((args, node))
        return node


def caches() -> LiveCaches:
    """The caches of the request's language: every rendered region, page and event is
    in one language, so a Japanese phone and an English table screen never share one."""
    by_lang = current_app.extensions.setdefault("companion.live", {})
    lang = current_lang()
    found = by_lang.get(lang)
    if found is None:
        found = by_lang.setdefault(lang, LiveCaches())
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
    rows new to the history, newest first. The tree is walked in order, by a loop (most
    regions are the very Node of the page before: one identity check each)."""
    out: list[str] = []
    added_rows: list[str] = []
    new_nodes, old_nodes = new.nodes, old.nodes
    stack = list(reversed(new.roots))
    while stack:
        id_ = stack.pop()
        node, before = new_nodes[id_], old_nodes.get(id_)
        if before is not node and (
            before is None or before.hash != node.hash or before.is_list != node.is_list
        ):
            out.append(out_of_band(new_nodes, id_))
        elif node.is_list:
            assert before is not None
            stack.extend(reversed(_row_changes(old, new, node, before, out, added_rows)))
        elif node.children:
            stack.extend(reversed(node.children))
    return out, added_rows


def _row_changes(
    old: LivePage, new: LivePage, node: Node, before: Node, out: list[str], added_rows: list[str]
) -> list[str]:
    """A list's own changes (rows in at the top, out at the bottom; else the whole list)
    into ``out``; the rows kept, to be compared one by one."""
    now, then = node.children, before.children
    if now == then:
        return list(now)
    now_set, then_set = set(now), set(then)
    added = [r for r in now if r not in then_set]
    kept = [r for r in then if r in now_set]
    if list(now) != added + kept:  # not just rows in at the top, out at the bottom
        out.append(out_of_band(new.nodes, node.id))
        return []
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
    return kept


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
            if row["actor"] == "host":
                return str(row["text"])
            return render(
                Message("view.said_by", {"actor": row["actor"], "text": row["text"]}),
                current_lang(),
            )
    return ""


# -- one viewer's page -------------------------------------------------------------------------


#: What a player's card shows (``player_body``; the Harbor is reshaped by ``_harbor``).
_CARD_BODY = (
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


def _card_head(p: dict[str, Any]) -> dict[str, Any]:
    return {k: p[k] for k in ("seat", "name", "is_current", "yen")}


def _card_end(p: dict[str, Any]) -> dict[str, Any]:
    return {"seat": p["seat"], "end": p["end"]}


def _board(
    c: LiveCaches, game_id: str, state: GameState, public: dict[str, Any], book: Book
) -> dict[str, Node]:
    """The players' and markets' boards as anyone may see them (made once per version,
    from its public view). A player entry taken unchanged from the version before (the
    same object, see ``companion.views``) keeps its card as it was. A phone whose own card
    shows more (its own Yen, with closed money) gets that card's head and end line on
    top (:func:`_build`)."""

    def make() -> tuple[list[Any], dict[str, Node]]:
        players = public["players"]
        markets = public["markets"]
        before = book.previous
        old = c.boards.peek((game_id, before.version)) if before is not None else None
        nodes: dict[str, Node] = {}
        for i, p in enumerate(players):
            ids = (f"pc-{i}-head", f"pc-{i}-body", f"pc-{i}-end")
            if old is not None and i < len(old[0]) and old[0][i] is p:
                nodes.update((k, old[1][k]) for k in ids)
                continue
            body = {k: p[k] for k in _CARD_BODY} | {"harbor": _harbor(p["harbor"])}
            nodes[ids[0]] = book.region(ids[0], "player_head", _card_head(p))
            nodes[ids[1]] = book.region(ids[1], "player_body", body)
            nodes[ids[2]] = book.region(ids[2], "player_end", _card_end(p))
        nori = (
            [(p["name"], p["nori_value"]) for p in players]
            if any(f["id"] == "nori" for f in markets["fish"])
            else []
        )
        holders = {
            f["id"]: [
                (p["name"], n["count"])
                for p in players
                for n in p["licenses"]
                if n["market"] == f["id"]
            ]
            for f in markets["fish"]
        }
        nodes["markets-board"] = book.region("markets-board", "markets", markets, nori, holders)
        return list(players), nodes

    return c.boards.get((game_id, state.version), make)[1]


#: How long the seats' links and joins read for the join cards are used without reading
#: them again (seconds). A join or a new link made by this process kicks the streams (the
#: presence count moves), so its cards are read at once; this bounds how long one made by
#: another process serving the same file stays unseen.
CARDS_FRESH = 2.0


def seat_rows_read(c: LiveCaches, game_id: str, presence: int) -> tuple[tuple[Any, ...], ...]:
    """The seats' rows (seat, token, joined, signed out), read again only when the
    presence count moved or after ``CARDS_FRESH`` seconds."""
    now = time.monotonic()
    read = c.seat_rows.peek(game_id)
    if read is None or read[0] != presence or now - read[1] >= CARDS_FRESH:
        read = (presence, now, tuple(tuple(r.values()) for r in store().seats(game_id)))
        c.seat_rows.put(game_id, read)
    return read[2]


def _cards(c: LiveCaches, game_id: str, presence: int) -> list[dict[str, Any]]:
    """The table screen's join cards, made anew only when a seat's link or join changed
    (or the address its links point to). The seats are read again when the presence
    count moved or after ``CARDS_FRESH`` seconds, not on every change of the game."""
    from .auth import public_base, seats

    rows = seat_rows_read(c, game_id, presence)
    unjoined = any(not joined for _seat, _token, joined, _signed_out in rows)
    key = (game_id, public_base() if unjoined else "", *rows)
    return c.cards.get(key, lambda: seats(game_id))


def _history(c: LiveCaches, game_id: str, state: GameState, who: Identity) -> tuple[Node, ...]:
    """The history rows as this viewer sees them; the same for every phone with open
    money, so rendered once per version for all of them. A row whose line is the very
    one of the version before (``companion.views.history_lines``) keeps its Node."""
    private = state.config.money == "closed"
    kind = "host" if who.is_host else (who.viewer if private else "seat")

    def make() -> tuple[Node, ...]:
        lines = history_lines(state, who, HISTORY_IN_VIEW if who.is_host else PHONE_HISTORY)
        if not lines:
            return (c.region("h-none", "history_none"),)
        undo_url = c.undo_urls.get(game_id, lambda: url_for("table.undo", game_id=game_id))
        undo_url = undo_url if who.is_host else ""

        def row(h: dict[str, Any]) -> Node:
            known = c.rows.peek((id(h), undo_url))
            if known is not None and known[0] is h:  # it holds ``h``: the id is not reused
                return known[1]
            # A row is flat (numbers, strings, flags): its values are its key.
            node = c.regions.get(
                ("row", undo_url, *h.values()),
                lambda: Node(f"h-{h['seq']}", str(_macros().history_row(attrs(h), undo_url))),
            )
            c.rows.put((id(h), undo_url), (h, node))
            return node

        return tuple(row(h) for h in lines)

    return c.history.get((game_id, state.version, kind), make)


def live_page(
    game_id: str, who: Identity, state: GameState | None = None, version: int | None = None
) -> LivePage:
    """The viewer's page at the current state (or ``state``), shared by all its streams.
    ``version`` is the newest the caller knows of: a stream woken for it finds the page
    already made by another stream of its viewer, or the state another stream read."""
    c = caches()
    presence = hub().presence_version(game_id) if who.is_host else 0
    if state is None and version is not None:
        found = c.pages.peek((game_id, who.viewer, version, presence))
        if found is not None:
            return found
        # The first stream woken for this version reads it; the others wait for that read.
        # (Reading it even when this process made the change, and so holds it, is not
        # waste: while that read waits on SQLite the streams let the actions run. Taken
        # from memory instead, the action round trip with 7 phones acting at once went
        # from ~2.2x to ~3.3x the bare stack's, bench/README.md.)
        state = c.states.get((game_id, version), lambda: store().state(game_id))
    if state is None:
        state = store().state(game_id)
        c.states.put((game_id, state.version), state)
    key = (game_id, who.viewer, state.version, presence)
    return c.pages.get(key, lambda: _build(c, game_id, who, state, presence))


def _own_bids(
    c: LiveCaches, game_id: str, who: Identity, state: GameState
) -> dict[str, tuple[int, str]]:
    """The viewer's own sealed bids, read only while an auction is open (a page shows a
    bid of its own only on an open auction's bid sheet). A bid is written with its event,
    so a version's bids never change."""
    if who.seat is None or all(a.status != "open" for a in state.table.auctions.values()):
        return {}
    return c.bids.get(
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


#: What the auction card does not show: a viewer's own bid and rights are on their bid
#: sheet and buttons only, so the card is the same for everyone who may do the same.
_AUCTION_CARD_LEAVES_OUT = frozenset({"my_bid", "can_bid", "i_am_owner"})


def _auction_card(a: dict[str, Any] | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {k: v for k, v in a.items() if k not in _AUCTION_CARD_LEAVES_OUT}


def _build(c: LiveCaches, game_id: str, who: Identity, state: GameState, presence: int) -> LivePage:
    """One viewer's page: the version's public regions (shared by every viewer), with
    this viewer's own regions from their own view."""
    connected = hub().connected(game_id)
    view = game_view(state, who, connected, _own_bids(c, game_id, who, state))
    public = public_view(state, connected)
    book = c.book(game_id, state.version)
    role = "host" if who.is_host else "seat"
    players = view["players"]
    nodes = dict(_board(c, game_id, state, public, book))
    layout = c.layouts.get(
        game_id,
        lambda: [{k: p[k] for k in ("seat", "name", "color_hex")} for p in public["players"]],
    )
    t = view["turn"]
    a = view["auction"]
    last = view["auctions"][-1] if a is None and view["auctions"] else None
    if last is not None and not _auction_was_last(view["history"]):
        # A settled auction stays on screen only until the next action.
        last = None
    me = players[who.seat] if who.seat is not None else None
    mine = me is not None and t["current_seat"] == who.seat and t["started"] and not t.get("buyer")
    if me is not None:
        seen = public["players"][me["seat"]]
        if me["yen"] != seen["yen"] or me["end"] != seen["end"]:
            # Closed money: this phone's own card shows its own Yen (on this page only).
            i, own = me["seat"], who.viewer
            nodes[f"pc-{i}-head"] = book.region(
                f"pc-{i}-head", "player_head", _card_head(me), owner=own
            )
            nodes[f"pc-{i}-end"] = book.region(
                f"pc-{i}-end", "player_end", _card_end(me), owner=own
            )

    nodes["turn"] = book.region("turn", "turn", t, role)
    nodes["turn-controls"] = book.region(
        "turn-controls", "turn_controls", game_id, role, t["finished"], t["started"], mine
    )
    nodes["auction"] = book.region(
        "auction", "auction", game_id, role, _auction_card(a), _auction_card(last)
    )
    nodes["final-score"] = book.region("final-score", "final_score", view.get("score"))
    history = _history(c, game_id, state, who)
    nodes.update((n.id, n) for n in history)
    rows = tuple(n.id for n in history)
    nodes["log"] = c.regions.get(("log", rows), lambda: Node("log", _log_html(c), rows))
    nodes["history-more"] = book.region(
        "history-more", "history_more", len(view["history"]), view["history_total"]
    )
    roots: tuple[str, ...] = ("live",)
    if me is None:
        nodes["live"] = book.region("live", "table_root", layout)
        nodes["history-head"] = book.region(
            "history-head", "history_head", game_id, view["can_undo"], view["can_redo"]
        )
        nodes["connection"] = book.region(
            "connection", "connection", [(p["name"], p["connected"]) for p in players]
        )
        cards = _cards(c, game_id, presence)
        nodes["seats"] = book.region("seats", "seats_root", len(cards))
        for s in cards:
            nodes[f"seat-{s['seat']}"] = book.region(
                f"seat-{s['seat']}", "seat_card", game_id, s, players[s["seat"]]["connected"]
            )
        roots = ("live", "seats")
    else:
        own = who.viewer
        nodes["live"] = book.region(
            "live", "seat_root", {"color_hex": me["color_hex"]}, layout, owner=own
        )
        nodes["my-head"] = book.region(
            "my-head", "my_head", {"name": me["name"], "yen": me["yen"]}, owner=own
        )
        nodes["my-body"] = book.region(
            "my-body",
            "my_body",
            {k: me[k] for k in _CARD_BODY if k not in ("seat", "name")},
            owner=own,
        )
        bidding = a is not None and a["can_bid"]
        nodes["bid-sheet"] = book.region(
            "bid-sheet",
            "bid_sheet",
            game_id,
            a["id"] if bidding else None,
            a.get("my_bid") if bidding else None,
            owner=own,
        )
        if bidding:
            nodes["bid-have"] = book.region("bid-have", "bid_have", me["yen"], owner=own)
        ended = None if view.get("score") else view.get("if_ended_now")
        nodes["if-ended"] = book.region("if-ended", "if_ended", ended is not None, owner=own)
        if ended is not None:
            nodes["ie-sum"] = book.region(
                "ie-sum", "ie_sum", ended["final_yen"], ended["rank"], owner=own
            )
            nodes["ie-table"] = book.region("ie-table", "ie_table", ended["steps"], owner=own)

    shown = a or last
    reveal = ""
    if shown is not None and shown["status"] != "open" and shown.get("bids"):
        bids = [
            Message("view.bid", {"player": b["name"], "amount": b["amount"]}) for b in shown["bids"]
        ]
        reveal = render(Message("view.bids_revealed", {"bids": bids}), current_lang())
    return LivePage(
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


def _log_html(c: LiveCaches) -> str:
    """The history list's own markup (its rows go in at the marker), the same for every
    page: rendered once."""
    found = c.regions.peek(("log-html",))
    if found is None:
        found = Node("log", str(_macros().log()), ())
        c.regions.put(("log-html",), found)
    return found.html


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
    """The history line of entry ``seq`` as ``who`` reads it (an action's flash message), in
    their language, from the viewer's live page of the newest state: the page the streams
    send for it, so answering the form builds no view of its own."""
    for row in live_page(game_id, who).history:
        if row["seq"] == seq:
            return str(row["text"])
    return render(Message("view.done"), current_lang())
