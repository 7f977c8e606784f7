"""The engine: game-neutral and pure (the standard library only).

What every game shares: messages as codes with values and the refusal type, the ``Game``
protocol the shared parts ask a game through, and the one sealed-secret mechanism (seal,
receipt, reveal). It names no game and no market (tests/test_layers.py checks).
"""

from __future__ import annotations

from .errors import IllegalAction as IllegalAction
from .errors import Turned as Turned
from .errors import is_clause as is_clause
from .game import Drawn as Drawn
from .game import Entry as Entry
from .game import Game as Game
from .game import Outcome as Outcome
from .game import Sealing as Sealing
from .game import Secret as Secret
from .game import Seen as Seen
from .game import ServerMove as ServerMove
from .messages import Message as Message
from .messages import render as render
from .messages import use_renderer as use_renderer
from .registry import Games as Games
from .sealed import Opened as Opened
from .sealed import Sealed as Sealed
from .sealed import all_in as all_in
from .sealed import receipt as receipt
from .sealed import reveal as reveal
from .sealed import seal as seal
