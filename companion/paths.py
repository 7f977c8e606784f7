"""Where things live: the package's templates and static files, and the user's data folder."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_path

PACKAGE = Path(__file__).resolve().parent
# In a wheel, templates/ and static/ are inside the package (pyproject force-include);
# in a source checkout (editable install, tests) they are at the top of the repository.
_ROOT = PACKAGE if (PACKAGE / "templates").is_dir() else PACKAGE.parent
TEMPLATES = _ROOT / "templates"
STATIC = _ROOT / "static"

APP_NAME = "tsukiji-companion"


def default_db_path() -> Path:
    """The embedded default database: one SQLite file in the user's data folder."""
    return user_data_path(APP_NAME, appauthor=False, ensure_exists=True) / "companion.sqlite3"
