"""Tsukiji Market, the 2-player card game (WA-SA-BI): its rules core, pure and standard
library only (shared/rules/tsukiji-card-game.md).

- :mod:`.catalogue`: every printed number and the bounds of what the table enters;
- :mod:`.state`: the immutable state, the cards as the players describe them, setup;
- :mod:`.rules`: one function per move, :func:`~.rules.apply`, the fold, who may record
  what (:func:`~.rules.why_not`), what the game waits for;
- :mod:`.scoring`: scores (always available), the winner and its tie-break;
- :mod:`.view`: what one viewer sees (a sealed bid only by its own bidder).

Its sentences are message codes (``cards.*``) of the one catalogue per language
(companion/translations, worded by companion/catalogues.py).
"""

from .pieces import waiting_for
from .rules import MOVES, apply, may_record, replay, why_not
from .state import Config, Face, State, initial_state, make_config
from .view import player_view

__all__ = [
    "MOVES",
    "Config",
    "Face",
    "State",
    "apply",
    "initial_state",
    "make_config",
    "may_record",
    "replay",
    "player_view",
    "waiting_for",
    "why_not",
]
