"""``cardrules demo``: deal a seeded round and let every seat play random legal moves, printing
each move — a quick look at an engine and a smoke test of a fresh install."""

from __future__ import annotations

import importlib
import random
from typing import Any

from cardrules.variant import list_presets, load_variant

__all__ = ["play_demo"]


def play_demo(
    game: str, *, seed: int = 1, variant: str | None = None, max_moves: int = 5000
) -> str:
    """Play one random round of ``game`` and return its transcript."""
    module: Any = importlib.import_module(f"cardrules.{game}")
    chosen = load_variant(variant or list_presets(game)[0][1], game=game)
    state = module.State.new(chosen, seed=seed)
    rng = random.Random(seed)
    lines = [f"{game} / {chosen.name}, seed {seed}"]
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat} ({len(hand)}): {hand.pretty()}")
    moves = 0
    while not state.is_over and moves < max_moves:
        move = state.random_move(rng)
        lines.append(f"  {move}")
        state = state.apply(move)
        moves += 1
    lines.append(f"result: {state.result()}")
    return "\n".join(lines)
