"""The one protocol both games satisfy — CORE-API-1 (One shape of move),
CORE-API-2 (Who may act), CORE-VIEW-1 (Views act for their seat), CORE-EVENT-1 (What a move did).

A game of cardrules is a family of immutable states that take moves. Code written against
:class:`GameState` and :class:`GameView` drives 四幺四 and 四副升级 alike, and mypy checks it: the
protocols are generic over the game's move type ``M``, so a 四幺四 state only ever takes a
四幺四 move.

* A **move** is ``Move(seat, kind, cards)`` in both games (:class:`MoveLike`): the seat that
  acts, the kind (a game's ``MoveKind``, a :class:`~enum.StrEnum`) and the cards it names.
* A **state** knows every hand; ``legal_moves()``, ``explain``, ``is_legal``, ``apply`` /
  ``step``, ``parse_move``, ``random_move``, ``view``, ``result()`` and ``to_json`` mean the same
  in both games (:class:`GameState`).
* A **view** is what one seat may know, and can act for that seat: its ``legal_moves()``,
  ``explain`` and ``is_legal`` are computed from what the seat sees and equal the state's answers
  for that seat (:class:`GameView`).
* ``step(move)`` also returns what happened as :class:`~cardrules.events.Event` records.

``legal_moves()`` lists every legal move of every seat that may act now (in 四幺四 several seats
may act out of turn; in Shengji only the seat in turn); ``legal_moves(seat)`` only that seat's.
``turn`` is the seat whose normal turn it is, ``None`` once the round is over.
"""

from __future__ import annotations

import random
from typing import Protocol, Self, TypeVar, runtime_checkable

from cardrules.errors import Illegal
from cardrules.events import Event
from cardrules.jsonio import JSONObject
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.variant import VariantBase

__all__ = [
    "Actor",
    "GameState",
    "GameView",
    "MoveLike",
    "ResultLike",
    "TopLike",
]


@runtime_checkable
class MoveLike(Protocol):
    """What every move is: ``Move(seat, kind, cards)``; its text form is the case notation."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...

    @property
    def cards(self) -> Cards: ...

    def to_json(self) -> JSONObject: ...


M = TypeVar("M", bound=MoveLike)


class TopLike(Protocol):
    """What stands on top of the trick: who put it there and the cards that count."""

    @property
    def seat(self) -> int: ...

    @property
    def cards(self) -> Cards: ...


class ResultLike(Protocol):
    """A finished round's result; each game adds its own fields."""

    def to_json(self) -> JSONObject: ...


class Actor(Protocol[M]):
    """What a state and a view have in common: the public table and the moves one may make."""

    @property
    def variant(self) -> VariantBase: ...

    @property
    def players(self) -> int: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...

    @property
    def top(self) -> TopLike | None: ...

    @property
    def trick(self) -> tuple[M, ...]: ...

    def legal_moves(self, seat: int | None = None) -> LegalMoves[M]: ...

    def explain(self, move: M) -> Illegal | None: ...

    def is_legal(self, move: M) -> bool: ...

    def parse_move(self, text: str | MoveText) -> M: ...

    def random_move(self, rng: random.Random, seat: int | None = None) -> M: ...

    def to_json(self) -> JSONObject: ...


class GameView(Actor[M], Protocol[M]):
    """What one seat may know, able to list and check that seat's moves."""

    @property
    def seat(self) -> int: ...

    @property
    def hand(self) -> Cards: ...


class GameState(Actor[M], Protocol[M]):
    """A moment of a game that knows every hand. Immutable: ``apply`` returns a new state."""

    @property
    def hands(self) -> tuple[Cards, ...]: ...

    def apply(self, move: M) -> Self: ...

    def step(self, move: M) -> tuple[Self, tuple[Event, ...]]: ...

    def view(self, seat: int) -> GameView[M]: ...

    def result(self) -> ResultLike: ...
