"""Final scoring in the rulebook's order (turn-and-scoring.md §6).

1. Resource award/penalty, 2. the Overfishing external market (when in play),
3. Bank loans repaid with interest and the interest paid to share owners,
4. fish converted at ¥100 per Resource, 5. ranks and every winner of a tie.
Resources are computed once, with the values in force at the end (steps 2–3 change none).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .catalogue import MARKET_OF_TOKEN
from .endgame import triggers
from .errors import IllegalAction
from .fish import Fish, MarketValues
from .messages import Message
from .resources import resources_by_fish, salmon_in_game

YEN_PER_RESOURCE = 100
LOAN_PRINCIPAL = 500
LOAN_INTEREST = 500

STEP_NAMES: tuple[str, ...] = (
    "start_yen",
    "resource_award",
    "overfishing",
    "loan_repayment",
    "interest_received",
    "fish_yen",
)


@dataclass(frozen=True)
class Player:
    """One player at scoring time."""

    name: str
    yen: int
    fish: Fish
    loans: int = 0
    shares: int = 0


@dataclass(frozen=True)
class PlayerScore:
    name: str
    by_fish: dict[str, int]
    resources: int
    steps: dict[str, int]
    final_yen: int
    rank: int


@dataclass(frozen=True)
class Report:
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    end_trigger: dict[str, bool]
    #: Yen the supply paid out (+) or took in (−) over the whole scoring.
    supply_delta: int

    def to_json(self) -> dict[str, object]:
        """The ``tsukiji-score/1`` report of shared/spec/snapshot.md."""
        return {
            "format": "tsukiji-score/1",
            "players": [
                {
                    "name": p.name,
                    "resources": {"by_fish": dict(p.by_fish), "total": p.resources},
                    "steps": dict(p.steps),
                    "final_yen": p.final_yen,
                    "rank": p.rank,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "end_trigger": dict(self.end_trigger),
        }


def resource_awards(resources: Sequence[int]) -> list[int]:
    """Step 1: +¥1,000 to the single highest (+¥500 each if tied), −¥500 to the single
    lowest (−¥300 each if tied). Everyone equal: both apply, +¥200 each (AMB-07).

    >>> resource_awards([30, 30, 12, 20])
    [500, 500, -500, 0]
    >>> resource_awards([10, 10, 10])
    [200, 200, 200]
    """
    high, low = max(resources), min(resources)
    n_high = resources.count(high)
    n_low = resources.count(low)
    out = []
    for r in resources:
        award = 0
        if r == high:
            award += 1000 if n_high == 1 else 500
        if r == low:
            award -= 500 if n_low == 1 else 300
        out.append(award)
    return out


def overfishing_step(fish: Fish, overfished: frozenset[str]) -> int:
    """Step 2 (Overfishing external market): +¥100 per token of a fish market that is not
    Overfished, −¥100 per token of an Overfished one. Counts tokens, not Resources;
    Takoyaki count as Octopus-market tokens (AMB-38)."""
    total = 0
    for key, n in fish.counts.items():
        total += (-100 if MARKET_OF_TOKEN[key] in overfished else 100) * n
    return total


def interest_per_owner(total_loans: int, share_owners: int) -> int:
    """Interest each share owner receives: the loans' interest split equally among the
    players owning shares, rounded up to ¥100 each; the supply covers the rounding.
    Per owner, not per share (AMB-34).

    >>> interest_per_owner(3, 2), interest_per_owner(1, 2), interest_per_owner(2, 0)
    (800, 300, 0)
    """
    interest = LOAN_INTEREST * total_loans
    if interest == 0 or share_owners == 0:
        return 0
    # Integer ceiling division: float division loses whole ¥100s for large counts.
    return -(-interest // (share_owners * 100)) * 100


def loan_repayment(loans: int) -> int:
    """Step 3 for a borrower: ¥500 principal + ¥500 interest per loan (may go negative)."""
    return -(LOAN_PRINCIPAL + LOAN_INTEREST) * loans


def ranks(final_yen: Sequence[int]) -> list[int]:
    """Competition ranks, most Yen first; equal Yen share a rank (1, 1, 3 …).

    >>> ranks([5500, 6000, 3500, 6000])
    [3, 1, 4, 1]
    """
    return [1 + sum(1 for other in final_yen if other > mine) for mine in final_yen]


def score(players: Sequence[Player], values: MarketValues) -> Report:
    """Score a finished table. Players are reported in the order given.

    Raises :class:`IllegalAction` for a table the rules cannot score (fewer than two
    players, loans or shares without the Bank).
    """
    if len(players) < 2:
        raise IllegalAction(Message("score.players", {}), "players")
    bank = "bank" in values.external
    if not bank:
        for i, p in enumerate(players):
            if p.loans or p.shares:
                field = "loans" if p.loans else "shares"
                raise IllegalAction(Message("score.bank", {}), f"players[{i}].{field}")

    holdings = [p.fish for p in players]
    salmon = salmon_in_game(holdings)
    by_fish = [resources_by_fish(f, values, salmon) for f in holdings]
    totals = [sum(b.values()) for b in by_fish]
    yen = [p.yen for p in players]

    awards = resource_awards(totals)
    overfishing = "overfishing" in values.external
    owners = sum(1 for p in players if p.shares > 0)
    per_owner = interest_per_owner(sum(p.loans for p in players), owners)

    rows = []
    for i, p in enumerate(players):
        steps = {
            "start_yen": p.yen,
            "resource_award": awards[i],
            "overfishing": overfishing_step(p.fish, values.overfished) if overfishing else 0,
            "loan_repayment": loan_repayment(p.loans),
            "interest_received": per_owner if p.shares > 0 else 0,
            "fish_yen": YEN_PER_RESOURCE * totals[i],
        }
        rows.append((p, steps, sum(steps.values())))

    finals = [final for _, _, final in rows]
    rank = ranks(finals)
    scores = tuple(
        PlayerScore(p.name, by_fish[i], totals[i], steps, finals[i], rank[i])
        for i, (p, steps, _) in enumerate(rows)
    )
    supply_delta = sum(final - p.yen for p, _, final in rows)
    return Report(
        players=scores,
        winners=tuple(s.name for s in scores if s.rank == 1),
        end_trigger={p.name: triggers(yen, totals, i) for i, p in enumerate(players)},
        supply_delta=supply_delta,
    )
