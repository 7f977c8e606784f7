"""Influence (external-markets.md §13, setup.md §7, AMB-23, AMB-51): Buyer and Expansion
tokens at ¥200 each; an Expansion token brings a market of the chosen kind from the box."""

from __future__ import annotations

from companion.rules import entering

from ..guided_support import turn_of
from .exp_support import exp_table
from .support import refuse_visit, visit


def test_a_buyer_token_costs_200_and_a_license_space() -> None:
    t = visit(exp_table(), "influence", buyer_tokens=1)
    p = t.player("Aiko")
    assert p.yen == 1800 and p.items == {"buyer_token": 1} and p.spaces_used == 2
    assert t.stock["influence.buyer_token"] == 1


def test_an_expansion_token_brings_a_market_of_the_chosen_kind() -> None:
    t = exp_table()
    box = entering.in_box(t, "fish")
    t2 = visit(t, "influence", expansion_tokens=["fish"])
    new = [m for m in t2.config.fish_markets if m not in t.config.fish_markets]
    assert len(new) == 1 and new[0] in box
    assert t2.player("Aiko").yen == 1800
    assert t2.stock["influence.expansion_token"] == 1
    assert new[0] in t2.board_licenses  # set up as at the start
    # The same visit replays to the same market (the draw is seeded).
    assert visit(t, "influence", expansion_tokens=["fish"]).config == t2.config


def test_known_order_takes_the_next_board_and_aquarium_brings_new_aquarium() -> None:
    """setup.md §8: the next board of the queue; §2.2, AMB-51: Aquarium and New Aquarium
    enter together."""

    def at(seed: int) -> object:
        return exp_table(
            external=("ships", "influence", "bank"),
            fish=("mackerel", "eel", "squid", "tuna"),
            variants=("known_order",),
            players=2,
            seed=seed,
        )

    # The first seed whose external queue starts with the Aquarium (found, not assumed).
    seed = next(
        s for s in range(200) if entering.known_order(at(s).config, "external")[0] == "aquarium"
    )
    t = at(seed)
    t2 = visit(t, "influence", expansion_tokens=["external"])
    added = [m for m in t2.config.external_markets if m not in t.config.external_markets]
    assert added == ["aquarium", "new_aquarium"]
    # The next token takes the next board of the queue still in the box.
    queue = entering.known_order(t.config, "external")
    nxt = next(m for m in queue if m not in ("aquarium", "new_aquarium"))
    t3 = visit(t2, "influence", expansion_tokens=["external"])
    assert t3.config.external_markets[-1] == nxt


def test_an_empty_box_brings_nothing_but_the_token_is_spent() -> None:
    t = exp_table()
    empty = t.__class__(
        **{
            **t.__dict__,
            "config": t.config.__class__(
                **{**t.config.__dict__, "fish_markets": entering.all_boards(t.config, "fish")}
            ),
        }
    )
    t2 = visit(empty, "influence", expansion_tokens=["fish"])
    assert t2.config.fish_markets == empty.config.fish_markets
    assert t2.stock["influence.expansion_token"] == 1 and t2.player("Aiko").yen == 1800


def test_refusals_change_nothing() -> None:
    t = exp_table()
    refuse_visit(t, "influence", "ext.expansion_kinds", expansion_tokens=["both"])
    refuse_visit(t, "influence", "bad_count", buyer_tokens=3)
    both = visit(t, "influence", entry="ap", buyer_tokens=2)
    refuse_visit(turn_of(both, "Aiko"), "influence", "ext.influence_left", buyer_tokens=1)
    refuse_visit(t, "influence", "ext.no_interaction")
