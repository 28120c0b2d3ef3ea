"""Case files: the contract's machine-readable rule checks, their runner and the judge."""

from cardrules.cases.adapter import (
    CaseAdapter,
    MovesOutcome,
    PlayRuling,
    UnsupportedCase,
    run_moves,
)
from cardrules.cases.clauses import Clause, clause_index, default_spec_dir
from cardrules.cases.model import Case, CaseFile, find_case_files, load_case_file
from cardrules.cases.runner import Outcome, Ruling, judge_case, rule_on, run_case

__all__ = [
    "Case",
    "CaseAdapter",
    "CaseFile",
    "Clause",
    "MovesOutcome",
    "Outcome",
    "PlayRuling",
    "Ruling",
    "UnsupportedCase",
    "clause_index",
    "default_spec_dir",
    "find_case_files",
    "judge_case",
    "load_case_file",
    "rule_on",
    "run_case",
    "run_moves",
]
