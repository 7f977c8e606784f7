"""What one viewer may see of a card game: the shape of ``GET /api/games/<id>``
(shared/spec/cards.md), built for one seat or the host.

The state never holds a finger count before the reveal (the door keeps sealed bids
apart, as the board game's); the door hands this function the sealed bids it holds,
and only the viewer's own reaches the answer (``my_bid``). So every other viewer's
answer is the same whatever a sealed bid is.

>>> from companion.cardgame.state import initial_state, make_config
>>> s = initial_state(make_config(["Aiko", "Bo"], 3))
>>> player_view(s, 1, sealed={0: 4})["bid_by"], "my_bid" in player_view(s, 1, sealed={0: 4})
([], False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .pieces import choices, half_of, waiting_for
from .scoring import outcome, piles_by_colour, score
from .state import State

GAME = "tsukiji_market"


def player_view(
    s: State, viewer: int | None, sealed: Mapping[int, int] | None = None
) -> dict[str, Any]:
    """The table for ``viewer`` (a seat, or None for the host and the table screen).
    ``sealed``: the bids sealed so far this round, seat → fingers; only the viewer's
    own is read."""
    result = outcome(s)
    own = (sealed or {}).get(viewer) if viewer is not None else None
    players = []
    for seat, name in enumerate(s.players):
        players.append(
            {
                "name": name,
                "score": score(s, seat).to_json(),
                "knives": s.knives(seat),
                "piles": {
                    colour: [c.to_json() for c in cards]
                    for colour, cards in piles_by_colour(s.piles[seat]).items()
                },
            }
        )
    out: dict[str, Any] = {
        "game": GAME,
        "notches": s.config.notches,
        "variant": s.config.variant,
        "barrel": s.barrel,
        "face": s.face,
        "bid_by": [s.players[seat] for seat in sorted(s.bid_by)],
        "last_reveal": None
        if s.last_reveal is None
        else {
            "fingers": dict(zip(s.players, s.last_reveal.fingers, strict=True)),
            "winner": None if s.last_reveal.winner is None else s.players[s.last_reveal.winner],
        },
        "waiting_for": waiting_for(s),
        # What the first waiting step may take, one tap each (the host's defined cards
        # that can be there; for a steal or discard, the opponent's cards).
        "choices": [
            {**c.to_json(), "half": half_of(s, c)} if c.card is not None else c.to_json()
            for c in choices(s)
        ],
        "defined_cards": s.config.cards is not None,
        "deck": s.deck,
        "discard": s.discard,
        "scale": s.scale,
        "exhausted": s.exhausted,
        "rounds": s.rounds,
        "players": players,
        "finished": s.finished,
        "winners": [] if result is None else [s.players[w] for w in result.winners],
        "end": None if result is None else {"reason": result.reason, "tie_break": result.tie_break},
    }
    if viewer is not None and own is not None and viewer in s.bid_by:
        out["my_bid"] = own
    return out
