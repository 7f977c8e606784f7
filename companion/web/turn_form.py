"""The guided turn's form → the move's parsed action (docs/actions.md, "Forms"; issue #18):
the phone's field names are the paths of the API's JSON body (``sell.tuna.20=2``,
``sell.swordfish[1]=2``, ``barrels`` = ``from=Aiko&fish=eel&row=upper&price=300``,
``boats[100]`` = ``boat=b2&do=dock&at=1``), so web/form_decode.py makes the body from the
move's own model and the API's pydantic model (``action_schemas.ACTIONS``) parses it as
it parses JSON: a form can do nothing the API would refuse. Every guided move's form, the
external markets' too, is read so.

What a phone leaves out is the page's to leave out (templates/game/_turn_*.html and
static/game.js): a price slot beyond its count, a sale or a new price that did not
change, the prices of a boat that does not dock at home. The order of a Fishing action's
boats (undocks, then docks, then catches) is the order of their item numbers, which the
page gives (web/turn_fleet.py ``ORDER``).
"""

from __future__ import annotations

import re
from typing import Any

from ..door import Refused
from ..rules.messages import render
from . import action_schemas, edge, form_decode, schemas
from .turn_guide import KINDS, say

#: The fields a free move's one radio picks (its name is ``.``, the move itself).
_PICKED = {"discard": ("boat", "fish"), "transfer": ("from", "to", "fish")}
#: An item that is no item at all (a tap's or a checkbox's value the page did not make:
#: ``barrels[2]``, not ``barrels[2].price``): a barrel is not one the page offered; a boat's
#: tap is not what the page offered for what the boat does.
_NOT_AN_ITEM = re.compile(r"(boats|barrels|sell_barrels)(\[[0-9]+\])?")


def _root(field: str | None) -> str:
    return (field or "").split(".")[0].split("[")[0]


def action_from_form() -> tuple[str, dict[str, Any], int | None]:
    """The posted form as (kind, arguments, expected_seq), parsed by the API's model."""
    pairs = edge.form_pairs()
    kind = next((v.strip() for k, v in pairs if k == "type"), "")
    if kind not in KINDS:
        raise Refused(400, say("guide.kind"), "type")
    try:
        body = form_decode.decode(action_schemas.ACTIONS[kind], pairs, kind)
    except Refused as exc:
        if _root(exc.field) == "entry":  # a radio value not the page's own
            raise Refused(400, say("guide.choose_entry"), "entry") from None
        raise
    if kind == "visit" and body.get("entry") in (None, ""):
        # No entry radio left on (each one off, or none chosen): a player's sentence, not
        # the API's list of entry shapes (issue #20).
        raise Refused(400, say("guide.choose_entry"), "entry")
    if kind in _PICKED and not all(k in body for k in _PICKED[kind]):
        # No boat-and-fish radio on (none offered, or none chosen): the same sentence.
        raise Refused(400, say("guide.fleet_pick"), ".")
    try:
        action = schemas.parse(action_schemas.ACTIONS[kind], body, kind, form=True)
    except Refused as exc:
        root = _root(exc.field)
        if root == "entry":
            raise Refused(400, say("guide.choose_entry"), "entry") from None
        item = _NOT_AN_ITEM.fullmatch(exc.field or "")
        if item and root != "boats":
            raise Refused(400, say("guide.barrel_not_offered"), exc.field) from None
        if exc.said is not None and any(c in render(exc.said, "en") for c in '{["'):
            # The API's JSON shapes are for developers: a phone's form that is not the
            # page's own (edited, or from an old page) is told to reload (issue #20).
            label: Any = schemas.wording(kind, root).label_message()
            if item:
                label = say("guide.fleet_choice")
            raise Refused(400, say("guide.bad_field", label=label), exc.field) from None
        raise
    return kind, action.args(), action.expected_seq
