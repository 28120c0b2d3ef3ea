"""How long one follow legality check takes (``explain_follow`` on a candidate play), and how long a
bot waits for its first listed follow and for its cheapest legal follow.

The distribution of issue 12: four decks (the ``four-deck`` preset; ``classic`` as third argument
takes classic lanes without fixed 2s instead), seeded random deals, a random level and trump,
follower hands of 25–52 cards, and 13 lead shapes drawn evenly — single, pair, triple, quad,
tractors of 2, 3 and 4 pairs, of 2 and 3 triples, of 2 and 3 quads, and throws of two and of
three or four pieces — laid in a random suit (built from cards, not from a hand). For each
follower the candidate play is, half the time, a legal follow (``random_follow``) and otherwise
random cards of the hand (mostly illegal), so both verdicts are timed.

Figures are per lead shape and per verdict: p50, p99 and max of the wall-clock time of one call.
The seed is fixed, so figures compare across commits (timings on a shared machine are noisy: run
it two or three times and take the best run). The situations are built first and then frozen out
of the garbage collector's sight (``gc.freeze``): 20,000 stored situations would otherwise make
the collector's full passes, which land on some random call, cost milliseconds that no bot
holding one hand pays.

Run: ``python benchmarks/bench_shengji_follow.py [samples] [seed] [four-deck|classic]``.
``--calls none|check|first|cheapest`` runs the same situations without timing and only that
work (``none``: setup only), for instruction counts under ``valgrind --tool=callgrind``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

from cardrules.cards import Rank, Suit
from cardrules.deck import deal
from cardrules.multiset import Cards
from cardrules.shengji import follow, follow_listing
from cardrules.shengji.combos import Combination, classify
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import Variant
from cardrules.variant import load_variant

#: The 13 lead shapes, drawn evenly: (width, length) of one piece, or ``("throw", pieces)``.
SHAPES: tuple[tuple[object, int], ...] = (
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 2),
    (3, 3),
    (4, 2),
    (4, 3),
    ("throw", 2),
    ("throw", 4),
)

#: The rows printed, in this order.
KINDS = (
    "single",
    "pair",
    "triple",
    "quad",
    "tractor of 2 pairs",
    "tractor of 3-4 pairs",
    "tractor of triples",
    "tractor of quads",
    "throw",
)

Situation = tuple[Table, Combination, Cards, Cards]


def random_lead(ctx: Table, rng: random.Random, shape: tuple[object, int]) -> Combination:
    """A lead of ``shape`` in a random suit key (built from cards, not from a hand)."""
    while True:
        key = rng.randrange(5)
        lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
        if not lanes:
            continue
        counts = [0] * 54
        kind, size = shape
        if kind == "throw":  # distinct tuples, now and then a tractor of pairs among them
            pieces = size if size == 2 else rng.randint(3, 4)
            for p in range(pieces):
                lane = rng.choice(lanes)
                length = 2 if p == 0 and len(lane) >= 2 and rng.random() < 0.3 else 1
                start = rng.randrange(len(lane) - length + 1)
                width = 2 if length == 2 else rng.choice((1, 1, 2, 3))
                for pos in lane[start : start + length]:
                    i = rng.choice(pos)
                    counts[i] = min(ctx.decks, counts[i] + width)
        else:
            assert isinstance(kind, int)
            lane = rng.choice(lanes)
            if len(lane) < size:
                continue
            start = rng.randrange(len(lane) - size + 1)
            for pos in lane[start : start + size]:
                counts[rng.choice(pos)] += kind
        combo = classify(Cards(tuple(counts)), ctx)
        if combo is None or (kind == "throw") != combo.is_throw:
            continue
        return combo


def kind_of(lead: Combination) -> str:
    if lead.is_throw:
        return "throw"
    width, length = lead.piece.shape
    if length == 1:
        return ("single", "pair", "triple", "quad")[width - 1]
    if width == 2:
        return "tractor of 2 pairs" if length == 2 else "tractor of 3-4 pairs"
    return "tractor of triples" if width == 3 else "tractor of quads"


def variant_of(name: str) -> Variant:
    if name == "classic":
        overrides = {"tractor_lanes": "classic", "fixed_twos": False}
        variant = load_variant("four-deck", game="shengji", overrides=overrides)
    else:
        variant = load_variant(name, game="shengji")
    assert isinstance(variant, Variant)
    return variant


def situations(samples: int, seed: int, variant: Variant) -> list[Situation]:
    """``samples`` follow checks: (context, lead, follower's hand, candidate play)."""
    rng = random.Random(seed)
    out: list[Situation] = []
    ranks = [r for r in Rank if not r.is_joker]
    while len(out) < samples:
        hands, _ = deal(4, rng.getrandbits(64), [52, 52, 52, 52])
        ctx = trump_context(variant, rng.choice(ranks), rng.choice([*Suit, None]))
        for _ in range(8):
            lead = random_lead(ctx, rng, rng.choice(SHAPES))
            for full in hands[1:]:
                hand = Cards.of(rng.sample(list(full), rng.randint(25, 52)))
                if rng.random() < 0.5:
                    play = follow_listing.random_follow(lead, hand, ctx, rng)
                else:
                    play = Cards.of(rng.sample(list(hand), lead.size))
                out.append((ctx, lead, hand, play))
    return out[:samples]


def _first(lead: Combination, hand: Cards, ctx: Table) -> object:
    return next(follow_listing.iter_follows(lead, hand, ctx), None)


def _cheapest() -> Callable[[Combination, Cards, Table], object] | None:
    return getattr(follow_listing, "cheapest_follow", None)


def _row(name: str, values: list[float]) -> str:
    v = sorted(t * 1e6 for t in values)
    p99 = v[max(0, int(len(v) * 0.99) - 1)]
    return (
        f"  {name:<22} n={len(v):<6} p50 {statistics.median(v):7.1f} µs"
        f"   p99 {p99:7.1f} µs   max {v[-1]:7.1f} µs"
    )


def _report(title: str, times: list[tuple[str, str, float]]) -> None:
    print(title)
    print(_row("all", [t for _, _, t in times]))
    for kind in KINDS:
        values = [t for k, _, t in times if k == kind]
        if values:
            print(_row(kind, values))
    for verdict in ("legal", "illegal"):
        values = [t for _, v, t in times if v == verdict]
        if values:
            print(_row(verdict, values))


def main(samples: int = 20000, seed: int = 1, variant_name: str = "four-deck") -> None:
    cases = situations(samples, seed, variant_of(variant_name))
    gc.collect()
    gc.freeze()
    perf = time.perf_counter
    checks: list[tuple[str, str, float]] = []
    for ctx, lead, hand, play in cases:
        t0 = perf()
        verdict = follow.explain_follow(lead, hand, play, ctx)
        elapsed = perf() - t0
        checks.append((kind_of(lead), "legal" if verdict is None else "illegal", elapsed))
    legal = sum(1 for _, v, _ in checks if v == "legal")
    _report(
        f"explain_follow: {len(checks)} checks ({legal} legal), {variant_name}, "
        f"hands of 25-52 cards, seed {seed}",
        checks,
    )
    listing = cases[:: max(1, len(cases) // 2000)]
    firsts: list[tuple[str, str, float]] = []
    for ctx, lead, hand, _ in listing:
        t0 = perf()
        _first(lead, hand, ctx)
        firsts.append((kind_of(lead), "-", perf() - t0))
    _report(f"first iter_follows result: {len(firsts)} hands", firsts)
    cheapest = _cheapest()
    if cheapest is not None:
        costs: list[tuple[str, str, float]] = []
        for ctx, lead, hand, _ in listing:
            t0 = perf()
            cheapest(lead, hand, ctx)
            costs.append((kind_of(lead), "-", perf() - t0))
        _report(f"cheapest_follow: {len(costs)} hands", costs)


def run_calls(
    calls: str, samples: int = 20000, seed: int = 1, variant_name: str = "four-deck"
) -> None:
    """The work of one section without timing (for instruction counts)."""
    cases = situations(samples, seed, variant_of(variant_name))
    if calls == "check":
        for ctx, lead, hand, play in cases:
            follow.explain_follow(lead, hand, play, ctx)
    elif calls in ("first", "cheapest"):
        listing = cases[:: max(1, len(cases) // 2000)]
        work = _first if calls == "first" else _cheapest()
        assert work is not None, "this checkout has no cheapest_follow"
        for ctx, lead, hand, _ in listing:
            work(lead, hand, ctx)
    else:
        assert calls == "none", calls


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("samples", nargs="?", type=int, default=20000, help="situations (20000)")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the deal seed (1)")
    parser.add_argument("variant", nargs="?", choices=("four-deck", "classic"), default="four-deck")
    parser.add_argument(
        "--calls",
        choices=("none", "check", "first", "cheapest"),
        help="run one section's work untimed (for instruction counts)",
    )
    return parser.parse_args()


if __name__ == "__main__":
    args = _args()
    if args.calls is not None:
        run_calls(args.calls, args.samples, args.seed, args.variant)
    else:
        main(args.samples, args.seed, args.variant)
