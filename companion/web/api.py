"""The JSON API (shared/spec/api.md). Scoring lives here; the game endpoints are in games."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify

from ..door import Refused
from ..rules.errors import IllegalAction
from ..rules.messages import Message
from ..rules.snapshot import score_snapshot
from . import edge

bp = Blueprint("api", __name__, url_prefix="/api")


def error(message: str, status: int, field: str | None = None) -> Any:
    body: dict[str, str] = {"error": message}
    if field:
        body["field"] = field
    return jsonify(body), status


@bp.post("/score")
def score() -> Any:
    """Score a tsukiji-snapshot/1: 200 with the report, or 400 with the error and field."""
    try:
        data = edge.read_json()
    except Refused as exc:
        return error(exc.message, exc.status, exc.field)
    if data is edge.EMPTY:
        return error(Refused(400, Message("edge.send_snapshot")).message, 400)
    try:
        report = score_snapshot(data)
    except IllegalAction as exc:
        return error(Refused(400, edge.rules_sentence(exc)).message, 400, exc.field)
    return jsonify(report.to_json())
