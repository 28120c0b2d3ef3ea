"""Card order, lanes, combinations and ``beats`` (SJ-TRUMP-n, SJ-UNIT-n, SJ-ORDER-n), under any
variant the validator accepts."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules.shengji as shengji
from cardrules.cards import CARD_COUNT, Card, Rank, Suit, all_cards
from cardrules.multiset import Cards
from cardrules.shengji.combos import (
    Combination,
    beats,
    classify,
    holds_beating_piece,
    iter_placements,
    matches_structure,
    split_throw,
)
from cardrules.shengji.moves import make_move
from cardrules.shengji.order import MAX_WIDTH, TRUMP, Table, trump_context
from cardrules.shengji.variant import Variant
from cardrules.testing.strategies import variants
from cardrules.variant import load_variant

FOUR = load_variant("four-deck", game="shengji")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ctx_of(level: str, trump: str | None, **overrides: object) -> Table:
    variant = FOUR.replace(**overrides) if overrides else FOUR
    assert isinstance(variant, Variant)
    return trump_context(variant, Rank.parse(level), Suit.parse(trump) if trump else None)


@st.composite
def contexts(draw: st.DrawFn) -> Table:
    variant = draw(variants("shengji"))
    assert isinstance(variant, Variant)
    level = draw(st.sampled_from([r for r in Rank if not r.is_joker]))
    return trump_context(variant, level, draw(st.sampled_from([*Suit, None])))


@st.composite
def one_suit_cards(draw: st.DrawFn, ctx: Table, key: int, max_cards: int = 12) -> Cards:
    """Cards of one suit key, clustered in one lane so tractors are common."""
    lanes = [ctx.lanes[i] for i in ctx.lanes_of_suit[key]]
    counts = [0] * CARD_COUNT
    for _ in range(draw(st.integers(1, 4))):
        lane = draw(st.sampled_from(lanes))
        start = draw(st.integers(0, len(lane) - 1))
        width = draw(st.integers(1, min(ctx.decks, MAX_WIDTH)))
        for pos in lane[start : start + draw(st.integers(1, 3))]:
            i = draw(st.sampled_from(pos))
            counts[i] = min(ctx.decks, counts[i] + width)
    while sum(counts) > max_cards:
        i = max(range(CARD_COUNT), key=lambda k: counts[k])
        counts[i] -= 1
    return Cards(tuple(counts))


@st.composite
def context_and_two_plays(draw: st.DrawFn) -> tuple[Table, Combination, Combination]:
    ctx = draw(contexts())
    keys = [k for k in range(5) if ctx.lanes_of_suit[k]]
    a = draw(one_suit_cards(ctx, draw(st.sampled_from(keys))))
    b = draw(one_suit_cards(ctx, draw(st.sampled_from(keys))))
    ca, cb = classify(a, ctx), classify(b, ctx)
    assert ca is not None and cb is not None
    return ctx, ca, cb


# ---------------------------------------------------------------------- order tables
@pytest.mark.slow
@SETTINGS
@given(contexts())
def test_tables_are_consistent(ctx: Table) -> None:
    seen = set()
    for lane_id, lane in enumerate(ctx.lanes):
        for pos, cards in enumerate(lane):
            for i in cards:
                assert i not in seen, "a card sits in two lanes"
                seen.add(i)
                assert ctx.lane_ids[i] == lane_id and ctx.lane_positions[i] == pos
                assert lane_id in ctx.lanes_of_suit[ctx.suit_keys[i]]
    assert seen == set(range(CARD_COUNT))
    trumps = [c for c in all_cards() if ctx.is_trump(c)]
    plains = [c for c in all_cards() if not ctx.is_trump(c)]
    assert all(ctx.strength(t) > ctx.strength(p) for t in trumps for p in plains)
    assert max(trumps, key=ctx.strength) == Card.BIG_JOKER
    for c in all_cards():
        expected_trump = (
            c.is_joker
            or c.rank == ctx.level
            or (c.rank == Rank.TWO and ctx.variant.fixed_twos)
            or c.suit == ctx.trump
        )
        assert ctx.is_trump(c) == expected_trump, c
        assert ctx.suit_key(c) == (TRUMP if expected_trump else c.suit)


@pytest.mark.slow
@SETTINGS
@given(contexts())
def test_lane_order_follows_strength(ctx: Table) -> None:
    """Going up a lane never goes down in strength (classic tiers may hold several strengths)."""
    for lane in ctx.lanes:
        for low, high in itertools.pairwise(lane):
            assert max(ctx.strengths[i] for i in low) < min(ctx.strengths[i] for i in high)


def test_trump_order_level_10_spades() -> None:
    ctx = ctx_of("10", "S")
    order = [
        "BJ",
        "SJ",
        "10S",
        "10H",
        "10C",
        "10D",
        "2S",
        "2H",
        "2C",
        "2D",
        "AS",
        "KS",
        "QS",
        "JS",
        "9S",
        "3S",
    ]
    strengths = [ctx.strength(Card.parse(c)) for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    assert ctx.points(Card.parse("KH")) == 10 and ctx.points(Card.parse("5D")) == 5
    assert ctx.points(Card.parse("QH")) == 0


def test_equal_off_suit_order_ties() -> None:
    ctx = ctx_of("10", "S", off_suit_order="equal")
    assert ctx.strength(Card.parse("10H")) == ctx.strength(Card.parse("10D"))
    assert ctx.strength(Card.parse("2H")) == ctx.strength(Card.parse("2C"))
    assert ctx.strength(Card.parse("10S")) > ctx.strength(Card.parse("10H"))


def test_contexts_are_cached() -> None:
    assert ctx_of("10", "S") is ctx_of("10", "S")
    assert ctx_of("10", None).trump is None


# ---------------------------------------------------------------------- classify
@pytest.mark.slow
@SETTINGS
@given(contexts(), st.data())
def test_classify_reads_every_card(ctx: Table, data: st.DataObject) -> None:
    key = data.draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    cards = data.draw(one_suit_cards(ctx, key))
    combo = classify(cards, ctx)
    assert combo is not None and combo.suit_key == key
    assert sum((p.cards for p in combo.pieces), Cards()) == cards
    for p in combo.pieces:
        assert 1 <= p.width <= MAX_WIDTH
        assert all(n in (0, p.width) for n in p.cards.counts)
        assert p.top == max(ctx.strengths[i] for i, n in enumerate(p.cards.counts) if n)
    if combo.is_throw:
        assert combo.pieces == split_throw(cards, ctx)
        assert combo.name == "throw"
    else:
        assert combo.name in ("single", "pair", "triple", "quad", "tractor")
    # canonical order: tractors (longest first) before tuples (widest first)
    lengths = [p.length for p in combo.pieces]
    tractors = [p for p in combo.pieces if p.length > 1]
    assert lengths[: len(tractors)] == sorted(lengths[: len(tractors)], reverse=True)
    widths = [p.width for p in combo.pieces if p.length == 1]
    assert widths == sorted(widths, reverse=True)


def test_classify_refuses_mixed_and_empty() -> None:
    ctx = ctx_of("10", "S")
    assert classify(Cards(), ctx) is None
    assert classify(Cards.parse("5H 5C"), ctx) is None
    assert classify(Cards.parse("10H 5H"), ctx) is None


# ---------------------------------------------------------------------- beats
@pytest.mark.slow
@SETTINGS
@given(context_and_two_plays())
def test_beats_is_irreflexive_and_asymmetric(
    case: tuple[Table, Combination, Combination],
) -> None:
    ctx, a, b = case
    assert not beats(a, a, ctx)
    assert not (beats(a, b, ctx) and beats(b, a, ctx))
    if a.size != b.size:
        assert not beats(a, b, ctx)
    if beats(a, b, ctx):
        assert b.is_trump or b.suit_key == a.suit_key


@pytest.mark.slow
@SETTINGS
@given(context_and_two_plays())
def test_matches_structure_of_itself(case: tuple[Table, Combination, Combination]) -> None:
    ctx, a, _ = case
    assert matches_structure(a, a, ctx)
    assert matches_structure(a, a.cards, ctx)


def test_ruff_over_ruff_needs_the_lead() -> None:
    ctx = ctx_of("10", "S")

    def c(text: str) -> Combination:
        combo = classify(Cards.parse(text), ctx)
        assert combo is not None
        return combo

    lead, first, second = c("KH KH 9H"), c("3S 3S 5S"), c("AS AS 4S")
    assert beats(lead, first, ctx) and beats(lead, second, ctx)
    assert not beats(first, second, ctx)  # a trump throw on its own is never beaten
    assert beats(first, second, ctx, lead=lead)
    assert not beats(second, first, ctx, lead=lead)


def test_ruffs_of_a_throw_compare_their_best_piece_of_its_biggest_shape() -> None:
    ctx = ctx_of("10", "S")

    def c(text: str) -> Combination:
        combo = classify(Cards.parse(text), ctx)
        assert combo is not None
        return combo

    lead = c("KH KH 9H 9H")  # two pairs, not a tractor
    tractor_ruff, pairs_ruff = c("7S 7S 8S 8S"), c("JS JS 3S 3S")
    assert not tractor_ruff.is_throw and pairs_ruff.is_throw
    assert beats(lead, tractor_ruff, ctx, lead=lead)
    assert beats(tractor_ruff, pairs_ruff, ctx, lead=lead)  # J pair above the 8 pair
    assert not beats(pairs_ruff, tractor_ruff, ctx, lead=lead)
    assert not beats(lead, c("3S 4S 5S 6S"), ctx, lead=lead)  # singles are a discard


def test_trump_ruff_beats_a_wider_plain_follow_in_either_order() -> None:
    """SJ-ORDER-1 before width: on a plain tractor lead, a trump tractor ruff beats the led suit's
    quad on top, and the quad never beats the ruff; a narrower trump never ruffs the lead."""
    ctx = ctx_of("10", "S")

    def c(text: str) -> Combination:
        combo = classify(Cards.parse(text), ctx)
        assert combo is not None
        return combo

    lead, quad, ruff = c("5H 5H 6H 6H"), c("7H 7H 7H 7H"), c("3S 3S 4S 4S")
    assert beats(lead, quad, ctx, lead=lead) and beats(lead, ruff, ctx, lead=lead)
    assert beats(quad, ruff, ctx, lead=lead)
    assert not beats(ruff, quad, ctx, lead=lead)
    assert not beats(quad, ruff, ctx)  # without the lead, the quad on top is the lead


# ---------------------------------------------------------------------- throw check helper
@pytest.mark.slow
@SETTINGS
@given(contexts(), st.data())
def test_holds_beating_piece_matches_brute_force(ctx: Table, data: st.DataObject) -> None:
    key = data.draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    thrown = classify(data.draw(one_suit_cards(ctx, key)), ctx)
    hand = data.draw(one_suit_cards(ctx, key))
    assert thrown is not None
    for piece in thrown.pieces:
        brute = False
        for lane_id in ctx.lanes_of_suit[key]:
            lane = ctx.lanes[lane_id]
            for start in range(len(lane) - piece.length + 1):
                for choice in itertools.product(*lane[start : start + piece.length]):
                    if all(hand.counts[i] >= piece.width for i in choice):
                        brute |= ctx.strengths[choice[-1]] > piece.top
        assert holds_beating_piece(hand, piece, ctx) == brute


@pytest.mark.slow
@SETTINGS
@given(contexts(), st.data())
def test_holds_beating_piece_agrees_with_the_placements(ctx: Table, data: st.DataObject) -> None:
    """The lane walk answers as the placements it does not build: some placement of the piece's
    shape cut from the hand (any suits held, wide holdings, long runs) has a stronger top."""
    key = data.draw(st.sampled_from([k for k in range(5) if ctx.lanes_of_suit[k]]))
    thrown = classify(data.draw(one_suit_cards(ctx, key, max_cards=20)), ctx)
    assert thrown is not None
    held = data.draw(st.lists(st.integers(0, ctx.decks), min_size=CARD_COUNT, max_size=CARD_COUNT))
    hands = [
        Cards(tuple(held)),
        data.draw(one_suit_cards(ctx, key, max_cards=30)) + Cards(tuple(n // 2 for n in held)),
    ]
    for hand in hands:
        for piece in thrown.pieces:
            placed = iter_placements(hand.counts, ctx, key, piece.width, piece.length)
            reference = any(p.top > piece.top for p in placed)
            assert holds_beating_piece(hand, piece, ctx) == reference


def test_the_names_issue_20_renamed_stay_importable_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match="use Table"):
        assert shengji.TrumpContext is shengji.Table
    with pytest.warns(DeprecationWarning, match="use make_move"):
        assert shengji.play_move is make_move
    with pytest.raises(AttributeError):
        _ = shengji.NoSuchName
