"""Simulation throughput: games per second (a whole match where the game has one, else a round)
between heuristic bots, on one worker and on every local core, per game. Run::

    python benchmarks/bench_simulate.py [--games N] [--bot heuristic|random]

The figures for one worker include nothing but play; for all workers they include starting the
worker processes (about a second here), as a user's run does.
"""

from __future__ import annotations

import argparse
import os
import time

from cardrules.simulate import simulate
from cardrules.variant import list_presets, load_variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per game and worker setting")
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{'game / preset':<24} {'workers':>7} {'games':>6} {'seconds':>8} {'games/s':>8}")
    for game in ("siyaosi", "shengji"):
        preset = list_presets(game)[0][1]
        variant = load_variant(preset, game=game)
        games = args.games if game == "siyaosi" else max(2, args.games // 10)
        for workers in sorted({1, cores}):
            start = time.perf_counter()
            simulate(game, [variant], games=games, seed=1, bot=args.bot, workers=workers)
            seconds = time.perf_counter() - start
            label = f"{game} / {preset}"
            print(f"{label:<24} {workers:>7} {games:>6} {seconds:>8.2f} {games / seconds:>8.2f}")


if __name__ == "__main__":
    main()
