"""Golden rulings: what the judge says of every spec case — its answer, the refusal's code and
reason, the events' words and the clauses it cites — kept in ``tests/golden/rulings/``, one file
per case file.

A spec case checks a verdict; a player in a dispute reads the whole ruling (``cardrules judge``):
why a move is refused, which clauses allow a legal one, what it did. A change to any of those
shows up here as a diff of the golden file. After checking that the change is intended, rewrite
the files with ``python tests/test_golden_rulings.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardrules.cases import find_case_files, load_case_file
from cardrules.judge import judge_case

SPEC_CASES = Path(__file__).resolve().parent.parent / "spec" / "cases"
GOLDEN = Path(__file__).resolve().parent / "golden" / "rulings"
CASE_FILES = [p.relative_to(SPEC_CASES) for p in find_case_files([SPEC_CASES])]
#: What a ruling's JSON keeps here: the words and citations, not the table or the state (the
#: spec cases and the round-trip tests check those).
KEPT = ("case", "kind", "answer", "code", "reason", "events", "clauses", "error")


def rulings(case_file: Path) -> str:
    """The golden text of one case file: a JSON line per case, in the file's order."""
    lines = []
    for case in load_case_file(SPEC_CASES / case_file).cases:
        document = judge_case(case).to_json()
        kept = {key: document[key] for key in KEPT if key in document}
        lines.append(json.dumps(kept, ensure_ascii=False, sort_keys=True))
    return "\n".join(lines) + "\n"


def _golden(case_file: Path) -> Path:
    return GOLDEN / case_file.with_suffix(".jsonl")


@pytest.mark.parametrize("case_file", CASE_FILES, ids=[str(p) for p in CASE_FILES])
def test_the_judge_says_what_it_said(case_file: Path) -> None:
    expected = _golden(case_file).read_text(encoding="utf-8").splitlines()
    for n, (now, then) in enumerate(zip(rulings(case_file).splitlines(), expected, strict=True)):
        assert json.loads(now) == json.loads(then), f"case {n + 1} of {case_file}"


def test_every_golden_file_has_its_case_file() -> None:
    golden = {p.relative_to(GOLDEN) for p in GOLDEN.rglob("*.jsonl")}
    assert golden == {p.with_suffix(".jsonl") for p in CASE_FILES}


if __name__ == "__main__":
    for stale in GOLDEN.rglob("*.jsonl"):
        stale.unlink()
    for case_file in CASE_FILES:
        path = _golden(case_file)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(rulings(case_file), encoding="utf-8")
    print(f"wrote {len(CASE_FILES)} files under {GOLDEN}")
