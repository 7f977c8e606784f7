"""The JSON API (shared/spec/api.md). Scoring lives here; the game endpoints are in games."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from ..rules.errors import IllegalAction
from ..rules.snapshot import score_snapshot

bp = Blueprint("api", __name__, url_prefix="/api")


def error(message: str, status: int, field: str | None = None) -> Any:
    body: dict[str, str] = {"error": message}
    if field:
        body["field"] = field
    return jsonify(body), status


def json_body() -> Any:
    """The request's JSON, or IllegalAction with a sentence a person understands."""
    data = request.get_json(silent=True)
    if data is None:
        raise IllegalAction("the request body must be JSON")
    return data


@bp.post("/score")
def score() -> Any:
    """Score a tsukiji-snapshot/1: 200 with the report, or 400 with the error and field."""
    try:
        report = score_snapshot(json_body())
    except IllegalAction as exc:
        return error(exc.message, 400, exc.field)
    return jsonify(report.to_json())
