"""Every switch cites the clauses of the spec that say what it does — clauses shipped with the
package, which ``cardrules explain`` prints — and ``variant show`` prints them above it; the ruling
ids a switch names are evidence those clauses rest on, never its only citation."""

from __future__ import annotations

import re

import pytest

from cardrules.cases import clause_index
from cardrules.cli import main
from cardrules.variant import GAMES, list_presets, switch_comments, switches_of, variant_class

CLAUSES = clause_index()


@pytest.mark.parametrize("game", GAMES)
def test_every_switch_cites_existing_clauses_that_rest_on_its_ruling(game: str) -> None:
    for f in switches_of(variant_class(game)):
        sw = f.metadata["switch"]
        assert sw.clauses, f"{game}.{f.name} cites no clause"
        missing = [c for c in sw.clauses if c not in CLAUSES]
        assert not missing, f"{game}.{f.name}: {missing}"
        evidence = " ".join(CLAUSES[c].text for c in sw.clauses)
        for ruling in filter(None, (r.strip() for r in sw.ruling.split(","))):
            assert re.search(rf"{re.escape(ruling)}\b", evidence), (
                f"{game}.{f.name}: ruling {ruling} is not evidence of {sw.clauses}"
            )


@pytest.mark.parametrize(("game", "preset"), list_presets())
def test_variant_show_prints_each_switchs_clauses_above_it(
    game: str, preset: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["variant", "show", preset]) == 0
    lines = capsys.readouterr().out.splitlines()
    for f in switches_of(variant_class(game)):
        sw = f.metadata["switch"]
        at = next(
            i
            for i, line in enumerate(lines)
            if line == f"[{f.name}]" or line.startswith(f"{f.name} = ")
        )
        comment = lines[at - 1]
        assert comment.startswith("# "), f.name
        for cid in sw.clauses:
            assert f"{cid} ({CLAUSES[cid].title})" in comment, (f.name, cid)
        assert not re.search(r"\b[YS]-[A-Z]+-\d+\b", comment), f"{f.name}: a bare ruling id"


def test_without_titles_the_ids_are_still_cited() -> None:
    comments = switch_comments(variant_class("siyaosi"), titles={})
    assert "Spec: 4A4-TABLE-1, 4A4-TABLE-2." in comments["players"]
