"""The catalog of wrong rules in ``scripts/rule_mutations.py`` stays true to the code: each
mutation's text occurs exactly once in its module, and the changed module still compiles, so the
script (slow, not in CI) re-makes exactly the mutation its entry describes; the clause each cites
exists."""

from __future__ import annotations

import ast
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import pytest

from cardrules.cases import clause_index

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "cardrules"


class _Mutation(Protocol):
    name: str
    clause: str
    path: str
    old: str
    new: str


def _load_script() -> tuple[Sequence[_Mutation], Sequence[str]]:
    path = ROOT / "scripts" / "rule_mutations.py"
    spec = importlib.util.spec_from_file_location("rule_mutations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module.MUTATIONS, module.ORACLE_TESTS


MUTATIONS, ORACLE_TESTS = _load_script()
NAMES = [m.name for m in MUTATIONS]


def test_the_audit_s_ten_mutations_are_listed_and_names_are_unique() -> None:
    assert len(NAMES) == len(set(NAMES)) >= 10


@pytest.mark.parametrize("mutation", MUTATIONS, ids=NAMES)
def test_each_mutation_changes_one_place_and_still_compiles(mutation: _Mutation) -> None:
    text = (PACKAGE / mutation.path).read_text(encoding="utf-8")
    assert mutation.old != mutation.new and text.count(mutation.old) == 1, mutation.name
    ast.parse(text.replace(mutation.old, mutation.new))
    assert mutation.clause in clause_index(ROOT / "spec")


def test_the_oracle_tests_exist() -> None:
    assert len(ORACLE_TESTS) >= 2 and all((ROOT / t).is_file() for t in ORACLE_TESTS)
