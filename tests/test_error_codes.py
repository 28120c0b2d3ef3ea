"""The error-code tables of spec/README.md list exactly the codes each engine declares, with the
clause each rests on and what it means (the engines' ``CODES`` tables are the source)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import shengji, siyaosi
from cardrules.cases import clause_index
from cardrules.codes import CodeTable

ROOT = Path(__file__).resolve().parent.parent
_ROW = re.compile(r"^\| `([a-z-]+)` \| ([A-Z0-9-]+(?:, [A-Z0-9-]+)*) \| (.+?) \|$", re.MULTILINE)


def _documented(game_heading: str) -> dict[str, tuple[str, str]]:
    text = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    section = text.split(f"### {game_heading}", 1)[1].split("\n### ", 1)[0]
    return {code: (clauses, meaning) for code, clauses, meaning in _ROW.findall(section)}


def _declared(table: CodeTable) -> dict[str, tuple[str, str]]:
    return {c.name: (", ".join((c.clause, *c.also)), c.meaning) for c in table}


@pytest.mark.parametrize(
    ("table", "heading"), [(siyaosi.CODES, "四幺四"), (shengji.CODES, "四副升级")]
)
def test_error_codes_are_documented(table: CodeTable, heading: str) -> None:
    assert _declared(table) == _documented(heading)


@pytest.mark.parametrize("table", [siyaosi.CODES, shengji.CODES])
def test_every_code_rests_on_an_existing_clause(table: CodeTable) -> None:
    clauses = clause_index(ROOT / "spec")
    missing = [(c.name, x) for c in table for x in (c.clause, *c.also) if x not in clauses]
    assert not missing


def test_every_refusal_in_the_source_uses_a_declared_code() -> None:
    """Refusals are built through the code tables; no ``Illegal(...)`` is written by hand."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "src" / "cardrules").rglob("*.py")
        if re.search(r"\bIllegal\(\s*\"", path.read_text(encoding="utf-8"))
    ]
    assert not offenders
