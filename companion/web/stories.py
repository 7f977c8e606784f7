"""The story of a game, made once per version and viewer and kept for a while: the report
page and the CSV export read the same cached story."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..eventlog import GameState
from ..identity import Identity
from ..story import Memo, story

_CACHE: OrderedDict[tuple[str, int, str], dict[str, Any]] = OrderedDict()
_LOCK = threading.Lock()
_CACHED = 32
#: The turn boundaries' points already made, per game (story's memo): an action then
#: costs the story one new point, not one per turn.
_POINTS: OrderedDict[str, Memo] = OrderedDict()
_POINT_GAMES = 16
_POINTS_PER_GAME = 4000


def cached_story(state: GameState, who: Identity) -> dict[str, Any]:
    """The story of one version for one viewer. With open money (and after the end) every
    viewer's story is the same but for ``is_me``, yet each is kept apart: the key is the
    viewer, never a guess that two viewers see alike."""
    key = (state.id, state.version, who.viewer)
    with _LOCK:
        found = _CACHE.get(key)
        if found is not None:
            _CACHE.move_to_end(key)
            return found
    with _LOCK:
        memo = _POINTS.pop(state.id, None) or {}
        _POINTS[state.id] = memo  # the newest game last
        while len(_POINTS) > _POINT_GAMES:
            _POINTS.popitem(last=False)
        if len(memo) > _POINTS_PER_GAME:
            memo.clear()
    made = story(state, who, memo)
    with _LOCK:
        _CACHE[key] = made
        while len(_CACHE) > _CACHED:
            _CACHE.popitem(last=False)
    return made
