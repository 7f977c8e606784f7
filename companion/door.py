"""The one door for every change: identity → permission → version → rules → append → notify.

The JSON API and the htmx forms both come through here, so a refusal reads the same
everywhere and nothing is ever half-written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .engine import (
    Game,
    IllegalAction,
    Message,
    Opened,
    Secret,
    Turned,
    reveal,
    seal,
)
from .eventlog import Event, GameState, redoable, undo_targets
from .identity import Identity
from .live import Hub
from .refusals import Refused as Refused
from .refusals import refusal as refusal
from .refusals import refusal_of as refusal_of
from .refusals import use_wording as use_wording
from .store import Store, now


class Door:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    # -- identity ---------------------------------------------------------------------------
    def identify(self, game_id: str, token: str | None) -> Identity:
        if not self.store.game_exists(game_id):
            raise Refused(404, Message("door.no_game"))
        if not token:
            raise Refused(401, Message("door.sign_in"))
        info = self.store.token_info(token)
        if info is None:
            raise Refused(401, Message("door.link_invalid"))
        if info["game_id"] != game_id:
            raise Refused(403, Message("door.other_game"))
        return Identity(game_id, info["role"], info["seat"], token)

    def actor_name(self, state: GameState, who: Identity) -> str:
        return "host" if who.is_host else state.config.players[who.seat or 0]

    # -- changes ------------------------------------------------------------------------------
    def create_game(self, config: Any, events: Sequence[Event] = ()) -> tuple[str, str, list[str]]:
        """A new game from a checked setup (and, for a game imported from another server,
        its whole log, already replayed by the rules): its id, the host token, one token
        per seat. The tokens are new."""
        return self.store.create_game(config, events)

    def _append(
        self,
        state: GameState,
        who: Identity | None,
        type_: str,
        data: dict[str, Any],
        actor: str,
        correction: bool = False,
        grp: str | None = None,
    ) -> GameState:
        """Rules, then append (inside a write); a refusal writes nothing."""
        event = state.next_event(type_, data, actor, now(), correction, grp)
        try:
            return self.store.append(state, event)
        except IllegalAction as exc:
            raise refusal(exc, state, who) from None

    def game(self, game_id: str) -> Game:
        """The game kept under ``game_id`` (it exists: identified first)."""
        return self.store.game(game_id)

    def act(
        self,
        game_id: str,
        token: str | None,
        kind: str,
        data: dict[str, Any],
        expected: int | None = None,
        correction: bool = False,
    ) -> Event:
        """Record one action (its arguments parsed at the edge): the game's permission
        first (403), then the version (409), then what the server draws for it and the
        rules (400). Returns the new event (its seq is the version)."""
        who = self.identify(game_id, token)
        game = self.game(game_id)
        why = game.client_move(kind)
        if why is not None:
            raise Refused(400, why, "type")
        with self.store.write():
            state = self.store.state(game_id)
            self.permit(state, who, kind, data)
            self._check_version(state, expected)
            last = state.events[-1] if state.events else None
            correction = correction or (last is not None and last.type == "undo")
            drawn = game.draws(state.table, state.config, kind, data, state.version + 1)
            state = self._append(
                state,
                who,
                kind,
                drawn.args,
                self.actor_name(state, who),
                correction=correction,
                grp=drawn.group,
            )
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    @staticmethod
    def permit(state: GameState, who: Identity, kind: str, data: dict[str, Any]) -> None:
        """Permission, asked of the game before anything else is looked at, so a refusal
        can say nothing about another player's holdings."""
        try:
            why = state.game.why_not(state.table, kind, data, None if who.is_host else who.seat)
        except IllegalAction as exc:  # a name that is nobody at this table
            raise refusal(exc, state, who) from None
        if why is not None:
            raise Refused(403, why)

    def preview(
        self, state: GameState, who: Identity, kind: str, data: dict[str, Any]
    ) -> dict[str, Any]:
        """A move as the rules would receive it were it recorded now, for a preview that
        records nothing: the game's permission first (403, as :meth:`act` asks it), then
        what the server draws for it (the same draws the action will make, so a preview
        shows what the action will do). The move's arguments with the draws."""
        self.permit(state, who, kind, data)
        try:
            drawn = state.game.draws(state.table, state.config, kind, data, state.version + 1)
        except IllegalAction as exc:
            raise refusal(exc, state, who) from None
        return drawn.args

    def undo(
        self,
        game_id: str,
        token: str | None,
        to_seq: int | None = None,
        expected: int | None = None,
    ) -> Event:
        """Undo the last action not yet undone (an auction as a whole), or with ``to_seq``
        every action from that entry on. Undone entries stay in the history."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.undo_host"))
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            targets = undo_targets(state, to_seq)
            if targets is None:
                raise Refused(400, Message("door.undo_entry"), "to_seq")
            if not targets:
                raise Refused(400, Message("door.nothing_to_undo"))
            state = self._append(
                state, who, "undo", {"targets": targets}, self.actor_name(state, who)
            )
            event = state.events[-1]
            self.store.mark_undone(state, targets, event.seq)
        self.hub.notify(game_id, event.seq)
        return event

    def redo(self, game_id: str, token: str | None, expected: int | None = None) -> Event:
        """Redo the most recent undo, as long as no new action was recorded since."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.redo_host"))
        with self.store.write():
            state = self.store.state(game_id)
            self._check_version(state, expected)
            undo = redoable(state)
            if undo is None:
                raise Refused(400, Message("door.nothing_to_redo"))
            targets = list(undo.data["targets"])
            state = self._append(
                state,
                who,
                "redo",
                {"targets": targets, "undo": undo.seq},
                self.actor_name(state, who),
            )
            event = state.events[-1]
            self.store.mark_undone(state, targets, None)
        self.hub.notify(game_id, event.seq)
        return event

    # -- sealed secrets and the server's moves ------------------------------------------------
    def seal(
        self, game_id: str, token: str | None, secret: str, key: str | None, value: object
    ) -> tuple[Event, str, bool]:
        """Seal (or change) the token's own value of one of the game's secrets (an
        auction's bid, a round's fingers): the value goes to the sealed-bids table with a
        receipt for the sealer, the log records only that the seat has sealed; when the last
        expected seat has sealed, the reveal is appended in the same write. Returns the last
        event, the receipt, and whether this seat had sealed under this key before."""
        who = self.identify(game_id, token)
        rules = self._secret(game_id, secret)
        seat = None if who.is_host else who.seat
        with self.store.write():
            state = self.store.state(game_id)
            try:
                sealing = rules.seal(state.table, state.config, seat, key, value)
            except Turned as exc:
                raise Refused(exc.status, exc.message, exc.field) from None
            assert seat is not None  # a game seals a seat's value only
            code = self._seal(game_id, who, seat, sealing.key, sealing.value)
            state = self._append(
                state, who, sealing.kind, sealing.data, sealing.actor, grp=sealing.group
            )
            seats = rules.seats(state.table, sealing.key)
            if seats is not None:
                state = self._reveal(state, rules, sealing.key, seats, sealing.actor)
        self.hub.notify(game_id, state.version)
        return state.events[-1], code, sealing.changed

    def reveal_now(self, game_id: str, token: str | None, secret: str, key: str) -> Event:
        """Reveal now, whoever is still out (a missing value counts as none): the host or
        the owner, as the game says."""
        who = self.identify(game_id, token)
        rules = self._secret(game_id, secret)
        with self.store.write():
            state = self.store.state(game_id)
            try:
                seats = rules.may_reveal(state.table, None if who.is_host else who.seat, key)
            except Turned as exc:
                raise Refused(exc.status, exc.message, exc.field) from None
            state = self._reveal(state, rules, key, seats, self.actor_name(state, who))
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def server_move(
        self, game_id: str, token: str | None, name: str, body: object, expected: int | None = None
    ) -> Event:
        """A move the server records from a request (opening an auction, the owner's
        choice): the game checks it and makes the entry, with its draws."""
        who = self.identify(game_id, token)
        move = self.game(game_id).server_moves().get(name)
        if move is None:
            raise Refused(404, _absent(self.store.games(), name))
        try:
            move.check(body)
            with self.store.write():
                state = self.store.state(game_id)
                self._check_version(state, expected)
                seat = None if who.is_host else who.seat
                try:
                    entry = move.entry(state.table, state.config, seat, body, state.version + 1)
                except IllegalAction as exc:
                    raise refusal(exc, state, who) from None
                actor = self.actor_name(state, who)
                state = self._append(state, who, entry.kind, entry.data, actor, grp=entry.group)
        except Turned as exc:
            raise Refused(exc.status, exc.message, exc.field) from None
        self.hub.notify(game_id, state.version)
        return state.events[-1]

    def _secret(self, game_id: str, name: str) -> Secret:
        rules = self.game(game_id).secrets().get(name)
        if rules is None:
            raise Refused(404, _absent(self.store.games(), name))
        return rules

    def _reveal(
        self, state: GameState, rules: Secret, key: str, seats: Iterable[int], actor: str
    ) -> GameState:
        """Append the reveal (inside a write): every value and its receipt at once."""
        opened = self._opened(state, key, seats)
        entry = rules.reveal(state.table, state.config, key, opened, state.version + 1)
        return self._append(state, None, entry.kind, entry.data, actor, grp=entry.group)

    # -- the one sealed-secret mechanism (companion/engine/sealed.py) -------------------------
    def _seal(self, game_id: str, who: Identity, seat: int, key: str, value: int) -> str:
        """Keep ``seat``'s sealed ``value`` under ``key`` apart from the log (it
        replaces the one the seat sealed before), sealed with its link; inside a write.
        Returns the receipt, for the sealing seat alone."""
        sealed = seal(key, seat, value)
        self.store.put_bid(
            game_id, key, sealed.seat, sealed.value, sealed.nonce, sealed.receipt, who.token
        )
        return sealed.receipt

    def _opened(self, state: GameState, key: str, seats: Iterable[int]) -> Opened:
        """Every sealed value under ``key`` of the expected ``seats``, with the receipts
        the log publishes; inside a write, for a reveal only."""
        return reveal(self.store.bids(state.id, key), seats)

    def reissue(self, game_id: str, token: str | None, seat: int) -> str:
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.reissue_host"))
        state = self.store.state(game_id)
        if not 0 <= seat < len(state.config.players):
            raise Refused(400, Message("door.no_seat"), "seat")
        new = self.store.reissue_seat(game_id, seat)
        # The old link's streams re-check their token on waking and close.
        self.hub.kick(game_id)
        return new

    def reissue_host(self, game_id: str, token: str | None) -> str:
        """The table screen's link issued anew: every device signed in with the old one
        (another browser, a link left in a history) is signed out; only the host may."""
        who = self.identify(game_id, token)
        if not who.is_host:
            raise Refused(403, Message("door.reissue_own_host"))
        new = self.store.reissue_host(game_id)
        self.hub.kick(game_id)  # the old link's streams close on waking
        return new

    def join(self, token: str, holds_it: bool) -> Identity:
        """A device opens a join link. A seat's link signs in one device only: once a phone
        has joined, the link no longer works on another (the table screen issues a new one,
        which signs the old phone out). ``holds_it``: this device already signed in with it."""
        info = self.store.token_info(token)
        if info is None:
            raise Refused(
                401,
                Message("door.join_invalid"),
            )
        who = Identity(info["game_id"], info["role"], info["seat"], token)
        if who.is_host or holds_it:
            return who
        if not self.store.mark_joined(token):
            raise Refused(
                409,
                Message("door.joined_already"),
            )
        self.hub.kick(who.game_id)
        return who

    @staticmethod
    def _check_version(state: GameState, expected: int | None) -> None:
        if expected is not None and expected != state.version:
            raise Refused(
                409,
                Message("door.stale", {"version": state.version, "expected": expected}),
            )


def _absent(games: Mapping[str, Game], name: str) -> Message:
    """Why this game has no secret or server move ``name``: in the words of the game
    that has one."""
    for game in games.values():
        secret = game.secrets().get(name)
        if secret is not None:
            return secret.absent
        move = game.server_moves().get(name)
        if move is not None:
            return move.absent
    return Message("door.no_action", {"name": repr(name)[:40]})
