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
  ``explain``, ``is_legal`` and ``random_move`` are computed from what the seat sees and equal
  the state's answers for that seat (:class:`GameView`). It reads its seat's move texts without
  the seat (``view.parse_move("3S")``). A view rebuilt from its JSON (``View.from_json``,
  ``MatchView.from_json``) acts exactly as the view that wrote it, so a client sent its view as
  JSON gets its legal moves by asking the rebuilt view.
* Every state and view says its ``phase`` (a play-only state is in phase ``play``) and the
  teams' ``levels``, so a client reads them without knowing the concrete class.
* ``step(move)`` also returns what happened as :class:`~cardrules.events.Event` records.

``legal_moves()`` lists every legal move of every seat that may act now (in 四幺四 several seats
may act out of turn; in Shengji only the seat in turn); ``legal_moves(seat)`` only that seat's.
``turn`` is the seat whose normal turn it is, ``None`` once the round is over.
"""

from __future__ import annotations

import random
from enum import StrEnum
from typing import ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

from cardrules.cards import Card, Rank
from cardrules.codes import CodeTable
from cardrules.errors import Illegal, IllegalMoveError
from cardrules.events import Event
from cardrules.implements import implements
from cardrules.jsonio import JSONObject
from cardrules.legal import LegalMoves
from cardrules.move import MoveBase
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.tracker import Tracker
from cardrules.variant import VariantBase

__all__ = [
    "Actor",
    "Derives",
    "GameState",
    "GameView",
    "Judge",
    "MoveLike",
    "PlayTable",
    "Playable",
    "ResultLike",
    "Steps",
    "TopLike",
    "common_refusal",
]


@runtime_checkable
class MoveLike(Protocol):
    """What every move is: ``Move(seat, kind, cards)``; its text form is the case notation."""

    @property
    def seat(self) -> int:
        """The seat that makes the move."""
        ...

    @property
    def kind(self) -> str:
        """The kind of move (a play, a pass, a cha …), one of the game's ``MoveKind``."""
        ...

    @property
    def cards(self) -> Cards:
        """The cards the move names (none for a pass)."""
        ...

    def to_json(self) -> JSONObject:
        """The move as a JSON document (``type = "move"``)."""
        ...

    def pretty(self) -> str:
        """The move's text with suit symbols, for a person."""
        ...


M = TypeVar("M", bound=MoveLike)
K = TypeVar("K", bound=StrEnum)
S_co = TypeVar("S_co", covariant=True)
T_co = TypeVar("T_co", covariant=True)


class TopLike(Protocol):
    """What stands on top of the trick: who put it there and the cards that count."""

    @property
    def seat(self) -> int:
        """The seat whose play stands on top of the trick."""
        ...

    @property
    def cards(self) -> Cards:
        """The cards of that play that count."""
        ...


class ResultLike(Protocol):
    """A finished round's result; each game adds its own fields."""

    def to_json(self) -> JSONObject:
        """The result as a JSON document (``type = "result"``)."""
        ...


class Actor(Protocol[M]):
    """What a state and a view have in common: the public table and the moves one may make."""

    @property
    def variant(self) -> VariantBase:
        """The variant the game is played by."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def phase(self) -> StrEnum:
        """Where the game stands: a match's phase (四幺四: ``tribute``, ``play``, ``over``;
        Shengji: ``deal``, ``bid``, ``bury``, ``fry``, ``play``, ``over``), ``play`` for a
        round's play state and its views. A :class:`~enum.StrEnum`: compare it with the
        game's ``Phase`` or its text."""
        ...

    @property
    def levels(self) -> tuple[Rank, Rank]:
        """Both teams' levels (team 0: seats 0, 2, …; team 1: seats 1, 3, …)."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat whose normal turn it is; ``None`` once the round is over."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round (or, for a match, the match) is over."""
        ...

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        ...

    @property
    def top(self) -> TopLike | None:
        """What stands on top of the current trick; ``None`` when no trick is open."""
        ...

    @property
    def trick(self) -> tuple[M, ...]:
        """The moves of the current trick so far, oldest first."""
        ...

    def legal_moves(self, seat: int | None = None) -> LegalMoves[M]:
        """Every legal move of every seat that may act now, or only ``seat``'s (CORE-API-2 (Who may
        act)): a lazy collection that counts, tests membership and iterates without listing
        everything."""
        ...

    def explain(self, move: M) -> Illegal | None:
        """Why ``move`` is illegal here, as an :class:`~cardrules.errors.Illegal` (code, clause,
        message); ``None`` if it is legal. Never raises for a bad move."""
        ...

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` is legal here (``explain(move) is None``)."""
        ...

    def grounds(self, move: M) -> tuple[str, ...]:
        """The clauses that decide ``move`` here: the refusing clause when it is illegal, else the
        clauses that make it legal."""
        ...

    def parse_move(self, text: str | MoveText) -> M:
        """The move a text names here (``"2: 8S 8D"``); a view reads its own seat's moves
        without the seat as well (``"8S 8D"``, ``"pass"``) and refuses another seat's (code
        ``other-seat``)."""
        ...

    def random_move(self, rng: random.Random, seat: int | None = None) -> M:
        """A legal move drawn uniformly with ``rng``, of ``seat`` or of any seat that may act; a
        :class:`~cardrules.errors.CardrulesError` if there is none."""
        ...

    def to_json(self) -> JSONObject:
        """The state or view as a JSON document, which its class's ``from_json`` reads back."""
        ...


class GameView(Actor[M], Protocol[M]):
    """What one seat may know, able to list and check that seat's moves."""

    @property
    def seat(self) -> int:
        """The seat this view is of."""
        ...

    @property
    def hand(self) -> Cards:
        """The cards the seat holds."""
        ...

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The seat's hand as a player sorts it, in groups from the weakest to the strongest
        (四幺四: one group per strength, the level cards where this seat's team plays them;
        Shengji: one group per plain suit, then the trumps)."""
        ...

    @property
    def tracker(self) -> Tracker:
        """The seat's card tracker (记牌器): what it has seen of the round and what it has not,
        CORE-VIEW-2 (The card tracker)."""
        ...


class GameState(Actor[M], Protocol[M]):
    """A moment of a game that knows every hand. Immutable: ``apply`` returns a new state."""

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand, by seat."""
        ...

    def apply(self, move: M) -> Self:
        """The state after ``move``; raises :class:`~cardrules.errors.IllegalMoveError` (changing
        nothing) if it is illegal."""
        ...

    def step(self, move: M) -> tuple[Self, tuple[Event, ...]]:
        """:meth:`apply`, and what happened: the move first, then the game's events (CORE-EVENT-1
        (What a move did))."""
        ...

    def view(self, seat: int) -> GameView[M]:
        """What ``seat`` may know of this state, able to act for that seat (CORE-VIEW-1 (Views act
        for their seat))."""
        ...

    def result(self) -> ResultLike:
        """The result of the finished round (or match); a :class:`~cardrules.errors.CardrulesError`
        before it ends."""
        ...


class Playable(Actor[M], Protocol[M, S_co]):
    """What a driver needs of a :class:`GameState` whose moves lead to states of type ``S_co``
    — its own class, as ``step`` returns ``Self``: every game state is one. A driver typed
    against ``Playable[M, S]`` (:func:`cardrules.bots.play_round`) hands back the states it
    makes with the type of the state it was given (a ``Match`` stays a ``Match``), and mypy
    still checks that the bots play its moves ``M``."""

    def view(self, seat: int) -> GameView[M]:
        """What ``seat`` may know of this state, able to act for that seat."""
        ...

    def step(self, move: M) -> tuple[S_co, tuple[Event, ...]]:
        """The state after ``move`` (of the driver's state type) and what happened."""
        ...


# ---------------------------------------------------------------------- shared implementation
class Judge(Generic[M]):
    """Mixin of states and views: ``is_legal`` derived from ``explain`` (legality is written
    once)."""

    __slots__ = ()

    def explain(self, move: M) -> Illegal | None:  # pragma: no cover - every game defines it
        """Why ``move`` is illegal here, or ``None`` if it is legal (each game defines it)."""
        raise NotImplementedError

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` is legal here: ``explain(move) is None``."""
        return self.explain(move) is None

    def _legal_grounds(self, move: M) -> tuple[str, ...]:  # pragma: no cover - per game
        raise NotImplementedError

    def grounds(self, move: M) -> tuple[str, ...]:
        """The clauses that decide ``move`` here: the refusing clause when it is illegal, else
        the clauses that make it legal (a judge cites them either way)."""
        reason = self.explain(move)
        if reason is not None:
            return (reason.clause,)
        return self._legal_grounds(move)


class Steps(Judge[M]):
    """Mixin of states: ``apply`` and ``step`` derived from ``explain`` and the game's
    ``_apply(move, sink)``, which appends events to ``sink`` when one is given."""

    __slots__ = ()

    def _apply(self, move: M, sink: list[Event] | None) -> Self:  # pragma: no cover
        raise NotImplementedError

    def _known_legal(self, move: M) -> bool:
        """Whether ``move`` is one this state made itself and knows to be legal (a move of its
        own listing, the move it just drew), so that ``apply`` need not judge it again; the
        tests check that ``explain`` accepts every such move. No move is, by default."""
        return False

    def apply(self, move: M) -> Self:
        """The state after ``move``; raises :class:`~cardrules.errors.IllegalMoveError`
        (changing nothing) if it is illegal."""
        if not self._known_legal(move):
            reason = self.explain(move)
            if reason is not None:
                raise IllegalMoveError(reason)
        return self._apply(move, None)

    def step(self, move: M) -> tuple[Self, tuple[Event, ...]]:
        """:meth:`apply`, and what happened: the move first, then the game's events."""
        if not self._known_legal(move):
            reason = self.explain(move)
            if reason is not None:
                raise IllegalMoveError(reason)
        sink: list[Event] = []
        state = self._apply(move, sink)
        return state, tuple(sink)


@implements("CORE-API-2")
def common_refusal(
    codes: CodeTable,
    move: object,
    move_type: type[MoveBase[K]],
    players: int,
    hand: Cards | None,
    over: bool,
) -> Illegal | None:
    """The refusals both games check first, in the same order, CORE-API-2 (Who may act): not a
    move of the game (``not-a-move``), a seat not at the table (``no-such-seat``), a seat whose
    hand the asker cannot know (``not-viewing-seat``), a round that is over (``round-over``)."""
    if not isinstance(move, move_type):
        return codes.refuse("not-a-move", f"{type(move).__name__} is not a {move_type.GAME} move")
    if not 0 <= move.seat < players:
        return codes.refuse("no-such-seat", f"there is no seat {move.seat} at this table")
    if hand is None:
        return codes.refuse("not-viewing-seat", f"this view cannot check seat {move.seat}'s moves")
    if over:
        return codes.refuse("round-over", "the round is over")
    return None


class Derives:
    """Mixin of states and views whose derived facts (a top, a turn, a trump context …) follow
    from their fields: built by the library (``apply``), they arrive ready in the private init
    argument ``derived``; built from outside (a constructor call, JSON, a position), ``_check``
    validates the fields and rebuilds them — so no public way in yields a state that could not
    exist, and the hot path pays nothing for it. ``DERIVED`` names the fields set from them."""

    __slots__ = ()
    DERIVED: ClassVar[tuple[str, ...]] = ()
    _derived: tuple[object, ...] | None

    def _check(self) -> tuple[object, ...]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __attrs_post_init__(self) -> None:
        derived = self._derived
        if derived is None:
            derived = self._check()
        else:
            object.__setattr__(self, "_derived", None)
        for name, value in zip(self.DERIVED, derived, strict=True):
            object.__setattr__(self, name, value)


class PlayTable(Protocol[M, T_co]):
    """What a match reads of its play phase — a round's play state or a seat's play view — in
    every game: whose turn it is, what stands on top of the trick (the game's ``Top``), the
    trick's moves and the clauses that decide a move. Each game's ``match.facts.PlayTable``
    names its own move and top types (and adds what else its match reads)."""

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; ``None`` once the round is over."""
        ...

    @property
    def top(self) -> T_co | None:
        """What stands on top of the current trick; ``None`` when no trick is open."""
        ...

    @property
    def trick(self) -> tuple[M, ...]:
        """The moves of the current trick, oldest first."""
        ...

    def grounds(self, move: M) -> tuple[str, ...]:
        """The clauses that decide ``move``."""
        ...
