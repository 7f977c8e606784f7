"""The examples written in the rules core's docstrings (and the i18n module's) run, so
an example that goes stale fails here instead of misleading its reader."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import companion.rules


def _modules() -> list[ModuleType]:
    names = [
        m.name for m in pkgutil.walk_packages(companion.rules.__path__, prefix="companion.rules.")
    ]
    # The engine's reader of a move's arguments (issue #18 step 8) has its examples too.
    extra = ["companion.i18n", "companion.engine.args"]
    return [importlib.import_module(n) for n in [*extra, *names]]


WITH_EXAMPLES = [
    m
    for m in _modules()
    if doctest.DocTestFinder().find(m) and any(t.examples for t in doctest.DocTestFinder().find(m))
]


def test_the_rules_core_has_examples_to_run() -> None:
    names = {m.__name__ for m in WITH_EXAMPLES}
    assert {"companion.rules.entry", "companion.rules.setup", "companion.i18n"} <= names


@pytest.mark.parametrize("module", WITH_EXAMPLES, ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module)
    assert result.attempted and result.failed == 0
