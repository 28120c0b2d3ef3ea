"""A Shengji ``round`` case may give ``penalties``, each seat's failed throws that round
(SJ-MATCH-3 (The match score)): each costs its thrower ``throw_penalty`` in ``scores``; a
malformed list, or penalties in a 四幺四 round case, fail that case alone (``bad-case-file``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules.cases import load_case_text, run_case

CASE = """format = 1
[[case]]
id = "r"
rules = ["SJ-MATCH-3"]
kind = "round"
position = {{ game = "{game}", variant = "{variant}", levels = ["2", "2"], {seat} = 0 }}
{result}
penalties = {penalties}
[case.then]
{then}
"""


def run(tmp_path: Path, penalties: str, then: str, game: str = "shengji") -> tuple[bool, str]:
    fields = {
        "shengji": ("four-deck", "banker", "attacker_points = 40"),
        "siyaosi": ("classic", "ruling", "finish = [0, 1, 2]"),
    }[game]
    variant, seat, result = fields
    text = CASE.format(
        game=game, variant=variant, seat=seat, result=result, penalties=penalties, then=then
    )
    outcome = run_case(load_case_text(text, base=tmp_path).cases[0])
    return outcome.passed, outcome.got


def test_each_failed_throw_costs_its_thrower(tmp_path: Path) -> None:
    assert run(tmp_path, "[0, 1, 0, 3]", "scores = [6, -7, 6, -9]") == (
        True,
        "scores = [6, -7, 6, -9]",
    )


def test_a_higher_throw_penalty_costs_more(tmp_path: Path) -> None:
    (tmp_path / "dear.toml").write_text(
        'game = "shengji"\nextends = "four-deck"\nthrow_penalty = 5\n', encoding="utf-8"
    )
    text = CASE.format(
        game="shengji",
        variant="dear.toml",
        seat="banker",
        result="attacker_points = 40",
        penalties="[1, 0, 0, 0]",
        then="scores = [1, -6, 6, -6]",
    )
    assert run_case(load_case_text(text, base=tmp_path).cases[0]).passed


@pytest.mark.parametrize("penalties", ["[1, 2]", "[-1, 0, 0, 0]", "[0.5, 0, 0, 0]", '"two"'])
def test_a_malformed_list_fails_the_case_alone(tmp_path: Path, penalties: str) -> None:
    passed, got = run(tmp_path, penalties, "scores = [0, 0, 0, 0]")
    assert not passed and "bad-case-file" in got


def test_a_siyaosi_round_case_has_no_penalties(tmp_path: Path) -> None:
    passed, got = run(tmp_path, "[0, 0, 0, 0]", 'levels = ["3", "2"]', game="siyaosi")
    assert not passed and "bad-case-file" in got
