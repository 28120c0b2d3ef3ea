"""Case files: the contract's machine-readable rule checks, their runner and the judge."""

from cardrules.cases.adapter import (
    CaseAdapter,
    MovesOutcome,
    PlayRuling,
    UnsupportedCase,
    run_moves,
)
from cardrules.cases.model import Case, CaseFile, find_case_files, load_case_file, load_case_text
from cardrules.cases.runner import Outcome, Ruling, refusal_keys, rule_on, run_case
from cardrules.clauses import Clause, cited_rulings, clause_index, default_spec_dir

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
    "cited_rulings",
    "clause_index",
    "default_spec_dir",
    "find_case_files",
    "load_case_file",
    "load_case_text",
    "refusal_keys",
    "rule_on",
    "run_case",
    "run_moves",
]
