"""The rules of Tokyo Tsukiji Market as pure functions: standard library only.

Nothing here does I/O or imports Flask or sqlite-utils, so the CLI, the web pages, the
JSON API and the tests all share one implementation.
"""

from . import boats as boats  # registers the fleet's moves (open_port …) into MOVES
from . import markets as markets  # registers each fish market's board (tokens.STOCKS)
from .errors import IllegalAction

RULES_VERSION = "1"

__all__ = ["IllegalAction", "RULES_VERSION"]
