"""Opening ports (setup.md §5): ¥500 each, "1" before "2", free at any time on your turn."""

from __future__ import annotations

from companion.rules.guided import preview_lines

from ..guided_support import act, give, refused, turn_of
from .support import table


def test_ports_open_in_order_for_500_each() -> None:
    """turn-and-scoring.md §2: A opens Port 1, then Port 2 → −¥500, −¥500."""
    t = table()
    assert preview_lines(t, {"type": "open_port", "player": "Aiko"}) == [
        "Aiko → the supply: ¥500 (port opened)",
        "Aiko opens port 1",
    ]
    t = act(t, "open_port", player="Aiko")
    t = act(t, "open_port", player="Aiko")
    assert t.player("Aiko").ports == 2 and t.player("Aiko").yen == 1000
    assert t.turn.ap_left == 2  # not an action
    refused(t, "open_port", "ext.ports_open", player="Aiko")


def test_only_on_your_turn_and_with_the_yen() -> None:
    t = table()
    refused(t, "open_port", "not_your_turn", player="Bo")
    refused(give(t, "Aiko", yen=400), "open_port", "short_of_yen", player="Aiko")
    refused(t, "open_port", "bad_field", player="Aiko", port=2)
    assert act(turn_of(t, "Bo"), "open_port", player="Bo").player("Bo").ports == 1
