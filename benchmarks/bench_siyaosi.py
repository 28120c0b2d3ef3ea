"""四幺四 play-engine speed: µs per decision (list the legal moves, pick one at random, apply it)
and complete random rounds per second, for one-deck and for classic with 4, 6 and 8 players.

Run: ``python benchmarks/bench_siyaosi.py [--rounds N]``. Target: ≤ 25 µs per decision on
one-deck.
"""

from __future__ import annotations

import argparse
import random
import time

from cardrules.siyaosi import State, load_variant

TABLES: list[tuple[str, str, dict[str, object]]] = [
    ("one-deck", "one-deck", {}),
    ("classic 4p", "classic", {}),
    ("classic 6p", "classic", {"players": 6, "decks": 3}),
    ("classic 8p", "classic", {"players": 8, "decks": 4}),
]


def play_round(state: State, rng: random.Random) -> int:
    """Random legal play to the end of the round; returns the number of decisions."""
    decisions = 0
    while not state.is_over:
        moves = list(state.legal_moves())
        state = state.apply(moves[rng.randrange(len(moves))])
        decisions += 1
    return decisions


def measure(preset: str, overrides: dict[str, object], rounds: int) -> tuple[float, float, float]:
    variant = load_variant(preset, overrides=overrides)
    rng = random.Random(2024)
    states = [State.new(variant, seed=seed) for seed in range(rounds)]
    decisions = 0
    start = time.perf_counter()
    for state in states:
        decisions += play_round(state, rng)
    elapsed = time.perf_counter() - start
    return elapsed / decisions * 1e6, rounds / elapsed, decisions / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds per table (default 200)")
    args = parser.parse_args()
    print(f"{'table':<12} {'µs/decision':>12} {'rounds/s':>10} {'decisions/round':>16}")
    for name, preset, overrides in TABLES:
        us, per_second, per_round = measure(preset, overrides, args.rounds)
        print(f"{name:<12} {us:>12.1f} {per_second:>10.1f} {per_round:>16.1f}")


if __name__ == "__main__":
    main()
