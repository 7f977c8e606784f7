"""The layers of docs/architecture.md, enforced by reading the imports (``ast``).

Each rule has an explicit list of today's known violations, each with the step of issue
#18 that removes it. A new violation fails; so does a listed one that is gone (strike it
from the list, so the list only ever shrinks).
"""

from __future__ import annotations

import ast
import functools
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "companion"

#: The engine: game-neutral and pure (standard library only).
ENGINE = ("companion.engine",)
#: The games: each imports only the standard library, the engine and its own package.
GAMES = ("companion.rules", "companion.cardgame", "companion.jutaku")
#: The shared parts: they import the engine and each other (and third-party libraries),
#: never a game package, the registry of games (``companion.games``) or a game's edge, and
#: they name no game, no market and no game's move. A package's modules are its layer's
#: (``companion.store`` and ``companion.store.folds`` alike).
SHARED = (
    "companion.door",
    "companion.refusals",
    "companion.store",
    "companion.eventlog",
    "companion.replay",
    "companion.live",
    "companion.live_streams",
    "companion.identity",
    "companion.paths",
    "companion.network",
    "companion.web.stream",
    "companion.web.routing",
    "companion.web.auth",
    "companion.web.security",
    "companion.web.compress",
    "companion.web.context",
    "companion.web.forms",
    "companion.web.seat",
    "companion.web.home",
    "companion.web.dom",
    "companion.web.viewer",
)


def _in(module: str, layer: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in layer)


def _game_of(module: str) -> str | None:
    return next((p for p in GAMES if module == p or module.startswith(p + ".")), None)


@functools.cache
def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # a module (or a package a name was taken from)
    in_function: bool


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    known = modules()
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        base = module.split(".")
        if not is_package:
            base.pop()
        base = base[: len(base) - (node.level - 1)]
        package = ".".join(base + ([node.module] if node.module else []))
    else:
        package = node.module or ""
    for alias in node.names:
        full = f"{package}.{alias.name}"
        yield full if full in known else package


@functools.cache
def imports() -> list[Import]:
    """Every import of every module of the package, resolved to absolute names."""
    out = []
    for module, path in modules().items():
        is_package = path.name == "__init__.py"
        todo: list[tuple[ast.AST, bool]] = [(ast.parse(path.read_text(encoding="utf-8")), False)]
        while todo:
            node, in_function = todo.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.Import | ast.ImportFrom):
                    for target in _targets(module, is_package, child):
                        out.append(Import(module, target, in_function))
                inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                todo.append((child, inner))
    return out


def _stdlib(target: str) -> bool:
    return target.split(".")[0] in sys.stdlib_module_names or target == "__future__"


def violation(imp: Import) -> bool:
    """Whether an import breaks the layers."""
    source, target = imp.source, imp.target
    if _in(source, ENGINE):
        return not (_stdlib(target) or _in(target, ENGINE))
    game = _game_of(source)
    if game is not None:
        own = target == game or target.startswith(game + ".")
        return not (_stdlib(target) or _in(target, ENGINE) or own)
    if _in(source, SHARED):
        if not target.startswith("companion"):
            return False
        return not (_in(target, ENGINE) or _in(target, SHARED))
    return False


#: Today's known violations (importer, imported) and the step of #18 (the steps of
#: docs/architecture.md) that removes each.
KNOWN_VIOLATIONS: dict[tuple[str, str], str] = {}


def test_imports_keep_the_layers() -> None:
    found = {(i.source, i.target) for i in imports() if violation(i)}
    new = sorted(found - set(KNOWN_VIOLATIONS))
    gone = sorted(set(KNOWN_VIOLATIONS) - found)
    assert not new, f"imports across the layers of docs/architecture.md: {new}"
    assert not gone, f"fixed: strike these from KNOWN_VIOLATIONS: {gone}"


def test_the_engine_imports_only_the_standard_library() -> None:
    bad = [
        (i.source, i.target)
        for i in imports()
        if _in(i.source, ENGINE) and not (_stdlib(i.target) or _in(i.target, ENGINE))
    ]
    assert bad == []


# -- import circles ---------------------------------------------------------------------------


def circles() -> list[list[str]]:
    """The import circles: groups of modules that import each other, directly or through
    others (strongly connected components, imports inside functions included: an import
    moved into a function to dodge a circle is still the circle)."""
    known = modules()
    graph: dict[str, set[str]] = {m: set() for m in known}
    for imp in imports():
        if imp.target in known and imp.target != imp.source:
            graph[imp.source].add(imp.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph)))
    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


#: Today's import circles: none. (Gone: rules.markets ↔ tokens ↔ ledger, the markets
#: registering their boards into tokens.STOCKS; rules.fishing ↔ fishing_boats ↔ turn, by
#: rules/cargo.py and the moves at sea in rules/boats.py; rules.moves ↔ guided ↔
#: purchase, by rules/rounds.py.)
KNOWN_CIRCLES = 0


def test_import_circles_only_shrink() -> None:
    found = circles()
    assert len(found) <= KNOWN_CIRCLES, f"a new import circle: {found}"
    assert len(found) == KNOWN_CIRCLES, f"{len(found)} circles left: lower KNOWN_CIRCLES"


#: Imports inside functions, per module. The app factory (``companion.web``) and the CLI
#: import lazily by design (a blueprint per area; ``companion score`` starts without
#: Flask); the others dodge a circle and go with it (steps 4 to 6).
KNOWN_IN_FUNCTION: dict[str, int] = {
    "companion.cli": 13,  # + the store, in ``serve`` only: ``companion score`` opens none
    "companion.web": 27,  # + web.routing (its gate), web.board_pages (the board game registers)
    "companion.web.auth": 1,  # the LAN address, looked up only when needed
}


def test_imports_inside_functions_only_shrink() -> None:
    counts: dict[str, int] = {}
    for imp in imports():
        if imp.in_function and imp.target.startswith("companion"):
            counts[imp.source] = counts.get(imp.source, 0) + 1
    more = {m: n for m, n in counts.items() if n > KNOWN_IN_FUNCTION.get(m, 0)}
    fewer = {m: counts.get(m, 0) for m, n in KNOWN_IN_FUNCTION.items() if counts.get(m, 0) < n}
    assert not more, f"new imports inside functions (import at the top): {more}"
    assert not fewer, f"fewer imports inside functions now: lower KNOWN_IN_FUNCTION to {fewer}"


# -- no game and no market named in the shared parts --------------------------------------------

#: Words of an identifier that name a game.
GAME_WORDS = frozenset({"card", "cards", "cardgame", "jutaku", "tsukiji", "board"})


def _words(identifier: str) -> set[str]:
    return {
        w.lower()
        for part in re.split(r"[_.]", identifier)
        for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", part)
    }


@functools.cache
def game_names() -> frozenset[str]:
    """Every id a shared module must not spell: the games' keys, the markets and fish
    tokens of the board game, and every move of every game (but undo and redo, the
    engine's own)."""
    from companion import cardgame
    from companion.games import GAMES
    from companion.rules.catalogue import EXTERNAL_MARKETS, FISH_MARKETS, TOKEN_NAMES
    from companion.rules.moves import MOVES

    names = {*GAMES, *FISH_MARKETS, *EXTERNAL_MARKETS, *TOKEN_NAMES, *MOVES, *cardgame.MOVES}
    return frozenset(names - {"undo", "redo"})


def named_games(path: Path) -> set[str]:
    """The game names in one module: string literals that are an id of
    :func:`game_names` (quoted), identifiers with a game's word in them (bare)."""
    names = game_names()
    hits: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
            hits.add(repr(node.value))
        for attr in ("id", "attr", "name", "arg", "module", "asname"):
            value = getattr(node, attr, None)
            if isinstance(value, str) and _words(value) & GAME_WORDS:
                hits.add(value)
    return hits


#: The names each shared module still spells, and the step that removes them.
KNOWN_NAMES: dict[str, set[str]] = {}


def test_shared_parts_name_no_game_or_market() -> None:
    known = modules()
    shared = [m for m in known if _in(m, SHARED) or _in(m, ENGINE)]
    found = {m: named_games(known[m]) for m in shared}
    new = {m: sorted(h - KNOWN_NAMES.get(m, set())) for m, h in found.items()}
    new = {m: h for m, h in new.items() if h}
    gone = {m: sorted(h - found.get(m, set())) for m, h in KNOWN_NAMES.items()}
    gone = {m: h for m, h in gone.items() if h}
    assert not new, f"game or market names in the shared parts: {new}"
    assert not gone, f"gone: strike these from KNOWN_NAMES: {gone}"


def test_the_checks_see_a_violation() -> None:
    """The checks themselves: a shared module importing a game, a game importing Flask,
    and a shared module naming a market are each caught."""
    assert violation(Import("companion.door", "companion.rules.moves", False))
    assert violation(Import("companion.cardgame.rules", "flask", False))
    assert violation(Import("companion.engine.sealed", "companion.store", False))
    assert not violation(Import("companion.cardgame.rules", "companion.engine", False))
    assert not violation(Import("companion.door", "companion.engine.sealed", False))


def test_the_name_check_sees_a_name(tmp_path: Path) -> None:
    module = tmp_path / "shared.py"
    module.write_text(
        "from . import cardgame\n\ndef pay(kind):\n    return kind == 'tuna'\n", "utf-8"
    )
    assert named_games(module) == {"'tuna'", "cardgame"}
