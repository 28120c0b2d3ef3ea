"""The error-code tables of spec/README.md list exactly the codes each engine can return."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_RAISED = re.compile(r'(?:Illegal|_illegal)\(\s*"([a-z][a-z-]+)"')


def _documented(game_heading: str) -> set[str]:
    text = (ROOT / "spec" / "README.md").read_text(encoding="utf-8")
    section = text.split(f"### {game_heading}", 1)[1].split("\n### ", 1)[0]
    return set(re.findall(r"^\| `([a-z-]+)` \|", section, re.MULTILINE))


def _raised(game: str) -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "src" / "cardrules" / game).glob("*.py"):
        codes.update(_RAISED.findall(path.read_text(encoding="utf-8")))
    return codes


@pytest.mark.parametrize(("game", "heading"), [("siyaosi", "四幺四"), ("shengji", "四副升级")])
def test_error_codes_are_documented(game: str, heading: str) -> None:
    raised, documented = _raised(game), _documented(heading)
    assert raised, f"no error codes found in the {game} engine"
    assert raised == documented, (
        f"undocumented: {sorted(raised - documented)}; stale: {sorted(documented - raised)}"
    )
