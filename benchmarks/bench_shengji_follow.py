"""How long one follow legality check takes (``explain_follow`` on a candidate play).

Random four-deck deals (seeded), a random level and trump, and random leads of every shape —
singles, tuples, tractors up to four tuples of pairs, triples and quads, and throws — laid in a
random suit. For each follower a candidate play is either a legal follow (``random_follow``) or
random cards from the hand (mostly illegal), so both verdicts are timed.

Run: ``python benchmarks/bench_shengji_follow.py [samples] [seed]``.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cardrules.cards import Rank, Suit
from cardrules.deck import deal
from cardrules.multiset import Cards
from cardrules.shengji.follow import explain_follow, random_follow
from cardrules.shengji.order import TrumpContext, trump_context
from cardrules.shengji.pieces import Combination, classify
from cardrules.variant import load_variant


def random_lead(ctx: TrumpContext, rng: random.Random) -> Combination:
    """A lead of a random shape in a random suit key (built from cards, not from a hand)."""
    while True:
        key = rng.randrange(5)
        lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
        if not lanes:
            continue
        kind = rng.random()
        counts = [0] * 54
        if kind < 0.7:  # one piece
            width = rng.choice((1, 2, 2, 3, 3, 4, 4))
            length = 1 if width == 1 else rng.choice((1, 1, 2, 2, 3, 4))
            lane = rng.choice(lanes)
            if len(lane) < length:
                continue
            start = rng.randrange(len(lane) - length + 1)
            for pos in lane[start : start + length]:
                counts[rng.choice(pos)] += width
        else:  # a throw: a few tuples and maybe a tractor
            for _ in range(rng.randint(2, 4)):
                lane = rng.choice(lanes)
                pos = rng.choice(lane)
                counts[rng.choice(pos)] += rng.choice((1, 1, 2, 3))
            counts = [min(n, ctx.decks) for n in counts]
        combo = classify(Cards(tuple(counts)), ctx)
        if combo is not None:
            return combo


def main(samples: int = 20000, seed: int = 1) -> None:
    variant = load_variant("four-deck", game="shengji")
    rng = random.Random(seed)
    times: list[float] = []
    by_kind: dict[str, list[float]] = {}
    legal = 0
    ranks = [r for r in Rank if not r.is_joker]
    while len(times) < samples:
        hands, _ = deal(4, rng.getrandbits(64), [52, 52, 52, 52])
        trump = rng.choice([*Suit, None])
        ctx = trump_context(variant, rng.choice(ranks), trump)
        for _ in range(8):
            lead = random_lead(ctx, rng)
            for hand in hands[1:]:
                if rng.random() < 0.5:
                    play = random_follow(lead, hand, ctx, rng)
                else:
                    cards = list(hand)
                    play = Cards.of(rng.sample(cards, lead.size))
                t0 = time.perf_counter()
                verdict = explain_follow(lead, hand, play, ctx)
                elapsed = time.perf_counter() - t0
                times.append(elapsed)
                by_kind.setdefault(kind_of(lead), []).append(elapsed)
                legal += verdict is None
    times.sort()
    us = [t * 1e6 for t in times]
    p50 = statistics.median(us)
    p99 = us[int(len(us) * 0.99) - 1]
    print(f"explain_follow: {len(us)} checks ({legal} legal), four decks, random leads")
    mean = statistics.mean(us)
    print(f"  all: p50 {p50:.1f} µs   p99 {p99:.1f} µs   max {us[-1]:.1f} µs   mean {mean:.1f} µs")
    for kind, values in sorted(by_kind.items()):
        v = sorted(t * 1e6 for t in values)
        print(
            f"  {kind:<22} n={len(v):<6} p50 {statistics.median(v):7.1f} µs"
            f"   p99 {v[max(0, int(len(v) * 0.99) - 1)]:7.1f} µs   max {v[-1]:7.1f} µs"
        )


def kind_of(lead: Combination) -> str:
    if lead.is_throw:
        return "throw"
    piece = lead.piece
    if piece.length == 1:
        return "single" if piece.width == 1 else "tuple (pair-quad)"
    return "tractor of pairs" if piece.width == 2 else "tractor of triples/quads"


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*args)
