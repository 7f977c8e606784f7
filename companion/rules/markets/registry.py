"""Finding the markets: each is a folder of its package, found rather than listed."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import Any


def discover(
    package: str, path: Iterable[str], order: Iterable[str], skip: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The markets of a package, one folder each (a sub-package whose module says
    ``MARKET``; not those of ``skip``), by market id: found, not listed, so adding a market
    is adding its folder. In ``order`` (the catalogue's), a market it lacks last."""
    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules(list(path)):
        if info.ispkg and info.name not in skip:
            market = importlib.import_module(f"{package}.{info.name}").MARKET
            found[market.id] = market
    known = [m for m in order if m in found]
    return {m: found[m] for m in [*known, *sorted(set(found) - set(known))]}
