"""A suite's runner may raise the case-file limits for ``cardrules spec`` (and
``load_case_file``): a conformance file of 300 cases at more than 128 KiB loads when asked to;
the defaults, meant for files from strangers, stay as they are for ``judge``."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardrules import CardrulesError, load_case_file
from cardrules.cli import main
from cardrules.limits import MAX_FILE_BYTES, MAX_SUITE_CASES

CASE = """
[[case]]
id = "c{i}"
rules = ["4A4-LEVEL-5"]
kind = "variant"
note = "{note}"
position = {{ game = "siyaosi", variant = "classic" }}
expect = "playable"
"""


def suite(path: Path, cases: int = 300) -> Path:
    text = "format = 1\n" + "".join(CASE.format(i=i, note="x" * 400) for i in range(cases))
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > MAX_FILE_BYTES
    return path


def test_a_large_suite_needs_the_limit_raised(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite(tmp_path / "suite.toml")
    assert main(["spec", str(tmp_path)]) == 1
    assert "larger than the limit" in capsys.readouterr().out
    assert main(["spec", str(tmp_path), "--max-file-kib", "512"]) == 0
    assert capsys.readouterr().out.strip().endswith("300 passed, 0 failed")
    assert main(["spec", str(tmp_path), "--max-file-kib", "512", "--max-cases", "299"]) == 1
    assert "at most 299" in capsys.readouterr().out


def test_judge_keeps_the_default_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = suite(tmp_path / "dispute.toml")
    assert main(["judge", str(path)]) == 2
    assert "larger than the limit" in capsys.readouterr().err


def test_the_library_call_takes_the_limits_and_checks_them(tmp_path: Path) -> None:
    path = suite(tmp_path / "suite.toml")
    assert len(load_case_file(path, max_bytes=512 * 1024).cases) == 300
    for bad in ({"max_bytes": 0}, {"max_cases": MAX_SUITE_CASES + 1}, {"max_bytes": "1M"}):
        with pytest.raises(CardrulesError) as err:
            load_case_file(path, **bad)
        assert err.value.code == "bad-argument"


@pytest.mark.parametrize("value", ["0", "-5", "ten", "99999999"])
def test_a_bad_flag_is_a_usage_error(
    tmp_path: Path, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["spec", str(tmp_path), "--max-file-kib", value]) == 2
    assert "a whole number" in capsys.readouterr().err
