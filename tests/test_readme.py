"""The README's API tour is executable documentation: every example in it must run as shown."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples() -> None:
    result = doctest.testfile(
        str(README),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 10
    assert result.failed == 0


def _toml_blocks() -> list[str]:
    import re

    return re.findall(r"```toml\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_variant_and_case_work(tmp_path: Path) -> None:
    from cardrules.cases import load_case_file, run_case
    from cardrules.variant import load_variant

    variant_text, case_text = _toml_blocks()
    (tmp_path / "six-players.toml").write_text(variant_text, encoding="utf-8")
    variant = load_variant(tmp_path / "six-players.toml")
    assert variant.switches()["players"] == 6
    (tmp_path / "case.toml").write_text(case_text, encoding="utf-8")
    (case,) = load_case_file(tmp_path / "case.toml").cases
    outcome = run_case(case)
    assert outcome.passed, outcome.got


def test_spec_readme_example_passes(tmp_path: Path) -> None:
    import re

    from cardrules.cases import load_case_file, run_case

    text = (README.parent / "spec" / "README.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"```toml\n(.*?)```", text, re.S)
    (tmp_path / "example.toml").write_text(example, encoding="utf-8")
    outcomes = [run_case(c) for c in load_case_file(tmp_path / "example.toml").cases]
    assert outcomes and all(o.passed for o in outcomes), [o.got for o in outcomes]
