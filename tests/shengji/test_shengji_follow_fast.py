"""The fast follow paths agree with the exact reference (issue 12).

``explain_follow`` decides common leads by shortcuts and remembers the dynamic programme's answers
per holding; ``explain_follow_exact`` runs the three steps and the programme on every input, with
the runs read position by position. Over any variant, level and trump, on random hands and on
adversarial holdings (most of the hand in the led suit, long tractors, wide tuples with five or
more decks), both must give the same verdict, code, clause and message (which names the piece the
play should have held).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardrules.cards import CARD_COUNT, Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji import load_variant
from cardrules.shengji.combos import Combination, classify
from cardrules.shengji.follow import explain_follow, ladder_for
from cardrules.shengji.follow_fast import ladder_vector
from cardrules.shengji.follow_listing import random_follow
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import Variant
from cardrules.testing.oracles import explain_follow_exact, ladder_vector_exact
from cardrules.testing.strategies import variants

Case = tuple[Table, Combination, Cards, Cards]


def _same(lead: Combination, hand: Cards, play: Cards, ctx: Table) -> None:
    fast = explain_follow(lead, hand, play, ctx)
    exact = explain_follow_exact(lead, hand, play, ctx)
    if exact is None:
        assert fast is None, (str(lead.cards), str(hand), str(play), fast)
        return
    assert fast is not None, (str(lead.cards), str(hand), str(play), exact)
    assert (fast.code, fast.clause, fast.message) == (exact.code, exact.clause, exact.message)


@st.composite
def contexts(draw: st.DrawFn, min_decks: int = 1) -> Table:
    if min_decks > 1:
        variant = draw(variants("shengji", decks=draw(st.integers(min_decks, 8))))
    else:
        variant = draw(variants("shengji"))
    assert isinstance(variant, Variant)
    level = draw(st.sampled_from([r for r in Rank if not r.is_joker]))
    return trump_context(variant, level, draw(st.sampled_from([*Suit, None])))


def _keys(ctx: Table) -> list[int]:
    return [k for k in range(5) if ctx.lanes_of_suit[k]]


@st.composite
def leads(draw: st.DrawFn, ctx: Table, key: int) -> Combination:
    """One piece of any shape (up to four tuples long, widths up to four), or a throw."""
    lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
    decks = ctx.decks
    counts = [0] * CARD_COUNT
    pieces = draw(st.sampled_from((1, 1, 1, 2, 3, 4)))
    for _ in range(pieces):
        lane = draw(st.sampled_from(lanes))
        width = draw(st.integers(1, min(4, decks)))
        longest = min(4 if pieces == 1 else 3, len(lane))
        length = draw(st.integers(1, longest)) if width > 1 else 1
        start = draw(st.integers(0, len(lane) - length))
        for pos in lane[start : start + length]:
            i = draw(st.sampled_from(pos))
            counts[i] = min(decks, counts[i] + width)
    lead = classify(Cards(tuple(counts)), ctx)
    assert lead is not None
    return lead


def _deck(ctx: Table) -> list[int]:
    return [i for i in range(CARD_COUNT) for _ in range(ctx.decks)]


@st.composite
def hands(draw: st.DrawFn, ctx: Table, key: int, need: int) -> Cards:
    """A random hand (a sample of the decks), or an adversarial one: mostly the led suit, long
    runs of tuples in one lane of it, or wide tuples."""
    decks = ctx.decks
    mode = draw(st.sampled_from(("random", "suited", "runs", "wide")))
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = [0] * CARD_COUNT
    suited = list(ctx.cards_of_suit[key])
    if mode == "random":
        deck = _deck(ctx)
        for i in rng.sample(deck, min(len(deck), draw(st.integers(need, 52)))):
            counts[i] += 1
    elif mode == "suited":
        pool = [i for i in suited for _ in range(decks)]
        for i in rng.sample(pool, min(len(pool), draw(st.integers(need, 40)))):
            counts[i] += 1
    elif mode == "runs":
        lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
        for _ in range(draw(st.integers(1, 3))):
            lane = rng.choice(lanes)
            length = rng.randint(1, len(lane))
            start = rng.randrange(len(lane) - length + 1)
            for pos in lane[start : start + length]:
                i = rng.choice(pos)
                top = min(4, decks)
                counts[i] = max(counts[i], rng.randint(min(2, top), top))
    else:
        for i in rng.sample(suited, min(len(suited), draw(st.integers(1, 8)))):
            counts[i] = rng.randint(1, decks)
    for i in rng.sample(range(CARD_COUNT), draw(st.integers(0, 8))):
        counts[i] = min(decks, counts[i] + 1)
    while sum(counts) < need:  # never past the decks' copies, so the hand stays `need` strong
        i = rng.randrange(CARD_COUNT)
        counts[i] += counts[i] < decks
    return Cards(tuple(counts))


def _sample(rng: random.Random, counts: tuple[int, ...], size: int) -> Cards:
    cards = [i for i, n in enumerate(counts) for _ in range(n)]
    out = [0] * CARD_COUNT
    for i in rng.sample(cards, min(size, len(cards))):
        out[i] += 1
    return Cards(tuple(out))


def _plays(lead: Combination, hand: Cards, ctx: Table, rng: random.Random) -> list[Cards]:
    """Candidate plays: legal follows, random cards, random cards of the led suit, the lead
    itself and pieces of its shape cut from the hand, a card too many or too few."""
    need = lead.size
    held = tuple(n if ctx.suit_keys[i] == lead.suit_key else 0 for i, n in enumerate(hand.counts))
    plays = [random_follow(lead, hand, ctx, rng) for _ in range(2)]
    plays += [_sample(rng, hand.counts, need) for _ in range(2)]
    if sum(held) >= need:
        plays += [_sample(rng, held, need) for _ in range(4)]
    plays.append(lead.cards)
    plays.append(_sample(rng, hand.counts, need + 1))
    plays.append(_sample(rng, hand.counts, max(0, need - 1)))
    return plays


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def cases(draw: st.DrawFn, min_decks: int = 1) -> tuple[Table, Combination, Cards, int]:
    ctx = draw(contexts(min_decks))
    key = draw(st.sampled_from(_keys(ctx)))
    lead = draw(leads(ctx, key))
    hand = draw(hands(ctx, key, lead.size))
    return ctx, lead, hand, draw(st.integers(0, 2**32))


@pytest.mark.slow
@SETTINGS
@given(cases())
def test_fast_explain_agrees_with_the_reference(
    case: tuple[Table, Combination, Cards, int],
) -> None:
    ctx, lead, hand, seed = case
    for play in _plays(lead, hand, ctx, random.Random(seed)):
        _same(lead, hand, play, ctx)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(min_decks=5))
def test_fast_explain_agrees_with_five_decks_and_more(
    case: tuple[Table, Combination, Cards, int],
) -> None:
    ctx, lead, hand, seed = case
    for play in _plays(lead, hand, ctx, random.Random(seed)):
        _same(lead, hand, play, ctx)


@pytest.mark.slow
@SETTINGS
@given(cases())
def test_remembered_vectors_agree_with_the_reference(
    case: tuple[Table, Combination, Cards, int],
) -> None:
    ctx, lead, hand, seed = case
    ladder = ladder_for(lead, ctx)
    key = lead.suit_key
    rng = random.Random(seed)
    for cards in [hand, *(_sample(rng, hand.counts, lead.size + k) for k in (0, 2, 5))]:
        assert ladder_vector(cards, ctx, key, ladder) == ladder_vector_exact(
            cards, ctx, key, ladder
        )


def test_five_deck_wide_tuples_and_long_runs() -> None:
    """Fixed adversarial holdings: a five-deck hand of quads and quints in a long run."""
    variant = load_variant("four-deck", overrides={"decks": 5, "kitty": 10})
    ctx = trump_context(variant, Rank.TWO, Suit.SPADES)
    hand = Cards.parse(
        "3H 3H 3H 3H 3H 4H 4H 4H 4H 5H 5H 5H 6H 6H 6H 6H 6H 7H 7H 8H 8H 8H 8H 9H KH", decks=5
    )
    rng = random.Random(5)
    for lead_text in ("JH JH JH JH", "JH JH JH QH QH QH", "JH JH QH QH KH KH AH AH", "AH AH 9H"):
        lead = classify(Cards.parse(lead_text), ctx)
        assert lead is not None
        for play in _plays(lead, hand, ctx, rng):
            _same(lead, hand, play, ctx)
