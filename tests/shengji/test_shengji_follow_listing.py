"""Listing follows fast (issue 12): ``iter_follows`` lists exactly the plays the reference
accepts, in the fixed order of :func:`~cardrules.shengji.follow_listing.sub_multisets`, and
``cheapest_follow`` returns a legal follow no other legal follow undercuts, for the default cost
and for any cost per card — over any variant, on holdings small enough to enumerate every
choice."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import CARD_COUNT, Card, Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji import cheapest_follow
from cardrules.shengji.combos import Combination, classify
from cardrules.shengji.follow_listing import iter_follows, sub_multisets
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import Variant
from cardrules.testing.oracles import explain_follow_exact
from cardrules.testing.strategies import variants

Case = tuple[Table, Combination, Cards]


@st.composite
def small_cases(draw: st.DrawFn) -> Case:
    variant = draw(variants("shengji"))
    assert isinstance(variant, Variant)
    level = draw(st.sampled_from([r for r in Rank if not r.is_joker]))
    ctx = trump_context(variant, level, draw(st.sampled_from([*Suit, None])))
    key = draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
    decks = ctx.decks
    counts = [0] * CARD_COUNT
    pieces = draw(st.sampled_from((1, 1, 1, 2, 3)))
    for _ in range(pieces):
        lane = draw(st.sampled_from(lanes))
        width = draw(st.integers(1, min(4, decks)))
        length = draw(st.integers(1, min(3, len(lane)))) if width > 1 else 1
        start = draw(st.integers(0, len(lane) - length))
        for pos in lane[start : start + length]:
            i = draw(st.sampled_from(pos))
            counts[i] = min(decks, counts[i] + width)
    lead = classify(Cards(tuple(counts)), ctx)
    assert lead is not None
    rng = random.Random(draw(st.integers(0, 2**32)))
    suited = [i for lane in lanes for pos in lane for i in pos]
    start = rng.randrange(max(1, len(suited) - 5))
    near = suited[start : start + 6]
    hand = [0] * CARD_COUNT
    budget = max(1, min(13, lead.size + draw(st.integers(-2, 7))))
    budget = min(budget, decks * len(suited))  # a small suit of few decks holds no more
    while sum(hand) < budget:
        i = rng.choice(near if rng.random() < 0.6 else suited)
        hand[i] = min(decks, hand[i] + rng.randint(1, 3), hand[i] + budget - sum(hand))
    others = [i for i in range(CARD_COUNT) if ctx.suit_keys[i] != key]
    for i in rng.sample(others, draw(st.integers(0, 4))):
        hand[i] = min(decks, hand[i] + 1)
    return ctx, lead, Cards(tuple(hand))


def reference_follows(lead: Combination, hand: Cards, ctx: Table) -> list[Cards]:
    """Every candidate in the listing's order, kept when the reference accepts it."""
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


SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@SETTINGS
@given(small_cases())
def test_listing_is_the_reference_in_order(case: Case) -> None:
    ctx, lead, hand = case
    assert list(iter_follows(lead, hand, ctx)) == reference_follows(lead, hand, ctx)


@pytest.mark.slow
@SETTINGS
@given(small_cases(), st.lists(st.integers(-50, 50), min_size=CARD_COUNT, max_size=CARD_COUNT))
def test_cheapest_follow_is_legal_and_cheapest(case: Case, prices: list[int]) -> None:
    ctx, lead, hand = case
    legal = reference_follows(lead, hand, ctx)
    if not legal:
        assert cheapest_follow(lead, hand, ctx) is None
        return

    def default(cards: Cards) -> tuple[int, int]:
        return (
            sum(ctx.point_table[i] * n for i, n in enumerate(cards.counts)),
            sum(ctx.strengths[i] * n for i, n in enumerate(cards.counts)),
        )

    got = cheapest_follow(lead, hand, ctx)
    assert got in legal
    assert default(got) == min(default(p) for p in legal)

    def price(card: Card) -> float:
        return prices[card.index]

    def total(cards: Cards) -> float:
        return sum(prices[i] * n for i, n in enumerate(cards.counts))

    got = cheapest_follow(lead, hand, ctx, cost=price)
    assert got in legal
    assert total(got) == min(total(p) for p in legal)


def test_cheapest_follow_examples() -> None:
    ctx = trump_context(_four(), Rank.TEN, Suit.SPADES)
    lead = classify(Cards.parse("5H 5H"), ctx)
    assert lead is not None
    hand = Cards.parse("3H 3H KH KH 4H 9C 9C")
    assert str(cheapest_follow(lead, hand, ctx)) == "3H 3H"
    hand = Cards.parse("3H 9C 9C 4S")
    assert str(cheapest_follow(lead, hand, ctx)) == "3H 9C"  # short of hearts: the plain 9 first
    hand = Cards.parse("5H 5H 6H 6H 8H")
    assert str(cheapest_follow(lead, hand, ctx)) == "6H 6H"


def _four() -> Variant:
    from cardrules.shengji import load_variant

    return load_variant()
