"""Error codes: each game's refusals declared once, with the clause each rests on.

A refusal is an :class:`~cardrules.errors.Illegal` ``(code, clause, message)``. The ``code`` is
stable (apps switch on it, case files name it in ``error``), the clause is where the rule is
written, the message a sentence for players. Each game lists its codes in a :class:`CodeTable`;
``table.refuse(code, message)`` builds the refusal, so a code always cites the same clause and an
unknown code is a programming error caught by the tests. ``spec/README.md`` documents every
table; a test keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from cardrules.errors import Illegal

__all__ = ["Code", "CodeTable"]


@attrs.frozen
class Code:
    """One error code: its name, the clause it rests on and what it means. A code that more
    than one clause can give names the others in ``also`` (a refusal picks one of them)."""

    name: str
    clause: str
    meaning: str
    also: tuple[str, ...] = ()


class CodeTable:
    """The error codes of one game (or phase), by name."""

    def __init__(self, *codes: Code) -> None:
        self._codes = {c.name: c for c in codes}
        if len(self._codes) != len(codes):
            raise ValueError("an error code is declared twice")

    def refuse(self, name: str, message: str, clause: str | None = None) -> Illegal:
        """The refusal with code ``name``, citing its clause (or ``clause``, one of those the
        code declares in ``also``)."""
        code = self._codes[name]
        if clause is None:
            return Illegal(name, code.clause, message)
        if clause != code.clause and clause not in code.also:
            raise ValueError(f"code {name!r} does not rest on {clause}")
        return Illegal(name, clause, message)

    def __getitem__(self, name: str) -> Code:
        return self._codes[name]

    def __iter__(self) -> Iterator[Code]:
        return iter(self._codes.values())

    def __or__(self, other: CodeTable) -> CodeTable:
        return CodeTable(*self, *other)
