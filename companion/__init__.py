"""Tsukiji Companion: a table companion for Tokyo Tsukiji Market."""

__version__ = "0.1.0"

# The games' messages are worded from one gettext catalogue per language: registering
# the renderer here words them wherever the package is used (the app, the CLI, the rules'
# own tests and doctests) without the games importing anything but the engine.
from . import catalogues as catalogues  # noqa: E402
