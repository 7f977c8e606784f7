"""Sushi Shop (external-markets.md §17, AMB-55): groups of 1–5 tokens of different shapes
into empty places; 3 tokens → ¥700 ([JA] example); other prices are board numbers."""

from __future__ import annotations

from companion.rules.fish import Fish

from ..guided_support import give
from .exp_support import exp_table
from .support import refuse_visit, visit


def test_fugu_eel_and_salmon_pay_700() -> None:
    """[JA] example: 1 Fugu + 1 Eel + 1 Salmon → +¥700."""
    t = give(exp_table(), "Aiko", fish=Fish(fugu=1, eel=1, salmon_fresh=1))
    t = visit(t, "sushi", groups=[["fugu", "eel", "salmon"]])
    assert t.player("Aiko").yen == 2700 and t.places["sushi.3"] == ("fugu", "eel", "salmon")


def test_shapes_must_differ_and_places_are_taken_once() -> None:
    t = give(
        exp_table(), "Aiko", fish=Fish(mackerel=2, horse_mackerel=1, octopus=1, takoyaki=1, eel=2)
    )
    refuse_visit(t, "sushi", "ext.sushi_shapes", groups=[["mackerel", "horse_mackerel"]])
    refuse_visit(t, "sushi", "ext.sushi_shapes", groups=[["eel", "eel"]])
    t = visit(t, "sushi", groups=[["octopus", "takoyaki"], ["eel"]])  # Octopus ≠ Takoyaki
    assert t.player("Aiko").yen == 2000 + 400 + 200


def test_an_unknown_price_is_refused() -> None:
    t = give(exp_table(numbers={"sushi": {"entry_ap": 1}}), "Aiko", fish=Fish(eel=1))
    refuse_visit(t, "sushi", "ext.sushi_price", groups=[["eel"]])
