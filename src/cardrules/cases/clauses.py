"""The clause index of ``spec/``: ids and titles read from the headings of the clause files.

A clause heading is a Markdown heading whose first word is the id and whose title follows a dash:
``### 4A4-CHAIN-2 — Cha``. Ids are stable and never reused.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import attrs

from cardrules.errors import CaseFileError
from cardrules.textio import read_text

__all__ = ["Clause", "clause_index", "default_spec_dir"]

# Matched against a line with its trailing space removed: a lazy title followed by ``\s*$`` would
# take time quadratic in a run of spaces inside the title.
_HEADING = re.compile(r"#{2,6}\s+(?P<id>[0-9A-Z]+(?:-[0-9A-Z]+)+)\s+[—–-]+\s+(?P<title>.+)")


@attrs.frozen
class Clause:
    """One clause: its id and title, where it is written, and its text (the rule in our words,
    the evidence it rests on, a "Seed silent" decision where there is one)."""

    id: str
    title: str
    file: str
    line: int
    text: str = attrs.field(default="", eq=False, repr=False)


def default_spec_dir() -> Path | None:
    """``spec/`` of a source checkout, else the copy shipped inside an installed wheel."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here.parent.parent / "spec", here / "_spec"):
        if candidate.is_dir() and any(candidate.glob("*.md")):
            return candidate
    return None


def clause_index(spec_dir: Path | None = None) -> dict[str, Clause]:
    """Every clause in the ``*.md`` files of ``spec_dir`` (default :func:`default_spec_dir`).
    A file that cannot be read within the limits, or a clause id defined twice, is a
    :class:`CaseFileError` naming the file."""
    spec_dir = spec_dir or default_spec_dir()
    index: dict[str, Clause] = {}
    if spec_dir is None:
        return index
    for path in sorted(spec_dir.glob("*.md")):
        text = read_text(path, partial(CaseFileError, path=str(path)))
        lines = text.splitlines()
        for n, line in enumerate(lines, 1):
            m = _HEADING.fullmatch(line.rstrip())
            if m:
                if m["id"] in index:
                    raise CaseFileError(
                        f"clause {m['id']} defined twice (line {n})", path=str(path)
                    )
                index[m["id"]] = Clause(m["id"], m["title"], path.name, n, _body(lines, n))
    return index


def _body(lines: list[str], heading: int) -> str:
    """The text under the heading on line ``heading`` (1-based), up to the next heading."""
    out = []
    for line in lines[heading:]:
        if line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out).strip()
