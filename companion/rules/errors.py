"""The one exception the rules core raises for input that breaks a rule: the engine's
(``companion.engine``), kept importable from here for the board game's modules."""

from __future__ import annotations

from ..engine.errors import IllegalAction as IllegalAction
from ..engine.errors import is_clause as is_clause
