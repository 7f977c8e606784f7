"""Tsukiji Market, the card game, at the edge: its request bodies (strict, closed), each
parsed once into the arguments the door takes, and a new game's setup, with the notches
and the 18 cards this server remembers for its next games (AMB-C1, AMB-C2)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import (
    jsonify,
)
from flask_babel import gettext  # type: ignore[import-untyped]
from pydantic import Field

from .. import cardgame
from ..cardgame import deck as card_deck
from ..cardgame.catalogue import NOTCHES_MAX, NOTCHES_MIN
from ..cardgame.rules import MOVES as CARD_MOVES
from ..cardgame.secret import FingerBid
from ..door import Refused, refusal_of
from ..engine import IllegalAction, Message
from ..games import CARDS
from ..rules.setup import name_character
from . import edge, schemas
from .arg_models import MoveBody, body_of, model_of
from .auth import (
    join_url,
)
from .context import door, store

#: The Scale's notches a new game starts with until a host chooses others (AMB-C1).
DEFAULT_NOTCHES = 3
#: Where the server remembers the last notches chosen: the board numbers' table, under a
#: player count no board game asks for (-1), so the board game never reads it.
MEMORY = ("tsukiji_market", "notches", -1)

# -- request bodies (strict, closed: schemas.Body) --------------------------------------------

PlayerName = Annotated[str, Field(min_length=1, max_length=30)]


class NewCardGame(schemas.Body):
    game: Literal["tsukiji_market"]
    players: Annotated[list[PlayerName], Field(min_length=2, max_length=2)]
    notches: Annotated[int, schemas.FormNumber, Field(ge=NOTCHES_MIN, le=NOTCHES_MAX)] | None = None
    variant: Literal["standard", "nice_fish"] = "standard"
    cards: Annotated[list[Any], Field(max_length=18)] | Literal["remembered"] | None = None


#: A seat's finger bid, from the game's dataclass (1 to 4: the door says so in the game's
#: words).
FINGERS = body_of(FingerBid)


def bid_fingers(body: object, form: bool = False) -> int:
    """The fingers a bid's body (JSON, or the form's ``fingers``) says."""
    fingers: int = schemas.parse(FINGERS, body, "bid", form=form).model_dump()["fingers"]
    return fingers


#: The card game's actions at the actions endpoint (bids have their own), each body's
#: model made from its move's argument dataclass (issue #18 step 8): take_card and
#: discard_card the card described or named by its number (``pieces.CardArgs``),
#: speciality a player and points, use_cards the host's 18 cards ("remembered": the
#: server's).
ACTIONS = ("take_card", "discard_card", "speciality", "use_cards")
MODELS: dict[str, type[MoveBody]] = {
    kind: model_of(kind, CARD_MOVES[kind].args) for kind in ACTIONS
}


def parse_action(body: Any, form: bool = False) -> edge.Action:
    if not isinstance(body, dict):
        raise Refused(
            400,
            gettext('An action is a JSON object with a "type", such as {"type": "take_card", …}.'),
            "type",
        )
    kind = body.get("type")
    if kind not in ACTIONS:
        shown = str(kind)[:30] if isinstance(kind, str) else "that"
        raise Refused(
            400,
            gettext(
                'Tsukiji Market has no action called "%(name)s": its actions are take_card, '
                "discard_card and speciality (bids go to the bids endpoint).",
                name=shown,
            ),
            "type",
        )
    action = schemas.parse(MODELS[str(kind)], body, str(kind), form=form)
    args = action.args()
    if args.get("cards") == "remembered":
        args["cards"] = remembered_cards()
        if args["cards"] is None:
            raise Refused(400, Message("cards.deck_none"), "cards")
    expected = action.expected_seq
    return edge.Action(str(kind), args, expected, action.correction)


# -- creating a game ----------------------------------------------------------------------------


def remembered_notches() -> int:
    memory = store().remembered_numbers(MEMORY[2]).get(MEMORY[0], {})
    return memory.get(MEMORY[1], DEFAULT_NOTCHES)


def remembered_cards() -> list[list[dict[str, object]]] | None:
    """The 18 cards the host defined on this server (AMB-C2), kept beside the notches;
    None while there are none."""
    rows = store().remembered_numbers(card_deck.PLAYERS).get(card_deck.MARKET, {})
    return card_deck.from_figures(rows) if rows else None


def remember_cards(deck: tuple[cardgame.state.CardDef, ...] | None) -> None:
    """Keep a checked deck as the server's (None: forget it), only its changed rows."""
    rows = store().remembered_numbers(card_deck.PLAYERS).get(card_deck.MARKET, {})
    new = card_deck.to_figures(deck) if deck is not None else {}
    changes: list[tuple[str, str, int, int | None]] = [
        (card_deck.MARKET, figure, card_deck.PLAYERS, None) for figure in rows if figure not in new
    ]
    changes += [(card_deck.MARKET, f, card_deck.PLAYERS, v) for f, v in new.items()]
    store().remember_numbers(changes)


def new_config(body: Any) -> cardgame.Config:
    """A card game's setup from a checked body; the notches chosen are remembered for the
    server's next game, and a body without them takes the remembered ones."""
    settings = schemas.parse(NewCardGame, body, "card_config")
    for i, name in enumerate(settings.players):
        # The board game's rule for a name: the New game page took "A\u202eBo" (every line
        # naming that player read backwards) and "Ai\u200bko" (a name looking like another).
        if name_character(name) is not None:
            raise Refused(400, Message("cards.name_chars"), f"players[{i}]")
    notches = settings.notches if settings.notches is not None else remembered_notches()
    cards = settings.cards
    if cards == "remembered":
        cards = remembered_cards()
        if cards is None:
            raise Refused(400, Message("cards.deck_none"), "cards")
    try:
        config = cardgame.make_config(settings.players, notches, settings.variant, cards)
    except IllegalAction as exc:
        raise refusal_of(exc) from None
    store().remember_numbers([(MEMORY[0], MEMORY[1], MEMORY[2], notches)])
    return config


def create_api(body: Any) -> Any:
    """``POST /api/games`` with ``"game": "tsukiji_market"``: 201 as for the board game."""
    try:
        config = new_config(body)
    except Refused as exc:
        return jsonify(exc.to_json()), exc.status
    game_id, host, seats = door().create_game(config)
    return jsonify(
        {
            "id": game_id,
            "game": CARDS,
            "host_token": host,
            "seats": [
                {"name": name, "token": tok, "join_url": join_url(tok)}
                for name, tok in zip(config.players, seats, strict=True)
            ],
            "notches": config.notches,
            "variant": config.variant,
        }
    ), 201
