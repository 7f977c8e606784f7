"""The end-of-game scoring calculator page (no game needed)."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("calculator", __name__, url_prefix="/calculator")


@bp.get("/")
def page() -> str:
    return render_template("calculator/page.html")
