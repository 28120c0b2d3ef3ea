"""The error-code tables of spec/README.md list exactly the codes each engine declares, with the
clause each rests on and what it means (the engines' ``CODES`` tables are the source)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardrules import shengji, siyaosi
from cardrules.cases import clause_index
from cardrules.codes import CodeTable
from cardrules.errors import (
    ERROR_CODES,
    CardrulesError,
    DocumentError,
    IllegalMoveError,
    NotationError,
)
from cardrules.multiset import Cards

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


def test_input_error_codes_are_documented() -> None:
    """The "Errors that are not moves" table of spec/README.md is ``ERROR_CODES``."""
    text = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    section = text.split("### Errors that are not moves", 1)[1].split("\n### ", 1)[0]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| (.+?) \|$", section, re.MULTILINE))
    assert rows == dict(ERROR_CODES)


def _error_classes() -> list[type[CardrulesError]]:
    found: list[type[CardrulesError]] = []
    todo: list[type[CardrulesError]] = [CardrulesError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_error_class_and_raise_site_uses_a_documented_code() -> None:
    """A class's default code and every ``code="…"`` given where an error is raised are in the
    table (an illegal move's code comes from its game's table instead)."""
    import cardrules.cases  # noqa: F401 - registers UnsupportedCase among the subclasses

    shengji.load_variant()
    siyaosi.load_variant()
    assert {cls.__name__: cls.CODE for cls in _error_classes() if cls.CODE not in ERROR_CODES} == {}
    given = set()
    for path in (ROOT / "src" / "cardrules").rglob("*.py"):
        given |= set(re.findall(r'\bcode="([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert sorted(given - set(ERROR_CODES)) == []
    assert all(re.fullmatch(r"[a-z]+(-[a-z]+)*", code) for code in ERROR_CODES)


def test_an_error_says_its_code_in_json() -> None:
    with pytest.raises(NotationError) as caught:
        Cards.parse("AS ZZ")
    assert caught.value.code == "bad-notation"
    assert caught.value.to_json() == {
        "error": "bad-notation",
        "message": str(caught.value),
        "token": "ZZ",
        "index": 1,
        "offset": 3,
    }
    state = siyaosi.State.new("classic", seed=7)
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(siyaosi.Move.parse("3: 3S"))
    assert refused.value.to_json()["error"] == "not-your-turn"
    assert refused.value.to_json()["clause"] == "4A4-TURN-1"
    with pytest.raises(DocumentError) as bad:
        siyaosi.State.from_json("[]")
    assert bad.value.code == "bad-document"
