"""Hostile case files and positions: each refused with one CaseFileError or PositionError naming
the file and the key, and one malformed case fails alone instead of ending the run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardrules import CaseFileError, PositionError, load_position
from cardrules.cases import find_case_files, load_case_file, run_case
from cardrules.limits import MAX_CASES, MAX_FILE_BYTES, QUOTE_CHARS

POSITION = (
    '[positions.p]\ngame = "siyaosi"\nvariant = "classic"\n'
    'hands = ["6H 9C", "6S 2D", "6D 6C KH", "3S 4D"]\nleader = 0\n'
)
PLAY = '[[case]]\nid = "a"\nkind = "play"\nposition = "p"\nmoves = ["0: 6H"]\nexpect = "legal"\n'


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, **kwargs: Any) -> CaseFileError:
    with pytest.raises(CaseFileError) as err:
        load_case_file(path, **kwargs)
    assert "\n" not in str(err.value)
    return err.value


def test_a_list_of_numbers_as_case_is_refused(tmp_path: Path) -> None:
    """``case = [1, 2]`` raised AttributeError."""
    err = refused(write(tmp_path / "c.toml", "format = 1\ncase = [1, 2]\n"))
    assert "each [[case]] is a table" in str(err)


def test_an_unhashable_kind_is_refused(tmp_path: Path) -> None:
    """``kind = ["play"]`` raised TypeError (unhashable list)."""
    body = PLAY.replace('kind = "play"', 'kind = ["play"]')
    assert refused(write(tmp_path / "c.toml", "format = 1\n" + POSITION + body)).key == "kind"


@pytest.mark.parametrize("value", ["true", "1.0", '"1"', "[1]"])
def test_format_must_be_the_integer_one(tmp_path: Path, value: str) -> None:
    """``format = true`` passed as ``True == 1``."""
    path = write(tmp_path / "c.toml", f"format = {value}\n" + POSITION + PLAY)
    assert refused(path).key == "format"


@pytest.mark.parametrize("value", ["1.0", "true", '"1"'])
def test_position_integers_must_be_integers(tmp_path: Path, value: str) -> None:
    """``ruling = 1.0`` passed ``1.0 == 1`` and then raised TypeError."""
    text = "format = 1\n" + POSITION + f"levels = ['5', '6']\nruling = {value}\n" + PLAY
    err = refused(write(tmp_path / "c.toml", text))
    assert err.key == "position" and "ruling" in str(err)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("leader", 0.0),
        ("leader", True),
        ("points", [1.0, 2]),
        ("out", [False]),
        ("levels", [2.0, "5"]),
        ("levels", [{"a": 1}, "5"]),
        ("trump", "ſ"),
        ("trump", "ＮＯＮＥ"),
        ("phase", "play\n"),
        ("phase", "x" * 1000),
    ],
)
def test_position_values_of_the_wrong_kind_name_the_key(key: str, value: object) -> None:
    table = {"game": "shengji", "variant": "four-deck", key: value}
    with pytest.raises(PositionError) as err:
        load_position(table)
    assert err.value.key == key and len(str(err.value)) < 300


def test_a_position_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(PositionError, match="a position is a table"):
        load_position(["game"])  # type: ignore[arg-type]


def test_a_non_utf8_case_file_is_refused_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", b"format = 1\n# \xff\xfe\n")
    err = refused(path)
    assert err.path == str(path) and "not UTF-8" in str(err)


def test_a_non_utf8_variant_named_by_a_position(tmp_path: Path) -> None:
    write(tmp_path / "bin.toml", b'game = "siyaosi"\nname = "\xff"\n')
    text = "format = 1\n" + POSITION.replace('"classic"', '"bin.toml"') + PLAY
    err = refused(write(tmp_path / "c.toml", text))
    assert err.key == "position" and "not UTF-8" in str(err) and "bin.toml" in str(err)


def test_a_variant_outside_the_case_folder_is_a_choice(tmp_path: Path) -> None:
    write(tmp_path / "house.toml", 'game = "siyaosi"\nname = "house"\nextends = "classic"\n')
    text = "format = 1\n" + POSITION.replace('"classic"', '"../house.toml"') + PLAY
    path = write(tmp_path / "cases" / "c.toml", text)
    assert "outside" in str(refused(path))
    (case,) = load_case_file(path, allow_outside=True).cases
    assert case.position.variant.name == "house"


def test_too_many_cases_are_refused_before_any_is_loaded(tmp_path: Path) -> None:
    cases = "".join(
        f'[[case]]\nid = "c{n}"\nkind = "classify"\ncards = "0: 6H"\nexpect = "single"\n'
        '[case.position]\ngame = "nowhere"\n'
        for n in range(MAX_CASES + 1)
    )
    err = refused(write(tmp_path / "c.toml", "format = 1\n" + cases))
    assert err.key == "case" and f"at most {MAX_CASES}" in str(err)


def test_a_case_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", "format = 1\n" + "#" * MAX_FILE_BYTES + "\n" + PLAY)
    assert "larger than the limit" in str(refused(path))


def test_a_case_file_nested_2000_deep_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", "format = 1\nx = " + "[" * 2000 + "]" * 2000 + "\n")
    assert "nested deeper than" in str(refused(path))


def test_a_missing_case_file_is_refused_naming_it(tmp_path: Path) -> None:
    err = refused(tmp_path / "missing.toml")
    assert err.path == str(tmp_path / "missing.toml")
    assert "cannot read" in str(refused(tmp_path / ("x" * 300 + ".toml")))


def test_a_long_id_is_quoted_not_repeated(tmp_path: Path) -> None:
    body = PLAY.replace('id = "a"', f'id = "{"A" * 100_000}"')
    err = refused(write(tmp_path / "c.toml", "format = 1\n" + POSITION + body))
    assert err.key == "id" and len(str(err)) < 400 and "A" * QUOTE_CHARS + "'…" in str(err)


def test_a_malformed_then_fails_that_case_alone(tmp_path: Path) -> None:
    """``[case.then] top = "ZZ"`` ended ``cardrules spec`` with no summary."""
    bad = PLAY.replace('id = "a"', 'id = "bad"') + '[case.then]\ntop = "ZZ"\n'
    path = write(tmp_path / "c.toml", "format = 1\n" + POSITION + bad + PLAY)
    bad_case, good_case = load_case_file(path).cases
    outcome = run_case(bad_case)
    assert not outcome.passed and "not a card" in outcome.got
    assert run_case(good_case).passed


def test_a_binary_toml_in_a_folder_is_reported_not_skipped(tmp_path: Path) -> None:
    """A stray binary ``*.toml`` made the folder scan raise UnicodeDecodeError."""
    write(tmp_path / "cases" / "bin.toml", b"\x89PNG\r\n\x1a\n\xff")
    write(tmp_path / "cases" / "variant.toml", 'game = "siyaosi"\nextends = "classic"\n')
    write(tmp_path / "cases" / "c.toml", "format = 1\n" + POSITION + PLAY)
    found = [p.name for p in find_case_files([tmp_path / "cases"])]
    assert found == ["bin.toml", "c.toml"]
