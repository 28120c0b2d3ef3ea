"""Bots: a view in, a move out — and the driver that seats them at a table of either game.

A :class:`Bot` sees only its seat's :class:`~cardrules.game.GameView` and answers with one of
that seat's legal moves, or ``None`` to let the moment pass when it is not its turn (in 四幺四
other seats may step a chain or capture out of turn; a bot that waits lets the play go on).
:func:`play_round` runs a round between bots: at each moment the seats that may act out of turn
are asked first, in playing order from the seat after the one in turn ("the first cards to land
win"), then the seat in turn, which must move. It is typed against the game protocol alone and
drives both games; mypy checks this module with no ``Any`` allowed in it. :func:`play_round` and
:func:`turns` keep the type of the state they are given (a
:class:`~cardrules.game.Playable`): the final state of a 四幺四 ``Match`` is a ``Match``, whose
``result().winner`` a client reads as it is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Generic, NamedTuple, Protocol, TypeVar, cast, runtime_checkable

from cardrules import args
from cardrules.errors import ArgumentError, CardrulesError
from cardrules.events import Event
from cardrules.game import Actor, GameView, Judge, MoveLike, Playable, Steps
from cardrules.limits import MAX_RECORD_MOVES

__all__ = ["Bot", "RandomBot", "Turn", "askers", "play_round", "turns"]

M = TypeVar("M", bound=MoveLike)
#: The type of the states a driven state's moves lead to (its own class).
S = TypeVar("S")
#: The most moves :func:`turns` may be asked to play (a whole match of simulations' bots).
MAX_BOT_MOVES = 10_000_000


@runtime_checkable
class _Chooser(Protocol):
    """Anything with a ``choose`` method (what :func:`turns` checks a bot for)."""

    def choose(self, view: object, rng: random.Random) -> object: ...


def _check_view(view: object) -> None:
    """Refuse a bot's view that is no view (a state knows every hand: a bot is given a view)."""
    if not isinstance(view, Judge) or isinstance(view, Steps) or not hasattr(view, "seat"):
        raise ArgumentError(f"a seat's view is needed, got {args.shown(view)}", key="view")


class Bot(Protocol[M]):
    """Chooses a move for the seat of ``view`` (``None``: wait, allowed only out of turn)."""

    def choose(self, view: GameView[M], rng: random.Random) -> M | None:
        """The move of ``view``'s seat, one of its legal moves; ``None`` to wait, which only a seat
        out of turn may do. ``rng`` is the only randomness a bot may use, so a seeded round plays
        the same every time."""
        ...


class RandomBot:
    """Plays a legal move drawn uniformly; out of turn it steps in with probability ``eager``."""

    __slots__ = ("eager",)

    def __init__(self, eager: float = 0.3) -> None:
        if (
            isinstance(eager, bool)
            or not isinstance(eager, int | float)
            or not 0.0 <= eager <= 1.0  # NaN fails this too
        ):
            raise ArgumentError(f"a probability 0 … 1, got {args.shown(eager)}", key="eager")
        self.eager = float(eager)

    def choose(self, view: GameView[M], rng: random.Random) -> M | None:
        """A legal move drawn uniformly with ``rng``; out of turn, ``None`` unless a draw under
        ``eager`` says to step in."""
        _check_view(view)
        args.rng(rng)
        if view.turn != view.seat and rng.random() >= self.eager:
            return None
        return view.random_move(rng)


class Turn(NamedTuple, Generic[M]):
    """One move of a round: who moved, the move and what happened."""

    seat: int
    move: M
    events: tuple[Event, ...]


def askers(state: Actor[M]) -> list[int]:
    """Seats to ask, out-of-turn seats first (playing order after the seat in turn), then it:
    the seats that may act now (a state's, or a view's own seat when it may)."""
    args.instance(state, Judge, "state", what="a game state or view")
    turn = state.turn
    if turn is None:
        return []
    players = state.players
    order = [(turn + i) % players for i in range(1, players)]
    # One move per seat is enough to know it may act (a seat may have millions: a lead in
    # four-deck Shengji, a burial of 8 cards from 60).
    return [s for s in order if state.legal_moves(s)] + [turn]


def turns(
    state: Playable[M, S],
    bots: Sequence[Bot[M]],
    rng: random.Random,
    *,
    max_moves: int = MAX_RECORD_MOVES,
) -> Iterator[tuple[S, Turn[M]]]:
    """Play the round (a whole match, for a match) out between ``bots`` (one per seat): yields
    the state after each move, of the type of ``state``, and the :class:`Turn` that led to it,
    at most ``max_moves`` (by default as many as a game record may hold). Every move is checked
    by the state before it is applied; the arguments are checked at once (``bad-argument``)."""
    args.instance(state, Steps, "state", what="a game state")
    given: object = bots
    if not isinstance(given, list | tuple) or len(given) != state.players:
        shown = f"{len(given)} bots" if isinstance(given, list | tuple) else args.shown(given)
        raise ArgumentError(f"one bot per seat: {state.players} seats, got {shown}", key="bots")
    seated: tuple[object, ...] = tuple(given)
    for seat, bot in enumerate(seated):
        if not isinstance(bot, _Chooser):
            raise ArgumentError(
                f"the bot of seat {seat} has no choose(): {args.shown(bot)}", key="bots"
            )
    args.rng(rng)
    args.integer(max_moves, 1, MAX_BOT_MOVES, "max_moves")
    return _turns(state, bots, rng, max_moves)


def _turns(
    state: Playable[M, S], bots: Sequence[Bot[M]], rng: random.Random, max_moves: int
) -> Iterator[tuple[S, Turn[M]]]:
    for _ in range(max_moves):
        if state.is_over:
            return
        for seat in askers(state):
            move = bots[seat].choose(state.view(seat), rng)
            if move is None:
                if seat == state.turn:
                    raise CardrulesError(
                        f"the bot of seat {seat} must move: it is its turn", code="bot-failed"
                    )
                continue
            after, events = state.step(move)
            yield after, Turn(seat, move, events)
            # ``step`` returns the state's own class (``Self``), which is ``S``: a Playable too
            state = cast("Playable[M, S]", after)
            break
    if not state.is_over:
        raise CardrulesError(f"the round did not end within {max_moves} moves", code="bot-failed")


def play_round(
    state: Playable[M, S], bots: Sequence[Bot[M]], rng: random.Random
) -> tuple[S, list[Turn[M]]]:
    """Play the round out between ``bots``; the final state (of the type of ``state``: a
    ``Match`` in, a ``Match`` out) and every turn."""
    # a state that is over already is its own final state: its class is S (``step`` says so)
    final = cast("S", state)
    args.instance(state, Steps, "state", what="a game state")
    log: list[Turn[M]] = []
    for final, turn in turns(state, bots, rng):  # noqa: B007 - the last state is the result
        log.append(turn)
    return final, log
