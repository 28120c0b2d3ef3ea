"""``cardrules demo``: deal a seeded round and let every seat play random legal moves, printing
each move — a quick look at an engine and a smoke test of a fresh install."""

from __future__ import annotations

from typing import Any

from cardrules.playthrough import random_round
from cardrules.variant import list_presets

__all__ = ["play_demo"]


def play_demo(
    game: str, *, seed: int = 1, variant: str | None = None, max_moves: int = 5000
) -> str:
    """Play one random round of ``game`` and return its transcript."""
    name = variant or list_presets(game)[0][1]
    lines: list[str] = []
    state: Any = None
    for move, state in random_round(game, name, seed, max_moves=max_moves):
        if move is None:
            lines.append(f"{game} / {state.variant.name}, seed {seed}")
            for seat, hand in enumerate(state.hands):
                lines.append(f"  seat {seat} ({len(hand)}): {hand.pretty()}")
        else:
            lines.append(f"  {move}")
    lines.append(f"result: {state.result()}")
    return "\n".join(lines)
