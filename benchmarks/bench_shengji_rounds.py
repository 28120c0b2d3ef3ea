"""Random complete four-deck Shengji rounds: rounds per second and µs per decision.

A decision is choosing a random legal move (``State.random_move``: ``random_follow`` for
followers, never enumerating the legal moves) and applying it (``State.apply``, which takes the
move ``random_move`` just drew without judging it again — every drawn move is legal, a property
the tests check — and judges any other move through ``explain``). Run::

    python benchmarks/bench_shengji_rounds.py [--rounds N] [--variant four-deck]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardrules.shengji import State, load_variant


def play_round(seed: int, variant_name: str) -> tuple[int, list[float]]:
    """Play one random round; return the number of decisions and each decision's seconds."""
    rng = random.Random(seed)
    variant = load_variant(variant_name)
    trump = rng.choice(["S", "H", "C", "D", "none"])
    level = rng.choice(["2", "3", "7", "10", "K", "A"])
    banker = seed % 4
    levels = (level, "2") if banker % 2 == 0 else ("2", level)
    state = State.new(variant, seed=seed, levels=levels, trump=trump, banker=banker)
    times: list[float] = []
    clock = time.perf_counter
    while not state.is_over:
        start = clock()
        move = state.random_move(rng)
        state = state.apply(move)
        times.append(clock() - start)
    return len(times), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--variant", default="four-deck")
    args = parser.parse_args()
    play_round(0, args.variant)  # warm the caches
    all_times: list[float] = []
    started = time.perf_counter()
    for seed in range(1, args.rounds + 1):
        _n, times = play_round(seed, args.variant)
        all_times.extend(times)
    elapsed = time.perf_counter() - started
    all_times.sort()
    us = [t * 1e6 for t in all_times]
    print(f"variant {args.variant}: {args.rounds} random complete rounds in {elapsed:.2f} s")
    print(f"  rounds per second:       {args.rounds / elapsed:8.2f}")
    print(f"  decisions:               {len(us):8d} ({len(us) / args.rounds:.0f} per round)")
    print(f"  µs per decision (mean):  {statistics.fmean(us):8.1f}")
    print(f"  µs per decision (p50):   {us[len(us) // 2]:8.1f}")
    print(f"  µs per decision (p99):   {us[int(len(us) * 0.99)]:8.1f}")
    print(f"  µs per decision (max):   {us[-1]:8.1f}")


if __name__ == "__main__":
    main()
