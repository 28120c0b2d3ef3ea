"""The clause index of ``spec/``: ids and titles read from the headings of the clause files.

A clause heading is a Markdown heading whose first word is the id and whose title follows a dash:
``### 4A4-CHAIN-2 — Cha``. Ids are stable and never reused. The spec is written in English
(``spec/*.md``) and in Chinese (``spec/zh/*.md``: the same files, the same headings with the same
ids, Chinese titles and text); ``clause_index(lang="zh")`` reads the Chinese one.

Clauses rest on rulings of the sources (``Y-TABLE-1``, ``S-TRUMP-2``), which the project does not
ship; :func:`cited_rulings` says which clauses rest on each, so a reader who meets such an id
(``cardrules explain Y-TABLE-1``) is led to the clauses.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import attrs

from cardrules import args
from cardrules.errors import ArgumentError, CardrulesError, CaseFileError
from cardrules.i18n import LANGUAGES
from cardrules.textio import read_text

__all__ = ["DESCRIPTIVE", "Clause", "cited_rulings", "clause_index", "default_spec_dir"]

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

    @property
    def descriptive(self) -> bool:
        """Whether no single function decides the clause: its text has a paragraph starting
        ``**Descriptive:**`` saying why, and no code is marked ``@implements`` for it
        (:mod:`cardrules.implements`)."""
        return any(line.startswith(DESCRIPTIVE) for line in self.text.splitlines())


#: How a clause's text says no single function decides it (:attr:`Clause.descriptive`).
DESCRIPTIVE = "**Descriptive:**"


def default_spec_dir() -> Path | None:
    """``spec/`` of a source checkout, else the copy shipped inside an installed wheel."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent.parent / "spec", here / "_spec"):
        if candidate.is_dir() and any(candidate.glob("*.md")):
            return candidate
    return None


def clause_index(spec_dir: Path | None = None, *, lang: str = "en") -> dict[str, Clause]:
    """Every clause in the ``*.md`` files of ``spec_dir`` (default :func:`default_spec_dir`), in
    ``lang``: ``"en"`` reads ``spec_dir`` itself, ``"zh"`` its translation in ``spec_dir/zh``
    (empty when that folder is absent). A file that cannot be read within the limits, or a
    clause id defined twice, is a :class:`CaseFileError` naming the file; an unknown language a
    :class:`CardrulesError` (``unknown-language``)."""
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise CardrulesError(
            f"no spec in language {args.shown(lang)}; use one of {LANGUAGES}",
            code="unknown-language",
        )
    if spec_dir is not None and not isinstance(spec_dir, Path):
        raise ArgumentError(f"a folder's Path, got {args.shown(spec_dir)}", key="spec_dir")
    spec_dir = spec_dir or default_spec_dir()
    index: dict[str, Clause] = {}
    if spec_dir is None:
        return index
    folder = spec_dir if lang == "en" else spec_dir / lang
    for path in sorted(folder.glob("*.md")):
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


# A ruling id of the sources: one capital letter, a word, a number (``Y-TABLE-1``, ``S-BID-5``).
_RULING = re.compile(r"(?<![\w-])([A-Z]-[A-Z]+-\d+)(?![\w-])")


def cited_rulings(index: dict[str, Clause]) -> dict[str, tuple[str, ...]]:
    """Every ruling id the clauses of ``index`` cite (``Rests on Y-TABLE-1 …``), with the ids of
    the clauses that cite it, in the index's order. The rulings themselves are not shipped."""
    if not isinstance(index, dict) or not all(isinstance(c, Clause) for c in index.values()):
        raise ArgumentError(f"a clause index, got {args.shown(index)}", key="index")
    out: dict[str, list[str]] = {}
    for clause in index.values():
        for found in dict.fromkeys(_RULING.findall(clause.text)):
            if found not in index:
                out.setdefault(found, []).append(clause.id)
    return {ruling: tuple(ids) for ruling, ids in sorted(out.items())}


def _body(lines: list[str], heading: int) -> str:
    """The text under the heading on line ``heading`` (1-based), up to the next heading."""
    out = []
    for line in lines[heading:]:
        if line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out).strip()
