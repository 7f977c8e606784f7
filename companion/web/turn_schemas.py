"""The visit's body (shared/spec/flows.md; docs/actions.md, "The guided turn"): the fields
every visit takes and each market's own, made from their dataclasses
(web/arg_models.py). Every other guided move's body is made from its dataclass directly
(web/action_schemas.py ``ACTIONS``).
"""

from __future__ import annotations

from typing import Any

from pydantic import create_model

from ..engine.args import client_fields, hints
from ..rules.markets import MARKETS
from ..rules.markets.external import EXTERNAL
from ..rules.visit import Visit
from .arg_models import field_of, model_of
from .schemas import (
    ActionBody,
)

#: The markets' registry contents a visit model was made for, and that model.
_VISIT: dict[tuple[tuple[str, type[Any]], ...], type[ActionBody]] = {}


def visit_model() -> type[ActionBody]:
    """The body of a visit: the fields every visit takes (``rules.visit.Visit``), and each
    market's own fields, fish markets' then external markets', made from its dataclass in
    its folder (``Market.fields``, ``External.fields``, issue #18 step 8), so a new
    market's field needs no field here. One flat model, as the JSON is flat: the rules
    refuse a field the market visited does not take. Made again when a market is
    registered (the test-only market)."""
    markets: list[tuple[str, type[Any]]] = [(k, m.fields) for k, m in MARKETS.items()]
    key = (*markets, *((k, m.fields) for k, m in EXTERNAL.items()))
    if key not in _VISIT:
        own: dict[str, Any] = {}
        said: dict[str, Any] = {}
        for _market, m in key:
            typed = hints(m)
            for f in client_fields(m):
                name, spec = field_of(f, typed[f.name])
                if name in said and said[name] != typed[f.name]:
                    raise TypeError(f"two markets' visit field {name!r} differ in type")
                said[name] = typed[f.name]
                own[name] = spec
        _VISIT[key] = create_model("Visit", __base__=model_of("visit", Visit), **own)
    return _VISIT[key]
