"""A reader follows a clause id from the code to the spec and lands on the right clause.

Every clause id in ``src/`` exists. Where prose cites a clause (a docstring or a comment), the id
is followed by its title — in parentheses, ``4A4-BEAT-9 (Four 3s beat 4A4)``, or after a dash as
in the spec's own headings — and that title must be the clause's, so a wrong citation cannot
hide; an id in quotes is data (the clause of an error code) and is checked against the spec by
``test_error_codes``. Every clause is cited somewhere in ``src/``: each rule's code names the
clause it implements.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardrules.cases import clause_index

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "src" / "cardrules").rglob("*.py"))
CLAUSES = clause_index(ROOT / "spec")
_ID = re.compile(r"(?<![\w-])((?:4A4|SJ|CORE)-[A-Z]+-\d+)(?![\w-])")


def _prose(text: str) -> str:
    """Comment markers and line breaks folded away, so a citation may wrap."""
    return re.sub(r"\s*\n\s*(?:#\s*)?", " ", text)


def _citations() -> list[tuple[str, str, bool, str]]:
    """``(file, id, quoted, what follows)`` for every clause id in the sources."""
    out = []
    for path in SOURCES:
        text = _prose(path.read_text(encoding="utf-8"))
        for m in _ID.finditer(text):
            quoted = text[m.start() - 1 : m.start()] == '"' and text[m.end() : m.end() + 1] == '"'
            out.append((path.name, m[1], quoted, text[m.end() : m.end() + 120]))
    return out


CITATIONS = _citations()


def test_every_clause_id_in_the_sources_exists() -> None:
    missing = sorted({f"{f}: {cid}" for f, cid, _q, _a in CITATIONS if cid not in CLAUSES})
    assert not missing, missing


def test_every_prose_citation_names_the_clause_title() -> None:
    wrong = [
        f"{f}: {cid} should read '{cid} ({CLAUSES[cid].title})', not '{cid}{after[:50]}'"
        for f, cid, quoted, after in CITATIONS
        if not quoted
        and cid in CLAUSES
        and not after.startswith((f" ({CLAUSES[cid].title})", f" — {CLAUSES[cid].title}"))
    ]
    assert not wrong, "\n".join(wrong)


def test_every_clause_is_cited_in_the_sources() -> None:
    cited = {cid for _f, cid, _q, _a in CITATIONS}
    assert not sorted(set(CLAUSES) - cited)
