"""The referee page's work: rule on a pasted or built case file, and list the rules.

A dispute is ruled on exactly as ``cardrules judge`` rules on a file — the same loader with the
same limits (:func:`cardrules.cases.model.load_case_text`), :func:`cardrules.judge.judge_case`,
and the ruling's lines in the language asked for — so the page and the command never disagree.
The text is read with an empty folder as its base: a position's ``variant`` may name a preset,
but a path names nothing that exists, so no file of the machine is readable through the page.
"""

from __future__ import annotations

import hashlib
import tempfile
from functools import cache

from cardrules.cases import clause_index, default_spec_dir, find_case_files
from cardrules.cases.model import load_case_text
from cardrules.errors import CardrulesError, CaseFileError
from cardrules.i18n import LANGUAGES, catalog
from cardrules.jsonio import JSONObject
from cardrules.judge import CaseError, RoundRuling, judge_case
from cardrules.limits import MAX_FILE_BYTES
from cardrules.textio import parse_toml, read_text

__all__ = ["dispute_id", "rule_on_text", "rules_index"]


def _language(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise CardrulesError(f"'lang' is one of {', '.join(LANGUAGES)}", code="unknown-language")
    return lang


def dispute_id(text: str) -> str:
    """The id a dispute's text is kept under: the same text, the same link."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def rule_on_text(text: object, lang: object = "en") -> list[JSONObject]:
    """Every case of the case-file ``text`` ruled on, each as ``{"case", "kind", "answer",
    "lines", "clauses", "ruling"}`` (``lines`` as ``cardrules judge`` prints them in ``lang``).
    A text that is not a case file is a :class:`CardrulesError` naming what is wrong; a case
    that cannot be ruled on is an entry whose ``answer`` is ``"error"``."""
    lang = _language(lang)
    if not isinstance(text, str):
        raise CardrulesError("'text' is the case file's text", code="bad-request")
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise CardrulesError(f"a case file is at most {MAX_FILE_BYTES} bytes", code="too-large")
    clauses = clause_index(lang=lang)
    with tempfile.TemporaryDirectory(prefix="cardrules-referee-") as empty:
        try:
            case_file = load_case_text(text, base=empty, name="dispute.toml", require_expect=False)
        except CardrulesError as err:  # the server's folder is none of the sender's business
            raise CardrulesError(_unplaced(str(err), empty), code=err.code) from None
        out: list[JSONObject] = []
        for case in case_file.cases:
            ruling = judge_case(case)
            if isinstance(ruling, CaseError):
                answer = "error"
            elif isinstance(ruling, RoundRuling):
                answer = "result"  # a round's end has no verdict: its result is the ruling
            else:
                answer = str(ruling.answer).lower()  # a beats ruling answers true or false
            out.append(
                {
                    "case": case.id,
                    "kind": case.kind,
                    "answer": answer,
                    "lines": [_unplaced(line, empty) for line in ruling.lines(lang, clauses)],
                    "clauses": list(ruling.clauses),
                    "ruling": ruling.to_json(),
                }
            )
    return out


def _unplaced(text: str, folder: str) -> str:
    """``text`` without the server's scratch folder in it (a message naming a path in it)."""
    return text.replace(folder + "/", "").replace(folder, ".")


def rules_index(lang: object = "en") -> list[JSONObject]:
    """Every clause of the shipped spec in ``lang`` — id, title, text, game, file — with the
    cases that cite it."""
    return _rules_index(_language(lang))


@cache
def _rules_index(lang: str) -> list[JSONObject]:
    english = clause_index()
    index = english if lang == "en" else clause_index(lang=lang)
    words = catalog(lang)
    cited = _cases_by_clause()
    out: list[JSONObject] = []
    for clause_id, clause in english.items():
        shown = index.get(clause_id) or clause
        title = shown.title if clause_id in index else (words.clause(clause_id) or clause.title)
        game = clause.file.removesuffix(".md")
        out.append(
            {
                "id": clause_id,
                "title": title,
                "text": shown.text,
                "file": shown.file,
                "game": game if game in ("siyaosi", "shengji") else "core",
                "cases": list(cited.get(clause_id, [])),
            }
        )
    return out


@cache
def _cases_by_clause() -> dict[str, list[JSONObject]]:
    """The shipped cases, by each clause they cite."""
    spec = default_spec_dir()
    found: dict[str, list[JSONObject]] = {}
    if spec is None:
        return found
    for path in find_case_files([spec / "cases"]):
        name = str(path.relative_to(spec.parent))

        def fail(why: str, where: str = name) -> CaseFileError:
            return CaseFileError(why, path=where)

        entries = parse_toml(read_text(path, fail), fail).get("case", [])
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, dict):
                continue
            for rule in entry.get("rules", ()):
                found.setdefault(str(rule), []).append(
                    {"file": name, "id": str(entry.get("id")), "kind": str(entry.get("kind"))}
                )
    return found
