"""What a game provides so that case files (and ``cardrules judge``) can be run against it.

Each game package exposes ``ADAPTER`` in ``cardrules.<game>.adapter``; the runner in
:mod:`cardrules.cases.runner` does the rest (loading, comparing, reporting) once for both games.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from cardrules.errors import Illegal
from cardrules.notation import MoveText
from cardrules.position import Position

__all__ = ["GameAdapter", "PlayState", "UnsupportedCase"]


class UnsupportedCase(Exception):
    """The engine cannot rule on this case yet (a kind or ``then`` key it does not implement).
    The runner reports it as a failure with this message, never as a pass."""


class PlayState(Protocol):
    """The part of a game's ``State`` the runner uses."""

    def explain(self, move: Any) -> Illegal | None: ...

    def apply(self, move: Any) -> Any: ...


class GameAdapter(Protocol):
    """The hooks a game implements for the case runner."""

    #: ``then`` keys this game can check after a legal ``play`` case.
    then_keys: frozenset[str]

    def classify(self, position: Position, play: MoveText) -> str:
        """The contract's combination name for these cards played by that seat, or ``"invalid"``."""
        ...

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        """Whether ``play`` beats ``top`` as the top of a trick, ignoring who holds what."""
        ...

    def start(self, position: Position) -> PlayState:
        """The state a ``play`` case starts from."""
        ...

    def move(self, state: Any, text: MoveText) -> Any:
        """The game's ``Move`` for a parsed move text in this state (raise
        :class:`~cardrules.errors.CardrulesError` if the text cannot name a move at all)."""
        ...

    def observe(self, state: Any, key: str) -> object:
        """The value of a ``then`` key in this state, normalised: ``top`` as
        :class:`~cardrules.multiset.Cards`, lists as tuples of ints, seats as ints."""
        ...

    def round(self, position: Position, case: Mapping[str, Any]) -> Mapping[str, object]:
        """For a ``round`` case: every ``then`` key this game can compute, normalised."""
        ...
