"""``cardrules demo``: let random players play a seeded game and print it — a whole match where
the game has one (each event of it: rounds, tributes or bids, level changes, scores, the
winner), else one round, every move — a quick look at an engine and a smoke test of a fresh
install."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TypeVar

from cardrules.bots import Bot, RandomBot, turns
from cardrules.game import GameState, MoveLike
from cardrules.jsonio import JSONObject, dumps
from cardrules.playthrough import random_round
from cardrules.records import Record
from cardrules.registry import game_named
from cardrules.variant import list_presets, load_variant

__all__ = ["play_demo"]

M = TypeVar("M", bound=MoveLike)


class _Match:
    """Plays a whole match between random bots and writes its events, one per line."""

    def __init__(self, title: str, seed: int) -> None:
        self.title = title
        self.seed = seed

    def __call__(self, state: GameState[M]) -> tuple[list[str], list[str], JSONObject | None]:
        rng = random.Random(self.seed)
        bots: list[Bot[M]] = [RandomBot() for _ in range(state.players)]
        lines = [self.title]
        moves = []
        for after, turn in turns(state, bots, rng, max_moves=2_000_000):
            moves.append(str(turn.move))
            lines += [f"  {e.describe()}" for e in turn.events if e.NAME != "move" and not e.DETAIL]
            state = after
        return lines, moves, state.result().to_json() if state.is_over else None


class _Transcript:
    def __init__(self, title: str, seed: int, max_moves: int) -> None:
        self.title = title
        self.seed = seed
        self.max_moves = max_moves

    def __call__(self, state: GameState[M]) -> tuple[list[str], list[str], JSONObject | None]:
        lines = [self.title]
        for seat, hand in enumerate(state.hands):
            lines.append(f"  seat {seat} ({len(hand)}): {hand.pretty()}")
        rng = random.Random(self.seed)
        last = state
        moves = []
        for move, after in random_round(state, rng, max_moves=self.max_moves):
            lines.append(f"  {move}")
            moves.append(str(move))
            last = after
        result = last.result().to_json() if last.is_over else None
        lines.append(f"result: {dumps(result)}")
        return lines, moves, result


def play_demo(
    game: str,
    *,
    seed: int = 1,
    variant: str | None = None,
    max_moves: int = 5000,
    record: str | Path | None = None,
) -> str:
    """Play a random match of ``game`` (one round, move by move, where the game has no match)
    and return its transcript; with ``record``, also write the game record there (``cardrules
    replay`` plays it back)."""
    name = variant or list_presets(game)[0][1]
    loaded = load_variant(name, game=game)
    title = f"{game} / {loaded.name}, seed {seed}"
    entry = game_named(game)
    played = entry.match_state(loaded, seed, _Match(title, seed))
    if played is None:
        played = entry.new_state(loaded, seed, _Transcript(title, seed, max_moves))
    lines, moves, result = played
    if record is not None:
        Record(game=game, variant=loaded, seed=seed, moves=tuple(moves), result=result).write(
            record
        )
    return "\n".join(lines)
