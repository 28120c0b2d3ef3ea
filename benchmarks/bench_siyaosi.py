"""四幺四 play-engine speed: µs per decision (list the legal moves, pick one at random, apply it)
and complete random rounds per second, for one-deck and for classic with 4, 6 and 8 players.

Then, for the same situations, µs to list the legal moves of the seat whose turn it is, once
through the state (``state.legal_moves(seat)``) and once through that seat's view
(``state.view(seat).legal_moves()``); each is timed on a freshly replayed state or view, so
neither reuses a listing made before (views are built outside the timing), and each side keeps
the lists it was given, as a bot does until it has chosen. (A view also keeps its listing; were
the state's lists dropped at once, the view side alone would pay the garbage collector for the
objects it keeps, a tenth of its time here.)

Run: ``python benchmarks/bench_siyaosi.py [--rounds N]``. Targets (issue 12): ≤ 18 µs per
decision on one-deck, ≤ 25 µs on classic with 4 and 8 players; a view lists within 10% of the
state's time for its seat.
"""

from __future__ import annotations

import argparse
import gc
import random
import time

from cardrules.siyaosi import Move, State, load_variant

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


def situations(preset: str, overrides: dict[str, object], rounds: int) -> list[State]:
    """Every situation of ``rounds`` random rounds, replayed with ``apply`` so that none has
    listed its legal moves yet."""
    variant = load_variant(preset, overrides=overrides)
    rng = random.Random(7)
    out = []
    for seed in range(rounds):
        played = []
        state = State.new(variant, seed=seed)
        while not state.is_over:
            moves = list(state.legal_moves())
            move = moves[rng.randrange(len(moves))]
            played.append(move)
            state = state.apply(move)
        state = State.new(variant, seed=seed)
        for move in played:
            out.append(state)
            state = state.apply(move)
    return out


def measure_listing(
    preset: str, overrides: dict[str, object], rounds: int
) -> tuple[float, float, float]:
    """µs per listing of the turn seat's moves: through the state, through the view; and the
    moves per listing. Each side is timed on its own objects and keeps the lists it made; the
    other side's are dropped and garbage collected first, so neither pays for the other's heap."""
    fresh = situations(preset, overrides, rounds)
    count = len(fresh)
    kept: list[list[Move]] = []
    gc.collect()
    start = time.perf_counter()
    for state in fresh:
        kept.append(list(state.legal_moves(state.turn)))
    state_us = (time.perf_counter() - start) / count * 1e6
    listed = sum(map(len, kept))
    del fresh, kept
    views = [s.view(s.turn) for s in situations(preset, overrides, rounds) if s.turn is not None]
    kept = []
    gc.collect()
    start = time.perf_counter()
    for view in views:
        kept.append(list(view.legal_moves()))
    view_us = (time.perf_counter() - start) / len(views) * 1e6
    return state_us, view_us, listed / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200, help="rounds per table (default 200)")
    args = parser.parse_args()
    print(f"{'table':<12} {'µs/decision':>12} {'rounds/s':>10} {'decisions/round':>16}")
    for name, preset, overrides in TABLES:
        us, per_second, per_round = measure(preset, overrides, args.rounds)
        print(f"{name:<12} {us:>12.1f} {per_second:>10.1f} {per_round:>16.1f}")
    print()
    print(
        f"{'table':<12} {'state µs/list':>14} {'view µs/list':>13} {'view/state':>11} {'moves':>6}"
    )
    for name, preset, overrides in TABLES:
        state_us, view_us, moves = measure_listing(preset, overrides, max(1, args.rounds // 4))
        ratio = view_us / state_us
        print(f"{name:<12} {state_us:>14.1f} {view_us:>13.1f} {ratio:>11.2f} {moves:>6.1f}")


if __name__ == "__main__":
    main()
