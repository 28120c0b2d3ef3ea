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


def test_the_core_never_imports_a_game_at_load_time() -> None:
    games = ("cardrules.siyaosi", "cardrules.shengji")
    core = {m: deps for m, deps in GRAPH.items() if not m.startswith(games)}
    leaks = {m: sorted(d for d in deps if d.startswith(games)) for m, deps in core.items()}
    assert not {m: d for m, d in leaks.items() if d}


#: The imports inside functions the core may keep, as (module, function, module imported); the
#: test fails on any other, and on an entry here that no longer occurs.
LAZY_IMPORTS_ALLOWED = {
    # the command line imports what a command needs when it runs, so `cardrules --help` and the
    # light commands start quickly (the terminal game, the simulator, the demo, rich's progress)
    ("cardrules.cli", "_cmd_play", "cardrules.play"),
    ("cardrules.cli", "_cmd_simulate", "rich.console"),
    ("cardrules.cli", "_cmd_simulate", "rich.progress"),
    ("cardrules.cli", "_cmd_simulate", "cardrules.simulate"),
    ("cardrules.cli", "_cmd_demo", "cardrules.demo"),
    # an optional dependency (the `cluster` extra), imported only when a cluster is asked for
    ("cardrules.simulate", "_distributed", "distributed"),
}


def test_the_core_imports_nothing_of_its_own_or_optional_inside_functions() -> None:
    """No import inside a function between the core's own modules (the game packages are not
    the core), nor of a package that is not the standard library's, except the commented
    :data:`LAZY_IMPORTS_ALLOWED`: such an import hides a cycle the module-level graph above
    cannot see."""
    import ast
    import sys
    from pathlib import Path

    src = Path(__file__).resolve().parent.parent / "src"
    games = ("siyaosi", "shengji")
    found: set[tuple[str, str, str]] = set()
    for path in sorted((src / "cardrules").rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[1] in games:
            continue
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom):
                    names = ["cardrules" if inner.level else inner.module or ""]
                elif isinstance(inner, ast.Import):
                    names = [alias.name for alias in inner.names]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top == "cardrules" or top not in sys.stdlib_module_names:
                        found.add((module, node.name, name))
    assert found - LAZY_IMPORTS_ALLOWED == set(), "imports inside functions"
    assert LAZY_IMPORTS_ALLOWED - found == set(), "allowed but no longer there"
