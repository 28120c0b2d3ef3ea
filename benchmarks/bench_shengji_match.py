"""Whole random four-deck Shengji matches: matches per second, rounds per match, µs per move.

A move is drawn by ``Match.random_move`` (any legal move of any seat during the deal, a random
burial, ``random_follow`` in the play — never listing a burial's or a follow's choices) and
applied by ``Match.apply`` (which re-checks it through ``explain``). The rounds a match takes
are printed too: past-A matches have no fixed length, and the tests hold random matches to a
bound measured here. Run::

    python benchmarks/bench_shengji_match.py [--matches N] [--variant four-deck] [--first-seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardrules.shengji import Match, Phase, load_variant


def play_match(seed: int, variant_name: str) -> tuple[int, int, int, float]:
    """One random match: its rounds, its moves, the moves before the play phases, seconds."""
    match = Match.new(load_variant(variant_name), seed=seed)
    rng = random.Random(seed)
    moves = before_play = 0
    started = time.perf_counter()
    while not match.is_over:
        if match.phase is not Phase.PLAY:
            before_play += 1
        match = match.apply(match.random_move(rng))
        moves += 1
    return match.round_number, moves, before_play, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--variant", default="four-deck")
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    rounds: list[int] = []
    moves = before_play = 0
    seconds = 0.0
    for seed in range(args.first_seed, args.first_seed + args.matches):
        r, m, b, s = play_match(seed, args.variant)
        rounds.append(r)
        moves, before_play, seconds = moves + m, before_play + b, seconds + s
    total_rounds = sum(rounds)
    rounds.sort()
    print(f"variant {args.variant}: {args.matches} random matches in {seconds:.1f} s")
    print(f"  matches per second:      {args.matches / seconds:8.3f}")
    print(f"  rounds per second:       {total_rounds / seconds:8.2f}")
    print(
        f"  rounds per match:        min {rounds[0]}, median {statistics.median(rounds):g}, "
        f"mean {statistics.fmean(rounds):.1f}, max {rounds[-1]}"
    )
    per_round, before = moves / total_rounds, before_play / total_rounds
    print(f"  moves per round:         {per_round:8.1f} ({before:.1f} before the play)")
    print(f"  µs per move (mean):      {seconds / moves * 1e6:8.1f}")


if __name__ == "__main__":
    main()
