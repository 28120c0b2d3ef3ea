"""Every case in ``spec/cases`` is its own test, named ``file::id::clauses``; plus the suite's
self-checks:
every clause has a case, every cited clause exists, clause ids are unique."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.cases import Case, clause_index, find_case_files, load_case_file, run_case
from cardrules.errors import CardrulesError

SPEC = Path(__file__).resolve().parent.parent / "spec"
CASE_FILES = list(find_case_files([SPEC / "cases"]))
CLAUSES = clause_index(SPEC)


def _load_all() -> tuple[list[Case], list[tuple[Path, str]]]:
    cases: list[Case] = []
    broken: list[tuple[Path, str]] = []
    for path in CASE_FILES:
        try:
            cases.extend(load_case_file(path).cases)
        except CardrulesError as err:
            broken.append((path, str(err)))
    return cases, broken


CASES, BROKEN = _load_all()


def _case_id(case: Case) -> str:
    """``file::case-id::CLAUSE+CLAUSE`` — so ``pytest -k 4A4-BEAT-9`` runs that clause's cases."""
    return f"{case.path.relative_to(SPEC / 'cases')}::{case.id}::{'+'.join(case.rules)}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_case(case: Case) -> None:
    outcome = run_case(case)
    if not outcome.passed:
        cited = "\n".join(
            f"  {c}: {CLAUSES[c].title if c in CLAUSES else '(unknown clause)'}" for c in case.rules
        )
        pytest.fail(
            f"{case.name}\n expected: {outcome.expected}\n got:      {outcome.got}\n"
            f" clauses:\n{cited}\n note: {case.note}",
            pytrace=False,
        )


def test_spec_has_cases() -> None:
    assert CASES, "spec/cases holds no case"


def test_every_case_file_loads() -> None:
    assert not BROKEN, "\n".join(f"{p}: {e}" for p, e in BROKEN)


def test_every_cited_clause_exists() -> None:
    missing = sorted({f"{c.name} cites {r}" for c in CASES for r in c.rules if r not in CLAUSES})
    assert not missing, "\n".join(missing)


def test_every_clause_has_a_case() -> None:
    cited = {r for c in CASES for r in c.rules}
    uncovered = sorted(cid for cid in CLAUSES if cid not in cited)
    assert not uncovered, "clauses without a case: " + ", ".join(uncovered)


def test_every_case_cites_a_clause() -> None:
    bare = [c.name for c in CASES if not c.rules]
    assert not bare, "cases that cite no clause: " + ", ".join(bare)


def test_clause_ids_are_unique_and_well_formed() -> None:
    # clause_index raises on a duplicate id; here we check the game prefixes.
    index = clause_index(SPEC)
    assert index
    bad = [cid for cid in index if not cid.startswith(("4A4-", "SJ-", "CORE-"))]
    assert not bad, bad
