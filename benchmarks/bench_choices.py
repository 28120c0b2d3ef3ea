"""Choices too large to list (clause CORE-API-3): what refusing, counting, describing and
drawing cost for a four-deck Shengji burial (8 of 60 cards), a lead from a hand of every plain
heart twice, the follow of a ten-card throw from a void suit and a follow that must keep pairs
(listed: 846 moves); then what ordinary listings cost (the first move, and the whole listing, of
every listable lead and follow of random four-deck rounds), and what the largest listable lead of
those rounds costs to list whole: its time, its moves a second and its peak memory
(``tracemalloc``, in a second listing), the figures behind ``MAX_LISTED_MOVES``.

Run: ``python benchmarks/bench_choices.py [--rounds N]``. ``list µs`` is the refusal, or the
whole listing where it is allowed. Targets: a refusal well under a second (it is made before the
first move is built); ``describe()`` in milliseconds.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
import tracemalloc
from collections.abc import Callable

from cardrules import shengji
from cardrules.legal import LegalMoves, TooManyMovesError
from cardrules.position import load_position


def _state(hands: list[str]) -> shengji.State:
    table = {"game": "shengji", "variant": "four-deck", "trump": "S", "banker": 0}
    return shengji.State.from_position(load_position({**table, "hands": hands}))


def _cases() -> list[tuple[str, Callable[[], LegalMoves[shengji.Move]]]]:
    rng = random.Random(1)
    match = shengji.Match.new(shengji.load_variant("four-deck"), seed=1)
    while match.phase is not shengji.Phase.BURY:
        match = match.apply(match.random_move(rng))
    ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    hearts = " ".join(f"{r}H {r}H" for r in ranks)
    lead = _state([hearts, "3C", "4C", "5C"])
    plain = " ".join(f"{r}{s}" for s in "CD" for r in ranks)
    throw = "AH KH QH JH 10H 9H 8H 7H 6H 5H"
    void = _state([throw, plain, plain, plain])
    void = void.apply(void.parse_move("0: " + throw))
    pairs = " ".join(f"{r}H {r}H" for r in ["3", "4", "5", "6", "7", "8", "9", "10"]) + " JH JH"
    keep = _state(["AH AH AH AH KH KH KH KH QH QH QH QH JH 3S", pairs + " 3C", plain, plain])
    keep = keep.apply(keep.parse_move("0: AH AH KH QH QH QH QH JH"))
    return [
        ("burial 8 of 60", match.legal_moves),
        ("lead, hearts x2", lead.legal_moves),
        ("follow from void", void.legal_moves),
        ("follow with pairs", keep.legal_moves),
    ]


def _time(call: Callable[[], object], repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        call()
    return (time.perf_counter() - start) / repeat * 1e6


def _refuse(moves: LegalMoves[shengji.Move]) -> None:
    try:
        list(moves)
    except TooManyMovesError:
        return


def _listable(rounds: int) -> list[shengji.State]:
    """Every decision of ``rounds`` random four-deck rounds whose moves may be listed."""
    states = []
    for seed in range(rounds):
        rng = random.Random(seed)
        state = shengji.State.new("four-deck", seed=seed, trump="H", banker=seed % 4)
        while not state.is_over:
            if state.legal_moves().listable():
                states.append(state)
            state = state.apply(state.random_move(rng))
    return states


def _ordinary(states: list[shengji.State]) -> tuple[float, float, int]:
    """µs per first move and per full listing over every listable decision of random rounds."""
    start = time.perf_counter()
    for state in states:
        next(iter(state.legal_moves()))
    first = (time.perf_counter() - start) / len(states) * 1e6
    start = time.perf_counter()
    for state in states:
        list(state.legal_moves())
    full = (time.perf_counter() - start) / len(states) * 1e6
    return first, full, len(states)


def _largest_lead(states: list[shengji.State]) -> tuple[int, float, int]:
    """The largest listable lead: its moves, the seconds to list it (the better of two) and the
    peak bytes ``tracemalloc`` sees while it is listed."""
    lead = max((s for s in states if s.top is None), key=lambda s: s.legal_moves().count())
    seconds = []
    for _ in range(2):
        start = time.perf_counter()
        listed = list(lead.legal_moves())
        seconds.append(time.perf_counter() - start)
        del listed
    tracemalloc.start()
    try:
        listed = list(lead.legal_moves())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return len(listed), min(seconds), peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="random rounds (default 10)")
    args = parser.parse_args()
    head = ("choice", "moves", "list µs", "count µs", "describe µs", "sample µs")
    print(f"{head[0]:<20} {head[1]:>12} {head[2]:>10} {head[3]:>9} {head[4]:>12} {head[5]:>10}")
    rng = random.Random(5)
    for name, make in _cases():
        moves = make()
        described = moves.describe()
        family = described.choices[0]
        n = moves.count()
        refuse = _time(functools.partial(_refuse, moves), 20)
        count = _time(moves.count, 20)
        describe = _time(moves.describe, 20)
        sample = _time(functools.partial(family.sample, rng), 200)
        print(
            f"{name:<20} {n:>12,} {refuse:>10.0f} {count:>9.0f} {describe:>12.0f} {sample:>10.0f}"
        )
    states = _listable(args.rounds)
    first, full, n = _ordinary(states)
    print()
    print(
        f"ordinary listings ({n} decisions): {first:.1f} µs to the first move, {full:.1f} µs whole"
    )
    moves, seconds, peak = _largest_lead(states)
    print(
        f"the largest listable lead of these rounds: {moves:,} moves listed in "
        f"{seconds * 1e3:.1f} ms ({moves / seconds:,.0f} moves a second), peak {peak / 1e6:.1f} MB "
        f"({peak / moves:,.0f} bytes a move)"
    )


if __name__ == "__main__":
    main()
