"""Playthroughs: a whole seeded round written out move by move, replayed in the tests.

After OpenSpiel's playthrough files: a golden record that any change to the rules or to the
listing of moves turns into a reviewable diff. The format is plain text::

    game siyaosi
    variant classic
    seed 7
    0: 3D | turn 1 | top 3D | hands 26 27 27 27
    …
    result RoundResult(…)

Each move line holds the move as the case notation writes it and, after it, the seat whose
normal turn it is, the cards on top and the hand sizes — read through the game's case adapter,
so both games share this one implementation. Moves are drawn with ``state.random_move`` from a
:class:`random.Random` seeded with the same seed as the deal.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

from cardrules.cases.runner import adapter_for
from cardrules.errors import CardrulesError
from cardrules.multiset import Cards
from cardrules.variant import load_variant

__all__ = ["random_round", "record", "replay"]


def _describe(game: str, state: Any) -> str:
    adapter = adapter_for(game)
    top = adapter.observe(state, "top")
    sizes = adapter.observe(state, "hand_sizes")
    assert isinstance(top, Cards) and isinstance(sizes, tuple)
    return (
        f"turn {adapter.observe(state, 'turn')} | top {top or '-'} | "
        f"hands {' '.join(str(n) for n in sizes)}"
    )


def _start(game: str, variant: str, seed: int) -> Any:
    module: Any = importlib.import_module(f"cardrules.{game}")
    return module.State.new(load_variant(variant, game=game), seed=seed)


def random_round(
    game: str, variant: str, seed: int, *, max_moves: int = 5000
) -> Iterator[tuple[Any, Any]]:
    """The seeded deal as ``(None, state)``, then ``(move, state after it)`` for each random legal
    move (``state.random_move`` with :class:`random.Random` seeded like the deal) until the
    round is over — the one random round that records and ``cardrules demo`` both show."""
    state = _start(game, variant, seed)
    yield None, state
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_over:
            return
        move = state.random_move(rng)
        state = state.apply(move)
        yield move, state


def record(game: str, variant: str, seed: int, *, max_moves: int = 5000) -> str:
    """Play a seeded random round and write its playthrough."""
    lines = [f"game {game}", f"variant {variant}", f"seed {seed}"]
    state: Any = None
    for move, state in random_round(game, variant, seed, max_moves=max_moves):
        if move is not None:
            lines.append(f"{move} | {_describe(game, state)}")
    lines.append(f"result {state.result()}")
    return "\n".join(lines) + "\n"


def replay(text: str) -> list[str]:
    """Replay a playthrough's moves; return the lines where the engine now disagrees (empty when
    the record still holds). Every move must still be legal."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    header = dict(line.split(" ", 1) for line in lines[:3])
    game, variant, seed = header["game"], header["variant"], int(header["seed"])
    state = _start(game, variant, seed)
    problems: list[str] = []
    for number, line in enumerate(lines[3:], start=4):
        if line.startswith("result "):
            got = f"result {state.result()}" if state.is_over else "result (round not over)"
            if got != line:
                problems.append(f"line {number}: expected {line!r}, got {got!r}")
            return problems
        move_text, _, expected = line.partition(" | ")
        try:
            move = state.parse_move(move_text)
            state = state.apply(move)
        except CardrulesError as err:
            return [*problems, f"line {number}: {move_text!r} is refused: {err}"]
        got = _describe(game, state)
        if got != expected:
            problems.append(
                f"line {number}: after {move_text!r} expected {expected!r}, got {got!r}"
            )
    problems.append("the record has no result line")
    return problems
