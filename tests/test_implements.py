"""``@implements`` marks the one function that decides a clause (issue 20): the mark names a
clause of the spec, no clause is marked twice, a descriptive clause is marked nowhere, and
``cardrules explain`` prints where the code is."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardrules
from cardrules import implements as implements_module
from cardrules.cases import clause_index
from cardrules.cli import main
from cardrules.errors import ArgumentError
from cardrules.implements import (
    Implementation,
    implementation_of,
    implementations,
    implements,
    marks_in_source,
)

MARKED = implementations()
PACKAGE = Path(cardrules.__file__).parent
CLAUSES = clause_index()


def test_a_mark_returns_the_function_itself_and_notes_where_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(implements_module, "_FOUND", {})

    def rule() -> int:
        return 1

    assert implements("TEST-RULE-1", "TEST-RULE-2")(rule) is rule
    found = implements_module._FOUND["TEST-RULE-1"][0]
    assert found.function.endswith("rule") and found.file.endswith("test_implements.py")
    assert found.line == rule.__code__.co_firstlineno
    assert str(found) == f"{found.file}:{found.line} {found.function}"
    assert set(implements_module._FOUND) == {"TEST-RULE-1", "TEST-RULE-2"}


@pytest.mark.parametrize("ids", [(), ("not an id",), ("4a4-beat-9",), (5,)])
def test_a_mark_names_clause_ids(ids: tuple[object, ...]) -> None:
    with pytest.raises(ArgumentError):
        implements(*ids)  # type: ignore[arg-type]


def test_only_a_function_is_marked() -> None:
    with pytest.raises(ArgumentError):
        implements("TEST-RULE-1")(5)  # type: ignore[type-var]


def test_every_mark_names_a_clause_of_the_spec() -> None:
    assert set(MARKED) <= set(CLAUSES), sorted(set(MARKED) - set(CLAUSES))


def test_no_clause_is_marked_twice() -> None:
    twice = {c: [str(i) for i in found] for c, found in MARKED.items() if len(found) > 1}
    assert not twice


def test_a_descriptive_clause_is_marked_nowhere() -> None:
    both = [c for c, clause in CLAUSES.items() if clause.descriptive and c in MARKED]
    assert not both


@pytest.mark.parametrize(
    "prefix",
    [
        "4A4",
        "SJ",
        "CORE",
    ],
)
def test_every_clause_the_code_decides_is_marked(prefix: str) -> None:
    """Each clause of ``prefix`` (a spec file's ids) is marked on its code or is descriptive."""
    ours = {c: clause for c, clause in CLAUSES.items() if c.startswith(prefix + "-")}
    assert ours, f"no clause starts with {prefix}-"
    unmarked = [c for c, clause in ours.items() if not clause.descriptive and c not in MARKED]
    assert not unmarked, f"{len(unmarked)} clauses unmarked, e.g. {unmarked[:5]}"


def test_the_source_reader_finds_what_the_decorators_note() -> None:
    """``cardrules explain`` reads the marks from the source (quick, nothing imported): the same
    marks, at the same places, as the decorators note when the modules are imported."""
    noted = {c: sorted(map(str, found)) for c, found in MARKED.items()}
    read = {c: sorted(map(str, found)) for c, found in marks_in_source(PACKAGE).items()}
    assert read == noted


def test_explain_prints_where_the_code_that_decides_a_clause_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = implementation_of("CORE-API-3")
    assert isinstance(found, Implementation) and found.function == "check_listable"
    assert main(["explain", "CORE-API-3"]) == 0
    assert f"decided by: {found}" in capsys.readouterr().out
    assert implementation_of("NO-SUCH-9") is None


def test_explain_prints_where_4a4_beat_9_is_decided(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's example: ``cardrules explain 4A4-BEAT-9`` names the beats rule of 四幺四."""
    found = implementation_of("4A4-BEAT-9")
    assert found is not None and found.function == "beats_rule"
    assert found.file == "cardrules/siyaosi/combos.py"
    assert main(["explain", "4A4-BEAT-9"]) == 0
    assert f"decided by: {found}" in capsys.readouterr().out


def test_explain_prints_where_sj_follow_4_is_decided(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's other example: ``cardrules explain SJ-FOLLOW-4`` names Shengji's follow rule."""
    found = implementation_of("SJ-FOLLOW-4")
    assert found is not None and found.function == "explain_follow"
    assert found.file == "cardrules/shengji/follow.py"
    assert main(["explain", "SJ-FOLLOW-4"]) == 0
    assert f"decided by: {found}" in capsys.readouterr().out
