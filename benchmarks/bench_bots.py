"""The bots' speed, level by level: the CPU time of a decision (p50, p99) and games per second.

For each table (四幺四 classic and one-deck, Shengji four-deck) and each bot the game has (its
``bots`` mapping: random, easy, hard, heuristic …, or ``--bots a,b``), bots of that kind
sit at every seat and play ``--matches`` whole matches (``--rounds``: the first round of each);
every ``choose`` call is timed with ``time.process_time``, and the calls that made a move apart
from all of them (a 四幺四 seat out of turn is asked too, and mostly waits), and of those the moves
of the play phase apart again where a match has other phases (a Shengji deal's passes are most of
its moves and cost nothing to choose). ``random`` is the
baseline: a level's p50 over random's says how many random legal moves one of its decisions
costs. The strength of one level against another is measured by ``cardrules simulate GAME --bots
A,B`` (a duplicate duel); this script measures speed only. Run::

    python benchmarks/bench_bots.py [--matches 3] [--rounds] [--game siyaosi] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cardrules.bots import Bot, turns
from cardrules.game import GameView, MoveLike
from cardrules.registry import game_named, resolve_bot
from cardrules.rng import SeededRandom, derive_seed
from cardrules.variant import load_variant

TABLES = (("siyaosi", "classic"), ("siyaosi", "one-deck"), ("shengji", "four-deck"))


class Timed:
    """A bot whose every decision is timed."""

    def __init__(
        self, bot: Bot[MoveLike], times: list[float], moved: list[float], played: list[float]
    ) -> None:
        self.bot = bot
        self.times = times
        self.moved = moved
        self.played = played

    def choose(self, view: GameView[MoveLike], rng: random.Random) -> MoveLike | None:
        started = time.process_time()
        move = self.bot.choose(view, rng)
        spent = time.process_time() - started
        self.times.append(spent)
        if move is not None:  # a move made, not a wait out of turn
            self.moved.append(spent)
            if view.phase == "play":
                self.played.append(spent)
        return move


def measure(
    game: str, table: str, bot: str, matches: int, seed: int, rounds: bool
) -> dict[str, float]:
    """Decision times and match times of ``bot`` at every seat."""
    entry = game_named(game)
    make = resolve_bot(entry.bots, bot)
    variant = load_variant(table, game=game)
    times: list[float] = []
    moved: list[float] = []
    played: list[float] = []
    seconds: list[float] = []
    for i in range(matches):
        state = (
            entry.new_match(variant, derive_seed(seed, i))
            if entry.new_match
            else entry.new(variant, derive_seed(seed, i))
        )
        seated: list[Bot[MoveLike]] = [
            Timed(make(), times, moved, played) for _ in range(state.players)
        ]
        started = time.process_time()
        for _after, turn in turns(
            state, seated, SeededRandom(derive_seed(seed, i, 1)), max_moves=10**6
        ):
            if rounds and any(e.NAME == "round-over" for e in turn.events):
                break
        seconds.append(time.process_time() - started)
    times.sort()
    moved.sort()
    played.sort()
    return {
        "decisions": len(times),
        "p50_ms": statistics.median(times) * 1e3,
        "p99_ms": _p99(times) * 1e3,
        "mean_ms": statistics.fmean(times) * 1e3,
        "moves": len(moved),
        "move_p50_ms": statistics.median(moved) * 1e3,
        "move_p99_ms": _p99(moved) * 1e3,
        "play_moves": len(played),
        "play_p50_ms": statistics.median(played) * 1e3 if played else 0.0,
        "play_p99_ms": _p99(played) * 1e3 if played else 0.0,
        "seconds_per_game": statistics.fmean(seconds),
        "games_per_second": len(seconds) / sum(seconds),
    }


def _p99(ordered: list[float]) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches (or rounds) per bot")
    parser.add_argument("--rounds", action="store_true", help="the first round of each match only")
    parser.add_argument("--game", default=None, help="siyaosi or shengji (default both)")
    parser.add_argument("--bots", default=None, help="the bots to time, a,b,c (default all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict[str, dict[str, dict[str, float]]] = {}
    for game, table in TABLES:
        if args.game not in (None, game):
            continue
        names = args.bots.split(",") if args.bots else list(game_named(game).bot_names)
        figures = {b: measure(game, table, b, args.matches, args.seed, args.rounds) for b in names}
        out[f"{game}/{table}"] = figures
        if args.json:
            continue
        what = "round" if args.rounds else "match"
        print(f"{game} {table}: {args.matches} {what}(es) per bot, every seat that bot")
        base = figures.get("random", {}).get("move_p50_ms")
        print("  (a move: a decision that made one; every call also counts the waits out of turn)")
        for name, f in figures.items():
            ratio = f" ({f['move_p50_ms'] / base:4.1f}× random)" if base else ""
            print(
                f"  {name:10} a move: p50 {f['move_p50_ms']:7.3f} ms{ratio} "
                f"p99 {f['move_p99_ms']:7.3f} ms | every call: p50 {f['p50_ms']:6.3f} ms "
                f"p99 {f['p99_ms']:7.3f} ms | {f['seconds_per_game']:6.2f} s/{what} "
                f"({f['moves']:.0f} moves)"
            )
            if f["play_moves"] < f["moves"]:  # phases other than the play: its moves apart
                print(
                    f"  {'':10} the play phase's {f['play_moves']:.0f} moves: "
                    f"p50 {f['play_p50_ms']:7.3f} ms p99 {f['play_p99_ms']:7.3f} ms"
                )
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
