"""The house rules on shapes (S-HOUSE-1, S-HOUSE-3): tractor_min_width / tractor_min_length
(SJ-UNIT-6) and follow_protection (SJ-FOLLOW-8 … 10). Every path of the follow rule — the
rule, the listing, the count, the random and the cheapest follow — agrees with the reference
(:func:`cardrules.testing.oracles.explain_follow_exact`) on small holdings, under each value."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import CARD_COUNT, Rank, Suit
from cardrules.legal import TooManyMovesError
from cardrules.multiset import Cards
from cardrules.shengji import cheapest_follow
from cardrules.shengji.combos import Combination, beats, classify
from cardrules.shengji.follow import explain_follow
from cardrules.shengji.follow_listing import (
    count_follows,
    describe_follows,
    iter_follows,
    random_follow,
    sub_multisets,
)
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import FollowProtection, Variant
from cardrules.testing.oracles import explain_follow_exact
from cardrules.testing.strategies import variants
from cardrules.variant import load_variant

Case = tuple[Table, Combination, Cards]
FOUR = load_variant("four-deck", game="shengji")
C = Cards.parse


@st.composite
def cases(draw: st.DrawFn, protection: str | None = None, heavy: bool = False) -> Case:
    pins: dict[str, object] = {
        "decks": 4,
        "follow_protection": protection
        or draw(st.sampled_from([p.value for p in FollowProtection])),
        "tractor_min_width": draw(st.sampled_from([2, 2, 3, 4])),
        "tractor_min_length": draw(st.sampled_from([2, 2, 3])),
    }
    variant = draw(variants("shengji", **pins))
    assert isinstance(variant, Variant)
    level = draw(st.sampled_from([r for r in Rank if not r.is_joker]))
    ctx = trump_context(variant, level, draw(st.sampled_from([*Suit, None])))
    key = draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
    counts = [0] * CARD_COUNT
    for _ in range(draw(st.sampled_from((1, 1, 2, 3)))):
        lane = draw(st.sampled_from(lanes))
        width = draw(st.integers(1, 4))
        length = draw(st.integers(1, min(3, len(lane)))) if width > 1 else 1
        start = draw(st.integers(0, len(lane) - length))
        for pos in lane[start : start + length]:
            i = draw(st.sampled_from(pos))
            counts[i] = min(4, counts[i] + width)
    lead = classify(Cards(tuple(counts)), ctx)
    assert lead is not None
    rng = random.Random(draw(st.integers(0, 2**32)))
    suited = [i for lane in lanes for pos in lane for i in pos]
    start = rng.randrange(max(1, len(suited) - 5))
    near = suited[start : start + 6]
    hand = [0] * CARD_COUNT
    budget = max(1, min(12, lead.size + draw(st.integers(-2, 6))))
    while sum(hand) < budget:
        i = rng.choice(near if rng.random() < 0.7 else suited)
        more = rng.randint(2 if heavy else 1, 4)
        hand[i] = min(4, hand[i] + more, hand[i] + budget - sum(hand))
    others = [i for i in range(CARD_COUNT) if ctx.suit_keys[i] != key]
    for i in rng.sample(others, draw(st.integers(0, 3))):
        hand[i] += 1
    return ctx, lead, Cards(tuple(hand))


def reference(lead: Combination, hand: Cards, ctx: Table) -> list[Cards]:
    need = lead.size
    if len(hand) < need:
        return []
    held = Cards(
        tuple(n if ctx.suit_keys[i] == lead.suit_key else 0 for i, n in enumerate(hand.counts))
    )
    if len(held) <= need:
        rest = (hand - held).counts
        plays = [held + Cards(extra) for extra in sub_multisets(rest, need - len(held))]
    else:
        plays = [Cards(c) for c in sub_multisets(held.counts, need)]
    return [p for p in plays if explain_follow_exact(lead, hand, p, ctx) is None]


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(cases())
def test_every_path_agrees_with_the_reference(case: Case) -> None:
    _agree(case)


@SETTINGS
@given(cases("longer_tuples", heavy=True))
def test_protected_holdings_agree_with_the_reference(case: Case) -> None:
    """Hands of many triples and quads: a protected hand may meet its debt in several ways."""
    _agree(case)


def _agree(case: Case) -> None:
    ctx, lead, hand = case
    legal = reference(lead, hand, ctx)
    assert list(iter_follows(lead, hand, ctx)) == legal
    if len(hand) < lead.size:
        return
    held = Cards(
        tuple(n if ctx.suit_keys[i] == lead.suit_key else 0 for i, n in enumerate(hand.counts))
    )
    plays = (
        [Cards(c) for c in sub_multisets(held.counts, lead.size)]
        if len(held) > lead.size
        else legal
    )
    for play in plays[:60]:
        assert explain_follow(lead, hand, play, ctx) == explain_follow_exact(lead, hand, play, ctx)
    with contextlib.suppress(TooManyMovesError):  # past the bound of a protected union
        assert count_follows(lead, hand, ctx) == len(legal)
    family = describe_follows(lead, hand, ctx, 10_000)
    if family.listed is not None:
        assert sorted(c.counts for c in family.listed) == sorted(c.counts for c in legal)
    elif family.count is not None:
        assert family.count == len(legal)
    assert random_follow(lead, hand, ctx, random.Random(7)) in legal
    got = cheapest_follow(lead, hand, ctx)
    assert got in legal

    def price(cards: Cards) -> tuple[int, int]:
        return (
            sum(ctx.point_table[i] * n for i, n in enumerate(cards.counts)),
            sum(ctx.strengths[i] * n for i, n in enumerate(cards.counts)),
        )

    assert got is not None and price(got) == min(price(p) for p in legal)


def _ctx(**overrides: object) -> Table:
    variant = FOUR.replace(**overrides)
    assert isinstance(variant, Variant)
    return trump_context(variant, Rank.TWO, Suit.HEARTS)


@pytest.mark.parametrize(
    ("protection", "lead", "hand", "play", "legal"),
    [
        # 保护: a triple need not be broken for a pair; a pair must still be played
        ("longer_tuples", "5S 5S", "7S 7S 7S 9S 3S", "9S 3S", True),
        ("none", "5S 5S", "7S 7S 7S 9S 3S", "9S 3S", False),
        ("longer_tuples", "5S 5S", "7S 7S 7S 9S 9S 3S", "7S 3S", False),
        # cutting the triple on purpose still follows
        ("longer_tuples", "5S 5S", "7S 7S 7S 9S 9S", "7S 7S", True),
        # only tractors draw tractors: no tractor, no pairs owed
        ("tractor_only", "5S 5S 6S 6S", "8S 8S JS JS 3S 4S", "8S 3S JS 4S", True),
        ("none", "5S 5S 6S 6S", "8S 8S JS JS 3S 4S", "8S 3S JS 4S", False),
        ("tractor_only", "5S 5S", "8S 8S 3S", "8S 3S", False),
        ("suit_only", "5S 5S 6S 6S", "8S 8S 9S 9S 3S 4S", "8S 3S 9S 4S", True),
    ],
)
def test_examples(protection: str, lead: str, hand: str, play: str, legal: bool) -> None:
    ctx = _ctx(follow_protection=protection)
    led = classify(C(lead), ctx)
    assert led is not None
    verdict = explain_follow(led, C(hand), C(play), ctx)
    assert (verdict is None) is legal
    assert verdict == explain_follow_exact(led, C(hand), C(play), ctx)


@pytest.mark.parametrize("how", ["largest", "all", "highest"])
def test_an_equal_ruff_of_a_throw_never_beats(how: str) -> None:
    """SJ-THROW-7: under every throw_beat an over-ruff must be higher; the same cards tie."""
    ctx = _ctx(throw_beat=how)
    lead = classify(C("AS AS KS QS"), ctx)
    ruff = classify(C("5H 5H 7H 9H"), ctx)
    assert lead is not None and ruff is not None
    assert not beats(ruff, ruff, ctx, lead=lead)


@pytest.mark.parametrize(
    ("how", "first", "later", "wins"),
    [
        ("largest", "3H 3H AH KH", "5H 5H 4H 6H", True),
        ("all", "3H 3H AH KH", "5H 5H 4H 6H", False),
        ("all", "3H 3H 7H 6H", "5H 5H 9H 8H", True),
        ("all", "3H 3H 7H 6H", "5H 5H 9H 4H", False),  # 4 against 6: the weaker single loses
        ("highest", "3H 3H AH KH", "5H 5H 4H 6H", False),
        ("highest", "5H 5H 4H 6H", "3H 3H AH KH", True),
    ],
)
def test_ruffs_of_a_throw_compared(how: str, first: str, later: str, wins: bool) -> None:
    ctx = _ctx(throw_beat=how)
    lead = classify(C("AS AS KS QS"), ctx)
    top = classify(C(first), ctx)
    play = classify(C(later), ctx)
    assert lead is not None and top is not None and play is not None
    assert beats(top, play, ctx, lead=lead) is wins
