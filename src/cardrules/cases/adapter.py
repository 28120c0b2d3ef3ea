"""What a game provides so that case files (and ``cardrules judge``) can be run against it.

Each game registers a :class:`CaseAdapter` (``cardrules.<game>.adapter.ADAPTER``) in the game
registry; the runner in :mod:`cardrules.cases.runner` does the rest (loading, comparing,
reporting) once for both games. The adapter's interface uses only game-agnostic types — a
position, move texts, observed values — so the runner needs no knowledge of either game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from cardrules import args
from cardrules.errors import ArgumentError, CardrulesError, Illegal
from cardrules.events import Event, named_cards, seen_by
from cardrules.game import Actor, GameState, MoveLike
from cardrules.limits import MAX_RECORD_MOVES
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position

__all__ = [
    "CaseAdapter",
    "MovesOutcome",
    "PlayRuling",
    "StateAdapter",
    "UnsupportedCase",
    "judge_last",
    "observe_common",
    "run_moves",
]

S = TypeVar("S")
M = TypeVar("M", bound=MoveLike)


class UnsupportedCase(CardrulesError):
    """The engine cannot rule on this case (a kind or ``then`` key it does not implement).
    The runner reports it as a failure with this message, never as a pass."""

    CODE = "unsupported-case"


@attrs.frozen
class MovesOutcome(Generic[S]):
    """The moves of a ``play`` case applied in order: the state after the last legal one, the
    reason the last move was refused (if it was), and a problem (a move before the last was
    refused)."""

    state: S
    reason: Illegal | None = None
    problem: str = ""


def judge_last(state: GameState[M], text: str, view: int | None) -> M | Illegal:
    """The move ``text`` names in ``state``, or why it is refused — by the state, or by seat
    ``view``'s view of it (CORE-VIEW-1 (Views act for their seat))."""
    move = state.parse_move(text)
    judge: Actor[M] = state if view is None else state.view(view)
    return judge.explain(move) or move


def observe_common(
    state: GameState[M], events: Sequence[Event], key: str, view: int | None = None
) -> tuple[bool, object]:
    """The ``then`` keys both games observe the same way: ``turn`` (-1 once the round is over),
    ``top``, ``hand_sizes``, ``movers`` (CORE-API-2 (Who may act)), ``events`` (CORE-EVENT-1
    (What a move did): their names, as seat ``view`` received them when a view rules) and
    ``shown`` (for each seat, the distinct cards the events show it, CORE-EVENT-2 (Who sees an
    event)), ``unseen`` and ``voids`` (seat ``view``'s card tracker, CORE-VIEW-2 (The card
    tracker)). ``events`` are the last move's, in full. ``(False, None)`` for another key."""
    if key == "turn":
        return True, -1 if state.turn is None else state.turn
    if key == "hand_sizes":
        return True, state.hand_sizes
    if key == "movers":
        return True, tuple(s for s in range(state.players) if state.legal_moves(s))
    if key == "events":
        received = events if view is None else seen_by(events, view)
        return True, tuple(e.NAME for e in received)
    if key in ("unseen", "voids"):  # CORE-VIEW-2 (The card tracker): seat ``view``'s
        if view is None:  # a seat's tracker: only a case with a view observes it
            return True, None
        tracker = state.view(view).tracker
        return True, tracker.unseen if key == "unseen" else tracker.voids
    if key == "shown":
        return True, tuple(
            Cards.of(set().union(*(named_cards(e) for e in seen_by(events, seat))))
            for seat in range(state.players)
        )
    return False, None


def run_moves(
    start: S, texts: Sequence[str], attempt: Callable[[S, str], S | Illegal]
) -> MovesOutcome[S]:
    """Apply ``texts`` in order with ``attempt`` (the next state, or why the move is refused)."""
    args.sequence(texts, str, MAX_RECORD_MOVES, "texts", what="the move texts")
    if not callable(attempt):
        raise ArgumentError(f"a function, got {args.shown(attempt)}", key="attempt")
    state = start
    for n, text in enumerate(texts):
        result = attempt(state, text)
        if isinstance(result, Illegal):
            if n < len(texts) - 1:
                return MovesOutcome(state, result, f"move {n + 1} ({text!r}) is illegal: {result}")
            return MovesOutcome(state, result)
        state = result
    return MovesOutcome(state)


@attrs.frozen
class PlayRuling:
    """A ``play`` case ruled on: ``illegal`` is the refusal of the last move (``None`` when it
    was legal), ``observed`` the ``then`` values computed after it, ``problem`` set when an
    earlier move was refused."""

    illegal: Illegal | None
    observed: Mapping[str, object] = attrs.field(factory=dict)
    problem: str = ""


def _attempt(state: GameState[M], text: str) -> GameState[M] | Illegal:
    move = state.parse_move(text)
    return state.explain(move) or state.apply(move)


class StateAdapter(Generic[M]):
    """The ``play`` hook written once for a game whose states follow the protocol: a subclass
    says how a position becomes a state (:meth:`start`) and what its game-specific ``then`` keys
    are (:meth:`observe`); the keys both games share are :func:`observe_common`'s."""

    def start(self, position: Position) -> GameState[M]:  # pragma: no cover - per game
        """The state a case's ``[position]`` describes."""
        raise NotImplementedError

    def observe(self, state: GameState[M], key: str) -> object:  # pragma: no cover
        """The value of the game's own ``then`` key ``key`` in ``state``, as the case file writes
        it."""
        raise NotImplementedError

    def play(
        self, position: Position, moves: Sequence[str], keys: Sequence[str], view: int | None
    ) -> PlayRuling:
        """Rule on a ``play`` case: apply every move but the last (each must be legal), judge the
        last one (from seat ``view``'s view when it is given) and, if it is legal, observe
        ``keys`` in the state after it."""
        before = run_moves(self.start(position), moves[:-1], _attempt)
        if before.reason is not None:
            return PlayRuling(before.reason, problem=f"{before.problem or 'a move'} is illegal")
        last = judge_last(before.state, moves[-1], view)
        if isinstance(last, Illegal):
            return PlayRuling(last)
        state, events = before.state.step(last)
        observed = {}
        for key in keys:
            common, value = observe_common(state, events, key, view)
            observed[key] = value if common else self.observe(state, key)
        return PlayRuling(None, observed)


class CaseAdapter(Protocol):
    """The hooks a game implements for the case runner."""

    #: ``then`` keys this game can check after a legal ``play`` case.
    then_keys: frozenset[str]
    #: ``then`` keys this game can compute for a ``round`` case.
    round_keys: frozenset[str]

    def classify(self, position: Position, play: MoveText) -> str:
        """The contract's combination name for these cards played by that seat, or ``"invalid"``."""
        ...

    def beats(self, position: Position, top: MoveText, play: MoveText) -> bool:
        """Whether ``play`` beats ``top`` as the top of a trick, ignoring who holds what."""
        ...

    def play(
        self, position: Position, moves: Sequence[str], keys: Sequence[str], view: int | None
    ) -> PlayRuling:
        """Apply the moves of a ``play`` case from ``position``, the last judged by the state or
        by seat ``view``'s view (and its events as that seat received them); observe ``keys``
        (normalised: ``top`` and ``shown`` as
        :class:`~cardrules.multiset.Cards`, lists as tuples of ints, seats as ints) when the last
        move was legal."""
        ...

    def round(self, position: Position, case: Mapping[str, object]) -> Mapping[str, object]:
        """For a ``round`` case: every ``then`` key this game can compute, normalised."""
        ...
