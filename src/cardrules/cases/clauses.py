"""The clause index of ``spec/``: ids and titles read from the headings of the clause files.

A clause heading is a Markdown heading whose first word is the id and whose title follows a dash:
``### 4A4-CHAIN-2 — Cha``. Ids are stable and never reused.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

__all__ = ["Clause", "clause_index", "default_spec_dir"]

_HEADING = re.compile(r"^#{2,6}\s+(?P<id>[0-9A-Z]+(?:-[0-9A-Z]+)+)\s+[—–-]+\s+(?P<title>.+?)\s*$")


@attrs.frozen
class Clause:
    id: str
    title: str
    file: str
    line: int


def default_spec_dir() -> Path | None:
    """``spec/`` of a source checkout, else the copy shipped inside an installed wheel."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent.parent / "spec", here / "_spec"):
        if candidate.is_dir() and any(candidate.glob("*.md")):
            return candidate
    return None


def clause_index(spec_dir: Path | None = None) -> dict[str, Clause]:
    """Every clause in the ``*.md`` files of ``spec_dir`` (default :func:`default_spec_dir`)."""
    spec_dir = spec_dir or default_spec_dir()
    index: dict[str, Clause] = {}
    if spec_dir is None:
        return index
    for path in sorted(spec_dir.glob("*.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = _HEADING.match(line)
            if m:
                if m["id"] in index:
                    raise ValueError(f"clause {m['id']} defined twice ({path.name}:{n})")
                index[m["id"]] = Clause(m["id"], m["title"], path.name, n)
    return index
