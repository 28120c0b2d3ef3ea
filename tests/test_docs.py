"""The guides of the docs are executable documentation: every example in them runs as shown
(as the README's do, ``tests/test_readme.py``). The docs themselves are built by CI
(``.ci/run``: ``sphinx-build -W``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import cardrules

DOCS = Path(__file__).resolve().parent.parent / "docs"
GUIDES = sorted((DOCS / "guides").glob("*.md"))
#: Every module of the package (``cardrules.__main__`` runs the command line when imported).
MODULES = ["cardrules"] + [
    m.name
    for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.")
    if m.name != "cardrules.__main__"
]


def test_there_are_guides() -> None:
    assert {p.stem for p in GUIDES} >= {"server", "bot"}


@pytest.mark.parametrize("path", GUIDES, ids=lambda p: p.stem)
def test_guide_examples(path: Path) -> None:
    result = doctest.testfile(
        str(path),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 10
    assert result.failed == 0


def _documented_modules() -> set[str]:
    """The modules the reference documents: those named by an ``automodule`` directive."""
    found: set[str] = set()
    for path in DOCS.rglob("*"):
        if path.suffix in (".rst", ".md") and "_build" not in path.parts:
            text = path.read_text(encoding="utf-8")
            found |= set(re.findall(r"automodule:: (cardrules[\w.]*)", text))
    return found


def test_every_module_is_in_the_reference() -> None:
    modules = set(MODULES)
    documented = _documented_modules()
    assert not modules - documented, "not in docs/: " + ", ".join(sorted(modules - documented))
    assert not documented - modules, "no such module: " + ", ".join(sorted(documented - modules))


def test_docstring_examples() -> None:
    """The examples in the docstrings (shown in the reference) run as shown."""
    attempted = 0
    for name in sorted(MODULES):
        result = doctest.testmod(
            importlib.import_module(name),
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
            report=False,
        )
        assert result.failed == 0, name
        attempted += result.attempted
    assert attempted > 5
