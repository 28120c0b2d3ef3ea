"""The case-file loader: the contract's keys, and refusals that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import CaseFileError, MoveText, parse_move_text
from cardrules.cases import load_case_file
from cardrules.errors import NotationError

HEAD = """format = 1

[positions.p]
game = "siyaosi"
variant = "classic"
levels = ["5", "6"]
ruling = 1
hands = ["6H 9C", "6S 2D", "6D 6C KH", "3S 4D"]
leader = 0
"""


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def test_contract_example_loads(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[[case]]\nid = "a"\nrules = ["X-1"]\nkind = "play"\nposition = "p"\n'
        'moves = ["0: 6H", "1: 6S"]\nexpect = "legal"\nnote = "seed"\n',
    )
    (case,) = load_case_file(path).cases
    assert case.kind == "play" and case.rules == ("X-1",) and case.position.ruling == 1
    assert case.name == "case.toml::a"


@pytest.mark.parametrize(
    ("body", "key"),
    [
        (
            '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\n'
            'expect = "legal"\nexpct = 1\n',
            "expct",
        ),
        ('[[case]]\nid = "a"\nkind = "fly"\nposition = "p"\n', "kind"),
        (
            '[[case]]\nid = "A b"\nkind = "play"\nposition = "p"\nmoves = []\nexpect = "legal"\n',
            "id",
        ),
        (
            '[[case]]\nid = "a"\nkind = "play"\nposition = "q"\nmoves = ["0: 6H"]\n'
            'expect = "legal"\n',
            "position",
        ),
        ('[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\n', "expect"),
        (
            '[[case]]\nid = "a"\nkind = "beats"\nposition = "p"\ntop = "0: 6H"\nplay = "1: 7H"\n'
            'expect = "yes"\n',
            "expect",
        ),
        (
            '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\n'
            'expect = "legal"\n[case.then]\nturns = 1\n',
            "then.turns",
        ),
    ],
)
def test_bad_case_names_the_key(tmp_path: Path, body: str, key: str) -> None:
    with pytest.raises(CaseFileError) as err:
        load_case_file(write(tmp_path, body))
    assert err.value.key == key


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    case = (
        '[[case]]\nid = "a"\nkind = "classify"\nposition = "p"\ncards = "0: 6H"\n'
        'expect = "single"\n'
    )
    with pytest.raises(CaseFileError, match="twice"):
        load_case_file(write(tmp_path, case + case))


def test_impossible_position_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(
        'format = 1\n[[case]]\nid = "a"\nkind = "classify"\ncards = "0: 6H"\nexpect = "single"\n'
        '[case.position]\ngame = "siyaosi"\nvariant = "one-deck"\n'
        'hands = ["6H", "6H", "", ""]\n'
    )
    with pytest.raises(CaseFileError, match="6H appears 2 times"):
        load_case_file(path)


def test_judge_mode_needs_no_expect(tmp_path: Path) -> None:
    path = write(tmp_path, '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\n')
    assert load_case_file(path, require_expect=False).cases[0].expect is None


def test_move_text() -> None:
    assert parse_move_text("2: 8S 8D") == MoveText(2, None, parse_move_text("2: 8D 8S").cards)
    assert parse_move_text("1: pass").verb == "pass"
    assert parse_move_text("1: chi 7S 9H").verb == "chi"
    assert parse_move_text("0: SJ BJ").verb is None
    for bad in ("8S", "x: 8S", "1:", "1: 8X"):
        with pytest.raises(NotationError):
            parse_move_text(bad)
