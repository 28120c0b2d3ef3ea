"""The follow rule (SJ-FOLLOW-1 … 6) against a brute-force reference on small holdings.

The reference knows nothing of runs, antichains or caps: it enumerates every way to cut pieces from
a set of cards (memoised on the count vector), scores a set by the ladder greedily over that full
set, and calls a play legal when its score equals the best score of *any* same-size choice from
the hand's led-suit cards.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import CARD_COUNT, Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji.combos import Combination, classify
from cardrules.shengji.follow import explain_follow, ladder_for
from cardrules.shengji.follow_listing import count_follows, iter_follows, random_follow
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import Variant
from cardrules.testing.strategies import variants
from cardrules.variant import load_variant

FOUR = load_variant("four-deck", game="shengji")
C = Cards.parse


def ctx_of(level: str = "10", trump: str | None = "S", variant: Variant | None = None) -> Table:
    v = variant or FOUR
    assert isinstance(v, Variant)
    return trump_context(v, Rank.parse(level), Suit.parse(trump) if trump else None)


# ---------------------------------------------------------------------- the reference
def ref_placements(
    counts: tuple[int, ...], ctx: Table, key: int, width: int, length: int
) -> Iterator[tuple[int, ...]]:
    """Every (lane window, one card per position) holding ``width`` copies on each position."""
    for lane_id in ctx.lanes_of_suit[key]:
        lane = ctx.lanes[lane_id]
        for start in range(len(lane) - length + 1):
            for choice in itertools.product(*lane[start : start + length]):
                if all(counts[i] >= width for i in choice):
                    yield choice


def ref_achievable(
    counts: tuple[int, ...],
    ctx: Table,
    key: int,
    shapes: tuple[tuple[int, int], ...],
    protect: bool = False,
) -> frozenset[tuple[int, ...]]:
    """Every count vector of pieces cuttable at once; with ``protect`` a piece of width w uses only
    cards held exactly w times (more than four counting as a quad), SJ-FOLLOW-8."""

    def exact(i: int, w: int) -> bool:
        return counts[i] == w or (w == 4 and counts[i] > 4)

    @functools.cache
    def go(c: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
        out = {(0,) * len(shapes)}
        for s, (w, m) in enumerate(shapes):
            for choice in ref_placements(c, ctx, key, w, m):
                if protect and not all(exact(i, w) for i in choice):
                    continue
                rest = list(c)
                for i in choice:
                    rest[i] -= w
                for v in go(tuple(rest)):
                    out.add(tuple(x + (k == s) for k, x in enumerate(v)))
        return frozenset(out)

    return go(counts)


def ref_vector(
    counts: tuple[int, ...], ctx: Table, lead: Combination, protect: bool = False
) -> tuple[int, ...]:
    ladder = ladder_for(lead, ctx)
    achievable = ref_achievable(counts, ctx, lead.suit_key, ladder.shapes, protect)
    req = [0] * len(ladder.shapes)
    left = list(ladder.budgets)
    out = []
    for g, s in ladder.steps:
        w, m = ladder.shapes[s]
        n = 0
        while (n + 1) * w * m <= left[g] and any(
            v[s] >= req[s] + n + 1 and all(v[t] >= req[t] for t in range(len(req)))
            for v in achievable
        ):
            n += 1
        req[s] += n
        left[g] -= n * w * m
        out.append(n)
    return tuple(out)


def sub_multisets(counts: tuple[int, ...], size: int) -> Iterator[tuple[int, ...]]:
    held = [i for i in range(CARD_COUNT) if counts[i]]
    for takes in itertools.product(*(range(counts[i] + 1) for i in held)):
        if sum(takes) == size:
            out = [0] * CARD_COUNT
            for i, t in zip(held, takes, strict=True):
                out[i] = t
            yield tuple(out)


def of_key(cards: Cards, ctx: Table, key: int) -> Cards:
    return Cards(tuple(n if ctx.suit_keys[i] == key else 0 for i, n in enumerate(cards.counts)))


def ref_legal(lead: Combination, hand: Cards, ctx: Table) -> set[Cards]:
    held = of_key(hand, ctx, lead.suit_key)
    need = lead.size
    if len(held) <= need:
        rest = (hand - held).counts
        return {held + Cards(extra) for extra in sub_multisets(rest, need - len(held))}
    scored = {p: ref_vector(p, ctx, lead) for p in sub_multisets(held.counts, need)}
    if ctx.protect_longer:  # SJ-FOLLOW-8: at least what the exact holdings owe
        owed = ref_vector(held.counts, ctx, lead, protect=True)
        return {Cards(p) for p, v in scored.items() if v >= owed}
    best = max(scored.values())
    return {Cards(p) for p, v in scored.items() if v == best}


# ---------------------------------------------------------------------- strategies
@st.composite
def small_cases(draw: st.DrawFn) -> tuple[Table, Combination, Cards]:
    variant = draw(variants("shengji"))
    assert isinstance(variant, Variant)
    level = draw(st.sampled_from([r for r in Rank if not r.is_joker]))
    trump = draw(st.sampled_from([*Suit, None]))
    ctx = trump_context(variant, level, trump)
    key = draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
    decks = ctx.decks
    # the lead: one piece of any shape, or a throw of a few pieces
    counts = [0] * CARD_COUNT
    pieces = draw(st.sampled_from((1, 1, 1, 2, 2, 3)))
    for _ in range(pieces):
        lane = draw(st.sampled_from(lanes))
        width = draw(st.integers(1, min(4, decks)))
        length = draw(st.integers(1, min(4 if pieces == 1 else 2, len(lane)))) if width > 1 else 1
        start = draw(st.integers(0, len(lane) - length))
        for pos in lane[start : start + length]:
            i = draw(st.sampled_from(pos))
            counts[i] = min(decks, counts[i] + width)
    lead = classify(Cards(tuple(counts)), ctx)
    assert lead is not None
    # the hand: a few cards of the led suit (clustered on a few lanes) and a few others
    suited = [i for lane in lanes for pos in lane for i in pos]
    window = draw(st.integers(0, max(0, len(suited) - 6)))
    near = suited[window : window + 6]
    hand = [0] * CARD_COUNT
    budget = max(1, min(14, lead.size + draw(st.integers(-2, 8))))
    while sum(hand) < budget:
        i = draw(st.sampled_from(near if draw(st.booleans()) else suited))
        hand[i] = min(decks, hand[i] + draw(st.integers(1, 4)), hand[i] + budget - sum(hand))
    others = [i for i in range(CARD_COUNT) if ctx.suit_keys[i] != key]
    for _ in range(draw(st.integers(0, 4))):
        i = draw(st.sampled_from(others))
        hand[i] = min(decks, hand[i] + 1)
    return ctx, lead, Cards(tuple(hand))


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SETTINGS
@given(small_cases())
def test_follows_match_brute_force(case: tuple[Table, Combination, Cards]) -> None:
    ctx, lead, hand = case
    if len(hand) < lead.size:
        assert list(iter_follows(lead, hand, ctx)) == []
        return
    expected = ref_legal(lead, hand, ctx)
    got = list(iter_follows(lead, hand, ctx))
    assert len(got) == len(set(got)), "iter_follows repeats a follow"
    assert set(got) == expected
    assert count_follows(lead, hand, ctx) == len(expected)
    for play in got:
        assert explain_follow(lead, hand, play, ctx) is None
    # every same-size choice of the led suit (and the legal ones with other cards) is judged
    held = of_key(hand, ctx, lead.suit_key)
    if len(held) > lead.size:
        for counts in sub_multisets(held.counts, lead.size):
            play = Cards(counts)
            verdict = explain_follow(lead, hand, play, ctx)
            assert (verdict is None) == (play in expected), (str(play), verdict)
            if verdict is not None:
                assert verdict.code == "must-follow-shape"
                assert verdict.clause in ("SJ-FOLLOW-3", "SJ-FOLLOW-5", "SJ-FOLLOW-8")


@pytest.mark.slow
@SETTINGS
@given(small_cases(), st.integers(0, 2**32))
def test_random_follow_is_legal(case: tuple[Table, Combination, Cards], seed: int) -> None:
    ctx, lead, hand = case
    if len(hand) < lead.size:
        return
    play = random_follow(lead, hand, ctx, random.Random(seed))
    assert explain_follow(lead, hand, play, ctx) is None


def test_iteration_order_is_stable() -> None:
    ctx = ctx_of()
    lead = classify(C("5H 5H 6H 6H"), ctx)
    assert lead is not None
    hand = C("3H 3H 4H 4H 7H 7H 8H 8H 8H 9H 9H QH AC")
    first = [str(p) for p in iter_follows(lead, hand, ctx)]
    assert first == [str(p) for p in iter_follows(lead, hand, ctx)]
    assert first == ["3H 3H 4H 4H", "7H 7H 8H 8H", "8H 8H 9H 9H"]


# ---------------------------------------------------------------------- unit cases
def verdict(lead: str, hand: str, play: str, level: str = "10", trump: str | None = "S") -> str:
    ctx = ctx_of(level, trump)
    combo = classify(C(lead), ctx)
    assert combo is not None
    why = explain_follow(combo, C(hand), C(play), ctx)
    return "legal" if why is None else why.code


def test_count_and_hand() -> None:
    assert verdict("5H 5H", "7H 7H 8H", "7H") == "wrong-count"
    assert verdict("5H 5H", "7H 8H 9H", "7H 7H") == "not-in-hand"


def test_suit_rule() -> None:
    assert verdict("5H 5H", "7H 8H 9C", "7H 9C") == "must-follow-suit"
    assert verdict("5H 5H", "7H 9C 9C", "9C 9C") == "must-follow-suit"
    assert verdict("5H 5H", "7H 9C 9C", "7H 9C") == "legal"
    assert verdict("5H 5H", "9C 9C 4S", "9C 4S") == "legal"  # void: discard or ruff


def test_cutting_the_middle_tractor_first_is_not_the_best() -> None:
    """Against a throw of two pair tractors, 99 10 10 JJ QQ holds two tractors (9-10, J-Q); a
    greedy cut of 10 10 JJ first would find only one. Only the full run is legal."""
    lead = "3D 3D 4D 4D 7D 7D 8D 8D"
    hand = "9D 9D 10D 10D JD JD QD QD 3D 5D"
    assert verdict(lead, hand, "9D 9D 10D 10D JD JD QD QD", level="2") == "legal"
    assert verdict(lead, hand, "3D 5D 10D 10D JD JD 9D QD", level="2") == "must-follow-shape"


def test_tractor_of_triples_before_pairs() -> None:
    lead = "3D 3D 3D 4D 4D 4D"
    hand = "7D 7D 7D 8D 8D 8D 9D 9D JD JD"
    assert verdict(lead, hand, "7D 7D 7D 8D 8D 8D") == "legal"
    assert verdict(lead, hand, "7D 7D 8D 8D 9D 9D") == "must-follow-shape"


def test_refusal_names_the_piece() -> None:
    ctx = ctx_of()
    lead = classify(C("5H 5H 6H 6H"), ctx)
    assert lead is not None
    why = explain_follow(lead, C("7H 7H 8H 8H 3H 4H"), C("7H 7H 3H 4H"), ctx)
    assert why is not None
    assert "7♥ 7♥ 8♥ 8♥" in why.message
    assert "tractor" in why.message
