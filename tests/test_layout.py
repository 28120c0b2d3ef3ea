"""The package's layout: one skeleton for every game package (the same modules with the same
roles, each game's extras declared), the README's layout section naming every module of the
games, no module that imports, at load time, a module that imports it back (the games read
top-down — variant, order, combinations, rules, moves, state, view, the match — and the core
never depends on a game), and no import of the project's own modules inside a function of a
game package."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "cardrules"
GAMES = ("siyaosi", "shengji")

#: The modules every game package has, with the same role in each (a name relative to the game
#: package; ``match.state`` is ``<game>/match/state.py``).
SKELETON = frozenset(
    {
        "__init__",  # the game's public API: re-exports and the loaders
        "variant",  # Variant, its switch enums, the presets
        "order",  # Table: the card order of one round
        "combos",  # what a group of cards is, what beats what
        "moves",  # Move, MoveKind, Top, make_move
        "rules",  # the legality of the round's play: Situation, RoundFacts, explain, grounds
        "movegen",  # listing the legal moves
        "trick",  # what a legal move does to the trick
        "state",  # the round's State
        "view",  # the round's View
        "events",  # the game's events
        "result",  # RoundResult and its checks
        "scoring",  # points, multipliers, what a round scores
        "levels",  # how levels rise, the standing between rounds
        "codes",  # every error code of the game, in one CodeTable module
        "calls",  # the public functions of the game's API with their arguments checked
        "bounds",
        "schema",
        "stats",
        "bots",
        "expert",  # the expert level: the card tracker and a search over the unseen cards
        "adapter",
        "keys",
        "match.__init__",  # the match's public names
        "match.state",  # Match
        "match.facts",  # MatchFacts: what Match and MatchView derive alike
        "match.view",  # MatchView
        "match.documents",  # the match (and its view) as JSON and back
        "match.position",  # a match from a case position
        "match.check",  # whether a match built from outside could exist
        "match.phases",  # Phase and the legality of the phases other than play
        "match.record",  # the record of the match's rounds, how it stands or ended
    }
)

#: Each game's declared extras, beside the skeleton.
EXTRAS = {
    "siyaosi": frozenset({"chain", "tribute"}),
    "shengji": frozenset({"bids", "throws", "packing", "follow", "follow_fast", "follow_listing"}),
}

GAME_PARAMS = ["siyaosi", "shengji"]


def _module(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_package(dotted: str) -> bool:
    return (SRC.joinpath(*dotted.split(".")) / "__init__.py").exists()


def _exists(dotted: str) -> bool:
    path = SRC.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _imports(path: Path) -> set[str]:
    """Modules of this package that ``path`` imports when it is loaded (not under
    ``TYPE_CHECKING``, not inside functions); ``from pkg import mod`` names ``pkg.mod``, and
    importing a module of a package loads that package's ``__init__`` first (unless the
    importer is inside that package, whose ``__init__`` is already loading)."""
    me = _module(path)
    mine = {me} | {me.rsplit(".", n)[0] for n in range(1, me.count(".") + 1)}
    if path.name == "__init__.py":
        mine.add(me)
    deps: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        named: set[str] = set()
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("cardrules"):
            subs = [a.name for a in node.names if _exists(f"{node.module}.{a.name}")]
            named = {f"{node.module}.{s}" for s in subs} if subs else {node.module}
        elif isinstance(node, ast.Import):
            named = {a.name for a in node.names if a.name.startswith("cardrules")}
        for dep in named:
            deps.add(dep)
            parts = dep.split(".")
            for n in range(2, len(parts)):
                parent = ".".join(parts[:n])
                if parent not in mine and _is_package(parent):
                    deps.add(parent)
    deps.discard(me)
    return deps


GRAPH = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def _modules_of(game: str) -> set[str]:
    """The modules of a game package, as names relative to it (``match.state``)."""
    root = PACKAGE / game
    return {".".join(p.relative_to(root).with_suffix("").parts) for p in root.rglob("*.py")}


# ---------------------------------------------------------------------- the skeleton
def test_the_extras_are_not_skeleton_modules() -> None:
    for game, extras in EXTRAS.items():
        assert not extras & SKELETON, game
    assert set(EXTRAS) == set(GAMES)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_each_game_package_is_the_skeleton_and_its_extras(game: str) -> None:
    modules = _modules_of(game)
    want = SKELETON | EXTRAS[game]
    missing, undeclared = sorted(want - modules), sorted(modules - want)
    assert not missing and not undeclared, f"missing {missing}, not declared {undeclared}"


def _layout_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Layout\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert found, "README.md has no '## Layout' section"
    return found.group(1)


def _readme_name(module: str) -> str:
    """How the layout section names a module of a game package: its file (``match/state.py``)."""
    return module.replace(".", "/") + ".py"


def test_the_readme_lists_the_whole_skeleton() -> None:
    named = set(re.findall(r"`([^`]+)`", _layout_section()))
    wanted = {_readme_name(m) for m in SKELETON | EXTRAS["siyaosi"] | EXTRAS["shengji"]}
    assert not wanted - named, sorted(wanted - named)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_the_readme_lists_every_module_of_each_game(game: str) -> None:
    named = set(re.findall(r"`([^`]+)`", _layout_section()))
    unnamed = sorted(m for m in _modules_of(game) if _readme_name(m) not in named)
    assert not unnamed, f"README layout section does not name: {unnamed}"


# ---------------------------------------------------------------------- imports
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
    games = tuple(f"cardrules.{g}" for g in GAMES)
    core = {
        m: deps for m, deps in GRAPH.items() if not m.startswith(games) and m not in GAME_CHECKERS
    }
    leaks = {m: sorted(d for d in deps if d.startswith(games)) for m, deps in core.items()}
    assert not {m: d for m, d in leaks.items() if d}


def test_the_clause_oracles_import_nothing_of_the_project() -> None:
    """An oracle written from a clause shares no code with the rules it checks
    (:mod:`cardrules.testing.clause_oracles`): anywhere in its source, at load time or inside a
    function, it imports only the standard library and its sibling oracles."""
    folder = PACKAGE / "testing" / "clause_oracles"
    own = "cardrules.testing.clause_oracles"
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else [own]
            else:
                continue
            found += [
                f"{path.name}: {name}"
                for name in names
                if name.split(".")[0] == "cardrules" and not name.startswith(own)
            ]
    assert len(list(folder.glob("*.py"))) > 1
    assert not found


#: The imports of the project's own modules a game package may make inside a function, by
#: ``module: imported module`` (none: optional dependencies such as ``distributed`` are not the
#: project's, and the command line's lazy imports are in the core).
DEFERRED_IMPORTS: frozenset[str] = frozenset()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _deferred_imports(source: str, module: str) -> list[str]:
    """The project's modules the ``source`` of ``module`` imports anywhere but at load time or
    under ``TYPE_CHECKING``, as ``module: imported (line n)``."""
    tree = ast.parse(source)
    load_time: set[int] = set()
    for top in tree.body:
        if isinstance(top, ast.If) and _is_type_checking(top):
            load_time |= {id(n) for n in ast.walk(top)}
        elif isinstance(top, ast.Import | ast.ImportFrom):
            load_time.add(id(top))
    found = []
    for node in ast.walk(tree):
        if id(node) in load_time or not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        names = (
            [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        )
        found += [
            f"{module}: {name} (line {node.lineno})"
            for name in names
            if name.startswith("cardrules") and f"{module}: {name}" not in DEFERRED_IMPORTS
        ]
    return found


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_no_import_inside_a_function_in_a_game_package(game: str) -> None:
    found = [
        line
        for path in sorted((PACKAGE / game).rglob("*.py"))
        for line in _deferred_imports(path.read_text(encoding="utf-8"), _module(path))
    ]
    assert not found, "\n".join(found)


def test_the_deferred_import_check_sees_one() -> None:
    """The check above finds an import inside a function, and not one under TYPE_CHECKING."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from cardrules.game import GameState\n"
        "def f() -> None:\n    from cardrules.cards import Card\n"
    )
    assert _deferred_imports(source, "probe") == ["probe: cardrules.cards (line 5)"]


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
    # the web app (the `web` extra), imported only by `cardrules serve`, and its server only
    # when it serves (create_app needs none)
    ("cardrules.cli", "_cmd_serve", "cardrules.web"),
    ("cardrules.cli", "_cmd_serve", "uvicorn"),
    ("cardrules.web", "serve", "uvicorn"),
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
