"""Which code decides each clause of the spec: ``@implements("4A4-BEAT-9")`` on the one function
that decides the rule.

A clause the code decides is marked on exactly one function — the place a reader following the
clause's id lands on, and the place a change to the rule is made. The mark costs nothing at run
time: the function is returned as it is (no wrapper on the engines' hot paths); the decorator
only notes the clause, the module, the function's name and the line it starts on.
:func:`implementations` gives the notes once every registered game is imported, and ``cardrules
explain CLAUSE`` prints ``file:line function`` from them.

A clause no single function decides — one that describes the table, or a rule the whole state
machine keeps — says so in its text with a paragraph starting **Descriptive:**
(:attr:`cardrules.clauses.Clause.descriptive`), and has no mark; comment citations (``4A4-TABLE-1
(Players and decks)``) stay for every place that takes part in a rule.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TypeVar

import attrs

from cardrules.errors import ArgumentError

__all__ = [
    "Implementation",
    "implementation_of",
    "implementations",
    "implements",
    "marks_in_source",
]

F = TypeVar("F", bound=Callable[..., object])

#: A clause id as the spec writes one (such as "SJ-FOLLOW-4" or "CORE-API-3").
_CLAUSE = re.compile(r"[0-9A-Z]+(?:-[0-9A-Z]+)+")
_PACKAGE = Path(__file__).resolve().parent


@attrs.frozen
class Implementation:
    """Where a clause is decided: the function's module and qualified name, its source file
    (relative to the folder holding the ``cardrules`` package, ``cardrules/siyaosi/combos.py``,
    when it is inside it) and the line it starts on (its first decorator's)."""

    clause: str
    module: str
    function: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line} {self.function}"


_FOUND: dict[str, list[Implementation]] = {}


def implements(*clauses: str) -> Callable[[F], F]:
    """Mark the decorated function as the code that decides ``clauses`` (one or more clause ids);
    the function itself is returned unchanged."""
    if not clauses or not all(isinstance(c, str) and _CLAUSE.fullmatch(c) for c in clauses):
        raise ArgumentError(f'clause ids such as "SJ-TRICK-1", got {clauses!r}', key="clauses")

    def mark(function: F) -> F:
        code = getattr(function, "__code__", None)
        if code is None:
            raise ArgumentError(f"a function, got {function!r}", key="function")
        path = Path(code.co_filename).resolve()
        shown = path.relative_to(_PACKAGE.parent) if path.is_relative_to(_PACKAGE.parent) else path
        for clause in clauses:
            _FOUND.setdefault(clause, []).append(
                Implementation(
                    clause=clause,
                    module=function.__module__,
                    function=function.__qualname__,
                    file=shown.as_posix(),
                    line=code.co_firstlineno,
                )
            )
        return function

    return mark


def implementations(*packages: str) -> Mapping[str, tuple[Implementation, ...]]:
    """Every marked clause and the code marked for it, once every module of the library and of
    ``packages`` (a third-party game's, such as ``"mygame"``) is imported. A
    clause marked twice has two entries: ``tests/test_implements.py`` refuses that."""
    if not all(
        isinstance(p, str) and all(w.isidentifier() for w in p.split(".")) for p in packages
    ):
        raise ArgumentError(f"package names, got {packages!r}", key="packages")
    for package in sorted({"cardrules", *packages}):
        _import_all(package)
    return {clause: tuple(found) for clause, found in sorted(_FOUND.items())}


def _import_all(package: str) -> None:
    """Import ``package`` and every module below it, once (what is imported stays imported)."""
    root = importlib.import_module(package)
    for found in pkgutil.walk_packages(getattr(root, "__path__", []), prefix=package + "."):
        if found.name not in sys.modules and not found.name.startswith(_NOT_RULES):
            importlib.import_module(found.name)


#: Modules that decide no rule and need what an installed library may lack: the test helpers
#: (hypothesis), the command line's entry script.
_NOT_RULES = ("cardrules.testing", "cardrules.__main__")


def implementation_of(clause: str, *folders: Path) -> Implementation | None:
    """The code that decides ``clause``, or ``None`` for a clause no function is marked for (a
    descriptive clause, or an id that names no clause) — read from the source of the library and
    of ``folders`` (a third-party game's package folder) without importing it, so ``cardrules
    explain`` stays quick (:func:`marks_in_source`; ``tests/test_implements.py`` checks it finds
    what the decorators note)."""
    found = marks_in_source(_PACKAGE, *folders).get(clause, ())
    return found[0] if len(found) == 1 else None


def marks_in_source(*folders: Path) -> dict[str, list[Implementation]]:
    """Every ``@implements`` mark written in the Python files under ``folders``, read with
    :mod:`ast` (a file that never names the decorator is not parsed): the same
    :class:`Implementation` the decorator notes when the module is imported."""
    found: dict[str, list[Implementation]] = {}
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if "@implements(" not in text:
                continue
            resolved = path.resolve()
            shown = (
                resolved.relative_to(_PACKAGE.parent)
                if resolved.is_relative_to(_PACKAGE.parent)
                else resolved
            )
            module = ".".join(shown.with_suffix("").parts)
            for clause, function, line in _marks(ast.parse(text), ""):
                found.setdefault(clause, []).append(
                    Implementation(clause, module, function, shown.as_posix(), line)
                )
    return found


def _marks(node: ast.AST, prefix: str) -> Iterator[tuple[str, str, int]]:
    """``(clause, qualified name, first line)`` for each marked function below ``node``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            yield from _marks(child, f"{prefix}{child.name}.")
        elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min((d.lineno for d in child.decorator_list), default=child.lineno)
            for decorator in child.decorator_list:
                if (
                    isinstance(decorator, ast.Call)
                    and isinstance(decorator.func, ast.Name)
                    and decorator.func.id == "implements"
                ):
                    for arg in decorator.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            yield arg.value, prefix + child.name, first
            yield from _marks(child, f"{prefix}{child.name}.<locals>.")
