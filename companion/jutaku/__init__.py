"""Tokyo Jutaku, the joke game at the end of [JA]: its exit calculator, pure and
standard library only (shared/rules/tokyo-jutaku.md §3–§4).

- :mod:`.catalogue`: the shop's setup prices and every value a piece pays;
- :mod:`.rules`: one exit's payout (:func:`~.rules.cash_exit`), a whole game of exits
  and Tuna purchases as a fold, the end and the winner.

Its sentences are message codes (``jutaku.*``) of the one catalogue per language
(companion/translations, worded by companion/catalogues.py).
"""

from .game import Game, new_game, outcome, replay
from .rules import Carried, cash_exit

__all__ = ["Carried", "Game", "cash_exit", "new_game", "outcome", "replay"]
