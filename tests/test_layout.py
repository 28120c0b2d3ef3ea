"""The package's layout: no module imports, at load time, a module that imports it back (the
games read top-down — variant, order, combinations, rules, moves, state, view — and the core
never depends on a game)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "cardrules"


def _module(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Modules of this package that ``path`` imports when it is loaded (not under
    ``TYPE_CHECKING``, not inside functions); ``from pkg import mod`` names ``pkg.mod``."""
    deps: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardrules"):
            folder = SRC.joinpath(*node.module.split("."))
            subs = [a.name for a in node.names if (folder / f"{a.name}.py").exists()]
            deps |= {f"{node.module}.{s}" for s in subs} if subs else {node.module}
        elif isinstance(node, ast.Import):
            deps |= {a.name for a in node.names if a.name.startswith("cardrules")}
    return deps


GRAPH = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def test_no_import_cycles() -> None:
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for dep in sorted(GRAPH.get(module, ())):
            if state.get(dep) == 1:
                cycles.append([*path[path.index(dep) :], dep] if dep in path else [module, dep])
            elif dep in GRAPH and not state.get(dep):
                visit(dep, [*path, dep])
        state[module] = 2

    for module in sorted(GRAPH):
        if not state.get(module):
            visit(module, [module])
    assert not cycles, "\n".join(" -> ".join(c) for c in cycles)


#: Modules outside the game packages that exist to check a game: the reference implementations
#: the tests compare the games' fast paths with (issue 20).
GAME_CHECKERS = ("cardrules.testing.oracles",)


def test_the_core_never_imports_a_game_at_load_time() -> None:
    games = ("cardrules.siyaosi", "cardrules.shengji")
    core = {
        m: deps for m, deps in GRAPH.items() if not m.startswith(games) and m not in GAME_CHECKERS
    }
    leaks = {m: sorted(d for d in deps if d.startswith(games)) for m, deps in core.items()}
    assert not {m: d for m, d in leaks.items() if d}
