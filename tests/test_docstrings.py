"""Every public name of the package has a docstring, because the API reference (``docs/``) is
built from them: every module, every name in a module's ``__all__`` (a constant by a ``#:``
comment or a string after it, which autodoc reads), and the public methods and properties of
every public class, protocol members included. A docstring inherited from a base class counts,
as autodoc shows it."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from sphinx.pycode import ModuleAnalyzer

import cardrules

SRC = Path(cardrules.__file__).resolve().parent

#: Run as a program, never imported (importing it runs the command line).
SCRIPTS = {"cardrules.__main__"}

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.") if m.name not in SCRIPTS
)


def _documented(text: str | None) -> bool:
    return bool(text and text.strip())


@functools.cache
def _attr_docs(module: str) -> dict[tuple[str, str], list[str]]:
    """What autodoc reads as an attribute's documentation: ``#:`` comments and strings after
    assignments, keyed by (class name or "", attribute name)."""
    return dict(ModuleAnalyzer.for_module(module).find_attr_docs())


@functools.cache
def _assigned(module: str) -> frozenset[str]:
    """Names a module assigns at its top level (not those it imports)."""
    names: set[str] = set()
    for node in ast.parse(inspect.getsource(importlib.import_module(module))).body:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return frozenset(names)


def _home_of_constant(name: str, value: object, first: str) -> str | None:
    """The module that assigns constant ``name`` (``first`` if it does, else the module of the
    package that assigns it and holds the same object)."""
    for module in [first, *MODULES]:
        if name in _assigned(module) and getattr(importlib.import_module(module), name) is value:
            return module
    return None


def _is_routine(obj: object) -> bool:
    return inspect.isfunction(obj) or isinstance(obj, functools._lru_cache_wrapper)


def _member_problems(cls: type) -> list[str]:
    """The public methods and properties defined in ``cls`` that have no docstring."""
    problems = []
    for name, raw in vars(cls).items():
        if name.startswith("_"):
            continue
        member = raw.__func__ if isinstance(raw, staticmethod | classmethod) else raw
        if not isinstance(member, property | functools.cached_property) and not (
            inspect.isfunction(member)
        ):
            continue  # a field, an enum member, a class constant
        if not _documented(inspect.getdoc(member)) and not _inherited(cls, name):
            problems.append(f"{cls.__qualname__}.{name}")
    return problems


def _inherited(cls: type, name: str) -> bool:
    return any(
        _documented(getattr(vars(base).get(name), "__doc__", None)) for base in cls.__mro__[1:]
    )


def _problems(module_name: str) -> tuple[list[str], int]:
    """(what lacks a docstring in ``module_name``, how many names were checked)."""
    module = importlib.import_module(module_name)
    problems = [] if _documented(module.__doc__) else [f"module {module_name}"]
    checked = 1
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name)
        checked += 1
        if inspect.ismodule(obj):
            continue  # checked as a module of its own
        if inspect.isclass(obj):
            if obj.__module__ != module_name and obj.__module__.startswith("cardrules"):
                continue  # re-exported: checked where it is defined
            if not _documented(obj.__doc__):
                problems.append(name)
            if obj.__module__ == module_name:
                problems += _member_problems(obj)
        elif _is_routine(obj):
            # a generated function (``make_move = builder(...)``) is documented by a #: comment
            generated = name in _assigned(module_name) and _attr_docs(module_name).get(("", name))
            if not _documented(getattr(obj, "__doc__", None)) and not generated:
                problems.append(f"{name}()")
        else:
            home = _home_of_constant(name, obj, module_name)
            if home is None or home != module_name:
                continue  # imported, checked where assigned (or not ours)
            if not _attr_docs(home).get(("", name)):
                problems.append(f"{name} (no #: comment)")
    return problems, checked


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    problems, checked = _problems(module_name)
    assert checked >= 1
    assert not problems, f"{module_name}: no docstring for " + ", ".join(problems)


def test_scripts_have_a_docstring() -> None:
    for name in SCRIPTS:
        path = SRC.joinpath(*name.split(".")[1:]).with_suffix(".py")
        assert _documented(ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))), name


def test_the_check_sees_the_whole_package() -> None:
    assert {"cardrules.siyaosi.state", "cardrules.shengji.match", "cardrules.cases.runner"} <= set(
        MODULES
    )
    assert sum(_problems(m)[1] for m in MODULES) > 300


def test_the_check_finds_a_missing_docstring() -> None:
    class Undocumented:
        def method(self) -> None:
            pass

        @property
        def prop(self) -> int:
            return 1

    assert _member_problems(Undocumented) == [
        "test_the_check_finds_a_missing_docstring.<locals>.Undocumented.method",
        "test_the_check_finds_a_missing_docstring.<locals>.Undocumented.prop",
    ]
