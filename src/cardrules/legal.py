"""The lazy view of legal moves shared by both games (after python-chess's ``board.legal_moves``).

``state.legal_moves()`` returns a :class:`LegalMoves`: iterate it (stable, sorted order), ask
``move in moves`` (decided by the state's ``explain``, without enumerating), ``moves.count()``,
``bool(moves)`` and ``list(moves)``. There is deliberately no ``len()``: ``list()`` would call it
as a length hint and enumerate twice. A follower in four-deck Shengji may have millions of legal
plays; nothing is built until asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from cardrules.errors import Illegal

__all__ = ["LegalMoves"]

M = TypeVar("M")


class LegalMoves(Generic[M]):
    """A lazy, re-iterable view of the legal moves of a state."""

    __slots__ = ("_contains", "_counter", "_generate", "_type")

    def __init__(
        self,
        generate: Callable[[], Iterator[M]],
        explain: Callable[[M], Illegal | None],
        move_type: type[M],
        counter: Callable[[], int] | None = None,
    ) -> None:
        self._generate = generate
        self._contains = explain
        self._type = move_type
        self._counter = counter

    def __iter__(self) -> Iterator[M]:
        return self._generate()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, self._type) and self._contains(move) is None

    def __bool__(self) -> bool:
        return any(True for _ in self._generate())

    def count(self) -> int:
        """How many moves there are (counted without listing where the game can)."""
        if self._counter is not None:
            return self._counter()
        return sum(1 for _ in self._generate())

    def __repr__(self) -> str:
        shown = []
        for i, move in enumerate(self._generate()):
            if i == 8:
                shown.append("…")
                break
            shown.append(str(move))
        return f"<LegalMoves [{', '.join(shown)}]>"
