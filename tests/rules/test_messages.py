"""Messages are codes with values (companion/rules/messages.py): a message renders its
placeholders, and IllegalAction carries a Message while keeping its plain-string form.
(That every code the rules say is in each catalogue: tests/test_catalogues.py.)"""

from __future__ import annotations

from companion.rules.errors import IllegalAction
from companion.rules.messages import Message, render


def test_render_names_ids_and_formats_yen() -> None:
    msg = Message("mv.yen", {"payer": "Aiko", "payee": "supply", "amount": 1200, "reason": "sale"})
    assert render(msg) == "Aiko → the supply: ¥1,200 (sale)"
    assert render(Message("mv.track", {"track": "eel", "before": 6, "after": 2})) == (
        "Eel value 6 → 2"
    )


def test_an_unknown_language_falls_back_to_english() -> None:
    assert render(Message("no_freezer", {"player": "Bo"}), "xx") == "Bo holds no Freezer."


def test_illegal_action_keeps_the_string_form_and_carries_a_message() -> None:
    old = IllegalAction("must be a whole number", "amount")
    assert old.message == "must be a whole number" and old.code_message is None
    assert str(old) == "amount: must be a whole number"
    new = IllegalAction(
        Message(
            "short_of_yen",
            {
                "player": "Aiko",
                "have": 300,
                "need": 400,
                "what": Message("what.entry_yen", {"market": "salmon"}),
            },
        ),
        "entry",
        private_to=0,
        public_message=Message(
            "cannot_pay",
            {
                "player": "Aiko",
                "need": 400,
                "what": Message("what.entry_yen", {"market": "salmon"}),
            },
        ),
    )
    assert new.message == "Aiko has only ¥300; the entry to Salmon costs ¥400."
    assert new.public_message == "Aiko cannot pay ¥400 for the entry to Salmon."
    assert new.render(private=False) == new.public_message
    assert new.code_message is not None and new.code_message.code == "short_of_yen"
    assert new.code_message.to_json()["values"]["what"]["code"] == "what.entry_yen"
