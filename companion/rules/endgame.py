"""The end-of-game trigger, checked at the start of each player's turn (turn-and-scoring.md §4).

``triggers(p) = (Y(p) >= 5000 and not outright_lowest(R, p))
             or (R(p) >= 50   and not outright_lowest(Y, p))``

"Outright lowest" is the unique minimum: a player tied for the lowest is not outright
lowest. The check comes first among the start-of-turn steps (AMB-05).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import Message, render

YEN_THRESHOLD = 5000
RESOURCE_THRESHOLD = 50


def outright_lowest(values: Sequence[int], index: int) -> bool:
    """Whether ``values[index]`` is strictly below every other value.

    >>> outright_lowest([10, 10, 20], 0), outright_lowest([8, 10, 20], 0)
    (False, True)
    """
    mine = values[index]
    return all(mine < v for i, v in enumerate(values) if i != index)


@dataclass(frozen=True)
class EndCheck:
    """The start-of-turn check for one player, with how far they are from each condition.

    ``reason`` is "yen", "resources" or None; ``yen_short`` / ``resources_short`` are what
    the player still lacks to reach ¥5,000 / 50 Resources (0 once reached);
    ``lowest_resources`` / ``lowest_yen`` say whether the player is outright lowest,
    which blocks the *other* condition.
    """

    player: int
    triggered: bool
    reason: str | None
    yen_short: int
    resources_short: int
    lowest_resources: bool
    lowest_yen: bool
    #: With ≥ 50 Resources everyone reveals their Yen for the check, even with closed money.
    reveals_yen: bool

    def explain(self, name: str) -> str:
        """One sentence for the table."""
        return render(self.message(name))

    def message(self, name: str) -> Message:
        """:meth:`explain` as a message code and its values."""
        goals = {"player": name, "goal_yen": YEN_THRESHOLD, "goal_r": RESOURCE_THRESHOLD}
        if self.reason == "yen":
            return Message("end.yen", goals)
        if self.reason == "resources":
            return Message("end.resources", goals)
        if self.yen_short == 0 and self.resources_short == 0:
            return Message("end.both_blocked", goals)
        if self.yen_short == 0:
            return Message("end.yen_blocked", goals)
        if self.resources_short == 0:
            return Message("end.resources_blocked", goals)
        return Message(
            "end.short", {**goals, "yen": self.yen_short, "resources": self.resources_short}
        )


def check_end(yen: Sequence[int], resources: Sequence[int], player: int) -> EndCheck:
    """Evaluate the trigger for ``player`` as if their turn were starting now.

    >>> check_end([5200, 0, 0], [10, 10, 20], 0).triggered       # tied lowest R
    True
    >>> check_end([5200, 0, 0], [8, 10, 20], 0).triggered        # outright lowest R
    False
    """
    if len(yen) != len(resources) or len(yen) < 2:
        raise ValueError("need the Yen and Resources of at least two players")
    low_r = outright_lowest(resources, player)
    low_y = outright_lowest(yen, player)
    by_yen = yen[player] >= YEN_THRESHOLD and not low_r
    by_res = resources[player] >= RESOURCE_THRESHOLD and not low_y
    reason = "yen" if by_yen else "resources" if by_res else None
    return EndCheck(
        player=player,
        triggered=by_yen or by_res,
        reason=reason,
        yen_short=max(0, YEN_THRESHOLD - yen[player]),
        resources_short=max(0, RESOURCE_THRESHOLD - resources[player]),
        lowest_resources=low_r,
        lowest_yen=low_y,
        reveals_yen=resources[player] >= RESOURCE_THRESHOLD,
    )


def triggers(yen: Sequence[int], resources: Sequence[int], player: int) -> bool:
    """The bare predicate of :func:`check_end`."""
    return check_end(yen, resources, player).triggered
