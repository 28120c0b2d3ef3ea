"""The worst Shengji follows found (issue 19, item 1): time and peak memory of every call that
decides SJ-FOLLOW-4 (The follow must be the best the hand allows) on shapes built to be hard.

Each case is a position right after seat 0's lead, seat 1 to follow, at 4 or 8 decks: the
issue's own 8-deck throw and its four-deck pattern, and adversarial holdings — long runs of
8-tuples under throws of many widths, long runs of pairs, triples and quads under long
tractors, and the trump lane whose level-card position holds the level cards of three suits
eight times each. For each case and each call — ``explain`` (a play, mostly illegal, and a
random legal follow), ``apply``, ``legal_moves().count()``, the first listed follow (or, for a
choice too large to list, ``describe()``), ``random_move`` and the bots' ``cheapest_follow`` —
the figure printed is the wall-clock time of one call on a cold cache (every remembered answer
cleared first) and the peak memory tracemalloc sees during it.

Run: ``python benchmarks/bench_follow.py``. ``worst_follow_cases()`` gives the same calls as
``(name, call)`` pairs for ``bench_hostile``.
"""

from __future__ import annotations

import functools
import gc
import random
import time
import tracemalloc
from collections.abc import Callable

from cardrules.cards import Rank
from cardrules.legal import TooManyMovesError
from cardrules.multiset import Cards
from cardrules.position import load_position
from cardrules.shengji import State, follow, follow_fast, follow_listing, load_variant, packing
from cardrules.shengji.combos import classify
from cardrules.shengji.order import trump_context
from cardrules.shengji.rules import classify_cached

#: Done when (issue 19): no call past these.
SECONDS = 0.5
MEGABYTES = 100.0


def _of(rank: str, n: int, suit: str = "H") -> str:
    return " ".join([rank + suit] * n)


def _many(ranks: str, n: int, suit: str = "H") -> str:
    return " ".join(_of(r, n, suit) for r in ranks.split())


@functools.cache
def _after_lead(decks: int, lead: str, hand: str, trump: str = "S") -> State:
    """The state after seat 0 leads ``lead``, seat 1 holding ``hand`` (seats 2 and 3 hold two
    clubs each; seat 0 keeps a club)."""
    position: dict[str, object] = {
        "game": "shengji",
        "variant": "four-deck",
        "levels": ["2", "2"],
        "trump": trump,
        "banker": 0,
        "hands": [lead + " 3C", hand, "3C 4C", "3C 4C"],
    }
    if decks != 4:
        position["overrides"] = {"decks": decks}
    state = State.from_position(load_position(position))
    return state.apply(state.parse_move("0: " + lead))


#: (name, decks, lead, follower's hand, a play of as many cards (mostly illegal), trump suit).
CASES: tuple[tuple[str, int, str, str, str, str], ...] = (
    (
        "issue 19: 8-deck throw",
        8,
        " ".join([_of("A", 8), _of("K", 8), _of("Q", 7), _of("J", 5)]),
        _many("3 4 5 6 7 8 9 10", 8) + " " + _of("J", 3),
        " ".join([_of("3", 8), _of("5", 8), _of("7", 7), _of("9", 5)]),
        "S",
    ),
    (
        "issue 19: 4-deck tractor of quads",
        4,
        _many("Q K A", 4),
        _many("3 4 5 6 7 8 9 10", 4) + " " + _of("J", 3),
        _many("3 5 7", 4),
        "S",
    ),
    (
        "8 decks: throw of 8..4-tuples over a run of 8-tuples",
        8,
        " ".join([_of("A", 8), _of("K", 7), _of("Q", 6), _of("J", 5), _of("10", 4)]),
        _many("3 4 5 6 7 8 9", 8) + " " + _of("10", 4) + " " + _of("J", 3),
        " ".join([_of("3", 7), _of("5", 7), _of("7", 7), _of("9", 7), _of("4", 2)]),
        "S",
    ),
    (
        "8 decks: throw of quad tractors and a pair over runs of 8-, 5- and 3-tuples",
        8,
        " ".join([_of("A", 8), _of("K", 8), _of("Q", 8), _of("J", 6)]),
        " ".join([_many("3 5 7 9", 8), _many("4 6 8", 5), _of("10", 3)]),
        " ".join([_of("3", 8), _of("4", 5), _of("5", 8), _of("6", 5), _of("7", 4)]),
        "S",
    ),
    (
        "8 decks: throw of quad tractors over a run of 6-tuples",
        8,
        " ".join([_of("A", 8), _of("K", 8), _of("Q", 4), _of("J", 4)]),
        _many("3 4 5 6 7 8 9 10", 6),
        " ".join([_of("3", 6), _of("5", 6), _of("7", 6), _of("9", 6)]),
        "S",
    ),
    (
        "8 decks: tractor of 3 pairs over a run of pairs, triples, quads",
        8,
        _many("Q K A", 2),
        " ".join([_many("3 4 5 6", 2), _many("7 8 9", 3), _many("10 J", 4), _of("Q", 6)]),
        _many("3 5 7", 2),
        "S",
    ),
    (
        "8 decks: trump throw over three suits' level cards (one position)",
        8,
        " ".join([_of("BJ", 8, ""), _of("SJ", 8, ""), _of("2", 7, "S"), _of("AS", 6, "")]),
        " ".join(
            [
                _of("2", 8, "H"),
                _of("2", 8, "C"),
                _of("2", 8, "D"),
                _many("3 4 5 6 7 8 9 10", 8, "S"),
                _of("AS", 2, ""),
            ]
        ),
        " ".join([_of("2", 8, "H"), _of("2", 8, "C"), _of("2", 8, "D"), _of("3", 5, "S")]),
        "S",
    ),
    (
        "8 decks: tractor of 6 quads over a broken run of 8- and 3-tuples",
        8,
        _many("9 10 J Q K A", 4),
        " ".join([_many("3 5 7", 8), _many("4 6 8", 3), _many("9 10 J Q K", 3)]),
        " ".join([_of("3", 8), _of("5", 8), _of("7", 8)]),
        "S",
    ),
    (
        "8 decks: tractor of 5 triples over runs of pairs, quads and 5-tuples",
        8,
        _many("10 J Q K A", 3),
        " ".join([_many("3 5 7 9", 2), _many("4 6 8", 4), _many("10 J Q K", 5)]),
        " ".join([_of("3", 2), _of("4", 4), _of("5", 2), _of("6", 4), _of("7", 2), _of("8", 1)]),
        "S",
    ),
    (
        "4 decks: throw of tractors over a run of quads and triples",
        4,
        " ".join([_many("A K", 4), _many("Q J", 3)]),
        " ".join([_many("3 4 5 6 7 8", 4), _many("9 10", 3), _of("J", 1)]),
        " ".join([_many("3 5", 4), _many("7", 4), _of("9", 2)]),
        "S",
    ),
)


def _clear() -> None:
    """Forget every remembered answer, so each call is timed cold."""
    for module in (follow, follow_fast, follow_listing, packing):
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def _calls(
    decks: int, lead: str, hand: str, bad: str, trump: str
) -> dict[str, Callable[[], object]]:
    state = _after_lead(decks, lead, hand, trump)
    ctx = state.ctx
    combo = classify_cached(state.trick[0].cards, ctx)
    assert combo is not None
    held = state.hands[1]
    play = state.parse_move("1: " + bad)

    def first() -> object:
        moves = state.legal_moves()
        try:
            return next(iter(moves))
        except TooManyMovesError:
            return moves.describe()

    def legal() -> Cards:
        return follow_listing.random_follow(combo, held, ctx, random.Random(1))

    def apply() -> object:
        move = state.random_move(random.Random(2))
        return state.apply(move)

    return {
        "explain a play": lambda: state.explain(play),
        "explain legal": lambda: follow.explain_follow(combo, held, legal(), ctx),
        "apply": apply,
        "count": lambda: state.legal_moves().count(),
        "first listed": first,
        "random_move": lambda: state.random_move(random.Random(3)),
        "cheapest_follow": lambda: follow_listing.cheapest_follow(combo, held, ctx),
    }


RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: Shapes a random hunt over the follow functions found slowest at 8 decks (before the work
#: bound: 1.5 s counts and descriptions, 0.7 s cheapest follows): (name, lead, follower's hand),
#: no trump, asked of the functions directly (the lead need not stand as a throw).
HUNTED: tuple[tuple[str, str, str], ...] = (
    (
        "8 decks, hunted: clubs throw of triple and pair tractors over nearly every club 8 times",
        " ".join(
            [
                _many("7 J Q", 7, "C"),
                _of("J", 1, "C"),
                _of("Q", 1, "C"),
                _many("8 9 10", 5, "C"),
                _many("K A", 3, "C"),
            ]
        ),
        " ".join(
            _of(rank, n, "C")
            for rank, n in zip(RANKS, (7, 6, 8, 7, 6, 6, 8, 8, 8, 6, 6, 5), strict=True)
        ),
    ),
    (
        "8 decks, hunted: diamonds throw of a pair tractor and triple tractors",
        " ".join([_many("5 6 7 8 10 J Q", 3, "D"), _many("K", 5, "D"), _many("A", 2, "D")]),
        " ".join(
            _of(rank, n, "D")
            for rank, n in zip(RANKS, (7, 8, 7, 8, 5, 5, 8, 7, 6, 8, 6, 8), strict=True)
        ),
    ),
)


def _hunted_calls(lead: str, hand: str) -> dict[str, Callable[[], object]]:
    ctx = trump_context(load_variant("four-deck", overrides={"decks": 8}), Rank.TWO, None)
    combo = classify(Cards.parse(lead, decks=8), ctx)
    assert combo is not None
    held = Cards.parse(hand, decks=8)

    def count() -> object:
        try:
            return follow_listing.count_follows(combo, held, ctx)
        except TooManyMovesError as error:  # refused past the work bound: that is the answer
            return error

    return {
        "count": count,
        "describe": lambda: follow_listing.describe_follows(combo, held, ctx, 50_000),
        "first listed": lambda: next(iter(follow_listing.iter_follows(combo, held, ctx))),
        "cheapest_follow": lambda: follow_listing.cheapest_follow(combo, held, ctx),
        "random_follow": lambda: follow_listing.random_follow(combo, held, ctx, random.Random(1)),
    }


def worst_follow_cases() -> list[tuple[str, Callable[[], object]]]:
    """Every call of every case, as ``("case: call", call)`` pairs (each call starts cold)."""
    out: list[tuple[str, Callable[[], object]]] = []
    for name, lead, hand in HUNTED:
        for call_name, call in _hunted_calls(lead, hand).items():

            def cold_hunted(call: Callable[[], object] = call) -> object:
                _clear()
                return call()

            out.append((f"{name}: {call_name}", cold_hunted))
    for name, decks, lead, hand, bad, trump in CASES:
        for call_name, call in _calls(decks, lead, hand, bad, trump).items():

            def cold(call: Callable[[], object] = call) -> object:
                _clear()
                return call()

            out.append((f"{name}: {call_name}", cold))
    return out


def _measure(call: Callable[[], object]) -> tuple[float, float]:
    """Seconds of one call and its peak memory in MB (measured in two runs, tracemalloc slows
    the code it watches)."""
    gc.collect()
    start = time.perf_counter()
    call()
    seconds = time.perf_counter() - start
    tracemalloc.start()
    call()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, peak / 1e6


def main() -> None:
    """Print every case's calls with their time and peak memory, the worst last."""
    worst = (0.0, 0.0, "")
    for label, call in worst_follow_cases():
        seconds, mb = _measure(call)
        flag = "" if seconds < SECONDS and mb < MEGABYTES else "  <-- past the limit"
        print(f"{seconds * 1000:9.1f} ms {mb:8.2f} MB  {label}{flag}")
        worst = max(worst, (seconds, mb, label))
    print(f"slowest: {worst[0] * 1000:.1f} ms, {worst[1]:.2f} MB ({worst[2]})")


if __name__ == "__main__":
    main()
