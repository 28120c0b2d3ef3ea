"""Playthroughs: a whole seeded round written out move by move, replayed in the tests.

After OpenSpiel's playthrough files: a golden record that any change to the rules or to the
listing of moves turns into a reviewable diff. The format is plain text::

    game siyaosi
    variant classic
    seed 7
    0: 3D | turn 1 | top 3D | hands 26 27 27 27
    …
    result {"format": 1, "game": "siyaosi", "type": "result", …}

Each move line holds the move as the case notation writes it and, after it, the seat whose
normal turn it is (``-`` once the round is over), the cards on top and the hand sizes — read
through the game protocol (:class:`~cardrules.game.GameState`), so one implementation serves
both games. Moves are drawn with ``state.random_move`` from a :class:`random.Random` seeded with
the same seed as the deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TypeVar

from cardrules.errors import CardrulesError
from cardrules.game import GameState, MoveLike
from cardrules.jsonio import dumps
from cardrules.registry import game_named
from cardrules.variant import load_variant

__all__ = ["describe", "random_round", "record", "replay"]

M = TypeVar("M", bound=MoveLike)


def describe(state: GameState[M]) -> str:
    """The table after a move, as a playthrough line writes it."""
    top = state.top
    turn = "-" if state.turn is None else str(state.turn)
    cards = str(top.cards) if top is not None and top.cards else "-"
    sizes = " ".join(str(n) for n in state.hand_sizes)
    return f"turn {turn} | top {cards} | hands {sizes}"


def random_round(
    state: GameState[M], rng: random.Random, *, max_moves: int = 5000
) -> Iterator[tuple[M, GameState[M]]]:
    """``(move, state after it)`` for each random legal move (``state.random_move``) until the
    round is over — the one random round that records and ``cardrules demo`` both show."""
    for _ in range(max_moves):
        if state.is_over:
            return
        move = state.random_move(rng)
        state = state.apply(move)
        yield move, state


class _Recorder:
    """Plays a seeded random round of whichever game and writes its record lines."""

    def __init__(self, seed: int, max_moves: int) -> None:
        self.seed = seed
        self.max_moves = max_moves

    def __call__(self, state: GameState[M]) -> list[str]:
        lines = []
        rng = random.Random(self.seed)
        last = state
        for move, after in random_round(state, rng, max_moves=self.max_moves):
            lines.append(f"{move} | {describe(after)}")
            last = after
        lines.append(f"result {dumps(last.result().to_json())}")
        return lines


def record(game: str, variant: str, seed: int, *, max_moves: int = 5000) -> str:
    """Play a seeded random round and write its playthrough."""
    entry = game_named(game)
    body = entry.new_state(load_variant(variant, game=game), seed, _Recorder(seed, max_moves))
    return "\n".join([f"game {game}", f"variant {variant}", f"seed {seed}", *body]) + "\n"


class _Replayer:
    """Replays a record's move lines on the seeded deal; collects the disagreements."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __call__(self, state: GameState[M]) -> list[str]:
        problems: list[str] = []
        for number, line in enumerate(self.lines, start=4):
            if line.startswith("result "):
                got = (
                    f"result {dumps(state.result().to_json())}"
                    if state.is_over
                    else "result (round not over)"
                )
                if got != line:
                    problems.append(f"line {number}: expected {line!r}, got {got!r}")
                return problems
            move_text, _, expected = line.partition(" | ")
            try:
                state = state.apply(state.parse_move(move_text))
            except CardrulesError as err:
                return [*problems, f"line {number}: {move_text!r} is refused: {err}"]
            got = describe(state)
            if got != expected:
                problems.append(
                    f"line {number}: after {move_text!r} expected {expected!r}, got {got!r}"
                )
        problems.append("the record has no result line")
        return problems


def replay(text: str) -> list[str]:
    """Replay a playthrough's moves; return the lines where the engine now disagrees (empty when
    the record still holds). Every move must still be legal."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    header = dict(line.split(" ", 1) for line in lines[:3])
    game, variant, seed = header["game"], header["variant"], int(header["seed"])
    entry = game_named(game)
    return entry.new_state(load_variant(variant, game=game), seed, _Replayer(lines[3:]))
