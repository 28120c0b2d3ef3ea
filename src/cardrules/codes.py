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
from cardrules.multiset import Cards

__all__ = ["COMMON_MEANINGS", "Code", "CodeTable", "common_codes"]


@attrs.frozen
class Code:
    """One error code: its name, the clause it rests on and what it means. A code that more
    than one clause can give names the others in ``also`` (a refusal picks one of them)."""

    name: str
    clause: str
    meaning: str
    also: tuple[str, ...] = ()


#: The refusals every game gives — its ``common_refusal`` (CORE-API-2 (Who may act)) and
#: :meth:`CodeTable.not_in_hand` — and what each means, written once for every game
#: (``{game}`` is the game's name for people); each game declares them with the clauses of its
#: own spec (:func:`common_codes`).
COMMON_MEANINGS: dict[str, str] = {
    "not-a-move": "the object given is not a {game} move",
    "no-such-seat": "the seat is not at this table",
    "not-viewing-seat": "a view checks only its own seat's moves",
    "not-in-hand": "the seat does not hold those cards",
    "round-over": "the round (or the match) has ended",
}


def common_codes(game: str, clauses: dict[str, str | tuple[str, ...]]) -> tuple[Code, ...]:
    """The codes of :data:`COMMON_MEANINGS` for the game called ``game``, each resting on the
    clause ``clauses`` gives it (a tuple: the first clause, then those of ``also``); every
    common code must be given one."""
    if set(clauses) != set(COMMON_MEANINGS):
        raise ValueError(f"the common codes are {sorted(COMMON_MEANINGS)}, got {sorted(clauses)}")
    out = []
    for name, meaning in COMMON_MEANINGS.items():
        given = clauses[name]
        first, *also = (given,) if isinstance(given, str) else given
        out.append(Code(name, first, meaning.format(game=game), tuple(also)))
    return tuple(out)


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

    def not_in_hand(
        self, cards: Cards, hand: Cards, *, seat: int | None = None, clause: str | None = None
    ) -> Illegal:
        """The ``not-in-hand`` refusal of a move naming ``cards`` that ``hand`` does not hold
        (the caller has seen it does not): one phrasing in both games — "seat 2 does not hold
        8S", or "the hand does not hold 8S" where no seat is known — naming only the cards
        missing, in the notation moves are written in."""
        missing = Cards.unchecked(
            tuple(max(0, c - h) for c, h in zip(cards.counts, hand.counts, strict=True))
        )
        who = "the hand" if seat is None else f"seat {seat}"
        return self.refuse("not-in-hand", f"{who} does not hold {missing}", clause)

    def __getitem__(self, name: str) -> Code:
        return self._codes[name]

    def __iter__(self) -> Iterator[Code]:
        return iter(self._codes.values())

    def __or__(self, other: CodeTable) -> CodeTable:
        return CodeTable(*self, *other)
