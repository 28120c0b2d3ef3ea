"""四幺四 whole matches: random matches per second, rounds and decisions per match, for each
preset at 4, 6 and 8 players.

A decision is ``Match.random_move`` (listing the legal moves of whoever may act, tribute phase
included) and ``Match.apply``. The rounds column is the measured spread behind the bound that
spec/siyaosi.md states (4A4-MATCH-1).

Run: ``python benchmarks/bench_siyaosi_match.py [--matches N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardrules.siyaosi import Match, load_variant

TABLES: list[tuple[str, str, dict[str, object]]] = [
    ("classic 4p", "classic", {}),
    ("classic 6p", "classic", {"players": 6, "decks": 3}),
    ("classic 8p", "classic", {"players": 8, "decks": 4}),
    ("one-deck 4p", "one-deck", {}),
    ("one-deck 6p", "one-deck", {"players": 6}),
    ("one-deck 8p", "one-deck", {"players": 8}),
]


def play_match(match: Match, rng: random.Random) -> tuple[int, int]:
    """Random legal play to the end of the match; returns (rounds, decisions)."""
    decisions = 0
    while not match.is_over:
        match = match.apply(match.random_move(rng))
        decisions += 1
    return match.result().rounds, decisions


def measure(
    preset: str, overrides: dict[str, object], matches: int
) -> tuple[float, list[int], int]:
    """Matches per second, the rounds of each match and the decisions of all of them."""
    variant = load_variant(preset, overrides=overrides)
    rng = random.Random(2024)
    rounds: list[int] = []
    decisions = 0
    start = time.perf_counter()
    for seed in range(matches):
        n, d = play_match(Match.new(variant, seed=seed), rng)
        rounds.append(n)
        decisions += d
    return matches / (time.perf_counter() - start), rounds, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per table (default 20)")
    args = parser.parse_args()
    print(
        f"{'table':<12} {'matches/s':>10} {'rounds mean':>12} {'p95':>5} {'max':>5} "
        f"{'decisions/match':>16}"
    )
    for name, preset, overrides in TABLES:
        per_second, rounds, decisions = measure(preset, overrides, args.matches)
        ranked = sorted(rounds)
        p95 = ranked[min(len(ranked) - 1, int(len(ranked) * 0.95))]
        print(
            f"{name:<12} {per_second:>10.2f} {statistics.fmean(rounds):>12.1f} {p95:>5} "
            f"{ranked[-1]:>5} {decisions / args.matches:>16.0f}"
        )


if __name__ == "__main__":
    main()
